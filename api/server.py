"""Running the API: the app factory uvicorn's workers call, and the OpenAPI document."""

from __future__ import annotations

import json
from typing import Any

from litestar import Litestar

from api.app import create_app
from dodgecity.application import DodgeCityApplication


def app_from_environment() -> Litestar:
    """The server's app, on the database named by ``DODGECITY_DB`` (or the SQLite default).

    Each uvicorn worker process calls this and opens the database itself."""
    return create_app(DodgeCityApplication(), close_on_shutdown=True)


def openapi_document() -> bytes:
    """The OpenAPI document of the app, byte for byte the same on every run."""
    games = DodgeCityApplication("memory://")
    try:
        schema: dict[str, Any] = create_app(games).openapi_schema.to_schema()
    finally:
        games.close()
    return (json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode()
