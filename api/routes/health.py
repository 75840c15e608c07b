"""``GET /health``: answered within about a second whatever the database does.

The check runs on a thread of its own, never on the store's threads (which a locked database
may hold for its whole timeout), and is waited for at most :data:`HEALTH_SECONDS`. A check still
running from an earlier request is waited on rather than started again, so a stalled database
costs one thread, not one per request. The answer names the backend only: never a path, host or
user.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Literal

import msgspec

from engine.application import GameService

log = logging.getLogger(__name__)

HEALTH_SECONDS = 0.8


class Health(msgspec.Struct, frozen=True, kw_only=True):
    # "degraded": the database did not answer just now; cached games are still served.
    status: Literal["ok", "degraded"]
    database: str  # the backend: memory, sqlite or postgresql
    projected_position: int | None  # how far the read models have read the event log


class HealthCheck:
    def __init__(self, games: GameService) -> None:
        self._games = games
        # Made when first needed and again after close: an app may be started and stopped more
        # than once (a test client per test), and a stopped executor takes no more work.
        self._thread: ThreadPoolExecutor | None = None
        self._running: Future[int] | None = None
        self._lock = threading.Lock()

    async def check(self) -> Health:
        games = self._games
        backend = str(games.database.backend)
        # Read first: the probe may open the gate at once (a locked SQLite file still reads).
        was_down = games.store_down
        with self._lock:
            if self._running is None or self._running.done():
                if self._thread is None:
                    self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="health")
                # Also while the store is down: this probe is what lets requests back in.
                self._running = self._thread.submit(self._probe)
            running = self._running
        if was_down:
            return Health(status="degraded", database=backend, projected_position=None)
        try:
            position = await asyncio.wait_for(
                asyncio.shield(asyncio.wrap_future(running)), HEALTH_SECONDS
            )
        except Exception as error:  # a timeout or the database's error: degraded either way
            log.warning("health check: the database did not answer: %r", error)
            return Health(status="degraded", database=backend, projected_position=None)
        return Health(status="ok", database=backend, projected_position=position)

    def _probe(self) -> int:
        self._games.store_answers()
        return self._games.projections.position()

    def close(self) -> None:
        with self._lock:
            thread, self._thread, self._running = self._thread, None, None
        if thread is not None:
            thread.shutdown(wait=False, cancel_futures=True)
