"""Benchmark: complete games between computer players, played in process on one core.

For each kind of bot (every seat that kind), prints games, events and actions per second and the
median time per game, then how many times slower than the random bot each kind is. The kinds take
turns over ``--rounds`` rounds, each round of each kind in a fresh process (after a warm-up), so
that a slower spell of a shared machine weighs on every kind alike while no kind plays amid what
another left in memory. Run with ``make bench`` or ``.venv/bin/python
benchmarks/bench_random_games.py [--games N] [--players P] [--bots random,heuristic]
[--rounds R]``.
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from engine.dodgecity.kit import KIT
from engine.simulation import SIMULATION_GC_THRESHOLDS, play_game, rare_collections

WARM_UP_GAMES = 5


@dataclass
class Tally:
    """What one kind of bot's games took, added up over the rounds."""

    games: int = 0
    events: int = 0
    actions: int = 0
    seconds: float = 0.0
    per_game: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.events += other.events
        self.actions += other.actions
        self.seconds += other.seconds
        self.per_game += other.per_game


def play(kind: str, first: int, last: int, players: int, seed: str) -> Tally:
    """Games ``first`` to ``last - 1`` of the seed, every seat ``kind``, after a warm-up."""
    _play(Tally(), kind, range(WARM_UP_GAMES), players, "warm-up")
    tally = Tally()
    with rare_collections():  # as ``dodgecity simulate`` plays
        _play(tally, kind, range(first, last), players, seed)
    return tally


def _play(tally: Tally, kind: str, indexes: range, players: int, seed: str) -> None:
    started = time.perf_counter()
    for index in indexes:
        game_seed = f"{seed}-{index}"
        seats = [KIT.bot(kind, f"{game_seed}/seat{seat}") for seat in range(players)]
        game_started = time.perf_counter()
        _game, result = play_game(KIT, players, game_seed, seats=seats)
        tally.per_game.append(time.perf_counter() - game_started)
        if result.error is not None:
            raise SystemExit(f"{kind} game {index} failed: {result.error}")
        tally.games += 1
        tally.events += result.events
        tally.actions += result.actions
    tally.seconds += time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--bots", default=",".join(KIT.bots), help="kinds to measure")
    parser.add_argument("--rounds", type=int, default=6, help="turns the kinds take")
    args = parser.parse_args()
    kinds = args.bots.split(",")
    tallies = {kind: Tally() for kind in kinds}
    print(f"cycle collector as in simulations: thresholds {SIMULATION_GC_THRESHOLDS}")
    bounds = [args.games * turn // args.rounds for turn in range(args.rounds + 1)]
    # One process at a time, so that each plays alone on its core.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=context, max_tasks_per_child=1) as pool:
        for first, last in itertools.pairwise(bounds):
            for kind in kinds:
                done = pool.submit(play, kind, first, last, args.players, args.seed)
                tallies[kind].add(done.result())
    for kind, tally in tallies.items():
        print(
            f"{tally.games} {args.players}-player games, every seat {kind}, "
            f"in {tally.seconds:.2f} s on one core"
        )
        print(f"  games/s   {tally.games / tally.seconds:8.1f}")
        per_game = tally.events / tally.games
        print(f"  events/s  {tally.events / tally.seconds:8.0f}   ({per_game:.0f} per game)")
        print(f"  actions/s {tally.actions / tally.seconds:8.0f}")
        print(f"  median    {statistics.median(tally.per_game) * 1000:8.1f} ms per game")
    if "random" in tallies:
        random_rate = tallies["random"].games / tallies["random"].seconds
        for kind, tally in tallies.items():
            if kind != "random":
                slower = random_rate / (tally.games / tally.seconds)
                print(f"{kind} is {slower:.1f} times slower than random")


if __name__ == "__main__":
    main()
