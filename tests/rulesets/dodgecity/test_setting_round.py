"""Setting rounds, the card part of a turn (RULES.md section 6): SET-PLAY, SET-NUMBER, SET-PICTURE,
SET-QUESTION, SET-INDIAN and SET-END.

Most tests deal a 3-player game in which seat 0 holds LADY_7 (so it becomes start player and plays
first), set up the board while the start round is still open (so given stones never count toward
[BUY-3]), then play the start round and let seat 0 play the card under test. Buying itself is
covered in test_buying_and_placing.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

import msgspec
import pytest
from domain.dodgecity.actions import (
    BuyStone,
    Done,
    EndTurn,
    PlaceStone,
    PlayCard,
    RemoveStone,
)
from domain.dodgecity.catalog import CardKind, deck
from domain.dodgecity.decisions import DecisionKind
from domain.dodgecity.figures import Figure
from domain.dodgecity.ruleset import DodgeCityGame
from domain.dodgecity.state import STARTING_MONEY, STONES_PER_COLOUR
from domain.events.base import NO_GAME
from domain.events.dodgecity import (
    BuildingClaimed,
    CardPlayed,
    CardResolved,
    DomainEvent,
    EventCardDrawn,
    EventCardResolved,
    MoneyPaid,
    MoneyReceived,
    Stage,
    StageBegan,
    StoneBought,
    StonePlaced,
    StoneRemoved,
    TurnBegan,
    TurnEnded,
    Variants,
)

from tests.builders import (
    BANDIT_5,
    BANDIT_6,
    BANDIT_7,
    COWBOY_5,
    COWBOY_6,
    COWBOY_7,
    COWBOY_PIC_2,
    COWBOY_PIC_3,
    GUNMAN_5,
    GUNMAN_7,
    INDIAN_1,
    LADY_5,
    LADY_6,
    LADY_7,
    LADY_PIC_2,
    QUESTION_1,
    SHERIFF_5,
    SHERIFF_6,
    SHERIFF_7,
    commit_start,
    money,
    names,
    new_game,
    of_type,
    only,
    refused,
    stones,
    when,
)

E = TypeVar("E", bound=DomainEvent)

# Seat 0's LADY_7 beats the others' start cards: seat 0 is start player.
START_CARDS = {0: LADY_7, 1: COWBOY_5, 2: COWBOY_6}
OTHER_HANDS = {
    1: [COWBOY_5, BANDIT_5, BANDIT_6, BANDIT_7],
    2: [COWBOY_6, SHERIFF_5, SHERIFF_6, SHERIFF_7],
}


# -- helpers ---------------------------------------------------------------------------------------


def deal(
    hand0: Sequence[str] = (),
    *,
    events: Sequence[str] = (),
    variants: Variants | None = None,
) -> DodgeCityGame:
    """Given: a 3-player game in its start round; seat 0 holds LADY_7 and ``hand0``."""
    return new_game(3, hands={0: [LADY_7, *hand0], **OTHER_HANDS}, events=events, variants=variants)


def begin(game: DodgeCityGame) -> list[DomainEvent]:
    """The start round is played; seat 0 begins the first setting round."""
    return commit_start(game, START_CARDS)


def play(game: DodgeCityGame, card: str, seat: int = 0) -> list[DomainEvent]:
    """When: ``seat`` plays ``card`` in its setting turn."""
    return when(game, seat, PlayCard(card=card))


def bare(event: E) -> E:
    """The event without the aggregate's stamp, to compare with an expected event."""
    return msgspec.structs.replace(event, originator_id=NO_GAME, originator_version=0)


def bare_all(events: Iterable[E]) -> list[E]:
    return [bare(e) for e in events]


def decision_kind(game: DodgeCityGame, seat: int = 0) -> DecisionKind:
    (decision,) = [d for d in game.pending() if d.seat == seat]
    return decision.kind


def play_any_turn(game: DodgeCityGame, seat: int) -> list[DomainEvent]:
    """A whole setting turn: a number card if there is one, no stones placed, nothing bought."""
    cards = deck("default_32")
    hand = game.state.players[seat].hand
    card = next((c for c in hand if cards[c].kind is CardKind.NUMBER), hand[0])
    recorded = play(game, card, seat)
    if game.pending() and decision_kind(game, seat) is not DecisionKind.BUY_STONES:
        recorded += when(game, seat, Done())
    return recorded + when(game, seat, EndTurn())


# -- SET-PLAY: one card per turn, clockwise from the start player ----------------------------------


@pytest.mark.rule("SET-PLAY")
@pytest.mark.parametrize(("players", "start"), [(3, 0), (3, 1), (3, 2), (4, 2), (5, 4)])
def test_SET_PLAY_given_a_start_player_when_both_setting_rounds_are_played_then_turns_go_clockwise_from_him(
    players: int, start: int
) -> None:
    low = [COWBOY_5, COWBOY_6, BANDIT_5, BANDIT_6, SHERIFF_5]
    start_cards = {seat: LADY_7 if seat == start else low[seat] for seat in range(players)}
    game = new_game(players, hands={seat: [card] for seat, card in start_cards.items()})
    recorded = commit_start(game, start_cards)

    while game.pending() and decision_kind(game, game.pending()[0].seat) is DecisionKind.PLAY_CARD:
        recorded += play_any_turn(game, game.pending()[0].seat)

    round_2 = next(i for i, e in enumerate(recorded) if isinstance(e, StageBegan) and e.stage is Stage.SETTING_ROUND_2)
    clockwise = [(start + i) % players for i in range(players)]
    assert [e.seat for e in of_type(recorded[:round_2], TurnBegan)] == clockwise
    assert [e.seat for e in of_type(recorded[round_2:], TurnBegan)] == clockwise
    assert Stage.DUEL_ROUND in [e.stage for e in of_type(recorded[round_2:], StageBegan)]


@pytest.mark.rule("SET-PLAY")
def test_SET_PLAY_given_a_setting_turn_begins_when_asked_then_only_playing_a_card_is_possible() -> None:
    game = deal([LADY_5, COWBOY_PIC_3, INDIAN_1])
    begin(game)

    assert decision_kind(game) is DecisionKind.PLAY_CARD
    assert game.legal_actions(0) == [PlayCard(card=c) for c in [LADY_5, COWBOY_PIC_3, INDIAN_1]]
    refused(game, 0, BuyStone(building="saloon", row=1, col=1, figure=Figure.COWBOY), "PASS-ORDER")
    refused(game, 0, EndTurn(), "PASS-ORDER")


@pytest.mark.rule("SET-PLAY")
def test_SET_PLAY_given_a_card_was_played_when_asked_again_then_no_second_card_can_be_played() -> None:
    game = deal([LADY_5, LADY_6, GUNMAN_5])
    begin(game)

    play(game, LADY_5)

    assert decision_kind(game) is DecisionKind.BUY_STONES
    assert not [a for a in game.legal_actions(0) if isinstance(a, PlayCard)]
    refused(game, 0, PlayCard(card=LADY_6), "PASS-ONE-CARD")
    assert game.state.players[0].hand == [LADY_6, GUNMAN_5]


# -- SET-NUMBER ------------------------------------------------------------------------------------


@pytest.mark.rule("SET-NUMBER")
@pytest.mark.parametrize(
    ("card", "amount"),
    [(LADY_5, 500), (LADY_6, 600), (GUNMAN_7, 700), (COWBOY_7, 700), (GUNMAN_5, 500)],
)
def test_SET_NUMBER_given_a_number_card_when_played_then_the_bank_pays_its_value_times_100_whatever_its_figure(
    card: str, amount: int
) -> None:
    game = deal([card])
    begin(game)

    recorded = play(game, card)

    assert names(recorded) == ["CardPlayed", "MoneyReceived", "CardResolved"]
    assert bare(only(recorded, MoneyReceived)) == MoneyReceived(seat=0, amount=amount, cause=card)
    assert only(recorded, CardResolved).forfeited == 0
    assert game.state.players[0].money == STARTING_MONEY + amount
    assert decision_kind(game) is DecisionKind.BUY_STONES


# -- SET-PICTURE -----------------------------------------------------------------------------------


@pytest.mark.rule("SET-PICTURE")
def test_SET_PICTURE_given_a_claimed_building_of_its_figure_when_placing_then_the_dots_become_free_stones_there() -> None:
    game = deal([COWBOY_PIC_3])
    stones(game, 1, "saloon", [(0, 1)], Figure.COWBOY)
    begin(game)

    recorded = play(game, COWBOY_PIC_3)
    assert game.pending()[0].kind is DecisionKind.PLACE_PICTURE_STONES
    assert game.pending()[0].remaining == 3
    for cell in [(1, 1), (3, 3), (4, 4)]:
        recorded += when(game, 0, PlaceStone(building="saloon", row=cell[0], col=cell[1]))

    assert bare_all(of_type(recorded, StonePlaced)) == [
        StonePlaced(seat=0, building="saloon", cell=cell, cause=COWBOY_PIC_3) for cell in [(1, 1), (3, 3), (4, 4)]
    ]
    assert bare(only(recorded, CardResolved)) == CardResolved(seat=0, card=COWBOY_PIC_3, forfeited=0)
    assert not of_type(recorded, StoneBought)
    assert not of_type(recorded, MoneyPaid)
    assert game.state.players[0].money == STARTING_MONEY
    assert decision_kind(game) is DecisionKind.BUY_STONES


@pytest.mark.rule("SET-PICTURE")
def test_SET_PICTURE_given_two_buildings_of_its_figure_when_the_second_stone_goes_elsewhere_then_refused() -> None:
    game = deal([COWBOY_PIC_3])
    stones(game, 1, "saloon", [(0, 1)], Figure.COWBOY)
    stones(game, 2, "post", [(0, 0)], Figure.COWBOY)
    begin(game)
    play(game, COWBOY_PIC_3)

    when(game, 0, PlaceStone(building="saloon", row=1, col=1))

    refused(game, 0, PlaceStone(building="post", row=1, col=1), "SET-PICTURE")
    assert {a.building for a in game.legal_actions(0) if isinstance(a, PlaceStone)} == {"saloon"}


@pytest.mark.rule("SET-PICTURE")
def test_SET_PICTURE_given_the_original_rules_when_placing_into_an_unclaimed_building_then_refused() -> None:
    game = deal([COWBOY_PIC_3])
    stones(game, 1, "saloon", [(0, 1)], Figure.COWBOY)
    begin(game)
    play(game, COWBOY_PIC_3)

    refused(game, 0, PlaceStone(building="hotel", row=0, col=0, figure=Figure.COWBOY), "SET-PICTURE")
    assert {a.building for a in game.legal_actions(0) if isinstance(a, PlaceStone)} == {"saloon"}
    assert game.state.buildings["hotel"].figure is None


@pytest.mark.rule("SET-PICTURE")
def test_SET_PICTURE_given_a_building_of_another_figure_when_placing_there_then_refused() -> None:
    game = deal([COWBOY_PIC_3])
    stones(game, 1, "saloon", [(0, 1)], Figure.COWBOY)
    stones(game, 2, "post", [(0, 0)], Figure.LADY)
    begin(game)
    play(game, COWBOY_PIC_3)

    refused(game, 0, PlaceStone(building="post", row=1, col=1), "SET-PICTURE")


@pytest.mark.rule("SET-PICTURE")
def test_SET_PICTURE_given_some_stones_placed_when_done_then_the_rest_is_forfeited_and_buying_follows() -> None:
    game = deal([COWBOY_PIC_3])
    stones(game, 1, "saloon", [(0, 1)], Figure.COWBOY)
    begin(game)
    play(game, COWBOY_PIC_3)
    when(game, 0, PlaceStone(building="saloon", row=1, col=1))

    recorded = when(game, 0, Done())

    assert bare_all(recorded) == [CardResolved(seat=0, card=COWBOY_PIC_3, forfeited=2)]
    assert game.state.buildings["saloon"].stones == {(0, 1): 1, (1, 1): 0}
    assert decision_kind(game) is DecisionKind.BUY_STONES


@pytest.mark.rule("SET-PICTURE")
def test_SET_PICTURE_given_no_building_of_its_figure_when_played_then_all_stones_are_forfeited_and_the_card_counts_as_played() -> None:
    game = deal([COWBOY_PIC_3, LADY_5])
    stones(game, 1, "saloon", [(0, 1)], Figure.LADY)  # claimed, but not for cowboys
    begin(game)

    recorded = play(game, COWBOY_PIC_3)

    assert names(recorded) == ["CardPlayed", "CardResolved"]
    assert bare(only(recorded, CardResolved)) == CardResolved(seat=0, card=COWBOY_PIC_3, forfeited=3)
    assert COWBOY_PIC_3 not in game.state.players[0].hand
    assert game.state.discard[-1].card == COWBOY_PIC_3
    assert game.state.discard[-1].face_up
    assert game.state.players[0].on_board == 0
    assert decision_kind(game) is DecisionKind.BUY_STONES
    assert not [a for a in game.legal_actions(0) if isinstance(a, PlayCard)]


@pytest.mark.rule("SET-PICTURE")
def test_SET_PICTURE_given_variant_picture_may_claim_when_placing_into_an_unclaimed_building_then_it_is_claimed_for_the_cards_figure() -> (
    None
):
    game = deal([COWBOY_PIC_2], variants=Variants(picture_may_claim=True))
    begin(game)

    recorded = play(game, COWBOY_PIC_2)
    recorded += when(game, 0, PlaceStone(building="hotel", row=0, col=0))
    recorded += when(game, 0, PlaceStone(building="hotel", row=3, col=6))

    assert names(recorded) == [
        "CardPlayed",
        "BuildingClaimed",
        "StonePlaced",
        "StonePlaced",
        "CardResolved",
    ]
    assert bare(only(recorded, BuildingClaimed)) == BuildingClaimed(seat=0, building="hotel", figure=Figure.COWBOY)
    assert game.state.buildings["hotel"].figure is Figure.COWBOY
    assert game.state.symbol_discs_used[Figure.COWBOY] == 1


@pytest.mark.rule("SET-PICTURE")
def test_SET_PICTURE_given_variant_picture_may_claim_when_the_second_stone_goes_to_another_building_then_refused() -> None:
    game = deal([COWBOY_PIC_3], variants=Variants(picture_may_claim=True))
    begin(game)
    play(game, COWBOY_PIC_3)
    when(game, 0, PlaceStone(building="hotel", row=0, col=0))

    refused(game, 0, PlaceStone(building="saloon", row=1, col=1), "SET-PICTURE")
    assert game.state.buildings["saloon"].figure is None


@pytest.mark.rule("SET-PICTURE")
def test_SET_PICTURE_given_variant_picture_may_claim_when_naming_another_figure_then_refused() -> None:
    game = deal([COWBOY_PIC_3], variants=Variants(picture_may_claim=True))
    begin(game)
    play(game, COWBOY_PIC_3)

    refused(game, 0, PlaceStone(building="hotel", row=0, col=0, figure=Figure.LADY), "SET-PICTURE")


@pytest.mark.rule("SET-PICTURE")
def test_SET_PICTURE_given_a_lady_picture_and_only_unclaimed_buildings_when_played_without_the_variant_then_forfeited() -> None:
    game = deal([LADY_PIC_2])
    begin(game)

    recorded = play(game, LADY_PIC_2)

    assert bare(only(recorded, CardResolved)) == CardResolved(seat=0, card=LADY_PIC_2, forfeited=2)
    assert all(b.figure is None for b in game.state.buildings.values())


# -- SET-QUESTION ----------------------------------------------------------------------------------


@pytest.mark.rule("SET-QUESTION")
def test_SET_QUESTION_given_a_question_card_when_played_then_an_event_is_drawn_and_resolved_before_buying() -> None:
    game = deal([QUESTION_1], events=["E20"])  # E20: the bank pays you $400
    begin(game)

    recorded = play(game, QUESTION_1)

    assert names(recorded) == [
        "CardPlayed",
        "EventCardDrawn",
        "MoneyReceived",
        "EventEffectEnded",
        "EventCardResolved",
        "CardResolved",
    ]
    assert bare(only(recorded, EventCardDrawn)) == EventCardDrawn(seat=0, event="E20")
    assert bare(only(recorded, MoneyReceived)) == MoneyReceived(seat=0, amount=400, cause="E20")
    assert only(recorded, CardResolved).card == QUESTION_1
    assert game.state.players[0].money == STARTING_MONEY + 400
    assert decision_kind(game) is DecisionKind.BUY_STONES


@pytest.mark.rule("SET-QUESTION")
def test_SET_QUESTION_given_an_event_that_needs_a_decision_when_drawn_then_buying_waits_until_it_is_resolved() -> None:
    game = deal([QUESTION_1], events=["E03"])  # E03: a free gunman in one building
    begin(game)

    recorded = play(game, QUESTION_1)

    assert names(recorded) == ["CardPlayed", "EventCardDrawn"]
    assert decision_kind(game) is DecisionKind.PLACE_EVENT_STONES
    assert not [a for a in game.legal_actions(0) if isinstance(a, (BuyStone, EndTurn))]
    refused(game, 0, EndTurn(), "PASS-ORDER")

    recorded = when(game, 0, PlaceStone(building="saloon", row=1, col=1, figure=Figure.GUNMAN))

    assert names(recorded)[-2:] == ["EventCardResolved", "CardResolved"]
    assert bare(only(recorded, StonePlaced)) == StonePlaced(seat=0, building="saloon", cell=(1, 1), cause="E03")
    assert decision_kind(game) is DecisionKind.BUY_STONES


@pytest.mark.rule("SET-QUESTION")
def test_SET_QUESTION_given_a_question_card_when_played_then_its_owner_draws_the_top_event_card() -> None:
    game = deal([QUESTION_1], events=["E28", "E20"])  # E28: the herd earns you $300
    begin(game)

    recorded = play(game, QUESTION_1)

    assert bare_all(of_type(recorded, EventCardDrawn)) == [EventCardDrawn(seat=0, event="E28")]
    assert bare_all(of_type(recorded, EventCardResolved)) == [EventCardResolved(seat=0, event="E28")]
    assert game.state.event_pile[0] == "E20"
    assert game.state.players[0].money == STARTING_MONEY + 300


# -- SET-INDIAN ------------------------------------------------------------------------------------


def indian_board(game: DodgeCityGame) -> DodgeCityGame:
    """Given: seat 1 has three stones in the saloon, seat 2 two in the post office, seat 0 one."""
    stones(game, 1, "saloon", [(0, 1), (1, 1), (2, 1)], Figure.COWBOY)
    stones(game, 2, "post", [(0, 0), (0, 1)], Figure.LADY)
    stones(game, 0, "saloon", [(4, 4)])
    return game


@pytest.mark.rule("SET-INDIAN")
def test_SET_INDIAN_given_opposing_stones_when_removing_three_of_any_colours_and_buildings_then_they_go_home_without_refund() -> None:
    game = indian_board(deal([INDIAN_1]))
    begin(game)
    money_before = [p.money for p in game.state.players]

    recorded = play(game, INDIAN_1)
    assert game.pending()[0].kind is DecisionKind.REMOVE_OPPOSING_STONES
    assert game.pending()[0].remaining == 3
    recorded += when(game, 0, RemoveStone(building="saloon", row=1, col=1))
    recorded += when(game, 0, RemoveStone(building="post", row=0, col=1))
    recorded += when(game, 0, RemoveStone(building="saloon", row=0, col=1))

    assert bare_all(of_type(recorded, StoneRemoved)) == [
        StoneRemoved(by=0, owner=1, building="saloon", cell=(1, 1), cause=INDIAN_1),
        StoneRemoved(by=0, owner=2, building="post", cell=(0, 1), cause=INDIAN_1),
        StoneRemoved(by=0, owner=1, building="saloon", cell=(0, 1), cause=INDIAN_1),
    ]
    assert bare(only(recorded, CardResolved)) == CardResolved(seat=0, card=INDIAN_1, forfeited=0)
    assert not of_type(recorded, MoneyReceived)
    assert not of_type(recorded, MoneyPaid)
    assert [p.money for p in game.state.players] == money_before
    assert game.state.players[1].on_board == 1
    assert game.state.players[1].supply == STONES_PER_COLOUR - 1
    assert game.state.players[2].on_board == 1
    assert game.state.buildings["saloon"].stones == {(2, 1): 1, (4, 4): 0}
    assert game.state.buildings["post"].stones == {(0, 0): 2}


@pytest.mark.rule("SET-INDIAN")
def test_SET_INDIAN_given_three_stones_removed_when_opposing_stones_remain_then_no_fourth_is_removed() -> None:
    game = indian_board(deal([INDIAN_1]))
    begin(game)
    play(game, INDIAN_1)
    when(game, 0, RemoveStone(building="saloon", row=1, col=1))
    when(game, 0, RemoveStone(building="saloon", row=0, col=1))

    recorded = when(game, 0, RemoveStone(building="post", row=0, col=0))

    assert names(recorded) == ["StoneRemoved", "CardResolved"]
    assert decision_kind(game) is DecisionKind.BUY_STONES
    refused(game, 0, RemoveStone(building="saloon", row=2, col=1), "PASS-ORDER")
    assert game.state.buildings["saloon"].stones[(2, 1)] == 1


@pytest.mark.rule("SET-INDIAN")
def test_SET_INDIAN_given_an_indian_when_removing_own_stone_then_refused() -> None:
    game = indian_board(deal([INDIAN_1]))
    begin(game)
    play(game, INDIAN_1)

    refused(game, 0, RemoveStone(building="saloon", row=4, col=4), "SET-INDIAN")
    assert RemoveStone(building="saloon", row=4, col=4) not in game.legal_actions(0)
    assert game.state.buildings["saloon"].stones[(4, 4)] == 0


@pytest.mark.rule("SET-INDIAN")
def test_SET_INDIAN_given_an_indian_when_removing_from_an_empty_field_then_refused() -> None:
    game = indian_board(deal([INDIAN_1]))
    begin(game)
    play(game, INDIAN_1)

    refused(game, 0, RemoveStone(building="saloon", row=3, col=3), "SET-INDIAN")


@pytest.mark.rule("SET-INDIAN")
def test_SET_INDIAN_given_an_indian_when_asked_then_every_opposing_stone_and_done_are_offered() -> None:
    game = indian_board(deal([INDIAN_1]))
    begin(game)
    play(game, INDIAN_1)

    assert set(game.legal_actions(0)) == {
        RemoveStone(building="saloon", row=0, col=1),
        RemoveStone(building="saloon", row=1, col=1),
        RemoveStone(building="saloon", row=2, col=1),
        RemoveStone(building="post", row=0, col=0),
        RemoveStone(building="post", row=0, col=1),
        Done(),
    }


@pytest.mark.rule("SET-INDIAN")
def test_SET_INDIAN_given_one_stone_removed_when_done_then_the_card_is_resolved_with_two_unused() -> None:
    game = indian_board(deal([INDIAN_1]))
    begin(game)
    play(game, INDIAN_1)
    when(game, 0, RemoveStone(building="post", row=0, col=0))

    recorded = when(game, 0, Done())

    assert bare_all(recorded) == [CardResolved(seat=0, card=INDIAN_1, forfeited=2)]
    assert len(game.state.buildings["saloon"].stones) == 4
    assert decision_kind(game) is DecisionKind.BUY_STONES


@pytest.mark.rule("SET-INDIAN")
def test_SET_INDIAN_given_no_opposing_stone_on_the_board_when_played_then_it_removes_nothing() -> None:
    game = deal([INDIAN_1])
    stones(game, 0, "saloon", [(4, 4)], Figure.COWBOY)
    begin(game)

    recorded = play(game, INDIAN_1)

    assert names(recorded) == ["CardPlayed", "CardResolved"]
    assert only(recorded, CardResolved).forfeited == 3
    assert game.state.buildings["saloon"].stones == {(4, 4): 0}
    assert decision_kind(game) is DecisionKind.BUY_STONES


# -- SET-END ---------------------------------------------------------------------------------------


@pytest.mark.rule("SET-END")
def test_SET_END_given_a_played_card_when_ending_the_turn_without_buying_then_the_next_player_begins() -> None:
    game = deal([LADY_5])
    begin(game)
    play(game, LADY_5)

    recorded = when(game, 0, EndTurn())

    assert bare_all(recorded) == [TurnEnded(seat=0), TurnBegan(seat=1)]
    assert game.state.players[0].on_board == 0
    assert game.state.players[0].money == STARTING_MONEY + 500
    assert decision_kind(game, 1) is DecisionKind.PLAY_CARD


@pytest.mark.rule("SET-END")
def test_SET_END_given_no_money_when_asked_to_buy_then_ending_the_turn_is_the_only_choice() -> None:
    game = deal([INDIAN_1])
    begin(game)
    play(game, INDIAN_1)  # nothing to remove, and no money from the card
    money(game, 0, 0)

    assert game.legal_actions(0) == [EndTurn()]
    assert bare_all(when(game, 0, EndTurn())) == [TurnEnded(seat=0), TurnBegan(seat=1)]


@pytest.mark.rule("SET-END")
def test_SET_END_given_stones_bought_when_ending_the_turn_then_they_stay_and_the_turn_passes() -> None:
    game = deal([LADY_5])
    begin(game)
    play(game, LADY_5)
    when(game, 0, BuyStone(building="saloon", row=1, col=1, figure=Figure.COWBOY))

    recorded = when(game, 0, EndTurn())

    assert names(recorded) == ["TurnEnded", "TurnBegan"]
    assert game.state.buildings["saloon"].stones == {(1, 1): 0}
    assert game.state.turn == 1


@pytest.mark.rule("SET-PLAY")
def test_SET_PLAY_given_a_card_is_played_then_it_is_recorded_face_up() -> None:
    game = deal([LADY_5])
    begin(game)

    recorded = play(game, LADY_5)

    assert bare(recorded[0]) == CardPlayed(seat=0, card=LADY_5)
    assert any(d.card == LADY_5 and d.face_up for d in game.state.discard)
