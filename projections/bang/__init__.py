"""BANG! – Dodge City's own read model, beside the kernel's game list and leaderboard: each game's
table (every seat's character, life, hand size, cards in play, weapon and range, revealed role;
whose turn; the piles' sizes), in tables prefixed ``bang_``.

Registered under the ``projections.read_models`` entry point group in ``pyproject.toml``.
"""

from __future__ import annotations

from domain.bang.state import BangState
from projections.bang import tables
from projections.bang.read_models import BangSeatRow, BangTable
from projections.plugin import ReadModel, ReadModels


def turns(state: BangState) -> int:
    """How far a game has gone: the turn being played (0 before the start)."""
    return state.turn.number


READ_MODELS = ReadModels(
    ruleset="bang",
    version=2,  # 2: names shown escaped (domain/names.py)
    models=(
        ReadModel(
            name="table",
            answer=BangTable,
            tables=(tables.GAMES, tables.SEATS),
            rows=tables.table_rows,
            load=tables.load_table,
            change_key=tables.table_key,
        ),
    ),
    progress=turns,
)

__all__ = ["READ_MODELS", "BangSeatRow", "BangTable"]
