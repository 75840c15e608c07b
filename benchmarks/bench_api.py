"""Benchmark: the REST API under load, over HTTP on 127.0.0.1 only.

Starts ``dodgecity serve`` in a subprocess (on a temporary SQLite file by default) and drives it
from this process in two phases, each a warm-up followed by a measured window:

1. ``GET /health`` from ``--clients`` concurrent clients: the server's plain request rate, the
   yardstick for the rest (it goes through the same uvicorn, litestar, worker thread and
   database read as every other request, but does no game work);
2. ``--clients`` concurrent clients playing ``--clients / --players`` games, one client per seat.
   Each client loops: it POSTs one of its seat's actions (chosen at random, seeded) to
   ``/games/{id}/actions`` as it came. It takes them from the answer to its last POST, which lists
   what the seat may do next, or when that listed nothing, from ``GET /games/{id}/actions`` with
   its seat token; when that lists nothing either, it waits (below). A game that ends is
   replaced by a new one at the same table (create, four joins and a start: counted as setup
   requests, not actions).

Every game the server plays is played in a phase of its own (``--ruleset``, repeatable; default
Dodge City, then BANG!), each seat acting from what the API lists for it, so the benchmark knows
no game's rules. The server is started with ``--game-limit off``: every game is opened from this
one address, which the default limit on new games would soon refuse.

Printed per phase: the request rates, actions per second (POSTs answered 200) with their latency
p50/p99/max; the ``GET …/actions`` rate and latency; 409 answers (the client reads the actions
again and retries; other seats' commitments to a simultaneous decision do not make a version
stale, so these should not happen); how busy the server, this load generator and the whole
machine were; the **server's own CPU time per action**: the CPU time of the server's process
group (its process and its workers, from ``/proc/PID/stat``, utime + stime) over the measured
window, divided by the actions answered 200 in it; and whether POST p99 was under 25 ms.

CPU time per action is the figure to compare: other programs on the machine move rates and
latencies from one run to the next by a factor of two, the CPU an action costs far less.
``--before FOLDER`` measures another checkout (a ``git worktree``, with its own dependencies in
``FOLDER/.venv`` or ``--before-python``) and this one in turns, ``--rounds`` times each, each on a
fresh server and database, and prints each game's CPU per action before → after and their
ratio; ``benchmarks/compare_cpu.sh`` sets up the worktree and its environment and runs it.

How a client waits for its turn (``--wait``):

- ``hint`` (default): the answer to a POST is the game with its ``awaiting`` seats, and the
  client that got it wakes those seats' clients (they share this process), as a client following
  ``GET /games/{id}/stream`` would learn of its turn; a waiting client polls anyway after
  ``--poll-ms`` (default 1000 ms). A client whose own POST answer still awaits its seat asks
  again at once, from that answer's actions. The load is then one POST per action, plus a GET
  for the third of the actions that follow another seat's.
- ``poll``: a client with nothing to do sleeps ``--poll-ms`` (default 50 ms) and asks again, like
  a naive polling client; the empty GETs are reported apart.

The load generator shares the machine with the server (2 cores here), so it is made as cheap as
possible: one asyncio loop, one keep-alive connection per client, and (``--client raw``, the
default) HTTP/1.1 requests written by hand on asyncio streams, parsed only as far as the status
and Content-Length, with msgspec decoding just the fields it needs (the chosen action is resent
as the raw bytes it came in). ``--client httpx`` uses one ``httpx.AsyncClient`` per simulated
client instead. Measured on the 2-core development machine (SQLite, one worker, 64 clients,
``GET /health``): the raw client spends about 0.035 ms of CPU per request (15-17% of a core at
4,500-4,800 requests/s, the server saturating its core); httpx about 0.35 ms, so it saturates
its own core at about 2,800 requests/s with the server only half busy, understating the health
rate (and overstating the ratio to it); one ``AsyncClient`` shared by all 64 clients (a 64-
connection pool) managed under 400 requests/s. Hence the raw client by default.

Every phase is bounded: ``--warmup`` + ``--seconds`` of requests, then the clients finish the
request in flight (they are cancelled 30 s after the end at the latest). Run with:

    .venv/bin/python benchmarks/bench_api.py [--clients 64] [--seconds 10] [--workers 1]
    scripts/with-postgres .venv/bin/python benchmarks/bench_api.py --postgres
    benchmarks/compare_cpu.sh 964859b [--rounds 3]   # a baseline commit → this checkout

``--only games --seconds 60`` keeps the server busy playing for a profiler: the server's process
id is printed, so ``py-spy record --pid PID`` can attach to it. ``--url http://127.0.0.1:PORT``
(with ``--server-pid`` for its CPU figures) loads a server started some other way instead, say
uvicorn with other options.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from statistics import median
from typing import IO, Protocol
from urllib.parse import urlsplit
from uuid import uuid4

import httpx
import msgspec
import psycopg
from psycopg import sql as pgsql

HOST = "127.0.0.1"
START_SECONDS = 60
P99_GOAL_MS = 25.0  # POST /games/{id}/actions p99 under this, at 64 clients
CPU_RATIO_GOAL = 0.5  # with --before: the server CPU per action at most this share of before's
RULESETS = ("dodgecity", "bang")  # the games played, each in its own phase
BUSY_BEFORE_WARNING = 0.1  # of all cores: other programs running would skew the figures
ERROR_PAUSE = 0.05  # seconds a client waits after a failed connection before trying again
_TRANSPORT_ERRORS = (OSError, asyncio.IncompleteReadError, httpx.TransportError)


# -- the server ---------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    """``dodgecity serve`` in its own process group (its workers die with it)."""

    process: subprocess.Popen[bytes]
    port: int
    log: IO[bytes]

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def log_tail(self) -> str:
        self.log.flush()
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-4000:]

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=30)


@dataclass(frozen=True)
class Checkout:
    """A copy of the project whose server is measured: its folder (the server runs there, so it
    imports that copy's code) and the Python with that copy's dependencies installed."""

    folder: Path
    python: Path

    @classmethod
    def here(cls) -> Checkout:
        return cls(Path.cwd(), Path(sys.executable))

    @property
    def label(self) -> str:
        head = subprocess.run(
            ["git", "-C", str(self.folder), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
        return f"{self.folder.name}@{head or '?'}"


@contextmanager
def serving(database_url: str, workers: int, checkout: Checkout | None = None) -> Iterator[Server]:
    """The server of ``checkout`` (default: this one) on a free port of 127.0.0.1, once it
    answers ``/health``, with the limit on new games per client address off: the load
    generator opens every game from one address."""
    checkout = checkout or Checkout.here()
    port = free_port()
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(
            [
                *(str(checkout.python), "-m", "entrypoints.cli", "serve"),
                *("--host", HOST, "--port", str(port)),
                *("--db", database_url, "--workers", str(workers)),
                *("--game-limit", "off"),
            ],
            cwd=checkout.folder,
            stdout=subprocess.DEVNULL,  # uvicorn's access log: written, and thrown away
            stderr=log,  # a file, not a pipe: a full pipe would stall the server
            start_new_session=True,
        )
        server = Server(process, port, log)
        try:
            deadline = time.monotonic() + START_SECONDS
            while True:
                try:
                    if httpx.get(f"{server.url}/health", timeout=2).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                if process.poll() is not None:
                    raise SystemExit(f"the server exited:\n{server.log_tail()}")
                if time.monotonic() > deadline:
                    raise SystemExit(f"the server did not answer within {START_SECONDS} s")
                time.sleep(0.1)
            yield server
        finally:
            server.stop()


# -- CPU use, from /proc (Linux) --------------------------------------------------------------


def _group_cpu_seconds(group: int) -> float | None:
    """CPU seconds used so far by the live processes of a process group."""
    return _cpu_seconds(lambda pid, fields: int(fields[2]) == group)  # pgrp


def _tree_cpu_seconds(root: int) -> float | None:
    """CPU seconds used so far by a process and its live children (PostgreSQL's postmaster and
    its backends)."""
    return _cpu_seconds(lambda pid, fields: pid == root or int(fields[1]) == root)  # ppid


def _cpu_seconds(counted: Callable[[int, list[bytes]], bool]) -> float | None:
    """CPU seconds used so far by the live processes ``counted(pid, stat fields)`` picks."""
    ticks = 0
    try:
        names = os.listdir("/proc")
    except OSError:
        return None
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if counted(int(name), fields):  # utime and stime are fields 11 and 12 after the name
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def _machine_busy_seconds() -> float | None:
    """CPU seconds the whole machine has spent not idle (all cores together)."""
    try:
        with open("/proc/stat", "rb") as stat:
            fields = [int(value) for value in stat.readline().split()[1:9]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields) - idle) / os.sysconf("SC_CLK_TCK")


@dataclass
class CpuSnapshot:
    wall: float
    client: float
    server: float | None
    machine: float | None
    database: float | None

    @classmethod
    def take(cls, server_group: int | None, database: int | None = None) -> CpuSnapshot:
        return cls(
            time.perf_counter(),
            time.process_time(),
            None if server_group is None else _group_cpu_seconds(server_group),
            _machine_busy_seconds(),
            None if database is None else _tree_cpu_seconds(database),
        )


@dataclass(frozen=True)
class CpuUse:
    """Shares of one core (so up to the core count for the machine).

    The processes' figures are the kernel's per-process CPU times; the machine's come from the
    tick counts of /proc/stat, which miss short bursts on an otherwise idle machine (a server
    stalled on locks or timers reads lower there than in its own figure)."""

    client: float
    server: float | None
    machine: float | None
    server_seconds: float | None  # the server's CPU seconds in the window, all cores together
    database_seconds: float | None = None  # PostgreSQL's, when the benchmark started it

    @classmethod
    def between(cls, before: CpuSnapshot, after: CpuSnapshot) -> CpuUse:
        wall = after.wall - before.wall

        def share(a: float | None, b: float | None) -> float | None:
            return None if a is None or b is None else (b - a) / wall

        def spent(a: float | None, b: float | None) -> float | None:
            return None if a is None or b is None else b - a

        return cls(
            (after.client - before.client) / wall,
            share(before.server, after.server),
            share(before.machine, after.machine),
            spent(before.server, after.server),
            spent(before.database, after.database),
        )

    def describe(self) -> str:
        def percent(value: float | None) -> str:
            return "?" if value is None else f"{value * 100:.0f}%"

        cores = os.cpu_count() or 1
        rest = None
        if self.machine is not None and self.server is not None:
            rest = max(0.0, self.machine - self.server - self.client)
        return (
            f"server {percent(self.server)} of a core, load generator {percent(self.client)}, "
            f"rest {percent(rest)} (database server, other programs); "
            f"machine {percent(None if self.machine is None else self.machine / cores)} "
            f"of {cores} cores"
        )


# -- HTTP clients -------------------------------------------------------------------------------


class Connection(Protocol):
    async def request(
        self, method: str, path: str, *, body: bytes | None = None, token: str | None = None
    ) -> tuple[int, bytes]: ...

    async def close(self) -> None: ...


class RawConnection:
    """One keep-alive HTTP/1.1 connection, requests written by hand: the cheapest client."""

    def __init__(self, port: int) -> None:
        self._port = port
        self._host = f"{HOST}:{port}".encode()
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, *, body: bytes | None = None, token: str | None = None
    ) -> tuple[int, bytes]:
        if self._reader is None or self._writer is None:
            self._reader, self._writer = await asyncio.open_connection(HOST, self._port)
        reader, writer = self._reader, self._writer
        parts = [method.encode(), b" ", path.encode(), b" HTTP/1.1\r\nHost: ", self._host, b"\r\n"]
        if token is not None:
            parts += [b"Authorization: Bearer ", token.encode(), b"\r\n"]
        if body is not None:
            parts += [b"Content-Type: application/json\r\nContent-Length: ", b"%d" % len(body)]
            parts += [b"\r\n\r\n", body]
        else:
            parts.append(b"\r\n")
        try:
            writer.write(b"".join(parts))
            head = (await reader.readuntil(b"\r\n\r\n")).lower()
            status = int(head[9:12])
            start = head.find(b"\r\ncontent-length:")
            if start >= 0:
                end = head.index(b"\r\n", start + 2)
                content = await reader.readexactly(int(head[start + 17 : end]))
            elif b"\r\ntransfer-encoding: chunked" in head:
                content = await _read_chunked(reader)
            else:
                raise ConnectionError("an answer with neither Content-Length nor chunks")
        except BaseException:
            await self.close()
            raise
        if b"\r\nconnection: close" in head:
            await self.close()
        return status, content

    async def close(self) -> None:
        writer, self._reader, self._writer = self._writer, None, None
        if writer is not None:
            writer.close()
            with suppress(ConnectionError, OSError):
                await writer.wait_closed()


async def _read_chunked(reader: asyncio.StreamReader) -> bytes:
    chunks: list[bytes] = []
    while True:
        size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
        if size == 0:
            await reader.readuntil(b"\r\n")  # no trailers are expected
            return b"".join(chunks)
        chunks.append((await reader.readexactly(size + 2))[:-2])


class HttpxConnection:
    """The same requests through ``httpx.AsyncClient``: one client, one keep-alive connection.

    (One client shared by every simulated client, with a pool of as many connections, costs
    several times more CPU per request still.)"""

    def __init__(self, port: int) -> None:
        self._client = httpx.AsyncClient(
            base_url=f"http://{HOST}:{port}",
            limits=httpx.Limits(max_connections=1, max_keepalive_connections=1),
            timeout=60,
        )

    async def request(
        self, method: str, path: str, *, body: bytes | None = None, token: str | None = None
    ) -> tuple[int, bytes]:
        headers = {}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        if body is not None:
            headers["Content-Type"] = "application/json"
        response = await self._client.request(method, path, content=body, headers=headers)
        return response.status_code, response.content

    async def close(self) -> None:
        await self._client.aclose()


class Clients:
    """Makes each simulated client its own connection of the chosen kind."""

    def __init__(self, kind: str, port: int) -> None:
        self.kind = kind
        self._port = port
        self._made: list[Connection] = []

    def new(self) -> Connection:
        made: Connection = (
            HttpxConnection(self._port) if self.kind == "httpx" else RawConnection(self._port)
        )
        self._made.append(made)
        return made

    async def close(self) -> None:
        for made in self._made:
            await made.close()


# -- what is measured ---------------------------------------------------------------------------


@dataclass
class Timings:
    """Latencies (seconds) of the requests of one kind started inside the measured window."""

    latencies: list[float] = field(default_factory=list)

    def add(self, seconds: float) -> None:
        self.latencies.append(seconds)

    @property
    def count(self) -> int:
        return len(self.latencies)

    def percentile_ms(self, share: float) -> float:
        """Nearest-rank percentile, in milliseconds; NaN without samples."""
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        rank = max(0, min(len(ordered) - 1, int(share * len(ordered) + 0.999999) - 1))
        return ordered[rank] * 1000

    def max_ms(self) -> float:
        return max(self.latencies) * 1000 if self.latencies else float("nan")


@dataclass
class Window:
    """The measured stretch of a phase: requests started from ``start`` up to ``end`` count."""

    start: float
    end: float

    def holds(self, moment: float) -> bool:
        return self.start <= moment < self.end

    @property
    def seconds(self) -> float:
        return self.end - self.start


class _Problem(msgspec.Struct):
    type: str
    rule: str | None = None


_problem = msgspec.json.Decoder(_Problem)


@dataclass
class GameFigures:
    posts: Timings = field(default_factory=Timings)  # POST …/actions answered 200
    gets: Timings = field(default_factory=Timings)  # every GET …/actions
    empty_gets: int = 0  # GET …/actions listing nothing for the seat
    setup: Timings = field(default_factory=Timings)  # create, join, start
    conflicts: dict[str, int] = field(default_factory=dict)  # POST …/actions answered 409, by kind
    errors: dict[str, int] = field(default_factory=dict)
    games_started: int = 0
    games_ended: int = 0

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1

    def conflict(self, content: bytes) -> None:
        try:
            problem = _problem.decode(content)
        except msgspec.MsgspecError:
            kind = "not a problem-details body"
        else:
            kind = problem.type.rsplit("/", 1)[-1]
            if problem.rule:
                kind += f" {problem.rule}"
        self.conflicts[kind] = self.conflicts.get(kind, 0) + 1


# -- phase 1: /health ---------------------------------------------------------------------------


async def run_health(
    clients: Clients, count: int, window: Window, errors: dict[str, int]
) -> Timings:
    timings = Timings()

    async def client(connection: Connection) -> None:
        while True:
            started = time.perf_counter()
            if started >= window.end:
                return
            try:
                status, _ = await connection.request("GET", "/health")
            except _TRANSPORT_ERRORS as failure:
                errors[type(failure).__name__] = errors.get(type(failure).__name__, 0) + 1
                await asyncio.sleep(ERROR_PAUSE)  # no busy loop on a server that is gone
                continue
            if window.holds(started):
                if status == 200:
                    timings.add(time.perf_counter() - started)
                else:
                    errors[f"health {status}"] = errors.get(f"health {status}", 0) + 1

    await _bounded([client(clients.new()) for _ in range(count)], window)
    return timings


async def _bounded(jobs: list[Awaitable[None]], window: Window, grace: float = 30.0) -> None:
    """Run the clients until they stop after the window, or cancel them ``grace`` s later."""
    tasks = [asyncio.ensure_future(job) for job in jobs]
    timeout = max(0.0, window.end - time.perf_counter()) + grace
    done, pending = await asyncio.wait(tasks, timeout=timeout)
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    for task in done:
        task.result()  # a client's own bug surfaces here


# -- phase 2: games -----------------------------------------------------------------------------


class _Created(msgspec.Struct):
    game_id: str
    host_token: str


class _Seat(msgspec.Struct):
    seat: int
    token: str


class _Legal(msgspec.Struct):
    actions: list[msgspec.Raw]  # each resent as it came


class _Awaited(msgspec.Struct):
    seat: int


class _Game(msgspec.Struct):
    status: str
    awaiting: list[_Awaited]
    actions: list[msgspec.Raw]  # what this seat may do next, each resent as it came


_created = msgspec.json.Decoder(_Created)
_seat = msgspec.json.Decoder(_Seat)
_legal = msgspec.json.Decoder(_Legal)
_game = msgspec.json.Decoder(_Game)


@dataclass
class Table:
    """One game in play and the clients of its seats."""

    game_id: str
    seed: str  # each seat's client chooses its actions with a random generator seeded by it
    tokens: list[str]
    turns: list[asyncio.Event]  # set to wake a seat's client: its turn may have come
    ended: bool = False

    def end(self) -> None:
        self.ended = True
        for turn in self.turns:
            turn.set()


@dataclass(frozen=True)
class Play:
    ruleset: str
    players: int
    seed: str
    hint: bool  # wake awaited seats from POST answers, else poll
    wait_seconds: float  # the poll interval, or how long to wait for a hint


async def run_games(clients: Clients, tables: int, play: Play, window: Window) -> GameFigures:
    figures = GameFigures()

    async def timed(
        connection: Connection, method: str, path: str, body: bytes | None, token: str | None
    ) -> tuple[int, bytes] | None:
        started = time.perf_counter()
        try:
            answer = await connection.request(method, path, body=body, token=token)
        except _TRANSPORT_ERRORS as failure:
            figures.error(type(failure).__name__)
            await asyncio.sleep(ERROR_PAUSE)
            return None
        if window.holds(started):
            figures.setup.add(time.perf_counter() - started)
        return answer

    async def new_table(connection: Connection, seed: str) -> Table | None:
        """Create, join and start a game over HTTP; None (counted as errors) if any step fails."""
        body = msgspec.json.encode({"ruleset": play.ruleset, "players": play.players, "seed": seed})
        answer = await timed(connection, "POST", "/games", body, None)
        if answer is None or answer[0] != 201:
            if answer is not None:
                figures.error(f"create {answer[0]}")
            return None
        created = _created.decode(answer[1])
        tokens = []
        for seat in range(play.players):
            body = msgspec.json.encode({"name": f"seat{seat}"})
            answer = await timed(
                connection, "POST", f"/games/{created.game_id}/players", body, None
            )
            if answer is None or answer[0] != 201:
                if answer is not None:
                    figures.error(f"join {answer[0]}")
                return None
            tokens.append(_seat.decode(answer[1]).token)
        path = f"/games/{created.game_id}/start"
        answer = await timed(connection, "POST", path, None, created.host_token)
        if answer is None or answer[0] != 200:
            if answer is not None:
                figures.error(f"start {answer[0]}")
            return None
        figures.games_started += 1
        return Table(created.game_id, seed, tokens, [asyncio.Event() for _ in tokens])

    async def seat_client(table: Table, seat: int, connection: Connection) -> None:
        choose = random.Random(f"{table.seed}-{seat}").choice
        path = f"/games/{table.game_id}/actions"
        token = table.tokens[seat]
        turn = table.turns[seat]
        ask = True  # False: wait for a hint (or the poll interval) before asking again
        actions: list[msgspec.Raw] = []  # from the last POST answer: act again without a GET
        while not table.ended:
            if not ask and not actions:
                if play.hint:
                    with suppress(TimeoutError):
                        await asyncio.wait_for(turn.wait(), play.wait_seconds)
                else:
                    await asyncio.sleep(play.wait_seconds)
                if table.ended:
                    return
            ask = True
            started = time.perf_counter()
            if started >= window.end:
                return
            if not actions:
                turn.clear()  # what this GET answers covers every hint until now
                try:
                    status, content = await connection.request("GET", path, token=token)
                except _TRANSPORT_ERRORS as failure:
                    figures.error(type(failure).__name__)
                    await asyncio.sleep(ERROR_PAUSE)
                    continue
                if window.holds(started):
                    figures.gets.add(time.perf_counter() - started)
                if status != 200:
                    figures.error(f"GET actions {status}")
                    ask = False
                    continue
                actions = _legal.decode(content).actions
                if not actions:
                    if window.holds(started):
                        figures.empty_gets += 1
                    ask = False
                    continue
            body = bytes(choose(actions))
            actions = []
            started = time.perf_counter()
            try:
                status, content = await connection.request("POST", path, body=body, token=token)
            except _TRANSPORT_ERRORS as failure:
                figures.error(type(failure).__name__)
                await asyncio.sleep(ERROR_PAUSE)
                continue
            counted = window.holds(started)
            if status == 200:
                if counted:
                    figures.posts.add(time.perf_counter() - started)
                after = _game.decode(content)
                actions = after.actions
                if after.status != "running":
                    if counted:
                        figures.games_ended += 1
                    table.end()
                elif play.hint:
                    # The answer names the seats awaited now: wake the others, and ask again
                    # at once only if this seat is one of them.
                    ask = False
                    for awaited in after.awaiting:
                        if awaited.seat == seat:
                            ask = True
                        else:
                            table.turns[awaited.seat].set()
            elif status == 409:
                if counted:
                    figures.conflict(content)
            else:  # errors count whenever they happen, warm-up included
                figures.error(f"POST actions {status}")

    async def table_client(index: int) -> None:
        connections = [clients.new() for _ in range(play.players)]
        round_ = 0
        while time.perf_counter() < window.end:
            # The table's first seat's connection creates the game, before play starts on it.
            table = await new_table(connections[0], f"{play.seed}-{index}-{round_}")
            round_ += 1
            if table is None:
                await asyncio.sleep(0.1)
                continue
            await asyncio.gather(
                *(seat_client(table, seat, connections[seat]) for seat in range(play.players))
            )

    await _bounded([table_client(index) for index in range(tables)], window)
    return figures


# -- running and reporting ----------------------------------------------------------------------


@dataclass
class Options:
    clients: int
    players: int
    seconds: float
    warmup: float
    workers: int
    client: str
    rulesets: list[str]
    seed: str
    hint: bool
    wait_seconds: float
    only: str | None

    def play(self, ruleset: str) -> Play:
        return Play(ruleset, self.players, self.seed, self.hint, self.wait_seconds)


@dataclass
class GamesRun:
    """One ruleset's games phase."""

    ruleset: str
    figures: GameFigures
    window: Window
    cpu: CpuUse

    @property
    def cpu_ms_per_action(self) -> float | None:
        """The server's own CPU time (its process and its workers) over the window, divided by
        the actions answered 200 in it: robust to other programs' load, unlike rates."""
        if self.cpu.server_seconds is None or not self.figures.posts.count:
            return None
        return self.cpu.server_seconds / self.figures.posts.count * 1000

    @property
    def database_ms_per_action(self) -> float | None:
        """PostgreSQL's CPU time (its postmaster and backends) per action, when known."""
        if self.cpu.database_seconds is None or not self.figures.posts.count:
            return None
        return self.cpu.database_seconds / self.figures.posts.count * 1000


@dataclass
class Report:
    label: str
    options: Options
    health: Timings | None = None
    health_window: Window | None = None
    health_cpu: CpuUse | None = None
    health_errors: dict[str, int] = field(default_factory=dict)
    games: list[GamesRun] = field(default_factory=list)
    busy_before: float | None = None  # the machine's share busy just before the server started


@dataclass(frozen=True)
class Target:
    """The server under load: its port on 127.0.0.1, and its process group if known."""

    port: int
    group: int | None
    database: int | None = None  # PostgreSQL's postmaster, to count its CPU too


async def _measure(
    target: Target, options: Options, phase: Callable[[Clients, Window], Awaitable[object]]
) -> tuple[object, Window, CpuUse]:
    clients = Clients(options.client, target.port)
    try:
        now = time.perf_counter()
        window = Window(now + options.warmup, now + options.warmup + options.seconds)
        measured: asyncio.Future[object] = asyncio.ensure_future(phase(clients, window))
        await asyncio.sleep(max(0.0, window.start - time.perf_counter()))
        before = CpuSnapshot.take(target.group, target.database)
        await asyncio.sleep(max(0.0, window.end - time.perf_counter()))
        after = CpuSnapshot.take(target.group, target.database)
        result = await measured
    finally:
        await clients.close()
    return result, window, CpuUse.between(before, after)


async def run_backend(target: Target, label: str, options: Options) -> Report:
    report = Report(label, options)
    if options.only in {None, "health"}:

        async def health(clients: Clients, window: Window) -> object:
            return await run_health(clients, options.clients, window, report.health_errors)

        timings, report.health_window, report.health_cpu = await _measure(target, options, health)
        assert isinstance(timings, Timings)
        report.health = timings
    if options.only in {None, "games"}:
        for ruleset in options.rulesets:

            async def games(clients: Clients, window: Window, ruleset: str = ruleset) -> object:
                tables = options.clients // options.players
                return await run_games(clients, tables, options.play(ruleset), window)

            figures, window, cpu = await _measure(target, options, games)
            assert isinstance(figures, GameFigures)
            report.games.append(GamesRun(ruleset, figures, window, cpu))
    return report


def _line(name: str, count: int, seconds: float, timings: Timings | None, unit: str) -> str:
    text = f"  {name:<26} {count / seconds:9.1f} {unit:<6}"
    if timings is not None and timings.count:
        text += (
            f"  p50 {timings.percentile_ms(0.50):6.1f} ms  p99 {timings.percentile_ms(0.99):6.1f}"
            f" ms  max {timings.max_ms():6.1f} ms"
        )
    return text


def print_report(report: Report) -> bool | None:
    """Print one server's table; True/False whether the p99 goal was met in every game, None
    if no game was played."""
    options = report.options
    print(
        f"{report.label}: {options.workers} worker(s), {options.clients} clients, "
        f"{options.client} client, wait={'hint' if options.hint else 'poll'} "
        f"({options.wait_seconds * 1000:.0f} ms), {options.seconds:g} s measured after "
        f"{options.warmup:g} s warm-up"
    )
    if report.busy_before is not None and report.busy_before > BUSY_BEFORE_WARNING:
        print(
            f"  note: the machine was {report.busy_before * 100:.0f}% busy before the run "
            "(other programs): rates and latencies are low, CPU per action is not"
        )
    if report.health is not None and report.health_window is not None:
        seconds = report.health_window.seconds
        print(_line("GET /health", report.health.count, seconds, report.health, "req/s"))
        if report.health_cpu is not None:
            print(f"  {'':<26} CPU: {report.health_cpu.describe()}")
            spent = report.health_cpu.server_seconds
            if spent is not None and report.health.count:
                per = spent / report.health.count * 1000
                print(f"  {'':<26} server CPU per /health: {per:.3f} ms")
        if report.health_errors:
            print(f"  {'':<26} errors: {report.health_errors}")
    if not report.games:
        return None
    met = True
    for run in report.games:
        met = print_games(run) and met
    return met


def print_games(run: GamesRun) -> bool:
    figures, seconds = run.figures, run.window.seconds
    print(f"  -- {run.ruleset} --")
    print(_line("actions (POST, 200)", figures.posts.count, seconds, figures.posts, "/s"))
    print(_line("GET …/actions", figures.gets.count, seconds, figures.gets, "req/s"))
    print(
        f"  {'':<26} of which empty (not the seat's turn): {figures.empty_gets}"
        f" ({figures.empty_gets / max(1, figures.gets.count) * 100:.0f}%)"
    )
    conflicts = sum(figures.conflicts.values())
    kinds = ", ".join(f"{kind}: {count}" for kind, count in sorted(figures.conflicts.items()))
    print(f"  {'refused (POST, 409)':<26} {conflicts:9d}   {kinds}")
    print(_line("setup (create/join/start)", figures.setup.count, seconds, figures.setup, "req/s"))
    requests = figures.posts.count + conflicts + figures.gets.count + figures.setup.count
    print(_line("all requests", requests, seconds, None, "req/s"))
    print(f"  {'games':<26} {figures.games_started:9d} started, {figures.games_ended} ended")
    if figures.errors:
        print(f"  {'errors':<26} {figures.errors}")
    print(f"  {'':<26} CPU: {run.cpu.describe()}")
    per_action = run.cpu_ms_per_action
    if per_action is not None:
        print(f"  {'server CPU per action':<26} {per_action:9.3f} ms")
    database = run.database_ms_per_action
    if database is not None:
        print(f"  {'database CPU per action':<26} {database:9.3f} ms (PostgreSQL's processes)")
    p99 = figures.posts.percentile_ms(0.99)
    p99_met = p99 < P99_GOAL_MS
    print(
        f"  goal: POST p99 {p99:.1f} ms (< {P99_GOAL_MS:g} ms: {'met' if p99_met else 'NOT met'})"
    )
    return p99_met


def _postgres_url(schema: str) -> str:
    base = os.environ.get("DODGECITY_TEST_POSTGRES")
    if not base:
        raise SystemExit(
            "--postgres needs DODGECITY_TEST_POSTGRES: run under scripts/with-postgres"
        )
    return f"{base}{'&' if '?' in base else '?'}schema={schema}"


def _drop_schema(url: str, schema: str) -> None:
    from engine.database import parse

    with psycopg.connect(parse(url).postgres_conninfo(), autocommit=True) as connection:
        connection.execute(
            pgsql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(pgsql.Identifier(schema))
        )


def machine_busy_now(seconds: float = 1.0) -> float | None:
    """How busy the machine is before the run, as a share of all its cores."""
    before = _machine_busy_seconds()
    time.sleep(seconds)
    after = _machine_busy_seconds()
    if before is None or after is None:
        return None
    return (after - before) / seconds / (os.cpu_count() or 1)


def postmaster_of(url: str) -> int | None:
    """The process id of the PostgreSQL server at ``url``, if this process may read it (its
    data directory's ``postmaster.pid``: a server on this machine, a user allowed to ask)."""
    from engine.database import Backend, parse

    database = parse(url)
    if database.backend is not Backend.POSTGRESQL:
        return None
    try:
        with psycopg.connect(database.postgres_conninfo(), autocommit=True) as connection:
            row = connection.execute("SHOW data_directory").fetchone()
        if row is None:
            return None
        first = (Path(str(row[0])) / "postmaster.pid").read_text().split("\n", 1)[0]
        return int(first)
    except (psycopg.Error, OSError, ValueError, TypeError, IndexError):
        return None


def run(url: str, label: str, options: Options, checkout: Checkout | None = None) -> Report:
    busy = machine_busy_now()
    with serving(url, options.workers, checkout) as server:
        print(f"({label}: server pid {server.process.pid} on {server.url})", file=sys.stderr)
        target = Target(server.port, server.process.pid, postmaster_of(url))
        report = asyncio.run(run_backend(target, label, options))
    report.busy_before = busy
    return report


@contextmanager
def database(args: argparse.Namespace, folder: Path, name: str) -> Iterator[tuple[str, str]]:
    """The database URL a server is started on, and its label; a fresh one each time."""
    if args.postgres:
        schema = f"bench_api_{uuid4().hex[:12]}"
        url = _postgres_url(schema)
        try:
            yield url, "postgresql"
        finally:
            _drop_schema(url, schema)
    elif args.db:
        yield args.db, args.db.split("://")[0]
    else:
        yield f"sqlite:///{folder / f'{name}.db'}", "sqlite"


# -- two checkouts, taking turns ----------------------------------------------------------------


def compare(args: argparse.Namespace, options: Options, before: Checkout) -> None:
    """Measure ``before`` and this checkout in turns, ``--rounds`` times each, each on a fresh
    server and database, and print the server CPU per action of each, before → after, per game.

    The medians are compared: other programs on the machine change rates and latencies from one
    run to the next, much less the CPU time the server itself spends on an action."""
    after = Checkout.here()
    runs: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
    p99s: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
    with tempfile.TemporaryDirectory() as tmp:
        for round_ in range(args.rounds):
            for name, checkout in (("before", before), ("after", after)):
                with database(args, Path(tmp), f"{name}-{round_}") as (url, kind):
                    label = f"{kind}, {name} ({checkout.label}), round {round_ + 1}"
                    report = run(url, label, options, checkout)
                print_report(report)
                sys.stdout.flush()
                for played in report.games:
                    per_action = played.cpu_ms_per_action
                    if per_action is not None:
                        runs[name].setdefault(played.ruleset, []).append(per_action)
                    p99 = played.figures.posts.percentile_ms(0.99)
                    p99s[name].setdefault(played.ruleset, []).append(p99)
    print()
    print(
        f"server CPU per action (median of {args.rounds} rounds), {before.label} → {after.label}:"
    )
    for ruleset in options.rulesets:
        old, new = runs["before"].get(ruleset), runs["after"].get(ruleset)
        if not old or not new:
            print(f"  {ruleset:<10} not measured")
            continue
        ratio = median(new) / median(old)
        print(
            f"  {ruleset:<10} {median(old):6.3f} ms → {median(new):6.3f} ms   ratio {ratio:.2f}"
            f"   (goal ≤ {CPU_RATIO_GOAL:g}: {'met' if ratio <= CPU_RATIO_GOAL else 'NOT met'});"
            f" POST p99 {median(p99s['before'][ruleset]):.1f} → "
            f"{median(p99s['after'][ruleset]):.1f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--db", help="a database URL (default: a temporary SQLite file)")
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="use $DODGECITY_TEST_POSTGRES, in a fresh schema dropped afterwards",
    )
    parser.add_argument("--clients", type=int, default=64, help="concurrent clients (default 64)")
    parser.add_argument("--players", type=int, default=4, help="seats per game (default 4)")
    parser.add_argument(
        "--ruleset",
        action="append",
        dest="rulesets",
        metavar="NAME",
        help=f"a game to play, repeatable (default: every one, {', '.join(RULESETS)})",
    )
    parser.add_argument("--seconds", type=float, default=10.0, help="measured, per phase")
    parser.add_argument("--warmup", type=float, default=2.0, help="unmeasured, before each phase")
    parser.add_argument("--workers", type=int, default=1, help="server worker processes")
    parser.add_argument("--client", choices=["raw", "httpx"], default="raw")
    parser.add_argument("--wait", choices=["hint", "poll"], default="hint")
    parser.add_argument(
        "--poll-ms", type=float, help="poll interval (default: 1000 with hints, 50 without)"
    )
    parser.add_argument("--only", choices=["health", "games"], help="run one phase only")
    parser.add_argument(
        "--url",
        help="load a server already running on 127.0.0.1 (say, under a profiler) instead of "
        "starting one; --db, --postgres and --workers are then only labels",
    )
    parser.add_argument(
        "--server-pid", type=int, help="with --url: its process group, to report its CPU use"
    )
    parser.add_argument(
        "--before",
        type=Path,
        metavar="FOLDER",
        help="another checkout (a git worktree) to measure in turns with this one",
    )
    parser.add_argument(
        "--before-python",
        type=Path,
        metavar="PYTHON",
        help="with --before: the Python with that checkout's dependencies (default: "
        "FOLDER/.venv/bin/python)",
    )
    parser.add_argument(
        "--rounds", type=int, default=3, help="with --before: turns of each checkout (default 3)"
    )
    parser.add_argument("--seed", default="bench-api")
    args = parser.parse_args()
    if args.players < 2 or args.players > 5:
        parser.error("--players must be 2 to 5")
    if args.clients < args.players or args.clients % args.players:
        parser.error("--clients must be a multiple of --players")
    if args.db and args.postgres:
        parser.error("give --db or --postgres, not both")
    if args.before and args.url:
        parser.error("give --before or --url, not both")
    hint = args.wait == "hint"
    poll_ms = args.poll_ms if args.poll_ms is not None else (1000.0 if hint else 50.0)
    options = Options(
        clients=args.clients,
        players=args.players,
        seconds=args.seconds,
        warmup=args.warmup,
        workers=args.workers,
        client=args.client,
        rulesets=args.rulesets or list(RULESETS),
        seed=args.seed,
        hint=hint,
        wait_seconds=poll_ms / 1000,
        only=args.only,
    )
    if args.before:
        if args.db:
            parser.error("--before needs a fresh database per run: give --postgres or nothing")
        python = args.before_python or args.before / ".venv" / "bin" / "python"
        compare(args, options, Checkout(args.before.resolve(), python))
        return
    with tempfile.TemporaryDirectory() as tmp:
        if args.url:
            parts = urlsplit(args.url)
            if parts.scheme != "http" or parts.hostname != HOST or parts.port is None:
                parser.error(f"--url must be http://{HOST}:PORT: this loads 127.0.0.1 only")
            target = Target(parts.port, args.server_pid)
            report = asyncio.run(run_backend(target, f"server at {args.url}", options))
        else:
            with database(args, Path(tmp), "bench_api") as (url, kind):
                report = run(url, kind, options)
    met = print_report(report)
    if met is not None:
        print(f"p99 goal {'MET' if met else 'NOT MET'} ({report.label})")


if __name__ == "__main__":
    main()
