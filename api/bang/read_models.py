"""BANG! – Dodge City's own read model on the API: a game's table."""

from __future__ import annotations

from uuid import UUID

from litestar import get
from litestar.di import NamedDependency
from litestar.params import FromPath

from api.dependencies import Services
from api.http.problems import problem_responses
from engine.application import GameNotFoundError
from projections.bang.read_models import BangTable


@get(
    "/games/{game_id:uuid}/table",
    operation_id="getBangTable",
    summary="Get a BANG! game's table",
    sync_to_thread=True,
    responses=problem_responses(400, 404, 429, 503),
    tags=["read models"],
)
def table(game_id: FromPath[UUID], services: NamedDependency[Services]) -> BangTable:
    """A game of BANG! – Dodge City as everyone at the table sees it: each seat's character,
    life, hand size, cards in play, weapon and range, revealed role and whether it is
    eliminated; whose turn it is; the draw and discard piles' sizes. Public: anyone may ask,
    without a token; 404 for an unknown game or a game of another ruleset."""
    found: BangTable | None = services.games.projections.read_model(game_id, "table")
    if found is None:
        raise GameNotFoundError(game_id)
    return found
