"""The structure of play and card ranking (RULES.md sections 3 and 4): the four rounds of a pass in
order, one card per player per round, what goes onto the discard pile and how, reshuffling the
discard pile into a new draw pile, and the rank key used to compare cards.
"""

from __future__ import annotations

import pytest
from domain.dodgecity.actions import Challenge, CommitCard, Done, EndTurn, PlayCard
from domain.dodgecity.catalog import CardKind, deck
from domain.dodgecity.figures import Figure
from domain.dodgecity.ranking import rank_key
from domain.dodgecity.ruleset import DodgeCityGame
from domain.dodgecity.state import DiscardedCard
from domain.events.dodgecity import (
    CardPlayed,
    CardResolved,
    CardsDealt,
    CardsDiscarded,
    CardsDrawn,
    DomainEvent,
    DrawPileShuffled,
    DuelCardCommitted,
    EventCardDrawn,
    EventCardResolved,
    EventPileShuffled,
    PassBegan,
    Stage,
    StageBegan,
    StartCardCommitted,
    TurnBegan,
)

from tests.builders import (
    BANDIT_5,
    BANDIT_6,
    BANDIT_7,
    COWBOY_5,
    COWBOY_6,
    COWBOY_7,
    COWBOY_PIC_2,
    GUNMAN_5,
    GUNMAN_6,
    GUNMAN_7,
    GUNMAN_PIC_2,
    GUNMAN_PIC_3,
    INDIAN_1,
    LADY_5,
    LADY_6,
    LADY_7,
    LADY_PIC_2,
    LADY_PIC_3,
    QUESTION_1,
    QUESTION_2,
    SHERIFF_5,
    SHERIFF_6,
    SHERIFF_7,
    SHERIFF_PIC_2,
    commit_start,
    given,
    names,
    new_game,
    of_type,
    only,
    refused,
    stones,
    when,
)

CARDS = deck("default_32")

#: Three players whose cards need no decisions: seat 1 starts (lady 7), then seats 2 and 0.
SIMPLE_HANDS = {
    0: [LADY_5, COWBOY_5, COWBOY_6, COWBOY_7],
    1: [LADY_7, BANDIT_5, BANDIT_6, BANDIT_7],
    2: [LADY_6, SHERIFF_5, SHERIFF_6, SHERIFF_7],
}


def play_setting_round(game: DodgeCityGame, cards: dict[int, str]) -> list[DomainEvent]:
    """Every seat, in turn order, plays its card and buys nothing."""
    recorded: list[DomainEvent] = []
    for seat in game.state.order:
        recorded += when(game, seat, PlayCard(card=cards[seat])) + when(game, seat, EndTurn())
    return recorded


def play_simple_pass(game: DodgeCityGame) -> list[DomainEvent]:
    """Pass 1 with SIMPLE_HANDS: start cards, two number cards each, the last card to the duel."""
    recorded = commit_start(game, {seat: hand[0] for seat, hand in SIMPLE_HANDS.items()})
    recorded += play_setting_round(game, {s: h[1] for s, h in SIMPLE_HANDS.items()})
    recorded += play_setting_round(game, {s: h[2] for s, h in SIMPLE_HANDS.items()})
    return recorded


def duel_round_with_extra_card() -> tuple[DodgeCityGame, list[DomainEvent]]:
    """Two players share the saloon. Seat 1 loses the duel with a "?" and draws E05, which puts
    SHERIFF_7 into his hand after the duel cards were committed; then the pass ends."""
    game = new_game(
        2,
        hands={
            0: [LADY_7, COWBOY_5, COWBOY_6, GUNMAN_7],
            1: [LADY_6, BANDIT_5, BANDIT_6, QUESTION_1],
        },
        events=["E05"],
        draw_next=[SHERIFF_7],
    )
    stones(game, 0, "saloon", [(1, 1)])
    stones(game, 1, "saloon", [(1, 3)])
    recorded = commit_start(game, {0: LADY_7, 1: LADY_6})
    recorded += play_setting_round(game, {0: COWBOY_5, 1: BANDIT_5})
    recorded += play_setting_round(game, {0: COWBOY_6, 1: BANDIT_6})
    recorded += when(game, 0, Challenge(opponent=1, building="saloon"))
    recorded += when(game, 0, Done())  # the winner takes no stone
    return game, recorded


def stages(events: list[DomainEvent]) -> list[Stage]:
    return [e.stage for e in of_type(events, StageBegan)]


# -- [PASS-ORDER] ----------------------------------------------------------------------------------


@pytest.mark.rule("PASS-ORDER")
def test_PASS_ORDER_when_a_pass_is_played_then_its_four_rounds_follow_in_order() -> None:
    game = new_game(3, hands=SIMPLE_HANDS)
    assert (game.state.pass_number, game.state.stage) == (1, Stage.START_ROUND)

    recorded = play_simple_pass(game)

    assert stages(recorded) == [
        Stage.SETTING_ROUND_1,
        Stage.SETTING_ROUND_2,
        Stage.DUEL_ROUND,
        Stage.CHALLENGES,
        Stage.CONTROL_DISPUTES,
        Stage.SCORING,
        Stage.START_ROUND,
    ]
    assert [e.seat for e in of_type(recorded, TurnBegan)] == [1, 2, 0, 1, 2, 0]
    assert [e.number for e in of_type(recorded, PassBegan)] == [2]
    sequence = names(recorded)
    assert sequence.index("StartCardsRevealed") < sequence.index("TurnBegan")
    assert sequence.index("DuelCardCommitted") > max(i for i, name in enumerate(sequence) if name == "CardPlayed")


@pytest.mark.rule("PASS-ORDER")
def test_PASS_ORDER_given_the_pass_scored_then_the_next_pass_deals_four_new_cards_each() -> None:
    game = new_game(3, hands=SIMPLE_HANDS)
    first_pass_cards = {c for hand in SIMPLE_HANDS.values() for c in hand}

    recorded = play_simple_pass(game)

    after_scoring = recorded[names(recorded).index("PassBegan") :]
    assert names(after_scoring) == [
        "PassBegan",
        "CardsDealt",
        "CardsDealt",
        "CardsDealt",
        "StageBegan",
    ]
    dealt = {e.seat: e.cards for e in of_type(after_scoring, CardsDealt)}
    assert sorted(dealt) == [0, 1, 2]
    for player in game.state.players:
        assert len(dealt[player.seat]) == 4
        assert player.hand == list(dealt[player.seat])
        assert not first_pass_cards & set(player.hand)
    assert (game.state.pass_number, game.state.stage) == (2, Stage.START_ROUND)


@pytest.mark.rule("PASS-ORDER")
def test_PASS_ORDER_given_an_unplayed_card_when_the_pass_ends_then_discarded_before_deal() -> None:
    game, recorded = duel_round_with_extra_card()

    assert only(recorded, CardsDrawn).cards == (SHERIFF_7,)
    scoring = next(i for i, e in enumerate(recorded) if isinstance(e, StageBegan) and e.stage is Stage.SCORING)
    assert names(recorded[scoring + 1 : scoring + 3]) == ["CardsDiscarded", "PassBegan"]
    discarded = of_type(recorded, CardsDiscarded)[-1]
    assert (discarded.seat, discarded.cards) == (1, (SHERIFF_7,))
    assert SHERIFF_7 not in game.state.players[1].hand
    assert [len(p.hand) for p in game.state.players] == [4, 4]


@pytest.mark.rule("PASS-ORDER")
def test_PASS_ORDER_given_seat_1_to_play_when_seat_2_plays_then_refused() -> None:
    game = new_game(3, hands=SIMPLE_HANDS)
    commit_start(game, {0: LADY_5, 1: LADY_7, 2: LADY_6})

    refused(game, 2, PlayCard(card=SHERIFF_5), "PASS-ORDER")
    refused(game, 0, PlayCard(card=COWBOY_5), "PASS-ORDER")
    assert game.state.turn == 1


@pytest.mark.rule("PASS-ORDER")
def test_PASS_ORDER_given_the_start_round_when_a_card_is_played_then_refused() -> None:
    game = new_game(3, hands=SIMPLE_HANDS)

    refused(game, 1, PlayCard(card=BANDIT_5), "PASS-ORDER")
    assert game.state.stage is Stage.START_ROUND


@pytest.mark.rule("PASS-ORDER")
def test_PASS_ORDER_given_a_setting_turn_when_its_player_commits_a_card_then_refused() -> None:
    game = new_game(3, hands=SIMPLE_HANDS)
    commit_start(game, {0: LADY_5, 1: LADY_7, 2: LADY_6})

    refused(game, 1, CommitCard(card=BANDIT_5), "PASS-ORDER")
    assert game.state.stage is Stage.SETTING_ROUND_1


# -- [PASS-ONE-CARD] -------------------------------------------------------------------------------


@pytest.mark.rule("PASS-ONE-CARD")
def test_PASS_ONE_CARD_when_a_pass_is_played_then_each_seat_uses_one_card_per_round() -> None:
    game = new_game(3, hands=SIMPLE_HANDS)

    recorded = play_simple_pass(game)

    assert sorted(e.seat for e in of_type(recorded, StartCardCommitted)) == [0, 1, 2]
    played = [(e.seat, e.card) for e in of_type(recorded, CardPlayed)]
    assert played == [
        (1, BANDIT_5), (2, SHERIFF_5), (0, COWBOY_5),
        (1, BANDIT_6), (2, SHERIFF_6), (0, COWBOY_6),
    ]  # fmt: skip
    duel = {e.seat: e.card for e in of_type(recorded, DuelCardCommitted)}
    assert duel == {0: COWBOY_7, 1: BANDIT_7, 2: SHERIFF_7}


@pytest.mark.rule("PASS-ONE-CARD")
def test_PASS_ONE_CARD_given_a_start_card_committed_when_committing_another_then_refused() -> None:
    game = new_game(3, hands=SIMPLE_HANDS)
    when(game, 0, CommitCard(card=LADY_5))

    refused(game, 0, CommitCard(card=COWBOY_5), "PASS-ONE-CARD")
    assert game.state.commitments == {0: LADY_5}
    assert COWBOY_5 in game.state.players[0].hand


@pytest.mark.rule("PASS-ONE-CARD")
def test_PASS_ONE_CARD_when_committing_a_card_not_in_hand_then_refused() -> None:
    game = new_game(3, hands=SIMPLE_HANDS)

    refused(game, 0, CommitCard(card=LADY_7), "PASS-ONE-CARD")  # seat 1 holds it
    assert game.state.commitments == {}


@pytest.mark.rule("PASS-ONE-CARD")
def test_PASS_ONE_CARD_when_playing_a_card_not_in_hand_then_refused() -> None:
    game = new_game(3, hands=SIMPLE_HANDS)
    commit_start(game, {0: LADY_5, 1: LADY_7, 2: LADY_6})

    refused(game, 1, PlayCard(card=SHERIFF_5), "PASS-ONE-CARD")  # seat 2 holds it
    refused(game, 1, PlayCard(card=LADY_7), "PASS-ONE-CARD")  # already used in the start round
    assert game.state.played_card is None


@pytest.mark.rule("PASS-ONE-CARD")
def test_PASS_ONE_CARD_given_a_card_played_this_turn_when_playing_another_then_refused() -> None:
    game = new_game(3, hands=SIMPLE_HANDS)
    commit_start(game, {0: LADY_5, 1: LADY_7, 2: LADY_6})
    when(game, 1, PlayCard(card=BANDIT_5))

    assert not any(isinstance(a, PlayCard) for a in game.legal_actions(1))
    refused(game, 1, PlayCard(card=BANDIT_6), "PASS-ONE-CARD")
    assert BANDIT_6 in game.state.players[1].hand


# -- [PASS-DISCARD] --------------------------------------------------------------------------------


@pytest.mark.rule("PASS-DISCARD")
def test_PASS_DISCARD_when_start_cards_are_revealed_then_they_go_face_up_on_the_discard() -> None:
    game = new_game(3, hands=SIMPLE_HANDS)

    commit_start(game, {0: LADY_5, 1: LADY_7, 2: LADY_6})

    assert game.state.discard == [
        DiscardedCard(LADY_5, True, None),
        DiscardedCard(LADY_7, True, None),
        DiscardedCard(LADY_6, True, None),
    ]


@pytest.mark.rule("PASS-DISCARD")
def test_PASS_DISCARD_given_a_picture_card_when_resolved_then_it_goes_face_up() -> None:
    game = new_game(3, hands={0: [LADY_5], 1: [LADY_7, COWBOY_PIC_2], 2: [LADY_6]})
    stones(game, 0, "saloon", [], figure=Figure.COWBOY)
    commit_start(game, {0: LADY_5, 1: LADY_7, 2: LADY_6})
    before = list(game.state.discard)

    when(game, 1, PlayCard(card=COWBOY_PIC_2))
    assert game.state.discard == before  # not yet resolved
    recorded = when(game, 1, Done())

    assert only(recorded, CardResolved).card == COWBOY_PIC_2
    assert game.state.discard == [*before, DiscardedCard(COWBOY_PIC_2, True, None)]


@pytest.mark.rule("PASS-DISCARD")
def test_PASS_DISCARD_given_number_cards_played_then_each_goes_face_up_once_resolved() -> None:
    game = new_game(3, hands=SIMPLE_HANDS)
    commit_start(game, {0: LADY_5, 1: LADY_7, 2: LADY_6})

    play_setting_round(game, {0: COWBOY_5, 1: BANDIT_5, 2: SHERIFF_5})

    assert game.state.discard[3:] == [
        DiscardedCard(BANDIT_5, True, None),
        DiscardedCard(SHERIFF_5, True, None),
        DiscardedCard(COWBOY_5, True, None),
    ]


@pytest.mark.rule("PASS-DISCARD")
def test_PASS_DISCARD_given_duel_cards_never_revealed_then_they_go_face_down_with_owner() -> None:
    game = new_game(3, hands=SIMPLE_HANDS)

    play_simple_pass(game)

    assert game.state.discard[-3:] == [
        DiscardedCard(COWBOY_7, False, 0),
        DiscardedCard(BANDIT_7, False, 1),
        DiscardedCard(SHERIFF_7, False, 2),
    ]
    assert len(game.state.discard) == 12
    assert sum(1 for entry in game.state.discard if entry.face_up) == 9


@pytest.mark.rule("PASS-DISCARD")
def test_PASS_DISCARD_given_a_duel_then_revealed_cards_face_up_unplayed_card_face_down() -> None:
    game, recorded = duel_round_with_extra_card()

    discarded = only(recorded, CardsDiscarded)
    assert (discarded.seat, discarded.cards) == (1, (SHERIFF_7,))
    discard = game.state.discard
    assert DiscardedCard(GUNMAN_7, True, None) in discard
    assert DiscardedCard(QUESTION_1, True, None) in discard
    assert discard[-1] == DiscardedCard(SHERIFF_7, False, 1)


# -- [PASS-RESHUFFLE] ------------------------------------------------------------------------------


@pytest.mark.rule("PASS-RESHUFFLE")
def test_PASS_RESHUFFLE_given_five_players_when_pass_2_is_dealt_then_discard_reshuffled() -> None:
    hands = {
        0: [LADY_5, LADY_6, LADY_7, GUNMAN_5],
        1: [GUNMAN_6, GUNMAN_7, SHERIFF_5, SHERIFF_6],
        2: [SHERIFF_7, BANDIT_5, BANDIT_6, BANDIT_7],
        3: [COWBOY_5, COWBOY_6, COWBOY_7, LADY_PIC_3],
        4: [LADY_PIC_2, GUNMAN_PIC_2, GUNMAN_PIC_3, SHERIFF_PIC_2],
    }
    game = new_game(5, hands=hands)
    first_pass_cards = {c for hand in hands.values() for c in hand}
    recorded = commit_start(game, {seat: hand[0] for seat, hand in hands.items()})
    for round_index in (1, 2):
        for seat in game.state.order:
            recorded += when(game, seat, PlayCard(card=hands[seat][round_index]))
            recorded += when(game, seat, EndTurn())

    deal = recorded[names(recorded).index("PassBegan") :]
    assert names(deal)[:6] == [
        "PassBegan", "CardsDealt", "CardsDealt", "CardsDealt", "DrawPileShuffled", "CardsDealt",
    ]  # fmt: skip
    reshuffle = only(deal, DrawPileShuffled)
    assert reshuffle.from_discard is True
    assert sorted(reshuffle.order) == sorted(first_pass_cards)
    held_before = {c for e in of_type(deal, CardsDealt)[:3] for c in e.cards}
    assert not held_before & set(reshuffle.order)  # cards in hands are never reshuffled
    assert [p.hand for p in game.state.players[:3]] == [list(e.cards) for e in of_type(deal, CardsDealt)[:3]]
    assert game.state.players[3].hand + game.state.players[4].hand == list(reshuffle.order[:8])
    assert game.state.draw_pile == list(reshuffle.order[8:])
    assert game.state.discard == []


@pytest.mark.rule("PASS-RESHUFFLE")
def test_PASS_RESHUFFLE_given_an_empty_draw_pile_when_e05_draws_then_discard_reshuffled() -> None:
    game = new_game(3, hands={0: [LADY_5], 1: [LADY_7, QUESTION_1], 2: [LADY_6]}, events=["E05"])
    commit_start(game, {0: LADY_5, 1: LADY_7, 2: LADY_6})
    given(game, DrawPileShuffled(order=(), from_discard=False))  # the draw pile ran out
    in_hands = {c for p in game.state.players for c in p.hand}

    recorded = when(game, 1, PlayCard(card=QUESTION_1))

    reshuffle = only(recorded, DrawPileShuffled)
    assert reshuffle.from_discard is True
    assert sorted(reshuffle.order) == sorted([LADY_5, LADY_7, LADY_6])
    assert not in_hands & set(reshuffle.order)
    drawn = only(recorded, CardsDrawn)
    assert (drawn.seat, drawn.cards) == (1, reshuffle.order[:1])
    assert names(recorded).index("DrawPileShuffled") < names(recorded).index("CardsDrawn")


@pytest.mark.rule("PASS-RESHUFFLE")
def test_PASS_RESHUFFLE_given_both_piles_empty_when_e05_draws_then_the_draw_is_skipped() -> None:
    game = new_game(3, hands={0: [LADY_5], 1: [LADY_7, QUESTION_1], 2: [LADY_6]}, events=["E05"])
    commit_start(game, {0: LADY_5, 1: LADY_7, 2: LADY_6})
    given(game, DrawPileShuffled(order=(), from_discard=True))  # draw and discard piles empty
    hand_before = [c for c in game.state.players[1].hand if c != QUESTION_1]

    recorded = when(game, 1, PlayCard(card=QUESTION_1))

    assert only(recorded, EventCardDrawn).event == "E05"
    assert of_type(recorded, CardsDrawn) == []
    assert of_type(recorded, DrawPileShuffled) == []
    assert only(recorded, EventCardResolved).event == "E05"
    assert game.state.players[1].hand == hand_before


@pytest.mark.rule("PASS-RESHUFFLE")
def test_PASS_RESHUFFLE_given_an_empty_event_pile_when_a_question_draws_then_reshuffled() -> None:
    game = new_game(3, hands={0: [LADY_5], 1: [LADY_7], 2: [QUESTION_2]})
    given(
        game,
        EventPileShuffled(order=(), from_discard=False),  # every event card has been drawn ...
        EventCardResolved(seat=0, event="E28"),  # ... and two lie on the event discard pile
        EventCardResolved(seat=0, event="E20"),
    )

    recorded = commit_start(game, {0: LADY_5, 1: LADY_7, 2: QUESTION_2})

    reshuffle = only(recorded, EventPileShuffled)
    assert reshuffle.from_discard is True
    assert sorted(reshuffle.order) == ["E20", "E28"]
    assert only(recorded, EventCardDrawn).event == reshuffle.order[0]
    assert game.state.event_pile == list(reshuffle.order[1:])
    assert game.state.event_discard == [reshuffle.order[0]]


# -- [RANK-FIGURE] [RANK-QUESTION] [RANK-KEY] ------------------------------------------------------


@pytest.mark.rule("RANK-FIGURE")
def test_RANK_FIGURE_lady_7_beats_lady_5_which_beats_gunman_7() -> None:
    assert rank_key(CARDS[LADY_7]) > rank_key(CARDS[LADY_5]) > rank_key(CARDS[GUNMAN_7])


@pytest.mark.rule("RANK-FIGURE")
def test_RANK_FIGURE_figures_rank_lady_gunman_sheriff_bandit_cowboy() -> None:
    sevens = [LADY_7, GUNMAN_7, SHERIFF_7, BANDIT_7, COWBOY_7]

    assert sorted(sevens, key=lambda c: rank_key(CARDS[c]), reverse=True) == sevens
    assert rank_key(CARDS[COWBOY_7]) < rank_key(CARDS[BANDIT_5])


@pytest.mark.rule("RANK-FIGURE")
def test_RANK_FIGURE_a_picture_card_ranks_by_figure_then_by_its_dots() -> None:
    assert rank_key(CARDS[LADY_PIC_3]) == (5, 3)
    assert rank_key(CARDS[LADY_PIC_3]) > rank_key(CARDS[GUNMAN_7])
    assert rank_key(CARDS[LADY_PIC_3]) < rank_key(CARDS[LADY_5])
    assert rank_key(CARDS[COWBOY_PIC_2]) == (1, 2)


@pytest.mark.rule("RANK-FIGURE")
def test_RANK_FIGURE_given_lady_5_and_gunman_7_in_the_start_round_then_lady_starts() -> None:
    game = new_game(2, hands={0: [GUNMAN_7], 1: [LADY_5]})

    commit_start(game, {0: GUNMAN_7, 1: LADY_5})

    assert game.state.start_player == 1


@pytest.mark.rule("RANK-QUESTION")
def test_RANK_QUESTION_a_question_card_ranks_below_every_figure_card() -> None:
    question = rank_key(CARDS[QUESTION_1])
    figure_cards = [c for c in CARDS.values() if c.kind in (CardKind.NUMBER, CardKind.PICTURE)]

    assert len(figure_cards) == 25
    assert all(question < rank_key(card) for card in figure_cards)


@pytest.mark.rule("RANK-QUESTION")
def test_RANK_QUESTION_given_question_against_cowboy_2_when_revealed_then_cowboy_starts() -> None:
    game = new_game(2, hands={0: [QUESTION_1], 1: [COWBOY_PIC_2]})

    commit_start(game, {0: QUESTION_1, 1: COWBOY_PIC_2})

    assert game.state.start_player == 1


@pytest.mark.rule("RANK-KEY")
def test_RANK_KEY_figure_cards_key_by_figure_rank_and_value() -> None:
    assert rank_key(CARDS[LADY_7]) == (5, 7)
    assert rank_key(CARDS[GUNMAN_5]) == (4, 5)
    assert rank_key(CARDS[SHERIFF_6]) == (3, 6)
    assert rank_key(CARDS[BANDIT_5]) == (2, 5)
    assert rank_key(CARDS[COWBOY_5]) == (1, 5)


@pytest.mark.rule("RANK-KEY")
def test_RANK_KEY_question_and_forced_indian_both_key_zero_zero() -> None:
    assert rank_key(CARDS[QUESTION_1]) == (0, 0)
    assert rank_key(CARDS[INDIAN_1]) == (0, 0)
    assert {rank_key(c) for c in CARDS.values() if c.kind is CardKind.QUESTION} == {(0, 0)}
    assert {rank_key(c) for c in CARDS.values() if c.kind is CardKind.INDIAN} == {(0, 0)}


@pytest.mark.rule("RANK-KEY")
def test_RANK_KEY_every_figure_card_of_the_default_deck_has_a_distinct_key() -> None:
    keys = [rank_key(c) for c in CARDS.values() if c.kind in (CardKind.NUMBER, CardKind.PICTURE)]

    assert len(keys) == 25
    assert len(set(keys)) == 25
