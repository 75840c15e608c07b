"""Dog Eat Dog as a ruleset of the kernel (``domain/dogeatdog/ruleset.py``), driven by the
kernel's ``Game`` as the engine will drive it: who is asked, what they may send, what is refused
and what the rules send when a seat's time runs out, what each seat is shown and told."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from uuid import UUID

import pytest
from domain.aggregates.game import AnyGame, Game
from domain.dogeatdog.actions import DecisionKind, DogEatDogChooseDivision, DogEatDogDecision
from domain.dogeatdog.ruleset import DOGEATDOG
from domain.errors import RuleViolation
from domain.events.base import DomainEvent
from domain.events.dogeatdog import DogEatDogDivisionChosen, DogEatDogSettings
from domain.ruleset import Opening
from domain.table import ClockSettings

from tests.conformance.tense import tense_faults
from tests.rulesets.dogeatdog.builders import NAMES
from tests.rulesets.dogeatdog.test_events import SAMPLES

T0 = datetime(2025, 1, 1, tzinfo=UTC)


def new_game(seats: int, *, seed: str = "ruleset", clock: ClockSettings | None = None) -> AnyGame:
    game: AnyGame = Game.create(UUID(int=seats), DOGEATDOG, seed=seed, seats=seats, clock=clock, at=T0)
    for seat in range(seats):
        game.join(NAMES[seat], at=T0)
    game.start(at=T0)
    return game


def choose_all(game: AnyGame) -> None:
    while (pending := game.pending()) and pending[0].kind is DecisionKind.DIVISION:
        seat = pending[0].seat
        game.act(seat, DOGEATDOG.default_action(game.state, seat, pending))


def test_given_a_started_game_then_the_roll_off_winner_alone_is_asked_to_choose_among_the_free_cards_setup_divisions_setup_wm() -> None:
    game = new_game(4)
    first = game.state.first_chooser
    assert game.pending() == [DogEatDogDecision(seat=first, kind=DecisionKind.DIVISION)]
    assert [a.division for a in game.legal_actions(first)] == [
        "georgia_horrific",
        "goo_pont_plastics",
        "dk_mart",
        "we_steel",
        "substandard_oil",
    ]  # no Waste Mismanagement with four players
    assert all(game.legal_actions(seat) == [] for seat in range(4) if seat != first)


def test_given_the_chooser_when_another_seat_sends_a_division_then_refused_turn_decisions_nothing_recorded() -> None:
    game = new_game(3)
    other = (game.state.first_chooser + 1) % 3
    game.collect_events()
    with pytest.raises(RuleViolation) as refusal:
        game.act(other, DogEatDogChooseDivision(division="dk_mart"))
    assert refusal.value.rule == "TURN-DECISIONS"
    assert game.collect_events() == []
    assert not game.is_legal(other, DogEatDogChooseDivision(division="dk_mart"))


def test_given_four_players_when_the_chooser_sends_waste_mismanagement_then_refused_setup_wm() -> None:
    game = new_game(4)
    chooser = game.state.first_chooser
    with pytest.raises(RuleViolation) as refusal:
        game.act(chooser, DogEatDogChooseDivision(division="waste_mismanagement"))
    assert refusal.value.rule == "SETUP-WM"
    assert not game.is_legal(chooser, DogEatDogChooseDivision(division="waste_mismanagement"))


def test_given_a_card_taken_when_the_next_chooser_sends_it_then_refused_setup_divisions() -> None:
    game = new_game(5)
    chooser = game.state.first_chooser
    game.act(chooser, DogEatDogChooseDivision(division="waste_mismanagement"))
    after = game.pending()[0].seat
    assert after == (chooser + 1) % 5  # clockwise from the roll-off's winner
    with pytest.raises(RuleViolation) as refusal:
        game.act(after, DogEatDogChooseDivision(division="waste_mismanagement"))
    assert refusal.value.rule == "SETUP-DIVISIONS"
    assert DogEatDogChooseDivision(division="waste_mismanagement") not in game.legal_actions(after)


def test_given_a_chooser_whose_time_runs_out_then_the_rules_take_the_first_free_card_turn_decisions() -> None:
    game = new_game(3, clock=ClockSettings(decision_seconds=60))
    chooser = game.state.first_chooser
    game.act(chooser, DogEatDogChooseDivision(division="georgia_horrific"), at=T0)
    late = game.pending()[0].seat
    assert DOGEATDOG.default_action(game.state, late, game.pending()) == DogEatDogChooseDivision(division="goo_pont_plastics")
    game.collect_events()
    game.time_out(late, at=T0 + timedelta(seconds=61))
    chosen = [e for e in game.collect_events() if isinstance(e, DogEatDogDivisionChosen)]
    assert [(e.seat, e.division) for e in chosen] == [(late, "goo_pont_plastics")]


def test_given_a_seat_not_asked_when_its_default_is_asked_for_then_refused_turn_decisions() -> None:
    game = new_game(3)
    other = (game.state.first_chooser + 1) % 3
    with pytest.raises(RuleViolation) as refusal:
        DOGEATDOG.default_action(game.state, other, game.pending())
    assert refusal.value.rule == "TURN-DECISIONS"


def test_given_a_seat_with_attributes_when_joining_then_refused_setup_players() -> None:
    game: AnyGame = Game.create(UUID(int=1), DOGEATDOG, seed="s", seats=3)
    with pytest.raises(RuleViolation) as refusal:
        game.join("Ann", attributes={"colour": "red"})
    assert refusal.value.rule == "SETUP-PLAYERS"


def test_given_a_game_opened_with_options_then_its_first_event_opens_it_again_by_the_same_rules() -> None:
    settings = DogEatDogSettings(target=250, old_boys=True)
    game: AnyGame = Game.create(UUID(int=2), DOGEATDOG, seed="s", seats=5, settings=settings)
    first = game.collect_events()[0]
    assert DOGEATDOG.opening(first) == Opening(seats=5, settings=settings, seed="s", rules_version=DOGEATDOG.rules_version)
    with pytest.raises(TypeError):
        DOGEATDOG.opening(DogEatDogDivisionChosen(seat=0, division="dk_mart"))


def test_given_divisions_chosen_then_each_seat_sees_its_own_swiss_balance_only_see_private_see_public() -> None:
    game = new_game(3)
    choose_all(game)
    game.state.players[1].swiss = 7  # as a Geneva transfer would leave it
    for viewer in (0, 1, 2, None):
        seen = game.view(viewer)
        assert [s.swiss for s in seen.seats] == [7 if s.seat == viewer == 1 else (0 if s.seat == viewer else None) for s in seen.seats]
        assert [s.corporate for s in seen.seats] == [25, 25, 25]
        assert all(s.division is not None and len(s.squares) == 1 for s in seen.seats)
        # Every card not in the deck lies face up: the first move may have drawn one.
        face_up = len(seen.public_laws) + len(seen.discard) + sum(len(s.current_events) + len(s.officials) for s in seen.seats)
        assert seen.deck_size == 40 - face_up


def test_given_open_information_then_every_swiss_balance_is_shown_var_open_info() -> None:
    game: AnyGame = Game.create(UUID(int=3), DOGEATDOG, seed="s", seats=3, settings=DogEatDogSettings(open_info=True))
    for seat in range(3):
        game.join(NAMES[seat])
    game.start()
    choose_all(game)
    assert [s.swiss for s in game.view(None).seats] == [0, 0, 0]


def test_given_a_setup_then_every_event_is_told_in_words_of_its_own() -> None:
    game = new_game(5, seed="words")
    choose_all(game)
    names = [seat.name for seat in game.seats()]
    told = [DOGEATDOG.describe(DOGEATDOG.event_view(e, None, game_ended=False), names, DogEatDogSettings()) for e in game.collect_events()]
    assert all(sentence.endswith(".") for sentence in told), told
    assert not re.search(r"\bC[EO]\d+\b", " ".join(told))  # cards are named, not their ids
    assert any(sentence.endswith("won the first choice of a division.") for sentence in told)


@pytest.mark.parametrize("event", SAMPLES, ids=lambda event: type(event).__name__)
def test_given_any_event_then_it_is_told_in_a_sentence_of_its_own(event: DomainEvent) -> None:
    told = DOGEATDOG.describe(event, NAMES, DogEatDogSettings())
    assert told.endswith("."), told
    assert " " in told, told  # not the bare name of the event's class
    assert tense_faults([told]) == []  # in the past, as every game's (docs/WIRE.md)
