"""Benchmark: complete games between computer players, played in process on one core.

For each kind of bot (every seat that kind), prints games, events and actions per second and the
median time per game, then how many times slower than the random bot each kind is. Run with
``make bench`` or ``.venv/bin/python benchmarks/bench_random_games.py [--games N] [--players P]
[--bots random,heuristic]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from dodgecity.players import BOT_KINDS, make_player
from dodgecity.simulation import SIMULATION_GC_THRESHOLDS, play_game, rare_collections


def run(games: int, players: int, seed: str, kind: str) -> dict[str, float]:
    events = actions = 0
    per_game: list[float] = []
    started = time.perf_counter()
    for index in range(games):
        game_seed = f"{seed}-{index}"
        seats = [make_player(kind, f"{game_seed}/seat{seat}") for seat in range(players)]
        game_started = time.perf_counter()
        _game, result = play_game(players, game_seed, seats=seats)
        per_game.append(time.perf_counter() - game_started)
        if result.error is not None:
            raise SystemExit(f"{kind} game {index} failed: {result.error}")
        events += result.events
        actions += result.actions
    seconds = time.perf_counter() - started
    return {
        "games": games,
        "seconds": seconds,
        "games_per_second": games / seconds,
        "events_per_second": events / seconds,
        "actions_per_second": actions / seconds,
        "events_per_game": events / games,
        "median_ms_per_game": statistics.median(per_game) * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--bots", default=",".join(BOT_KINDS), help="kinds to measure")
    args = parser.parse_args()
    rates: dict[str, float] = {}
    print(f"cycle collector as in simulations: thresholds {SIMULATION_GC_THRESHOLDS}")
    for kind in args.bots.split(","):
        run(10, args.players, "warm-up", kind)
        with rare_collections():  # as ``dodgecity simulate`` plays
            figures = run(args.games, args.players, args.seed, kind)
        rates[kind] = figures["games_per_second"]
        print(
            f"{args.games} {args.players}-player games, every seat {kind}, "
            f"in {figures['seconds']:.2f} s on one core"
        )
        print(f"  games/s   {figures['games_per_second']:8.1f}")
        per_game = figures["events_per_game"]
        print(f"  events/s  {figures['events_per_second']:8.0f}   ({per_game:.0f} per game)")
        print(f"  actions/s {figures['actions_per_second']:8.0f}")
        print(f"  median    {figures['median_ms_per_game']:8.1f} ms per game")
    if "random" in rates:
        for kind, rate in rates.items():
            if kind != "random":
                print(f"{kind} is {rates['random'] / rate:.1f} times slower than random")


if __name__ == "__main__":
    main()
