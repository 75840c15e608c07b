"""Playing complete games in process, every seat a computer player."""

from __future__ import annotations

import random
import secrets
import time
from collections import Counter
from collections.abc import Callable, Iterator
from uuid import UUID, uuid4

import msgspec

from dodgecity.players import Player, RandomPlayer
from dodgecity.records import Command, CreateCommand, JoinCommand, StartCommand, act_command
from domain.aggregates.game import Game
from domain.events import DomainEvent

#: Receives each command a simulated game performed and the events it recorded, in order.
CommandLog = Callable[[Command, list[DomainEvent]], None]

#: A game that has not ended after this many actions is reported as stuck, not looped on forever.
MAX_ACTIONS_PER_GAME = 100_000


class GameResult(msgspec.Struct, frozen=True, kw_only=True):
    game_id: str
    seed: str
    players: int
    winners: tuple[int, ...]
    points: tuple[int, ...]
    end_reason: str | None
    passes: int
    actions: int
    events: int
    buildings_scored: int
    buildings_neutralised: int
    error: str | None = None


def play_game(
    players: int,
    seed: str,
    *,
    seats: list[Player] | None = None,
    game_id: UUID | None = None,
    log: CommandLog | None = None,
) -> tuple[Game, GameResult]:
    """Play one complete game; ``seed`` fixes the game's chance and the players' choices.

    With ``log``, every command and its events are handed over as they happen (to be stored)."""

    def logged(command: Command) -> None:
        if log is not None:
            log(command, game.collect_events())

    game = Game.create(game_id or uuid4(), seed=seed, max_players=players)
    logged(CreateCommand())
    for seat in range(players):
        name = f"bot{seat}"
        game.join(name)
        logged(JoinCommand(name=name, colour=None))
    game.start()
    logged(StartCommand())
    seats = seats or [RandomPlayer(f"{seed}/seat{seat}") for seat in range(players)]
    order = random.Random(f"{seed}/order")  # who of several simultaneous deciders acts first
    actions = 0
    error: str | None = None
    try:
        while not game.is_over:
            pending = game.pending()
            seat = (
                pending[order.randrange(len(pending))].seat if len(pending) > 1 else pending[0].seat
            )
            action = seats[seat].choose(game, seat)
            game.act(seat, action)
            logged(act_command(seat, action))
            actions += 1
            if actions >= MAX_ACTIONS_PER_GAME:
                error = f"no end after {actions} actions"
                break
    except Exception as exc:  # a broken game is reported, not hidden
        error = f"{type(exc).__name__}: {exc}"
    return game, _result(game, seed, actions, error)


def _result(game: Game, seed: str, actions: int, error: str | None) -> GameResult:
    state = game.state
    statuses = Counter(b.status.value for b in state.buildings.values())
    return GameResult(
        game_id=str(game.id),
        seed=seed,
        players=state.player_count,
        winners=state.winners,
        points=tuple(p.points for p in state.players),
        end_reason=None if state.end_reason is None else state.end_reason.value,
        passes=state.pass_number,
        actions=actions,
        events=game.version,
        buildings_scored=statuses["scored"],
        buildings_neutralised=statuses["neutral"],
        error=error if error is not None or game.is_over else "the game did not end",
    )


def seeds(base: str | None, count: int) -> Iterator[str]:
    """Per-game seeds: derived from ``base`` when given (reproducible), otherwise unguessable."""
    for index in range(count):
        yield f"{base}-{index}" if base is not None else secrets.token_hex(16)


class Summary(msgspec.Struct, frozen=True, kw_only=True):
    games: int
    players: int
    failed: int
    wins_by_seat: dict[int, float]
    shared_wins: int
    end_reasons: dict[str, int]
    average_passes: float
    average_events: float
    average_actions: float
    buildings_scored: int
    buildings_neutralised: int
    seconds: float
    games_per_second: float
    events_per_second: float
    errors: list[str]


#: Stores one finished game: its id and every command with the events it recorded.
GameSink = Callable[[UUID, list[tuple[Command, list[DomainEvent]]]], None]


def simulate(games: int, players: int, seed: str | None, store: GameSink | None = None) -> Summary:
    """Play ``games`` games; with ``store``, hand each finished game over to be stored."""
    started = time.perf_counter()
    results = []
    for game_seed in seeds(seed, games):
        commands: list[tuple[Command, list[DomainEvent]]] = []
        game, result = play_game(
            players, game_seed, log=None if store is None else _append_to(commands)
        )
        if store is not None:
            store(game.id, commands)
        results.append(result)
    return summarise(results, players, time.perf_counter() - started)


def _append_to(commands: list[tuple[Command, list[DomainEvent]]]) -> CommandLog:
    def append(command: Command, events: list[DomainEvent]) -> None:
        commands.append((command, events))

    return append


def summarise(results: list[GameResult], players: int, seconds: float) -> Summary:
    wins: dict[int, float] = dict.fromkeys(range(players), 0.0)
    for result in results:
        for winner in result.winners:
            wins[winner] += 1 / len(result.winners)  # a shared win counts as a fraction
    count = max(len(results), 1)
    events = sum(r.events for r in results)
    return Summary(
        games=len(results),
        players=players,
        failed=sum(1 for r in results if r.error is not None),
        wins_by_seat={seat: round(wins[seat], 3) for seat in range(players)},
        shared_wins=sum(1 for r in results if len(r.winners) > 1),
        end_reasons=dict(Counter(r.end_reason or "none" for r in results)),
        average_passes=round(sum(r.passes for r in results) / count, 2),
        average_events=round(events / count, 1),
        average_actions=round(sum(r.actions for r in results) / count, 1),
        buildings_scored=sum(r.buildings_scored for r in results),
        buildings_neutralised=sum(r.buildings_neutralised for r in results),
        seconds=round(seconds, 3),
        games_per_second=round(len(results) / seconds, 1) if seconds else 0.0,
        events_per_second=round(events / seconds, 0) if seconds else 0.0,
        errors=[f"game {r.game_id} (seed {r.seed}): {r.error}" for r in results if r.error],
    )
