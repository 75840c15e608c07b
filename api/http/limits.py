"""Rate limits: token buckets per client, answered 429 problem details with ``Retry-After``.

Who a client is: the identity the request really has. A bearer token counts only once it is
known to name the host or a seat of the game in the path, so each seat is limited on its own even
behind one address; any other request counts as its address, made-up tokens and tokens on routes
that read none (``POST /games``) included. A token is checked against the games this process has
loaded (``GameService.cached_caller``), never the store, so the check costs no database call on
the event loop; a valid token of a game not loaded counts as its address, the stricter choice.

Two kinds of limit:

- ``--rate-limit`` (off unless configured): every request but ``/health``, per client;
- the work limits (on by default): the anonymous requests that make the server work for long,
  opening games and seating bots (``POST /games/{id}/bots`` and the ``bots`` of ``POST /games``),
  per client address, charged by the lobby's handlers once they know how many bots a body names.

The buckets live in this process: with several workers, each allows the configured rate.

Why not litestar's ``RateLimitMiddleware`` (``litestar.middleware.rate_limit``, looked at in
litestar 2.25), which the framework offers for the first kind:

- **It counts in fixed windows** of one second, minute, hour or day: a client may spend its whole
  allowance at the end of one window and again at the start of the next, twice the rate within
  moments, and an allowance such as the default ``30/10minutes`` cannot be said at all. The
  buckets here refill steadily over any period, as docs/API.md promises.
- **Its 429 has no ``Retry-After``** (it sends the draft ``RateLimit-*`` headers instead), which
  docs/API.md promises and HTTP clients read; its problem detail is only "Too Many Requests".
- **The work limits are not per request**: a ``POST /games`` naming three bots spends one game
  and three bot seats, known only once the body is read, and spends from both allowances or
  neither. A middleware that admits each request at a cost of one before the handler cannot say
  that; the handlers charge :class:`WorkLimits` themselves.
- **It costs more per request, and more as the window fills**: it keeps every request's time
  of the window as a JSON list in a store, decoded and encoded again by each request under one
  lock. ``benchmarks/bench_rate_limit.py`` (one route, 200 client addresses, an allowance never
  spent, 20,000 requests a round, five rounds in turns): 14.5 µs of CPU per request with no limit,
  19.2 µs with these buckets, 68.2 µs with litestar's, its rounds growing from 62.0 to 76.2 µs as
  the lists grew.

Who a client is could have been given to it (``identifier_for_request``), and it answers through
the same exception handlers, so the problem details would have stayed ours.
"""

from __future__ import annotations

import hashlib
import math
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any
from uuid import UUID

from litestar.datastructures import Headers
from litestar.enums import ScopeType
from litestar.exceptions import TooManyRequestsException
from litestar.types import ASGIApp, Receive, Scope, Send

from api.http.auth import MAX_TOKEN_LENGTH
from api.settings import RateLimit
from engine.application import GameService

MAX_CLIENTS = 100_000  # buckets kept; the least recently seen are forgotten (and so refilled)
UNLIMITED_PATHS = frozenset({"/health"})
_GAME_PATH = re.compile(r"^/games/([0-9a-fA-F-]{32,36})(?:/|$)")


class Buckets:
    """A token bucket per client: ``limit.requests`` at once, refilled steadily over
    ``limit.period``. Thread-safe."""

    def __init__(self, limit: RateLimit, clock: Callable[[], float] = time.monotonic) -> None:
        self._capacity = float(limit.requests)
        self._refill_per_second = limit.requests / limit.period
        self._clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def wait(self, client: str, cost: int = 1) -> float:
        """The seconds until ``client`` may spend ``cost`` requests; 0 if it may now."""
        with self._lock:
            tokens = self._level(client, self._clock())
        return self._wait(tokens, cost)

    def take(self, client: str, cost: int = 1) -> float:
        """Spend ``cost`` requests for ``client``: 0 if allowed, else the seconds until it would
        be (and nothing is spent)."""
        with self._lock:
            now = self._clock()
            tokens = self._level(client, now)
            wait = self._wait(tokens, cost)
            if wait == 0:
                tokens -= cost
            self._buckets[client] = (tokens, now)
            while len(self._buckets) > MAX_CLIENTS:
                self._buckets.popitem(last=False)
        return wait

    def _level(self, client: str, now: float) -> float:
        tokens, seen = self._buckets.pop(client, (self._capacity, now))
        tokens = min(self._capacity, tokens + (now - seen) * self._refill_per_second)
        self._buckets[client] = (tokens, now)
        return tokens

    def _wait(self, tokens: float, cost: int) -> float:
        # A cost above the whole allowance waits for a full bucket, then goes through.
        needed = min(float(cost), self._capacity)
        return 0.0 if tokens >= needed else (needed - tokens) / self._refill_per_second


def too_many(what: str, wait: float) -> TooManyRequestsException:
    return TooManyRequestsException(
        detail=f"{what}; retry later",
        headers={"Retry-After": str(max(1, math.ceil(wait)))},
    )


def address_of(scope: Scope) -> str:
    client = scope.get("client")
    return "address:" + (client[0] if client else "unknown")


def client_of(scope: Scope, games: GameService) -> str:
    """The bucket a request counts against: its seat (or host) when its token is known to be
    valid in the game of its path, else its address."""
    match = _GAME_PATH.match(scope["path"])
    authorization = Headers.from_scope(scope).get("authorization")
    if match is None or not authorization:
        return address_of(scope)
    scheme, _, token = authorization.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > MAX_TOKEN_LENGTH:
        return address_of(scope)
    try:
        game_id = UUID(match.group(1))
    except ValueError:
        return address_of(scope)
    caller = games.cached_caller(game_id, token)
    if caller is None:
        return address_of(scope)
    who = "host" if caller.host else f"seat {caller.seat}"
    # Hashed so the bucket map holds no credential-like text.
    return "caller:" + hashlib.sha256(f"{game_id} {who}".encode()).hexdigest()


def rate_limited(limit: RateLimit, games: GameService) -> Callable[[ASGIApp], ASGIApp]:
    """Middleware answering 429 with ``Retry-After`` once a client spends its rate."""
    buckets = Buckets(limit)

    def middleware(app: ASGIApp) -> ASGIApp:
        async def limited(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] == ScopeType.HTTP and scope["path"] not in UNLIMITED_PATHS:
                wait = buckets.take(client_of(scope, games))
                if wait > 0:
                    raise too_many(f"more than {limit} requests from this client", wait)
            await app(scope, receive, send)

        return limited

    return middleware


class WorkLimits:
    """The allowance of each client address for opening games and seating bots."""

    def __init__(
        self,
        games: RateLimit | None,
        bots: RateLimit | None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._games_limit, self._bots_limit = games, bots
        self._games = Buckets(games, clock) if games is not None else None
        self._bots = Buckets(bots, clock) if bots is not None else None
        self._lock = threading.Lock()  # a create spends from both buckets, or from neither

    def charge(self, request: Any, *, games: int = 0, bots: int = 0) -> None:
        """Spend ``games`` and ``bots`` from the request's address, or raise a 429 spending
        nothing."""
        address = address_of(request.scope)
        with self._lock:
            if games and self._games is not None:
                wait = self._games.wait(address, games)
                if wait > 0:
                    raise too_many(f"more than {self._games_limit} new games from here", wait)
            if bots and self._bots is not None:
                wait = self._bots.wait(address, bots)
                if wait > 0:
                    raise too_many(f"more than {self._bots_limit} bot seats from here", wait)
            if games and self._games is not None:
                self._games.take(address, games)
            if bots and self._bots is not None:
                self._bots.take(address, bots)
