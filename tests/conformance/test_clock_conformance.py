"""The clock, the same way for every ruleset (docs/CLOCK.md): a game whose every seat goes silent
is played to its end by the rules' defaults and then by the computer players standing in, and
verifies; every seat's default decision is legal wherever it is asked; and a timeout tells other
seats nothing of the silent seat's secrets ([CLOCK-PUBLIC]): in twin games that differ only in
those secrets, the same seats are answered for at the same deadlines, by the same kind of default,
and other seats see the same events wherever the default is the same action."""

from __future__ import annotations

import copy
from datetime import UTC, datetime, timedelta
from typing import Any

import msgspec
import pytest
from domain.aggregates.game import AnyGame, Game
from domain.events.kernel import ClockSet, DecisionTimedOut, KernelEvent, SeatHandedToBot
from domain.table import ClockSettings
from engine.application import GameService
from engine.audit import verify
from engine.kit import kit_for

from tests.conformance.engine_games import install_toy
from tests.conformance.playouts import NAMES, playout, running_part
from tests.conformance.rulesets import RULESETS, RulesetUnderTest
from tests.conformance.test_conformance import SMALL_GAMES, twins

install_toy()

T0 = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)
#: Decisions a game may take before it must have ended: far above any game's length here.
MAX_STEPS = 20_000
SILENT = [
    pytest.param(entry, seats, id=f"{entry.id}-{seats}")
    for entry in RULESETS
    for seats in sorted({entry.seat_counts[0], min(4, entry.seat_counts[-1])})
]


class FakeClock:
    def __init__(self) -> None:
        self.time = T0

    def now(self) -> datetime:
        return self.time


@pytest.mark.parametrize(("entry", "seats"), SILENT)
def test_CLOCK_ABSENT_given_every_human_seat_silent_then_defaults_and_stand_ins_play_the_game_to_its_end_and_it_verifies(
    entry: RulesetUnderTest, seats: int
) -> None:
    clock = FakeClock()
    games = GameService(clock=clock.now)
    try:
        settings = ClockSettings(decision_seconds=5, bot_after_timeouts=1)
        game_id = games.create_game(ruleset=entry.rules.name, seats=seats, seed=f"silent-{seats}", clock=settings)
        for seat in range(seats):
            games.join(game_id, NAMES[seat])
        games.start(game_id)
        kit = kit_for(entry.rules)
        timeouts = 0
        for _ in range(MAX_STEPS):
            due = games.read(game_id, _next_due)
            if due is None:
                break
            seat, deadline, stand_in, version = due
            if stand_in is not None:
                seen = games.seat_view(game_id, seat)
                action = kit.bot(stand_in, f"{game_id}/{seat}/{version}").decide(seen.view, seen.actions)
                games.perform(game_id, seat, action, expected_version=version, stand_in=True)
            else:
                clock.time = max(clock.time, deadline)
                games.time_out(game_id, seat, expected_version=version)
                timeouts += 1
        assert games.read(game_id, lambda game: game.is_over), f"no end after {MAX_STEPS} steps"
        events = games.domain_events(game_id)
        # Each seat timed out once and was handed over (bot_after_timeouts 1), never twice.
        handed = sorted(event.seat for event in events if isinstance(event, SeatHandedToBot))
        assert handed == list(range(seats))
        assert timeouts >= seats
        verdict = verify(game_id, games.records(game_id))
        assert verdict.ok, verdict.describe()
    finally:
        games.close()


def _next_due(game: AnyGame) -> tuple[int, datetime, str | None, int] | None:
    """The first asked seat a computer player stands in for (it acts at once), else the seat
    whose deadline comes first: the seat, its deadline, its stand-in and the version."""
    if game.is_over:
        return None
    asked = sorted(game.asked())
    for seat in asked:
        kind = game.table.stand_ins.get(seat)
        if kind is not None:
            return seat, T0, kind, game.version
    seat, deadline = min(game.table.deadlines().items(), key=lambda item: (item[1], item[0]))
    return seat, deadline, None, game.version


def _clocked(entry: RulesetUnderTest, events: list[Any]) -> AnyGame:
    """The game ``events`` make, put on a clock whose every decision opens at T0."""
    game: AnyGame = Game(events[0].originator_id, entry.rules)
    for event in events:
        game.apply(event)
    game.table.evolve(ClockSet(decision_seconds=60, reserve_seconds=0, bot_after_timeouts=2, stand_in="random"))
    game.table.settle({}, game.asked(), actor=None, by_itself=True, at=T0)
    return game


@pytest.mark.parametrize(("entry", "seats", "seed"), SMALL_GAMES)
def test_CLOCK_PUBLIC_given_twin_games_differing_in_a_seats_secrets_when_it_times_out_then_it_tells_no_more_than_its_default_would(
    entry: RulesetUnderTest, seats: int, seed: str
) -> None:
    """In twins that differ only in ``secret``'s secrets: the same seats are asked with the same
    deadlines, the same kind of default is taken, the kernel records the same facts, and what
    follows them is exactly what the seat's acting its default itself records."""
    played = playout(entry, seats, seed)
    running = entry.horizon(running_part(entry, played.events))
    compared = 0
    for secret in range(seats):
        for twin in twins(entry, running, played.boundaries, secret):
            mine, theirs = _clocked(entry, running[: len(twin)]), _clocked(entry, twin)
            # Whether and when each seat may be answered for is public.
            assert mine.asked() == theirs.asked()
            assert mine.table.deadlines() == theirs.table.deadlines()
            if secret not in mine.asked():
                continue
            defaults = [entry.rules.default_action(g.state, secret, g.pending()) for g in (mine, theirs)]
            assert type(defaults[0]) is type(defaults[1]), f"seat {secret}'s default depends on its secrets: {defaults}"
            kernel = []
            for game, default in zip((mine, theirs), defaults, strict=True):
                chosen = copy.deepcopy(game)
                chosen.act(secret, default)
                game.time_out(secret, at=T0 + timedelta(seconds=60))
                recorded = game.collect_events()
                facts = [e for e in recorded if isinstance(e, KernelEvent)]
                assert isinstance(recorded[0], DecisionTimedOut)
                assert recorded[: len(facts)] == facts
                assert _payloads(recorded[len(facts) :]) == _payloads(chosen.collect_events())
                kernel.append(_payloads(facts))
            assert kernel[0] == kernel[1]
            compared += 1
    assert compared > 0


def _payloads(events: list[Any]) -> list[bytes]:
    """The events as recorded, but for the version they were stamped with."""
    return [msgspec.json.encode(msgspec.structs.replace(event, originator_version=0)) for event in events]


@pytest.mark.parametrize("entry", [pytest.param(entry, id=entry.id) for entry in RULESETS])
def test_CLOCK_TIMEOUT_given_random_games_then_every_asked_seats_default_is_legal_at_every_step(entry: RulesetUnderTest) -> None:
    for seats in entry.seat_counts[:2]:
        played = playout(entry, seats, entry.seeds[0])
        game: AnyGame = Game(played.events[0].originator_id, entry.rules)
        boundaries = set(played.boundaries)
        checked = 0
        for event in played.events:
            game.apply(event)
            if game.version not in boundaries or game.is_over:
                continue
            pending = game.pending()
            for seat in game.asked():
                default = entry.rules.default_action(game.state, seat, pending)
                assert entry.rules.is_legal(game.state, seat, default, pending), f"version {game.version}: {default}"
                checked += 1
        assert checked > 0
