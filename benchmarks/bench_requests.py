"""Benchmark: the app's own CPU time per request, without a server or a network in between.

Calls the ASGI app directly from one event loop (an in-memory store, one game in the lobby) and
prints the median CPU time of this process per request, over 5 x 500 requests, for
``GET /health`` (no game work: the framework's own cost), ``GET /games/{id}`` and ``GET /games``.
CPU time of the process, not wall time: the machine is shared, and other programs' load moves it
less. To compare two versions, run it with each checkout's interpreter in turn, a few times:

    for round in 1 2 3; do
        (cd ../before && .venv/bin/python ../main/benchmarks/bench_requests.py before)
        .venv/bin/python benchmarks/bench_requests.py after
    done

It imports the app of the checkout it runs in (its working directory), so the same file measures
both; an older checkout's service class is found by its older name.
"""

from __future__ import annotations

import asyncio
import json
import logging
import statistics
import sys
import time
import warnings
from typing import Any

sys.path.insert(0, ".")
warnings.simplefilter("ignore")
logging.disable(logging.CRITICAL)

from api.app import create_app  # noqa: E402  (after the checkout is on the path)

try:
    from engine.application import GameService as Service
except ImportError:  # a checkout from before the engine was generic
    from dodgecity.application import DodgeCityApplication as Service  # type: ignore[import-not-found,no-redef]

ROUNDS, REQUESTS, WARM_UP = 5, 500, 100


async def call(app: Any, method: str, path: str, body: bytes = b"") -> list[dict[str, Any]]:
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"bench"), (b"content-type", b"application/json")],
        "client": ("127.0.0.1", 1),
        "server": ("bench", 80),
        "state": {},
    }
    sent = False

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        await asyncio.sleep(3600)  # the client never disconnects
        return {"type": "http.disconnect"}

    messages: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        messages.append(message)

    await app(scope, receive, send)
    return messages


async def main(label: str) -> None:
    app = create_app(Service("memory://"))
    created = await call(app, "POST", "/games", json.dumps({"players": 2, "seed": "b"}).encode())
    game_id = json.loads(created[1]["body"])["game_id"]
    figures: dict[str, int] = {}
    for name, path in (("health", "/health"), ("game", f"/games/{game_id}"), ("list", "/games")):
        for _ in range(WARM_UP):
            await call(app, "GET", path)
        per_round = []
        for _ in range(ROUNDS):
            started = time.process_time()
            for _ in range(REQUESTS):
                await call(app, "GET", path)
            per_round.append((time.process_time() - started) / REQUESTS * 1e6)
        figures[name] = round(statistics.median(per_round))
    print(
        f"{label}: CPU µs per request, median of {ROUNDS} x {REQUESTS}: GET /health "
        f"{figures['health']}, GET /games/{{id}} {figures['game']}, GET /games {figures['list']}"
    )


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1] if len(sys.argv) > 1 else "this checkout"))
