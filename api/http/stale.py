"""Saying when an answer is the game as this server last saw it, because the store could not be
reached: the header ``Served-Stale: true``.

A read of a game this process has loaded keeps working while the database is locked or down
(``GameService`` serves the cached game when it cannot catch it up); the header tells the client
that newer events may exist, so it can retry for the latest. Anything not cached is a 503.
"""

from __future__ import annotations

from litestar.datastructures import MutableScopeHeaders
from litestar.types import Message, Scope

from engine.store_gate import stale_reads

SERVED_STALE = "Served-Stale"


def start_noting_stale_reads() -> None:
    """Called before each handler (``api/http/routing.py``): a fresh set for this request's task.

    A set, not a value: the handler's worker thread runs in a copy of this context and adds to
    the same set. Hooks rather than a middleware: a middleware layer, with the exception
    handling litestar wraps around each, cost every request eight function calls more."""
    stale_reads.set(set())


def mark_stale_reads(message: Message, scope: Scope) -> None:
    """A hook every message of an answer passes (``api/http/request_log.py``): the header on an
    answer given from the cache alone."""
    if message["type"] == "http.response.start" and stale_reads.get():
        MutableScopeHeaders.from_message(message)[SERVED_STALE] = "true"
