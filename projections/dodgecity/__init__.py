"""Dodge City's own read models, beside the kernel's game list and leaderboard: each game's board
(buildings in play, with their figure, value and status, and every stone) and scores (each
player's points, money, value discs and rank), in tables prefixed ``dodgecity_``.

Registered under the ``projections.read_models`` entry point group in ``pyproject.toml``.
"""

from __future__ import annotations

from domain.dodgecity.state import GameState
from projections.dodgecity import tables
from projections.dodgecity.read_models import (
    Board,
    BuildingRow,
    ScoreRow,
    Scores,
    StoneRow,
    board_key,
)
from projections.plugin import ReadModel, ReadModels


def passes(state: GameState) -> int:
    """How far a game has gone: the pass being played (0 before the start)."""
    return state.pass_number


READ_MODELS = ReadModels(
    ruleset="dodgecity",
    version=2,  # 2: names shown escaped (domain/names.py)
    models=(
        ReadModel(
            name="board",
            answer=Board,
            tables=(tables.BUILDINGS, tables.STONES),
            rows=tables.board_rows,
            load=tables.load_board,
            # Most commands leave the board as it was: its rows are kept rather than rebuilt a
            # hundred stones' worth, so a late command costs what an early one does.
            change_key=board_key,
        ),
        ReadModel(
            name="scores",
            answer=Scores,
            tables=(tables.SCORES,),
            rows=tables.score_rows,
            load=tables.load_scores,
        ),
    ),
    progress=passes,
    retired_tables=tables.RETIRED_TABLES,
)

__all__ = ["READ_MODELS", "Board", "BuildingRow", "ScoreRow", "Scores", "StoneRow"]
