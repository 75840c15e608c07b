"""Dodge City's own read models on the API: a game's board and its scores."""

from __future__ import annotations

from uuid import UUID

from litestar import get
from litestar.di import NamedDependency
from litestar.params import FromPath

from api.dependencies import Services
from api.http.problems import problem_responses
from engine.application import GameNotFoundError
from projections.dodgecity.read_models import Board, Scores


@get(
    "/games/{game_id:uuid}/board",
    operation_id="getBoard",
    summary="Get a Dodge City game's board",
    sync_to_thread=True,
    responses=problem_responses(400, 404, 429, 503),
    tags=["read models"],
)
def board(game_id: FromPath[UUID], services: NamedDependency[Services]) -> Board:
    """A Dodge City game's board from the board read model: each building in play with its
    figure, value and status, and every stone. Public: anyone may ask, without a token; 404 for
    an unknown game or a game of another ruleset."""
    games = services.games
    found: Board | None = games.projections.board(game_id)
    if found is None:
        raise GameNotFoundError(game_id)
    return found


@get(
    "/games/{game_id:uuid}/scores",
    operation_id="getScores",
    summary="Get a Dodge City game's scores",
    sync_to_thread=True,
    responses=problem_responses(400, 404, 429, 503),
    tags=["read models"],
)
def scores(game_id: FromPath[UUID], services: NamedDependency[Services]) -> Scores:
    """A Dodge City game's scores from the scores read model: each player's points, money,
    value discs and rank. Public: anyone may ask, without a token; 404 for an unknown game or
    a game of another ruleset."""
    games = services.games
    found: Scores | None = games.projections.scores(game_id)
    if found is None:
        raise GameNotFoundError(game_id)
    return found
