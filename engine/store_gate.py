"""The store gate: failing fast while the database does not answer.

After a call to the store fails, the service refuses calls for a moment (:class:`StoreGate`)
rather than let every request wait out the database's own timeout in the queue for the store's
few threads; meanwhile reads may be answered from the game cache as last seen, and
:data:`stale_reads` notes which, so that the API can say so.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from contextvars import ContextVar
from typing import TypeVar
from uuid import UUID

import psycopg
from eventsourcing.persistence import IntegrityError, PersistenceError

T = TypeVar("T")


class StoreUnavailableError(Exception):
    """The database cannot be opened, or did not answer a moment ago: unreachable, locked,
    missing, or not ours to write."""


#: The errors of a database that does not answer (stopped, locked, gone). A version clash
#: (the library's IntegrityError) is none of them: it is the store answering "no".
_STORE_ERRORS: tuple[type[BaseException], ...] = (PersistenceError, psycopg.Error, sqlite3.Error)
UNREACHABLE: tuple[type[BaseException], ...] = (StoreUnavailableError, *_STORE_ERRORS)
#: How long after the store failed to answer requests are refused at once rather than each
#: waiting out the database's own timeout in the queue for the store's few threads.
STORE_PAUSE_SECONDS = 2.0


class StoreGate:
    """Fail fast while the store is down: after a call fails, calls within the pause raise
    :class:`StoreUnavailableError` without reaching the store; the first call after it tries
    again, and its success opens the gate for everyone."""

    def __init__(self, pause: float = STORE_PAUSE_SECONDS) -> None:
        self._pause = pause
        self._closed_until = 0.0

    @property
    def down(self) -> bool:
        return time.monotonic() < self._closed_until

    def reach(self, call: Callable[[], T]) -> T:
        if self.down:
            raise StoreUnavailableError("the database did not answer a moment ago")
        return self.probe(call)

    def probe(self, call: Callable[[], T]) -> T:
        """``call`` even while the gate is closed; its success opens it."""
        try:
            result = call()
        except IntegrityError:
            raise
        except _STORE_ERRORS:
            self._closed_until = time.monotonic() + self._pause
            raise
        self._closed_until = 0.0
        return result


#: The games a request was answered about from this process's cache, as last seen, because the
#: store could not be reached (the API says so in a header). Set per request by its caller.
stale_reads: ContextVar[set[UUID] | None] = ContextVar("stale_reads", default=None)


def note_stale(game_id: UUID) -> None:
    noted = stale_reads.get()
    if noted is not None:
        noted.add(game_id)
