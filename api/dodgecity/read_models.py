"""Dodge City's own read models on the API: a game's board and its scores."""

from __future__ import annotations

from uuid import UUID

from litestar import get
from litestar.di import NamedDependency
from litestar.params import FromPath

from api.problems import problem_responses
from engine.application import GameNotFoundError, GameService
from projections.dodgecity.read_models import Board, Scores


@get(
    "/games/{game_id:uuid}/board",
    operation_id="getBoard",
    sync_to_thread=True,
    responses=problem_responses(400, 404, 429, 503),
    tags=["read models"],
)
def board(game_id: FromPath[UUID], games: NamedDependency[GameService]) -> Board:
    """Each building in play with its figure, value and status, and every stone."""
    found: Board | None = games.projections.board(game_id)
    if found is None:
        raise GameNotFoundError(game_id)
    return found


@get(
    "/games/{game_id:uuid}/scores",
    operation_id="getScores",
    sync_to_thread=True,
    responses=problem_responses(400, 404, 429, 503),
    tags=["read models"],
)
def scores(game_id: FromPath[UUID], games: NamedDependency[GameService]) -> Scores:
    """Each player's points, money, value discs and rank."""
    found: Scores | None = games.projections.scores(game_id)
    if found is None:
        raise GameNotFoundError(game_id)
    return found
