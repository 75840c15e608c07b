"""Benchmark: the cost of a command early and late in a game, and of loading any step.

Plays long random games through the application (every action a stored command, the read models
kept up by its background projector, as a server does), and times each command. Prints, per backend:

- the median time of commands 3-7 and 498-502 of a game, and their ratio (the goal: ≤ 1.2);
- the time to load a game's state at 10%, 50% and 100% of its events from a cold start;
- how long another process waits to see a write in the read models (it catches them up as it
  reads, so this is the time until the write is visible in the store).

The same games on a bare Game, without any store, are timed first for comparison.

Run with ``make bench-store`` or ``.venv/bin/python benchmarks/bench_store.py [--games N]
[--db URL ...]``; without ``--db`` it measures memory://, a temporary SQLite file and, when
``DODGECITY_TEST_POSTGRES`` is set, that PostgreSQL server.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from uuid import UUID, uuid4

from domain.dodgecity.actions import Action
from domain.dodgecity.ruleset import DodgeCityGame, open_game
from engine.application import GameService
from engine.players import RandomPlayer

EARLY = range(3, 8)
LATE = range(498, 503)
PLAYERS = 5  # the longest games: most of them pass 500 commands


def _choose(game: DodgeCityGame, player: RandomPlayer, order: random.Random) -> tuple[int, Action]:
    seat = order.choice(game.pending()).seat
    return seat, player.choose(game, seat)


def play_timed(app: GameService, seed: str) -> tuple[UUID, list[float]]:
    """One complete game through the application; the seconds each action took."""
    game_id = app.create_game(ruleset="dodgecity", seats=PLAYERS, seed=seed)
    for seat in range(PLAYERS):
        app.join(game_id, f"p{seat}")
    app.start(game_id)
    player, order = RandomPlayer(seed), random.Random(seed)
    costs = []
    while not app.read(game_id, lambda game: game.is_over):
        seat, action = app.read(game_id, lambda game: _choose(game, player, order))
        started = time.perf_counter()
        app.act(game_id, seat, action)
        costs.append(time.perf_counter() - started)
    return game_id, costs


def rules_alone_costs(games: int) -> tuple[float, float]:
    """The same games played on a bare Game with no store: what the rules alone cost at each
    step (a fuller board makes later commands a little dearer whatever the storage)."""
    early: list[float] = []
    late: list[float] = []
    for index in range(games):
        seed = f"bench-store-{index}"
        game = open_game(uuid4(), seed=seed, max_players=PLAYERS)
        for seat in range(PLAYERS):
            game.join(f"p{seat}")
        game.start()
        player, order = RandomPlayer(seed), random.Random(seed)
        costs = []
        while not game.is_over:
            seat, action = _choose(game, player, order)
            started = time.perf_counter()
            game.act(seat, action)
            game.collect_events()
            costs.append(time.perf_counter() - started)
        early.extend(costs[i - 1] for i in EARLY)
        late.extend(costs[i - 1] for i in LATE if i <= len(costs))
    return statistics.median(early), statistics.median(late)


def command_costs(app: GameService, games: int) -> tuple[float, float, list[UUID]]:
    early: list[float] = []
    late: list[float] = []
    ids = []
    for index in range(games):
        game_id, costs = play_timed(app, f"bench-store-{index}")
        ids.append(game_id)
        early.extend(costs[i - 1] for i in EARLY)
        late.extend(costs[i - 1] for i in LATE if i <= len(costs))
    if not late:
        raise SystemExit("no game reached 500 commands; raise --games")
    return statistics.median(early), statistics.median(late), ids


def load_costs(app: GameService, game_ids: list[UUID]) -> dict[str, float]:
    """Milliseconds to fold a game's state from the store at 10%, 50% and 100% of its events
    (``game_at`` never uses the cache: this is the cost of a replay request or a cold start)."""
    figures: dict[str, list[float]] = {"10%": [], "50%": [], "100%": []}
    for game_id in game_ids:
        latest = app.latest_version(game_id)
        for label, share in (("10%", 0.1), ("50%", 0.5), ("100%", 1.0)):
            started = time.perf_counter()
            app.game_at(game_id, max(1, int(latest * share)))
            figures[label].append((time.perf_counter() - started) * 1000)
    return {label: statistics.median(values) for label, values in figures.items()}


_WATCHER = """
import sys, time
from uuid import UUID, uuid4
from engine.application import GameService
app = GameService(sys.argv[1], project_after_commands=False)
game_id = UUID(sys.argv[2]); target = int(sys.argv[3])
print("ready", flush=True)
while True:
    page = app.projections.games(limit=1000)
    if any(g.game_id == game_id and g.version >= target for g in page.items):
        print(time.time(), flush=True)
        break
    time.sleep(0.001)
app.close()  # not left to the interpreter's shutdown, when imports fail
"""


def projection_lag(url: str) -> float:
    """Milliseconds from a command returning in one process to another process reading it."""
    app = GameService(url)
    try:
        game_id = app.create_game(ruleset="dodgecity", seats=2, seed="lag")
        app.join(game_id, "a")
        watcher = subprocess.Popen(
            [
                sys.executable,
                "-c",
                _WATCHER,
                url,
                str(game_id),
                str(app.latest_version(game_id) + 1),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert watcher.stdout is not None
        watcher.stdout.readline()  # the watcher has opened the database
        app.join(game_id, "b")
        written = time.time()
        seen = float(watcher.stdout.readline())
        watcher.wait(timeout=30)
    finally:
        app.close()
    return (seen - written) * 1000


def measure(url: str, label: str, games: int) -> None:
    app = GameService(url)
    try:
        early, late, ids = command_costs(app, games)
        loads = load_costs(app, ids)
        events = statistics.median(app.latest_version(game_id) for game_id in ids)
    finally:
        app.close()
    print(f"{label}")
    print(
        f"  command ~5:   {early * 1000:7.2f} ms   command ~500: {late * 1000:7.2f} ms   "
        f"ratio {late / early:.2f}"
    )
    print(
        f"  load a game of {events:.0f} events from the store: "
        + ", ".join(f"at {k} {v:.1f} ms" for k, v in loads.items())
    )
    if not url.startswith("memory"):
        print(
            f"  read models seen by another process {projection_lag(url):6.1f} ms after a command"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4, help="5-player games per backend")
    parser.add_argument("--db", action="append", help="a database URL (repeatable)")
    args = parser.parse_args()
    early, late = rules_alone_costs(args.games)
    print("rules alone, no store")
    print(
        f"  command ~5:   {early * 1000:7.2f} ms   command ~500: {late * 1000:7.2f} ms   "
        f"ratio {late / early:.2f}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        urls = args.db or [
            "memory://",
            f"sqlite:///{Path(tmp) / 'bench.db'}",
            *(
                [os.environ["DODGECITY_TEST_POSTGRES"]]
                if os.environ.get("DODGECITY_TEST_POSTGRES")
                else []
            ),
        ]
        for url in urls:
            label = url.split("://")[0]
            measure(url, label, args.games)


if __name__ == "__main__":
    main()
