"""The server's own timer (engine/deadlines.py): it takes the timeouts of silent seats until their
computer players finish the game, after restarts and from several servers on one store, and it
closes tables that never started. Time is a fake clock the tests move; nothing waits it out."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from uuid import UUID

import pytest
from api.settings import ApiSettings
from domain.events.kernel import DecisionTimedOut, GameAbandoned, SeatHandedToBot
from domain.ruleset import GameStatus
from domain.table import ClockSettings
from engine.application import GameService
from engine.audit import verify
from engine.bot_seats import BotSeats
from engine.deadlines import Deadlines
from engine.players import BotSeat

from tests.api.servers import run_cli, serving

#: Generous: a busy 2-core machine plays a bot game in seconds, not minutes.
IDLE_SECONDS = 120
MAX_ROUNDS = 2000
START = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
FAST = ClockSettings(decision_seconds=5, reserve_seconds=0, bot_after_timeouts=1)


class FakeClock:
    """The time the services record commands at; moved by the test only."""

    def __init__(self, start: datetime = START) -> None:
        self._now = start
        self._lock = threading.Lock()

    def now(self) -> datetime:
        with self._lock:
            return self._now

    def advance(self, seconds: float) -> None:
        with self._lock:
            self._now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def games(clock: FakeClock) -> Iterator[GameService]:
    app = GameService("memory://", clock=clock.now)
    yield app
    app.close()


@pytest.fixture
def bots(games: GameService) -> Iterator[BotSeats]:
    seats = BotSeats(games)
    yield seats
    seats.close()


@pytest.fixture
def deadlines(games: GameService) -> Iterator[Deadlines]:
    timer = Deadlines(games)
    yield timer
    timer.close()


def settle(games: GameService, game_id: UUID, workers: Sequence[BotSeats | Deadlines]) -> None:
    """Wait until every bot and timer has nothing left to do, the game unchanged meanwhile."""
    while True:
        before = games.latest_version(game_id)
        for worker in [*workers, *workers]:
            assert worker.wait_idle(IDLE_SECONDS), f"{type(worker).__name__} never became idle"
        if games.latest_version(game_id) == before:
            return


def play_out(games: GameService, clock: FakeClock, game_id: UUID, bots: BotSeats, deadlines: Deadlines) -> int:
    """Let the silent seats' time run out, 6 s at a time, until the game ends; returns the rounds."""
    for rounds in range(MAX_ROUNDS):
        settle(games, game_id, [bots, deadlines])
        if games.read(game_id, lambda game: game.is_over):
            return rounds
        clock.advance(6)
        deadlines.poke()
    pytest.fail(f"the game had not ended after {MAX_ROUNDS} rounds of 6 s")


def timeouts(games: GameService, game_id: UUID) -> list[DecisionTimedOut]:
    return [e for e in games.domain_events(game_id) if isinstance(e, DecisionTimedOut)]


def open_game(games: GameService, ruleset: str, *, people: int, bots: int = 0, clock: ClockSettings = FAST, seed: str = "timer") -> UUID:
    game_id = games.create_game(
        ruleset=ruleset, seats=people + bots, seed=seed, bots=[BotSeat(kind="heuristic") for _ in range(bots)], clock=clock
    )
    for index in range(people):
        games.join(game_id, f"Person {index}")
    games.start(game_id)
    return game_id


@pytest.mark.parametrize("table", [("bang", 2), ("dodgecity", 1)], ids=["bang", "dodgecity"])
def test_given_a_silent_person_among_server_bots_when_time_passes_then_the_timer_and_the_bots_finish_the_game(
    games: GameService, clock: FakeClock, bots: BotSeats, deadlines: Deadlines, table: tuple[str, int]
) -> None:
    """[CLOCK-TIMEOUT] [CLOCK-ABSENT] the silent seat (the last: bots take the first seats) times
    out, is handed to a computer player after one timeout, and the game ends; its log audits."""
    ruleset, bot_seats = table
    game_id = open_game(games, ruleset, people=1, bots=bot_seats)
    silent = bot_seats
    play_out(games, clock, game_id, bots, deadlines)
    assert verify(game_id, games.records(game_id)).ok
    events = games.domain_events(game_id)
    assert any(isinstance(e, DecisionTimedOut) and e.seat == silent and e.claimed_by is None for e in events)
    handed = [e for e in events if isinstance(e, SeatHandedToBot)]
    assert [(e.seat, e.reason) for e in handed] == [(silent, "timeouts")]


def test_given_a_deadline_not_yet_reached_when_the_timer_looks_then_nothing_is_timed_out(
    games: GameService, clock: FakeClock, deadlines: Deadlines
) -> None:
    """[CLOCK-EARLY] the server's timer keeps the deadline, not a moment before it."""
    game_id = open_game(games, "dodgecity", people=2)
    clock.advance(4.9)
    assert deadlines.wait_idle(IDLE_SECONDS)
    assert timeouts(games, game_id) == []
    clock.advance(0.1)
    assert deadlines.wait_idle(IDLE_SECONDS)
    assert [e.seat for e in timeouts(games, game_id)] == [0, 1], "both seats of the simultaneous decision"


def test_given_a_person_who_decides_in_time_then_only_the_silent_seat_times_out(
    games: GameService, clock: FakeClock, deadlines: Deadlines
) -> None:
    game_id = open_game(games, "dodgecity", people=2, clock=ClockSettings(decision_seconds=5, bot_after_timeouts=3))
    seen = games.seat_view(game_id, 0)
    games.perform(game_id, 0, seen.actions[0], expected_version=seen.version)
    clock.advance(5)
    assert deadlines.wait_idle(IDLE_SECONDS)
    assert [e.seat for e in timeouts(games, game_id)] == [1]


def overdue(games: GameService, game_id: UUID) -> list[tuple[datetime, str, int]]:
    found = games.read(game_id, lambda game: game.table.deadlines())
    return [(when, str(game_id), seat) for seat, when in found.items()]


def test_given_deadlines_that_passed_while_no_server_ran_when_it_resumes_then_each_is_timed_out_once_in_deadline_order(
    tmp_path: Path, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    """Three games opened a second apart, each with two silent people asked at once, run out of
    time while the server is down for an hour: back, it takes the six timeouts, earliest first,
    and no other."""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    first = GameService(url, clock=clock.now)
    timer = Deadlines(first)
    calm = ClockSettings(decision_seconds=5, bot_after_timeouts=3)
    game_ids = []
    for index in range(3):
        game_ids.append(open_game(first, "dodgecity", people=2, clock=calm, seed=f"restart {index}"))
        clock.advance(1)
    assert timer.wait_idle(IDLE_SECONDS)
    expected = sorted(due for game_id in game_ids for due in overdue(first, game_id))
    assert len(expected) == 6
    assert all(not timeouts(first, game_id) for game_id in game_ids)
    timer.close()
    first.close()

    clock.advance(3600)
    second = GameService(url, clock=clock.now)
    timer = Deadlines(second)
    try:
        with caplog.at_level(logging.INFO, logger="engine.deadlines"):
            assert timer.resume() == 3
            assert timer.wait_idle(IDLE_SECONDS)
        fired = [
            (parse(n.event.deadline), str(n.game_id), n.event.seat)
            for n in second.notifications_after(0, 10_000)
            if isinstance(n.event, DecisionTimedOut)
        ]
        assert fired == expected
        for game_id in game_ids:
            assert verify(game_id, second.records(game_id)).ok
            assert all(when > clock.now() for when, _, _ in overdue(second, game_id)), "nothing overdue is left"
        lines = [r.getMessage() for r in caplog.records if "timed out" in r.getMessage()]
        assert len(lines) == 6
        assert all(str(game_id) in line for line, game_id in zip(lines, [g for _, g, _ in expected], strict=True))
    finally:
        timer.close()
        second.close()


def parse(text: str) -> datetime:
    return datetime.fromisoformat(text)


def test_given_two_servers_on_one_store_when_deadlines_pass_then_each_is_timed_out_exactly_once(durable_url: str, clock: FakeClock) -> None:
    """Two processes (two workers, or two hosts on one PostgreSQL) each run a timer on the same
    games: they race on the version, the loser reads the game again, and every deadline is taken
    once. Neither hears of the other's commands here; the race alone must keep it right."""
    apps = [GameService(durable_url, clock=clock.now) for _ in range(2)]
    timers = [Deadlines(app) for app in apps]
    try:
        game_id = open_game(apps[0], "dodgecity", people=3, clock=ClockSettings(decision_seconds=5, bot_after_timeouts=10))
        assert timers[1].resume() == 1
        for _round in range(8):
            clock.advance(6)
            for timer in timers:
                timer.poke()
            for timer in [*timers, *timers]:
                assert timer.wait_idle(IDLE_SECONDS)
            for app in apps:
                assert all(when > clock.now() for when, _, _ in overdue(app, game_id)), "a due deadline was left"
        taken = timeouts(apps[1], game_id)
        assert len(taken) >= 8
        assert len({(e.seat, e.deadline) for e in taken}) == len(taken), "a deadline was timed out twice"
        records = apps[0].records(game_id)
        assert [r.version for r in records] == list(range(1, len(records) + 1))
        assert verify(game_id, records).ok
    finally:
        for timer in timers:
            timer.close()
        for app in apps:
            app.close()


def status_of(games: GameService, game_id: UUID) -> GameStatus:
    return games.read(game_id, lambda game: game.status)


def test_given_lobby_games_when_one_is_older_than_the_limit_then_only_it_is_abandoned(games: GameService, clock: FakeClock) -> None:
    """[TABLE-ABANDONED] a table not started within the limit is closed; a younger one and a
    started one are not."""
    timer = Deadlines(games, abandon_after=3600)
    try:
        old = games.create_game(ruleset="dodgecity", seats=3, seed="old")
        started = open_game(games, "dodgecity", people=2, clock=ClockSettings(decision_seconds=7 * 24 * 3600))
        clock.advance(1800)
        young = games.create_game(ruleset="bang", seats=3, seed="young")
        games.join(young, "Ann")
        clock.advance(1799)
        assert timer.wait_idle(IDLE_SECONDS)
        assert status_of(games, old) is GameStatus.LOBBY, "not a second early"
        clock.advance(1)
        assert timer.wait_idle(IDLE_SECONDS)
        assert status_of(games, old) is GameStatus.ABANDONED
        assert [e.after_seconds for e in games.domain_events(old) if isinstance(e, GameAbandoned)] == [3600]
        assert status_of(games, young) is GameStatus.LOBBY
        assert status_of(games, started) is GameStatus.RUNNING
        assert not any(isinstance(e, GameAbandoned) for g in (young, started) for e in games.domain_events(g))
        assert verify(old, games.records(old)).ok
    finally:
        timer.close()


def test_given_lobby_games_left_while_no_server_ran_when_it_resumes_then_the_old_ones_are_abandoned(
    tmp_path: Path, clock: FakeClock
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    first = GameService(url, clock=clock.now)
    old = first.create_game(ruleset="dodgecity", seats=3, seed="old")
    first.close()
    clock.advance(86_400)
    second = GameService(url, clock=clock.now)
    young = second.create_game(ruleset="dodgecity", seats=3, seed="young")
    timer = Deadlines(second)
    try:
        assert timer.resume() == 2
        assert timer.wait_idle(IDLE_SECONDS)
        assert status_of(second, old) is GameStatus.ABANDONED
        assert status_of(second, young) is GameStatus.LOBBY
    finally:
        timer.close()
        second.close()


def test_given_no_limit_then_a_lobby_game_is_never_abandoned(games: GameService, clock: FakeClock) -> None:
    timer = Deadlines(games, abandon_after=None)
    try:
        game_id = games.create_game(ruleset="dodgecity", seats=3, seed="forever")
        clock.advance(365 * 86_400)
        assert timer.resume() == 0, "lobby games are not even looked at"
        assert timer.wait_idle(IDLE_SECONDS)
        assert status_of(games, game_id) is GameStatus.LOBBY
    finally:
        timer.close()


@pytest.mark.parametrize(("text", "seconds"), [("", 86_400.0), ("3600", 3600.0), ("0", None), ("off", None)])
def test_given_the_abandon_variable_when_settings_are_read_then_it_sets_the_limit(text: str, seconds: float | None) -> None:
    environ = {"DODGECITY_ABANDON_AFTER_SECONDS": text} if text else {}
    assert ApiSettings.from_environment(environ).abandon_after_seconds == seconds


def test_given_a_bad_abandon_time_then_serve_refuses_it_before_starting() -> None:
    finished = run_cli("serve", "--abandon-after", "-5", "--db", "memory://")
    assert finished.returncode == 2
    assert "abandon time '-5' is not a number of seconds" in finished.stderr


def test_given_serve_with_a_short_abandon_time_when_a_lobby_game_is_older_then_the_server_closes_it(tmp_path: Path) -> None:
    """``serve --abandon-after`` reaches the app's timer, which finds the stored lobby games when
    the server starts. The server keeps real time: the test waits for the game's new status."""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    games = GameService(url)
    try:
        game_id = games.create_game(ruleset="dodgecity", seats=3, seed="served")
    finally:
        games.close()
    with serving(url, "--abandon-after", "1"):
        status = wait_for_status(url, game_id, GameStatus.ABANDONED)
    assert status is GameStatus.ABANDONED


def wait_for_status(url: str, game_id: UUID, wanted: GameStatus) -> GameStatus:
    """The game's status once it is ``wanted``, or the last seen after a generous wait."""
    games = GameService(url)
    try:
        give_up = time.monotonic() + IDLE_SECONDS
        while (status := status_of(games, game_id)) is not wanted and time.monotonic() < give_up:
            time.sleep(0.05)  # polling another process's store: nothing to wait on here
        return status
    finally:
        games.close()
