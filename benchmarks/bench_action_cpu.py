"""Benchmark: the CPU time of one action over the API, in process, on the checkout it runs in.

Plays four-seat Dodge City games of random actions through ``POST /games/{id}/actions`` on a
test client over a temporary SQLite store, with the app's lifespan running (the bot-seat thread
and the server's timer look at every command, as in a real server), and prints the process's
CPU time per action (``time.process_time``: every thread, the client's work included, which is
the same in every checkout). 50 actions warm up; 400 are measured.

It imports the engine and the API from the current directory, so one copy measures two
checkouts taking turns, in the same run:

    git worktree add ../before <commit>
    BENCH=$PWD/benchmarks/bench_action_cpu.py
    for i in 1 2 3; do (cd ../before && .venv/bin/python "$BENCH"); .venv/bin/python "$BENCH"; done
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time

sys.path.insert(0, os.getcwd())

from litestar.testing import TestClient

from api.app import create_app  # the API of the current directory
from engine.application import GameService

NAMES = ("Ann", "Ben", "Cid", "Dee")


def cpu_per_action(wanted: int) -> float:
    """Milliseconds of CPU per action, over ``wanted`` actions."""
    with tempfile.TemporaryDirectory() as folder:
        games = GameService(f"sqlite:///{folder}/games.db")
        with TestClient(create_app(games, close_on_shutdown=True)) as client:
            spent, done = 0.0, 0
            while done < wanted:
                created = client.post("/games", json={"players": 4, "seed": f"cpu {done}"}).json()
                url = f"/games/{created['game_id']}"
                tokens = [
                    client.post(f"{url}/players", json={"name": name}).json()["token"]
                    for name in NAMES
                ]
                host = {"Authorization": f"Bearer {created['host_token']}"}
                client.post(f"{url}/start", headers=host)
                choose = random.Random(done)
                while done < wanted:
                    offered = [
                        client.get(url, headers={"Authorization": f"Bearer {token}"}).json()[
                            "actions"
                        ]
                        for token in tokens
                    ]
                    seat = next((seat for seat, actions in enumerate(offered) if actions), None)
                    if seat is None:
                        break  # the game has ended
                    start = time.process_time()
                    client.post(
                        f"{url}/actions",
                        json=choose.choice(offered[seat]),
                        headers={"Authorization": f"Bearer {tokens[seat]}"},
                    )
                    spent += time.process_time() - start
                    done += 1
    return spent / done * 1000


def main() -> None:
    cpu_per_action(50)
    checkout = os.path.basename(os.getcwd())
    print(f"CPU per POST /actions: {cpu_per_action(400):.3f} ms ({checkout})")


if __name__ == "__main__":
    main()
