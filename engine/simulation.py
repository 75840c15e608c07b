"""Playing complete games of any ruleset in process, every seat a computer player."""

from __future__ import annotations

import gc
import logging
import math
import multiprocessing
import random
import secrets
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID, uuid4, uuid5

import msgspec

from domain.aggregates.game import AnyGame, Game
from domain.events.base import DomainEvent
from engine.kit import GameKit, Player, kit_for
from engine.players import TURN_CAP, RandomPlayer, TurnCount
from engine.records import Command, StartCommand, act_command, create_command, join_command

#: Receives each command a simulated game performed and the events it recorded, in order.
CommandLog = Callable[[Command, list[DomainEvent]], None]

#: Simulated games' ids are named by their seeds in this namespace (any fixed UUID would do).
SIMULATED_GAMES = UUID("0b6f3c52-9e1d-4c7a-8f25-4a3d9e6b7c10")
#: The logical clock of seeded simulations: game ``i`` is recorded at this time plus ``i`` s.
SIMULATION_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)

#: A game that has not ended after this many actions is reported as stuck, not looped on forever.
MAX_ACTIONS_PER_GAME = 100_000

logger = logging.getLogger(__name__)


class GameResult(msgspec.Struct, frozen=True, kw_only=True):
    game_id: str
    seed: str
    players: int
    winners: tuple[int, ...]
    points: tuple[int, ...]  # each seat's score (0 where the ruleset keeps none)
    end_reason: str | None
    actions: int
    events: int
    error: str | None = None
    kinds: tuple[str, ...] = ()  # the kind of player in each seat
    statistics: dict[str, int] = {}  # the ruleset's own figures (GameKit.game_statistics)
    roles: tuple[str | None, ...] = ()  # each seat's role, in games of hidden roles
    teams: tuple[str | None, ...] = ()  # each seat's team, in team games (SeatResult.team)
    #: Turns a seat's player did not end by itself within the cap (see :func:`play_on`): the
    #: rules' default decisions played the rest. A sign of a player caught in a cycle.
    capped_turns: int = 0


def play_game(
    kit: GameKit,
    players: int,
    seed: str,
    *,
    seats: Sequence[Player] | None = None,
    game_id: UUID | None = None,
    log: CommandLog | None = None,
    check: bool = False,
    settings: Any = None,
    seed_chosen: bool = True,
    turn_cap: int = TURN_CAP,
) -> tuple[AnyGame, GameResult]:
    """Play one complete game of ``kit``'s ruleset; ``seed`` fixes the game's chance and the
    players' choices. The record marks the seed as chosen (``seed_chosen``) unless it was
    drawn unguessably: a seed handed in is known to whoever handed it in.

    With ``log``, every command and its events are handed over as they happen (to be stored).
    With ``check``, the kit's invariants are checked after every action, and the first one
    violated ends the game as an error. See :func:`play_on` for ``turn_cap``."""

    def logged(command: Command) -> None:
        if log is not None:
            log(command, game.collect_events())

    game: AnyGame = Game.create(
        game_id or uuid4(), kit.rules, seed=seed, seats=players, settings=settings
    )
    logged(create_command(game.id, seed, chosen=seed_chosen))
    for seat in range(players):
        name = f"bot{seat}"
        game.join(name)
        logged(join_command(name, None))
    game.start()
    logged(StartCommand())
    seats = seats or [
        RandomPlayer(f"{seed}/seat{seat}", kit.progress_check()) for seat in range(players)
    ]
    capped: list[int] = []
    actions, error = play_on(
        kit,
        game,
        seats,
        random.Random(f"{seed}/order"),
        log=log,
        check=check,
        turn_cap=turn_cap,
        on_capped=capped.append,
    )
    return game, _result(kit, game, seed, actions, error, capped_turns=len(capped))


def play_on(
    kit: GameKit,
    game: AnyGame,
    seats: Sequence[Player],
    order: random.Random,
    *,
    log: CommandLog | None = None,
    check: bool = False,
    turn_cap: int = TURN_CAP,
    max_actions: int = MAX_ACTIONS_PER_GAME,
    on_capped: Callable[[int], None] | None = None,
) -> tuple[int, str | None]:
    """Play ``game`` on until it ends, each seat by its player; ``order`` picks who of several
    simultaneous deciders acts first. Returns the actions played and the error that stopped
    the game early (None: it ended).

    A seat that has recorded ``turn_cap`` actions in one turn (the kit's ``turn_of``) plays
    the rest of it by the rules' default decisions, as the server caps its bot seats
    (``engine/bot_seats.py``): a player caught in a cycle ends its turn all the same.
    ``on_capped(seat)`` is told each time that happens. A game that has not ended after
    ``max_actions`` is stopped with an error."""
    invariants = kit.invariants
    turn_of = kit.turn_of
    counts = [TurnCount() for _ in seats]
    actions = 0
    try:
        while not game.is_over:
            pending = game.pending()
            seat = (
                pending[order.randrange(len(pending))].seat if len(pending) > 1 else pending[0].seat
            )
            count = counts[seat]
            if count.before(turn_of(game), game.version) < turn_cap:
                action = seats[seat].choose(game, seat)
            else:
                if count.count == turn_cap:
                    _warn_capped(game, seat, turn_cap)
                    if on_capped is not None:
                        on_capped(seat)
                action = game.rules.default_action(game.state, seat, pending)
            game.act(seat, action)
            count.recorded(game.version)
            if log is not None:  # not through ``logged``: no command is built when none is kept
                log(act_command(seat, action), game.collect_events())
            actions += 1
            if check and (broken := invariants(game.state)):
                return actions, f"after action {actions} ({action!r}): {'; '.join(broken)}"
            if actions >= max_actions:
                return actions, f"no end after {actions} actions"
    except Exception as exc:  # a broken game is reported, not hidden
        return actions, f"{type(exc).__name__}: {exc}"
    return actions, None


def _warn_capped(game: AnyGame, seat: int, cap: int) -> None:
    logger.warning(
        "seat %d of %s game %s recorded %d actions in one turn: the rules' default decisions "
        "play the rest of it",
        seat,
        game.rules.name,
        game.id,
        cap,
    )


def _result(
    kit: GameKit, game: AnyGame, seed: str, actions: int, error: str | None, *, capped_turns: int
) -> GameResult:
    outcome = game.outcome()
    results = () if outcome is None else outcome.results
    return GameResult(
        game_id=str(game.id),
        seed=seed,
        players=len(game.seats()),
        winners=() if outcome is None else outcome.winners,
        points=tuple(r.score or 0 for r in results),
        end_reason=None if outcome is None else outcome.reason,
        actions=actions,
        events=game.version,
        error=error if error is not None or game.is_over else "the game did not end",
        statistics=kit.game_statistics(game),
        roles=kit.seat_roles(game) if game.is_over else (),
        teams=tuple(r.team for r in results) if any(r.team for r in results) else (),
        capped_turns=capped_turns,
    )


def simulated_game_id(seed: str) -> UUID:
    """A simulated game's id, named by its seed: the same seed stores the same game."""
    return uuid5(SIMULATED_GAMES, seed)


def logical_time(index: int) -> str:
    """When seeded game ``index`` is said to be recorded. Simulated games are played at no
    particular time; a clock that depends only on the game makes a stored run reproducible
    byte for byte, and its 1970 date says at a glance that it is not a wall-clock time."""
    return (SIMULATION_EPOCH + timedelta(seconds=index)).isoformat()


def seeds(base: str | None, count: int, first: int = 0) -> Iterator[str]:
    """Per-game seeds from game ``first`` on: derived from ``base`` when given (reproducible),
    otherwise unguessable."""
    for index in range(first, first + count):
        yield f"{base}-{index}" if base is not None else secrets.token_hex(16)


class BotRecord(msgspec.Struct, frozen=True, kw_only=True):
    """How one kind of player did: ``games`` counts its seats (two seats in one game, two), a
    shared win counts as a fraction, and the interval is Wilson's at 95%."""

    games: int
    wins: float
    win_rate: float
    low: float
    high: float


class Summary(msgspec.Struct, frozen=True, kw_only=True):
    ruleset: str
    games: int
    players: int
    failed: int
    bots: dict[str, BotRecord]
    wins_by_seat: dict[int, float]
    shared_wins: int
    end_reasons: dict[str, int]
    average_events: float
    average_actions: float
    #: Turns the cap on one seat's actions in a turn ended (GameResult.capped_turns), in all,
    #: and the games that had any.
    capped_turns: int
    capped_games: int
    statistics: dict[str, float]  # the ruleset's own (GameKit.summary_statistics)
    #: Wins by role, then by kind of player in the seats of that role (a seat whose team won
    #: counts a whole win); empty for games without roles.
    roles: dict[str, dict[str, BotRecord]]
    #: Wins by team: the games a team played in and won (every kind of player together).
    teams: dict[str, BotRecord]
    seconds: float
    games_per_second: float
    events_per_second: float
    errors: list[str]


#: Stores one finished game: its id, every command with the events it recorded, and the time
#: to record it at (None: now).
GameSink = Callable[[UUID, list[tuple[Command, list[DomainEvent]]], str | None], None]
Recorded = list[tuple[Command, list[DomainEvent]]]


def lineup(kit: GameKit, bots: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The kind of player in each seat of game ``index``.

    ``bots`` names one kind per seat, the last one filling any seats left (``heuristic,random``
    is one heuristic player against random ones). The line-up turns one seat further every
    game, so that no kind keeps the advantage or handicap of a seat."""
    unknown = [kind for kind in bots if kind not in kit.bots]
    if not bots or unknown or len(bots) > players:
        raise ValueError(
            f"bots must name 1 to {players} kinds among {', '.join(kit.bots)}, not {bots!r}"
        )
    kinds = [*bots, *[bots[-1]] * (players - len(bots))]
    shift = index % players
    return tuple(kinds[shift:] + kinds[:shift])


class _Game(msgspec.Struct, frozen=True):
    """One game to play, as handed to a worker process."""

    ruleset: str
    seed: str
    players: int
    kinds: tuple[str, ...]
    record: bool  # keep every command and its events, to be stored
    check: bool  # the engine's invariants after every action
    seed_chosen: bool  # derived from a base seed: reproducible, so marked as chosen


def _play(task: _Game) -> tuple[GameResult, UUID, Recorded | None]:
    kit = kit_for(task.ruleset)
    seats = [kit.bot(kind, f"{task.seed}/seat{seat}") for seat, kind in enumerate(task.kinds)]
    commands: Recorded | None = [] if task.record else None
    game, result = play_game(
        kit,
        task.players,
        task.seed,
        seats=seats,
        game_id=simulated_game_id(task.seed),
        log=None if commands is None else _append_to(commands),
        check=task.check,
        seed_chosen=task.seed_chosen,
    )
    return msgspec.structs.replace(result, kinds=task.kinds), game.id, commands


def simulate(
    games: int,
    players: int,
    seed: str | None,
    store: GameSink | None = None,
    *,
    ruleset: str,
    bots: Sequence[str] = ("random",),
    jobs: int = 1,
    check: bool = False,
    progress: Callable[[int], None] | None = None,
    first: int = 0,
) -> Summary:
    """Play ``games`` games between the kinds of player in ``bots`` (see :func:`lineup`), in
    ``jobs`` processes; with ``store``, hand each finished game over to be stored, in order,
    with a logical recording time when ``seed`` is given (see :func:`logical_time`), so that
    the same seed stores the same bytes.

    With ``check``, every game checks the engine's invariants after every action (a violation
    is a failed game). ``progress(done)`` is told how many games have finished. Each game
    depends only on its seed and line-up, so the same seed gives the same games whatever
    ``jobs`` is. ``first`` starts at that game of the seed: the games ``first`` to ``first +
    games - 1`` of a longer run, seeds, line-ups and recording times alike, so that a long
    run can be played in parts."""
    kit = kit_for(ruleset)
    tasks = [
        _Game(
            ruleset,
            game_seed,
            players,
            lineup(kit, bots, players, index),
            store is not None,
            check,
            seed_chosen=seed is not None,
        )
        for index, game_seed in enumerate(seeds(seed, games, first), start=first)
    ]
    started = time.perf_counter()
    results = []
    with rare_collections():
        for done, (result, game_id, commands) in enumerate(_played(tasks, jobs), start=1):
            if store is not None and commands is not None:
                store(game_id, commands, None if seed is None else logical_time(first + done - 1))
            results.append(result)
            if progress is not None:
                progress(done)
    return summarise(kit, results, players, time.perf_counter() - started)


#: The cycle collector's thresholds while games are simulated (the default is 700, 10, 10).
SIMULATION_GC_THRESHOLDS = (200_000, 20, 20)


@contextmanager
def rare_collections() -> Iterator[None]:
    """Run the cycle collector rarely while games are played, and never over what existed before.

    A finished game is freed by reference counting alone: 30 random and 30 heuristic games
    left 4 objects in reference cycles. Yet the collector ran whenever 700 more objects were
    alive, and its passes walked the routes and views kept for reuse: it took 9% of the time
    of 300 random games and 14% of 100 heuristic ones; 1.5% and 1.1% with these thresholds. It
    still runs, just rarely, so the few cycles are freed all the same."""
    thresholds = gc.get_threshold()
    _collect_rarely()
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def _collect_rarely() -> None:
    """For the rest of a worker process's life, or inside ``rare_collections``."""
    gc.freeze()  # what exists now is long-lived: left out of every pass
    gc.set_threshold(*SIMULATION_GC_THRESHOLDS)


def _played(tasks: list[_Game], jobs: int) -> Iterable[tuple[GameResult, UUID, Recorded | None]]:
    if jobs <= 1 or len(tasks) <= 1:
        return map(_play, tasks)
    return _in_processes(tasks, jobs)


def _in_processes(
    tasks: list[_Game], jobs: int
) -> Iterator[tuple[GameResult, UUID, Recorded | None]]:
    # Fresh interpreters ("spawn"): a forked copy of a process holding database connections and
    # threads is not safe. Results come back in the order of the games.
    context = multiprocessing.get_context("spawn")
    chunk = max(1, min(32, len(tasks) // (jobs * 8)))
    with context.Pool(min(jobs, len(tasks)), initializer=_collect_rarely) as pool:
        yield from pool.imap(_play, tasks, chunksize=chunk)


def _append_to(commands: Recorded) -> CommandLog:
    def append(command: Command, events: list[DomainEvent]) -> None:
        commands.append((command, events))

    return append


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a share of ``wins`` in ``games`` (95% by default)."""
    if games == 0:
        return 0.0, 1.0
    share = wins / games
    centre = share + z * z / (2 * games)
    spread = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def _bot_records(results: list[GameResult]) -> dict[str, BotRecord]:
    seats: Counter[str] = Counter()
    wins: dict[str, float] = {}
    for result in results:
        kinds = result.kinds or ("random",) * result.players
        seats.update(kinds)
        for winner in result.winners:
            wins[kinds[winner]] = wins.get(kinds[winner], 0.0) + 1 / len(result.winners)
    records = {}
    for kind, count in sorted(seats.items()):
        won = wins.get(kind, 0.0)
        low, high = wilson(won, count)
        records[kind] = BotRecord(
            games=count,
            wins=round(won, 3),
            win_rate=round(won / count, 4),
            low=round(low, 4),
            high=round(high, 4),
        )
    return records


def _record(won: float, count: int) -> BotRecord:
    low, high = wilson(won, count)
    return BotRecord(
        games=count,
        wins=round(won, 3),
        win_rate=round(won / count, 4) if count else 0.0,
        low=round(low, 4),
        high=round(high, 4),
    )


def _role_records(results: list[GameResult]) -> dict[str, dict[str, BotRecord]]:
    """Each role's seats and wins by the kind of player in them."""
    seats: Counter[tuple[str, str]] = Counter()
    wins: Counter[tuple[str, str]] = Counter()
    for result in results:
        kinds = result.kinds or ("random",) * result.players
        for seat, role in enumerate(result.roles):
            if role is None:
                continue
            seats[role, kinds[seat]] += 1
            wins[role, kinds[seat]] += seat in result.winners
    records: dict[str, dict[str, BotRecord]] = {}
    for role, kind in sorted(seats):
        records.setdefault(role, {})[kind] = _record(wins[role, kind], seats[role, kind])
    return records


def _team_records(results: list[GameResult]) -> dict[str, BotRecord]:
    """Each team's games and the games it won."""
    games: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for result in results:
        present = {team for team in result.teams if team is not None}
        won = {result.teams[seat] for seat in result.winners if seat < len(result.teams)}
        games.update(present)
        wins.update(team for team in present if team in won)
    return {team: _record(wins[team], games[team]) for team in sorted(games)}


def summarise(kit: GameKit, results: list[GameResult], players: int, seconds: float) -> Summary:
    wins: dict[int, float] = dict.fromkeys(range(players), 0.0)
    for result in results:
        for winner in result.winners:
            wins[winner] += 1 / len(result.winners)  # a shared win counts as a fraction
    count = max(len(results), 1)
    events = sum(r.events for r in results)
    return Summary(
        ruleset=kit.name,
        games=len(results),
        players=players,
        failed=sum(1 for r in results if r.error is not None),
        bots=_bot_records(results),
        wins_by_seat={seat: round(wins[seat], 3) for seat in range(players)},
        shared_wins=sum(1 for r in results if len(r.winners) > 1),
        end_reasons=dict(Counter(r.end_reason or "none" for r in results)),
        average_events=round(events / count, 1),
        average_actions=round(sum(r.actions for r in results) / count, 1),
        capped_turns=sum(r.capped_turns for r in results),
        capped_games=sum(1 for r in results if r.capped_turns),
        statistics=kit.summary_statistics([r.statistics for r in results]),
        roles=_role_records(results),
        teams=_team_records(results),
        seconds=round(seconds, 3),
        games_per_second=round(len(results) / seconds, 1) if seconds else 0.0,
        events_per_second=round(events / seconds, 0) if seconds else 0.0,
        errors=[f"game {r.game_id} (seed {r.seed}): {r.error}" for r in results if r.error],
    )
