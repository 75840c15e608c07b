"""Dog Eat Dog's own read model, beside the kernel's game list and leaderboard: each game's board
(the round and whose turn it is; every player's runner, division, public corporate account,
workers, goods, officials and Current Events; the map's squares with their stage, pollution and
controller; the laws and their owners; the Marketplace, the supply and the Red Tape deck's size),
in tables prefixed ``dogeatdog_``. Never a Swiss balance or an amount embezzled before the end,
never the deck's order (RULES.md section 21).

Registered under the ``projections.read_models`` entry point group in ``pyproject.toml``.
"""

from __future__ import annotations

from domain.dogeatdog.state import DogEatDogState
from projections.dogeatdog import tables
from projections.dogeatdog.read_models import (
    DogEatDogBoard,
    DogEatDogLawRow,
    DogEatDogSeatRow,
    DogEatDogSquareRow,
)
from projections.plugin import ReadModel, ReadModels


def rounds(state: DogEatDogState) -> int:
    """How far a game has gone: the round being played (0 before the start)."""
    return state.round


READ_MODELS = ReadModels(
    ruleset="dogeatdog",
    version=1,
    models=(
        ReadModel(
            name="dogeatdog-board",  # not "board": that name is Dodge City's, asked by its route
            answer=DogEatDogBoard,
            tables=tables.TABLES,
            rows=tables.board_rows,
            load=tables.load_board,
            change_key=tables.board_key,
        ),
    ),
    progress=rounds,
)

__all__ = [
    "READ_MODELS",
    "DogEatDogBoard",
    "DogEatDogLawRow",
    "DogEatDogSeatRow",
    "DogEatDogSquareRow",
]
