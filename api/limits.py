"""A per-client rate limit (off unless configured): a token bucket per client, answered 429.

A client is its bearer token when it sends one (each seat is limited on its own, even behind one
address), else its address. ``/health`` is never limited, so monitoring keeps working under load.
The buckets live in this process: with several workers, each allows the configured rate.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections import OrderedDict
from collections.abc import Callable

from litestar.datastructures import Headers
from litestar.enums import ScopeType
from litestar.exceptions import TooManyRequestsException
from litestar.types import ASGIApp, Receive, Scope, Send

from api.settings import RateLimit

MAX_CLIENTS = 100_000  # buckets kept; the least recently seen are forgotten (and so refilled)
UNLIMITED_PATHS = frozenset({"/health"})


class Buckets:
    def __init__(self, limit: RateLimit, clock: Callable[[], float] = time.monotonic) -> None:
        self._capacity = float(limit.requests)
        self._refill_per_second = limit.requests / limit.period
        self._clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, client: str) -> float:
        """Spend one request for ``client``: 0 if allowed, else the seconds until it would be."""
        now = self._clock()
        tokens, seen = self._buckets.pop(client, (self._capacity, now))
        tokens = min(self._capacity, tokens + (now - seen) * self._refill_per_second)
        wait = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            wait = (1 - tokens) / self._refill_per_second
        self._buckets[client] = (tokens, now)
        while len(self._buckets) > MAX_CLIENTS:
            self._buckets.popitem(last=False)
        return wait


def client_of(scope: Scope) -> str:
    authorization = Headers.from_scope(scope).get("authorization")
    if authorization:
        return "token:" + hashlib.sha256(authorization.encode()).hexdigest()
    client = scope.get("client")
    return "address:" + (client[0] if client else "unknown")


def rate_limited(limit: RateLimit) -> Callable[[ASGIApp], ASGIApp]:
    """Middleware answering 429 with ``Retry-After`` once a client spends its rate."""
    buckets = Buckets(limit)

    def middleware(app: ASGIApp) -> ASGIApp:
        async def limited(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] == ScopeType.HTTP and scope["path"] not in UNLIMITED_PATHS:
                wait = buckets.take(client_of(scope))
                if wait > 0:
                    raise TooManyRequestsException(
                        detail=f"more than {limit} requests from this client; retry later",
                        headers={"Retry-After": str(max(1, math.ceil(wait)))},
                    )
            await app(scope, receive, send)

        return limited

    return middleware
