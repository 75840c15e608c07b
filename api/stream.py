"""Live games: ``GET /games/{game_id}/stream`` as Server-Sent Events.

Each message is one event as the caller may see it: ``id`` is its version, ``event`` its type and
``data`` its JSON, the same bodies as ``GET …/events``. A client resumes after a dropped
connection by sending the last id it saw as ``Last-Event-ID`` (browsers do this themselves), or
``after`` in the query. The stream closes after the game's last event, or once it has been idle
for the server's idle limit; clients reconnect with ``Last-Event-ID`` then.

Commands stored by this process wake the streams of their game at once; commands stored by other
processes (other workers, other hosts on one PostgreSQL database) are found by polling.
"""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Annotated, Any
from uuid import UUID

import anyio.to_thread
import msgspec
from litestar import Request, Response, get
from litestar.exceptions import ClientException
from litestar.params import FromPath, HeaderParameter, QueryParameter
from litestar.response import ServerSentEvent, ServerSentEventMessage
from litestar.status_codes import HTTP_204_NO_CONTENT

from api.auth import OPTIONAL_BEARER, caller_of
from api.dependencies import ServicesController
from api.problems import problem_responses
from api.schemas import ZERO_MINIMUM
from domain.events.base import DomainEvent
from engine.application import GameService, VersionOutOfRangeError

POLL_SECONDS = 1.0  # how soon another process's command shows; this process's is immediate
KEEPALIVE_SECONDS = 15.0  # a comment line so proxies do not close a quiet stream
PAGE = 200


class GameWakeups:
    """Wakes the streams waiting on a game when this process stores a command for it."""

    def __init__(self) -> None:
        self._waiting: defaultdict[UUID, set[tuple[asyncio.AbstractEventLoop, asyncio.Event]]]
        self._waiting = defaultdict(set)

    def notify(self, game_id: UUID) -> None:
        """Called from the thread that stored the command."""
        for loop, event in list(self._waiting.get(game_id, ())):
            loop.call_soon_threadsafe(event.set)

    async def wait(self, game_id: UUID, seconds: float) -> None:
        """Until a command for the game is stored here, or ``seconds`` pass."""
        waiter = (asyncio.get_running_loop(), asyncio.Event())
        self._waiting[game_id].add(waiter)
        try:
            await asyncio.wait_for(waiter[1].wait(), timeout=seconds)
        except TimeoutError:
            pass
        finally:
            self._waiting[game_id].discard(waiter)
            if not self._waiting[game_id]:
                self._waiting.pop(game_id, None)


_encoder = msgspec.json.Encoder()


class StreamController(ServicesController):
    @get(
        "/games/{game_id:uuid}/stream",
        operation_id="streamEvents",
        responses=problem_responses(400, 401, 404, 429, 503),
        security=OPTIONAL_BEARER,
        tags=["play"],
        media_type="text/event-stream",
    )
    async def stream(
        self,
        *,
        game_id: FromPath[UUID],
        request: Request[Any, Any, Any],
        last_event_id: Annotated[
            str | None,
            HeaderParameter(
                name="Last-Event-ID",
                pattern=r"^[0-9]{0,10}$",
                description="the id (version) of the last event received; the stream resumes "
                "after it",
                required=False,
            ),
        ] = None,
        after: Annotated[
            int | None,
            QueryParameter(
                ge=0, schema_extra=ZERO_MINIMUM, le=1_000_000_000, description="as Last-Event-ID"
            ),
        ] = None,
    ) -> ServerSentEvent | Response[None]:
        """New events of the game as they happen (Server-Sent Events), as the caller may see
        them: `id` is the version, `event` the type, `data` the event's JSON. The stream ends
        after the game's last event; resumed after it, the answer is 204 No Content."""
        games, wakeups, stream_idle_seconds = (
            self.services.games,
            self.services.wakeups,
            self.services.stream_idle_seconds,
        )
        start = _resume_point(last_event_id, after)
        seat = (await anyio.to_thread.run_sync(caller_of, games, game_id, request)).seat
        latest, ended = await anyio.to_thread.run_sync(
            games.read, game_id, lambda game: (game.version, game.is_over)
        )
        if start > latest:
            raise VersionOutOfRangeError(game_id, start, latest)
        if ended and start == latest:
            # Nothing more can come: 204 tells an EventSource to stop reconnecting.
            return Response(None, status_code=HTTP_204_NO_CONTENT)
        watch = _Watch(games, wakeups, game_id, seat, stream_idle_seconds)
        return ServerSentEvent(watch.messages(after=start))


def _resume_point(last_event_id: str | None, after: int | None) -> int:
    if last_event_id is None or not last_event_id.strip():
        return after or 0
    if not last_event_id.strip().isdigit():
        raise ClientException(detail="Last-Event-ID must be a version this stream sent")
    return int(last_event_id.strip())


@dataclass(frozen=True)
class _Watch:
    games: GameService
    wakeups: GameWakeups
    game_id: UUID
    seat: int | None
    idle_seconds: float

    def page(self, after: int) -> tuple[list[DomainEvent], bool]:
        """The events after ``after``, and whether the last of them ended the game."""
        page, _ = self.games.events_page(self.game_id, self.seat, after=after, limit=PAGE)
        if not page:
            return page, False
        latest, over = self.games.read(self.game_id, lambda game: (game.version, game.is_over))
        return page, over and latest == page[-1].originator_version

    async def messages(self, *, after: int) -> AsyncIterator[ServerSentEventMessage]:
        position = after
        last_news = last_sent = time.monotonic()
        while True:
            page, ended = await anyio.to_thread.run_sync(self.page, position)
            for event in page:
                yield ServerSentEventMessage(
                    id=event.originator_version,
                    event=type(event).__name__,
                    data=_encoder.encode(event).decode(),
                )
                position = event.originator_version
            if ended:
                return  # nothing can follow the end
            now = time.monotonic()
            if page:
                last_news = last_sent = now
                if len(page) == PAGE:
                    continue
            if now - last_news >= self.idle_seconds:
                return
            if now - last_sent >= KEEPALIVE_SECONDS:
                yield ServerSentEventMessage(data=None, comment="keep-alive")
                last_sent = now
            await self.wakeups.wait(self.game_id, min(POLL_SECONDS, self.idle_seconds))
