"""The ``dodgecity`` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import msgspec

from dodgecity.simulation import Summary, simulate
from domain.state import MAX_PLAYERS, MIN_PLAYERS


def _player_count(text: str) -> int:
    value = int(text)
    if not MIN_PLAYERS <= value <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players")
    return value


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dodgecity", description="Dodge City rules engine")
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play complete games between random players")
    sim.add_argument("--games", type=_positive, default=10, help="how many games (default 10)")
    sim.add_argument("--players", type=_player_count, default=4, help="players per game, 2-5")
    sim.add_argument("--seed", help="base seed: the same seed plays the same games")
    sim.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    return parser


def _print_summary(summary: Summary) -> None:
    print(
        f"{summary.games} games of {summary.players} players in {summary.seconds} s "
        f"({summary.games_per_second} games/s, {summary.events_per_second:.0f} events/s)"
    )
    print(
        "wins by seat:   "
        + ", ".join(f"seat {s}: {w:g}" for s, w in summary.wins_by_seat.items())
        + f" (shared wins: {summary.shared_wins})"
    )
    print(
        "game ends:      " + ", ".join(f"{k}: {v}" for k, v in sorted(summary.end_reasons.items()))
    )
    print(
        f"per game:       {summary.average_passes} passes, {summary.average_actions} actions, "
        f"{summary.average_events} events"
    )
    print(
        f"buildings:      {summary.buildings_scored} scored, "
        f"{summary.buildings_neutralised} neutralised"
    )
    for error in summary.errors:
        print(f"FAILED {error}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "simulate":
        summary = simulate(args.games, args.players, args.seed)
        if args.json:
            print(msgspec.json.encode(summary).decode())
        else:
            _print_summary(summary)
        return 1 if summary.failed else 0
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
