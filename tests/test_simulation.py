"""How simulations run: the cycle collector's settings while games are played."""

from __future__ import annotations

import gc
from uuid import UUID

from engine.dodgecity.kit import KIT
from engine.simulation import SIMULATION_GC_THRESHOLDS, play_game, rare_collections

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
