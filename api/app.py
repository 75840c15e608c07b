"""The REST API: a litestar app over one GameService, serving every game it is given.

Small controllers, each handed what it needs by dependency injection (``games``: the service,
``served``: the games served, …):

- the games offered (``api/routes/rulesets.py``): ``GET /rulesets``, each game's printed material;
- the lobby (``api/routes/lobby.py``): create, join, seat bots, start;
- play (``api/routes/playing.py``): see a game, list and perform actions;
- replay (``api/routes/replay.py``): events, narration, any past step;
- live games (``api/streams/route.py``): Server-Sent Events;
- read models (``api/routes/read_models.py``): the game list and the leaderboards of players and
  teams;
  each game's own (``api/<game>/``); the health check (here);
- the OpenAPI document at ``/schema/openapi.json`` and an interactive page at ``/docs``, with its
  scripts served from this server (no network needed);
- every error, the router's own included, one problem-details shape (``api/http/problems.py``);
- CORS, the largest request body and the rate limits from ``api/settings.py``.

The eventsourcing calls are synchronous, so every handler that reaches the store runs in a worker
thread (``sync_to_thread=True``) or hands its store calls to one, and never blocks the event loop.
"""

from __future__ import annotations

import importlib.util
import logging
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from uuid import UUID

from litestar import HttpMethod, Litestar, Response, get, route
from litestar.config.cors import CORSConfig
from litestar.di import Provide
from litestar.exceptions import NotFoundException
from litestar.middleware import DefineMiddleware
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin, SwaggerRenderPlugin
from litestar.openapi.spec import Components
from litestar.params import FromPath
from litestar.response import File
from litestar.status_codes import HTTP_307_TEMPORARY_REDIRECT

from api.dependencies import Services, ServicesController, serving
from api.document.finish import API_VERSION, finish_document
from api.http.auth import SECURITY_SCHEMES
from api.http.idempotency import CreatedGames
from api.http.limits import WorkLimits, rate_limited
from api.http.metrics import Metrics
from api.http.preflight import refused_preflight_as_problem
from api.http.problems import EXCEPTION_HANDLERS, problem_responses
from api.http.request_log import HEADER as REQUEST_ID_HEADER
from api.http.request_log import observed
from api.http.routing import before_handling
from api.http.stale import SERVED_STALE, mark_stale_reads
from api.http.threads import in_worker_thread, use_store_threads
from api.routes.frontend import play_routes
from api.routes.health import Health, HealthCheck
from api.routes.lobby import LobbyController
from api.routes.metrics import MetricsController
from api.routes.playing import PlayController
from api.routes.read_models import ReadModelsController
from api.routes.records import RecordsController
from api.routes.replay import ReplayController
from api.routes.rulesets import RulesetsController, installed_game_apis
from api.routes.timeouts import TimeoutsController
from api.settings import ApiSettings
from api.streams.route import SQLITE_POLL_SECONDS, StreamController
from api.streams.slots import StreamSlots
from api.streams.tickets import StreamTickets
from api.streams.watchers import GameWatchers
from api.wire import GameApi, ServedGames
from engine.application import GameService
from engine.bot_seats import BotSeats
from engine.database import Backend
from engine.deadlines import SQLITE_RESCAN_SECONDS, Deadlines
from engine.kept_answers import KeptAnswers
from engine.notifications import StoredEventsListener

log = logging.getLogger(__name__)

DOCS_ASSETS = "/schema/assets"


class ServiceController(ServicesController):
    @get(
        "/health",
        operation_id="health",
        responses=problem_responses(503),
        tags=["service"],
    )
    async def health(self) -> Health:
        """Whether the server and its database answer: `ok`, or `degraded` when the database
        did not answer within a second (games already loaded are still served, marked
        `Served-Stale: true`). Anyone may ask, without a token; never rate limited. 503 when the
        server cannot serve at all."""
        return await self.services.health.check()

    @route("/", http_method=[HttpMethod.GET, HttpMethod.HEAD], include_in_schema=False)
    async def root(self) -> Response[bytes]:
        # 307, not 308: "/" may serve something else one day, and a permanent redirect would
        # stay cached in browsers; either keeps the method, so HEAD stays HEAD.
        return Response(b"", status_code=HTTP_307_TEMPORARY_REDIRECT, headers={"Location": "/play"})

    @get("/docs", include_in_schema=False)
    async def docs(self) -> Response[None]:
        return Response(
            None, status_code=HTTP_307_TEMPORARY_REDIRECT, headers={"Location": "/schema/swagger"}
        )


def create_app(
    games: GameService,
    *,
    settings: ApiSettings | None = None,
    close_on_shutdown: bool = False,
    stream_idle_seconds: float | None = None,
    served: Iterable[GameApi] | None = None,
) -> Litestar:
    """The API serving ``games``; with ``close_on_shutdown`` the app closes it when it stops.

    ``served`` are the games it plays (default: every installed one, ``api/routes/rulesets.py``);
    ``stream_idle_seconds`` overrides the settings' (tests use streams that close at once)."""
    settings = settings or ApiSettings()
    offered = ServedGames(installed_game_apis() if served is None else served)
    backend = games.database.backend
    # SQLite's other worker processes cannot announce their commands: a watched game looks now
    # and then. PostgreSQL's do (a listener, below); in memory nobody else writes.
    watchers = GameWatchers(
        games, poll_seconds=SQLITE_POLL_SECONDS if backend is Backend.SQLITE else None
    )
    games.on_commit(watchers.notify)
    # Every worker on this database reads the first answers to POST /games from there.
    kept = KeptAnswers.open(games.database)
    services = Services(
        games,
        offered,
        CreatedGames(kept, settings.idempotency_secret),
        watchers,
        settings.stream_idle_seconds if stream_idle_seconds is None else stream_idle_seconds,
        StreamSlots(settings.max_streams),
        limits=WorkLimits(settings.game_limit, settings.bot_limit),
        health=HealthCheck(games),
        tickets=StreamTickets(settings.ticket_secret),
        metrics=Metrics(),
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
        bots = BotSeats(games, on_turn_cap=services.metrics.bot_turn_cap)
        try:
            # Bots that were due when a server stopped play now.
            await in_worker_thread(bots.resume)
        except Exception:
            log.exception("the running games could not be listed; their bots play after a move")
        # The server's own timer; SQLite's other workers cannot announce their commands, so it
        # reads every game again now and then (engine/deadlines.py).
        deadlines = Deadlines(
            games,
            abandon_after=settings.abandon_after_seconds,
            rescan_seconds=SQLITE_RESCAN_SECONDS if backend is Backend.SQLITE else None,
        )
        try:
            await in_worker_thread(deadlines.resume)
        except Exception:
            log.exception("the games could not be listed; their deadlines are kept after a move")

        def changed(game_id: UUID) -> None:
            watchers.notify(game_id)
            deadlines.wake(game_id)

        def resynced() -> None:
            watchers.notify_all()
            deadlines.rescan()

        listener = None
        if backend is Backend.POSTGRESQL:
            listener = StoredEventsListener(
                games.database.postgres_conninfo(),
                games.database.schema,
                changed=changed,
                resynced=resynced,
            )
            listener.start()
        try:
            yield
        finally:
            games.off_commit(watchers.notify)
            if listener is not None:
                await in_worker_thread(listener.close)
            await in_worker_thread(deadlines.close)
            await in_worker_thread(bots.close)
            services.health.close()
            if close_on_shutdown:
                # Like the games, kept for an app started again (a test client's lifespan
                # entered twice): closed only with them.
                kept.close()
                games.close()

    middleware: list[Any] = []
    if settings.rate_limit is not None:
        middleware.append(DefineMiddleware(rate_limited(settings.rate_limit, games)))
    app = Litestar(
        route_handlers=[
            *serving(
                services,
                [
                    ServiceController,
                    ReadModelsController,
                    RulesetsController,
                    LobbyController,
                    PlayController,
                    TimeoutsController,
                    ReplayController,
                    RecordsController,
                    StreamController,
                    *([MetricsController] if settings.metrics else []),
                ],
            ),
            *(route for game in offered for route in game.routes),
            *play_routes(),
            _docs_assets(),
        ],
        # Only a game's own routes ask for ``services`` by injection (api/dependencies.py).
        dependencies={"services": Provide(lambda: services, use_cache=True, sync_to_thread=False)},
        signature_namespace=dict(offered.signature_namespace()),
        exception_handlers=services.metrics.counting_conflicts(EXCEPTION_HANDLERS)
        if settings.metrics
        else EXCEPTION_HANDLERS,
        openapi_config=OpenAPIConfig(
            title="Dodge City Engine",
            version=API_VERSION,
            description=DESCRIPTION.replace("{games}", _titles(offered)),
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
            use_handler_docstrings=True,
            components=Components(security_schemes=dict(SECURITY_SCHEMES)),
        ),
        cors_config=CORSConfig(
            allow_origins=list(settings.cors_origins),
            allow_headers=[
                "Authorization",
                "Content-Type",
                "Idempotency-Key",
                "If-Match",
                "If-None-Match",
                "Last-Event-ID",
                REQUEST_ID_HEADER,
            ],
            expose_headers=[
                "ETag",
                "Location",
                "Idempotent-Replayed",
                "Retry-After",
                SERVED_STALE,
                REQUEST_ID_HEADER,
            ],
        )
        if settings.cors_origins
        else None,
        middleware=middleware,
        request_max_body_size=settings.max_body_bytes,
        before_request=before_handling,
        lifespan=[lifespan],
        # The server's logging is configured once per process (``dodgecity serve``,
        # api/http/request_log.py), not by each app.
        logging_config=None,
    )
    finish_document(app, offered)
    # Outside the router and CORS, so every request has an id and is counted and logged once,
    # a path no route serves included.
    app.asgi_handler = observed(
        app.asgi_handler,
        services.metrics if settings.metrics else None,
        access_log=settings.access_log,
        answer_hooks=(refused_preflight_as_problem, mark_stale_reads),
    )
    return app


def _titles(served: ServedGames) -> str:
    titles = [game.rules.title for game in served]
    return titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]


DESCRIPTION = """Create, join, play, watch and replay games of {games}: `GET /rulesets` lists them.

A game is created with `POST /games` (its `ruleset` names the game), which answers a host token;
players take seats with `POST /games/{game_id}/players`, each answered with a seat token; the
host starts the game. Send a
token as `Authorization: Bearer <token>`. Without one you are a spectator: you see everything
public, and nobody's hand, face-down cards or pile order until the game has ended.

`GET /games/{game_id}/actions` lists what your seat may do now, each item a body ready to send to
`POST /games/{game_id}/actions`. An action the rules refuse is answered 409 with problem type
`…/rule-violation` and the id of the rule (RULES.md) that refuses it; a stale version is 409 with
type `…/version-conflict` and the current version, or 412 when sent as `If-Match`. Every error is
an RFC 9457 problem-details body."""


def _docs_assets() -> Any:
    """Swagger UI's files, from the installed swagger-ui-py package, so /docs works offline.

    Only the files the package ships are served, looked up by name in a table made once: a
    requested name never reaches the file system (a name too long for it was a 500)."""
    spec = importlib.util.find_spec("swagger_ui")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the swagger-ui-py package is missing: reinstall the project")
    static = Path(next(iter(spec.submodule_search_locations))) / "static"
    shipped = {path.name: path for path in static.iterdir() if path.is_file()}

    @get(f"{DOCS_ASSETS}/{{name:str}}", include_in_schema=False, sync_to_thread=False)
    def docs_asset(name: FromPath[str]) -> File:
        path = shipped.get(name)
        if path is None:
            raise NotFoundException(detail="no such file of the documentation page")
        return File(path, filename=name, content_disposition_type="inline")

    return docs_asset
