"""Benchmark: what ``--rate-limit`` costs a request, the server's token buckets
(``api/http/limits.py``) against litestar's own rate-limit middleware
(``litestar.middleware.rate_limit``) at the same allowance, in turns in one run.

Each is the only middleware of an app with one route that answers at once; the app is driven
through ASGI with no server and no network, from 200 client addresses, none of which spends its
allowance (so every request is let through and both do their whole work). The figure is process
CPU time per request (``time.process_time``), which a busy machine moves far less than the clock:
the median of the rounds, the no-limit app's as the floor.

    .venv/bin/python benchmarks/bench_rate_limit.py [--requests 20000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from typing import Any

from litestar import Litestar, get
from litestar.middleware.base import DefineMiddleware
from litestar.middleware.rate_limit import RateLimitConfig

from api.http.limits import rate_limited
from api.settings import RateLimit
from engine.application import GameService

CLIENTS = 200
ALLOWANCE = 1_000_000  # per minute: never spent, so every request does the whole check


@get("/rulesets", sync_to_thread=False)
def answer() -> dict[str, str]:
    return {}


def app(middleware: list[Any]) -> Litestar:
    return Litestar([answer], middleware=middleware, logging_config=None)


def scopes(count: int) -> list[dict[str, Any]]:
    return [
        {
            "type": "http",
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": "/rulesets",
            "raw_path": b"/rulesets",
            "root_path": "",
            "query_string": b"",
            "headers": [(b"host", b"127.0.0.1")],
            "client": (f"10.0.{index % CLIENTS // 250}.{index % CLIENTS % 250}", 50000),
            "server": ("127.0.0.1", 8000),
        }
        for index in range(count)
    ]


async def receive() -> Any:
    return {"type": "http.request", "body": b"", "more_body": False}


async def drive(asgi: Any, requests: list[dict[str, Any]]) -> float:
    statuses: list[int] = []

    async def send(message: Any) -> None:
        if message["type"] == "http.response.start":
            statuses.append(message["status"])

    started = time.process_time()
    for scope in requests:
        await asgi(dict(scope), receive, send)
    spent = time.process_time() - started
    assert set(statuses) == {200}, set(statuses)
    return spent / len(requests) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    games = GameService("memory://")  # no token is sent, so no game is ever looked up
    apps = {
        "no limit": app([]),
        "api/http/limits.py token buckets": app(
            [DefineMiddleware(rate_limited(RateLimit(ALLOWANCE, 60.0), games))]
        ),
        "litestar RateLimitMiddleware": app(
            [RateLimitConfig(rate_limit=("minute", ALLOWANCE), exclude=["/health"]).middleware]
        ),
    }
    requests = scopes(args.requests)
    figures: dict[str, list[float]] = {name: [] for name in apps}
    for _ in range(args.rounds):
        for name, asgi in apps.items():
            figures[name].append(asyncio.run(drive(asgi, requests)))
    for name, rounds in figures.items():
        print(
            f"{name:<30} {statistics.median(rounds):7.1f} µs CPU/request "
            f"(rounds: {', '.join(f'{r:.1f}' for r in rounds)})"
        )
    games.close()


if __name__ == "__main__":
    main()
