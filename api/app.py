"""The REST API: a litestar app over one DodgeCityApplication.

This first slice serves the read models (game list, board, scores, leaderboard) and the health
check; every error, the router's own included, is a problem-details body (``api/problems.py``).
The eventsourcing calls are synchronous, so every handler that reaches the store runs in a worker
thread (``sync_to_thread=True``) and never blocks the event loop.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Literal
from uuid import UUID

import msgspec
from litestar import Litestar, get
from litestar.openapi import OpenAPIConfig
from litestar.openapi.datastructures import ResponseSpec
from litestar.openapi.plugins import JsonRenderPlugin
from litestar.params import FromPath, FromQuery, QueryParameter

from api.problems import EXCEPTION_HANDLERS, Problem
from dodgecity.application import DodgeCityApplication, GameNotFoundError
from projections.read_models import Board, GamesPage, LeaderboardRow, Scores

API_VERSION = "0.1.0"
MAX_PAGE = 100
MAX_OFFSET = 1_000_000_000  # beyond any real list, and within every database's integers

GameStatus = Literal["lobby", "running", "ended"]
Limit = Annotated[int, QueryParameter(ge=1, le=MAX_PAGE, description="page size")]
Offset = Annotated[int, QueryParameter(ge=0, le=MAX_OFFSET, description="items to skip")]


class Health(msgspec.Struct, frozen=True, kw_only=True):
    status: Literal["ok"]
    database: str  # the backend and where, without any password
    projected_position: int  # how far the read models have read the event log


def _problems(*statuses: int) -> dict[int, ResponseSpec]:
    return {
        status: ResponseSpec(
            data_container=Problem,
            description="problem details (RFC 9457)",
            media_type="application/problem+json",
            generate_examples=False,
        )
        for status in statuses
    }


def create_app(games: DodgeCityApplication, *, close_on_shutdown: bool = False) -> Litestar:
    """The API serving ``games``; with ``close_on_shutdown`` the app closes it when it stops."""

    @get("/health", sync_to_thread=True, responses=_problems(503), tags=["service"])
    def health() -> Health:
        """Whether the server and its database answer."""
        return Health(
            status="ok",
            database=games.database.describe(),
            projected_position=games.projections.position(),
        )

    @get("/games", sync_to_thread=True, responses=_problems(400), tags=["games"])
    def list_games(
        status: FromQuery[GameStatus | None] = None, limit: Limit = 50, offset: Offset = 0
    ) -> GamesPage:
        """The game list (lobby), newest first, from the games read model."""
        return games.projections.games(status=status, limit=limit, offset=offset)

    @get(
        "/games/{game_id:uuid}/board",
        sync_to_thread=True,
        responses=_problems(404),
        tags=["read models"],
    )
    def board(game_id: FromPath[UUID]) -> Board:
        """Each building in play with its figure, value and status, and every stone."""
        found = games.projections.board(game_id)
        if found is None:
            raise GameNotFoundError(game_id)
        return found

    @get(
        "/games/{game_id:uuid}/scores",
        sync_to_thread=True,
        responses=_problems(404),
        tags=["read models"],
    )
    def scores(game_id: FromPath[UUID]) -> Scores:
        """Each player's points, money, value discs and rank."""
        found = games.projections.scores(game_id)
        if found is None:
            raise GameNotFoundError(game_id)
        return found

    @get("/leaderboard", sync_to_thread=True, responses=_problems(400), tags=["read models"])
    def leaderboard(limit: Limit = 50, offset: Offset = 0) -> list[LeaderboardRow]:
        """Players by games won, then points, across every ended game."""
        return games.projections.leaderboard(limit=limit, offset=offset)

    @asynccontextmanager
    async def lifespan(_app: Litestar) -> AsyncIterator[None]:
        try:
            yield
        finally:
            if close_on_shutdown:
                games.close()

    return Litestar(
        route_handlers=[health, list_games, board, scores, leaderboard],
        exception_handlers=EXCEPTION_HANDLERS,
        openapi_config=OpenAPIConfig(
            title="Dodge City Engine",
            version=API_VERSION,
            description="Create, join, play, watch and replay games of Dodge City (1983).",
            path="/schema",
            render_plugins=[JsonRenderPlugin()],
            create_examples=False,
        ),
        lifespan=[lifespan],
    )
