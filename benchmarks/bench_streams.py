"""Benchmark: what idle live streams cost the server, over HTTP on loopback only.

Starts ``dodgecity serve`` in a subprocess (on a temporary SQLite file by default), creates one
game, and opens ``--streams`` Server-Sent Events streams on it (``GET /games/{id}/stream``, resumed
after its latest event, so they wait for news), from ``--addresses`` loopback source addresses
(127.0.0.2, 127.0.0.3, …; Linux routes all of 127/8 to the loopback), the same number from each,
so per-address connection caps see many clients rather than one. Once every stream is open and
has settled, it measures the server process's CPU time (utime + stime of /proc/PID/stat, all its
threads) over ``--seconds`` and prints it as a percentage of one core. Then one player joins the
game and it counts the streams that receive that event.

The streams are read by one asyncio loop with plain sockets, so the load generator costs little
of the (shared) machine; its own CPU is printed too.

    .venv/bin/python benchmarks/bench_streams.py [--streams 3000] [--addresses 200] [--seconds 30]
    scripts/with-postgres .venv/bin/python benchmarks/bench_streams.py --postgres

``--server-python PATH`` starts the server with another checkout's ``dodgecity`` command (the one
next to that interpreter, run in the folder holding its ``.venv``), to compare the same run
against older code.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from uuid import uuid4

import httpx

START_SECONDS = 60
SETTLE_SECONDS = 3.0
DELIVERY_SECONDS = 15.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def raise_file_limit() -> None:
    """Thousands of sockets need more than the usual 1,024 descriptors, here and in the server
    (which inherits the limit)."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def cpu_seconds(pid: int) -> float:
    """The user and system CPU time of process ``pid`` and all its threads so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])  # utime and stime (fields 14 and 15 of stat)
    return ticks / os.sysconf("SC_CLK_TCK")


@contextmanager
def server(database_url: str, python: str) -> Iterator[tuple[str, int]]:
    port = free_port()
    # not resolve(): a venv's python is a symlink to the system's
    project = Path(python).absolute().parent.parent.parent if python != sys.executable else None
    process = subprocess.Popen(
        # The checkout's own command (older checkouts kept the CLI elsewhere).
        [
            str(Path(python).parent / "dodgecity"),
            "serve",
            "--port",
            str(port),
            "--db",
            database_url,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=project,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                if httpx.get(f"{url}/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the server did not start")
            time.sleep(0.2)
        yield url, process.pid
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)


class Stream:
    """One open stream: the event ids it has received."""

    def __init__(self) -> None:
        self.ids: list[int] = []
        self.received = asyncio.Event()
        self.writer: asyncio.StreamWriter | None = None

    async def open(self, port: int, source: str, path: str, last_id: int) -> None:
        reader, self.writer = await asyncio.open_connection(
            "127.0.0.1", port, local_addr=(source, 0)
        )
        self.writer.write(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
            f"Last-Event-ID: {last_id}\r\n\r\n".encode()
        )
        await self.writer.drain()
        status = await reader.readline()
        if b" 200 " not in status:
            raise RuntimeError(f"the stream answered {status!r}")
        while (await reader.readline()) not in {b"\r\n", b""}:
            pass
        asyncio.get_running_loop().create_task(self._read(reader))

    async def _read(self, reader: asyncio.StreamReader) -> None:
        # Chunked transfer: chunk sizes and the messages' lines both arrive as lines.
        while line := await reader.readline():
            if line.startswith(b"id:"):
                self.ids.append(int(line[3:].strip()))
                self.received.set()

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def run(url: str, pid: int, args: argparse.Namespace) -> None:
    port = int(url.rsplit(":", 1)[1])
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        created = await client.post("/games", json={"ruleset": "dodgecity", "players": 3})
        if created.status_code == 400:  # a checkout from before games had rulesets
            created = await client.post("/games", json={"players": 3})
        created.raise_for_status()
        game_id, version = created.json()["game_id"], int(created.json()["version"])
        path = f"/games/{game_id}/stream"
        sources = [f"127.0.0.{2 + index}" for index in range(args.addresses)]
        streams = [Stream() for _ in range(args.streams)]
        opened = time.monotonic()
        for start in range(0, len(streams), 100):  # in batches: the listen backlog is finite
            batch = streams[start : start + 100]
            await asyncio.gather(
                *(
                    stream.open(port, sources[(start + index) % len(sources)], path, version)
                    for index, stream in enumerate(batch)
                )
            )
        print(
            f"opened {len(streams)} streams from {len(sources)} addresses "
            f"in {time.monotonic() - opened:.1f} s"
        )
        await asyncio.sleep(SETTLE_SECONDS)
        server_before, own_before = cpu_seconds(pid), time.process_time()
        started = time.monotonic()
        await asyncio.sleep(args.seconds)
        elapsed = time.monotonic() - started
        server_cpu = cpu_seconds(pid) - server_before
        own_cpu = time.process_time() - own_before
        print(
            f"idle for {elapsed:.1f} s: server CPU {server_cpu:.2f} s = "
            f"{100 * server_cpu / elapsed:.1f}% of one core "
            f"(this load generator: {100 * own_cpu / elapsed:.1f}%)"
        )
        joined = await client.post(f"/games/{game_id}/players", json={"name": "Newcomer"})
        joined.raise_for_status()
        sent = time.monotonic()
        await asyncio.wait(
            [asyncio.ensure_future(s.received.wait()) for s in streams], timeout=DELIVERY_SECONDS
        )
        reached = sum(version + 1 in stream.ids for stream in streams)
        print(
            f"a new event reached {reached} of {len(streams)} streams "
            f"within {time.monotonic() - sent:.1f} s"
        )
        for stream in streams:
            stream.close()
        print(
            json.dumps(
                {
                    "streams": len(streams),
                    "cpu_percent": 100 * server_cpu / elapsed,
                    "reached": reached,
                }
            )
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=3000)
    parser.add_argument("--addresses", type=int, default=200, help="source addresses (max 250)")
    parser.add_argument("--seconds", type=float, default=30.0, help="the measured window")
    parser.add_argument("--db", help="database URL (default: a temporary SQLite file)")
    parser.add_argument(
        "--postgres", action="store_true", help="the server named by DODGECITY_TEST_POSTGRES"
    )
    parser.add_argument(
        "--server-python", default=sys.executable, help="the interpreter of the checkout to serve"
    )
    args = parser.parse_args()
    raise_file_limit()
    with tempfile.TemporaryDirectory() as folder:
        database = args.db or f"sqlite:///{Path(folder) / 'games.db'}"
        if args.postgres:
            dsn = os.environ.get("DODGECITY_TEST_POSTGRES")
            if not dsn:
                raise SystemExit("--postgres needs DODGECITY_TEST_POSTGRES (scripts/with-postgres)")
            database = f"{dsn}{'&' if '?' in dsn else '?'}schema=bench_{uuid4().hex[:12]}"
            _create_schema(dsn, database.rsplit("=", 1)[1])
        print(f"serving {database.split('?')[0] if args.postgres else database}")
        with server(database, args.server_python) as (url, pid):
            asyncio.run(run(url, pid, args))


def _create_schema(dsn: str, schema: str) -> None:
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")


if __name__ == "__main__":
    main()
