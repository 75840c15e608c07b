"""Live games: ``GET /games/{game_id}/stream`` as Server-Sent Events.

Each message is one event as the caller may see it: ``id`` is its version, ``event`` its name on
the wire (``<ruleset>.<Event>``, or ``kernel.<Event>`` for the kernel's: the same scheme for every
game, ``domain.registry.wire_name``) and ``data`` its JSON, the same bodies as ``GET …/events``.
In a game played on a clock, the events of each batch are followed by a message ``clock``
whose ``data`` is the game's clock after them (the ``clock`` of the game's views) and whose
``id`` is the last event's: a client keeps its running clocks right without reading the game
again. A client resumes after a dropped
connection by sending the last id it saw as ``Last-Event-ID`` (browsers do this themselves), or
``after`` in the query. The stream closes after the game's last event, or once it has been idle
for the server's idle limit; clients reconnect with ``Last-Event-ID`` then.

The streams of a game wait on its watcher (``api/streams/watchers.py``), which reads nothing
while nothing happens: commands stored by this process wake it at once, and so, on PostgreSQL,
do those of other processes (``engine/notifications.py``); on SQLite, whose other worker
processes cannot announce theirs, it also looks once every :data:`SQLITE_POLL_SECONDS`. One
client holds at most a few streams at once (``api/streams/slots.py``).

A browser's ``EventSource`` cannot send a token: it trades one for a short-lived, single-use
ticket (``POST …/stream-tickets``, ``api/streams/tickets.py``) and opens the stream with
``?ticket=``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time
import weakref
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Annotated, Any
from uuid import UUID

import msgspec
from litestar import Request, Response, get, post
from litestar.exceptions import ClientException, NotAuthorizedException
from litestar.params import FromPath, HeaderParameter, QueryParameter
from litestar.response import ServerSentEvent, ServerSentEventMessage
from litestar.status_codes import HTTP_204_NO_CONTENT

from api.dependencies import ServicesController
from api.http.auth import CHALLENGE, OPTIONAL_BEARER, REQUIRED_BEARER, bearer_token, caller_of
from api.http.game_requests import After
from api.http.problems import problem_responses
from api.http.threads import in_worker_thread
from api.streams.slots import StreamSlot, seat_client, stream_client
from api.streams.watchers import GameWatcher
from domain.registry import AnyRules, wire_name
from domain.table import ClockView
from engine.application import GameService, VersionOutOfRangeError

SQLITE_POLL_SECONDS = 1.0  # how soon another SQLite worker's command shows; PostgreSQL's at once
KEEPALIVE_SECONDS = 15.0  # a comment line so proxies do not close a quiet stream
PAGE = 200
#: The ``event`` of the message that carries the game's clock after a batch of events.
CLOCK_MESSAGE = "clock"

_encoder = msgspec.json.Encoder()


class StreamTicket(msgspec.Struct, frozen=True, kw_only=True):
    """A ticket to open one live stream of a game as the token that asked for it."""

    ticket: str  # send as `?ticket=` to GET /games/{game_id}/stream, once, within expires_in
    expires_in: int  # seconds until it is refused
    stream: str  # the stream's path with the ticket, ready for an EventSource


#: Tickets are answered to the caller alone: never stored by a cache on the way.
_NOT_STORED = {"Cache-Control": "no-store"}


class StreamController(ServicesController):
    @post(
        "/games/{game_id:uuid}/stream-tickets",
        operation_id="issueStreamTicket",
        summary="Get a ticket to open a seat's stream",
        status_code=201,
        responses=problem_responses(400, 401, 404, 429, 503),
        security=REQUIRED_BEARER,
        tags=["play"],
    )
    async def issue_ticket(
        self, *, game_id: FromPath[UUID], request: Request[Any, Any, Any]
    ) -> Response[StreamTicket]:
        """A short-lived, single-use ticket to open the game's live stream as the token sent
        (a seat, or the host), for a client that cannot send headers, such as a browser's
        `EventSource`: `GET /games/{game_id}/stream?ticket=<ticket>` then shows exactly what that
        token would see, and no long-lived token goes into a URL.

        A ticket is refused (401) once it has opened a stream, after `expires_in` seconds, and on
        another game's stream: ask for a new one to reconnect. Without a token there is nothing
        to trade: a spectator opens the stream without a ticket."""
        services = self.services
        caller = await in_worker_thread(lambda: caller_of(services.games, game_id, request))
        if caller.seat is None and not caller.host:
            raise NotAuthorizedException(
                detail="a stream ticket is traded for the token of a seat or of the host; a "
                "spectator opens the stream without one",
                headers=CHALLENGE,
            )
        ticket = services.tickets.issue(game_id, caller.seat)
        answer = StreamTicket(
            ticket=ticket,
            expires_in=services.tickets.seconds,
            stream=f"/games/{game_id}/stream?ticket={ticket}",
        )
        return Response(answer, status_code=201, headers=_NOT_STORED)

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
        after: After = 0,
        ticket: Annotated[
            str | None,
            QueryParameter(
                name="ticket",
                description="a ticket from `POST /games/{game_id}/stream-tickets`, instead of a "
                "token: the stream shows what that token would see. Single use, short-lived.",
                required=False,
            ),
        ] = None,
    ) -> ServerSentEvent | Response[None]:
        """New events of the game as they happen (Server-Sent Events), as the caller may see
        them: `id` is the version, `event` the event's name, `<ruleset>.<Event>` for the game's
        events (`<ruleset>` as in the game's views) and `kernel.<Event>` for the
        kernel's, whatever the game, and `data` the event's JSON, as in `GET …/events`. In a
        game played on a clock, each batch of events is followed by a message `clock` (`id`
        the last event's version, `data` the game's clock after it, as the `clock` of
        GET /games/{game_id}). The stream ends after the game's last event;
        resumed after it, the answer is 204 No Content. A client may hold a few streams open
        at once (429 beyond). Any token of the game or none (a spectator sees only what is
        public).

        A client that cannot send the `Authorization` header (a browser's `EventSource`) sends
        a `ticket` instead (`POST …/stream-tickets`); a used, expired, malformed or other
        game's ticket is 401. Send a ticket or a token, not both."""
        services = self.services
        games = services.games
        start = _resume_point(last_event_id, after)
        if ticket is None:
            seat = (await in_worker_thread(lambda: caller_of(games, game_id, request))).seat
            client = stream_client(bearer_token(request), request.scope)
        else:
            if "authorization" in request.headers:
                raise ClientException(detail="send a stream ticket or a token, not both")
            seat = services.tickets.redeem(game_id, ticket).seat
            client = seat_client(game_id, seat)
        latest, ended, rules = await in_worker_thread(
            lambda: games.read(game_id, lambda game: (game.version, game.is_over, game.rules))
        )
        if start > latest:
            raise VersionOutOfRangeError(game_id, start, latest)
        if ended and start == latest:
            # Nothing more can come: 204 tells an EventSource to stop reconnecting.
            return Response(None, status_code=HTTP_204_NO_CONTENT)
        slot = services.stream_slots.take(client)
        watcher = services.watchers.join(game_id)
        lease = _Lease(slot, lambda: services.watchers.leave(watcher))
        watch = _Watch(games, watcher, seat, services.stream_idle_seconds, rules)
        messages = watch.messages(after=start, lease=lease)
        # A stream never iterated (the client left before its first byte) never runs its own
        # ``finally``: it lets go when it is collected instead.
        weakref.finalize(messages, lease.end)
        return ServerSentEvent(messages)


_wire_names: dict[tuple[str, type[Any]], str] = {}


def _wire_name(rules: AnyRules, event_type: type[Any]) -> str:
    """``wire_name``, worked out once per class: the stream names every event it sends."""
    key = (rules.name, event_type)
    name = _wire_names.get(key)
    if name is None:
        name = _wire_names[key] = wire_name(rules, event_type)
    return name


def _resume_point(last_event_id: str | None, after: int) -> int:
    if last_event_id is None or not last_event_id.strip():
        return after
    if not last_event_id.strip().isdigit():
        raise ClientException(detail="Last-Event-ID must be a version this stream sent")
    return int(last_event_id.strip())


class _Lease:
    """What one open stream holds (its client's slot, its place on the game's watcher), given
    back once: when the stream ends, or when it is collected without having run."""

    def __init__(self, slot: StreamSlot, leave: Callable[[], None]) -> None:
        self._slot = slot
        self._leave: Callable[[], None] | None = leave

    def end(self) -> None:
        leave, self._leave = self._leave, None
        if leave is not None:
            self._slot.release()
            leave()


@dataclass(frozen=True)
class _Watch:
    games: GameService
    watcher: GameWatcher
    seat: int | None
    idle_seconds: float
    rules: AnyRules

    def name(self, event_type: type[Any]) -> str:
        return _wire_name(self.rules, event_type)

    def page(self, after: int) -> tuple[list[Any], bool, ClockView | None]:
        """The events after ``after`` from the store, whether the last of them ended the game,
        and the clock after it (None without one, or if more events follow): for a stream the
        watcher's kept events do not reach back to."""
        game_id = self.watcher.game_id
        page, _ = self.games.events_page(game_id, self.seat, after=after, limit=PAGE)
        if not page:
            return page, False, None
        latest, over, clock = self.games.read(
            game_id, lambda game: (game.version, game.is_over, game.clock_view())
        )
        last = page[-1].originator_version
        return page, over and latest == last, clock if latest == last else None

    async def messages(self, *, after: int, lease: _Lease) -> AsyncIterator[ServerSentEventMessage]:
        try:
            async for message in self._messages(after):
                yield message
        finally:
            lease.end()

    async def _messages(self, after: int) -> AsyncIterator[ServerSentEventMessage]:
        position = after
        last_news = last_sent = time.monotonic()
        while True:
            kept = self.watcher.kept_after(position, self.seat)
            if kept is None:  # further behind than the watcher keeps: read the store
                page, ended, clock = await in_worker_thread(functools.partial(self.page, position))
            else:
                page, ended = kept
                clock = self.watcher.clock_after(page[-1].originator_version) if page else None
            for event in page:
                yield ServerSentEventMessage(
                    id=event.originator_version,
                    event=self.name(type(event)),
                    data=_encoder.encode(event).decode(),
                )
                position = event.originator_version
            if clock is not None:  # after the batch: the clock as it now stands
                yield ServerSentEventMessage(
                    id=position, event=CLOCK_MESSAGE, data=_encoder.encode(clock).decode()
                )
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
            quiet_for = min(
                KEEPALIVE_SECONDS - (now - last_sent), self.idle_seconds - (now - last_news)
            )
            with contextlib.suppress(TimeoutError):  # time for a keep-alive, or to close
                await asyncio.wait_for(self.watcher.wait_beyond(position), timeout=quiet_for)
