"""Event cards (RULES.md section 9, events.json): every one of the 32 cards E01..E32, and the
general event rules EVENT-RESOLVE, EVENT-POSSIBLE, EVENT-MANDATORY, EVENT-STONES, EVENT-TRANSFER,
EVENT-ABSENT, EVENT-CARD and EVENT-BIRTHDAY.

Most tests arrange the event card on top of the event pile, give seat 0 the LADY_7 (so it becomes
start player) and a "?", set up stones and cash while the start round is still open (so given
stones never count toward [BUY-3]), then let seat 0 play the "?" in its first setting turn.
Forced sales ([EVENT-SELL]) are covered in test_forced_sale.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

import msgspec
import pytest
from domain.dodgecity.actions import (
    BuyStone,
    Challenge,
    ChooseRecipient,
    Done,
    EndTurn,
    GiveStone,
    PlaceStone,
    PlayCard,
    RemoveStone,
)
from domain.dodgecity.catalog import BUILDINGS
from domain.dodgecity.decisions import Decision, DecisionKind
from domain.dodgecity.figures import Figure
from domain.dodgecity.ruleset import DodgeCityGame
from domain.dodgecity.state import STONES_PER_COLOUR, BuildingStatus
from domain.errors import RuleViolation
from domain.events.base import NO_GAME
from domain.events.dodgecity import (
    BuildingClaimed,
    BuildingNeutralised,
    CardsDiscarded,
    CardsDrawn,
    DomainEvent,
    DuelFought,
    EffectOutcome,
    EventCardDrawn,
    EventCardResolved,
    EventEffectEnded,
    EventPileShuffled,
    MoneyPaid,
    MoneyReceived,
    PassBegan,
    RecipientChosen,
    Stage,
    StageBegan,
    StoneBought,
    StonePlaced,
    StoneRemoved,
    StoneTransferred,
    TurnBegan,
)

from tests.builders import (
    BANDIT_5,
    BANDIT_6,
    BANDIT_7,
    COWBOY_5,
    COWBOY_6,
    COWBOY_7,
    GUNMAN_7,
    LADY_5,
    LADY_7,
    QUESTION_1,
    QUESTION_2,
    SHERIFF_5,
    SHERIFF_6,
    SHERIFF_7,
    commit_start,
    given,
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
Cell = tuple[int, int]

# Start-round cards: seat 0's LADY_7 beats all, so seat 0 is start player and plays first.
START_CARDS = {0: LADY_7, 1: COWBOY_5, 2: COWBOY_6, 3: COWBOY_7, 4: SHERIFF_5}
# A number card every other seat can play in its first setting turn.
NUMBER_CARDS = {1: BANDIT_5, 2: BANDIT_6, 3: BANDIT_7, 4: SHERIFF_6}


# -- helpers -------------------------------------------------------------------------------------


def event_game(event: str, players: int = 3, *, draw_next: Sequence[str] = ()) -> DodgeCityGame:
    """Given: a new game in its start round; ``event`` is on top of the event pile; seat 0 holds
    LADY_7 and QUESTION_1, every other seat a low start card and a number card."""
    hands = {seat: [START_CARDS[seat], NUMBER_CARDS[seat]] for seat in range(1, players)}
    hands[0] = [LADY_7, QUESTION_1]
    return new_game(players, hands=hands, events=[event], draw_next=draw_next)


def start_round(game: DodgeCityGame) -> list[DomainEvent]:
    """The start round is played: seat 0 becomes start player and begins its setting turn."""
    return commit_start(game, {seat: START_CARDS[seat] for seat in range(len(game.state.players))})


def play_question(game: DodgeCityGame) -> list[DomainEvent]:
    """When: after the start round, seat 0 plays its "?" in its setting turn (draws the event)."""
    start_round(game)
    return when(game, 0, PlayCard(card=QUESTION_1))


def question_in_start_round(game: DodgeCityGame) -> list[DomainEvent]:
    """When: seat 0 commits its "?" in the start round (another seat becomes start player)."""
    cards = {seat: START_CARDS[seat] for seat in range(len(game.state.players))}
    cards[0] = QUESTION_1
    return commit_start(game, cards)


def plain(event: E) -> E:
    """The event without its stamp (originator id and version), to compare by value."""
    return msgspec.structs.replace(event, originator_id=NO_GAME, originator_version=0)


def plains(events: Iterable[E]) -> list[E]:
    return [plain(e) for e in events]


def outcomes(events: Iterable[DomainEvent], event: str) -> list[EffectOutcome]:
    return [e.outcome for e in of_type(events, EventEffectEnded) if e.event == event]


def decision(game: DodgeCityGame) -> Decision:
    pending = game.pending()
    assert len(pending) == 1, pending
    return pending[0]


def owner_at(game: DodgeCityGame, building: str, cell: Cell) -> int | None:
    return game.state.buildings[building].stones.get(cell)


def cash(game: DodgeCityGame, seat: int) -> int:
    return game.state.players[seat].money


def place(game: DodgeCityGame, building: str, cell: Cell, figure: Figure | None = None) -> list[DomainEvent]:
    return when(game, 0, PlaceStone(building=building, row=cell[0], col=cell[1], figure=figure))


def checkerboard(building: str, skip: Iterable[Cell] = ()) -> dict[int, list[Cell]]:
    """The building's fields (minus ``skip``) split between seats 1 and 2 like a checkerboard: no
    two stones of one colour are adjacent, so neither seat controls the building."""
    left_out = set(skip)
    cells = sorted(c for c in BUILDINGS[building].fields if c not in left_out)
    return {
        1: [c for c in cells if (c[0] + c[1]) % 2 == 0],
        2: [c for c in cells if (c[0] + c[1]) % 2 == 1],
    }


def assert_pays_bank(event: str, amount: int) -> None:
    game = event_game(event)
    events = play_question(game)
    assert plains(of_type(events, MoneyPaid)) == [MoneyPaid(seat=0, amount=amount, to=None, waived=0, cause=event)]
    assert cash(game, 0) == 2000 - amount
    assert cash(game, 1) == cash(game, 2) == 2000
    assert outcomes(events, event) == [EffectOutcome.DONE]
    assert decision(game).kind is DecisionKind.BUY_STONES


def assert_gains(event: str, amount: int) -> None:
    game = event_game(event)
    events = play_question(game)
    card_income = [e for e in of_type(events, MoneyReceived) if e.cause == event]
    assert plains(card_income) == [MoneyReceived(seat=0, amount=amount, cause=event)]
    assert cash(game, 0) == 2000 + amount
    assert outcomes(events, event) == [EffectOutcome.DONE]


# -- EVENT-RESOLVE: the drawer resolves the card completely, at once ---------------------------


@pytest.mark.rule("EVENT-RESOLVE")
def test_EVENT_RESOLVE_E01_given_setting_turn_when_drawn_then_resolved_before_buying() -> None:
    game = event_game("E01")

    events = play_question(game)

    assert names(events) == [
        "CardPlayed",
        "EventCardDrawn",
        "MoneyPaid",
        "EventEffectEnded",
        "EventCardResolved",
        "CardResolved",
    ]
    assert plain(only(events, EventCardDrawn)) == EventCardDrawn(seat=0, event="E01")
    assert plain(only(events, EventCardResolved)) == EventCardResolved(seat=0, event="E01")
    assert game.state.event_discard == ["E01"]
    assert decision(game) == Decision(seat=0, kind=DecisionKind.BUY_STONES)


@pytest.mark.rule("EVENT-RESOLVE")
def test_EVENT_RESOLVE_E22_given_start_round_when_drawn_then_resolved_before_setting() -> None:
    game = event_game("E22")

    events = question_in_start_round(game)

    # seat 2 (COWBOY_6) is start player, but seat 0's event comes first and waits for seat 0 only
    assert game.state.start_player == 2
    assert names(events)[-2:] == ["StartPlayerChosen", "EventCardDrawn"]
    assert game.state.stage is Stage.START_ROUND
    assert decision(game) == Decision(seat=0, kind=DecisionKind.PLACE_EVENT_STONES, event="E22", remaining=2)
    assert game.legal_actions(1) == []
    assert game.legal_actions(2) == []
    with pytest.raises(RuleViolation):
        game.act(2, PlayCard(card=NUMBER_CARDS[2]))

    place(game, "hotel", (0, 0), Figure.SHERIFF)
    events = place(game, "hotel", (0, 1))

    assert names(events) == [
        "StonePlaced",
        "EventEffectEnded",
        "EventCardResolved",
        "StageBegan",
        "TurnBegan",
    ]
    assert plain(only(events, StageBegan)) == StageBegan(stage=Stage.SETTING_ROUND_1)
    assert plain(only(events, TurnBegan)) == TurnBegan(seat=2)


@pytest.mark.rule("EVENT-RESOLVE")
def test_EVENT_RESOLVE_E29_given_event_decision_when_another_seat_acts_then_refused() -> None:
    game = event_game("E29")
    stones(game, 0, "saloon", [(1, 0)])
    stones(game, 1, "saloon", [(1, 1)])
    play_question(game)
    game.collect_events()

    with pytest.raises(RuleViolation):
        game.act(1, RemoveStone(building="saloon", row=1, col=0))

    assert game.collect_events() == []
    assert owner_at(game, "saloon", (1, 0)) == 0
    assert decision(game).seat == 0


# -- payments to the bank ----------------------------------------------------------------------


@pytest.mark.rule("EVENT-RESOLVE")
def test_EVENT_RESOLVE_E01_given_2000_when_drawn_then_pays_the_bank_400() -> None:
    assert_pays_bank("E01", 400)


@pytest.mark.rule("EVENT-RESOLVE")
def test_EVENT_RESOLVE_E07_given_2000_when_drawn_then_pays_the_bank_400() -> None:
    assert_pays_bank("E07", 400)


@pytest.mark.rule("EVENT-RESOLVE")
def test_EVENT_RESOLVE_E08_given_2000_when_drawn_then_pays_the_bank_500() -> None:
    assert_pays_bank("E08", 500)


@pytest.mark.rule("EVENT-RESOLVE")
def test_EVENT_RESOLVE_E14_given_no_gunman_when_drawn_then_still_pays_the_bank_200() -> None:
    assert_pays_bank("E14", 200)


@pytest.mark.rule("EVENT-RESOLVE")
def test_EVENT_RESOLVE_E16_given_2000_when_drawn_then_pays_the_bank_600() -> None:
    assert_pays_bank("E16", 600)


@pytest.mark.rule("EVENT-RESOLVE")
def test_EVENT_RESOLVE_E17_given_2000_when_drawn_then_pays_the_bank_500() -> None:
    assert_pays_bank("E17", 500)


@pytest.mark.rule("EVENT-RESOLVE")
def test_EVENT_RESOLVE_E26_given_2000_when_drawn_then_pays_the_bank_300() -> None:
    assert_pays_bank("E26", 300)


@pytest.mark.rule("EVENT-RESOLVE")
def test_EVENT_RESOLVE_E32_given_2000_when_drawn_then_pays_the_bank_500() -> None:
    assert_pays_bank("E32", 500)


# -- gains from the bank -----------------------------------------------------------------------


@pytest.mark.rule("EVENT-RESOLVE")
def test_EVENT_RESOLVE_E20_when_drawn_then_bank_pays_400() -> None:
    assert_gains("E20", 400)


@pytest.mark.rule("EVENT-RESOLVE")
def test_EVENT_RESOLVE_E25_given_no_gunman_when_drawn_then_bank_still_pays_800() -> None:
    assert_gains("E25", 800)


@pytest.mark.rule("EVENT-RESOLVE")
def test_EVENT_RESOLVE_E28_when_drawn_then_bank_pays_300() -> None:
    assert_gains("E28", 300)


# -- EVENT-CARD: E05 and E24 ------------------------------------------------------------------


@pytest.mark.rule("EVENT-CARD")
def test_EVENT_CARD_E05_given_setting_turn_when_drawn_then_pays_100_and_draws_a_card() -> None:
    game = event_game("E05", draw_next=[LADY_5])

    events = play_question(game)

    assert plains(of_type(events, MoneyPaid)) == [MoneyPaid(seat=0, amount=100, to=None, waived=0, cause="E05")]
    assert plains(of_type(events, CardsDrawn)) == [CardsDrawn(seat=0, cards=(LADY_5,), cause="E05")]
    assert outcomes(events, "E05") == [EffectOutcome.DONE, EffectOutcome.DONE]
    assert cash(game, 0) == 1900
    assert LADY_5 in game.state.players[0].hand
    assert len(game.state.players[0].hand) == 3  # 4 dealt - start card - "?" + the drawn card
    assert [len(game.state.players[s].hand) for s in (1, 2)] == [3, 3]


@pytest.mark.rule("EVENT-CARD")
def test_EVENT_CARD_E24_given_drawn_in_start_round_when_setting_turn_then_card_playable() -> None:
    game = event_game("E24", draw_next=[LADY_5])
    events = question_in_start_round(game)
    assert plains(of_type(events, CardsDrawn)) == [CardsDrawn(seat=0, cards=(LADY_5,), cause="E24")]
    assert cash(game, 0) == 1900
    assert len(game.state.players[0].hand) == 4  # 3 left after the start round + the drawn card
    # seat 2 is start player, then seat 0
    when(game, 2, PlayCard(card=NUMBER_CARDS[2]))
    when(game, 2, EndTurn())

    events = when(game, 0, PlayCard(card=LADY_5))

    assert plains(of_type(events, MoneyReceived)) == [MoneyReceived(seat=0, amount=500, cause=LADY_5)]
    assert LADY_5 not in game.state.players[0].hand


def _duel_round_question_game() -> DodgeCityGame:
    """Given: seat 0 (start player) keeps a "?" for the duel, shares the saloon with seat 1, who
    keeps GUNMAN_7; E05 is on top of the event pile and LADY_5 on top of the draw pile."""
    game = new_game(
        3,
        hands={
            0: [LADY_7, SHERIFF_5, SHERIFF_6, QUESTION_1],
            1: [COWBOY_5, BANDIT_5, BANDIT_6, GUNMAN_7],
            2: [COWBOY_6, BANDIT_7, SHERIFF_7, COWBOY_7],
        },
        events=["E05"],
        draw_next=[LADY_5],
    )
    stones(game, 0, "saloon", [(1, 0)])
    stones(game, 1, "saloon", [(1, 5)])
    commit_start(game, {0: LADY_7, 1: COWBOY_5, 2: COWBOY_6})
    for round_cards in ({0: SHERIFF_5, 1: BANDIT_5, 2: BANDIT_7}, {0: SHERIFF_6, 1: BANDIT_6, 2: SHERIFF_7}):
        for seat in (0, 1, 2):
            when(game, seat, PlayCard(card=round_cards[seat]))
            when(game, seat, EndTurn())
    return game


@pytest.mark.rule("EVENT-CARD")
def test_EVENT_CARD_E05_given_drawn_in_duel_round_when_pass_ends_then_discarded_face_down() -> None:
    game = _duel_round_question_game()
    # the last cards were committed automatically; seat 0 must challenge seat 1 over the saloon
    assert game.state.commitments == {0: QUESTION_1, 1: GUNMAN_7, 2: COWBOY_7}
    events = when(game, 0, Challenge(opponent=1, building="saloon"))
    assert plain(only(events, DuelFought)).winner == 1

    events = when(game, 1, Done())  # the winner removes no stone; seat 0's "?" draws now

    drawn = only(events, CardsDrawn)
    assert plain(drawn) == CardsDrawn(seat=0, cards=(LADY_5,), cause="E05")
    discards = [plain(e) for e in of_type(events, CardsDiscarded) if e.seat == 0]
    assert discards == [CardsDiscarded(seat=0, cards=(LADY_5,))]
    order = names(events)
    assert order.index("CardsDrawn") < order.index("CardsDiscarded") < order.index("PassBegan")
    assert plain(only(events, PassBegan)) == PassBegan(number=2)
    entry = next(d for d in game.state.discard if d.card == LADY_5)
    assert (entry.face_up, entry.owner) == (False, 0)
    assert LADY_5 not in game.state.players[0].hand


# -- EVENT-TRANSFER: E02, E06, E27 -------------------------------------------------------------


@pytest.mark.rule("EVENT-POSSIBLE")
def test_EVENT_POSSIBLE_E02_given_no_lady_when_drawn_then_no_effect_not_even_the_200() -> None:
    game = event_game("E02")
    stones(game, 0, "saloon", [(1, 0), (1, 1)], Figure.COWBOY)

    events = play_question(game)

    assert outcomes(events, "E02") == [EffectOutcome.SKIPPED, EffectOutcome.SKIPPED]
    assert of_type(events, RecipientChosen) == []
    assert of_type(events, StoneTransferred) == []
    assert of_type(events, MoneyPaid) == []
    assert [cash(game, s) for s in (0, 1, 2)] == [2000, 2000, 2000]
    assert decision(game).kind is DecisionKind.BUY_STONES


@pytest.mark.rule("EVENT-TRANSFER")
def test_EVENT_TRANSFER_E02_given_a_lady_when_drawn_then_she_joins_an_opponent_with_200() -> None:
    game = event_game("E02")
    stones(game, 0, "hotel", [(1, 1)], Figure.LADY)
    stones(game, 0, "saloon", [(1, 0)], Figure.COWBOY)

    play_question(game)
    assert decision(game) == Decision(seat=0, kind=DecisionKind.CHOOSE_RECIPIENT, event="E02")
    assert game.legal_actions(0) == [ChooseRecipient(seat=1), ChooseRecipient(seat=2)]
    chosen = when(game, 0, ChooseRecipient(seat=2))
    assert plains(of_type(chosen, RecipientChosen)) == [RecipientChosen(seat=0, recipient=2, event="E02")]
    assert decision(game).kind is DecisionKind.GIVE_STONES
    assert game.legal_actions(0) == [GiveStone(building="hotel", row=1, col=1)]  # ladies only

    events = when(game, 0, GiveStone(building="hotel", row=1, col=1))

    assert plains(of_type(events, StoneTransferred)) == [
        StoneTransferred(owner=0, recipient=2, building="hotel", cell=(1, 1), replaced=True, cause="E02")
    ]
    assert plains(of_type(events, MoneyPaid)) == [MoneyPaid(seat=0, amount=200, to=2, waived=0, cause="E02")]
    assert owner_at(game, "hotel", (1, 1)) == 2
    assert [cash(game, s) for s in (0, 1, 2)] == [1800, 2000, 2200]
    assert [game.state.players[s].on_board for s in (0, 1, 2)] == [1, 0, 1]
    assert outcomes(events, "E02") == [EffectOutcome.DONE, EffectOutcome.DONE]


@pytest.mark.rule("EVENT-TRANSFER")
def test_EVENT_TRANSFER_E02_given_recipient_choice_when_drawer_names_himself_then_refused() -> None:
    game = event_game("E02")
    stones(game, 0, "hotel", [(1, 1)], Figure.LADY)
    play_question(game)

    refused(game, 0, ChooseRecipient(seat=0), "EVENT-TRANSFER")


@pytest.mark.rule("EVENT-RESOLVE")
def test_EVENT_RESOLVE_E02_given_a_lady_and_a_cowboy_when_giving_the_cowboy_then_refused() -> None:
    game = event_game("E02")
    stones(game, 0, "hotel", [(1, 1)], Figure.LADY)
    stones(game, 0, "saloon", [(1, 0)], Figure.COWBOY)
    play_question(game)
    when(game, 0, ChooseRecipient(seat=1))

    refused(game, 0, GiveStone(building="saloon", row=1, col=0), "EVENT-RESOLVE")


@pytest.mark.rule("EVENT-TRANSFER")
def test_EVENT_TRANSFER_E06_given_three_cowboys_when_drawn_then_two_replaced_in_place() -> None:
    game = event_game("E06")
    stones(game, 0, "saloon", [(1, 0), (1, 1), (1, 2)], Figure.COWBOY)
    play_question(game)
    when(game, 0, ChooseRecipient(seat=1))
    assert decision(game) == Decision(seat=0, kind=DecisionKind.GIVE_STONES, event="E06", remaining=2)

    events = when(game, 0, GiveStone(building="saloon", row=1, col=0))
    events += when(game, 0, GiveStone(building="saloon", row=1, col=2))

    assert plains(of_type(events, StoneTransferred)) == [
        StoneTransferred(owner=0, recipient=1, building="saloon", cell=cell, replaced=True, cause="E06") for cell in [(1, 0), (1, 2)]
    ]
    assert game.state.buildings["saloon"].stones == {(1, 0): 1, (1, 1): 0, (1, 2): 1}
    assert [game.state.players[s].on_board for s in (0, 1)] == [1, 2]
    assert outcomes(events, "E06") == [EffectOutcome.DONE]
    assert decision(game).kind is DecisionKind.BUY_STONES


@pytest.mark.rule("EVENT-POSSIBLE")
def test_EVENT_POSSIBLE_E06_given_one_cowboy_when_drawn_then_only_that_one_is_transferred() -> None:
    game = event_game("E06")
    stones(game, 0, "saloon", [(1, 0)], Figure.COWBOY)
    stones(game, 0, "post", [(1, 0)], Figure.BANDIT)
    play_question(game)
    when(game, 0, ChooseRecipient(seat=2))
    assert game.legal_actions(0) == [GiveStone(building="saloon", row=1, col=0)]

    events = when(game, 0, GiveStone(building="saloon", row=1, col=0))

    assert outcomes(events, "E06") == [EffectOutcome.PARTIAL]
    assert owner_at(game, "saloon", (1, 0)) == 2
    assert owner_at(game, "post", (1, 0)) == 0
    assert decision(game).kind is DecisionKind.BUY_STONES


@pytest.mark.rule("EVENT-TRANSFER")
def test_EVENT_TRANSFER_E06_given_recipient_supply_empty_when_given_then_just_removed() -> None:
    game = event_game("E06")
    stones(game, 0, "saloon", [(1, 0), (1, 1)], Figure.COWBOY)
    hotel = sorted(BUILDINGS["hotel"].fields)
    post = sorted(BUILDINGS["post"].fields)
    stones(game, 2, "hotel", hotel, Figure.SHERIFF)
    stones(game, 2, "post", post[: STONES_PER_COLOUR - len(hotel)], Figure.BANDIT)
    assert game.state.players[2].supply == 0
    play_question(game)
    when(game, 0, ChooseRecipient(seat=2))

    events = when(game, 0, GiveStone(building="saloon", row=1, col=0))
    events += when(game, 0, GiveStone(building="saloon", row=1, col=1))

    assert [(e.cell, e.replaced) for e in of_type(events, StoneTransferred)] == [
        ((1, 0), False),
        ((1, 1), False),
    ]
    assert game.state.buildings["saloon"].stones == {}
    assert game.state.players[0].on_board == 0
    assert game.state.players[2].on_board == STONES_PER_COLOUR


@pytest.mark.rule("EVENT-TRANSFER")
def test_EVENT_TRANSFER_E06_given_full_saloon_when_chain_stone_given_then_neutralised() -> None:
    game = event_game("E06")
    chain = [(0, 1), (1, 1), (2, 1), (3, 1), (3, 2), (3, 3), (3, 4)]  # connects all 4 landmarks
    stones(game, 0, "saloon", chain, Figure.COWBOY)
    for seat, cells in checkerboard("saloon", skip=chain).items():
        stones(game, seat, "saloon", cells)
    play_question(game)
    when(game, 0, ChooseRecipient(seat=2))

    events = when(game, 0, GiveStone(building="saloon", row=1, col=1))  # breaks seat 0's chain

    assert names(events)[:2] == ["StoneTransferred", "BuildingNeutralised"]
    assert plain(only(events, BuildingNeutralised)) == BuildingNeutralised(building="saloon")
    assert game.state.buildings["saloon"].status is BuildingStatus.NEUTRAL
    assert game.state.buildings["saloon"].stones == {}
    # the second cowboy has nowhere to come from: the saloon is closed
    assert outcomes(events, "E06") == [EffectOutcome.PARTIAL]
    assert [p.on_board for p in game.state.players] == [0, 0, 0]


@pytest.mark.rule("EVENT-TRANSFER")
def test_EVENT_TRANSFER_E27_given_two_gunmen_when_drawn_then_both_join_the_opponent() -> None:
    game = event_game("E27")
    stones(game, 0, "post", [(1, 0), (1, 1)], Figure.GUNMAN)
    stones(game, 0, "saloon", [(1, 0)], Figure.COWBOY)
    play_question(game)
    assert decision(game).kind is DecisionKind.CHOOSE_RECIPIENT
    when(game, 0, ChooseRecipient(seat=1))
    assert game.legal_actions(0) == [
        GiveStone(building="post", row=1, col=0),
        GiveStone(building="post", row=1, col=1),
    ]

    events = when(game, 0, GiveStone(building="post", row=1, col=1))
    events += when(game, 0, GiveStone(building="post", row=1, col=0))

    assert [(e.owner, e.recipient, e.cell) for e in of_type(events, StoneTransferred)] == [
        (0, 1, (1, 1)),
        (0, 1, (1, 0)),
    ]
    assert game.state.buildings["post"].stones == {(1, 0): 1, (1, 1): 1}
    assert owner_at(game, "saloon", (1, 0)) == 0
    assert outcomes(events, "E27") == [EffectOutcome.DONE]


@pytest.mark.rule("EVENT-POSSIBLE")
def test_EVENT_POSSIBLE_E27_given_no_gunman_when_drawn_then_nothing_happens() -> None:
    game = event_game("E27")
    stones(game, 0, "saloon", [(1, 0)], Figure.COWBOY)

    events = play_question(game)

    assert outcomes(events, "E27") == [EffectOutcome.SKIPPED]
    assert of_type(events, RecipientChosen) == []
    assert owner_at(game, "saloon", (1, 0)) == 0
    assert decision(game).kind is DecisionKind.BUY_STONES


@pytest.mark.rule("EVENT-MANDATORY")
def test_EVENT_MANDATORY_E06_given_cowboys_to_give_when_drawer_says_done_then_refused() -> None:
    game = event_game("E06")
    stones(game, 0, "saloon", [(1, 0), (1, 1)], Figure.COWBOY)
    play_question(game)
    when(game, 0, ChooseRecipient(seat=1))

    refused(game, 0, Done(), "EVENT-MANDATORY")


# -- free stones: E03, E04, E11, E13, E21, E22, E30, E31 -------------------------------------


@pytest.mark.rule("EVENT-STONES")
def test_EVENT_STONES_E03_when_drawn_then_gunman_only_into_gunman_or_unclaimed_buildings() -> None:
    game = event_game("E03")
    stones(game, 1, "saloon", [(1, 0)], Figure.GUNMAN)
    stones(game, 1, "post", [(1, 0)], Figure.SHERIFF)
    play_question(game)
    assert decision(game) == Decision(seat=0, kind=DecisionKind.PLACE_EVENT_STONES, event="E03", remaining=1)
    options = game.legal_actions(0)
    assert {a.building for a in options if isinstance(a, PlaceStone)} == {"saloon", "hotel", "sheriff"}
    assert all(a.figure is Figure.GUNMAN for a in options if isinstance(a, PlaceStone) and a.building != "saloon")
    assert Done() not in options
    refused(game, 0, PlaceStone(building="post", row=1, col=1), "EVENT-STONES")

    events = place(game, "saloon", (1, 1))

    assert plains(of_type(events, StonePlaced)) == [StonePlaced(seat=0, building="saloon", cell=(1, 1), cause="E03")]
    assert of_type(events, BuildingClaimed) == []
    assert outcomes(events, "E03") == [EffectOutcome.DONE]


@pytest.mark.rule("EVENT-STONES")
def test_EVENT_STONES_E03_given_unclaimed_buildings_when_placed_then_claims_one_as_gunman() -> None:
    game = event_game("E03")
    play_question(game)
    refused(game, 0, PlaceStone(building="hotel", row=0, col=0, figure=Figure.LADY), "EVENT-STONES")

    events = place(game, "hotel", (0, 0), Figure.GUNMAN)

    assert plains(of_type(events, BuildingClaimed)) == [BuildingClaimed(seat=0, building="hotel", figure=Figure.GUNMAN)]
    assert game.state.buildings["hotel"].figure is Figure.GUNMAN
    assert owner_at(game, "hotel", (0, 0)) == 0


@pytest.mark.rule("EVENT-STONES")
def test_EVENT_STONES_E03_given_no_gunman_building_possible_when_drawn_then_forfeited() -> None:
    game = event_game("E03")
    given(
        game,
        BuildingClaimed(seat=1, building="saloon", figure=Figure.GUNMAN),
        BuildingClaimed(seat=1, building="post", figure=Figure.GUNMAN),
        BuildingNeutralised(building="saloon"),
        BuildingNeutralised(building="post"),
    )

    events = play_question(game)

    assert of_type(events, StonePlaced) == []
    assert of_type(events, BuildingClaimed) == []
    assert outcomes(events, "E03") == [EffectOutcome.SKIPPED]
    assert decision(game).kind is DecisionKind.BUY_STONES


@pytest.mark.rule("EVENT-STONES")
def test_EVENT_STONES_E04_given_present_in_two_buildings_when_drawn_then_one_in_each() -> None:
    game = event_game("E04")
    stones(game, 0, "saloon", [(1, 0)], Figure.COWBOY)
    stones(game, 0, "post", [(1, 0)], Figure.BANDIT)
    stones(game, 1, "hotel", [(0, 0)], Figure.SHERIFF)
    play_question(game)
    assert decision(game) == Decision(seat=0, kind=DecisionKind.PLACE_EVENT_STONES, event="E04", remaining=2)
    assert {a.building for a in game.legal_actions(0) if isinstance(a, PlaceStone)} == {"saloon", "post"}
    refused(game, 0, PlaceStone(building="hotel", row=0, col=1), "EVENT-STONES")

    events = place(game, "saloon", (1, 1))
    refused(game, 0, PlaceStone(building="saloon", row=1, col=2), "EVENT-STONES")
    events += place(game, "post", (1, 1))

    assert [(e.building, e.cell) for e in of_type(events, StonePlaced)] == [
        ("saloon", (1, 1)),
        ("post", (1, 1)),
    ]
    assert outcomes(events, "E04") == [EffectOutcome.DONE]
    assert decision(game).kind is DecisionKind.BUY_STONES


@pytest.mark.rule("EVENT-POSSIBLE")
def test_EVENT_POSSIBLE_E04_given_no_stone_on_the_board_when_drawn_then_skipped() -> None:
    game = event_game("E04")

    events = play_question(game)

    assert of_type(events, StonePlaced) == []
    assert outcomes(events, "E04") == [EffectOutcome.SKIPPED]
    assert decision(game).kind is DecisionKind.BUY_STONES


@pytest.mark.rule("EVENT-MANDATORY")
def test_EVENT_MANDATORY_E04_given_present_in_saloon_when_drawn_then_must_place_there() -> None:
    # "where you are present" is fixed when the card is drawn: here, the saloon only.
    game = event_game("E04")
    stones(game, 0, "saloon", [(1, 0)], Figure.COWBOY)
    play_question(game)

    assert game.state.event_task is not None
    assert game.state.event_task.targets == ("saloon",)
    assert Done() not in game.legal_actions(0)
    refused(game, 0, Done(), "EVENT-MANDATORY")
    refused(game, 0, PlaceStone(building="post", row=1, col=0, figure=Figure.BANDIT), "EVENT-STONES")
    events = place(game, "saloon", (1, 1))
    assert outcomes(events, "E04") == [EffectOutcome.DONE]


@pytest.mark.rule("EVENT-POSSIBLE")
def test_EVENT_POSSIBLE_E04_given_no_stone_on_board_when_drawn_then_nothing_to_add() -> None:
    game = event_game("E04")

    events = play_question(game)

    assert of_type(events, StonePlaced) == []
    assert len(outcomes(events, "E04")) == 1  # the clause ended without asking for a stone
    assert names(events)[-2:] == ["EventCardResolved", "CardResolved"]
    assert decision(game).kind is DecisionKind.BUY_STONES


@pytest.mark.rule("EVENT-STONES")
def test_EVENT_STONES_E11_when_drawn_then_one_free_stone_of_the_buildings_figure_and_600() -> None:
    game = event_game("E11")
    stones(game, 1, "sheriff", [(1, 0)], Figure.SHERIFF)
    play_question(game)
    assert decision(game).kind is DecisionKind.PLACE_EVENT_STONES
    assert Done() not in game.legal_actions(0)

    events = place(game, "sheriff", (1, 1))

    assert plains(of_type(events, StonePlaced)) == [StonePlaced(seat=0, building="sheriff", cell=(1, 1), cause="E11")]
    assert plains(of_type(events, MoneyReceived)) == [MoneyReceived(seat=0, amount=600, cause="E11")]
    assert cash(game, 0) == 2600  # the stone was free
    assert outcomes(events, "E11") == [EffectOutcome.DONE, EffectOutcome.DONE]


@pytest.mark.rule("EVENT-STONES")
def test_EVENT_STONES_E11_given_unclaimed_building_when_placed_then_claims_it() -> None:
    game = event_game("E11")
    play_question(game)
    refused(game, 0, PlaceStone(building="post", row=1, col=0), "PLACE-CLAIM")

    events = place(game, "post", (1, 0), Figure.LADY)

    assert plains(of_type(events, BuildingClaimed)) == [BuildingClaimed(seat=0, building="post", figure=Figure.LADY)]
    assert cash(game, 0) == 2600


@pytest.mark.rule("EVENT-MANDATORY")
def test_EVENT_MANDATORY_E13_given_optional_stone_when_drawer_says_done_then_declined() -> None:
    game = event_game("E13")
    play_question(game)
    assert Done() in game.legal_actions(0)

    events = when(game, 0, Done())

    assert of_type(events, StonePlaced) == []
    assert outcomes(events, "E13") == [EffectOutcome.DECLINED]
    assert game.state.players[0].on_board == 0
    assert decision(game).kind is DecisionKind.BUY_STONES


@pytest.mark.rule("EVENT-STONES")
def test_EVENT_STONES_E13_given_optional_stone_when_placed_then_one_free_stone() -> None:
    game = event_game("E13")
    stones(game, 1, "saloon", [(1, 0)], Figure.COWBOY)
    play_question(game)

    events = place(game, "saloon", (1, 1))

    assert plains(of_type(events, StonePlaced)) == [StonePlaced(seat=0, building="saloon", cell=(1, 1), cause="E13")]
    assert outcomes(events, "E13") == [EffectOutcome.DONE]
    assert cash(game, 0) == 2000


@pytest.mark.rule("EVENT-ABSENT")
def test_EVENT_ABSENT_E21_given_three_players_without_station_when_drawn_then_no_effect() -> None:
    game = event_game("E21", players=3)
    assert "union_pacific" not in game.state.buildings

    events = play_question(game)

    assert of_type(events, StonePlaced) == []
    assert outcomes(events, "E21") == [EffectOutcome.SKIPPED]
    assert decision(game).kind is DecisionKind.BUY_STONES


@pytest.mark.rule("EVENT-ABSENT")
def test_EVENT_ABSENT_E21_given_two_players_without_station_when_drawn_then_no_effect() -> None:
    game = event_game("E21", players=2)

    events = play_question(game)

    assert of_type(events, StonePlaced) == []
    assert outcomes(events, "E21") == [EffectOutcome.SKIPPED]


@pytest.mark.rule("EVENT-STONES")
def test_EVENT_STONES_E21_given_four_players_when_drawn_then_one_stone_into_station() -> None:
    game = event_game("E21", players=4)
    play_question(game)
    assert decision(game) == Decision(seat=0, kind=DecisionKind.PLACE_EVENT_STONES, event="E21", remaining=1)
    assert {a.building for a in game.legal_actions(0) if isinstance(a, PlaceStone)} == {"union_pacific"}
    refused(game, 0, PlaceStone(building="saloon", row=1, col=0, figure=Figure.COWBOY), "EVENT-STONES")

    events = place(game, "union_pacific", (1, 0), Figure.SHERIFF)

    assert plains(of_type(events, BuildingClaimed)) == [BuildingClaimed(seat=0, building="union_pacific", figure=Figure.SHERIFF)]
    assert owner_at(game, "union_pacific", (1, 0)) == 0
    assert outcomes(events, "E21") == [EffectOutcome.DONE]


@pytest.mark.rule("EVENT-ABSENT")
def test_EVENT_ABSENT_E21_given_four_players_and_station_closed_when_drawn_then_no_effect() -> None:
    game = event_game("E21", players=4)
    given(
        game,
        BuildingClaimed(seat=1, building="union_pacific", figure=Figure.COWBOY),
        BuildingNeutralised(building="union_pacific"),
    )

    events = play_question(game)

    assert of_type(events, StonePlaced) == []
    assert outcomes(events, "E21") == [EffectOutcome.SKIPPED]


@pytest.mark.rule("EVENT-STONES")
def test_EVENT_STONES_E22_when_drawn_then_two_stones_into_the_hotel() -> None:
    game = event_game("E22")
    stones(game, 1, "hotel", [(0, 0)], Figure.BANDIT)
    play_question(game)
    assert decision(game) == Decision(seat=0, kind=DecisionKind.PLACE_EVENT_STONES, event="E22", remaining=2)
    assert {a.building for a in game.legal_actions(0) if isinstance(a, PlaceStone)} == {"hotel"}
    refused(game, 0, PlaceStone(building="saloon", row=1, col=0, figure=Figure.BANDIT), "EVENT-STONES")

    events = place(game, "hotel", (0, 1)) + place(game, "hotel", (1, 0))

    assert plains(of_type(events, StonePlaced)) == [
        StonePlaced(seat=0, building="hotel", cell=cell, cause="E22") for cell in [(0, 1), (1, 0)]
    ]
    assert outcomes(events, "E22") == [EffectOutcome.DONE]
    assert cash(game, 0) == 2000


@pytest.mark.rule("EVENT-MANDATORY")
def test_EVENT_MANDATORY_E22_given_stones_to_place_when_drawer_says_done_then_refused() -> None:
    game = event_game("E22")
    play_question(game)
    assert Done() not in game.legal_actions(0)

    refused(game, 0, Done(), "EVENT-MANDATORY")

    place(game, "hotel", (0, 0), Figure.COWBOY)
    refused(game, 0, Done(), "EVENT-MANDATORY")


@pytest.mark.rule("EVENT-ABSENT")
def test_EVENT_ABSENT_E22_given_hotel_closed_when_drawn_then_no_effect() -> None:
    game = event_game("E22")
    given(
        game,
        BuildingClaimed(seat=1, building="hotel", figure=Figure.COWBOY),
        BuildingNeutralised(building="hotel"),
    )

    events = play_question(game)

    assert of_type(events, StonePlaced) == []
    assert outcomes(events, "E22") == [EffectOutcome.SKIPPED]
    assert decision(game).kind is DecisionKind.BUY_STONES


@pytest.mark.rule("EVENT-STONES")
def test_EVENT_STONES_E22_given_first_stone_neutralises_hotel_then_second_forfeited() -> None:
    game = event_game("E22")
    last = (0, 0)
    for seat, cells in checkerboard("hotel", skip=[last]).items():
        stones(game, seat, "hotel", cells, Figure.COWBOY)
    play_question(game)

    events = place(game, "hotel", last)

    assert names(events)[:2] == ["StonePlaced", "BuildingNeutralised"]
    assert game.state.buildings["hotel"].status is BuildingStatus.NEUTRAL
    assert len(of_type(events, StonePlaced)) == 1
    assert outcomes(events, "E22") == [EffectOutcome.PARTIAL]
    assert [p.on_board for p in game.state.players] == [0, 0, 0]
    assert decision(game).kind is DecisionKind.BUY_STONES


@pytest.mark.rule("EVENT-STONES")
def test_EVENT_STONES_E22_given_drawn_in_setting_turn_when_buying_then_one_more_only() -> None:
    game = event_game("E22")
    stones(game, 1, "hotel", [(5, 5)], Figure.COWBOY)
    play_question(game)
    place(game, "hotel", (0, 0))
    place(game, "hotel", (0, 1))

    bought = when(game, 0, BuyStone(building="hotel", row=1, col=0))

    assert len(of_type(bought, StoneBought)) == 1
    refused(game, 0, BuyStone(building="hotel", row=1, col=1), "BUY-3")


@pytest.mark.rule("EVENT-STONES")
def test_EVENT_STONES_E22_given_drawn_in_start_round_when_buying_then_three_allowed() -> None:
    game = event_game("E22")
    stones(game, 1, "hotel", [(5, 5)], Figure.COWBOY)
    question_in_start_round(game)
    place(game, "hotel", (0, 0))
    place(game, "hotel", (0, 1))
    # seat 2 starts; then it is seat 0's setting turn
    when(game, 2, PlayCard(card=NUMBER_CARDS[2]))
    when(game, 2, EndTurn())
    when(game, 0, PlayCard(card=game.state.players[0].hand[0]))
    assert decision(game).kind is DecisionKind.BUY_STONES

    bought = [e for cell in [(1, 0), (1, 1), (1, 2)] for e in when(game, 0, BuyStone(building="hotel", row=cell[0], col=cell[1]))]

    assert len(of_type(bought, StoneBought)) == 3
    refused(game, 0, BuyStone(building="hotel", row=1, col=3), "BUY-3")


@pytest.mark.rule("EVENT-MANDATORY")
def test_EVENT_MANDATORY_E30_given_optional_stones_when_done_at_once_then_declined() -> None:
    game = event_game("E30")
    play_question(game)
    assert decision(game) == Decision(seat=0, kind=DecisionKind.PLACE_EVENT_STONES, event="E30", remaining=2)
    assert Done() in game.legal_actions(0)

    events = when(game, 0, Done())

    assert of_type(events, StonePlaced) == []
    assert outcomes(events, "E30") == [EffectOutcome.DECLINED]
    assert decision(game).kind is DecisionKind.BUY_STONES


@pytest.mark.rule("EVENT-STONES")
def test_EVENT_STONES_E30_given_one_placed_when_second_goes_elsewhere_then_refused() -> None:
    game = event_game("E30")
    stones(game, 1, "saloon", [(1, 0)], Figure.COWBOY)
    stones(game, 1, "post", [(1, 0)], Figure.BANDIT)
    play_question(game)
    events = place(game, "saloon", (1, 1))
    assert decision(game) == Decision(seat=0, kind=DecisionKind.PLACE_EVENT_STONES, event="E30", remaining=1, building="saloon")
    refused(game, 0, PlaceStone(building="post", row=1, col=1), "EVENT-STONES")

    events += when(game, 0, Done())

    assert [(e.building, e.cell) for e in of_type(events, StonePlaced)] == [("saloon", (1, 1))]
    assert outcomes(events, "E30") == [EffectOutcome.PARTIAL]
    assert decision(game).kind is DecisionKind.BUY_STONES


@pytest.mark.rule("EVENT-STONES")
def test_EVENT_STONES_E30_when_both_placed_in_one_unclaimed_building_then_claims_it() -> None:
    game = event_game("E30")
    play_question(game)

    events = place(game, "post", (1, 0), Figure.SHERIFF) + place(game, "post", (1, 1))

    assert [(e.building, e.cell) for e in of_type(events, StonePlaced)] == [
        ("post", (1, 0)),
        ("post", (1, 1)),
    ]
    assert plains(of_type(events, BuildingClaimed)) == [BuildingClaimed(seat=0, building="post", figure=Figure.SHERIFF)]
    assert outcomes(events, "E30") == [EffectOutcome.DONE]


@pytest.mark.rule("EVENT-STONES")
def test_EVENT_STONES_E31_when_drawn_then_two_bandits_may_be_split_between_buildings() -> None:
    game = event_game("E31")
    stones(game, 1, "saloon", [(1, 0)], Figure.BANDIT)
    stones(game, 1, "post", [(1, 0)], Figure.COWBOY)
    play_question(game)
    assert decision(game) == Decision(seat=0, kind=DecisionKind.PLACE_EVENT_STONES, event="E31", remaining=2)
    refused(game, 0, PlaceStone(building="post", row=1, col=1), "EVENT-STONES")

    events = place(game, "saloon", (1, 1))
    assert {a.building for a in game.legal_actions(0) if isinstance(a, PlaceStone)} == {"saloon", "hotel", "sheriff"}
    events += place(game, "hotel", (0, 0), Figure.BANDIT)

    assert [(e.building, e.cell) for e in of_type(events, StonePlaced)] == [
        ("saloon", (1, 1)),
        ("hotel", (0, 0)),
    ]
    assert plains(of_type(events, BuildingClaimed)) == [BuildingClaimed(seat=0, building="hotel", figure=Figure.BANDIT)]
    assert outcomes(events, "E31") == [EffectOutcome.DONE]


@pytest.mark.rule("EVENT-STONES")
def test_EVENT_STONES_E31_given_unclaimed_building_when_other_figure_named_then_refused() -> None:
    game = event_game("E31")
    play_question(game)

    refused(game, 0, PlaceStone(building="hotel", row=0, col=0, figure=Figure.LADY), "EVENT-STONES")


# -- removals: E09, E12, E29 (and the stone halves of E10, E15, E18, E23) ------------------------


@pytest.mark.rule("EVENT-RESOLVE")
def test_EVENT_RESOLVE_E09_given_gunmen_when_drawn_then_drawer_removes_one_own_gunman() -> None:
    game = event_game("E09")
    stones(game, 0, "saloon", [(1, 0), (1, 1)], Figure.GUNMAN)
    stones(game, 1, "saloon", [(1, 2)])
    stones(game, 0, "post", [(1, 0)], Figure.LADY)
    play_question(game)
    assert decision(game) == Decision(seat=0, kind=DecisionKind.REMOVE_OWN_STONES, event="E09", remaining=1)
    assert game.legal_actions(0) == [
        RemoveStone(building="saloon", row=1, col=0),
        RemoveStone(building="saloon", row=1, col=1),
    ]
    refused(game, 0, RemoveStone(building="saloon", row=1, col=2), "EVENT-RESOLVE")  # seat 1's
    refused(game, 0, RemoveStone(building="post", row=1, col=0), "EVENT-RESOLVE")  # a lady

    events = when(game, 0, RemoveStone(building="saloon", row=1, col=1))

    assert plains(of_type(events, StoneRemoved)) == [StoneRemoved(by=0, owner=0, building="saloon", cell=(1, 1), cause="E09")]
    assert game.state.buildings["saloon"].stones == {(1, 0): 0, (1, 2): 1}
    assert game.state.players[0].on_board == 2
    assert cash(game, 0) == 2000  # no refund
    assert outcomes(events, "E09") == [EffectOutcome.DONE]


@pytest.mark.rule("EVENT-POSSIBLE")
def test_EVENT_POSSIBLE_E09_given_no_gunman_when_drawn_then_no_effect() -> None:
    game = event_game("E09")
    stones(game, 0, "saloon", [(1, 0)], Figure.COWBOY)
    stones(game, 1, "post", [(1, 0)], Figure.GUNMAN)

    events = play_question(game)

    assert of_type(events, StoneRemoved) == []
    assert outcomes(events, "E09") == [EffectOutcome.SKIPPED]
    assert decision(game).kind is DecisionKind.BUY_STONES


@pytest.mark.rule("EVENT-RESOLVE")
def test_EVENT_RESOLVE_E12_given_three_bandits_when_drawn_then_two_are_removed() -> None:
    game = event_game("E12")
    stones(game, 0, "saloon", [(1, 0), (1, 1)], Figure.BANDIT)
    stones(game, 0, "post", [(1, 0)], Figure.BANDIT)
    play_question(game)
    assert decision(game).remaining == 2

    events = when(game, 0, RemoveStone(building="saloon", row=1, col=0))
    events += when(game, 0, RemoveStone(building="post", row=1, col=0))

    assert [(e.building, e.cell) for e in of_type(events, StoneRemoved)] == [
        ("saloon", (1, 0)),
        ("post", (1, 0)),
    ]
    assert game.state.players[0].on_board == 1
    assert outcomes(events, "E12") == [EffectOutcome.DONE]


@pytest.mark.rule("EVENT-POSSIBLE")
def test_EVENT_POSSIBLE_E12_given_one_bandit_when_drawn_then_only_that_one_is_removed() -> None:
    game = event_game("E12")
    stones(game, 0, "saloon", [(1, 0)], Figure.BANDIT)
    stones(game, 0, "post", [(1, 0)], Figure.COWBOY)
    play_question(game)

    events = when(game, 0, RemoveStone(building="saloon", row=1, col=0))

    assert outcomes(events, "E12") == [EffectOutcome.PARTIAL]
    assert owner_at(game, "post", (1, 0)) == 0
    assert decision(game).kind is DecisionKind.BUY_STONES


@pytest.mark.rule("EVENT-RESOLVE")
def test_EVENT_RESOLVE_E29_given_two_figures_when_drawn_then_any_own_stone_removed() -> None:
    game = event_game("E29")
    stones(game, 0, "saloon", [(1, 0)], Figure.COWBOY)
    stones(game, 0, "post", [(1, 0)], Figure.LADY)
    stones(game, 1, "post", [(1, 1)])
    play_question(game)
    assert game.legal_actions(0) == [
        RemoveStone(building="saloon", row=1, col=0),
        RemoveStone(building="post", row=1, col=0),
    ]
    refused(game, 0, RemoveStone(building="post", row=1, col=1), "EVENT-RESOLVE")

    events = when(game, 0, RemoveStone(building="post", row=1, col=0))

    assert plains(of_type(events, StoneRemoved)) == [StoneRemoved(by=0, owner=0, building="post", cell=(1, 0), cause="E29")]
    assert game.state.players[0].supply == STONES_PER_COLOUR - 1
    assert outcomes(events, "E29") == [EffectOutcome.DONE]


@pytest.mark.rule("EVENT-MANDATORY")
def test_EVENT_MANDATORY_E29_given_a_stone_when_drawer_says_done_then_refused() -> None:
    game = event_game("E29")
    stones(game, 0, "saloon", [(1, 0)], Figure.COWBOY)
    play_question(game)

    refused(game, 0, Done(), "EVENT-MANDATORY")


# -- independent clauses: E10, E15; linked cards: E18, E23 -------------------------------------


@pytest.mark.rule("EVENT-POSSIBLE")
def test_EVENT_POSSIBLE_E10_given_a_stone_when_drawn_then_removes_a_man_and_pays_300() -> None:
    game = event_game("E10")
    stones(game, 0, "saloon", [(1, 0)], Figure.COWBOY)
    play_question(game)

    events = when(game, 0, RemoveStone(building="saloon", row=1, col=0))

    assert names(events)[:3] == ["StoneRemoved", "EventEffectEnded", "MoneyPaid"]
    assert plain(only(events, MoneyPaid)) == MoneyPaid(seat=0, amount=300, to=None, waived=0, cause="E10")
    assert outcomes(events, "E10") == [EffectOutcome.DONE, EffectOutcome.DONE]
    assert cash(game, 0) == 1700


@pytest.mark.rule("EVENT-POSSIBLE")
def test_EVENT_POSSIBLE_E10_given_no_stone_when_drawn_then_still_pays_300() -> None:
    game = event_game("E10")

    events = play_question(game)

    assert of_type(events, StoneRemoved) == []
    assert plain(only(events, MoneyPaid)) == MoneyPaid(seat=0, amount=300, to=None, waived=0, cause="E10")
    assert outcomes(events, "E10") == [EffectOutcome.SKIPPED, EffectOutcome.DONE]
    assert cash(game, 0) == 1700


@pytest.mark.rule("EVENT-POSSIBLE")
def test_EVENT_POSSIBLE_E15_given_a_stone_when_drawn_then_pays_300_and_removes_a_man() -> None:
    game = event_game("E15")
    stones(game, 0, "saloon", [(1, 0)], Figure.COWBOY)

    events = play_question(game)
    assert plain(only(events, MoneyPaid)) == MoneyPaid(seat=0, amount=300, to=None, waived=0, cause="E15")
    assert decision(game).kind is DecisionKind.REMOVE_OWN_STONES
    events += when(game, 0, RemoveStone(building="saloon", row=1, col=0))

    assert names(events).index("MoneyPaid") < names(events).index("StoneRemoved")
    assert outcomes(events, "E15") == [EffectOutcome.DONE, EffectOutcome.DONE]
    assert cash(game, 0) == 1700
    assert game.state.players[0].on_board == 0


@pytest.mark.rule("EVENT-POSSIBLE")
def test_EVENT_POSSIBLE_E15_given_no_stone_when_drawn_then_still_pays_300() -> None:
    game = event_game("E15")

    events = play_question(game)

    assert plain(only(events, MoneyPaid)).amount == 300
    assert outcomes(events, "E15") == [EffectOutcome.DONE, EffectOutcome.SKIPPED]
    assert cash(game, 0) == 1700


@pytest.mark.rule("EVENT-POSSIBLE")
def test_EVENT_POSSIBLE_E18_given_no_stone_when_drawn_then_no_payment_either() -> None:
    game = event_game("E18")

    events = play_question(game)

    assert of_type(events, MoneyPaid) == []
    assert outcomes(events, "E18") == [EffectOutcome.SKIPPED, EffectOutcome.SKIPPED]
    assert cash(game, 0) == 2000


@pytest.mark.rule("EVENT-POSSIBLE")
def test_EVENT_POSSIBLE_E18_given_a_stone_when_drawn_then_it_leaves_with_300() -> None:
    game = event_game("E18")
    stones(game, 0, "saloon", [(1, 0)], Figure.COWBOY)
    play_question(game)

    events = when(game, 0, RemoveStone(building="saloon", row=1, col=0))

    assert plains(of_type(events, StoneRemoved)) == [StoneRemoved(by=0, owner=0, building="saloon", cell=(1, 0), cause="E18")]
    assert plain(only(events, MoneyPaid)) == MoneyPaid(seat=0, amount=300, to=None, waived=0, cause="E18")
    assert cash(game, 0) == 1700


@pytest.mark.rule("EVENT-POSSIBLE")
def test_EVENT_POSSIBLE_E23_given_no_lady_when_drawn_then_no_effect_not_even_the_200() -> None:
    game = event_game("E23")
    stones(game, 0, "saloon", [(1, 0)], Figure.COWBOY)

    events = play_question(game)

    assert of_type(events, StoneRemoved) == []
    assert of_type(events, MoneyPaid) == []
    assert outcomes(events, "E23") == [EffectOutcome.SKIPPED, EffectOutcome.SKIPPED]
    assert owner_at(game, "saloon", (1, 0)) == 0
    assert cash(game, 0) == 2000


@pytest.mark.rule("EVENT-POSSIBLE")
def test_EVENT_POSSIBLE_E23_given_a_lady_when_drawn_then_the_lady_leaves_with_200() -> None:
    game = event_game("E23")
    stones(game, 0, "saloon", [(1, 0)], Figure.COWBOY)
    stones(game, 0, "hotel", [(1, 1)], Figure.LADY)
    play_question(game)
    assert game.legal_actions(0) == [RemoveStone(building="hotel", row=1, col=1)]

    events = when(game, 0, RemoveStone(building="hotel", row=1, col=1))

    assert plains(of_type(events, StoneRemoved)) == [StoneRemoved(by=0, owner=0, building="hotel", cell=(1, 1), cause="E23")]
    assert plain(only(events, MoneyPaid)) == MoneyPaid(seat=0, amount=200, to=None, waived=0, cause="E23")
    assert outcomes(events, "E23") == [EffectOutcome.DONE, EffectOutcome.DONE]
    assert owner_at(game, "saloon", (1, 0)) == 0
    assert cash(game, 0) == 1800


# -- EVENT-BIRTHDAY: E19 -----------------------------------------------------------------------


@pytest.mark.rule("EVENT-BIRTHDAY")
def test_EVENT_BIRTHDAY_E19_given_opponents_with_plenty_when_drawn_then_each_gives_50() -> None:
    game = event_game("E19", players=4)

    events = play_question(game)

    assert plains(of_type(events, MoneyPaid)) == [MoneyPaid(seat=s, amount=50, to=0, waived=0, cause="E19") for s in (1, 2, 3)]
    assert [cash(game, s) for s in range(4)] == [2150, 1950, 1950, 1950]
    assert outcomes(events, "E19") == [EffectOutcome.DONE]


@pytest.mark.rule("EVENT-BIRTHDAY")
def test_EVENT_BIRTHDAY_E19_given_poor_opponents_when_drawn_then_each_gives_what_he_has() -> None:
    game = event_game("E19")
    money(game, 1, 30)
    money(game, 2, 0)
    stones(game, 2, "saloon", [(1, 0)], Figure.LADY)

    events = play_question(game)

    assert sum(e.amount for e in of_type(events, MoneyPaid) if e.to == 0) == 30
    assert all(e.waived == 0 for e in of_type(events, MoneyPaid))
    assert [cash(game, s) for s in (0, 1, 2)] == [2030, 0, 0]
    assert owner_at(game, "saloon", (1, 0)) == 2  # nobody sells for a birthday
    assert decision(game).kind is DecisionKind.BUY_STONES


# -- the event pile ----------------------------------------------------------------------------


@pytest.mark.rule("EVENT-RESOLVE")
def test_EVENT_RESOLVE_E20_given_event_pile_empty_when_drawing_then_discard_reshuffled() -> None:
    game = new_game(3, hands={0: [QUESTION_1], 1: [QUESTION_2], 2: [LADY_7]})
    given(game, EventPileShuffled(order=("E20",), from_discard=False))

    events = commit_start(game, {0: QUESTION_1, 1: QUESTION_2, 2: LADY_7})

    # seat 2 starts; seat 0 draws the last card, seat 1 finds the pile empty
    drawn = plains(of_type(events, EventCardDrawn))
    assert drawn == [EventCardDrawn(seat=0, event="E20"), EventCardDrawn(seat=1, event="E20")]
    assert plains(of_type(events, EventPileShuffled)) == [EventPileShuffled(order=("E20",), from_discard=True)]
    order = names(events)
    assert order.index("EventPileShuffled") > order.index("EventCardResolved")
    assert [cash(game, s) for s in (0, 1, 2)] == [2400, 2400, 2000]
