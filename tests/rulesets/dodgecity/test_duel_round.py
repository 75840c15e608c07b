"""The duel round (RULES.md section 8, [DUEL-*]): secret simultaneous commitment of the last card,
the challenge chain round the table, duels and the winner's stone removal, "?" cards and their
events, forced Indians, control disputes between several controllers of a building, and what
happens to cards that are never revealed.

Every test plays a real first pass: the start round and both setting rounds with arranged hands
(each seat commits its first card, then plays a number card and buys nothing in each setting turn),
with stones placed beforehand where the duel round needs them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

import msgspec
import pytest
from domain.dodgecity.actions import Challenge, CommitCard, Done, EndTurn, Pass, PlayCard, RemoveStone
from domain.dodgecity.decisions import Decision, DecisionKind
from domain.dodgecity.rules.versions import RULES_1_0
from domain.dodgecity.ruleset import RULES_VERSION, DodgeCityGame
from domain.dodgecity.state import DiscardedCard
from domain.events.base import NO_GAME
from domain.events.dodgecity import (
    BuildingScored,
    CardRevealed,
    CardsDiscarded,
    ChallengeIssued,
    ChallengePassed,
    DisputeResolved,
    DomainEvent,
    DuelCardCommitted,
    DuelFought,
    EventCardDrawn,
    EventCardResolved,
    PassReason,
    Stage,
    StageBegan,
    StoneRemovalDeclined,
    StoneRemoved,
    Variants,
)
from domain.events.dodgecity.values import Cell

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
    INDIAN_1,
    INDIAN_2,
    LADY_5,
    LADY_6,
    LADY_7,
    QUESTION_1,
    QUESTION_2,
    QUESTION_3,
    SHERIFF_5,
    SHERIFF_6,
    SHERIFF_7,
    commit_start,
    names,
    new_game,
    of_type,
    only,
    refused,
    stones,
    when,
)

E = TypeVar("E", bound=DomainEvent)

# -- arranged hands -------------------------------------------------------------------------------

#: Start cards by rank: the start player gets the first, the next seat clockwise the second, ...
START_CARDS = (LADY_7, GUNMAN_7, SHERIFF_7, COWBOY_PIC_2)
#: The number cards each seat plays in its two setting turns.
SETTING_CARDS: dict[int, tuple[str, str]] = {
    0: (COWBOY_5, BANDIT_5),
    1: (COWBOY_6, BANDIT_6),
    2: (COWBOY_7, BANDIT_7),
    3: (SHERIFF_5, SHERIFF_6),
}
#: Simple event cards for "?" draws: the bank pays the drawer, no decision needed.
E20_GAIN_400, E28_GAIN_300 = "E20", "E28"
#: "You draw an extra card" (pay $100, draw one playing card).
E05_EXTRA_CARD, E24_EXTRA_CARD = "E05", "E24"

# -- stones ---------------------------------------------------------------------------------------

#: Two chains in the Hotel (5 landmarks, any 4) that both control it, so two players share control.
HOTEL_A = [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (4, 2), (4, 3)]
HOTEL_B = [(0, 3), (0, 4), (0, 5), (0, 6), (1, 5), (2, 5), (3, 5), (3, 4), (5, 4), (5, 3), (5, 2)]
#: Two sets in the Post Office that both connect its 4 landmarks (through landmark junctions).
POST_A = [(0, 0), (0, 1), (0, 3), (0, 4), (1, 0), (1, 4), (2, 4), (2, 5), (2, 6), (3, 4)]
POST_B = [(1, 1), (1, 2), (2, 1), (3, 1), (4, 1), (4, 2), (4, 3), (4, 5), (4, 6)]


def duel_game(
    duel_cards: Mapping[int, str],
    *,
    players: int = 3,
    start_player: int = 0,
    setting: Mapping[int, tuple[str, str]] | None = None,
    events: Sequence[str] = (),
    draw_next: Sequence[str] = (),
    variants: Variants | None = None,
    rules_version: str = RULES_VERSION,
) -> DodgeCityGame:
    """A new game whose hands are: a start card that makes ``start_player`` start, two setting
    cards, and the given duel card."""
    cards = {**SETTING_CARDS, **(setting or {})}
    hands = {seat: [START_CARDS[(seat - start_player) % players], *cards[seat], duel_cards[seat]] for seat in range(players)}
    return new_game(players, hands=hands, events=events, draw_next=draw_next, variants=variants, rules_version=rules_version)


def play_to_duel_round(game: DodgeCityGame) -> list[DomainEvent]:
    """Given: the start round and both setting rounds are played. Every seat commits its first
    card, then plays its next card in each setting turn and buys nothing. Returns the events."""
    recorded = commit_start(game, {p.seat: p.hand[0] for p in game.state.players})
    for _ in range(2):
        for seat in game.state.order:
            card = game.state.players[seat].hand[0]
            recorded += when(game, seat, PlayCard(card=card)) + when(game, seat, EndTurn())
    return recorded


def share(game: DodgeCityGame, building: str, cells_by_seat: Mapping[int, Iterable[Cell]]) -> None:
    """Given: each seat has stones on these fields of the building."""
    for seat, cells in cells_by_seat.items():
        stones(game, seat, building, cells)


def hold_chain(game: DodgeCityGame) -> None:
    """Given: seats 1 and 2 share the Saloon, so the duel round stops at a challenge."""
    share(game, "saloon", {1: [(0, 3)], 2: [(0, 4)]})


def after(events: list[DomainEvent], marker: DomainEvent) -> list[DomainEvent]:
    return events[events.index(marker) + 1 :]


def stage_began(events: list[DomainEvent], stage: Stage) -> DomainEvent:
    return next(e for e in events if isinstance(e, StageBegan) and e.stage is stage)


def bare(event: E) -> E:
    """The event without the aggregate's stamp, to compare with an expected event."""
    return msgspec.structs.replace(event, originator_id=NO_GAME, originator_version=0)


def bare_all(events: Iterable[E]) -> list[E]:
    return [bare(e) for e in events]


def challenge_decision(seat: int) -> list[Decision]:
    return [Decision(seat=seat, kind=DecisionKind.CHALLENGE)]


# -- [DUEL-COMMIT] --------------------------------------------------------------------------------


@pytest.mark.rule("DUEL-COMMIT")
def test_DUEL_COMMIT_given_one_card_left_when_the_duel_round_begins_then_it_is_committed_for_each_seat() -> None:
    game = duel_game({0: LADY_5, 1: GUNMAN_5, 2: SHERIFF_5})
    hold_chain(game)

    events = play_to_duel_round(game)

    committed = of_type(after(events, stage_began(events, Stage.DUEL_ROUND)), DuelCardCommitted)
    assert [(e.seat, e.card, e.forced) for e in committed] == [
        (0, LADY_5, True),
        (1, GUNMAN_5, True),
        (2, SHERIFF_5, True),
    ]
    assert game.state.commitments == {0: LADY_5, 1: GUNMAN_5, 2: SHERIFF_5}
    assert all(not p.hand for p in game.state.players)


@pytest.mark.rule("DUEL-COMMIT")
def test_DUEL_COMMIT_given_an_extra_card_in_hand_when_the_duel_round_begins_then_that_seat_chooses() -> None:
    game = duel_game(
        {0: LADY_5, 1: GUNMAN_5, 2: SHERIFF_5},
        setting={0: (QUESTION_1, BANDIT_5)},
        events=[E05_EXTRA_CARD],
        draw_next=[LADY_6],
    )

    events = play_to_duel_round(game)

    committed = of_type(events, DuelCardCommitted)
    assert [(e.seat, e.forced) for e in committed] == [(1, True), (2, True)]
    assert game.state.stage is Stage.DUEL_ROUND
    assert game.pending() == [Decision(seat=0, kind=DecisionKind.COMMIT_DUEL_CARD)]
    assert game.legal_actions(0) == [CommitCard(card=LADY_5), CommitCard(card=LADY_6)]


@pytest.mark.rule("DUEL-COMMIT")
def test_DUEL_COMMIT_given_a_chosen_card_when_committed_then_it_is_not_forced_and_the_rest_is_discarded_face_down() -> None:
    game = duel_game(
        {0: LADY_5, 1: GUNMAN_5, 2: SHERIFF_5},
        setting={0: (QUESTION_1, BANDIT_5)},
        events=[E05_EXTRA_CARD],
        draw_next=[LADY_6],
    )
    hold_chain(game)
    play_to_duel_round(game)

    events = when(game, 0, CommitCard(card=LADY_6))

    assert bare(only(events, DuelCardCommitted)) == DuelCardCommitted(seat=0, card=LADY_6, forced=False)
    assert bare(only(events, CardsDiscarded)) == CardsDiscarded(seat=0, cards=(LADY_5,))
    assert game.state.discard[-1] == DiscardedCard(LADY_5, face_up=False, owner=0)
    assert game.state.players[0].hand == []
    assert game.state.commitments[0] == LADY_6


@pytest.mark.rule("DUEL-COMMIT")
def test_DUEL_COMMIT_given_two_seats_choosing_when_the_later_seat_commits_first_then_nothing_is_revealed_until_the_last() -> None:
    game = duel_game(
        {0: LADY_5, 1: GUNMAN_5, 2: SHERIFF_5},
        setting={0: (QUESTION_1, BANDIT_5), 1: (QUESTION_2, BANDIT_6)},
        events=[E05_EXTRA_CARD, E24_EXTRA_CARD],
        draw_next=[LADY_6, GUNMAN_6],
    )
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)]})
    play_to_duel_round(game)
    assert {d.seat for d in game.pending()} == {0, 1}

    first = when(game, 1, CommitCard(card=GUNMAN_6))

    assert names(first) == ["DuelCardCommitted"]
    assert game.pending() == [Decision(seat=0, kind=DecisionKind.COMMIT_DUEL_CARD)]
    assert game.legal_actions(1) == []

    last = when(game, 0, CommitCard(card=LADY_5))

    assert names(last) == ["DuelCardCommitted", "CardsDiscarded", "CardsDiscarded", "StageBegan"]
    assert game.state.stage is Stage.CHALLENGES
    assert game.pending() == challenge_decision(0)


def indian_and_one_other_game(extra: str, *, rules_version: str = RULES_VERSION) -> DodgeCityGame:
    """Seat 0 reaches the duel round holding an Indian and ``extra`` (an extra card drawn)."""
    game = duel_game(
        {0: INDIAN_1, 1: GUNMAN_5, 2: SHERIFF_5},
        setting={0: (QUESTION_1, BANDIT_5)},
        events=[E05_EXTRA_CARD],
        draw_next=[extra],
        rules_version=rules_version,
    )
    hold_chain(game)
    return game


@pytest.mark.rule("DUEL-COMMIT")
def test_DUEL_COMMIT_given_an_indian_and_one_other_card_when_the_duel_round_begins_then_the_seat_is_asked_and_may_commit_only_the_other() -> (
    None
):
    game = indian_and_one_other_game(LADY_6)

    events = play_to_duel_round(game)

    # Hand sizes are public: committing a two-card hand at once would tell it held an Indian.
    assert [e.seat for e in of_type(events, DuelCardCommitted)] == [1, 2]
    assert game.pending() == [Decision(seat=0, kind=DecisionKind.COMMIT_DUEL_CARD)]
    assert game.legal_actions(0) == [CommitCard(card=LADY_6)]
    refused(game, 0, CommitCard(card=INDIAN_1), "DUEL-NO-INDIAN")

    committed = when(game, 0, CommitCard(card=LADY_6))

    assert bare(committed[0]) == DuelCardCommitted(seat=0, card=LADY_6, forced=False)
    assert CardsDiscarded(seat=0, cards=(INDIAN_1,)) in bare_all(of_type(committed, CardsDiscarded))
    assert game.state.commitments[0] == LADY_6


@pytest.mark.rule("DUEL-COMMIT")
def test_DUEL_COMMIT_given_only_indians_in_a_hand_of_two_when_the_duel_round_begins_then_the_seat_is_asked_and_commits_a_forced_indian() -> (
    None
):
    game = indian_and_one_other_game(INDIAN_2)

    events = play_to_duel_round(game)

    assert [e.seat for e in of_type(events, DuelCardCommitted)] == [1, 2]
    assert game.pending() == [Decision(seat=0, kind=DecisionKind.COMMIT_DUEL_CARD)]
    assert game.legal_actions(0) == [CommitCard(card=INDIAN_1), CommitCard(card=INDIAN_2)]

    committed = when(game, 0, CommitCard(card=INDIAN_2))

    assert bare(committed[0]) == DuelCardCommitted(seat=0, card=INDIAN_2, forced=False)
    assert game.state.stage is Stage.CHALLENGES
    assert game.state.commitments[0] == INDIAN_2


@pytest.mark.rule("DUEL-COMMIT")
def test_DUEL_COMMIT_given_a_game_of_rules_1_0_and_an_indian_and_one_other_card_when_the_duel_round_begins_then_the_other_is_committed_at_once() -> (
    None
):
    game = indian_and_one_other_game(LADY_6, rules_version=RULES_1_0)

    events = play_to_duel_round(game)

    assert bare(of_type(events, DuelCardCommitted)[0]) == DuelCardCommitted(seat=0, card=LADY_6, forced=True)
    assert CardsDiscarded(seat=0, cards=(INDIAN_1,)) in bare_all(of_type(events, CardsDiscarded))
    assert game.state.commitments[0] == LADY_6


@pytest.mark.rule("DUEL-COMMIT")
def test_DUEL_COMMIT_given_a_game_of_rules_1_0_and_only_indians_in_hand_when_the_duel_round_begins_then_a_forced_indian_is_committed_at_once() -> (
    None
):
    game = indian_and_one_other_game(INDIAN_2, rules_version=RULES_1_0)

    events = play_to_duel_round(game)

    forced = of_type(events, DuelCardCommitted)[0]
    assert forced.seat == 0
    assert forced.forced is True
    assert forced.card in (INDIAN_1, INDIAN_2)
    assert game.state.stage is Stage.CHALLENGES


# -- [DUEL-NO-INDIAN] -----------------------------------------------------------------------------


def indian_and_two_cards_game() -> DodgeCityGame:
    """Seat 0 reaches the duel round holding an Indian, Lady 5 and Gunman 5 (two extra cards)."""
    game = duel_game(
        {0: INDIAN_1, 1: SHERIFF_5, 2: SHERIFF_6},
        setting={0: (QUESTION_1, QUESTION_2)},
        events=[E05_EXTRA_CARD, E24_EXTRA_CARD],
        draw_next=[LADY_5, GUNMAN_5],
    )
    play_to_duel_round(game)
    return game


@pytest.mark.rule("DUEL-NO-INDIAN")
def test_DUEL_NO_INDIAN_given_an_indian_and_other_cards_when_committing_the_indian_then_refused() -> None:
    game = indian_and_two_cards_game()
    assert sorted(game.state.players[0].hand) == sorted([INDIAN_1, LADY_5, GUNMAN_5])

    refused(game, 0, CommitCard(card=INDIAN_1), "DUEL-NO-INDIAN")

    assert game.legal_actions(0) == [CommitCard(card=LADY_5), CommitCard(card=GUNMAN_5)]


@pytest.mark.rule("DUEL-NO-INDIAN")
def test_DUEL_NO_INDIAN_given_a_forced_indian_when_his_turn_in_the_chain_comes_then_he_passes_and_can_still_be_challenged() -> None:
    game = duel_game({0: INDIAN_1, 1: GUNMAN_5, 2: SHERIFF_5})
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)]})

    events = play_to_duel_round(game)

    assert bare(only(events, ChallengePassed)) == ChallengePassed(seat=0, reason=PassReason.FORCED_INDIAN)
    assert game.pending() == challenge_decision(1)
    assert game.legal_actions(1) == [Challenge(opponent=0, building="saloon")]


@pytest.mark.rule("DUEL-NO-INDIAN")
@pytest.mark.rule("VAR")
def test_DUEL_NO_INDIAN_VAR_given_challenge_optional_and_a_forced_indian_with_an_opponent_when_his_turn_comes_then_he_is_asked_and_may_only_pass() -> (
    None
):
    game = duel_game({0: INDIAN_1, 1: GUNMAN_5, 2: SHERIFF_5}, variants=Variants(challenge_optional=True))
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)]})

    events = play_to_duel_round(game)

    # Asked as a seat with any other card would be: nothing in the chain tells of the Indian.
    assert not of_type(events, ChallengePassed)
    assert game.pending() == challenge_decision(0)
    assert game.legal_actions(0) == [Pass()]
    refused(game, 0, Challenge(opponent=1, building="saloon"), "DUEL-NO-INDIAN")

    passed = when(game, 0, Pass())

    assert bare(passed[0]) == ChallengePassed(seat=0, reason=PassReason.CHOSE_TO_PASS)
    assert game.pending() == challenge_decision(1)
    assert game.legal_actions(1) == [Challenge(opponent=0, building="saloon"), Pass()]


@pytest.mark.rule("DUEL-NO-INDIAN")
@pytest.mark.parametrize("optional", [False, True], ids=["compulsory", "challenge_optional"])
def test_DUEL_NO_INDIAN_given_a_forced_indian_and_no_possible_opponent_when_his_turn_comes_then_he_passes_for_want_of_an_opponent(
    optional: bool,
) -> None:
    game = duel_game({0: INDIAN_1, 1: GUNMAN_5, 2: SHERIFF_5}, variants=Variants(challenge_optional=optional))
    hold_chain(game)

    events = play_to_duel_round(game)

    # Any card of his would pass so: the reason tells nothing of it.
    assert bare(of_type(events, ChallengePassed)[0]) == ChallengePassed(seat=0, reason=PassReason.NO_OPPONENT)


@pytest.mark.rule("DUEL-NO-INDIAN")
@pytest.mark.parametrize("optional", [False, True], ids=["compulsory", "challenge_optional"])
def test_DUEL_NO_INDIAN_given_a_game_of_rules_1_0_and_a_forced_indian_when_his_turn_comes_then_he_is_passed_over_for_the_indian(
    optional: bool,
) -> None:
    game = duel_game({0: INDIAN_1, 1: GUNMAN_5, 2: SHERIFF_5}, variants=Variants(challenge_optional=optional), rules_version=RULES_1_0)
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)]})
    stones(game, 2, "post", [(0, 0)])

    events = play_to_duel_round(game)

    assert bare(of_type(events, ChallengePassed)[0]) == ChallengePassed(seat=0, reason=PassReason.FORCED_INDIAN)
    assert game.pending() == challenge_decision(1)


@pytest.mark.rule("DUEL-NO-INDIAN")
def test_DUEL_NO_INDIAN_given_a_forced_indian_when_challenged_by_a_figure_card_then_he_loses() -> None:
    game = duel_game({0: INDIAN_1, 1: GUNMAN_6, 2: SHERIFF_5})
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)]})
    play_to_duel_round(game)

    events = when(game, 1, Challenge(opponent=0, building="saloon"))

    fought = only(events, DuelFought)
    assert (fought.challenger_card, fought.opponent_card, fought.winner) == (GUNMAN_6, INDIAN_1, 1)
    assert game.pending() == [Decision(seat=1, kind=DecisionKind.REMOVE_LOSER_STONE, building="saloon", remaining=1)]


# -- [DUEL-CHAIN] ---------------------------------------------------------------------------------


@pytest.mark.rule("DUEL-CHAIN")
def test_DUEL_CHAIN_given_nobody_shares_a_building_when_the_chain_runs_then_each_seat_passes_once_from_the_start_player() -> None:
    game = duel_game({0: LADY_5, 1: GUNMAN_5, 2: SHERIFF_5}, start_player=1)
    stones(game, 0, "saloon", [(0, 1)])
    stones(game, 1, "post", [(0, 0)])

    events = play_to_duel_round(game)

    chain = after(events, stage_began(events, Stage.CHALLENGES))
    passed = of_type(chain, ChallengePassed)
    assert [(e.seat, e.reason) for e in passed] == [
        (1, PassReason.NO_OPPONENT),
        (2, PassReason.NO_OPPONENT),
        (0, PassReason.NO_OPPONENT),
    ]
    assert bare(chain[len(passed)]) == StageBegan(stage=Stage.CONTROL_DISPUTES)


@pytest.mark.rule("DUEL-CHAIN")
def test_DUEL_CHAIN_given_the_start_player_is_not_seat_0_when_the_chain_begins_then_the_start_player_challenges_first() -> None:
    game = duel_game({0: LADY_5, 1: GUNMAN_5, 2: SHERIFF_5}, start_player=2)
    share(game, "saloon", {0: [(0, 1)], 2: [(0, 3)]})
    share(game, "post", {0: [(0, 0)], 1: [(0, 1)]})

    play_to_duel_round(game)

    assert game.state.start_player == 2
    assert game.pending() == challenge_decision(2)
    assert game.legal_actions(2) == [Challenge(opponent=0, building="saloon")]


@pytest.mark.rule("DUEL-CHAIN")
def test_DUEL_CHAIN_given_an_opponent_is_available_when_passing_then_refused_because_the_challenge_is_compulsory() -> None:
    game = duel_game({0: LADY_5, 1: GUNMAN_5, 2: SHERIFF_5})
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)]})
    play_to_duel_round(game)

    refused(game, 0, Pass(), "DUEL-CHAIN")

    assert Pass() not in game.legal_actions(0)


@pytest.mark.rule("DUEL-CHAIN")
@pytest.mark.rule("VAR")
def test_DUEL_CHAIN_VAR_given_challenge_optional_when_passing_with_an_opponent_available_then_the_right_passes_on() -> None:
    game = duel_game({0: LADY_5, 1: GUNMAN_5, 2: SHERIFF_5}, variants=Variants(challenge_optional=True))
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)]})
    play_to_duel_round(game)
    assert Pass() in game.legal_actions(0)

    events = when(game, 0, Pass())

    assert bare(events[0]) == ChallengePassed(seat=0, reason=PassReason.CHOSE_TO_PASS)
    assert game.pending() == challenge_decision(1)
    assert game.legal_actions(1) == [Challenge(opponent=0, building="saloon"), Pass()]


@pytest.mark.rule("DUEL-CHAIN")
@pytest.mark.rule("VAR")
def test_DUEL_CHAIN_VAR_given_challenge_optional_and_everyone_passes_then_the_chain_goes_round_once() -> None:
    game = duel_game({0: LADY_5, 1: GUNMAN_5, 2: SHERIFF_5}, variants=Variants(challenge_optional=True))
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)], 2: [(0, 4)]})
    play_to_duel_round(game)

    events = when(game, 0, Pass()) + when(game, 1, Pass()) + when(game, 2, Pass())

    assert [e.seat for e in of_type(events, ChallengePassed)] == [0, 1, 2]
    assert not of_type(events, DuelFought)
    assert stage_began(events, Stage.CONTROL_DISPUTES)


@pytest.mark.rule("DUEL-CHAIN")
def test_DUEL_CHAIN_given_no_shared_building_when_challenging_that_opponent_then_refused() -> None:
    game = duel_game({0: LADY_5, 1: GUNMAN_5, 2: SHERIFF_5})
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)]})
    stones(game, 2, "post", [(0, 0)])
    play_to_duel_round(game)

    refused(game, 0, Challenge(opponent=2, building="saloon"), "DUEL-CHAIN")
    refused(game, 0, Challenge(opponent=2, building="post"), "DUEL-CHAIN")
    refused(game, 0, Challenge(opponent=1, building="post"), "DUEL-CHAIN")
    refused(game, 0, Challenge(opponent=0, building="saloon"), "DUEL-CHAIN")
    assert game.legal_actions(0) == [Challenge(opponent=1, building="saloon")]


@pytest.mark.rule("DUEL-CHAIN")
def test_DUEL_CHAIN_given_an_opponent_who_already_fought_when_challenging_him_then_refused() -> None:
    game = duel_game({0: LADY_5, 1: GUNMAN_5, 2: LADY_6, 3: GUNMAN_6}, players=4)
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)], 2: [(0, 4)]})
    share(game, "post", {2: [(0, 0)], 3: [(0, 1)]})
    play_to_duel_round(game)
    when(game, 0, Challenge(opponent=1, building="saloon"))
    when(game, 0, Done())
    assert game.pending() == challenge_decision(2)

    refused(game, 2, Challenge(opponent=0, building="saloon"), "DUEL-CHAIN")
    refused(game, 2, Challenge(opponent=1, building="saloon"), "DUEL-CHAIN")

    assert game.legal_actions(2) == [Challenge(opponent=3, building="post")]


@pytest.mark.rule("DUEL-CHAIN")
def test_DUEL_CHAIN_given_a_player_was_challenged_earlier_when_his_turn_comes_then_he_does_not_challenge() -> None:
    game = duel_game({0: LADY_5, 1: GUNMAN_5, 2: SHERIFF_5})
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)]})
    share(game, "post", {1: [(0, 0)], 2: [(0, 1)]})
    play_to_duel_round(game)

    events = when(game, 0, Challenge(opponent=1, building="saloon")) + when(game, 0, Done())

    assert [(e.challenger, e.opponent) for e in of_type(events, ChallengeIssued)] == [(0, 1)]
    passed = only(events, ChallengePassed)
    assert bare(passed) == ChallengePassed(seat=2, reason=PassReason.NO_OPPONENT)
    assert game.state.stage is not Stage.CHALLENGES


@pytest.mark.rule("DUEL-CHAIN")
@pytest.mark.rule("VAR")
def test_DUEL_CHAIN_VAR_given_a_player_passed_without_a_duel_when_a_later_player_challenges_him_then_the_duel_is_fought() -> None:
    game = duel_game({0: LADY_5, 1: GUNMAN_5, 2: SHERIFF_5}, variants=Variants(challenge_optional=True))
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)]})
    play_to_duel_round(game)
    when(game, 0, Pass())

    events = when(game, 1, Challenge(opponent=0, building="saloon"))

    fought = only(events, DuelFought)
    assert (fought.challenger, fought.opponent, fought.winner) == (1, 0, 0)


@pytest.mark.rule("DUEL-CHAIN")
def test_DUEL_CHAIN_given_a_seat_with_no_possible_opponent_when_his_turn_comes_then_he_passes_no_opponent() -> None:
    game = duel_game({0: LADY_5, 1: GUNMAN_5, 2: SHERIFF_5})
    share(game, "saloon", {1: [(0, 3)], 2: [(0, 4)]})
    stones(game, 0, "post", [(0, 0)])

    events = play_to_duel_round(game)

    assert bare(of_type(events, ChallengePassed)[0]) == ChallengePassed(seat=0, reason=PassReason.NO_OPPONENT)
    assert game.pending() == challenge_decision(1)


# -- [DUEL-WIN] -----------------------------------------------------------------------------------


@pytest.mark.rule("DUEL-WIN")
def test_DUEL_WIN_given_the_challenger_has_the_higher_card_when_he_challenges_then_he_wins_and_may_remove_a_loser_stone() -> None:
    game = duel_game({0: LADY_5, 1: GUNMAN_6, 2: SHERIFF_5})
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3), (0, 4)]})
    play_to_duel_round(game)

    events = when(game, 0, Challenge(opponent=1, building="saloon"))

    assert names(events) == ["ChallengeIssued", "DuelFought"]
    fought = only(events, DuelFought)
    assert (fought.challenger_card, fought.opponent_card, fought.winner) == (LADY_5, GUNMAN_6, 0)
    assert game.pending() == [Decision(seat=0, kind=DecisionKind.REMOVE_LOSER_STONE, building="saloon", remaining=1)]
    assert game.legal_actions(0) == [
        RemoveStone(building="saloon", row=0, col=3),
        RemoveStone(building="saloon", row=0, col=4),
        Done(),
    ]


@pytest.mark.rule("DUEL-WIN")
def test_DUEL_WIN_given_the_opponent_has_the_higher_card_when_challenged_then_the_opponent_wins() -> None:
    game = duel_game({0: SHERIFF_5, 1: GUNMAN_5, 2: SHERIFF_6})
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)]})
    play_to_duel_round(game)

    events = when(game, 0, Challenge(opponent=1, building="saloon"))

    assert only(events, DuelFought).winner == 1
    assert game.pending() == [Decision(seat=1, kind=DecisionKind.REMOVE_LOSER_STONE, building="saloon", remaining=1)]


@pytest.mark.rule("DUEL-WIN")
def test_DUEL_WIN_given_a_won_duel_when_the_winner_removes_a_loser_stone_then_it_goes_back_to_its_owner() -> None:
    game = duel_game({0: LADY_5, 1: GUNMAN_5, 2: SHERIFF_5})
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3), (0, 4)]})
    play_to_duel_round(game)
    when(game, 0, Challenge(opponent=1, building="saloon"))

    events = when(game, 0, RemoveStone(building="saloon", row=0, col=4))

    assert bare(events[0]) == StoneRemoved(by=0, owner=1, building="saloon", cell=(0, 4), cause="duel")
    assert game.state.buildings["saloon"].stones == {(0, 1): 0, (0, 3): 1}
    assert game.state.players[1].on_board == 1


@pytest.mark.rule("DUEL-WIN")
def test_DUEL_WIN_given_a_won_duel_when_the_winner_is_done_then_no_stone_is_removed() -> None:
    game = duel_game({0: LADY_5, 1: GUNMAN_5, 2: SHERIFF_5})
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)]})
    play_to_duel_round(game)
    when(game, 0, Challenge(opponent=1, building="saloon"))

    events = when(game, 0, Done())

    assert bare(events[0]) == StoneRemovalDeclined(seat=0)
    assert not of_type(events, StoneRemoved)
    assert game.state.buildings["saloon"].stones == {(0, 1): 0, (0, 3): 1}


@pytest.mark.rule("DUEL-WIN")
def test_DUEL_WIN_given_a_won_duel_when_removing_a_stone_outside_the_named_building_or_not_the_losers_then_refused() -> None:
    game = duel_game({0: LADY_5, 1: GUNMAN_5, 2: SHERIFF_5})
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)], 2: [(0, 4)]})
    share(game, "post", {1: [(0, 0)]})
    play_to_duel_round(game)
    when(game, 0, Challenge(opponent=1, building="saloon"))

    refused(game, 0, RemoveStone(building="post", row=0, col=0), "DUEL-WIN")
    refused(game, 0, RemoveStone(building="saloon", row=0, col=1), "DUEL-WIN")
    refused(game, 0, RemoveStone(building="saloon", row=0, col=4), "DUEL-WIN")
    refused(game, 0, RemoveStone(building="saloon", row=1, col=0), "DUEL-WIN")


# -- [DUEL-QUESTION] ------------------------------------------------------------------------------


@pytest.mark.rule("DUEL-QUESTION")
def test_DUEL_QUESTION_given_a_question_card_against_a_figure_card_when_fought_then_it_loses_and_draws_after_the_removal() -> None:
    game = duel_game({0: GUNMAN_6, 1: QUESTION_1, 2: SHERIFF_5}, events=[E20_GAIN_400])
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)]})
    play_to_duel_round(game)

    fought = when(game, 0, Challenge(opponent=1, building="saloon"))

    assert only(fought, DuelFought).winner == 0
    assert not of_type(fought, EventCardDrawn)

    removal = when(game, 0, RemoveStone(building="saloon", row=0, col=3))

    assert names(removal)[:2] == ["StoneRemoved", "EventCardDrawn"]
    assert only(removal, EventCardDrawn).seat == 1
    assert only(removal, EventCardResolved).event == E20_GAIN_400


@pytest.mark.rule("DUEL-QUESTION")
def test_DUEL_QUESTION_given_two_question_cards_when_fought_then_nobody_wins_and_each_draws_challenger_first() -> None:
    game = duel_game({0: QUESTION_1, 1: QUESTION_2, 2: SHERIFF_5}, events=[E20_GAIN_400, E28_GAIN_300])
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)]})
    play_to_duel_round(game)
    money_before = [p.money for p in game.state.players]

    events = when(game, 0, Challenge(opponent=1, building="saloon"))

    assert only(events, DuelFought).winner is None
    assert not of_type(events, StoneRemoved)
    assert [(e.seat, e.event) for e in of_type(events, EventCardDrawn)] == [
        (0, E20_GAIN_400),
        (1, E28_GAIN_300),
    ]
    assert game.state.players[0].money == money_before[0] + 400
    assert game.state.players[1].money == money_before[1] + 300


@pytest.mark.rule("DUEL-QUESTION")
def test_DUEL_QUESTION_given_a_question_card_against_a_forced_indian_when_fought_then_nobody_wins_and_only_the_question_draws() -> None:
    game = duel_game({0: QUESTION_1, 1: INDIAN_1, 2: SHERIFF_5}, events=[E20_GAIN_400])
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)]})
    play_to_duel_round(game)

    events = when(game, 0, Challenge(opponent=1, building="saloon"))

    assert only(events, DuelFought).winner is None
    assert [e.seat for e in of_type(events, EventCardDrawn)] == [0]
    assert game.state.buildings["saloon"].stones == {(0, 1): 0, (0, 3): 1}


@pytest.mark.rule("DUEL-QUESTION")
def test_DUEL_QUESTION_given_a_question_that_drew_in_a_duel_when_it_is_shown_again_in_a_dispute_then_no_second_event() -> None:
    game = duel_game({0: QUESTION_1, 1: GUNMAN_5, 2: QUESTION_2}, events=[E20_GAIN_400, E28_GAIN_300])
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)]})
    share(game, "hotel", {0: HOTEL_A, 2: HOTEL_B})
    play_to_duel_round(game)

    events = when(game, 0, Challenge(opponent=1, building="saloon")) + when(game, 1, Done())

    dispute = only(events, DisputeResolved)
    assert (dispute.building, dispute.contenders, dispute.winner) == ("hotel", (0, 2), None)
    assert [(e.seat, e.event) for e in of_type(events, EventCardDrawn)] == [
        (0, E20_GAIN_400),
        (2, E28_GAIN_300),
    ]


# -- [DUEL-DISPUTE] -------------------------------------------------------------------------------


def dispute_game(duel_cards: Mapping[int, str]) -> DodgeCityGame:
    """Seats 0 and 1 both control the Hotel; seats 0 and 2 share the Saloon, so seat 0 can fight
    seat 2 in the chain while seat 1 is left without an opponent."""
    game = duel_game(duel_cards)
    share(game, "hotel", {0: HOTEL_A, 1: HOTEL_B})
    share(game, "saloon", {0: [(0, 1)], 2: [(0, 3)]})
    return game


@pytest.mark.rule("DUEL-DISPUTE")
def test_DUEL_DISPUTE_given_two_controllers_when_compared_then_a_revealed_card_is_reused_and_the_other_is_revealed() -> None:
    game = dispute_game({0: LADY_5, 1: GUNMAN_5, 2: SHERIFF_5})
    play_to_duel_round(game)
    when(game, 0, Challenge(opponent=2, building="saloon"))

    events = when(game, 0, Done())

    disputes = after(events, stage_began(events, Stage.CONTROL_DISPUTES))
    assert bare(only(disputes, CardRevealed)) == CardRevealed(seat=1, card=GUNMAN_5)
    assert names(disputes)[:2] == ["CardRevealed", "DisputeResolved"]
    dispute = only(disputes, DisputeResolved)
    assert (dispute.building, dispute.contenders, dispute.winner) == ("hotel", (0, 1), 0)


@pytest.mark.rule("DUEL-DISPUTE")
def test_DUEL_DISPUTE_given_a_dispute_won_when_scoring_then_only_the_winner_scores_and_no_stone_was_removed() -> None:
    game = dispute_game({0: SHERIFF_5, 1: GUNMAN_5, 2: SHERIFF_6})
    play_to_duel_round(game)
    when(game, 0, Challenge(opponent=2, building="saloon"))  # Sheriff 6 beats Sheriff 5

    events = when(game, 2, Done())

    disputes = after(events, stage_began(events, Stage.CONTROL_DISPUTES))
    assert only(disputes, DisputeResolved).winner == 1
    assert not of_type(disputes, StoneRemoved)
    assert [(e.seat, e.building) for e in of_type(events, BuildingScored)] == [(1, "hotel")]


@pytest.mark.rule("DUEL-DISPUTE")
@pytest.mark.rule("VAR")
def test_DUEL_DISPUTE_given_the_top_rank_is_shared_when_compared_then_nobody_scores_and_the_stones_stay() -> None:
    game = duel_game(
        {0: QUESTION_1, 1: QUESTION_2, 2: SHERIFF_5},
        events=[E20_GAIN_400, E28_GAIN_300],
        variants=Variants(challenge_optional=True),
    )
    share(game, "hotel", {0: HOTEL_A, 1: HOTEL_B})
    hotel_before = dict(game.state.buildings["hotel"].stones)
    play_to_duel_round(game)

    events = when(game, 0, Pass()) + when(game, 1, Pass())

    dispute = only(events, DisputeResolved)
    assert (dispute.building, dispute.contenders, dispute.winner) == ("hotel", (0, 1), None)
    assert not of_type(events, BuildingScored)
    assert not of_type(events, StoneRemoved)
    assert game.state.pass_number == 2
    assert game.state.buildings["hotel"].is_open
    assert game.state.buildings["hotel"].stones == hotel_before


@pytest.mark.rule("DUEL-DISPUTE")
def test_DUEL_DISPUTE_given_the_same_players_control_two_buildings_when_compared_then_the_same_card_decides_both() -> None:
    game = dispute_game({0: LADY_5, 1: GUNMAN_5, 2: SHERIFF_5})
    share(game, "post", {0: POST_A, 1: POST_B})
    play_to_duel_round(game)
    when(game, 0, Challenge(opponent=2, building="saloon"))

    events = when(game, 0, Done())

    assert [e.seat for e in of_type(events, CardRevealed)] == [1]
    disputes = of_type(events, DisputeResolved)
    assert [(d.building, d.contenders, d.winner) for d in disputes] == [
        ("post", (0, 1), 0),
        ("hotel", (0, 1), 0),
    ]


@pytest.mark.rule("DUEL-DISPUTE")
@pytest.mark.rule("VAR")
def test_DUEL_DISPUTE_given_question_cards_revealed_in_disputes_then_their_events_follow_all_disputes_before_scoring() -> None:
    game = duel_game(
        {0: QUESTION_1, 1: LADY_5, 2: QUESTION_3},
        events=[E20_GAIN_400, E28_GAIN_300],
        variants=Variants(challenge_optional=True),
    )
    share(game, "post", {0: POST_A, 1: POST_B})
    share(game, "hotel", {2: HOTEL_A, 1: HOTEL_B})
    play_to_duel_round(game)

    events = when(game, 0, Pass()) + when(game, 1, Pass()) + when(game, 2, Pass())

    phase = after(events, stage_began(events, Stage.CONTROL_DISPUTES))
    steps = [e for e in phase if isinstance(e, DisputeResolved | EventCardDrawn | StageBegan)]
    assert names(steps)[:5] == [
        "DisputeResolved",
        "DisputeResolved",
        "EventCardDrawn",
        "EventCardDrawn",
        "StageBegan",
    ]
    assert bare(steps[4]) == StageBegan(stage=Stage.SCORING)
    assert sorted(e.seat for e in of_type(phase, EventCardDrawn)) == [0, 2]
    scored = [(e.seat, e.building) for e in of_type(events, BuildingScored)]
    assert scored == [(1, "post"), (1, "hotel")]


# -- [DUEL-DISCARD] -------------------------------------------------------------------------------


@pytest.mark.rule("DUEL-DISCARD")
def test_DUEL_DISCARD_given_a_committed_card_never_revealed_when_the_duel_round_ends_then_it_is_discarded_face_down_without_effect() -> (
    None
):
    game = duel_game({0: LADY_5, 1: GUNMAN_5, 2: QUESTION_1}, events=[E20_GAIN_400])
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)]})
    play_to_duel_round(game)

    events = when(game, 0, Challenge(opponent=1, building="saloon")) + when(game, 0, Done())

    assert only(events, ChallengePassed).seat == 2
    assert not of_type(events, EventCardDrawn)
    assert not of_type(events, CardRevealed)
    assert DiscardedCard(QUESTION_1, face_up=False, owner=2) in game.state.discard
    assert DiscardedCard(LADY_5, face_up=True, owner=None) in game.state.discard
    assert DiscardedCard(GUNMAN_5, face_up=True, owner=None) in game.state.discard
