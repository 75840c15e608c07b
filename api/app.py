"""The REST API: a litestar app over one GameService.

- lobby and play (``api/games.py``): create, join, start, see, act, events, any past step;
- live games (``api/stream.py``): Server-Sent Events;
- read models (here): the game list, board, scores, leaderboard, and the health check;
- the OpenAPI document at ``/schema/openapi.json`` and an interactive page at ``/docs``, with its
  scripts served from this server (no network needed);
- every error, the router's own included, one problem-details shape (``api/problems.py``);
- CORS, the largest request body and an optional rate limit from ``api/settings.py``.

The eventsourcing calls are synchronous, so every handler that reaches the store runs in a worker
thread (``sync_to_thread=True``) or hands its store calls to one, and never blocks the event loop.
"""

from __future__ import annotations

import importlib.util
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal
from uuid import UUID

import msgspec
from litestar import HttpMethod, Litestar, Response, get, route
from litestar.config.cors import CORSConfig
from litestar.handlers import HTTPRouteHandler
from litestar.middleware import DefineMiddleware
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin, SwaggerRenderPlugin
from litestar.openapi.spec import Components
from litestar.params import FromPath, FromQuery, QueryParameter
from litestar.static_files import create_static_files_router
from litestar.status_codes import HTTP_204_NO_CONTENT, HTTP_307_TEMPORARY_REDIRECT

from api.auth import SECURITY_SCHEMES
from api.bodies import decode_strictly
from api.document import finish_document
from api.dodgecity.catalog import catalog_routes
from api.frontend import play_routes
from api.games import game_routes
from api.idempotency import CreatedGames
from api.limits import rate_limited
from api.preflight import refused_preflight_as_problem
from api.problems import EXCEPTION_HANDLERS, problem_responses
from api.schemas import ZERO_MINIMUM
from api.settings import ApiSettings
from api.stream import GameWakeups, stream_routes
from api.threads import in_worker_thread, use_store_threads
from engine.application import GameNotFoundError, GameService
from engine.bot_seats import BotSeats
from projections.dodgecity.read_models import Board, Scores
from projections.read_models import GamesPage, LeaderboardRow

log = logging.getLogger(__name__)

API_VERSION = "0.2.0"
STREAM_IDLE_SECONDS = 300.0
DOCS_ASSETS = "/schema/assets"
MAX_PAGE = 100
MAX_OFFSET = 1_000_000_000  # beyond any real list, and within every database's integers

GameStatus = Literal["lobby", "running", "ended"]
Limit = Annotated[int, QueryParameter(ge=1, le=MAX_PAGE, description="page size")]
Offset = Annotated[
    int, QueryParameter(ge=0, schema_extra=ZERO_MINIMUM, le=MAX_OFFSET, description="items to skip")
]


class Health(msgspec.Struct, frozen=True, kw_only=True):
    status: Literal["ok"]
    database: str  # the backend and where, without any password
    projected_position: int  # how far the read models have read the event log


def create_app(
    games: GameService,
    *,
    settings: ApiSettings | None = None,
    close_on_shutdown: bool = False,
    stream_idle_seconds: float = STREAM_IDLE_SECONDS,
) -> Litestar:
    """The API serving ``games``; with ``close_on_shutdown`` the app closes it when it stops."""
    settings = settings or ApiSettings()
    wakeups = GameWakeups()
    games.on_commit(wakeups.notify)

    @get(
        "/health",
        operation_id="health",
        sync_to_thread=True,
        responses=problem_responses(503),
        tags=["service"],
    )
    def health() -> Health:
        """Whether the server and its database answer."""
        return Health(
            status="ok",
            database=games.database.describe(),
            projected_position=games.projections.position(),
        )

    @get(
        "/games",
        operation_id="listGames",
        responses=problem_responses(400, 429, 503),
        tags=["games"],
    )
    async def list_games(
        status: FromQuery[GameStatus | None] = None, limit: Limit = 50, offset: Offset = 0
    ) -> GamesPage:
        """The game list (lobby), newest first, from the games read model."""
        return await in_worker_thread(
            lambda: games.projections.games(status=status, limit=limit, offset=offset)
        )

    @get(
        "/games/{game_id:uuid}/board",
        operation_id="getBoard",
        sync_to_thread=True,
        responses=problem_responses(400, 404, 429, 503),
        tags=["read models"],
    )
    def board(game_id: FromPath[UUID]) -> Board:
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
    def scores(game_id: FromPath[UUID]) -> Scores:
        """Each player's points, money, value discs and rank."""
        found: Scores | None = games.projections.scores(game_id)
        if found is None:
            raise GameNotFoundError(game_id)
        return found

    @get(
        "/leaderboard",
        operation_id="getLeaderboard",
        sync_to_thread=True,
        responses=problem_responses(400, 429, 503),
        tags=["read models"],
    )
    def leaderboard(limit: Limit = 50, offset: Offset = 0) -> list[LeaderboardRow]:
        """Players by games won, then points, across every ended game."""
        return games.projections.leaderboard(limit=limit, offset=offset)

    @get("/docs", include_in_schema=False)
    async def docs() -> Response[None]:
        return Response(
            None, status_code=HTTP_307_TEMPORARY_REDIRECT, headers={"Location": "/schema/swagger"}
        )

    @asynccontextmanager
    async def lifespan(_app: Litestar) -> AsyncIterator[None]:
        use_store_threads(games.database.backend, settings.threads)
        # A server that stopped between storing events and projecting them (a crash) would
        # report a stale projected position in /health until the first command or read-model
        # query caught the read models up; catch up now instead.
        try:
            await in_worker_thread(games.projections.catch_up)
        except Exception:
            log.exception("the read models could not catch up at startup; the next read retries")
        bots = BotSeats(games)
        try:
            # Bots that were due when a server stopped play now.
            await in_worker_thread(bots.resume)
        except Exception:
            log.exception("the running games could not be listed; their bots play after a move")
        try:
            yield
        finally:
            await in_worker_thread(bots.close)
            if close_on_shutdown:
                games.close()

    middleware: list[Any] = []
    if settings.rate_limit is not None:
        middleware.append(DefineMiddleware(rate_limited(settings.rate_limit)))
    allowed: dict[str, str] = {}
    app = Litestar(
        route_handlers=[
            # Before the handlers they describe: see _options_answer.
            *(_options_answer(path, allowed) for path in SHARED_PATHS),
            health,
            list_games,
            board,
            scores,
            leaderboard,
            docs,
            *catalog_routes(),
            *play_routes(),
            *game_routes(games, CreatedGames()),
            *stream_routes(games, wakeups, stream_idle_seconds),
            _docs_assets(),
        ],
        exception_handlers=EXCEPTION_HANDLERS,
        openapi_config=OpenAPIConfig(
            title="Dodge City Engine",
            version=API_VERSION,
            description=DESCRIPTION,
            path="/schema",
            render_plugins=[
                JsonRenderPlugin(),
                SwaggerRenderPlugin(
                    js_url=f"{DOCS_ASSETS}/swagger-ui-bundle.js",
                    css_url=f"{DOCS_ASSETS}/swagger-ui.css",
                    standalone_preset_js_url=f"{DOCS_ASSETS}/swagger-ui-standalone-preset.js",
                    favicon="",
                ),
            ],
            create_examples=False,
            components=Components(security_schemes=dict(SECURITY_SCHEMES)),
        ),
        cors_config=CORSConfig(
            allow_origins=list(settings.cors_origins),
            allow_headers=[
                "Authorization",
                "Content-Type",
                "Idempotency-Key",
                "If-Match",
                "Last-Event-ID",
            ],
            expose_headers=["ETag", "Location", "Idempotent-Replayed", "Retry-After"],
        )
        if settings.cors_origins
        else None,
        middleware=middleware,
        request_max_body_size=settings.max_body_bytes,
        before_request=decode_strictly,
        before_send=[refused_preflight_as_problem],
        lifespan=[lifespan],
    )
    for served in app.routes:
        if served.path in SHARED_PATHS:
            allowed[served.path] = ", ".join(sorted(served.methods))
    finish_document(app)
    return app


#: Paths served by handlers registered one after another (GET here, POST in api/games.py).
SHARED_PATHS = ("/games", "/games/{game_id:uuid}/actions")


def _options_answer(path: str, allowed: dict[str, str]) -> HTTPRouteHandler:
    """An OPTIONS answer listing every method of ``path``.

    litestar 2.25 builds its automatic OPTIONS answer with the first handler registered for a
    path and never updates it, so a path whose GET and POST are registered separately would
    answer ``Allow: GET, OPTIONS``. Registering this first stops the automatic one; its methods
    are filled in from the finished routes."""

    @route(path, http_method=[HttpMethod.OPTIONS], include_in_schema=False, sync_to_thread=False)
    def options() -> Response[None]:
        return Response(None, status_code=HTTP_204_NO_CONTENT, headers={"Allow": allowed[path]})

    return options


DESCRIPTION = """Create, join, play, watch and replay games of Dodge City (1983).

A game is created with `POST /games`, which answers a host token; players take seats with
`POST /games/{game_id}/players`, each answered with a seat token; the host starts the game. Send a
token as `Authorization: Bearer <token>`. Without one you are a spectator: you see everything
public, and nobody's hand, face-down cards or pile order until the game has ended.

`GET /games/{game_id}/actions` lists what your seat may do now, each item a body ready to send to
`POST /games/{game_id}/actions`. An action the rules refuse is answered 409 with problem type
`…/rule-violation` and the id of the rule (RULES.md) that refuses it; a stale version is 409 with
type `…/version-conflict` and the current version, or 412 when sent as `If-Match`. Every error is
an RFC 9457 problem-details body."""


def _docs_assets() -> Any:
    """Swagger UI's files, from the installed swagger-ui-py package, so /docs works offline."""
    spec = importlib.util.find_spec("swagger_ui")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the swagger-ui-py package is missing: reinstall the project")
    static = Path(next(iter(spec.submodule_search_locations))) / "static"
    return create_static_files_router(
        path=DOCS_ASSETS, directories=[static], include_in_schema=False
    )
