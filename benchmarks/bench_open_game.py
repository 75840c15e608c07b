"""Benchmark: the CPU time of opening a stored game, folded from its records or from a snapshot.

Stores BANG! games where nobody ever shoots (``tests/storage/long_games.py``: they never end)
of 1,000 and 50,000 events in a temporary SQLite store, and opens each with no cache
(``cache_size=0``: every read opens the game from the store), in rounds that take turns:

- *folded*: snapshots off (``snapshot_interval=0``), every record folded, as before snapshots;
- *snapshot at the end*: the game's snapshot was taken at its last event;
- *snapshot N behind*: the snapshot was taken N events before the end (a command's end), and
  the events since are folded: N just under the interval is the worst a server meets.

It prints the median CPU time per opening (``time.process_time``, which a busy machine disturbs
far less than the wall clock), the ratios of 50,000 events to 1,000, whether the bound of the
snapshots' design holds (a 50,000-event game opens in at most 5 times the time of a 1,000-event
one), and what keeping a snapshot costs (written by a command once per interval).

    .venv/bin/python benchmarks/bench_open_game.py
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from uuid import UUID

sys.path.insert(0, os.getcwd())

from eventsourcing.persistence import StoredEvent

from engine.application import GameService
from engine.records import Record, envelope_bytes, seal_game
from engine.snapshots import SNAPSHOT_INTERVAL, SnapshotShelf, StoredSnapshot, decode, encode
from tests.storage.long_games import quiet_bang

SIZES = (1_000, 50_000)
BEHIND = SNAPSHOT_INTERVAL - 1
ROUNDS = 5
#: Openings per round: enough to outweigh the clock's grain, few for the long folds.
OPENINGS = {("folded", 1_000): 20, ("folded", 50_000): 2}
DEFAULT_OPENINGS = 20
BOUND = 5.0


def _stored(game_id: UUID, record: Record) -> StoredEvent:
    return StoredEvent(
        originator_id=game_id,
        originator_version=record.version,
        topic=record.type,
        state=envelope_bytes(record),
    )


def _cut_before(records: list[Record], behind: int) -> int:
    """The index of the first record of the first command that starts at most ``behind``
    events before the end (a snapshot is taken at a command's end)."""
    cut = len(records) - behind
    while records[cut].command is None:
        cut += 1
    return cut


def _prepare(url: str) -> dict[tuple[str, int], UUID]:
    """Store the games: for each size, one opened with its snapshot at the end and one whose
    snapshot is ``BEHIND`` events before its end (the folded openings use the first)."""
    games: dict[tuple[str, int], UUID] = {}
    writer = GameService(url, cache_size=0, snapshot_interval=1)  # every opening keeps one
    try:
        for size in SIZES:
            for kind, behind in (("at the end", 0), (f"{BEHIND} behind", BEHIND)):
                game, commands = quiet_bang(size, seed=f"bench {size}")
                records = seal_game(commands, "2026-11-26T12:00:00+00:00")
                cut = _cut_before(records, behind) if behind else len(records)
                writer.insert_records(game.id, records[:cut])
                writer.read(game.id, lambda g: g.version)  # keeps its snapshot
                writer.recorder.insert_events([_stored(game.id, r) for r in records[cut:]])
                games[(f"snapshot {kind}", size)] = game.id
            games[("folded", size)] = games[("snapshot at the end", size)]
    finally:
        writer.close()
    return games


def _opening_time(app: GameService, game_id: UUID, openings: int) -> float:
    """Milliseconds of CPU per opening."""
    start = time.process_time()
    for _ in range(openings):
        app.read(game_id, lambda game: game.version)
    return (time.process_time() - start) / openings * 1000


def _keeping_time(app: GameService, game_id: UUID) -> tuple[float, int]:
    """Milliseconds of CPU to encode and keep the game's snapshot, and its size in bytes."""
    shelf = app.recorder
    assert isinstance(shelf, SnapshotShelf)
    kept = shelf.latest_snapshot(game_id)
    assert kept is not None
    taken = decode(kept.data, app.registry.get("bang"), game_id)
    start = time.process_time()
    for _ in range(DEFAULT_OPENINGS):
        shelf.keep_snapshot(game_id, StoredSnapshot(kept.version, kept.key, encode(taken)))
    return (time.process_time() - start) / DEFAULT_OPENINGS * 1000, len(kept.data)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/games.db"
        games = _prepare(url)
        services: dict[str, GameService] = {
            "folded": GameService(url, cache_size=0, snapshot_interval=0),
            "snapshots": GameService(url, cache_size=0),
        }
        try:
            versions = {
                key: services["folded"].read(game_id, lambda g: g.version)
                for key, game_id in games.items()
            }
            times: dict[tuple[str, int], list[float]] = {key: [] for key in games}
            for _ in range(ROUNDS):  # every case in every round, so load falls on all alike
                for key, game_id in games.items():
                    app = services["folded" if key[0] == "folded" else "snapshots"]
                    openings = OPENINGS.get(key, DEFAULT_OPENINGS)
                    times[key].append(_opening_time(app, game_id, openings))
            keeping = {
                size: _keeping_time(services["snapshots"], games[("snapshot at the end", size)])
                for size in SIZES
            }
        finally:
            for app in services.values():
                app.close()
    _report(times, versions, keeping)


def _report(
    times: dict[tuple[str, int], list[float]],
    versions: dict[tuple[str, int], int],
    keeping: dict[int, tuple[float, int]],
) -> None:
    def median(key: tuple[str, int]) -> float:
        return statistics.median(times[key])

    small, large = SIZES
    print(
        f"opening a game, median CPU of {ROUNDS} rounds (SQLite, cache off, snapshot interval "
        f"{SNAPSHOT_INTERVAL}):"
    )
    for kind in ("folded", "snapshot at the end", f"snapshot {BEHIND} behind"):
        cells = [
            f"{versions[(kind, size)]:>6} events {median((kind, size)):8.2f} ms" for size in SIZES
        ]
        ratio = median((kind, large)) / median((kind, small))
        print(f"  {kind:<22} {' | '.join(cells)} | ratio {ratio:6.1f}")
    worst = median((f"snapshot {BEHIND} behind", large))
    best_small = median(("snapshot at the end", small))
    folded_small = median(("folded", small))
    print(
        f"  worst {large:,} (snapshot {BEHIND} behind) / {small:,} folded: "
        f"{worst / folded_small:.2f}"
    )
    print(
        f"  worst {large:,} (snapshot {BEHIND} behind) / best {small:,} (snapshot at the end): "
        f"{worst / best_small:.2f}"
    )
    same_distance = max(
        median((kind, large)) / median((kind, small))
        for kind in ("snapshot at the end", f"snapshot {BEHIND} behind")
    )
    verdict = "holds" if same_distance <= BOUND and worst / folded_small <= BOUND else "FAILS"
    print(
        f"bound: {large:,} events at most {BOUND:g} x {small:,} events, as far from a snapshot, "
        f"and at worst against {small:,} folded: {verdict}"
    )
    for size, (cost, size_bytes) in keeping.items():
        kept = f"{cost:.2f} ms CPU, {size_bytes:,} bytes"
        print(f"keeping a snapshot of the {size:,}-event game: {kept}")


if __name__ == "__main__":
    main()
