"""The limits of :mod:`entrypoints.connections` applied to uvicorn's HTTP/1.1 (h11) protocol.

What is logged about refused and timed-out connections, malformed requests, and (should the
descriptors run out anyway) failed accepts is counted and written as at most one summary line
per :data:`SUMMARY_SECONDS`, never a line per connection: before this, 1,100 half-open
connections under ``ulimit -n 1024`` made asyncio log a traceback for every failed ``accept()``,
thousands a second (``benchmarks/attack_connections.py``).

The protocol reads the limits from the environment in each worker process, on the server's
first connection, so uvicorn can hand it to its workers by name.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections import Counter

import attrs
import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from entrypoints.connections import ConnectionLimits, accept_backlog, descriptor_limit

SUMMARY_SECONDS = 10.0  # at most one summary line this often

log = logging.getLogger("uvicorn.error")


def guarded_config(app: str, limits: ConnectionLimits, **options: object) -> Config:
    """uvicorn's configuration for ``app`` with the guarded protocol and a backlog that keeps
    connections accepted in one go within the descriptors reserved for them."""
    return Config(
        app,
        http=GuardedH11Protocol,
        backlog=accept_backlog(descriptor_limit()),
        # The protocol reads its own (float) timeout from the limits; this is uvicorn's copy.
        timeout_keep_alive=max(1, round(limits.keep_alive_timeout)),
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


_guards: weakref.WeakKeyDictionary[ServerState, ConnectionGuard] = weakref.WeakKeyDictionary()


def _guard_for(server_state: ServerState, loop: asyncio.AbstractEventLoop) -> ConnectionGuard:
    """The guard of one uvicorn server, made on its first connection (in its worker process,
    whose environment and descriptor limit it reads)."""
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
        guard = ConnectionGuard(limits, limits.total_under(descriptor_limit()), summary)
        _guards[server_state] = guard
    return guard


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with the timeouts and caps of :class:`ConnectionLimits`."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, object],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.guard = _guard_for(server_state, self.loop)
        self.timeout_keep_alive = self.guard.limits.keep_alive_timeout  # type: ignore[assignment]
        self.address: str | None = None  # set once admitted
        self.deadline: asyncio.TimerHandle | None = None
        self.waiting_for: str | None = None  # "head" or "body"

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"
        if not self.guard.admit(address):
            self.transport = transport
            transport.abort()  # nothing of it read, nothing written: its descriptor goes now
            return
        self.address = address
        super().connection_made(transport)
        self._watch()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.address is None:
            return  # refused: never counted, never set up
        self.guard.release(self.address)
        self.address = None
        self._cancel_deadline()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch()

    def _watch(self) -> None:
        """Arms the deadline for what the connection waits for from the client now."""
        if self.transport.is_closing():
            self._cancel_deadline()
        elif self.conn.their_state is h11.IDLE and self.timeout_keep_alive_task is None:
            # A request head is due (the keep-alive timer, when armed, covers an idle wait).
            if self.waiting_for != "head":  # started at its first byte: more bytes do not reset it
                self._arm("head", self.guard.limits.head_timeout)
        elif self.conn.their_state is h11.SEND_BODY:
            self._arm("body", self.guard.limits.body_timeout)  # again after every chunk
        else:
            self._cancel_deadline()  # idle between requests, or the app has the whole request

    def _arm(self, waiting_for: str, seconds: float) -> None:
        self._cancel_deadline()
        self.waiting_for = waiting_for
        self.deadline = self.loop.call_later(seconds, self._expire)

    def _cancel_deadline(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
        self.deadline = None
        self.waiting_for = None

    def _expire(self) -> None:
        waiting_for = self.waiting_for
        self.deadline = None
        self.waiting_for = None
        if waiting_for == "body" and self.flow.read_paused:
            # The server stopped reading (the app has not taken the body so far): not the client's
            # stall, so the clock starts again when reading does.
            self._arm("body", self.guard.limits.body_timeout)
            return
        self.guard.summary.note(f"{waiting_for} timeouts", self.address)
        self.transport.abort()
