"""The start round (RULES.md section 5): secret commitments revealed together, no Indian unless the
hand holds nothing else (a forced Indian), the start player by highest card or by lot, and the "?"
owners' event cards drawn clockwise from the start player before the first setting round.
"""

from __future__ import annotations

import pytest
from domain.dodgecity.actions import CommitCard, PlaceStone
from domain.dodgecity.decisions import DecisionKind
from domain.dodgecity.figures import Figure
from domain.events.dodgecity import (
    DomainEvent,
    EventCardDrawn,
    EventCardResolved,
    MoneyPaid,
    MoneyReceived,
    Stage,
    StageBegan,
    StartCardCommitted,
    StartCardsRevealed,
    StartPlayerChosen,
    TurnBegan,
    Variants,
)

from tests.builders import (
    COWBOY_5,
    COWBOY_PIC_2,
    GUNMAN_7,
    INDIAN_1,
    INDIAN_2,
    INDIAN_3,
    LADY_5,
    LADY_6,
    LADY_7,
    QUESTION_1,
    QUESTION_2,
    QUESTION_3,
    QUESTION_4,
    SHERIFF_5,
    commit_start,
    names,
    new_game,
    of_type,
    only,
    refused,
    when,
)

# Card ids of the 44-card deck (deck.json ``variant_44``), which has four Indians.
V44 = Variants(deck="variant_44")
V44_COWBOY_4 = "C21"
V44_LADY_8 = "C05"
V44_INDIANS = ["C36", "C37", "C38", "C39"]
V44_QUESTION_1, V44_QUESTION_2 = "C40", "C41"

#: Event cards that pay money and need no decision.
E20_GAIN_400, E28_GAIN_300, E25_GAIN_800, E14_PAY_200 = "E20", "E28", "E25", "E14"


def drawn_events(events: list[DomainEvent]) -> list[tuple[int, str]]:
    return [(e.seat, e.event) for e in of_type(events, EventCardDrawn)]


def setting_round_began(events: list[DomainEvent]) -> bool:
    return any(e.stage is Stage.SETTING_ROUND_1 for e in of_type(events, StageBegan))


# -- [START-COMMIT] --------------------------------------------------------------------------------


@pytest.mark.rule("START-COMMIT")
def test_START_COMMIT_given_three_players_when_two_commit_then_nothing_is_revealed() -> None:
    game = new_game(3, hands={0: [LADY_5], 1: [LADY_7], 2: [LADY_6]})

    recorded = commit_start(game, {0: LADY_5, 1: LADY_7})

    assert names(recorded) == ["StartCardCommitted", "StartCardCommitted"]
    assert [(e.seat, e.card) for e in of_type(recorded, StartCardCommitted)] == [
        (0, LADY_5),
        (1, LADY_7),
    ]
    assert game.state.revealed == set()
    assert game.state.discard == []
    assert [(d.seat, d.kind) for d in game.pending()] == [(2, DecisionKind.COMMIT_START_CARD)]
    assert game.legal_actions(0) == []
    assert LADY_5 not in game.state.players[0].hand


@pytest.mark.rule("START-COMMIT")
def test_START_COMMIT_when_the_last_player_commits_then_all_cards_are_revealed_at_once() -> None:
    game = new_game(3, hands={0: [LADY_5], 1: [LADY_7], 2: [LADY_6]})
    commit_start(game, {2: LADY_6, 0: LADY_5})

    recorded = when(game, 1, CommitCard(card=LADY_7))

    assert names(recorded)[:3] == ["StartCardCommitted", "StartCardsRevealed", "StartPlayerChosen"]
    assert only(recorded, StartCardsRevealed).cards == ((0, LADY_5), (1, LADY_7), (2, LADY_6))
    assert game.state.revealed == {0, 1, 2}


@pytest.mark.rule("START-COMMIT")
def test_START_COMMIT_given_the_start_round_then_every_player_decides_at_the_same_time() -> None:
    game = new_game(3, hands={0: [LADY_5], 1: [LADY_7], 2: [LADY_6]})

    pending = game.pending()

    assert [(d.seat, d.kind) for d in pending] == [(seat, DecisionKind.COMMIT_START_CARD) for seat in range(3)]
    assert all(game.legal_actions(seat) for seat in range(3))


# -- [START-NO-INDIAN] -----------------------------------------------------------------------------


@pytest.mark.rule("START-NO-INDIAN")
def test_START_NO_INDIAN_given_an_indian_and_other_cards_when_committing_it_then_refused() -> None:
    game = new_game(3, hands={0: [INDIAN_1, COWBOY_5, SHERIFF_5, LADY_5]})

    refused(game, 0, CommitCard(card=INDIAN_1), "START-NO-INDIAN")
    assert CommitCard(card=INDIAN_1) not in game.legal_actions(0)
    assert sorted(a.card for a in game.legal_actions(0) if isinstance(a, CommitCard)) == sorted([COWBOY_5, SHERIFF_5, LADY_5])
    assert game.state.commitments == {}


@pytest.mark.rule("START-NO-INDIAN")
def test_START_NO_INDIAN_given_three_indians_and_a_question_then_only_the_question() -> None:
    game = new_game(3, hands={0: [INDIAN_1, INDIAN_2, INDIAN_3, QUESTION_1]})

    assert game.legal_actions(0) == [CommitCard(card=QUESTION_1)]
    refused(game, 0, CommitCard(card=INDIAN_2), "START-NO-INDIAN")


@pytest.mark.rule("START-NO-INDIAN")
def test_START_NO_INDIAN_given_a_hand_of_only_indians_then_an_indian_is_the_commitment() -> None:
    game = new_game(2, hands={0: V44_INDIANS, 1: [V44_LADY_8]}, variants=V44)

    assert sorted(a.card for a in game.legal_actions(0) if isinstance(a, CommitCard)) == V44_INDIANS
    recorded = when(game, 0, CommitCard(card=V44_INDIANS[0]))

    assert [(e.seat, e.card) for e in of_type(recorded, StartCardCommitted)] == [(0, V44_INDIANS[0])]


@pytest.mark.rule("START-NO-INDIAN")
def test_START_NO_INDIAN_given_a_forced_indian_then_it_ranks_lowest_and_draws_no_event() -> None:
    game = new_game(2, hands={0: V44_INDIANS, 1: [V44_COWBOY_4]}, variants=V44)

    recorded = commit_start(game, {0: V44_INDIANS[0], 1: V44_COWBOY_4})

    chosen = only(recorded, StartPlayerChosen)
    assert (chosen.seat, chosen.by_lot) == (1, False)
    assert of_type(recorded, EventCardDrawn) == []
    assert [p.money for p in game.state.players] == [2000, 2000]
    assert [e.seat for e in of_type(recorded, TurnBegan)] == [1]


# -- [START-PLAYER] --------------------------------------------------------------------------------


@pytest.mark.rule("START-PLAYER")
def test_START_PLAYER_given_lady_7_is_highest_then_its_owner_starts_the_rounds() -> None:
    game = new_game(3, hands={0: [GUNMAN_7], 1: [LADY_5], 2: [LADY_7]})

    recorded = commit_start(game, {0: GUNMAN_7, 1: LADY_5, 2: LADY_7})

    chosen = only(recorded, StartPlayerChosen)
    assert (chosen.seat, chosen.tied, chosen.by_lot) == (2, (), False)
    assert game.state.start_player == 2
    assert game.state.order == (2, 0, 1)
    assert names(recorded)[-2:] == ["StageBegan", "TurnBegan"]
    assert only(recorded, TurnBegan).seat == 2


@pytest.mark.rule("START-PLAYER")
def test_START_PLAYER_given_a_figure_card_against_two_questions_then_no_lot_is_drawn() -> None:
    game = new_game(3, hands={0: [QUESTION_1], 1: [COWBOY_PIC_2], 2: [QUESTION_2]})

    recorded = commit_start(game, {0: QUESTION_1, 1: COWBOY_PIC_2, 2: QUESTION_2})

    chosen = only(recorded, StartPlayerChosen)
    assert (chosen.seat, chosen.tied, chosen.by_lot) == (1, (), False)


@pytest.mark.rule("START-PLAYER")
@pytest.mark.parametrize("lot", [0, 1, 2])
def test_START_PLAYER_given_two_questions_and_a_forced_indian_then_the_lot_decides(
    lot: int,
) -> None:
    game = new_game(
        3,
        hands={0: V44_INDIANS, 1: [V44_QUESTION_1], 2: [V44_QUESTION_2]},
        variants=V44,
        picks=[lot],
    )

    recorded = commit_start(game, {0: V44_INDIANS[0], 1: V44_QUESTION_1, 2: V44_QUESTION_2})

    chosen = only(recorded, StartPlayerChosen)
    assert (chosen.seat, chosen.tied, chosen.by_lot) == (lot, (0, 1, 2), True)
    assert game.state.start_player == lot
    assert of_type(recorded, TurnBegan)[0].seat == lot


@pytest.mark.rule("START-PLAYER")
@pytest.mark.parametrize("lot", [1, 3])
def test_START_PLAYER_given_four_questions_then_the_lot_decides_among_all(lot: int) -> None:
    hands = {0: [QUESTION_1], 1: [QUESTION_2], 2: [QUESTION_3], 3: [QUESTION_4]}
    game = new_game(4, hands=hands, events=[E20_GAIN_400, E28_GAIN_300, E25_GAIN_800, E14_PAY_200], picks=[lot])

    recorded = commit_start(game, {seat: hand[0] for seat, hand in hands.items()})

    chosen = only(recorded, StartPlayerChosen)
    assert (chosen.seat, chosen.tied, chosen.by_lot) == (lot, (0, 1, 2, 3), True)
    assert of_type(recorded, TurnBegan)[0].seat == lot


# -- [START-QUESTION] ------------------------------------------------------------------------------


@pytest.mark.rule("START-QUESTION")
def test_START_QUESTION_given_three_questions_then_events_are_drawn_clockwise_from_start() -> None:
    game = new_game(
        4,
        hands={0: [QUESTION_1], 1: [QUESTION_2], 2: [LADY_7], 3: [QUESTION_3]},
        events=[E20_GAIN_400, E28_GAIN_300, E25_GAIN_800],
    )

    recorded = commit_start(game, {0: QUESTION_1, 1: QUESTION_2, 2: LADY_7, 3: QUESTION_3})

    assert only(recorded, StartPlayerChosen).seat == 2
    assert drawn_events(recorded) == [(3, E20_GAIN_400), (0, E28_GAIN_300), (1, E25_GAIN_800)]
    assert [p.money for p in game.state.players] == [2300, 2800, 2000, 2400]
    sequence = names(recorded)
    last_resolved = max(i for i, name in enumerate(sequence) if name == "EventCardResolved")
    assert sequence[last_resolved + 1 :] == ["StageBegan", "TurnBegan"]
    assert names(recorded).index("StartPlayerChosen") < names(recorded).index("EventCardDrawn")


@pytest.mark.rule("START-QUESTION")
def test_START_QUESTION_given_each_event_then_it_is_resolved_before_the_next_is_drawn() -> None:
    game = new_game(
        3,
        hands={0: [LADY_7], 1: [QUESTION_1], 2: [QUESTION_2]},
        events=[E28_GAIN_300, E14_PAY_200],
    )

    recorded = commit_start(game, {0: LADY_7, 1: QUESTION_1, 2: QUESTION_2})

    kinds = [(type(e).__name__, e.seat) for e in recorded if isinstance(e, (EventCardDrawn, EventCardResolved, MoneyReceived, MoneyPaid))]
    assert kinds == [
        ("EventCardDrawn", 1),
        ("MoneyReceived", 1),
        ("EventCardResolved", 1),
        ("EventCardDrawn", 2),
        ("MoneyPaid", 2),
        ("EventCardResolved", 2),
    ]


@pytest.mark.rule("START-QUESTION")
def test_START_QUESTION_given_an_event_needing_a_choice_then_the_round_waits_for_it() -> None:
    game = new_game(
        3,
        hands={0: [LADY_7], 1: [QUESTION_1], 2: [QUESTION_2]},
        events=["E11", E28_GAIN_300],
    )

    recorded = commit_start(game, {0: LADY_7, 1: QUESTION_1, 2: QUESTION_2})

    assert drawn_events(recorded) == [(1, "E11")]
    assert not setting_round_began(recorded)
    pending = game.pending()
    assert [(d.seat, d.kind, d.event) for d in pending] == [(1, DecisionKind.PLACE_EVENT_STONES, "E11")]
    assert game.legal_actions(0) == []

    recorded = when(game, 1, PlaceStone(building="saloon", row=1, col=1, figure=Figure.COWBOY))

    assert drawn_events(recorded) == [(2, E28_GAIN_300)]
    assert [e.event for e in of_type(recorded, EventCardResolved)] == ["E11", E28_GAIN_300]
    assert game.state.buildings["saloon"].stones == {(1, 1): 1}
    assert [p.money for p in game.state.players] == [2000, 2600, 2300]
    assert setting_round_began(recorded)
    assert game.state.turn == 0


@pytest.mark.rule("START-QUESTION")
def test_START_QUESTION_given_the_start_player_holds_a_question_then_he_draws_first() -> None:
    game = new_game(
        3,
        hands={0: [QUESTION_1], 1: [QUESTION_2], 2: [QUESTION_3]},
        events=[E20_GAIN_400, E28_GAIN_300, E25_GAIN_800],
        picks=[1],
    )

    recorded = commit_start(game, {0: QUESTION_1, 1: QUESTION_2, 2: QUESTION_3})

    assert only(recorded, StartPlayerChosen).seat == 1
    assert drawn_events(recorded) == [(1, E20_GAIN_400), (2, E28_GAIN_300), (0, E25_GAIN_800)]


@pytest.mark.rule("START-QUESTION")
def test_START_QUESTION_given_a_forced_indian_and_questions_then_only_questions_draw() -> None:
    game = new_game(
        3,
        hands={0: V44_INDIANS, 1: [V44_QUESTION_1], 2: [V44_QUESTION_2]},
        variants=V44,
        events=[E20_GAIN_400, E28_GAIN_300],
        picks=[0],
    )

    recorded = commit_start(game, {0: V44_INDIANS[0], 1: V44_QUESTION_1, 2: V44_QUESTION_2})

    assert only(recorded, StartPlayerChosen).seat == 0
    assert drawn_events(recorded) == [(1, E20_GAIN_400), (2, E28_GAIN_300)]
    assert game.state.players[0].money == 2000


@pytest.mark.rule("START-QUESTION")
def test_START_QUESTION_given_no_question_revealed_then_no_event_is_drawn() -> None:
    game = new_game(3, hands={0: [LADY_5], 1: [LADY_7], 2: [LADY_6]})

    recorded = commit_start(game, {0: LADY_5, 1: LADY_7, 2: LADY_6})

    assert of_type(recorded, EventCardDrawn) == []
    assert len(game.state.event_pile) == 32
    assert setting_round_began(recorded)
