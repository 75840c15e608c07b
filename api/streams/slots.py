"""A cap on the live streams one client holds open at once, answered 429 with Retry-After.

A client is the valid token it sends (the stream handler has checked it: a token naming nobody
is a 401 before this), else its address. A browser tab holds one stream per game it shows, so
the default leaves room for many tabs and a few bots while one client cannot pin thousands of
connections. The counts live in this process and hold only open streams: no entry outlives
its last stream, so the map stays as small as the streams themselves.
"""

from __future__ import annotations

import hashlib
import threading
from uuid import UUID

from litestar.exceptions import TooManyRequestsException
from litestar.types import Scope

from api.http.limits import address_of

#: What a refused client is told to wait: a stream ends when its game does or when it has been
#: quiet for the idle limit, so a slot frees at an unknown time; a few seconds keeps retries rare.
RETRY_AFTER_SECONDS = 5


class StreamSlot:
    """One open stream of one client; released once, however often :meth:`release` is called."""

    def __init__(self, slots: StreamSlots, client: str) -> None:
        self._slots = slots
        self._client = client
        self._released = False

    def release(self) -> None:
        if not self._released:
            self._released = True
            self._slots._free(self._client)


class StreamSlots:
    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: dict[str, int] = {}
        self._lock = threading.Lock()

    def take(self, client: str) -> StreamSlot:
        """A slot for one more stream of ``client``, or 429 if it holds ``limit`` already."""
        with self._lock:
            count = self._open.get(client, 0)
            if count >= self.limit:
                raise TooManyRequestsException(
                    detail=f"this client already has {self.limit} live streams open, the most "
                    "allowed: close one first",
                    headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
                )
            self._open[client] = count + 1
        return StreamSlot(self, client)

    def open_streams(self) -> int:
        """The streams open in this process, every client's."""
        with self._lock:
            return sum(self._open.values())

    def held(self, client: str) -> int:
        with self._lock:
            return self._open.get(client, 0)

    def _free(self, client: str) -> None:
        with self._lock:
            count = self._open.get(client, 0) - 1
            if count > 0:
                self._open[client] = count
            else:
                self._open.pop(client, None)


def stream_client(token: str | None, scope: Scope) -> str:
    """Whom a stream is counted against: its (checked) token, else its address."""
    if token is not None:
        return "token:" + hashlib.sha256(token.encode()).hexdigest()
    return address_of(scope)


def seat_client(game_id: UUID, seat: int | None) -> str:
    """Whom a stream opened with a ticket is counted against: the seat (or host) it stands for,
    as the token it was traded for would have been counted on its own."""
    who = "host" if seat is None else f"seat {seat}"
    return "ticket:" + hashlib.sha256(f"{game_id} {who}".encode()).hexdigest()
