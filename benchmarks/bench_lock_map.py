"""Memory the application keeps after being asked about many game ids that do not exist.

Every request naming a game takes that game's lock first (engine/game_locks.py ``GameLocks``),
so anyone can name as many ids as they like. This asks a store in memory about ``--ids`` random
ids and prints the memory still allocated afterwards (tracemalloc) and the entries left in the
lock map.

    .venv/bin/python -m benchmarks.bench_lock_map --ids 50000
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import tracemalloc
from uuid import uuid4

from engine.application import GameNotFoundError, GameService


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ids", type=int, default=50_000, help="unknown ids to ask about")
    parser.add_argument(
        "--db",
        default="sqlite:///:memory:",
        help="the store (default: SQLite in memory; the memory:// store keeps an empty index "
        "entry for every id it is asked about, which is the library's, not the lock map's)",
    )
    args = parser.parse_args()
    app = GameService(args.db)
    try:
        app.create_game(ruleset="dodgecity", seats=2)  # a store in use, not an empty one
        ids = [uuid4() for _ in range(args.ids)]  # made before measuring: the caller's memory
        gc.collect()
        tracemalloc.start()
        before, _ = tracemalloc.get_traced_memory()
        for game_id in ids:
            with contextlib.suppress(GameNotFoundError):
                app.read(game_id, lambda game: game.version)
        gc.collect()
        after, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        entries = len(app._locks._locks)  # the map under measure
    finally:
        app.close()
    grown = after - before
    print(f"unknown ids asked about: {args.ids}")
    print(f"memory kept afterwards:  {grown / 1e6:.2f} MB ({grown / args.ids:.1f} B per id)")
    print(f"peak while asking:       {(peak - before) / 1e6:.2f} MB")
    print(f"lock map entries left:   {entries}")


if __name__ == "__main__":
    main()
