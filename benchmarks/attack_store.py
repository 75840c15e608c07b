"""Attack: the database stops answering under a served server. How long until clients hear so?

Starts ``dodgecity serve`` in a subprocess, opens a game and takes a seat in it (so the server has
it loaded), then, while three clients loop — ``GET /health``, ``GET /games/{id}`` of that game and
a write (``POST /games``), each with a 20 s timeout as the issue's clients had — takes the
database away for ``--outage`` seconds:

- ``sqlite``: another process holds the file with ``BEGIN EXCLUSIVE``;
- ``postgresql``: a server of its own (``tests/postgres_cluster.py``) stopped at once, as a
  crash would, then started again.

Printed per kind of request, during the outage: the answers by status, the slowest answer, how
many hit the client's timeout; the time from the outage's start to the first 503 of a write;
and after it, how long until a write succeeded again.

    .venv/bin/python benchmarks/attack_store.py [--backend sqlite|postgresql|both] [--outage 20]
"""

from __future__ import annotations

import argparse
import os
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.postgres_cluster import throwaway_cluster  # noqa: E402  (the repository's own)

CLIENT_TIMEOUT = 20.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def served(db: str) -> Iterator[str]:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "entrypoints.cli", "serve", "--port", str(port), "--db", db,
         "--game-limit", "off"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=30)


class Record:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.answers: list[tuple[str, float, float, str]] = []  # kind, sent, seconds, status

    def add(self, kind: str, sent: float, seconds: float, status: str) -> None:
        with self.lock:
            self.answers.append((kind, sent, seconds, status))


def loop(url: str, kind: str, request: Callable[[httpx.Client], httpx.Response], record: Record,
         stop: threading.Event) -> None:  # fmt: skip
    with httpx.Client(base_url=url, timeout=CLIENT_TIMEOUT) as client:
        while not stop.is_set():
            sent = time.monotonic()
            try:
                status = str(request(client).status_code)
            except httpx.TimeoutException:
                status = "timeout"
            except httpx.HTTPError as error:
                status = type(error).__name__
            record.add(kind, sent, time.monotonic() - sent, status)
            time.sleep(0.05)


def attack(
    url: str, outage: float, take_away: Callable[[], None], give_back: Callable[[], None]
) -> None:
    game = httpx.post(f"{url}/games", json={"players": 3}, timeout=10).json()["game_id"]
    httpx.post(f"{url}/games/{game}/players", json={"name": "Ann"}, timeout=10).raise_for_status()
    requests: dict[str, Callable[[httpx.Client], httpx.Response]] = {
        "GET /health": lambda c: c.get("/health"),
        "GET /games/{id} (loaded)": lambda c: c.get(f"/games/{game}"),
        "POST /games (a write)": lambda c: c.post("/games", json={"players": 2}),
    }
    record, stop = Record(), threading.Event()
    threads = [
        threading.Thread(target=loop, args=(url, kind, request, record, stop), daemon=True)
        for kind, request in requests.items()
    ]
    for thread in threads:
        thread.start()
    time.sleep(1)
    began = time.monotonic()
    take_away()
    time.sleep(outage)
    give_back()
    ended = time.monotonic()
    time.sleep(8)
    stop.set()
    for thread in threads:
        thread.join(timeout=CLIENT_TIMEOUT + 5)
    by_kind: defaultdict[str, list[tuple[float, float, str]]] = defaultdict(list)
    for kind, sent, seconds, status in record.answers:
        by_kind[kind].append((sent, seconds, status))
    print(f"  outage of {outage:g} s")
    for kind in requests:
        during = [(s, d, st) for s, d, st in by_kind[kind] if began <= s < ended]
        statuses = Counter(status for _, _, status in during)
        slowest = max((seconds for _, seconds, _ in during), default=0.0)
        median = statistics.median(seconds for _, seconds, _ in during) if during else 0.0
        print(
            f"    {kind:<26} {len(during):>4} requests: "
            + ", ".join(f"{status}: {count}" for status, count in sorted(statuses.items()))
            + f"; median {median * 1000:.0f} ms, slowest {slowest:.2f} s"
        )
    writes = by_kind["POST /games (a write)"]
    first_503 = next((s + d for s, d, st in writes if s >= began and st == "503"), None)
    back = next((s + d for s, d, st in writes if s >= ended and st == "201"), None)
    print(
        "    first 503 to a write "
        + (f"{first_503 - began:.2f} s after the outage began" if first_503 else "never")
        + "; writes succeed again "
        + (f"{back - ended:.2f} s after it ended" if back else "not within 8 s")
    )


def sqlite_outage(outage: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.db"
        with served(f"sqlite:///{path}") as url:
            holder: list[sqlite3.Connection] = []

            def lock() -> None:
                connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
                connection.execute("BEGIN EXCLUSIVE")
                holder.append(connection)

            def unlock() -> None:
                holder.pop().execute("ROLLBACK")

            print("sqlite: the file held by another process with BEGIN EXCLUSIVE")
            attack(url, outage, lock, unlock)


def postgresql_outage(outage: float) -> None:
    with throwaway_cluster() as cluster, served(cluster.url) as url:
        print("postgresql: the server stopped at once (pg_ctl -m immediate), then started")
        attack(url, outage, cluster.stop, cluster.start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--outage", type=float, default=20.0, help="seconds without a database")
    args = parser.parse_args()
    os.chdir(ROOT)
    if args.backend in {"sqlite", "both"}:
        sqlite_outage(args.outage)
    if args.backend in {"postgresql", "both"}:
        postgresql_outage(args.outage)


if __name__ == "__main__":
    main()
