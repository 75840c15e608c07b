"""``evolve`` applies a setup history (RULES.md section 4) and the structure of a turn (section
5) to the state: it never decides anything, it does what each recorded event says."""

from __future__ import annotations

from domain.dogeatdog.evolve import apply
from domain.dogeatdog.state import DogEatDogState
from domain.events.dogeatdog import (
    DogEatDogDiceBidFailed,
    DogEatDogOfficialDealt,
    DogEatDogRedTapeShuffled,
    DogEatDogRunnerMoved,
    DogEatDogSettings,
    DogEatDogStepBegan,
    DogEatDogStepEnded,
    DogEatDogWindowClosed,
    DogEatDogWindowOpened,
    DogEatDogWindowPassed,
    ShuffleReason,
    Step,
)
from domain.ruleset import GameStatus

from tests.rulesets.dogeatdog.builders import SEARCH, replayed, setup_history

SIX = (
    "georgia_horrific",
    "goo_pont_plastics",
    "dk_mart",
    "we_steel",
    "substandard_oil",
    "waste_mismanagement",
)


def test_given_a_setup_history_when_applied_then_a_running_game_of_its_seats_setup_players() -> None:
    state = replayed(setup_history())
    assert state.status is GameStatus.RUNNING
    assert [player.name for player in state.players] == ["Ann", "Bob", "Cid", "Dee"]
    assert state.settings == DogEatDogSettings()
    assert state.rules_version == "dogeatdog-draft-0.2"


def test_given_four_players_when_set_up_then_waste_mismanagement_is_not_in_the_game_setup_wm() -> None:
    assert "waste_mismanagement" not in replayed(setup_history()).divisions
    assert "waste_mismanagement" in replayed(setup_history(SIX)).divisions


def test_given_the_setup_law_when_applied_then_the_first_official_is_public_and_39_cards_form_the_deck_setup_law() -> None:
    state = replayed(setup_history())
    assert state.public_laws == ["CO7"]
    assert len(state.deck) == 39
    assert "CO7" not in state.deck
    assert set(SEARCH[:2]) <= set(state.deck)  # the Current Events turned up go back in


def test_given_the_roll_offs_when_applied_then_the_winners_choose_and_start_setup_divisions_setup_start_player() -> None:
    state = replayed(setup_history())
    assert state.first_chooser == 1
    assert state.start_player == 2
    assert [player.division for player in state.players] == [
        "we_steel",
        "georgia_horrific",
        "goo_pont_plastics",
        "dk_mart",
    ]
    assert state.free_divisions() == ["substandard_oil"]


def test_given_every_setup_roll_when_applied_then_each_is_kept_in_order_setup_random_rng_steps() -> None:
    state = replayed(setup_history())
    assert [(roll.seat, roll.total) for roll in state.rolls][:6] == [
        (0, 12),
        (1, 12),
        (2, 3),
        (3, 3),
        (0, 11),  # the tied highest re-roll ([SETUP-DIVISIONS])
        (1, 12),
    ]
    assert replayed(setup_history()) == state  # a replay draws nothing and ends the same


def test_given_the_kits_when_applied_then_money_workers_goods_start_square_and_runner_setup_kit() -> None:
    state = replayed(setup_history(SIX))
    georgia = state.players[1]
    assert (georgia.corporate, georgia.swiss, georgia.workers) == (25, 0, 2)
    assert georgia.goods == {"timber": 1, "coal": 1}
    assert georgia.squares == ["F"]
    assert state.squares["F"].controller == 1
    assert georgia.runner == 2  # Green City
    waste = state.players[0]
    assert (waste.division, waste.pollution_markers, waste.goods) == ("waste_mismanagement", 2, {})
    # The kits came out of the supply ([COMP-WORKERS], [COMP-RAW], [COMP-POLLUTION]).
    assert state.supply_workers == 32 - 12
    assert state.supply_pollution == 16 - 2
    assert state.supply["oil"] == 20 - 3
    assert sorted(s for s, square in state.squares.items() if square.controller is None) == list("ABCDHIMNOP")
    assert all(square.stage == 1 for square in state.squares.values())  # [BOARD-STAGES]


def test_given_the_start_when_applied_then_round_1_begins_with_the_start_players_turn_turn_round() -> None:
    state = replayed(setup_history())
    assert state.round == 1
    assert (state.turn.seat, state.turn.number) == (2, 1)
    assert state.turn.window is None  # opened only when someone may act in it


def test_given_a_window_opened_for_a_later_speaker_when_applied_then_he_has_the_word_turn_window() -> None:
    state = replayed(setup_history())
    apply(state, DogEatDogWindowOpened(seat=2, speaker=0))
    assert state.turn.window is not None
    assert (state.turn.window.after, state.turn.window.speaker) == (None, 0)


def test_given_an_open_window_when_players_pass_then_the_word_goes_clockwise_until_it_closes_turn_window() -> None:
    state = replayed(setup_history())
    apply(state, DogEatDogWindowOpened(seat=2))
    for seat in (2, 3, 0):
        apply(state, DogEatDogWindowPassed(seat=seat))
    assert state.turn.window is not None
    assert (state.turn.window.speaker, state.turn.window.passes) == (1, 3)
    apply(state, DogEatDogWindowPassed(seat=1))
    apply(state, DogEatDogWindowClosed())
    assert state.turn.window is None


def test_given_the_steps_of_a_turn_when_applied_then_the_state_follows_them_turn_order() -> None:
    state = replayed(setup_history())
    apply(state, DogEatDogStepBegan(seat=2, step=Step.MOVE))
    apply(state, DogEatDogRunnerMoved(seat=2, from_space=6, to_space=14))
    apply(state, DogEatDogStepEnded(seat=2, step=Step.MOVE))
    apply(state, DogEatDogWindowOpened(seat=2, after=Step.MOVE))
    assert state.turn.step is Step.MOVE
    assert state.turn.steps_done == [Step.MOVE]
    assert state.players[2].runner == 14  # [MOVE-DICE], [BOARD-DIRECTION]
    assert state.turn.window is not None
    assert state.turn.window.after is Step.MOVE


def test_given_an_old_boys_deal_when_applied_then_each_player_owns_one_official_opt_old_boys() -> None:
    state = replayed(setup_history(settings=DogEatDogSettings(old_boys=True)))
    apply(state, DogEatDogOfficialDealt(seat=0, card="CO5"))
    assert state.players[0].officials == ["CO5"]
    assert "CO5" not in state.deck


def test_given_a_reshuffle_when_applied_then_the_discard_pile_is_the_new_deck_redtape_deck() -> None:
    state = replayed(setup_history())
    state.discard = ["CE04", "CE06"]
    apply(state, DogEatDogRedTapeShuffled(cards=("CE06", "CE04"), size=2, reason=ShuffleReason.RESHUFFLE))
    assert (state.deck, state.discard) == (["CE06", "CE04"], [])


def test_given_an_event_of_no_consequence_when_applied_then_nothing_changes() -> None:
    state = replayed(setup_history())
    before = replayed(setup_history())
    apply(state, DogEatDogDiceBidFailed(seat=2, square="A"))
    assert state == before
    assert DogEatDogState() == DogEatDogState()
