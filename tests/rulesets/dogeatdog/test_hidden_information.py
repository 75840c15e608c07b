"""What a seat may see of Dog Eat Dog's events (RULES.md section 21): the deck's order and the
seed are secret to all until the end, every roll is public."""

from __future__ import annotations

import pytest
from domain.dogeatdog.views import event_view, game_view
from domain.events.dogeatdog import (
    DogEatDogDiceRolled,
    DogEatDogGameOpened,
    DogEatDogOfficialLaidOut,
    DogEatDogRedTapeShuffled,
    DogEatDogSettings,
    RollPurpose,
    ShuffleReason,
)

from tests.rulesets.dogeatdog.builders import FIRST_LAW, replayed, setup_history

SHUFFLE = DogEatDogRedTapeShuffled(cards=("CE04", "CO1", "CE11"), size=3, reason=ShuffleReason.SETUP)


@pytest.mark.parametrize("viewer", [0, 3, None])
def test_given_a_shuffle_when_any_seat_sees_it_then_only_its_size_see_secret_rng_public(viewer: int | None) -> None:
    seen = event_view(SHUFFLE, viewer, game_ended=False)
    assert isinstance(seen, DogEatDogRedTapeShuffled)
    assert (seen.cards, seen.size, seen.reason) == ((), 3, ShuffleReason.SETUP)


def test_given_the_opening_when_seen_then_the_seed_is_hidden_see_secret() -> None:
    opened = DogEatDogGameOpened(seats=4, settings=DogEatDogSettings(), seed="s3cret", rules_version="v")
    seen = event_view(opened, 0, game_ended=False)
    assert isinstance(seen, DogEatDogGameOpened)
    assert seen.seed == "?"
    assert seen.settings == opened.settings


def test_given_an_ended_game_when_seen_then_everything_see_end() -> None:
    assert event_view(SHUFFLE, None, game_ended=True) == SHUFFLE


def test_given_a_roll_or_the_first_law_when_seen_then_shown_to_all_rng_public_see_public() -> None:
    roll = DogEatDogDiceRolled(seat=1, dice=(2, 5), purpose=RollPurpose.MOVE)
    laid = DogEatDogOfficialLaidOut(card="CO4", turned_up=("CE01",))
    assert event_view(roll, 0, game_ended=False) == roll
    assert event_view(laid, None, game_ended=False) == laid


@pytest.mark.rule("COMP-SHEETS")
@pytest.mark.rule("SEE-PUBLIC")
@pytest.mark.parametrize("viewer", [0, 3, None])
def test_given_the_two_sheets_then_every_seat_sees_the_public_laws_and_the_marketplace_comp_sheets_see_public(viewer: int | None) -> None:
    state = replayed(setup_history())
    state.marketplace["oil"] = 2  # sold to the bank, waiting to be bought ([SELL-DEST])
    view = game_view(state, 1, viewer, outcome=None)
    assert view.public_laws == (FIRST_LAW,)  # the setup law, unowned
    assert view.marketplace == {"oil": 2}
