"""The clock through the store: a stored game's deadlines are found again from its recorded times,
and ``verify`` re-runs every timeout at its recorded time and checks the decision taken
([CLOCK-RECORDED], [CLOCK-TIMEOUT]). Times come from an injected clock, never from waiting."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from uuid import UUID

import msgspec
import pytest
from domain.events.kernel import DecisionTimedOut
from domain.table import ClockSettings
from engine.application import GameService
from engine.audit import verify
from engine.records import TimeoutCommand, open_envelope

from tests.conformance.engine_games import install_toy
from tests.kernel.toy.builders import BET
from tests.storage.forged import resealed

install_toy()


class FakeClock:
    def __init__(self) -> None:
        self.time = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self.time

    def advance(self, seconds: float) -> None:
        self.time += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def timed_out_toy_game(url: str, clock: FakeClock) -> tuple[GameService, UUID]:
    """Toy poker on a 60 s clock: Bob bets at once, Ann's time runs out and the rules check
    for her; facing the bet, she is asked to react."""
    games = GameService(url, clock=clock.now)
    game_id = games.create_game(ruleset="toy", seats=2, clock=ClockSettings(decision_seconds=60, bot_after_timeouts=3))
    games.join(game_id, "Ann")
    games.join(game_id, "Bob")
    games.start(game_id)
    clock.advance(1)
    games.act(game_id, 1, BET)
    clock.advance(60)
    games.time_out(game_id, 0)
    return games, game_id


def test_CLOCK_RECORDED_given_a_stored_game_with_a_timeout_then_it_verifies_and_a_new_process_finds_the_same_deadlines(
    durable_url: str, clock: FakeClock
) -> None:
    games, game_id = timed_out_toy_game(durable_url, clock)
    try:
        records = games.records(game_id)
        assert verify(game_id, records).ok
        live = games.clock(game_id)
        assert live is not None
        assert live.seats[0].deadline == (clock.now() + timedelta(seconds=60)).isoformat()
    finally:
        games.close()
    later = FakeClock()
    later.time = clock.time + timedelta(days=3)  # whenever it is opened again, the deadlines are the recorded ones
    reopened = GameService(durable_url, clock=later.now)
    try:
        assert reopened.clock(game_id) == live
    finally:
        reopened.close()


def test_CLOCK_TIMEOUT_given_a_timeout_recorded_before_its_deadline_when_verifying_then_it_fails_there(
    tmp_path: Path, clock: FakeClock
) -> None:
    games, game_id = timed_out_toy_game(f"sqlite:///{tmp_path / 'games.db'}", clock)
    try:
        records = games.records(game_id)
    finally:
        games.close()
    index = next(i for i, record in enumerate(records) if isinstance(record.event(), DecisionTimedOut))
    early = (datetime.fromisoformat(records[index].recorded_at) - timedelta(seconds=10)).isoformat()
    # The forger moves the whole timeout command 10 s earlier, its event's own time included.
    forged = list(records)
    for i in range(index, len(records)):
        event = msgspec.json.decode(records[i].payload)
        if i == index:
            event["at"] = early
        forged[i] = msgspec.structs.replace(records[i], recorded_at=early, payload=msgspec.json.encode(event))
    verdict = verify(game_id, resealed(forged))
    assert not verdict.ok
    assert verdict.version == records[index].version
    assert verdict.problem is not None
    assert "CLOCK-EARLY" in verdict.problem


def test_CLOCK_TIMEOUT_given_a_timeout_that_took_another_decision_than_the_default_when_verifying_then_it_fails_there(
    tmp_path: Path, clock: FakeClock
) -> None:
    games, game_id = timed_out_toy_game(f"sqlite:///{tmp_path / 'games.db'}", clock)
    try:
        records = games.records(game_id)
    finally:
        games.close()
    index = next(i for i, record in enumerate(records) if isinstance(record.event(), DecisionTimedOut))
    decided = records[index + 1]
    event = msgspec.json.decode(decided.payload)
    assert event["choice"] == "check"  # the default of a commitment
    event["choice"] = "bet"
    forged = [*records[: index + 1], msgspec.structs.replace(decided, payload=msgspec.json.encode(event)), *records[index + 2 :]]
    verdict = verify(game_id, resealed(forged))
    assert not verdict.ok
    assert verdict.version == decided.version
    assert verdict.problem is not None
    assert "choice" in verdict.problem


def test_CLOCK_RECORDED_given_stored_envelopes_then_the_timeout_command_is_kept_with_its_seat(tmp_path: Path, clock: FakeClock) -> None:
    games, game_id = timed_out_toy_game(f"sqlite:///{tmp_path / 'games.db'}", clock)
    try:
        stored = games.recorder.select_events(game_id)
        opened = [open_envelope(s.topic, s.originator_version, s.state) for s in stored]
    finally:
        games.close()
    assert TimeoutCommand(seat=0) in [record.command for record in opened]
