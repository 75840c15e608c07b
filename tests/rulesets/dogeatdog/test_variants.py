"""The engine's variants of RULES.md section 20 that need no trades, given/when/then: each is a
switch of ``DogEatDogSettings`` chosen when the game is opened and recorded in its first event.
In the built game seat 2 plays first; seats 3, 0 and 1 follow clockwise."""

from __future__ import annotations

import msgspec
import pytest
from domain.dogeatdog.actions import (
    DecisionKind,
    DogEatDogDecision,
    DogEatDogEmbezzle,
    DogEatDogMoveToSwiss,
    DogEatDogPass,
)
from domain.dogeatdog.rules import decisions, flow
from domain.dogeatdog.state import DogEatDogState
from domain.dogeatdog.views import event_view, game_view
from domain.errors import RuleViolation
from domain.events.dogeatdog import (
    HIDDEN,
    DogEatDogEmbezzlementDeclared,
    DogEatDogEmbezzlementSucceeded,
    DogEatDogKickbackOffered,
    DogEatDogKickbackTaken,
    DogEatDogPaidToPlayer,
    DogEatDogRedTapeShuffled,
    DogEatDogSettings,
    DogEatDogStepEnded,
    DogEatDogWindowClosed,
    DogEatDogWindowPassed,
    Step,
)

from tests.rulesets.dogeatdog.builders import act, play_on, replayed, setup_history, stack

ACTIVE = 2
TO_GRAND_FORGE = (1, 2)  # from Las Naugas (6) to Grand Forge (9), a city not his home


def built(**variants: bool) -> DogEatDogState:
    return replayed(setup_history(settings=DogEatDogSettings(**variants)))  # type: ignore[arg-type]


# -- [VAR-EMBEZZLE-OWN-TURN] ----------------------------------------------------------------


@pytest.mark.rule("VAR-EMBEZZLE-OWN-TURN")
@pytest.mark.rule("EMBEZZLE-ONCE")
def test_given_embezzling_only_in_ones_own_turn_then_only_the_active_player_is_asked_in_a_window_var_embezzle_own_turn() -> None:
    state = built(embezzle_own_turn=True)
    play_on(state, windows=True)
    window = DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.WINDOW)
    assert flow.awaited(state) == window
    assert DogEatDogEmbezzle(amount=12) in decisions.legal_actions(state, window)
    other = DogEatDogDecision(seat=3, kind=DecisionKind.WINDOW)
    assert decisions.legal_actions(state, other) == [DogEatDogPass()]
    with pytest.raises(RuleViolation) as refusal:
        decisions.check(state, 3, DogEatDogEmbezzle(amount=1), other)
    assert refusal.value.rule == "VAR-EMBEZZLE-OWN-TURN"
    # His pass closes the window: nobody else has anything to do in it.
    events = act(state, ACTIVE, DogEatDogPass(), windows=True)
    assert events[:2] == [DogEatDogWindowPassed(seat=ACTIVE, speaker=None), DogEatDogWindowClosed()]
    # Without the variant everyone with money may embezzle in any window ([EMBEZZLE-ONCE]).
    default = built()
    play_on(default, windows=True)
    assert DogEatDogEmbezzle(amount=1) in decisions.legal_actions(default, other)


# -- [VAR-KICKBACK] ---------------------------------------------------------------------------


@pytest.mark.rule("VAR-KICKBACK")
@pytest.mark.rule("SWISS-INCOME")
def test_given_kickbacks_when_other_players_pay_him_then_he_may_put_what_he_received_into_his_swiss_account_var_kickback_swiss_income() -> (
    None
):
    state = built(kickback=True)
    stack(state, "CE26")  # Charity Gala: each other player pays him $1M
    state.players[0].corporate = 0  # pays nothing
    events = play_on(state, TO_GRAND_FORGE)
    assert [e for e in events if isinstance(e, DogEatDogPaidToPlayer | DogEatDogKickbackOffered)][-1] == (
        DogEatDogKickbackOffered(seat=ACTIVE, amount=2, space=9)
    )
    asked = flow.awaited(state)
    assert asked == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.KICKBACK)
    assert decisions.legal_actions(state, asked) == [DogEatDogMoveToSwiss(amount=a) for a in range(3)]
    assert decisions.default_action(state, asked) == DogEatDogMoveToSwiss(amount=0)
    with pytest.raises(RuleViolation) as refusal:
        act(state, ACTIVE, DogEatDogMoveToSwiss(amount=3))
    assert refusal.value.rule == "VAR-KICKBACK"
    events = act(state, ACTIVE, DogEatDogMoveToSwiss(amount=2))
    assert events[0] == DogEatDogKickbackTaken(seat=ACTIVE, amount=2)
    assert (state.players[ACTIVE].corporate, state.players[ACTIVE].swiss) == (25, 2)
    assert DogEatDogStepEnded(seat=ACTIVE, step=Step.MOVE) in events  # the move went on
    # Without the variant every payment to a player goes to his corporate account (R24).
    default = built()
    stack(default, "CE26")
    events = play_on(default, TO_GRAND_FORGE)
    assert not any(isinstance(event, DogEatDogKickbackOffered) for event in events)
    assert (default.players[ACTIVE].corporate, default.players[ACTIVE].swiss) == (28, 0)


# -- [VAR-OPEN-INFO] --------------------------------------------------------------------------


@pytest.mark.rule("VAR-OPEN-INFO")
@pytest.mark.rule("SEE-SECRET")
def test_given_open_information_then_every_seat_sees_swiss_balances_and_embezzled_amounts_but_not_the_decks_order_var_open_info_see_secret() -> (
    None
):
    state = built(open_info=True)
    history = setup_history(settings=DogEatDogSettings(open_info=True))
    state.players[0].swiss = 7
    play_on(state, windows=True)
    declared, done = act(state, ACTIVE, DogEatDogEmbezzle(amount=5), windows=True)[:2]
    assert declared == DogEatDogEmbezzlementDeclared(seat=ACTIVE, amount=5, public=True)
    assert done == DogEatDogEmbezzlementSucceeded(seat=ACTIVE, amount=5, speaker=3, public=True)
    view = game_view(state, 1, 3, outcome=None)
    assert view.seats[0].swiss == 7
    assert (view.seats[ACTIVE].corporate, view.seats[ACTIVE].swiss) == (20, 5)
    for event in (declared, done):
        assert event_view(event, 3, game_ended=False) == event
        assert event_view(event, None, game_ended=False) == event
    shuffled = next(e for e in history if isinstance(e, DogEatDogRedTapeShuffled))
    assert event_view(shuffled, 3, game_ended=False) == msgspec.structs.replace(shuffled, cards=())
    opened = history[0]
    assert event_view(opened, 3, game_ended=False) == msgspec.structs.replace(opened, seed=HIDDEN)
    # Without the variant the amount is the embezzler's alone ([SEE-PRIVATE]).
    default = built()
    play_on(default, windows=True)
    hidden = act(default, ACTIVE, DogEatDogEmbezzle(amount=5), windows=True)[0]
    assert event_view(hidden, 3, game_ended=False) == msgspec.structs.replace(hidden, amount=HIDDEN)
    assert game_view(default, 1, 3, outcome=None).seats[ACTIVE].swiss is None
