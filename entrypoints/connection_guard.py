"""The limits of :mod:`entrypoints.connections` applied to every connection uvicorn serves.

uvicorn takes the protocol of its connections from its ``http`` setting, which may be any
``asyncio.Protocol`` class built with the server's configuration. :class:`GuardedConnection` is
one: it admits a connection or closes it at once (the caps), watches the bytes the client sends
as far as the timeouts need (:class:`RequestFraming`: is a request head due, a body, or nothing),
and hands every byte and every transport event to the HTTP protocol uvicorn would have used
itself (``auto``: the compiled httptools parser when it is installed, else h11), which parses,
runs the app and writes the answers. Nothing of uvicorn is subclassed; the idle keep-alive
timeout is uvicorn's own ``timeout_keep_alive`` setting.

What is logged about refused and timed-out connections, malformed requests, and (should the
descriptors run out anyway) failed accepts is counted and written as at most one summary line
per :data:`SUMMARY_SECONDS`, never a line per connection: before this, 1,100 half-open
connections under ``ulimit -n 1024`` made asyncio log a traceback for every failed ``accept()``,
thousands a second (``benchmarks/attack_connections.py``).

The guard reads the limits from the environment in each worker process, on the server's first
connection, so uvicorn can hand the protocol to its workers by name.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections import Counter
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any, cast

import attrs
from uvicorn.config import HTTP_PROTOCOLS, Config
from uvicorn.importer import import_from_string

from entrypoints.connections import ConnectionLimits, accept_backlog, descriptor_limit
from entrypoints.framing import RequestFraming, Waiting

SUMMARY_SECONDS = 10.0  # at most one summary line this often
#: The HTTP implementation under the guard, by uvicorn's name for it: httptools if installed.
HTTP_IMPLEMENTATION = "auto"

log = logging.getLogger("uvicorn.error")


def guarded_config(app: str, limits: ConnectionLimits, **options: object) -> Config:
    """uvicorn's configuration for ``app`` with the guarded protocol and a backlog that keeps
    connections accepted in one go within the descriptors reserved for them."""
    return Config(
        app,
        http=GuardedConnection,
        backlog=accept_backlog(descriptor_limit()),
        # Annotated as int by uvicorn, which hands it to call_later: seconds, a float is fine.
        timeout_keep_alive=cast(int, limits.keep_alive_timeout),
        **options,  # type: ignore[arg-type]
    )


class ConnectionSummary:
    """Counts what would otherwise be a log line per connection, and logs at most one line per
    :data:`SUMMARY_SECONDS`: at once when the last line is older than that, else at the end of
    the interval."""

    MAX_ADDRESSES = 1024  # the busiest address is named; beyond this many, new ones are not counted

    def __init__(self, loop: asyncio.AbstractEventLoop, interval: float = SUMMARY_SECONDS) -> None:
        self._loop = loop
        self._interval = interval
        self._counts: Counter[str] = Counter()
        self._addresses: Counter[str] = Counter()
        self._quiet_until = 0.0
        self._flush: asyncio.TimerHandle | None = None

    def note(self, what: str, address: str | None = None) -> None:
        self._counts[what] += 1
        if address is not None and (
            address in self._addresses or len(self._addresses) < self.MAX_ADDRESSES
        ):
            self._addresses[address] += 1
        if self._flush is not None:
            return
        now = self._loop.time()
        if now >= self._quiet_until:
            self.write()
        else:
            self._flush = self._loop.call_at(self._quiet_until, self.write)

    def write(self) -> None:
        self._flush = None
        if not self._counts:
            return
        parts = ", ".join(f"{count} {what}" for what, count in sorted(self._counts.items()))
        busiest = ""
        if self._addresses:
            address, count = self._addresses.most_common(1)[0]
            busiest = f"; most from {address} ({count})"
        log.warning("connections since the last summary: %s%s", parts, busiest)
        self._counts.clear()
        self._addresses.clear()
        self._quiet_until = self._loop.time() + self._interval


class _CountedMessages(logging.Filter):
    """Turns the log lines uvicorn and asyncio write per connection into summary counts."""

    MESSAGES = {
        "Invalid HTTP request received.": "malformed requests",
        "Unsupported upgrade request.": "refused upgrades",
        "socket.accept() out of system resource": "failed accepts (out of descriptors)",
    }

    def __init__(self, summary: ConnectionSummary) -> None:
        super().__init__()
        self.summary = summary

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.msg if isinstance(record.msg, str) else ""
        if message.startswith("No supported WebSocket library detected"):
            return False  # the second line of "Unsupported upgrade request."
        what = self.MESSAGES.get(message)
        if what is None:
            return True
        self.summary.note(what)
        return False


@attrs.define
class ConnectionGuard:
    """One server's connections: counted per client address and in all."""

    limits: ConnectionLimits
    total: int
    summary: ConnectionSummary
    http: Callable[..., asyncio.Protocol]  # the HTTP protocol class uvicorn would use
    open_by_address: dict[str, int] = attrs.field(factory=dict)
    open_in_all: int = 0

    def admit(self, address: str) -> bool:
        if self.open_in_all >= self.total:
            self.summary.note("refused over the total cap", address)
            return False
        held = self.open_by_address.get(address, 0)
        if held >= self.limits.per_client:
            self.summary.note("refused over the per-client cap", address)
            return False
        self.open_by_address[address] = held + 1
        self.open_in_all += 1
        return True

    def release(self, address: str) -> None:
        self.open_in_all -= 1
        left = self.open_by_address[address] - 1
        if left:
            self.open_by_address[address] = left
        else:
            del self.open_by_address[address]  # so the map holds only addresses connected now


_guards: weakref.WeakKeyDictionary[object, ConnectionGuard] = weakref.WeakKeyDictionary()


def _guard_for(server_state: object, loop: asyncio.AbstractEventLoop) -> ConnectionGuard:
    """The guard of one uvicorn server (its state object is the key), made on its first
    connection, in its worker process, whose environment and descriptor limit it reads."""
    guard = _guards.get(server_state)
    if guard is None:
        limits = ConnectionLimits.from_environment()
        summary = ConnectionSummary(loop)
        counted = _CountedMessages(summary)
        for name in ("uvicorn.error", "asyncio"):
            logger = logging.getLogger(name)
            for stale in [f for f in logger.filters if isinstance(f, _CountedMessages)]:
                logger.removeFilter(stale)  # an earlier server's in this process
            logger.addFilter(counted)
        http = import_from_string(HTTP_PROTOCOLS[HTTP_IMPLEMENTATION])
        guard = ConnectionGuard(limits, limits.total_under(descriptor_limit()), summary, http)
        _guards[server_state] = guard
    return guard


class GuardedConnection(asyncio.Protocol):
    """One client connection: the caps and timeouts of :class:`ConnectionLimits` around the
    HTTP protocol that serves it.

    uvicorn makes one per accepted connection with the keywords it gives any protocol class of
    its ``http`` setting; they are handed on to the HTTP protocol, made only once the connection
    is admitted."""

    def __init__(
        self,
        config: Config,
        server_state: object,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        self.loop = _loop or asyncio.get_event_loop()
        self.guard = _guard_for(server_state, self.loop)
        self._make_http = partial(
            self.guard.http,
            config=config,
            server_state=server_state,
            app_state=app_state,
            _loop=_loop,
        )
        self.http: asyncio.Protocol | None = None  # made once admitted
        self.transport: asyncio.Transport | None = None
        self.address: str | None = None  # set once admitted
        self.framing = RequestFraming()
        self.deadline: asyncio.TimerHandle | None = None
        self.waiting_for: Waiting | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"
        if not self.guard.admit(address):
            self.transport.abort()  # nothing of it read, nothing written: its descriptor goes now
            return
        self.address = address
        self.http = self._make_http()
        self.http.connection_made(OneWritePerTurn(self.transport, self.loop))
        self._watch()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.address is None:
            return  # refused: never counted, never served
        self.guard.release(self.address)
        self.address = None
        self._cancel_deadline()
        if self.http is not None:
            self.http.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.http is None:
            return
        if not self.framing.feed(data):
            self._give_up("oversized request heads")
            return
        self.http.data_received(data)
        self._watch()

    def eof_received(self) -> bool | None:
        return None if self.http is None else self.http.eof_received()

    def pause_writing(self) -> None:
        if self.http is not None:
            self.http.pause_writing()

    def resume_writing(self) -> None:
        if self.http is not None:
            self.http.resume_writing()

    # -- the deadlines --------------------------------------------------------------------

    def _watch(self) -> None:
        """Arms the deadline for what the connection waits for from the client now."""
        assert self.transport is not None
        waiting_for = self.framing.waiting_for
        if self.transport.is_closing() or waiting_for is None:
            self._cancel_deadline()  # idle between requests (uvicorn's keep-alive), or answering
        elif waiting_for is Waiting.BODY:
            self._arm(Waiting.BODY, self.guard.limits.body_timeout)  # again after every chunk
        elif self.waiting_for is not Waiting.HEAD:
            # Started at the connection's opening or the head's first byte: more bytes of the
            # same head do not reset it, so a head sent a byte at a time cannot stretch it.
            self._arm(Waiting.HEAD, self.guard.limits.head_timeout)

    def _arm(self, waiting_for: Waiting, seconds: float) -> None:
        self._cancel_deadline()
        self.waiting_for = waiting_for
        self.deadline = self.loop.call_later(seconds, self._expire)

    def _cancel_deadline(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
        self.deadline = None
        self.waiting_for = None

    def _expire(self) -> None:
        assert self.transport is not None
        waiting_for = self.waiting_for
        self.deadline = None
        self.waiting_for = None
        if waiting_for is None or self.transport.is_closing():
            return
        if not self.transport.is_reading():
            # The server stopped reading (the app has not taken what came so far): not the
            # client's stall, so the clock starts again when reading does.
            self._arm(waiting_for, self._seconds(waiting_for))
            return
        self._give_up(f"{waiting_for.value} timeouts")

    def _seconds(self, waiting_for: Waiting) -> float:
        limits = self.guard.limits
        return limits.body_timeout if waiting_for is Waiting.BODY else limits.head_timeout

    def _give_up(self, why: str) -> None:
        """Drop the connection unanswered: the HTTP protocol hears of it as a lost connection,
        so a request cut off in its body reaches the app as the client's disconnect."""
        assert self.transport is not None
        self._cancel_deadline()
        self.guard.summary.note(why, self.address)
        self.transport.abort()


class OneWritePerTurn(asyncio.Transport):
    """A connection's transport as the HTTP protocol sees it: what the protocol writes in one
    turn of the event loop goes out in one system call at the end of that turn.

    uvicorn writes an answer's head and its body apart; on a socket each write is a system call
    that, over loopback, also hands the bytes to the reader: about a sixth of the time the
    server held the interpreter lock went to them (``benchmarks/bench_api.py`` under py-spy).
    Everything else is the transport's own."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self._transport = transport
        self._loop = loop
        self._pending: list[bytes] = []

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not data or self._transport.is_closing():
            return
        if not self._pending:
            self._loop.call_soon(self._flush)
        self._pending.append(bytes(data))

    def writelines(self, list_of_data: Iterable[bytes | bytearray | memoryview]) -> None:
        for data in list_of_data:
            self.write(data)

    def _flush(self) -> None:
        pending, self._pending = self._pending, []
        if pending and not self._transport.is_closing():
            self._transport.write(pending[0] if len(pending) == 1 else b"".join(pending))

    def close(self) -> None:
        self._flush()  # what was written before the close still goes, as the transport's would
        self._transport.close()

    def abort(self) -> None:
        self._pending.clear()
        self._transport.abort()

    def write_eof(self) -> None:
        self._flush()
        self._transport.write_eof()

    def can_write_eof(self) -> bool:
        return self._transport.can_write_eof()

    def is_closing(self) -> bool:
        return self._transport.is_closing()

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self._transport.get_extra_info(name, default)

    def pause_reading(self) -> None:
        self._transport.pause_reading()

    def resume_reading(self) -> None:
        self._transport.resume_reading()

    def is_reading(self) -> bool:
        return self._transport.is_reading()

    def get_write_buffer_size(self) -> int:
        return self._transport.get_write_buffer_size() + sum(map(len, self._pending))

    def get_write_buffer_limits(self) -> tuple[int, int]:
        return self._transport.get_write_buffer_limits()

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        self._transport.set_write_buffer_limits(high, low)

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        self._transport.set_protocol(protocol)

    def get_protocol(self) -> asyncio.BaseProtocol:
        return self._transport.get_protocol()
