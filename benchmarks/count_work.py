"""Count the work of the store's hot paths in Python function calls: a figure noise cannot move.

On a shared machine a timing of a few milliseconds moves by 20–40% from run to run, so two
versions within 5% of each other cannot be told apart by timing them. The number of Python
function calls a path makes is the same in every run: two checkouts that make the same calls do
the same work. Run it in each checkout, on the same game (``benchmarks/bench_store.py``'s first
seed, 5 players), and compare:

    .venv/bin/python benchmarks/count_work.py              # in each checkout
    (cd ../before && .venv/bin/python ../main/benchmarks/count_work.py)

It prints, for memory:// and a temporary SQLite file: the calls of one command (mean over the
whole game), of catching the read models up (per event, warm: the events after the first 100
commands), and of loading the whole game from the store (``game_at``, no cache). It imports
``bench_store`` from the checkout it runs in, so each checkout plays the game its own way.
"""

from __future__ import annotations

import cProfile
import pstats
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path.cwd() / "benchmarks"))
import bench_store  # the checkout's own, found from the working directory

WARM_AFTER = 100
SEED = "bench-store-0"  # bench_store's first game: 5 players, over 500 commands


def calls(profile: cProfile.Profile) -> int:
    return int(pstats.Stats(profile).total_calls)  # type: ignore[attr-defined]


def count(url: str) -> str:
    # The application class was renamed by the multi-game kernel: take the checkout's own.
    names = vars(bench_store)
    application = names.get("GameService") or names["DodgeCityApplication"]
    app: Any = application(url, project_after_commands=False)
    acting = cProfile.Profile()
    commands: list[int] = []  # the version after each command
    act = app.act

    def counted_act(*args: Any, **kwargs: Any) -> Any:
        acting.enable()
        try:
            return act(*args, **kwargs)
        finally:
            acting.disable()
            commands.append(0)
            if len(commands) == WARM_AFTER:
                app.projections.catch_up()
                commands[-1] = app.latest_version(args[0])

    app.act = counted_act
    try:
        game_id, _ = bench_store.play_timed(app, SEED)  # the checkout's own way to play it
        warm_from = commands[WARM_AFTER - 1]
        catching_up = cProfile.Profile()
        catching_up.enable()
        app.projections.catch_up()
        catching_up.disable()
        latest = app.latest_version(game_id)
        app.game_at(game_id, latest)  # the first load resolves types once; count the second
        loading = cProfile.Profile()
        loading.enable()
        app.game_at(game_id, latest)
        loading.disable()
    finally:
        app.close()
    return (
        f"{url.partition(':')[0]:<7} a command {calls(acting) / len(commands):6.1f} calls;  "
        f"read models {calls(catching_up) / (latest - warm_from):5.1f} calls per event;  "
        f"loading {latest} events {calls(loading):,} calls"
    )


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        for url in ("memory://", f"sqlite:///{Path(folder) / 'count.db'}"):
            print(count(url), flush=True)


if __name__ == "__main__":
    main()
