"""Benchmark: complete random games played in process on one core.

Prints games per second, events per second and actions per second. Run with ``make bench`` or
``.venv/bin/python benchmarks/bench_random_games.py [--games N] [--players P]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from dodgecity.simulation import play_game


def run(games: int, players: int, seed: str) -> dict[str, float]:
    events = actions = 0
    per_game: list[float] = []
    started = time.perf_counter()
    for index in range(games):
        game_started = time.perf_counter()
        _game, result = play_game(players, f"{seed}-{index}")
        per_game.append(time.perf_counter() - game_started)
        if result.error is not None:
            raise SystemExit(f"game {index} failed: {result.error}")
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
    args = parser.parse_args()
    run(10, args.players, "warm-up")
    figures = run(args.games, args.players, args.seed)
    print(
        f"{args.games} random {args.players}-player games in {figures['seconds']:.2f} s on one core"
    )
    print(f"  games/s   {figures['games_per_second']:8.1f}")
    per_game = figures["events_per_game"]
    print(f"  events/s  {figures['events_per_second']:8.0f}   ({per_game:.0f} per game)")
    print(f"  actions/s {figures['actions_per_second']:8.0f}")
    print(f"  median    {figures['median_ms_per_game']:8.1f} ms per game")


if __name__ == "__main__":
    main()
