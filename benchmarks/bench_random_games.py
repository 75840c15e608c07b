"""Benchmark: complete games between computer players, played in process on one core.

Dodge City's games (``--players``, default 4), BANG! – Dodge City's (``--bang-players``,
default 5; ``--bang-games 0`` leaves them out) and Dog Eat Dog's (``--dogeatdog-players``, default
4; ``--dogeatdog-games 0`` leaves them out) are played in the same run. For each game and kind of
bot (every seat that kind), prints games, events and actions per second of the playing process's
CPU time and the median CPU time per game, then how many times slower than the random bot each
kind is, and each other game's random events/s beside Dodge City's. The kinds take turns over
``--rounds`` rounds, each round of each kind in a fresh process (after a warm-up), so that a
slower spell of a shared machine weighs on every kind alike while no kind plays amid what another
left in memory. Run with ``make bench`` or ``.venv/bin/python benchmarks/bench_random_games.py
[--games N] [--players P] [--bots random,heuristic] [--rounds R] [--bang-games N]
[--bang-players P] [--bang-bots random,heuristic] [--dogeatdog-games N] [--dogeatdog-players P]
[--dogeatdog-bots random,heuristic]``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from engine.kit import kit_for
from engine.simulation import SIMULATION_GC_THRESHOLDS, play_game, rare_collections

WARM_UP_GAMES = 5
#: The games measured, by ruleset, with the names the figures are printed under.
GAMES = {"dodgecity": "Dodge City", "bang": "BANG!", "dogeatdog": "Dog Eat Dog"}


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


#: What is measured: a ruleset, a kind of bot in every seat, and the seats.
Run = tuple[str, str, int]


def play(run: Run, first: int, last: int, seed: str) -> Tally:
    """Games ``first`` to ``last - 1`` of the seed, after a warm-up."""
    _play(Tally(), run, range(WARM_UP_GAMES), "warm-up")
    tally = Tally()
    with rare_collections():  # as ``dodgecity simulate`` plays
        _play(tally, run, range(first, last), seed)
    return tally


def _play(tally: Tally, run: Run, indexes: range, seed: str) -> None:
    ruleset, kind, players = run
    kit = kit_for(ruleset)
    # CPU time, not the wall clock: the machine is shared, and another program's spell on this
    # core would otherwise count as this game's.
    started = time.process_time()
    for index in indexes:
        game_seed = f"{seed}-{index}"
        seats = [kit.bot(kind, f"{game_seed}/seat{seat}") for seat in range(players)]
        game_started = time.process_time()
        _game, result = play_game(kit, players, game_seed, seats=seats)
        tally.per_game.append(time.process_time() - game_started)
        if result.error is not None:
            raise SystemExit(f"{ruleset} {kind} game {index} failed: {result.error}")
        tally.games += 1
        tally.events += result.events
        tally.actions += result.actions
    tally.seconds += time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", default="bench")
    parser.add_argument(
        "--bots", default=",".join(kit_for("dodgecity").bots), help="kinds to measure"
    )
    parser.add_argument("--rounds", type=int, default=6, help="turns the kinds take")
    parser.add_argument("--bang-games", type=int, default=300, help="BANG! games (0: none)")
    parser.add_argument("--bang-players", type=int, default=5)
    parser.add_argument("--bang-bots", default=",".join(kit_for("bang").bots))
    parser.add_argument(
        "--dogeatdog-games", type=int, default=200, help="Dog Eat Dog games (0: none)"
    )
    parser.add_argument("--dogeatdog-players", type=int, default=4)
    parser.add_argument("--dogeatdog-bots", default=",".join(kit_for("dogeatdog").bots))
    args = parser.parse_args()
    runs: dict[Run, int] = {
        ("dodgecity", kind, args.players): args.games for kind in args.bots.split(",")
    }
    if args.bang_games:
        runs |= {
            ("bang", kind, args.bang_players): args.bang_games for kind in args.bang_bots.split(",")
        }
    if args.dogeatdog_games:
        runs |= {
            ("dogeatdog", kind, args.dogeatdog_players): args.dogeatdog_games
            for kind in args.dogeatdog_bots.split(",")
        }
    tallies = {run: Tally() for run in runs}
    print(f"cycle collector as in simulations: thresholds {SIMULATION_GC_THRESHOLDS}")
    # One process at a time, so that each plays alone on its core; the runs take turns.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=context, max_tasks_per_child=1) as pool:
        for turn in range(args.rounds):
            for run, games in runs.items():
                first, last = games * turn // args.rounds, games * (turn + 1) // args.rounds
                done = pool.submit(play, run, first, last, args.seed)
                tallies[run].add(done.result())
    for (ruleset, kind, players), tally in tallies.items():
        print(
            f"{ruleset}: {tally.games} {players}-player games, every seat {kind}, "
            f"in {tally.seconds:.2f} s of CPU on one core"
        )
        print(f"  games/s   {tally.games / tally.seconds:8.1f}")
        per_game = tally.events / tally.games
        print(f"  events/s  {tally.events / tally.seconds:8.0f}   ({per_game:.0f} per game)")
        print(f"  actions/s {tally.actions / tally.seconds:8.0f}")
        print(f"  median    {statistics.median(tally.per_game) * 1000:8.1f} ms per game")
    for ruleset in GAMES:
        mine = {run: t for run, t in tallies.items() if run[0] == ruleset}
        random_run = next((run for run in mine if run[1] == "random"), None)
        if random_run is None:
            continue
        random_rate = mine[random_run].games / mine[random_run].seconds
        for (_, kind, _), tally in mine.items():
            if kind != "random":
                slower = random_rate / (tally.games / tally.seconds)
                print(f"{ruleset}: {kind} is {slower:.1f} times slower than random")
    randoms = {run[0]: t for run, t in tallies.items() if run[1] == "random"}
    if "dodgecity" not in randoms:
        return
    dodgecity = randoms["dodgecity"].events / randoms["dodgecity"].seconds
    for ruleset, title in GAMES.items():
        if ruleset != "dodgecity" and ruleset in randoms:
            rate = randoms[ruleset].events / randoms[ruleset].seconds
            print(
                f"random events/s: {title} {rate:.0f} beside Dodge City {dodgecity:.0f} "
                f"({rate / dodgecity:.2f} times)"
            )


if __name__ == "__main__":
    main()
