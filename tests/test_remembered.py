"""What is derived from a building is remembered until an event changes the building
(``domain.dodgecity.remembered``); it must always equal what is derived afresh."""

from __future__ import annotations

import copy

from domain.dodgecity.catalog import BUILDINGS
from domain.dodgecity.connectivity import controllers
from domain.dodgecity.rules.board import building_controllers
from domain.dodgecity.rules.legal import legal_actions
from domain.dodgecity.rules.pending import pending_decisions
from domain.dodgecity.state import BuildingStatus

from tests.builders import random_play


def test_given_random_games_then_remembered_legal_actions_equal_ones_listed_afresh() -> None:
    """After every action of several random games, every seat's legal actions and every
    building's controllers equal those of a copy of the state whose buildings remember nothing,
    and the controllers worked out from scratch; and ``is_open`` follows the status."""
    checked = 0
    for index in range(4):
        for game in random_play(f"remembered-legal-{index}", players=4):
            state = game.state
            fresh = copy.deepcopy(state)
            for building in fresh.buildings.values():
                building.derived.clear()  # nothing remembered: everything is listed afresh
            for asked in range(state.player_count):
                listed = legal_actions(state, asked)
                assert listed == legal_actions(fresh, asked, pending_decisions(fresh))
                checked += bool(listed)
            for building in state.buildings.values():
                assert building.is_open == (building.status is BuildingStatus.OPEN)
                again = fresh.buildings[building.id]
                worked_out = controllers(
                    BUILDINGS[building.id],
                    building.stones,
                    landmarks_bridge=state.variants.landmarks_bridge,
                )
                assert building_controllers(state, building) == worked_out
                assert building_controllers(fresh, again) == worked_out
    assert checked > 1000
