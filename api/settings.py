"""The server's settings: CORS origins, the rate limit, the largest request body, the worker
threads that reach the store and the live streams a client may hold open.

Each comes from a ``dodgecity serve`` option or, for uvicorn's worker processes, which start the
app themselves, from the environment variable the option sets.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping

import attrs

CORS_ORIGINS_VARIABLE = "DODGECITY_CORS_ORIGINS"
RATE_LIMIT_VARIABLE = "DODGECITY_RATE_LIMIT"
THREADS_VARIABLE = "DODGECITY_THREADS"
MAX_STREAMS_VARIABLE = "DODGECITY_MAX_STREAMS"
MAX_THREADS = 64
DEFAULT_MAX_STREAMS = 16  # a client's tabs and bots; api/stream_slots.py
MAX_MAX_STREAMS = 100_000
MAX_BODY_BYTES = 64 * 1024  # the largest real request (a game's settings) is under 1 KiB

_PERIODS = {"second": 1.0, "minute": 60.0, "hour": 3600.0}
_RATE = re.compile(r"^\s*(\d+)\s*/\s*(second|minute|hour)\s*$")


class SettingsError(ValueError):
    """A setting that cannot be understood; the message says what would work."""


@attrs.frozen
class RateLimit:
    """At most ``requests`` per ``period`` seconds per client, refilled steadily."""

    requests: int
    period: float

    @classmethod
    def parse(cls, text: str) -> RateLimit:
        match = _RATE.match(text)
        if match is None or int(match.group(1)) < 1:
            raise SettingsError(
                f"rate limit {text!r} is not like '120/minute' (per second, minute or hour)"
            )
        return cls(requests=int(match.group(1)), period=_PERIODS[match.group(2)])

    def __str__(self) -> str:
        unit = next(name for name, seconds in _PERIODS.items() if seconds == self.period)
        return f"{self.requests}/{unit}"


@attrs.frozen
class ApiSettings:
    cors_origins: tuple[str, ...] = ()  # browser origins allowed to call; "*" for any
    rate_limit: RateLimit | None = None  # off by default
    max_body_bytes: int = MAX_BODY_BYTES
    # Worker threads for the blocking store calls; None: chosen by the database (see api/app.py).
    threads: int | None = None
    max_streams: int = DEFAULT_MAX_STREAMS  # live streams open at once per client

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> ApiSettings:
        environ = os.environ if environ is None else environ
        origins = tuple(
            origin.strip()
            for origin in environ.get(CORS_ORIGINS_VARIABLE, "").split(",")
            if origin.strip()
        )
        rate = environ.get(RATE_LIMIT_VARIABLE, "").strip()
        threads = environ.get(THREADS_VARIABLE, "").strip()
        streams = environ.get(MAX_STREAMS_VARIABLE, "").strip()
        return cls(
            cors_origins=origins,
            rate_limit=RateLimit.parse(rate) if rate else None,
            threads=parse_threads(threads) if threads else None,
            max_streams=parse_max_streams(streams) if streams else DEFAULT_MAX_STREAMS,
        )


def parse_threads(text: str) -> int:
    """A worker thread count, 1 to :data:`MAX_THREADS`."""
    if not text.strip().isdigit() or not 1 <= int(text) <= MAX_THREADS:
        raise SettingsError(f"threads {text!r} is not a whole number from 1 to {MAX_THREADS}")
    return int(text)


def parse_max_streams(text: str) -> int:
    """The live streams one client may hold open, 1 to :data:`MAX_MAX_STREAMS`."""
    if not (text.strip().isascii() and text.strip().isdigit()) or not (
        1 <= int(text) <= MAX_MAX_STREAMS
    ):
        raise SettingsError(
            f"max streams {text!r} is not a whole number from 1 to {MAX_MAX_STREAMS}"
        )
    return int(text)
