"""Benchmark: the CPU time of opening a stored game, folded from its records with no cache.

Plays one seeded four-seat Dodge City game of random actions into a temporary SQLite store, then
opens it 30 times (``cache_size=0``: every read folds every record) and prints the CPU time per
opening (``time.process_time``, which a busy machine disturbs far less than the wall clock).

It imports the engine from the current directory, so one copy of this script measures two
checkouts taking turns, in the same run:

    git worktree add ../before <commit>
    BENCH=$PWD/benchmarks/bench_open_game.py
    for i in 1 2 3; do (cd ../before && .venv/bin/python "$BENCH"); .venv/bin/python "$BENCH"; done
"""

from __future__ import annotations

import functools
import os
import random
import sys
import tempfile
import time
from typing import Any

sys.path.insert(0, os.getcwd())

from domain.aggregates.game import AnyGame  # the engine of the current directory
from engine.application import GameService
from engine.players import BotSeat

OPENINGS = 30


def _legal_actions(game: AnyGame, *, seat: int) -> list[Any]:
    return game.legal_actions(seat)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        games = GameService(f"sqlite:///{folder}/games.db", cache_size=0)
        try:
            game_id = games.create_game(
                ruleset="dodgecity", seats=4, seed="bench", bots=[BotSeat("random")] * 4
            )
            games.start(game_id)
            choose = random.Random(1)
            while True:
                over, awaited = games.read(
                    game_id, lambda game: (game.is_over, [d.seat for d in game.pending()])
                )
                if over:
                    break
                seat = awaited[0]
                actions = games.read(game_id, functools.partial(_legal_actions, seat=seat))
                games.act(game_id, seat, choose.choice(actions))
            events = games.latest_version(game_id)
            start = time.process_time()
            for _ in range(OPENINGS):
                games.read(game_id, lambda game: game.version)
            per_opening = (time.process_time() - start) / OPENINGS * 1000
        finally:
            games.close()
    print(f"open a {events}-event game: {per_opening:.2f} ms CPU ({os.path.basename(os.getcwd())})")


if __name__ == "__main__":
    main()
