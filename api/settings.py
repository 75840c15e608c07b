"""The server's settings: CORS origins, the rate limits, the largest request body, the worker
threads that reach the store, the live streams a client may hold open, how long a game may
wait in the lobby, and the server's secret, from which each of its secrets is derived.

Each comes from a ``dodgecity serve`` option or, for uvicorn's worker processes, which start the
app themselves, from the environment variable the option sets.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import os
import re
from collections.abc import Mapping
from typing import Literal

import attrs

CORS_ORIGINS_VARIABLE = "DODGECITY_CORS_ORIGINS"
RATE_LIMIT_VARIABLE = "DODGECITY_RATE_LIMIT"
GAME_LIMIT_VARIABLE = "DODGECITY_GAME_LIMIT"
BOT_LIMIT_VARIABLE = "DODGECITY_BOT_LIMIT"
SECRET_VARIABLE = "DODGECITY_SECRET"
METRICS_VARIABLE = "DODGECITY_METRICS"
ACCESS_LOG_VARIABLE = "DODGECITY_ACCESS_LOG"
ON = "on"
LogFormat = Literal["text", "json"]
LOG_FORMATS: tuple[LogFormat, ...] = ("text", "json")  # of ``serve --log-format``
OFF = "off"
THREADS_VARIABLE = "DODGECITY_THREADS"
MAX_STREAMS_VARIABLE = "DODGECITY_MAX_STREAMS"
STREAM_IDLE_VARIABLE = "DODGECITY_STREAM_IDLE_SECONDS"
ABANDON_AFTER_VARIABLE = "DODGECITY_ABANDON_AFTER_SECONDS"
#: How long a game may stay in the lobby before the server closes it ([TABLE-ABANDONED]).
DEFAULT_ABANDON_AFTER_SECONDS = 86400.0
#: How long a live stream with no news stays open (it sends a comment every 15 s meanwhile);
#: a client reconnects with Last-Event-ID after it closes.
DEFAULT_STREAM_IDLE_SECONDS = 300.0
MAX_STREAM_IDLE_SECONDS = 24 * 3600.0
MAX_THREADS = 64
DEFAULT_MAX_STREAMS = 16  # a client's tabs and bots; api/streams/slots.py
MAX_MAX_STREAMS = 100_000
MAX_BODY_BYTES = 64 * 1024  # the largest real request (a game's settings) is under 1 KiB

_PERIODS = {"second": 1.0, "minute": 60.0, "hour": 3600.0}
# "N/unit", or "N/Munits" with a count of units (and then the plural).
_RATE = re.compile(r"^\s*(\d+)\s*/\s*(?:(second|minute|hour)|(\d+)\s*(second|minute|hour)s)\s*$")


class SettingsError(ValueError):
    """A setting that cannot be understood; the message says what would work."""


@attrs.frozen
class RateLimit:
    """At most ``requests`` per ``period`` seconds per client, refilled steadily."""

    requests: int
    period: float

    @classmethod
    def parse(cls, text: str) -> RateLimit:
        """``120/minute``, or with a count of units, ``30/10minutes``."""
        match = _RATE.match(text)
        if match is None or int(match.group(1)) < 1 or int(match.group(3) or 1) < 1:
            raise SettingsError(
                f"rate limit {text!r} is not like '120/minute' or '30/10minutes' "
                "(per second, minute or hour)"
            )
        units = int(match.group(3) or 1)
        unit = match.group(2) or match.group(4)
        return cls(requests=int(match.group(1)), period=units * _PERIODS[unit])

    def __str__(self) -> str:
        for unit, seconds in reversed(_PERIODS.items()):
            units, rest = divmod(self.period, seconds)
            if rest == 0:
                return (
                    f"{self.requests}/{unit}" if units == 1 else f"{self.requests}/{units:g}{unit}s"
                )
        return f"{self.requests}/{self.period:g}seconds"


def parse_optional_limit(text: str) -> RateLimit | None:
    """A rate limit, or None for ``off``."""
    return None if text.strip().lower() == OFF else RateLimit.parse(text)


#: Anonymous requests that make the server work for long: each game is stored and listed, each
#: bot seat plays a whole game on the server's CPU. Per client address, refilled steadily, the
#: whole allowance usable at once (the burst). A person opens a game every few minutes at most,
#: and the largest table of any game here seats 6 bots: these leave normal play, a host trying
#: every setting, or a classroom behind one address room, while one address can no longer fill
#: the disk and the CPU (before them, one client created 10,000 games in 28 s).
DEFAULT_GAME_LIMIT = RateLimit(requests=30, period=600.0)
DEFAULT_BOT_LIMIT = RateLimit(requests=60, period=600.0)


@attrs.frozen
class ApiSettings:
    cors_origins: tuple[str, ...] = ()  # browser origins allowed to call; "*" for any
    rate_limit: RateLimit | None = None  # every request per client; off by default
    game_limit: RateLimit | None = DEFAULT_GAME_LIMIT  # POST /games per client address
    bot_limit: RateLimit | None = DEFAULT_BOT_LIMIT  # bot seats per client address
    # The server's secret, every other one derived from it (below); None: a random one per app.
    # Every process serving one database should share it, and keep it across restarts
    # (``dodgecity serve`` hands its workers the one it keeps), so that a retried POST /games
    # reaching another process, or a restarted one, finds the same game and answer.
    secret: bytes | None = None
    max_body_bytes: int = MAX_BODY_BYTES
    # Worker threads for the blocking store calls; None: chosen by the database (see api/app.py).
    threads: int | None = None
    max_streams: int = DEFAULT_MAX_STREAMS  # live streams open at once per client
    stream_idle_seconds: float = DEFAULT_STREAM_IDLE_SECONDS  # a quiet stream closes after it
    metrics: bool = True  # GET /metrics and the counting behind it (api/http/metrics.py)
    access_log: bool = True  # one line per request (api/http/request_log.py)
    # A game still in the lobby this long after its creation is closed (engine/deadlines.py);
    # None: never.
    abandon_after_seconds: float | None = DEFAULT_ABANDON_AFTER_SECONDS

    @property
    def idempotency_secret(self) -> bytes | None:
        """Names what a creation's idempotency key names (api/http/idempotency.py)."""
        return derived_secret(self.secret, "idempotency-keys") if self.secret else None

    @property
    def ticket_secret(self) -> bytes | None:
        """Signs stream tickets (api/streams/tickets.py), so any process of the server accepts
        one."""
        return derived_secret(self.secret, "stream-tickets") if self.secret else None

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
        games = environ.get(GAME_LIMIT_VARIABLE, "").strip()
        bots = environ.get(BOT_LIMIT_VARIABLE, "").strip()
        secret = environ.get(SECRET_VARIABLE, "").strip()
        streams = environ.get(MAX_STREAMS_VARIABLE, "").strip()
        idle = environ.get(STREAM_IDLE_VARIABLE, "").strip()
        abandon = environ.get(ABANDON_AFTER_VARIABLE, "").strip()
        return cls(
            cors_origins=origins,
            rate_limit=RateLimit.parse(rate) if rate else None,
            game_limit=parse_optional_limit(games) if games else DEFAULT_GAME_LIMIT,
            bot_limit=parse_optional_limit(bots) if bots else DEFAULT_BOT_LIMIT,
            secret=secret.encode() if secret else None,
            threads=parse_threads(threads) if threads else None,
            max_streams=parse_max_streams(streams) if streams else DEFAULT_MAX_STREAMS,
            stream_idle_seconds=parse_stream_idle(idle) if idle else DEFAULT_STREAM_IDLE_SECONDS,
            metrics=parse_switch(environ.get(METRICS_VARIABLE, ON)),
            access_log=parse_switch(environ.get(ACCESS_LOG_VARIABLE, ON)),
            abandon_after_seconds=parse_abandon_after(abandon)
            if abandon
            else DEFAULT_ABANDON_AFTER_SECONDS,
        )


def derived_secret(secret: bytes, label: str) -> bytes:
    """A secret of its own for one use (HKDF's expand step, one block): knowing one derived
    secret tells nothing of the server's secret or of another use's."""
    return hmac.new(secret, f"server-secret {label}\x01".encode(), hashlib.sha256).digest()


def parse_threads(text: str) -> int:
    """A worker thread count, 1 to :data:`MAX_THREADS`."""
    if not text.strip().isdigit() or not 1 <= int(text) <= MAX_THREADS:
        raise SettingsError(f"threads {text!r} is not a whole number from 1 to {MAX_THREADS}")
    return int(text)


def parse_stream_idle(text: str) -> float:
    """Seconds a quiet live stream stays open: more than 0, at most a day."""
    try:
        seconds = float(text) if text.strip().isascii() else math.nan
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= MAX_STREAM_IDLE_SECONDS:  # NaN fails both comparisons
        raise SettingsError(
            f"stream idle time {text!r} is not a number of seconds above 0 and at most "
            f"{MAX_STREAM_IDLE_SECONDS:g}"
        )
    return seconds


def parse_abandon_after(text: str) -> float | None:
    """Seconds a game may wait in the lobby: at least 1, or 0 (or ``off``) for never (None)."""
    if text.strip().lower() == OFF:
        return None
    try:
        seconds = float(text) if text.strip().isascii() else math.nan
    except ValueError:
        seconds = math.nan
    if seconds == 0:
        return None
    if not 1 <= seconds < math.inf:  # NaN fails too
        raise SettingsError(
            f"abandon time {text!r} is not a number of seconds, at least 1, or 0 for never"
        )
    return seconds


def parse_max_streams(text: str) -> int:
    """The live streams one client may hold open, 1 to :data:`MAX_MAX_STREAMS`."""
    if not (text.strip().isascii() and text.strip().isdigit()) or not (
        1 <= int(text) <= MAX_MAX_STREAMS
    ):
        raise SettingsError(
            f"max streams {text!r} is not a whole number from 1 to {MAX_MAX_STREAMS}"
        )
    return int(text)


def parse_switch(text: str) -> bool:
    """``on`` or ``off``."""
    word = text.strip().lower()
    if word not in {ON, OFF}:
        raise SettingsError(f"{text!r} is neither {ON} nor {OFF}")
    return word == ON
