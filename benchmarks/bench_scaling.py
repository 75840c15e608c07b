"""Benchmark: the cost of each thing that grows with live games, for docs/SCALING.md.

Three measurements, each a subcommand:

- ``fanout``: what one command stored by one process costs every *other* process serving the
  same PostgreSQL schema. Starts ``--listeners`` idle ``dodgecity serve`` processes on a fresh
  schema, then this process plays BANG! games through its own ``GameService`` (players who
  never shoot, ``tests/storage/long_games.py``: the games never end), one command at a time,
  round robin over the games, in rounds that take turns between games with no clock and games
  on a clock (a day per decision: no timeout fires). Each command's notification reaches every
  listener, whose stream watchers and timer wake (``api/app.py``); on a clock, the timer reads
  the game again. Prints, per command, the median CPU time of this process (the command and its
  write), of PostgreSQL (postmaster and children) and of each listener, after subtracting what
  the listeners spend idle (measured first, over the same length of time).
- ``cache``: the memory one game takes in a process's cache (``GameService``'s), for Dodge City
  and BANG! games ``--actions`` actions in: ``--games`` games are stored in a temporary SQLite
  file, then opened by a fresh ``GameService`` whose cache holds them all, the Python heap
  measured by ``tracemalloc`` before and after (the resident size is no guide here: memory
  freed by storing the games is reused).
- ``streams``: what ``--streams`` open Server-Sent Events streams on one game cost a server:
  its resident memory before and after opening them, its CPU idle with them over ``--seconds``,
  and the CPU of sending one new event to all of them (reuses ``bench_streams.py``'s server and
  reader).

    DODGECITY_TEST_POSTGRES=postgresql://… .venv/bin/python benchmarks/bench_scaling.py fanout
    .venv/bin/python benchmarks/bench_scaling.py cache [--games 200] [--actions 100]
    .venv/bin/python benchmarks/bench_scaling.py streams [--streams 1000]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import UUID

sys.path.insert(0, os.getcwd())
sys.path.insert(0, str(Path(__file__).parent))

import httpx
import psycopg
from bench_streams import Stream, raise_file_limit, server

from domain.table import ClockSettings
from engine.application import GameService
from tests.storage.long_games import QUIET

FANOUT_GAMES = 20
#: Time for the listeners to take in the last notifications before their CPU is read.
SETTLE_SECONDS = 2.0


def _stat(pid: int | str) -> list[str]:
    """A process's ``/proc/PID/stat`` fields after its name: [1] is the parent, [11:13] CPU."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def _cpu(pids: Callable[[], list[int]]) -> float:
    """CPU seconds used so far by the processes ``pids()`` names."""
    ticks = 0
    for pid in pids():
        with contextlib.suppress(OSError):
            fields = _stat(pid)
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def _family(root: int) -> list[int]:
    """``root`` and its children (PostgreSQL's postmaster and backends)."""
    found = [root]
    for name in os.listdir("/proc"):
        if name.isdigit():
            with contextlib.suppress(OSError):
                if int(_stat(name)[1]) == root:
                    found.append(int(name))
    return found


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no resident size for process {pid}")


def _play_one(app: GameService, game_id: UUID, choose: random.Random) -> None:
    """The first seat asked answers as a player who never shoots (the game never ends)."""

    def decide(game: Any) -> tuple[int, Any]:
        seat = game.pending()[0].seat
        actions = game.legal_actions(seat)
        quiet = [a for a in actions if isinstance(a, QUIET)]
        return seat, choose.choice(quiet or actions)

    seat, action = app.read(game_id, decide)
    app.act(game_id, seat, action)


def _open_games(app: GameService, count: int, clock: ClockSettings | None) -> list[UUID]:
    games = []
    for _ in range(count):
        game_id = app.create_game(ruleset="bang", seats=4, clock=clock)
        for seat in range(4):
            app.join(game_id, f"player {seat + 1}")
        app.start(game_id)
        games.append(game_id)
    return games


# -- fanout ------------------------------------------------------------------------------------


def fanout(options: argparse.Namespace) -> None:
    dsn = os.environ.get("DODGECITY_TEST_POSTGRES")
    if not dsn:
        sys.exit("bench_scaling fanout: set DODGECITY_TEST_POSTGRES to a PostgreSQL server here")
    schema = f"bench_fanout_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(dsn, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
        row = connection.execute("SELECT pg_backend_pid()").fetchone()
        assert row is not None
        postmaster = int(_stat(row[0])[1])  # while the backend lives
    url = f"{dsn}?schema={schema}"
    app = GameService(url)
    try:
        kinds = {
            "no clock": _open_games(app, FANOUT_GAMES, None),
            "on a clock": _open_games(app, FANOUT_GAMES, ClockSettings(decision_seconds=86_400)),
        }
        with contextlib.ExitStack() as stack:
            listeners = [
                stack.enter_context(server(url, sys.executable))[1]
                for _ in range(options.listeners)
            ]
            _measure_fanout(options, app, kinds, postmaster, listeners)
    finally:
        app.close()
        with psycopg.connect(dsn, autocommit=True) as connection:
            connection.execute(f"DROP SCHEMA {schema} CASCADE")


def _measure_fanout(
    options: argparse.Namespace,
    app: GameService,
    kinds: dict[str, list[UUID]],
    postmaster: int,
    listeners: list[int],
) -> None:
    choose = random.Random(options.seed)
    for games in kinds.values():  # every listener hears of every game once, and loads it
        for game_id in games:
            _play_one(app, game_id, choose)
    time.sleep(SETTLE_SECONDS)

    def listening() -> list[int]:
        return listeners

    idle_started, idle_cpu = time.monotonic(), _cpu(listening)
    time.sleep(options.idle_seconds)
    idle_rate = (_cpu(listening) - idle_cpu) / (time.monotonic() - idle_started)
    print(
        f"{len(listeners)} idle listeners: {1000 * idle_rate / len(listeners):.1f} ms of CPU"
        " per second each"
    )
    figures: dict[str, list[tuple[float, float, float]]] = {kind: [] for kind in kinds}
    for _ in range(options.rounds):
        for kind, games in kinds.items():
            started = time.monotonic()
            own, database = time.process_time(), _cpu(lambda: _family(postmaster))
            heard = _cpu(listening)
            for index in range(options.commands):
                _play_one(app, games[index % len(games)], choose)
            own = time.process_time() - own
            database = _cpu(lambda: _family(postmaster)) - database
            time.sleep(SETTLE_SECONDS)
            heard = _cpu(listening) - heard - idle_rate * (time.monotonic() - started)
            per = options.commands
            figures[kind].append((own / per, database / per, heard / per / len(listeners)))
    print(f"{options.commands} commands per round, {options.rounds} rounds, medians per command:")
    for kind, rounds in figures.items():
        own, database, heard = (statistics.median(r[i] for r in rounds) * 1e6 for i in range(3))
        each = [round(r[2] * 1e6) for r in rounds]
        print(
            f"  {kind:>10}: this process {own:.0f} µs, PostgreSQL {database:.0f} µs,"
            f" each listener {heard:.0f} µs (rounds: {each})"
        )


# -- cache -------------------------------------------------------------------------------------


def cache(options: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'games.db'}"
        writer = GameService(url, cache_size=0)
        choose = random.Random(options.seed)
        stored: dict[str, list[UUID]] = {}
        try:
            for ruleset in ("dodgecity", "bang"):
                stored[ruleset] = []
                for _ in range(options.games):
                    game_id = writer.create_game(ruleset=ruleset, seats=4)
                    for seat in range(4):
                        writer.join(game_id, f"player {seat + 1}")
                    writer.start(game_id)
                    for _ in range(options.actions):
                        if writer.read(game_id, lambda game: game.is_over):
                            break
                        _play_one(writer, game_id, choose)
                    stored[ruleset].append(game_id)
        finally:
            writer.close()
        for ruleset, games in stored.items():
            reader = GameService(url, cache_size=len(games) + 1)
            try:
                versions = [reader.latest_version(g) for g in games]
                gc.collect()
                tracemalloc.start()
                before = tracemalloc.get_traced_memory()[0]
                for game_id in games:
                    reader.read(game_id, lambda game: game.version)
                gc.collect()
                heap = tracemalloc.get_traced_memory()[0] - before
                tracemalloc.stop()
            finally:
                reader.close()
            print(
                f"{ruleset:>9}: {len(games)} games, {statistics.median(versions):.0f} events each"
                f" (median): {heap / len(games) / 1024:.1f} KiB of Python heap per cached game"
            )


# -- streams -----------------------------------------------------------------------------------


def streams(options: argparse.Namespace) -> None:
    raise_file_limit()
    with (
        tempfile.TemporaryDirectory() as folder,
        server(f"sqlite:///{Path(folder) / 'games.db'}", sys.executable) as (url, pid),
    ):
        asyncio.run(_measure_streams(options, url, pid))


async def _measure_streams(options: argparse.Namespace, url: str, pid: int) -> None:
    port = int(url.rsplit(":", 1)[1])
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        created = await client.post("/games", json={"ruleset": "dodgecity", "players": 3})
        created.raise_for_status()
        game_id, version = created.json()["game_id"], int(created.json()["version"])
        await asyncio.sleep(SETTLE_SECONDS)
        resident = _rss_kib(pid)
        sources = [f"127.0.0.{2 + index}" for index in range(options.addresses)]
        opened = [Stream() for _ in range(options.streams)]
        for start in range(0, len(opened), 100):  # in batches: the listen backlog is finite
            await asyncio.gather(
                *(
                    stream.open(
                        port,
                        sources[(start + i) % len(sources)],
                        f"/games/{game_id}/stream",
                        version,
                    )
                    for i, stream in enumerate(opened[start : start + 100])
                )
            )
        await asyncio.sleep(SETTLE_SECONDS)
        grown = _rss_kib(pid) - resident

        def serving() -> list[int]:
            return [pid]

        started, idle = time.monotonic(), _cpu(serving)
        await asyncio.sleep(options.seconds)
        idle_rate = (_cpu(serving) - idle) / (time.monotonic() - started)
        started, sending = time.monotonic(), _cpu(serving)
        joined = await client.post(f"/games/{game_id}/players", json={"name": "Newcomer"})
        joined.raise_for_status()
        await asyncio.wait([asyncio.ensure_future(s.received.wait()) for s in opened], timeout=30)
        await asyncio.sleep(SETTLE_SECONDS)
        sent = _cpu(serving) - sending - idle_rate * (time.monotonic() - started)
        reached = sum(version + 1 in s.ids for s in opened)
        for stream in opened:
            stream.close()
    print(
        f"{len(opened)} streams on one game: {grown / len(opened):.1f} KiB resident each"
        f" ({grown / 1024:.1f} MiB in all); idle, {100 * idle_rate:.2f}% of a core in all;"
        f" one event sent to {reached} of them: {1000 * sent:.0f} ms of CPU"
        f" ({1e6 * sent / max(reached, 1):.0f} µs per stream)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seed", default="scaling")
    commands = parser.add_subparsers(dest="command", required=True)
    fan = commands.add_parser("fanout", help="each command's cost to other processes")
    fan.add_argument("--listeners", type=int, default=2)
    fan.add_argument("--commands", type=int, default=400, help="per round and kind")
    fan.add_argument("--rounds", type=int, default=5)
    fan.add_argument("--idle-seconds", type=float, default=10.0)
    kept = commands.add_parser("cache", help="memory per cached game")
    kept.add_argument("--games", type=int, default=200)
    kept.add_argument("--actions", type=int, default=100, help="actions played in each game")
    live = commands.add_parser("streams", help="memory and CPU per open stream")
    live.add_argument("--streams", type=int, default=1000)
    live.add_argument("--addresses", type=int, default=100, help="loopback source addresses")
    live.add_argument("--seconds", type=float, default=20.0, help="the idle window")
    options = parser.parse_args()
    {"fanout": fanout, "cache": cache, "streams": streams}[options.command](options)


if __name__ == "__main__":
    main()
