"""Bribery (RULES.md section 9): the attempt, a freshly drawn official, the setup law after the
first roll, the Lobbyist and Campaign Contribution. The builders' setup has four players; seat 2
(Goo Pont Plastics, home Las Naugas on track space 6) is on turn in the game's first turn with
$25M; the setup law on the Public Laws sheet is the Revenue Agent (``CO7``). A roll of 1 + 2
takes him to Grand Forge (space 9), a city not his: he draws the top card (``stack``)."""

from __future__ import annotations

import pytest
from domain.dogeatdog.actions import (
    DecisionKind,
    DogEatDogAction,
    DogEatDogBribe,
    DogEatDogDecision,
    DogEatDogDeclineBribe,
    DogEatDogLetPass,
)
from domain.dogeatdog.rules import decisions
from domain.dogeatdog.rules.flow import awaited
from domain.dogeatdog.state import DogEatDogState
from domain.dogeatdog.views import event_view, game_view
from domain.errors import RuleViolation
from domain.events.dogeatdog import (
    BriberyOccasion,
    DogEatDogBribeAttempted,
    DogEatDogBribeDeclined,
    DogEatDogBribeFailed,
    DogEatDogBriberyEnded,
    DogEatDogBriberyOffered,
    DogEatDogDiceRolled,
    DogEatDogOfficialBribed,
    DogEatDogOfficialLaidOut,
    DogEatDogPaidToBank,
    DogEatDogRunnerMoved,
    DogEatDogStepEnded,
    RollPurpose,
    Step,
)

from tests.rulesets.dogeatdog.builders import FIRST_LAW, act, decline_all, play_on, replayed, setup_history, stack

ACTIVE = 2
TO_GRAND_FORGE = (1, 2)  # from Las Naugas (6) to Grand Forge (9)


def round_one(*cards: str) -> DogEatDogState:
    state = replayed(setup_history())
    stack(state, *cards)
    return state


def refused(state: DogEatDogState, seat: int, action: DogEatDogAction) -> str:
    with pytest.raises(RuleViolation) as refusal:
        act(state, seat, action)
    return refusal.value.rule


def drawn_official() -> DogEatDogState:
    """Seat 2 lands on Grand Forge and draws the Wage Inspector (``CO1``)."""
    state = round_one("CO1")
    play_on(state, TO_GRAND_FORGE)
    return state


def test_given_the_first_turn_when_the_start_player_has_rolled_then_the_setup_law_is_offered_before_his_runner_moves_bribe_initial() -> (
    None
):
    state = round_one("CE04")
    events = play_on(state, TO_GRAND_FORGE, initial_offer=True)
    assert events[-2:] == [
        DogEatDogDiceRolled(seat=ACTIVE, dice=TO_GRAND_FORGE, purpose=RollPurpose.MOVE),
        DogEatDogBriberyOffered(card=FIRST_LAW, occasion=BriberyOccasion.INITIAL, seats=(2, 3, 0, 1)),
    ]
    assert state.players[ACTIVE].runner == 6  # not moved yet
    assert awaited(state) == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.BRIBE)
    declined = decline_all(state)
    assert [e for e in declined if isinstance(e, DogEatDogBribeDeclined)] == [DogEatDogBribeDeclined(seat=s) for s in (2, 3, 0, 1)]
    assert DogEatDogRunnerMoved(seat=ACTIVE, from_space=6, to_space=9) in declined  # the roll made before
    assert FIRST_LAW in state.public_laws


def test_given_a_later_turn_when_he_rolls_then_the_setup_law_is_not_offered_again_bribe_initial() -> None:
    state = round_one("CE04")
    state.turn.number = 2
    events = play_on(state, TO_GRAND_FORGE, initial_offer=True)
    assert not [e for e in events if isinstance(e, DogEatDogBriberyOffered)]
    assert DogEatDogStepEnded(seat=ACTIVE, step=Step.MOVE) in events


def test_given_a_drawn_official_then_the_drawer_is_offered_it_first_then_the_others_clockwise_and_the_first_success_owns_it_bribe_fresh_bribe_bank() -> (
    None
):
    state = round_one("CO1")
    events = play_on(state, TO_GRAND_FORGE)
    assert events[-2:] == [
        DogEatDogOfficialLaidOut(card="CO1"),
        DogEatDogBriberyOffered(card="CO1", occasion=BriberyOccasion.FRESH, seats=(2, 3, 0, 1), space=9),
    ]
    act(state, ACTIVE, DogEatDogDeclineBribe())
    assert awaited(state) == DogEatDogDecision(seat=3, kind=DecisionKind.BRIBE)
    before = [player.corporate for player in state.players]
    won = act(state, 3, DogEatDogBribe(card="CO1", offer=7), dice=(3, 4))
    assert won[:5] == [
        DogEatDogBribeAttempted(seat=3, card="CO1", offer=7),
        DogEatDogDiceRolled(seat=3, dice=(3, 4), purpose=RollPurpose.BRIBE),
        DogEatDogOfficialBribed(seat=3, card="CO1"),
        DogEatDogBriberyEnded(card="CO1"),
        DogEatDogStepEnded(seat=ACTIVE, step=Step.MOVE),  # nobody else is asked; the move ends
    ]
    assert state.players[3].officials == ["CO1"]
    assert "CO1" not in state.public_laws
    # The offer went to the bank, nobody else's account moved ([BRIBE-BANK]).
    assert [p.corporate for p in state.players] == [c - 7 if seat == 3 else c for seat, c in enumerate(before)]


def test_given_a_drawn_official_when_the_first_attempt_fails_then_it_stays_a_public_law_the_offer_is_paid_and_nobody_else_may_try_bribe_fresh_bribe_attempt() -> (
    None
):
    state = drawn_official()
    failed = act(state, ACTIVE, DogEatDogBribe(card="CO1", offer=2), dice=(6, 6))
    assert failed[:4] == [
        DogEatDogBribeAttempted(seat=ACTIVE, card="CO1", offer=2),
        DogEatDogDiceRolled(seat=ACTIVE, dice=(6, 6), purpose=RollPurpose.BRIBE),
        DogEatDogBribeFailed(seat=ACTIVE, card="CO1"),
        DogEatDogBriberyEnded(card="CO1"),
    ]
    assert state.players[ACTIVE].corporate == 23  # paid whatever happens
    assert "CO1" in state.public_laws
    assert state.turn.bribery is None


def test_given_a_drawn_official_when_everyone_declines_then_it_stays_a_public_law_bribe_fresh_law_public() -> None:
    state = drawn_official()
    events = decline_all(state)
    assert DogEatDogBriberyEnded(card="CO1") in events
    assert "CO1" in state.public_laws
    assert not any(player.officials for player in state.players)


def test_given_a_seat_that_cannot_pay_the_smallest_offer_then_it_is_not_asked_and_nothing_is_offered_when_nobody_could_bribe_attempt() -> (
    None
):
    state = round_one("CO1")
    state.players[0].corporate = 1
    events = play_on(state, TO_GRAND_FORGE)
    assert DogEatDogBriberyOffered(card="CO1", occasion=BriberyOccasion.FRESH, seats=(2, 3, 1), space=9) in events
    broke = round_one("CO1")
    for player in broke.players:
        player.corporate = 1
    events = play_on(broke, TO_GRAND_FORGE)  # the setup law is not offered either
    assert not [e for e in events if isinstance(e, DogEatDogBriberyOffered)]
    assert DogEatDogStepEnded(seat=ACTIVE, step=Step.MOVE) in events


def test_given_an_attempt_then_the_offer_is_2_to_10_within_his_account_and_the_default_declines_bribe_attempt_rng_commit_first() -> None:
    state = drawn_official()
    decision = awaited(state)
    assert decision is not None
    assert decisions.legal_actions(state, decision) == [
        DogEatDogDeclineBribe(),
        *(DogEatDogBribe(card="CO1", offer=offer) for offer in range(2, 11)),
    ]
    assert decisions.default_action(state, decision) == DogEatDogDeclineBribe()  # [TURN-DECISIONS]
    assert refused(state, ACTIVE, DogEatDogBribe(card="CO1", offer=1)) == "BRIBE-ATTEMPT"
    assert refused(state, ACTIVE, DogEatDogBribe(card="CO1", offer=11)) == "BRIBE-ATTEMPT"
    assert refused(state, ACTIVE, DogEatDogBribe(card=FIRST_LAW, offer=5)) == "BRIBE-FRESH"  # not on offer
    state.players[ACTIVE].corporate = 4
    assert refused(state, ACTIVE, DogEatDogBribe(card="CO1", offer=5)) == "BRIBE-ATTEMPT"  # beyond his account
    assert refused(state, ACTIVE, DogEatDogLetPass()) == "BRIBE-ATTEMPT"
    assert state.turn.bribery is not None
    assert state.turn.bribery.asked == [2, 3, 0, 1]


def lobbyist() -> DogEatDogState:
    """Seat 2 passes his home city (letting the acquisition pass) and lands on the Lobbyist (7);
    the Wage Inspector lies on the Public Laws sheet beside the setup law."""
    state = round_one()
    state.players[ACTIVE].runner = 4
    state.deck.remove("CO1")
    state.public_laws.append("CO1")
    play_on(state, (1, 2))
    act(state, ACTIVE, DogEatDogLetPass())
    return state


def test_given_the_lobbyist_when_landed_on_then_he_may_make_one_attempt_at_a_public_law_he_names_space_lobbyist_bribe_law_later() -> None:
    state = lobbyist()
    assert state.turn.bribery is not None
    assert state.turn.bribery.occasion is BriberyOccasion.LOBBYIST
    decision = awaited(state)
    assert decision == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.BRIBE)
    named = {action.card for action in decisions.legal_actions(state, decision) if isinstance(action, DogEatDogBribe)}
    assert named == {FIRST_LAW, "CO1"}
    won = act(state, ACTIVE, DogEatDogBribe(card="CO1", offer=9), dice=(4, 5))
    assert DogEatDogOfficialBribed(seat=ACTIVE, card="CO1") in won
    assert won[won.index(DogEatDogOfficialBribed(seat=ACTIVE, card="CO1")) + 2] == DogEatDogStepEnded(
        seat=ACTIVE, step=Step.MOVE
    )  # one attempt, no chain
    assert state.public_laws == [FIRST_LAW]
    assert state.players[ACTIVE].officials == ["CO1"]


def test_given_the_lobbyist_then_an_official_in_the_deck_is_not_on_offer_and_nothing_is_asked_without_a_public_law_bribe_law_later() -> (
    None
):
    state = lobbyist()
    assert refused(state, ACTIVE, DogEatDogBribe(card="CO3", offer=5)) == "BRIBE-LAW-LATER"
    empty = round_one()
    empty.players[ACTIVE].runner = 4
    empty.public_laws.clear()
    play_on(empty, (1, 2))
    events = act(empty, ACTIVE, DogEatDogLetPass())
    assert not [e for e in events if isinstance(e, DogEatDogBriberyOffered)]
    assert events[1] == DogEatDogStepEnded(seat=ACTIVE, step=Step.MOVE)


def test_given_an_owned_official_then_the_lobbyist_may_not_bribe_it_bribe_taboo() -> None:
    state = lobbyist()
    state.deck.remove("CO2")
    state.players[0].officials.append("CO2")
    assert refused(state, ACTIVE, DogEatDogBribe(card="CO2", offer=5)) == "BRIBE-TABOO"
    assert state.players[0].officials == ["CO2"]


def test_given_campaign_contribution_then_he_pays_3_and_may_make_one_attempt_at_a_public_law_bribe_law_later_redtape_ce() -> None:
    state = round_one("CE24")
    events = play_on(state, TO_GRAND_FORGE)
    assert DogEatDogPaidToBank(seat=ACTIVE, amount=3, reason="CE24") in events
    assert events[-1] == DogEatDogBriberyOffered(card=None, occasion=BriberyOccasion.CAMPAIGN, seats=(ACTIVE,), space=9)
    declined = act(state, ACTIVE, DogEatDogDeclineBribe())
    assert declined[:3] == [
        DogEatDogBribeDeclined(seat=ACTIVE),
        DogEatDogBriberyEnded(card=None),
        DogEatDogStepEnded(seat=ACTIVE, step=Step.MOVE),
    ]
    assert state.public_laws == [FIRST_LAW]


def test_given_an_offer_under_way_then_every_seat_and_a_spectator_see_it_and_every_bribery_event_whole_see_public() -> None:
    state = drawn_official()
    events = act(state, ACTIVE, DogEatDogBribe(card="CO1", offer=4), dice=(1, 1))
    for viewer in (0, ACTIVE, None):
        assert [event_view(e, viewer, game_ended=False) for e in events] == events
    offered = drawn_official()
    seen = game_view(offered, 1, None, outcome=None)
    assert seen.turn is not None
    assert seen.turn.bribery is not None
    assert (seen.turn.bribery.card, seen.turn.bribery.asked) == ("CO1", (2, 3, 0, 1))
