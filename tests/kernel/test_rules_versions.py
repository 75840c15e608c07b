"""The kernel's rules versions: a ruleset names every version of its rules it can play, the newest
last, and a game opens at the newest unless told which (to play a recorded game again)."""

from __future__ import annotations

import pytest
from domain.aggregates.game import Game
from domain.registry import AnyRules, installed_rulesets

from tests.kernel.toy.builders import GAME_ID
from tests.kernel.toy.events import ToyGameOpened
from tests.kernel.toy.rules import TOY

RULESETS = [*installed_rulesets(), TOY]


@pytest.mark.parametrize("rules", RULESETS, ids=lambda rules: rules.name)
def test_given_any_ruleset_then_new_games_get_the_newest_of_the_versions_it_plays(rules: AnyRules) -> None:
    assert rules.rules_versions
    assert len(set(rules.rules_versions)) == len(rules.rules_versions)
    assert rules.rules_version == rules.rules_versions[-1]


def test_given_a_version_the_ruleset_plays_when_a_game_is_opened_at_it_then_its_first_event_records_it() -> None:
    game = Game.create(GAME_ID, TOY, seed="s", seats=2, rules_version=TOY.rules_versions[0])

    [first] = game.collect_events()

    assert isinstance(first, ToyGameOpened)
    assert TOY.opening(first).rules_version == TOY.rules_versions[0]


def test_given_a_version_the_ruleset_does_not_play_when_a_game_is_opened_at_it_then_it_is_refused() -> None:
    with pytest.raises(ValueError, match="toy cannot be played by rules version '0'; it implements 1, 2"):
        Game.create(GAME_ID, TOY, seed="s", seats=2, rules_version="0")
