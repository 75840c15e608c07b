"""Saying when an answer is the game as this server last saw it, because the store could not be
reached: the header ``Served-Stale: true``.

A read of a game this process has loaded keeps working while the database is locked or down
(``GameService`` serves the cached game when it cannot catch it up); the header tells the client
that newer events may exist, so it can retry for the latest. Anything not cached is a 503.
"""

from __future__ import annotations

from collections.abc import Callable
from uuid import UUID

from litestar.datastructures import MutableScopeHeaders
from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from engine.application import stale_reads

SERVED_STALE = "Served-Stale"


def marking_stale_reads() -> Callable[[ASGIApp], ASGIApp]:
    """Middleware noting the games each request was answered about from the cache alone."""

    def middleware(app: ASGIApp) -> ASGIApp:
        async def marked(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] != ScopeType.HTTP:
                await app(scope, receive, send)
                return
            # A set, not a value: the handler's worker thread runs in a copy of this context,
            # and adds to the same set.
            noted: set[UUID] = set()
            token = stale_reads.set(noted)

            async def send_marked(message: Message) -> None:
                if message["type"] == "http.response.start" and noted:
                    MutableScopeHeaders.from_message(message)[SERVED_STALE] = "true"
                await send(message)

            try:
                await app(scope, receive, send_marked)
            finally:
                stale_reads.reset(token)

        return marked

    return middleware
