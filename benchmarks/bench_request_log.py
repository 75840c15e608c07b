"""Benchmark: what the request wrapper (``api/http/request_log.py``) adds to every request.

Every request goes through one pure ASGI wrapper that gives it an id, answers it in a header,
counts it for ``/metrics`` and writes its access-log line. This drives the wrapper around an app
that answers at once, with no server and no network, so the figures are the wrapper's own: the
Python function calls per request (a count noise cannot move, as ``count_work.py``) and the time
per request, for the wrapper alone, with the metrics, and with an access line in each format
(written to a discarded stream: the formatting is counted, a terminal's speed is not).

    .venv/bin/python benchmarks/bench_request_log.py [--requests 50000]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import logging
import pstats
import time
from typing import Any

from api.http.metrics import Metrics
from api.http.request_log import (
    ACCESS_LOGGER,
    JsonFormatter,
    RequestIdFilter,
    TextFormatter,
    observed,
)

SCOPE: dict[str, Any] = {
    "type": "http",
    "method": "GET",
    "path": "/games/0b8f7c1e-5d43-4a43-9b1e-3f5a7f6f0f3e",
    "headers": [(b"host", b"127.0.0.1"), (b"accept", b"application/json")],
    "client": ("127.0.0.1", 50000),
}


async def answer(scope: Any, _receive: Any, send: Any) -> None:
    scope["path_template"] = "/games/{game_id}"  # as litestar's router sets it
    await send(
        {"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]}
    )
    await send({"type": "http.response.body", "body": b"{}"})


async def receive() -> Any:
    return {"type": "http.request", "body": b""}


async def send(_message: Any) -> None:
    return None


async def drive(app: Any, requests: int) -> None:
    for _ in range(requests):
        await app(dict(SCOPE), receive, send)


def logging_to_nowhere(formatter: logging.Formatter | None) -> None:
    access = logging.getLogger(ACCESS_LOGGER)
    access.handlers.clear()
    access.propagate = False
    if formatter is None:
        access.setLevel(logging.WARNING)
        return
    handler = logging.StreamHandler(io.StringIO())
    handler.setFormatter(formatter)
    handler.addFilter(RequestIdFilter())
    access.addHandler(handler)
    access.setLevel(logging.INFO)


def measure(name: str, app: Any, requests: int) -> None:
    profile = cProfile.Profile()
    profile.enable()
    asyncio.run(drive(app, 100))
    profile.disable()
    calls = pstats.Stats(profile).total_calls / 100  # type: ignore[attr-defined]
    started = time.perf_counter()
    asyncio.run(drive(app, requests))
    micros = (time.perf_counter() - started) / requests * 1e6
    print(f"{name:<34} {calls:7.0f} calls/request {micros:8.1f} µs/request")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=50_000)
    args = parser.parse_args()
    logging_to_nowhere(None)
    measure("no wrapper", answer, args.requests)
    measure("ids only", observed(answer, None, access_log=False), args.requests)
    measure("ids + metrics", observed(answer, Metrics(), access_log=False), args.requests)
    logging_to_nowhere(TextFormatter())
    measure(
        "ids + metrics + text access line",
        observed(answer, Metrics(), access_log=True),
        args.requests,
    )
    logging_to_nowhere(JsonFormatter())
    measure(
        "ids + metrics + json access line",
        observed(answer, Metrics(), access_log=True),
        args.requests,
    )


if __name__ == "__main__":
    main()
