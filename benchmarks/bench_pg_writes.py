"""Benchmark: what one write (a command's events, committed) costs on PostgreSQL, sent two ways.

Writes the commands of a real BANG! game (``tests/storage/long_games.py``), each command's
events in one transaction, through this project's recorder (``engine/postgres_events.py``),
in rounds that take turns between:

- *one at a time*: the recorder's own ``insert_events``, each statement sent and answered in
  turn (what the server does);
- *pipelined*: the eventsourcing library's ``insert_events`` called on the same recorder, its
  statements sent in a psycopg pipeline (what the server did before; it hangs on a long write).

It prints, per write, the median CPU time of this process (``time.process_time``: the driver's
and the library's work) and of PostgreSQL (its postmaster and every child, from ``/proc``, so
the WAL writer's share is counted too), the median time the write held the events table's lock
(from its ``LOCK TABLE`` answered to its commit answered, on the wall clock: every writer on
every host waits for it; the pipelined figure counts from its ``LOCK TABLE`` queued, not
answered). Then it counts the writes per second of 1 and 4 threads (``--writers``), each writing
a game of its own: since every write takes the same table lock, more writers add few writes.
Last, it stores one long game in one write each way, to show that the pipeline does not come
back (it is given a generous time, then reported as hung).

    DODGECITY_TEST_POSTGRES=postgresql://postgres@127.0.0.1:5432/db \\
        .venv/bin/python benchmarks/bench_pg_writes.py [--writes 1000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, os.getcwd())

import psycopg
from eventsourcing.persistence import StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder

from engine.database import parse
from engine.postgres_events import PromptApplicationRecorder, PromptPostgresFactory
from engine.records import envelope_bytes, seal_game
from tests.storage.long_games import quiet_bang

Write = Callable[[PromptApplicationRecorder, Sequence[StoredEvent]], Any]
WAYS: dict[str, Write] = {
    "one at a time": PromptApplicationRecorder.insert_events,
    "pipelined": PostgresApplicationRecorder.insert_events,
}
LONG_WRITE = 50_000
HUNG_AFTER = 120.0  # seconds, by default: the one-at-a-time write of 50,000 events takes a few


def _stat(pid: int | str) -> list[str]:
    """A process's ``/proc/PID/stat`` fields after its name: [2] is the parent, [11:13] CPU."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def _server_cpu(postmaster: int) -> float:
    """CPU seconds used so far by PostgreSQL: the postmaster and its children."""
    ticks = 0
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                stat = _stat(name)
            except OSError:
                continue
            if int(name) == postmaster or int(stat[1]) == postmaster:
                ticks += int(stat[11]) + int(stat[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def _postmaster(dsn: str) -> int:
    with psycopg.connect(dsn) as connection:
        row = connection.execute("SELECT pg_backend_pid()").fetchone()
        assert row is not None
        return int(_stat(row[0])[1])  # while the backend lives


class LockClock:
    """Times, on the wall clock, how long each write holds the events table's lock: from the
    ``LOCK TABLE`` statement answered to the end of the write (its commit answered)."""

    def __init__(self) -> None:
        self.locked_at = 0.0
        self.held: list[float] = []

    def install(self, recorder: PromptApplicationRecorder) -> None:
        taking = recorder._lock_table  # the recorder's own attribute, shadowed on this instance

        def lock_table(curs: Any) -> None:
            taking(curs)
            self.locked_at = time.perf_counter()

        recorder._lock_table = lock_table  # type: ignore[method-assign]

    def ended(self) -> None:
        self.held.append(time.perf_counter() - self.locked_at)


def _commands(writes: int) -> list[list[StoredEvent]]:
    """The first ``writes`` commands of a quiet BANG! game, each as the events one write stores."""
    game, commands = quiet_bang(writes * 3)
    records = seal_game(commands, "2026-11-27T00:00:00+00:00")
    groups: list[list[StoredEvent]] = []
    for record in records:
        if record.command is not None:
            groups.append([])
        groups[-1].append(StoredEvent(game.id, record.version, record.type, envelope_bytes(record)))
    return groups[:writes]


def _renamed(groups: list[list[StoredEvent]]) -> list[list[StoredEvent]]:
    game_id = uuid.uuid4()
    return [
        [StoredEvent(game_id, e.originator_version, e.topic, e.state) for e in group]
        for group in groups
    ]


def _round(
    recorder: PromptApplicationRecorder,
    write: Write,
    groups: list[list[StoredEvent]],
    postmaster: int,
) -> tuple[float, float, float]:
    clock = LockClock()
    clock.install(recorder)
    try:
        groups = _renamed(groups)
        client, server = time.process_time(), _server_cpu(postmaster)
        for group in groups:
            write(recorder, group)
            clock.ended()
        client, server = time.process_time() - client, _server_cpu(postmaster) - server
    finally:
        del recorder._lock_table
    return client / len(groups), server / len(groups), statistics.median(clock.held)


def _concurrent_rate(
    recorder: PromptApplicationRecorder,
    groups: list[list[StoredEvent]],
    writers: int,
    seconds: float,
) -> float:
    """Writes per second, on the wall clock, of ``writers`` threads each writing its own game's
    commands for ``seconds``: if writes queue on one lock, more writers add no writes."""
    counts = [0] * writers
    stop = threading.Event()

    def write(index: int) -> None:
        while not stop.is_set():
            for group in _renamed(groups):
                if stop.is_set():
                    return
                recorder.insert_events(group)
                counts[index] += 1

    threads = [threading.Thread(target=write, args=(i,)) for i in range(writers)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    stop.wait(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    return sum(counts) / (time.perf_counter() - started)


def _long_write(
    recorder: PromptApplicationRecorder, write: Write, events: list[StoredEvent], patience: float
) -> str:
    outcome: list[str] = []

    def store() -> None:
        started = time.perf_counter()
        write(recorder, events)
        outcome.append(f"stored in {time.perf_counter() - started:.1f} s")

    thread = threading.Thread(target=store, daemon=True)
    thread.start()
    thread.join(patience)
    return outcome[0] if outcome else f"hung: no answer after {patience:.0f} s"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--writes", type=int, default=1000, help="writes per round and way")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--writers", type=int, nargs="*", default=[1, 4], help="concurrent writer threads"
    )
    parser.add_argument("--seconds", type=float, default=10.0, help="per count of writers")
    parser.add_argument("--no-long", action="store_true", help="skip the 50,000-event write")
    parser.add_argument("--hung-after", type=float, default=HUNG_AFTER, help="seconds")
    options = parser.parse_args()
    dsn = os.environ.get("DODGECITY_TEST_POSTGRES")
    if not dsn:
        sys.exit("bench_pg_writes: set DODGECITY_TEST_POSTGRES to a PostgreSQL server here")
    schema = f"bench_writes_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(dsn, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    try:
        env = parse(f"{dsn}?schema={schema}").event_store_env()
        factory = PromptPostgresFactory(env)
        recorder = factory.application_recorder()
        assert isinstance(recorder, PromptApplicationRecorder)
        recorder.create_table()
        postmaster = _postmaster(dsn)
        groups = _commands(options.writes)
        events = sum(len(g) for g in groups)
        size = sum(len(e.state) for g in groups for e in g)
        each = f"{events / len(groups):.2f} events, {size / len(groups):.0f} bytes"
        print(f"{len(groups)} writes per round ({each} each), {options.rounds} rounds")
        figures: dict[str, list[tuple[float, float, float]]] = {way: [] for way in WAYS}
        for _ in range(options.rounds):
            for way, write in WAYS.items():
                figures[way].append(_round(recorder, write, groups, postmaster))
        for way, rounds in figures.items():
            client = statistics.median(r[0] for r in rounds) * 1e6
            server = statistics.median(r[1] for r in rounds) * 1e6
            held = statistics.median(r[2] for r in rounds) * 1e6
            print(
                f"{way:>14}: client CPU {client:.0f} µs, PostgreSQL CPU {server:.0f} µs"
                f" per write; table lock held {held:.0f} µs (medians)"
            )
        for writers in options.writers:
            rate = _concurrent_rate(recorder, groups, writers, options.seconds)
            print(f"{writers} writer thread(s) on distinct games: {rate:.0f} writes/s (wall clock)")
        if not options.no_long:
            game, commands = quiet_bang(LONG_WRITE)
            long = [
                StoredEvent(game.id, r.version, r.type, envelope_bytes(r))
                for r in seal_game(commands, "2026-11-27T00:00:00+00:00")
            ]
            for way, write in WAYS.items():
                renamed = _renamed([long])[0]
                outcome = _long_write(recorder, write, renamed, options.hung_after)
                print(f"{way:>14}: one write of {len(renamed):,} events: {outcome}", flush=True)
    finally:
        with psycopg.connect(dsn, autocommit=True) as connection:
            # A hung write holds the table's lock: end its connection, or the schema stays.
            connection.execute(
                "SELECT pg_terminate_backend(l.pid) FROM pg_locks AS l"
                " JOIN pg_class AS c ON c.oid = l.relation"
                " JOIN pg_namespace AS n ON n.oid = c.relnamespace"
                " WHERE n.nspname = %s AND l.pid <> pg_backend_pid()",
                (schema,),
            )
            connection.execute(f"DROP SCHEMA {schema} CASCADE")
    os._exit(0)  # a hung pipelined write leaves its thread and connection behind


if __name__ == "__main__":
    main()
