"""Long games, made quickly, for the snapshot tests and ``benchmarks/bench_open_game.py``.

A BANG! table where nobody ever shoots: every player draws, ends his play, discards down to his
life and answers whatever he is asked with his first legal action (Vera Custer copies an
ability). Nobody is hurt, so the game never ends (BANG! has no turn limit): it runs to any number
of events through the real rules, and its record verifies like any game played on the server.
"""

from __future__ import annotations

from uuid import UUID, uuid4

from domain.aggregates.game import AnyGame, Game
from domain.bang.actions import Discard, DrawCards, DrawCheck, EndPlay, Pass
from domain.events.base import DomainEvent
from domain.registry import default_registry
from engine.records import Command, StartCommand, act_command, create_command, join_command

Commands = list[tuple[Command, list[DomainEvent]]]

#: What a player who never shoots answers when he may.
QUIET = (EndPlay, Pass, Discard, DrawCards, DrawCheck)


def quiet_bang(events: int, *, seats: int = 4, seed: str = "quiet", game_id: UUID | None = None) -> tuple[AnyGame, Commands]:
    """A BANG! game of at least ``events`` events (it stops at the end of the command that
    reaches them), and each command with the events it recorded, ready to be stored."""
    game: AnyGame = Game.create(game_id or uuid4(), default_registry().get("bang"), seed=seed, seats=seats)
    commands: Commands = [(create_command(game.id, seed, chosen=True), game.collect_events())]
    for seat in range(seats):
        name = f"quiet {seat + 1}"
        game.join(name)
        commands.append((join_command(name, None), game.collect_events()))
    game.start()
    commands.append((StartCommand(), game.collect_events()))
    while game.version < events:
        if game.is_over:
            raise RuntimeError(f"the quiet game ended after {game.version} events")
        seat = game.pending()[0].seat
        actions = game.legal_actions(seat)
        action = next((a for a in actions if isinstance(a, QUIET)), actions[0])
        game.act(seat, action)
        commands.append((act_command(seat, action), game.collect_events()))
    return game, commands
