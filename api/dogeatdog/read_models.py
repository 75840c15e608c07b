"""Dog Eat Dog's own read model on the API: a game's board."""

from __future__ import annotations

from uuid import UUID

from litestar import get
from litestar.di import NamedDependency
from litestar.params import FromPath

from api.dependencies import Services
from api.http.problems import problem_responses
from engine.application import GameNotFoundError
from projections.dogeatdog.read_models import DogEatDogBoard


@get(
    # Not ``…/board``: that is Dodge City's, and one path has one handler.
    "/games/{game_id:uuid}/dogeatdog-board",
    operation_id="getDogEatDogBoard",
    summary="Get a Dog Eat Dog game's board",
    sync_to_thread=True,
    responses=problem_responses(400, 404, 429, 503),
    tags=["read models"],
)
def board(game_id: FromPath[UUID], services: NamedDependency[Services]) -> DogEatDogBoard:
    """A game of Dog Eat Dog as a spectator sees it: the round and whose turn it is; each
    player's runner on the track, division, public corporate account, workers, goods, Corrupt
    Officials and Current Events; the map's squares with their stage, pollution markers and
    controller; the laws in force, public or owned and by whom; the Marketplace, the supply, the
    Red Tape deck's size and its discard pile. Never a Swiss account nor an amount embezzled
    before the end, never the deck's order. Public: anyone may ask, without a token; 404 for an
    unknown game or a game of another ruleset."""
    found: DogEatDogBoard | None = services.games.projections.read_model(game_id, "dogeatdog-board")
    if found is None:
        raise GameNotFoundError(game_id)
    return found
