"""Recorded random games for the storage tests: each command with the events it produced."""

from __future__ import annotations

from uuid import UUID, uuid4

from domain.dodgecity.ruleset import DodgeCityGame
from domain.events.dodgecity import DomainEvent
from engine.dodgecity.kit import KIT
from engine.records import Command, Record, seal_game
from engine.simulation import play_game

Commands = list[tuple[Command, list[DomainEvent]]]


def recorded_game(players: int, seed: str, game_id: UUID | None = None) -> tuple[DodgeCityGame, Commands]:
    commands: Commands = []
    game, result = play_game(KIT, players, seed, game_id=game_id or uuid4(), log=lambda c, e: commands.append((c, e)))
    assert result.error is None, result.error
    return game, commands


def sealed(commands: Commands, recorded_at: str = "2026-11-21T12:00:00+00:00") -> list[Record]:
    return seal_game(commands, recorded_at)
