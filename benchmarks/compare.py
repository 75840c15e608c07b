"""Compare two checkouts of the engine on one benchmark, in the same run, taking turns.

The machine is shared and noisy: two versions measured an hour apart say more about the machine
than about the code. This runs ``make TARGET`` in checkout A, then in checkout B, then A again …
for ``--rounds`` rounds, so a busy spell weighs on both alike, and prints, for every line of
the benchmark's output that ``--pick`` matches, the median of each number over the rounds for A
and for B and their ratio B/A.

    git worktree add ../before <commit> && make -C ../before .venv/.installed
    .venv/bin/python benchmarks/compare.py ../before . --target bench --rounds 3 --pick 'games/s'

Each checkout runs its own benchmark script on its own code: the figures of one benchmark's
lines are compared line by line, so both must print the lines picked.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

NUMBER = re.compile(r"-?\d[\d,]*\.?\d*")


def run(checkout: Path, target: str) -> str:
    done = subprocess.run(
        ["make", "-s", "-C", str(checkout), target],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        sys.exit(f"make {target} failed in {checkout}:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def figures(output: str, pick: re.Pattern[str]) -> dict[str, list[float]]:
    """Each picked line's numbers, by a key of the line and the last line not picked before it
    (its section: which kind of bot, which backend), numbers blanked out.

    A warning (``bench_api.py``: the machine was busy before the run) is a note on one run, not
    a section: as one, it gave the lines below it another key in the runs it was printed in, so
    each median was taken over only the runs that shared a key, and B's runs under a key A did
    not have were left out unsaid."""
    found: dict[str, list[float]] = {}
    section = ""
    for line in output.splitlines():
        if pick.search(line):
            key = f"{section} | {NUMBER.sub('#', ' '.join(line.split()))}"
            found[key] = [float(n.replace(",", "")) for n in NUMBER.findall(line)]
        elif line.strip() and not is_warning(line):
            section = NUMBER.sub("#", " ".join(line.split()))
    return found


def is_warning(line: str) -> bool:
    return line.lstrip().startswith("WARNING")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", type=Path, help="the checkout measured first in each round")
    parser.add_argument("b", type=Path, help="the checkout measured second")
    parser.add_argument("--target", default="bench", help="the make target (default bench)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pick", default="games/s", help="regex of the output lines to compare")
    parser.add_argument("--show", action="store_true", help="print every run's whole output")
    args = parser.parse_args()
    pick = re.compile(args.pick)
    runs: dict[str, dict[str, list[list[float]]]] = {"A": defaultdict(list), "B": defaultdict(list)}
    for round_number in range(1, args.rounds + 1):
        for label, checkout in (("A", args.a), ("B", args.b)):
            output = run(checkout, args.target)
            if args.show:
                print(f"== round {round_number}, {label} ({checkout})\n{output}")
            for key, numbers in figures(output, pick).items():
                runs[label][key].append(numbers)
            warnings = [line.strip() for line in output.splitlines() if is_warning(line)]
            for warning in warnings:
                print(f"round {round_number} {label}: {warning}", file=sys.stderr)
            print(f"round {round_number} {label} done", file=sys.stderr)
    print(f"A = {args.a}, B = {args.b}; make {args.target}, {args.rounds} rounds, medians:")
    for key in runs["B"].keys() - runs["A"].keys():
        print(f"  {key}: only in B")
    for key, a_runs in runs["A"].items():
        b_runs = runs["B"].get(key)
        if not b_runs:
            print(f"  {key}: only in A")
            continue
        if len(a_runs) != args.rounds or len(b_runs) != args.rounds:
            print(f"  {key}: in {len(a_runs)} of A's runs and {len(b_runs)} of B's")
        a_medians = [statistics.median(column) for column in zip(*a_runs, strict=True)]
        b_medians = [statistics.median(column) for column in zip(*b_runs, strict=True)]
        pairs = ", ".join(
            f"A {a:g} / B {b:g}" + (f" (B/A {b / a:.3f})" if a else "")
            for a, b in zip(a_medians, b_medians, strict=True)
        )
        print(f"  {key}\n    {pairs}")


if __name__ == "__main__":
    main()
