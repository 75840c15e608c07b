"""How simulations run: the cycle collector's settings while games are played, the turns the cap
on one seat's actions ended, and a long run played in parts."""

from __future__ import annotations

import gc
import logging
from uuid import UUID

import pytest
from engine.dodgecity.kit import KIT
from engine.records import Command
from engine.simulation import SIMULATION_GC_THRESHOLDS, play_game, rare_collections, simulate

GAME = UUID(int=7)


def test_given_rare_collections_then_thresholds_apply_inside_and_are_restored_after() -> None:
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    with rare_collections():
        assert gc.get_threshold() == SIMULATION_GC_THRESHOLDS
        assert gc.get_freeze_count() > frozen  # what existed is left out of the passes
        inside = play_game(KIT, 3, "collector", game_id=GAME)[1]
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == frozen
    assert play_game(KIT, 3, "collector", game_id=GAME)[1] == inside  # the same game either way


def test_given_a_turn_cap_of_one_action_when_a_game_is_played_then_each_capped_turn_is_counted_once_and_warned_of(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="engine.simulation"):
        capped = play_game(KIT, 3, "capped", game_id=GAME, turn_cap=1)[1]
    free = play_game(KIT, 3, "capped", game_id=GAME)[1]

    assert capped.error is None
    assert free.error is None
    assert free.capped_turns == 0
    assert capped.capped_turns > 0
    assert capped.capped_turns == sum("recorded 1 actions in one turn" in r.getMessage() for r in caplog.records)


def test_given_a_first_game_when_simulating_then_the_games_are_those_of_a_longer_run_from_that_game_on() -> None:
    whole: list[tuple[UUID, list[Command], str | None]] = []
    part: list[tuple[UUID, list[Command], str | None]] = []

    summary = simulate(
        4,
        3,
        "parts",
        lambda game, commands, at: whole.append((game, [command for command, _ in commands], at)),
        ruleset="dodgecity",
        bots=("heuristic", "random"),
    )
    later = simulate(
        2,
        3,
        "parts",
        lambda game, commands, at: part.append((game, [command for command, _ in commands], at)),
        ruleset="dodgecity",
        bots=("heuristic", "random"),
        first=2,
    )

    assert part == whole[2:]
    assert later.games == 2
    assert summary.games == 4
    assert later.capped_turns == summary.capped_turns == 0
