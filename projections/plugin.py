"""How a game adds read models of its own to the kernel's (the game list and the leaderboard).

A game's package in ``projections/`` builds one :class:`ReadModels` and registers it under the
``projections.read_models`` entry point group (``pyproject.toml``); the projector picks it by the
ruleset a game is played by, so the kernel imports no game. Its tables are its own, named with the
ruleset's name as a prefix, and every row of them begins with the id of the game it belongs to. A
ruleset without read models of its own still gets the kernel's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from typing import Any
from uuid import UUID

from projections.sql import Row, Transaction

#: The entry point group games register their read models in.
ENTRY_POINT_GROUP = "projections.read_models"


@dataclass(frozen=True)
class Table:
    """One table of a game's read model. Its first column is ``game_id`` (the id as text)."""

    name: str
    columns: tuple[str, ...]
    #: How many leading columns, ``game_id`` first, tell a row from the other rows of its game.
    key_width: int
    #: ``CREATE TABLE IF NOT EXISTS`` and ``CREATE INDEX IF NOT EXISTS`` statements, in order.
    create: tuple[str, ...]


@dataclass(frozen=True)
class ReadModel:
    """Tables written together from one game's state, and read back as one answer."""

    #: What queries ask it by (``Projections.read_model(game_id, name)``).
    name: str
    #: The type :attr:`load` answers with.
    answer: type[Any]
    tables: tuple[Table, ...]
    #: ``rows(game_id, state)``: every table's rows for the game in ``state``, each beginning
    #: with the game's id as text.
    rows: Callable[[UUID, Any], Mapping[str, Iterable[Row]]]
    #: ``load(tx, game_id)``: the read model of a game known to be of this ruleset.
    load: Callable[[Transaction, UUID], Any]
    #: ``change_key(state)``: something cheap to make and compare that is equal whenever the rows
    #: are, and stays as it was when the state changes afterwards (a copy, never a view). Rows
    #: are made again only when it changed. None: the rows are made after every batch.
    change_key: Callable[[Any], object] | None = None


def no_progress(_state: Any) -> int:
    return 0


@dataclass(frozen=True)
class ReadModels:
    """Everything one ruleset adds to the kernel's read models."""

    ruleset: str
    #: Raised whenever a table or what it holds changes: every process started afterwards finds
    #: the stored version older and rebuilds the read models from the log.
    version: int
    models: tuple[ReadModel, ...]
    #: ``progress(state)``: how far a game has gone in its own words, shown in the game list
    #: (``GameSummary.pass_number``).
    progress: Callable[[Any], int] = no_progress
    #: Tables earlier versions wrote and this one does not: dropped with the others on a rebuild.
    retired_tables: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for table in self.tables():
            if not table.name.startswith(f"{self.ruleset}_"):
                raise ValueError(f"{self.ruleset}: table {table.name!r} lacks the ruleset prefix")
            if table.columns[0] != "game_id" or not 1 <= table.key_width <= len(table.columns):
                raise ValueError(f"{table.name}: rows begin with game_id and are keyed by it")

    def tables(self) -> tuple[Table, ...]:
        return tuple(table for model in self.models for table in model.tables)

    def model(self, name: str) -> ReadModel | None:
        return next((model for model in self.models if model.name == name), None)


@cache
def installed_read_models() -> tuple[ReadModels, ...]:
    """Every game's read models the installed packages register, by their entry points (looked
    up once per process)."""
    return tuple(point.load() for point in entry_points(group=ENTRY_POINT_GROUP))
