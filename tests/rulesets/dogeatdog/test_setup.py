"""The setup as the rules record it (RULES.md section 4): player count, the first public law,
the Old Boys deal, the roll-offs with re-rolls of tied highest rolls, the choice of divisions in
turn, the kits, the start player and round 1; every chance step recorded with its result."""

from __future__ import annotations

from functools import partial

import pytest
from domain.dogeatdog.catalog import red_tape
from domain.dogeatdog.evolve import apply
from domain.dogeatdog.rules import setup
from domain.dogeatdog.state import DogEatDogState
from domain.errors import RuleViolation
from domain.events.base import DomainEvent
from domain.events.dogeatdog import (
    DogEatDogDiceRolled,
    DogEatDogKitReceived,
    DogEatDogOfficialDealt,
    DogEatDogOfficialLaidOut,
    DogEatDogRedTapeShuffled,
    DogEatDogRollOffWon,
    DogEatDogSettings,
    DogEatDogTurnBegan,
    RollPurpose,
    ShuffleReason,
)

from tests.rulesets.dogeatdog.builders import NAMES, Scripted, replayed, run


def lobby(seats: int, settings: DogEatDogSettings | None = None) -> DogEatDogState:
    state = DogEatDogState()
    given = settings or DogEatDogSettings()
    run(state, lambda ctx: setup.open_game(ctx, seats=seats, settings=given, seed="s"), Scripted())
    for seat in range(seats):
        run(state, partial(setup.take_seat, name=NAMES[seat], bot=None), Scripted())
    return state


def started(seats: int, dice: tuple[int, ...] = ()) -> DogEatDogState:
    state = lobby(seats)
    run(state, setup.start, Scripted(dice))
    return state


@pytest.mark.parametrize("seats", [2, 7])
def test_given_too_few_or_too_many_players_when_opening_then_refused_setup_players(seats: int) -> None:
    with pytest.raises(RuleViolation) as refusal:
        lobby(seats)
    assert refusal.value.rule == "SETUP-PLAYERS"


def test_given_a_full_table_when_another_sits_down_then_refused_setup_players() -> None:
    state = lobby(3)
    with pytest.raises(RuleViolation) as refusal:
        run(state, lambda ctx: setup.take_seat(ctx, "Gus", None), Scripted())
    assert refusal.value.rule == "SETUP-PLAYERS"


def test_given_settings_built_out_of_bounds_when_opening_then_refused_end_swiss_150_opt_short_rounds() -> None:
    for settings, rule in (
        (DogEatDogSettings(target=200), "END-SWISS-150"),  # type: ignore[arg-type]
        (DogEatDogSettings(round_limit=5), "OPT-SHORT-ROUNDS"),  # type: ignore[arg-type]
    ):
        with pytest.raises(RuleViolation) as refusal:
            setup.check_settings(settings)
        assert refusal.value.rule == rule


def test_given_a_start_then_the_first_official_turned_up_is_the_public_law_and_39_cards_are_shuffled_setup_law() -> None:
    state = lobby(4)
    events = run(state, setup.start, Scripted())
    shuffles = [e for e in events if isinstance(e, DogEatDogRedTapeShuffled)]
    assert [(s.reason, s.size) for s in shuffles] == [(ShuffleReason.SEARCH, 40), (ShuffleReason.SETUP, 39)]
    laid = next(e for e in events if isinstance(e, DogEatDogOfficialLaidOut))
    # The scripted shuffle reverses the printed order: 31 Current Events, then CO9.
    assert laid.card == "CO9"
    assert laid.turned_up == tuple(reversed([card.id for card in red_tape().current_events]))
    assert state.public_laws == ["CO9"]
    assert sorted(state.deck) == sorted(card for card in red_tape().card_ids() if card != "CO9")


def test_given_old_boys_when_starting_then_each_player_owns_one_other_official_at_random_opt_old_boys() -> None:
    state = lobby(5, DogEatDogSettings(old_boys=True))
    events = run(state, setup.start, Scripted())
    dealt = [e for e in events if isinstance(e, DogEatDogOfficialDealt)]
    assert [e.seat for e in dealt] == [0, 1, 2, 3, 4]
    assert len({e.card for e in dealt} | {"CO9"}) == 6
    assert len(state.deck) == 39 - 5
    assert all(len(player.officials) == 1 for player in state.players)
    assert state.public_laws == ["CO9"]  # the setup law still comes first (R37)


def test_given_tied_highest_rolls_when_rolling_off_then_only_the_tied_roll_again_setup_divisions() -> None:
    # Seats 0 and 2 tie on 12, seat 1 has 3; the re-roll: seat 0 has 4, seat 2 has 9.
    state = started(3, dice=(6, 6, 1, 2, 6, 6, 2, 2, 4, 5))
    rolls = [(roll.seat, roll.total) for roll in state.rolls]
    assert rolls == [(0, 12), (1, 3), (2, 12), (0, 4), (2, 9)]
    assert state.first_chooser == 2
    assert setup.chooser(state) == 2


def test_given_the_chooser_when_another_seat_chooses_then_refused_setup_divisions() -> None:
    state = started(3, dice=(6, 6, 1, 1, 1, 1))
    with pytest.raises(RuleViolation) as refusal:
        run(state, lambda ctx: setup.choose_division(ctx, 1, "dk_mart"), Scripted())
    assert refusal.value.rule == "SETUP-DIVISIONS"


def test_given_four_players_when_choosing_waste_mismanagement_then_refused_setup_wm() -> None:
    state = started(4, dice=(6, 6, 1, 1, 1, 1, 1, 1))
    with pytest.raises(RuleViolation) as refusal:
        run(state, lambda ctx: setup.choose_division(ctx, 0, "waste_mismanagement"), Scripted())
    assert refusal.value.rule == "SETUP-WM"
    assert setup.default_division(state) == "georgia_horrific"  # [TURN-DECISIONS]


def test_given_a_division_taken_when_chosen_again_then_refused_setup_divisions() -> None:
    state = started(3, dice=(6, 6, 1, 1, 1, 1))
    run(state, lambda ctx: setup.choose_division(ctx, 0, "dk_mart"), Scripted())
    with pytest.raises(RuleViolation) as refusal:
        run(state, lambda ctx: setup.choose_division(ctx, 1, "dk_mart"), Scripted())
    assert refusal.value.rule == "SETUP-DIVISIONS"


def test_given_the_last_choice_when_made_then_kits_start_player_and_round_1_setup_kit_setup_start_player_turn_round() -> None:
    # Division roll-off: seat 0 wins with 12. Start-player roll-off: seat 1 wins with 11.
    state = started(3, dice=(6, 6, 1, 1, 1, 1))
    for seat, division in ((0, "we_steel"), (1, "substandard_oil")):
        run(state, partial(setup.choose_division, seat=seat, division=division), Scripted())
    events = run(
        state,
        lambda ctx: setup.choose_division(ctx, 2, "georgia_horrific"),
        Scripted((1, 1, 5, 6, 2, 2)),
    )
    kits = [e for e in events if isinstance(e, DogEatDogKitReceived)]
    assert [(k.seat, k.corporate, k.workers, k.square) for k in kits] == [
        (0, 25, 2, "K"),
        (1, 25, 2, "J"),
        (2, 25, 2, "F"),
    ]
    assert kits[0].goods == (("iron", 1), ("chemicals", 1))
    won = [e for e in events if isinstance(e, DogEatDogRollOffWon)]
    assert won == [DogEatDogRollOffWon(seat=1, purpose=RollPurpose.START_PLAYER)]
    assert next(e for e in events if isinstance(e, DogEatDogTurnBegan)) == DogEatDogTurnBegan(seat=1, turn=1, round=1)
    assert state.round == 1
    assert setup.chooser(state) is None
    assert state.players[1].runner == 12  # Boomtown
    assert all(isinstance(e.dice, tuple) for e in events if isinstance(e, DogEatDogDiceRolled))


def test_given_a_recorded_setup_when_replayed_then_the_same_state_without_drawing_setup_random_rng_steps() -> None:
    state = lobby(5, DogEatDogSettings(old_boys=True))
    history: list[DomainEvent] = []
    history += run(state, setup.start, Scripted())
    while (seat := setup.chooser(state)) is not None:
        history += run(
            state,
            partial(setup.choose_division, seat=seat, division=setup.default_division(state), by_default=True),
            Scripted(),
        )
    again = lobby(5, DogEatDogSettings(old_boys=True))
    for event in history:
        apply(again, event)
    assert again == state
    assert replayed([]) == DogEatDogState()
    assert {p.division for p in state.players} == {
        "georgia_horrific",
        "goo_pont_plastics",
        "dk_mart",
        "we_steel",
        "substandard_oil",
    }
