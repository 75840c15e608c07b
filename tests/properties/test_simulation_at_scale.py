"""Thousands of complete games for every player count, played by the simulator in several
processes with the engine's invariants checked after every action (the same ones the random
playouts check), random and heuristic bots mixed: none may fail."""

from __future__ import annotations

import pytest
from engine.simulation import simulate

# 4,400 games in all, about three minutes of CI on two cores (2,000 per count took six).
RANDOM_GAMES = 1000  # per player count
MIXED_GAMES = 100  # per player count, one heuristic bot against random ones
JOBS = 2  # the CI machine's cores
#: Each player count's games are played as this many tests of a share each (seeds of their own),
#: so that no test runs for minutes and the suite's workers (pytest-xdist) can share them.
PARTS = 4


@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_given_thousands_of_simulated_games_then_no_invariant_is_ever_violated(players: int, part: int) -> None:
    for games, bots in ((RANDOM_GAMES // PARTS, ("random",)), (MIXED_GAMES // PARTS, ("heuristic", "random"))):
        seed = f"scale-{players}" if part == 0 else f"scale-{players}-part{part}"
        summary = simulate(games, players, seed, ruleset="dodgecity", bots=bots, jobs=JOBS, check=True)
        assert summary.errors == [], summary.errors[:5]
        assert summary.games == games
        assert sum(summary.end_reasons.values()) == games
        assert sum(record.games for record in summary.bots.values()) == games * players
