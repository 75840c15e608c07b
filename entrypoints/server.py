"""Running the API: the app factory uvicorn's workers call, and the OpenAPI document."""

from __future__ import annotations

import json
import logging
import os

import msgspec
from litestar import Litestar

from api.app import create_app
from api.document.finish import served_document
from api.routes.rulesets import installed_game_apis
from api.settings import ApiSettings
from engine.application import GameService
from entrypoints.collector import tune_for_serving
from entrypoints.cpu_pinning import pin_if_asked


def app_from_environment() -> Litestar:
    """The server's app, on the database named by ``DODGECITY_DB`` (or the SQLite default).

    Each uvicorn worker process calls this and opens the database itself, and sets its garbage
    collector for serving (``entrypoints/collector.py``). A single worker first keeps itself on
    one CPU, before it starts any thread (``entrypoints/cpu_pinning.py``)."""
    pin_if_asked(os.environ)
    # The server's log formats (api/http/request_log.py) write no process, thread or process
    # name: a record need not look them up (a system call for the process id), once per request.
    logging.logProcesses = logging.logThreads = logging.logMultiprocessing = False
    app = create_app(GameService(), settings=ApiSettings.from_environment(), close_on_shutdown=True)
    tune_for_serving()
    return app


def openapi_document(ruleset: str | None = None) -> bytes:
    """The OpenAPI document of the app, byte for byte the same on every run: of the whole server,
    or of one ruleset's games alone (for a client generator that plays only that game)."""
    games = GameService("memory://")
    served = None
    if ruleset is not None:
        served = [game for game in installed_game_apis() if game.name == ruleset]
        if not served:
            known = ", ".join(game.name for game in installed_game_apis())
            raise ValueError(f"no ruleset {ruleset!r}: this server plays {known}")
    try:
        schema = served_document(create_app(games, served=served))
    finally:
        games.close()
    if served:
        schema["info"]["title"] += f": {served[0].rules.title}"
    # to_builtins turns the UUIDs and enums in schema defaults into their JSON forms first.
    plain = msgspec.to_builtins(schema)
    return (json.dumps(plain, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode()
