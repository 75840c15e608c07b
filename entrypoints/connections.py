"""What one client can hold of the server: connections, and how long each may idle.

uvicorn waits for ever for a request head that never ends or a body that never comes, and keeps
any number of connections. Here every connection gets:

- a **head timeout**: a request head must arrive complete within this many seconds of the
  connection opening, or of its first byte after an idle keep-alive (not reset by more bytes, so a
  head sent one byte at a time cannot stretch it);
- a **body timeout**: a request body must not stall for longer than this between two chunks
  (while the server itself has stopped reading, because the app is busy, the clock waits);
- the **keep-alive timeout**: an idle connection between two requests is closed after this;
- a cap on open connections **per client address** and **in all**, the total kept below the
  process's file-descriptor limit. A connection over a cap is closed as soon as it is accepted,
  before any of it is read: answering ``503`` would mean reading its request first, holding the
  descriptor longer for a client that, if it is attacking, ignores the answer, and writing to a
  peer that may never read; an honest client over the per-address cap (set well above what a
  browser opens) sees a closed connection and retries as it would after any network error.

The protocol that applies them, around uvicorn's own, is in :mod:`entrypoints.connection_guard`.

``dodgecity serve`` options set these; its worker processes read them from the environment
variables below, as :mod:`api.settings` does for the app's own settings.
"""

from __future__ import annotations

import os
import resource
from collections.abc import Mapping

import attrs

from api.settings import SettingsError

HEAD_TIMEOUT_VARIABLE = "DODGECITY_HEAD_TIMEOUT"
BODY_TIMEOUT_VARIABLE = "DODGECITY_BODY_TIMEOUT"
KEEP_ALIVE_VARIABLE = "DODGECITY_KEEP_ALIVE_TIMEOUT"
PER_CLIENT_VARIABLE = "DODGECITY_MAX_CONNECTIONS_PER_CLIENT"
TOTAL_VARIABLE = "DODGECITY_MAX_CONNECTIONS"

MAX_TIMEOUT_SECONDS = 3600.0
MAX_CONNECTIONS = 1_000_000
# Descriptors kept for everything but client connections: the database (SQLite opens three
# files per store thread, PostgreSQL one socket per pooled connection), files being served,
# modules imported late, the event loop's own, and connections accepted but not yet closed.
RESERVED_FRACTION = 4  # a quarter of the limit...
RESERVED_AT_LEAST = 128  # ...and at least this many
MIN_TOTAL = 8
# asyncio accepts up to ``backlog`` connections in one go before any of them can be refused;
# refused ones are closed a few loop turns later, so up to about three such batches are open at
# once beyond the cap: keeping a batch an eighth of the reserve leaves the rest of it untouched.
BACKLOG_OF_RESERVE = 8
MAX_BACKLOG = 2048  # uvicorn's default
MIN_BACKLOG = 16
_UNLIMITED = 1 << 20  # what RLIM_INFINITY counts as


def parse_seconds(text: str) -> float:
    """A timeout: seconds above 0, at most an hour."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= MAX_TIMEOUT_SECONDS:
        raise SettingsError(f"timeout {text!r} is not a number of seconds above 0, at most 3600")
    return value


def parse_connections(text: str) -> int:
    """A connection cap: a whole number from 1."""
    if not text.strip().isascii() or not text.strip().isdigit():
        raise SettingsError(f"connection cap {text!r} is not a whole number from 1")
    value = int(text)
    if not 1 <= value <= MAX_CONNECTIONS:
        raise SettingsError(
            f"connection cap {text!r} is not a whole number from 1 to {MAX_CONNECTIONS}"
        )
    return value


def descriptor_limit() -> int:
    """This process's (soft) limit on open file descriptors."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return _UNLIMITED if soft == resource.RLIM_INFINITY else soft


def connection_budget(descriptors: int) -> int:
    """The most client connections a process limited to ``descriptors`` may hold safely."""
    reserved = max(RESERVED_AT_LEAST, descriptors // RESERVED_FRACTION)
    return max(MIN_TOTAL, descriptors - reserved)


def accept_backlog(descriptors: int) -> int:
    """The listen backlog, which is also how many connections asyncio accepts in one go."""
    reserved = max(RESERVED_AT_LEAST, descriptors // RESERVED_FRACTION)
    return max(MIN_BACKLOG, min(MAX_BACKLOG, reserved // BACKLOG_OF_RESERVE))


@attrs.frozen
class ConnectionLimits:
    head_timeout: float = 10.0
    body_timeout: float = 10.0
    keep_alive_timeout: float = 5.0
    per_client: int = 128  # a browser opens 6-10; a frontend or an office behind NAT, more
    total: int | None = None  # None: as many as the descriptor limit allows safely

    def total_under(self, descriptors: int) -> int:
        """The cap in all, never above what ``descriptors`` allow."""
        budget = connection_budget(descriptors)
        return budget if self.total is None else min(self.total, budget)

    def describe(self, descriptors: int) -> str:
        total = self.total_under(descriptors)
        lowered = (
            f" (lowered from {self.total}: {descriptors} file descriptors)"
            if self.total is not None and total < self.total
            else ""
        )
        return (
            f"connections: at most {self.per_client} per client address and {total} in all"
            f"{lowered}; timeouts: head {self.head_timeout:g} s, body {self.body_timeout:g} s, "
            f"keep-alive {self.keep_alive_timeout:g} s"
        )

    def environment(self) -> dict[str, str]:
        """The variables that hand these limits to uvicorn's worker processes."""
        variables = {
            HEAD_TIMEOUT_VARIABLE: repr(self.head_timeout),
            BODY_TIMEOUT_VARIABLE: repr(self.body_timeout),
            KEEP_ALIVE_VARIABLE: repr(self.keep_alive_timeout),
            PER_CLIENT_VARIABLE: str(self.per_client),
        }
        if self.total is not None:
            variables[TOTAL_VARIABLE] = str(self.total)
        return variables

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> ConnectionLimits:
        environ = os.environ if environ is None else environ
        defaults = cls()

        def seconds(name: str, default: float) -> float:
            text = environ.get(name, "").strip()
            return parse_seconds(text) if text else default

        per_client = environ.get(PER_CLIENT_VARIABLE, "").strip()
        total = environ.get(TOTAL_VARIABLE, "").strip()
        return cls(
            head_timeout=seconds(HEAD_TIMEOUT_VARIABLE, defaults.head_timeout),
            body_timeout=seconds(BODY_TIMEOUT_VARIABLE, defaults.body_timeout),
            keep_alive_timeout=seconds(KEEP_ALIVE_VARIABLE, defaults.keep_alive_timeout),
            per_client=parse_connections(per_client) if per_client else defaults.per_client,
            total=parse_connections(total) if total else None,
        )
