"""The kernel's clock, absent players and abandoned tables (docs/CLOCK.md), on toy poker: one test
or more per rule id, each with times given by the test, never read from a clock."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import cast

import msgspec
import pytest
from domain.errors import RuleViolation
from domain.events.base import DomainEvent
from domain.events.kernel import (
    ClockSet,
    DecisionTimedOut,
    GameAbandoned,
    KernelEvent,
    SeatHandedToBot,
    SeatTakenBack,
)
from domain.ruleset import GameStatus
from domain.table import ClockSettings

from tests.kernel.toy.actions import ToyCall
from tests.kernel.toy.builders import BET, CHECK, GAME_ID, NAMES, Arranged, ToyGame
from tests.kernel.toy.events import DECK, Card, ToyChoiceCommitted, ToyFolded, ToySettings
from tests.kernel.toy.rules import TOY

ROOT = Path(__file__).parents[2]
T0 = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)
CLOCK = ClockSettings(decision_seconds=60, reserve_seconds=30, bot_after_timeouts=2)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def clocked(clock: ClockSettings | None = CLOCK, *, deal: tuple[Card, ...] = DECK, bot: str | None = None) -> ToyGame:
    """Ann and Bob seated at T0 (Bob a bot of kind ``bot`` if given), started at T0."""
    game = cast(
        ToyGame,
        ToyGame.create(
            GAME_ID,
            TOY,
            seed="toy",
            seats=2,
            settings=ToySettings(),
            random_factory=lambda _: Arranged(deal),
            clock=clock,
            stand_in="random",
            at=T0,
        ),
    )
    game.join(NAMES[0], at=T0)
    game.join(NAMES[1], bot=bot, at=T0)
    game.start(at=T0)
    game.collect_events()
    return game


def refusal(call: Callable[[], object]) -> str:
    """The rule that refuses ``call``."""
    with pytest.raises(RuleViolation) as refused:
        call()
    return refused.value.rule


# -- the clock --------------------------------------------------------------------------------


def test_CLOCK_SETTINGS_given_a_clock_chosen_when_the_game_opens_then_it_is_recorded_right_after_the_first_event() -> None:
    game = ToyGame.create(GAME_ID, TOY, seed="s", seats=2, clock=CLOCK, stand_in="random", at=T0)
    opening, clock = game.collect_events()
    assert type(opening).__name__ == "ToyGameOpened"
    assert clock == ClockSet(
        originator_id=GAME_ID, originator_version=2, decision_seconds=60, reserve_seconds=30, bot_after_timeouts=2, stand_in="random"
    )


def test_CLOCK_SETTINGS_given_no_clock_when_the_game_opens_then_nothing_is_recorded_of_one_and_it_has_none() -> None:
    game = clocked(None)
    assert not any(isinstance(event, KernelEvent) for event in game.everything())
    assert game.clock_view() is None
    assert refusal(lambda: game.time_out(0, at=at(10_000))) == "CLOCK-NONE"


@pytest.mark.parametrize(
    "settings",
    [
        ClockSettings(decision_seconds=4),
        ClockSettings(decision_seconds=7 * 24 * 3600 + 1),
        ClockSettings(decision_seconds=60, reserve_seconds=-1),
        ClockSettings(decision_seconds=60, reserve_seconds=30 * 24 * 3600 + 1),
        ClockSettings(decision_seconds=60, bot_after_timeouts=0),
        ClockSettings(decision_seconds=60, bot_after_timeouts=11),
    ],
)
def test_CLOCK_LIMITS_when_a_game_is_opened_on_a_clock_outside_the_limits_then_it_is_refused(settings: ClockSettings) -> None:
    assert refusal(lambda: ToyGame.create(GAME_ID, TOY, seed="s", seats=2, clock=settings, at=T0)) == "CLOCK-LIMITS"


@pytest.mark.parametrize(
    "settings",
    [
        ClockSettings(decision_seconds=5, reserve_seconds=0, bot_after_timeouts=1),
        ClockSettings(decision_seconds=7 * 24 * 3600, reserve_seconds=30 * 24 * 3600, bot_after_timeouts=10),
    ],
)
def test_CLOCK_LIMITS_when_a_game_is_opened_on_a_clock_at_the_limits_then_it_opens(settings: ClockSettings) -> None:
    game = clocked(settings)
    view = game.clock_view()
    assert view is not None
    assert view.decision_seconds == settings.decision_seconds


def test_CLOCK_DEADLINE_given_a_started_game_then_both_seats_committing_at_once_have_the_start_plus_the_decision_and_the_reserve() -> None:
    game = clocked()
    assert game.table.deadlines() == {0: at(90), 1: at(90)}


def test_CLOCK_DEADLINE_given_one_seat_decides_then_the_other_keeps_its_deadline_and_the_next_decision_opens_when_asked() -> None:
    game = clocked()
    game.act(0, BET, at=at(10))
    assert game.table.deadlines() == {1: at(90)}  # seat 1 is still asked its commitment
    game.act(1, CHECK, at=at(20))
    # Seat 1 checked against a bet: it is asked to react, a new decision opening now.
    assert game.table.deadlines() == {1: at(20 + 60 + 30)}


def test_CLOCK_DEADLINE_given_a_seat_takes_longer_than_its_decision_then_the_excess_comes_off_its_reserve() -> None:
    game = clocked()
    game.act(0, BET, at=at(5))
    game.act(1, CHECK, at=at(70))  # 10 s over its 60
    assert game.table.reserve_left(1) == 20
    assert game.table.deadline(1) == at(70 + 60 + 20)


# -- timeouts ---------------------------------------------------------------------------------


def test_CLOCK_TIMEOUT_given_a_deadline_passed_when_timing_out_then_the_timeout_and_then_the_default_decision_are_recorded() -> None:
    game = clocked()
    game.time_out(0, at=at(90))
    timed_out, committed = game.collect_events()
    assert timed_out == DecisionTimedOut(
        originator_id=GAME_ID,
        originator_version=timed_out.originator_version,
        seat=0,
        decision="commit",
        deadline=at(90).isoformat(),
        at=at(90).isoformat(),
        in_row=1,
    )
    assert isinstance(committed, ToyChoiceCommitted)
    assert committed.seat == 0
    assert committed.choice == "check"
    assert game.table.reserve_left(0) == 0


def test_CLOCK_CLAIM_given_a_deadline_passed_when_the_other_seat_claims_it_then_the_timeout_names_the_claimant() -> None:
    game = clocked()
    game.act(1, BET, at=at(1))
    game.collect_events()
    game.time_out(0, at=at(100), claimed_by=1)
    timed_out = game.collect_events()[0]
    assert isinstance(timed_out, DecisionTimedOut)
    assert timed_out.claimed_by == 1


def test_CLOCK_EARLY_given_a_deadline_not_yet_passed_when_timing_out_then_it_is_refused_and_nothing_is_recorded() -> None:
    game = clocked()
    version = game.version
    assert refusal(lambda: game.time_out(0, at=at(89.999))) == "CLOCK-EARLY"
    assert game.version == version
    assert game.collect_events() == []


def test_CLOCK_NONE_given_a_game_without_a_clock_when_handing_a_seat_over_then_it_is_refused() -> None:
    game = clocked(None)
    assert refusal(lambda: game.hand_to_bot(0, at=at(10_000))) == "CLOCK-NONE"


def test_CLOCK_NOT_ASKED_given_a_seat_that_decided_when_timing_it_out_then_it_is_refused() -> None:
    game = clocked()
    game.act(0, BET, at=at(1))
    assert refusal(lambda: game.time_out(0, at=at(10_000))) == "CLOCK-NOT-ASKED"


def test_CLOCK_PUBLIC_given_deals_that_differ_in_a_seats_card_when_it_times_out_then_the_other_seat_sees_the_same_events() -> None:
    seen = []
    for deal in (("J", "Q", "K"), ("K", "Q", "J")):
        game = clocked(deal=deal)
        game.time_out(0, at=at(90))
        seen.append([msgspec.json.encode(TOY.event_view(event, 1, game_ended=False)) for event in game.collect_events()])
    assert seen[0] == seen[1]


# -- absent players ---------------------------------------------------------------------------


def test_CLOCK_ABSENT_given_timeouts_in_a_row_then_the_seat_is_handed_to_the_computer_player_before_the_default() -> None:
    game = clocked()
    game.act(1, BET, at=at(1))
    game.time_out(0, at=at(90))  # checks against the bet: asked to react
    game.collect_events()
    game.time_out(0, at=at(90 + 60))  # no reserve left
    timed_out, handed, folded, *ended = game.collect_events()
    assert ended  # the fold ends the game
    assert isinstance(timed_out, DecisionTimedOut)
    assert timed_out.in_row == 2
    assert handed == SeatHandedToBot(
        originator_id=GAME_ID, originator_version=handed.originator_version, seat=0, bot="random", reason="timeouts"
    )
    assert isinstance(folded, ToyFolded)
    assert game.controller(0) == "random"


def test_CLOCK_ABSENT_given_a_seat_decides_itself_between_two_timeouts_then_the_count_starts_again() -> None:
    game = clocked()
    game.act(1, BET, at=at(1))
    game.time_out(0, at=at(90))
    assert game.table.timeouts_in_row == {0: 1}
    game.act(0, ToyCall(), at=at(100))
    assert game.table.timeouts_in_row == {}


def hand_over_ready() -> ToyGame:
    """Seat 1 has bet; seat 0's commitment is overdue."""
    game = clocked()
    game.act(1, BET, at=at(1))
    game.collect_events()
    return game


def test_CLOCK_HAND_OVER_given_a_seats_time_ran_out_when_the_host_hands_it_over_then_the_computer_player_plays_it() -> None:
    game = hand_over_ready()
    game.hand_to_bot(0, at=at(90))
    (handed,) = game.collect_events()
    assert isinstance(handed, SeatHandedToBot)
    assert handed.reason == "host"
    assert game.controller(0) == "random"
    assert refusal(lambda: game.hand_to_bot(0, at=at(91))) == "CLOCK-HAND-OVER"  # already handed


def test_CLOCK_HAND_OVER_given_time_left_or_a_bot_seat_when_the_host_hands_it_over_then_it_is_refused() -> None:
    assert refusal(lambda: hand_over_ready().hand_to_bot(0, at=at(89))) == "CLOCK-EARLY"
    game = clocked(bot="random")
    assert refusal(lambda: game.hand_to_bot(1, at=at(10_000))) == "CLOCK-HAND-OVER"
    assert refusal(lambda: game.hand_to_bot(5, at=at(10_000))) == "CLOCK-HAND-OVER"


def test_CLOCK_STAND_IN_given_a_seat_its_player_plays_when_a_stand_in_acts_for_it_then_it_is_refused() -> None:
    game = clocked()
    assert refusal(lambda: game.act(0, BET, at=at(1), stand_in=True)) == "CLOCK-STAND-IN"
    game = hand_over_ready()
    game.hand_to_bot(0, at=at(90))
    game.act(0, CHECK, at=at(91), stand_in=True)
    assert not any(isinstance(event, SeatTakenBack) for event in game.collect_events())
    assert game.controller(0) == "random"


def test_CLOCK_TAKE_BACK_given_a_seat_handed_over_when_its_player_acts_then_it_is_taken_back_first() -> None:
    game = hand_over_ready()
    game.hand_to_bot(0, at=at(90))
    game.collect_events()
    game.act(0, CHECK, at=at(95))
    taken, *rest = game.collect_events()
    assert taken == SeatTakenBack(originator_id=GAME_ID, originator_version=taken.originator_version, seat=0)
    assert rest
    assert isinstance(rest[0], ToyChoiceCommitted)
    assert game.controller(0) is None


def test_CLOCK_TAKE_BACK_given_a_seat_handed_over_when_its_player_sends_a_refused_action_then_nothing_is_recorded() -> None:
    game = hand_over_ready()
    game.hand_to_bot(0, at=at(90))
    game.collect_events()
    assert refusal(lambda: game.act(0, ToyCall(), at=at(95))) != ""
    assert game.collect_events() == []
    assert game.controller(0) == "random"


def test_CLOCK_TAKE_BACK_given_a_seat_nobody_stands_in_for_when_taking_it_back_then_it_is_refused() -> None:
    game = hand_over_ready()
    assert refusal(lambda: game.take_back(0, at=at(10))) == "CLOCK-TAKE-BACK"
    game.hand_to_bot(0, at=at(90))
    game.take_back(0, at=at(91))
    assert game.controller(0) is None


# -- time is recorded -------------------------------------------------------------------------


def test_CLOCK_RECORDED_given_a_game_replayed_command_by_command_at_its_recorded_times_then_its_clock_is_the_live_ones() -> None:
    live = clocked()
    commands: list[tuple[list[DomainEvent], datetime, int | None, bool]] = [(live.everything(), T0, None, True)]

    def step(call: Callable[[], object], when: datetime, actor: int | None, by_itself: bool) -> None:
        call()
        commands.append((live.collect_events(), when, actor, by_itself))

    step(lambda: live.act(1, BET, at=at(3)), at(3), 1, True)
    step(lambda: live.time_out(0, at=at(90)), at(90), 0, False)
    replayed = ToyGame(GAME_ID, TOY)
    for events, when, actor, by_itself in commands:
        replayed.replay(events, at=when, actor=actor, by_itself=by_itself)
    assert replayed.version == live.version
    assert replayed.table == live.table
    assert replayed.clock_view() == live.clock_view()


# -- everyone sees it -------------------------------------------------------------------------


def test_CLOCK_VISIBLE_given_a_clocked_game_then_its_clock_shows_every_asked_seats_deadline_and_every_seats_reserve() -> None:
    game = hand_over_ready()
    view = game.clock_view()
    assert view is not None
    first, second = view.seats
    assert (first.decision, first.asked_at, first.deadline, first.reserve_seconds) == ("commit", T0.isoformat(), at(90).isoformat(), 30)
    assert (second.decision, second.deadline) == (None, None)
    game.hand_to_bot(0, at=at(90))
    assert game.clock_view().seats[0].stand_in == "random"  # type: ignore[union-attr]


def test_CLOCK_VISIBLE_given_kernel_events_then_every_viewer_sees_them_whole() -> None:
    game = hand_over_ready()
    game.hand_to_bot(0, at=at(90))
    for event in game.everything():
        if isinstance(event, KernelEvent):
            for viewer in (0, 1, None):
                assert TOY.event_view(event, viewer, game_ended=False) == event


# -- abandoned tables -------------------------------------------------------------------------


def test_TABLE_ABANDONED_given_a_game_in_the_lobby_when_it_is_abandoned_then_it_is_over_without_a_result() -> None:
    game = ToyGame.create(GAME_ID, TOY, seed="s", seats=2)
    game.join("Ann")
    game.abandon(after_seconds=86400)
    (abandoned,) = game.collect_events()[-1:]
    assert isinstance(abandoned, GameAbandoned)
    assert abandoned.after_seconds == 86400
    assert game.status is GameStatus.ABANDONED
    assert game.is_over
    assert game.outcome() is None
    assert game.pending() == []


def test_TABLE_ABANDONED_given_an_abandoned_game_when_a_player_joins_or_the_host_starts_then_it_is_refused() -> None:
    game = ToyGame.create(GAME_ID, TOY, seed="s", seats=2)
    game.join("Ann")
    game.abandon(after_seconds=60)
    assert refusal(lambda: game.join("Bob")) == "TABLE-ABANDONED"
    assert refusal(game.start) == "TABLE-ABANDONED"
    assert refusal(lambda: game.abandon(after_seconds=60)) == "TABLE-ABANDONED"


def test_TABLE_ABANDONED_given_a_started_game_when_abandoning_it_then_it_is_refused() -> None:
    game = clocked(None)
    assert refusal(lambda: game.abandon(after_seconds=1)) == "TABLE-ABANDONED"


# -- every rule id named ----------------------------------------------------------------------


def test_given_the_clocks_rules_then_every_rule_id_is_named_by_a_test() -> None:
    import re

    ids = set(re.findall(r"\[([A-Z]+(?:-[A-Z0-9]+)+)\]", (ROOT / "docs" / "CLOCK.md").read_text(encoding="utf-8")))
    tests = "\n".join(path.read_text(encoding="utf-8") for path in (ROOT / "tests").rglob("test_*.py")).upper()
    assert len(ids) >= 15
    assert sorted(rule for rule in ids if rule.replace("-", "_") not in tests and rule not in tests) == []
