"""Owned laws given/when/then (RULES.md section 9): the owner of an official is asked whether he
invokes its law against the active player at the start of the step in which its trigger occurs
([LAW-OWNED]); an invocation opens a bribery chain with the target ([BRIBE-CHAIN]); when the
chain ends the law applies to the target for the rest of his turn unless he now owns the
official ([BRIBE-RESULT]). In the built game seat 2 plays; the Wage Inspector (CO1) makes wages
$2M a worker instead of $1M, the Mining Permit Officer (CO8) charges $1M per raw material."""

from __future__ import annotations

import pytest
from domain.dogeatdog.actions import (
    DecisionKind,
    DogEatDogBid,
    DogEatDogBribe,
    DogEatDogDecision,
    DogEatDogDeclineBribe,
    DogEatDogDeclineInvoke,
    DogEatDogDiceBid,
    DogEatDogExtract,
    DogEatDogInvoke,
    DogEatDogOpenAuction,
    DogEatDogPass,
    DogEatDogPassBid,
    DogEatDogWithdrawInstruction,
)
from domain.dogeatdog.catalog import Raw
from domain.dogeatdog.rules import decisions, flow
from domain.dogeatdog.state import DogEatDogState
from domain.errors import RuleViolation
from domain.events.dogeatdog import (
    BriberyOccasion,
    DogEatDogAuctionWon,
    DogEatDogBribeAttempted,
    DogEatDogBriberyEnded,
    DogEatDogBriberyOffered,
    DogEatDogDiceBidWon,
    DogEatDogDiceRolled,
    DogEatDogInstructionGiven,
    DogEatDogInstructionWithdrawn,
    DogEatDogInvocationDeclined,
    DogEatDogInvocationOffered,
    DogEatDogInvocationResolved,
    DogEatDogLawInvoked,
    DogEatDogLoanTaken,
    DogEatDogOfficialBribed,
    DogEatDogPaidToBank,
    DogEatDogRawExtracted,
    DogEatDogStepBegan,
    DogEatDogStepEnded,
    DogEatDogTaxPaid,
    DogEatDogWagesPaid,
    DogEatDogWindowClosed,
    RollPurpose,
    Step,
)

from tests.rulesets.dogeatdog.builders import act, at_step, play_on, replayed, setup_history, without_trades

ACTIVE = 2
WAGE_INSPECTOR = "CO1"
MINING_PERMIT = "CO8"


def owned(card: str, owner: int) -> DogEatDogState:
    state = replayed(setup_history())
    state.deck.remove(card)
    state.players[owner].officials.append(card)
    return state


def invoke_question(owner: int) -> DogEatDogDecision:
    return DogEatDogDecision(seat=owner, kind=DecisionKind.INVOKE)


def test_given_an_owned_law_when_its_step_begins_then_its_owner_is_asked_first_and_not_invoked_it_changes_nothing_law_owned() -> None:
    state = owned(WAGE_INSPECTOR, 0)
    at_step(state, Step.PAYROLL)
    asked = flow.awaited(state)
    assert asked == invoke_question(0)
    assert decisions.legal_actions(state, asked) == [
        DogEatDogDeclineInvoke(),
        DogEatDogInvoke(),
        DogEatDogDeclineInvoke(standing=True),
        DogEatDogInvoke(standing=True),
    ]
    assert decisions.default_action(state, asked) == DogEatDogDeclineInvoke()
    with pytest.raises(RuleViolation) as refusal:
        act(state, 0, DogEatDogPass())
    assert refusal.value.rule == "LAW-OWNED"
    events = act(state, 0, DogEatDogDeclineInvoke())
    assert events[:2] == [
        DogEatDogInvocationDeclined(seat=0, card=WAGE_INSPECTOR, target=ACTIVE),
        DogEatDogWagesPaid(seat=ACTIVE, amount=2),  # two workers at the board's $1M
    ]


def test_given_his_own_official_when_its_step_begins_then_nobody_is_asked_he_is_immune_law_owned() -> None:
    state = owned(WAGE_INSPECTOR, ACTIVE)
    events = at_step(state, Step.PAYROLL)
    assert DogEatDogWagesPaid(seat=ACTIVE, amount=2) in events
    assert not any(isinstance(event, DogEatDogLawInvoked | DogEatDogInvocationDeclined) for event in events)


def test_given_an_invocation_when_the_target_fails_his_bribe_then_the_law_applies_to_him_this_turn_bribe_chain_bribe_result() -> None:
    state = owned(WAGE_INSPECTOR, 0)
    at_step(state, Step.PAYROLL)
    invoked = act(state, 0, DogEatDogInvoke())
    assert invoked == [
        DogEatDogLawInvoked(seat=0, card=WAGE_INSPECTOR, target=ACTIVE),
        DogEatDogBriberyOffered(card=WAGE_INSPECTOR, occasion=BriberyOccasion.CHAIN, seats=(ACTIVE,)),
    ]
    assert flow.awaited(state) == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.BRIBE)
    events = act(state, ACTIVE, DogEatDogBribe(card=WAGE_INSPECTOR, offer=3), dice=(6, 6))
    assert events[:5] == [
        DogEatDogBribeAttempted(seat=ACTIVE, card=WAGE_INSPECTOR, offer=3),
        DogEatDogDiceRolled(seat=ACTIVE, dice=(6, 6), purpose=RollPurpose.BRIBE),
        events[2],  # BribeFailed: the first failure ends the chain
        DogEatDogBriberyEnded(card=WAGE_INSPECTOR),
        DogEatDogInvocationResolved(card=WAGE_INSPECTOR, target=ACTIVE, applies=True),
    ]
    assert DogEatDogWagesPaid(seat=ACTIVE, amount=4) in events  # two workers at $2M
    assert state.players[0].officials == [WAGE_INSPECTOR]


def test_given_an_invocation_when_the_target_wins_the_official_then_the_loser_and_the_others_may_try_and_if_he_keeps_it_the_law_does_not_apply_bribe_chain_bribe_result() -> (
    None
):
    state = owned(WAGE_INSPECTOR, 0)
    at_step(state, Step.PAYROLL)
    act(state, 0, DogEatDogInvoke())
    won = act(state, ACTIVE, DogEatDogBribe(card=WAGE_INSPECTOR, offer=10), dice=(1, 1))
    assert DogEatDogOfficialBribed(seat=ACTIVE, card=WAGE_INSPECTOR, from_seat=0) in won
    # The loser first, then the others clockwise from him, but the new owner.
    assert won[-1] == DogEatDogBriberyOffered(card=WAGE_INSPECTOR, occasion=BriberyOccasion.CHAIN, seats=(0, 1, 3))
    act(state, 0, DogEatDogDeclineBribe())
    act(state, 1, DogEatDogDeclineBribe())
    events = act(state, 3, DogEatDogDeclineBribe())
    assert events[:3] == [
        events[0],  # seat 3 declined
        DogEatDogBriberyEnded(card=WAGE_INSPECTOR),
        DogEatDogInvocationResolved(card=WAGE_INSPECTOR, target=ACTIVE, applies=False),
    ]
    assert DogEatDogWagesPaid(seat=ACTIVE, amount=2) in events
    assert state.players[ACTIVE].officials == [WAGE_INSPECTOR]


def test_given_an_invoked_fee_then_only_its_target_pays_it_for_the_rest_of_his_turn_bribe_result_law_owned() -> None:
    state = owned(MINING_PERMIT, 3)
    state.players[ACTIVE].corporate = 1  # too little to bribe: no chain, the law applies
    at_step(state, Step.EXPLOIT)
    invoked = act(state, 3, DogEatDogInvoke())
    assert invoked[:2] == [
        DogEatDogLawInvoked(seat=3, card=MINING_PERMIT, target=ACTIVE),
        DogEatDogInvocationResolved(card=MINING_PERMIT, target=ACTIVE, applies=True),
    ]
    extracted = act(state, ACTIVE, DogEatDogExtract(square="G", raw=Raw.OIL))
    assert extracted[0] == DogEatDogRawExtracted(seat=ACTIVE, square="G", raw="oil", fee=1)
    assert state.players[ACTIVE].corporate == 0
    # With no money for the fee, no further extraction is offered ([LAW-PUBLIC] applies alike).
    assert DogEatDogStepEnded(seat=ACTIVE, step=Step.EXPLOIT) in extracted


TAX_ASSESSOR = "CO9"  # taxes from $16M instead of $26M


def test_given_an_owned_tax_law_when_he_passes_taxes_below_the_threshold_then_the_move_waits_for_its_owner_law_owned_tax_pass_bribe_result() -> (
    None
):
    state = owned(TAX_ASSESSOR, 1)
    state.players[ACTIVE].runner = 3
    events = play_on(state, dice=(1, 2))  # passes 4, Taxes (5), lands on his home city (6)
    assert events[-1] == DogEatDogInvocationOffered(seat=1, card=TAX_ASSESSOR, target=ACTIVE, space=4)
    assert flow.awaited(state) == invoke_question(1)
    act(state, 1, DogEatDogInvoke())
    events = act(state, ACTIVE, DogEatDogDeclineBribe())
    assert events[2:4] == [
        DogEatDogInvocationResolved(card=TAX_ASSESSOR, target=ACTIVE, applies=True),
        DogEatDogTaxPaid(seat=ACTIVE, amount=8),  # a third of $25M
    ]
    assert flow.awaited(state) == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.ACQUISITION)  # the move went on


def test_given_an_owned_tax_law_when_not_invoked_or_moot_then_taxes_are_as_public_law_says_law_owned_tax_pass() -> None:
    state = owned(TAX_ASSESSOR, 1)
    state.players[ACTIVE].runner = 3
    play_on(state, dice=(1, 2))
    events = act(state, 1, DogEatDogDeclineInvoke())
    assert events[0] == DogEatDogInvocationDeclined(seat=1, card=TAX_ASSESSOR, target=ACTIVE)
    assert not any(isinstance(event, DogEatDogTaxPaid) for event in events)
    rich = owned(TAX_ASSESSOR, 1)
    rich.players[ACTIVE].runner, rich.players[ACTIVE].corporate = 3, 40  # he pays all the same
    events = play_on(rich, dice=(1, 2))
    assert DogEatDogTaxPaid(seat=ACTIVE, amount=13) in events
    assert not any(isinstance(event, DogEatDogInvocationOffered) for event in events)


ZONING_COMMISSIONER = "CO6"  # a Land Transfer Fee of $5M on gaining a square


def at_home_with(card: str, owner: int) -> DogEatDogState:
    """Seat 2 passed his home city (Las Naugas, track space 6) and is offered an acquisition;
    ``owner`` owns ``card``."""
    state = owned(card, owner)
    state.players[ACTIVE].runner = 3
    play_on(state, dice=(2, 3))  # passes Taxes, Las Naugas; lands on the Turnpike (8)
    assert flow.awaited(state) == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.ACQUISITION)
    return state


@pytest.mark.rule("LAW-OWNED")
@pytest.mark.rule("AUCTION-ELIGIBLE")
@pytest.mark.rule("BRIBE-RESULT")
def test_given_an_owned_land_fee_when_another_player_wins_an_auction_then_the_owner_is_asked_before_the_fee_and_an_invocation_charges_it_law_owned_auction_eligible_bribe_result() -> (
    None
):
    state = at_home_with(ZONING_COMMISSIONER, 0)
    act(state, ACTIVE, DogEatDogOpenAuction(square="A"))
    act(state, ACTIVE, DogEatDogBid(amount=3))
    act(state, 3, DogEatDogBid(amount=4))
    act(state, 0, DogEatDogPassBid())
    act(state, 1, DogEatDogPassBid())
    events = act(state, ACTIVE, DogEatDogPassBid())
    # Seat 3, not on turn, wins: no public fee, and the owner is asked before any other.
    assert events[-2:] == [
        DogEatDogAuctionWon(seat=3, square="A", amount=4, fee=0),
        DogEatDogInvocationOffered(seat=0, card=ZONING_COMMISSIONER, target=3, space=6),
    ]
    assert flow.awaited(state) == invoke_question(0)
    invoked = act(state, 0, DogEatDogInvoke())
    assert invoked == [
        DogEatDogLawInvoked(seat=0, card=ZONING_COMMISSIONER, target=3),
        DogEatDogBriberyOffered(card=ZONING_COMMISSIONER, occasion=BriberyOccasion.CHAIN, seats=(3,)),
    ]
    assert flow.awaited(state) == DogEatDogDecision(seat=3, kind=DecisionKind.BRIBE)
    events = act(state, 3, DogEatDogDeclineBribe())
    assert events[1:4] == [
        DogEatDogBriberyEnded(card=ZONING_COMMISSIONER),
        DogEatDogInvocationResolved(card=ZONING_COMMISSIONER, target=3, applies=True),
        DogEatDogPaidToBank(seat=3, amount=5, reason=ZONING_COMMISSIONER),
    ]
    assert state.players[3].corporate == 25 - 4 - 5
    assert DogEatDogStepEnded(seat=ACTIVE, step=Step.MOVE) in events  # the move went on
    assert state.turn.invoked == []  # nothing applies to the active player for his turn


@pytest.mark.rule("LAW-OWNED")
def test_given_an_owned_land_fee_when_its_owner_wins_or_declines_then_no_fee_is_charged_law_owned() -> None:
    state = at_home_with(ZONING_COMMISSIONER, ACTIVE)
    events = act(state, ACTIVE, DogEatDogDiceBid(square="A", offer=7), dice=(3, 4))
    assert DogEatDogDiceBidWon(seat=ACTIVE, square="A", amount=7, fee=0) in events
    assert not any(isinstance(event, DogEatDogInvocationOffered) for event in events)  # immune
    assert state.players[ACTIVE].corporate == 18
    other = at_home_with(ZONING_COMMISSIONER, 1)
    events = act(other, ACTIVE, DogEatDogDiceBid(square="A", offer=7), dice=(3, 4))
    assert events[-1] == DogEatDogInvocationOffered(seat=1, card=ZONING_COMMISSIONER, target=ACTIVE, space=6)
    assert decisions.default_action(other, invoke_question(1)) == DogEatDogDeclineInvoke()
    events = act(other, 1, DogEatDogDeclineInvoke())
    assert events[0] == DogEatDogInvocationDeclined(seat=1, card=ZONING_COMMISSIONER, target=ACTIVE)
    assert not any(isinstance(event, DogEatDogPaidToBank) for event in events)
    assert other.players[ACTIVE].corporate == 18


@pytest.mark.rule("AUCTION-ELIGIBLE")
@pytest.mark.rule("LOAN-WHEN")
def test_given_an_invoked_land_fee_when_the_active_player_cannot_pay_it_in_his_move_then_the_bank_lends_him_the_shortfall_auction_eligible_loan_when() -> (
    None
):
    state = at_home_with(ZONING_COMMISSIONER, 1)
    state.players[ACTIVE].corporate = 9
    act(state, ACTIVE, DogEatDogDiceBid(square="A", offer=7), dice=(3, 4))
    act(state, 1, DogEatDogInvoke())
    events = act(state, ACTIVE, DogEatDogDeclineBribe())
    assert events[3:5] == [
        DogEatDogLoanTaken(seat=ACTIVE, amount=3),
        DogEatDogPaidToBank(seat=ACTIVE, amount=5, reason=ZONING_COMMISSIONER),
    ]


@pytest.mark.rule("LAW-OWNED")
def test_given_a_standing_instruction_to_invoke_when_the_trigger_occurs_again_for_that_target_then_it_answers_for_the_owner_law_owned() -> (
    None
):
    state = owned(WAGE_INSPECTOR, 0)
    state.players[ACTIVE].corporate = 1  # too little to bribe: no chain
    at_step(state, Step.PAYROLL)
    events = act(state, 0, DogEatDogInvoke(standing=True))
    assert events[:2] == [
        DogEatDogInstructionGiven(seat=0, card=WAGE_INSPECTOR, target=ACTIVE, invoke=True),
        DogEatDogLawInvoked(seat=0, card=WAGE_INSPECTOR, target=ACTIVE),
    ]
    assert state.players[0].instructions == {(WAGE_INSPECTOR, ACTIVE): True}
    # Next time, nobody is asked: the instruction answers, recorded as his.
    again = owned(WAGE_INSPECTOR, 0)
    again.players[ACTIVE].corporate = 1
    again.players[0].instructions = dict(state.players[0].instructions)
    events = at_step(again, Step.PAYROLL)
    began = events.index(DogEatDogStepBegan(seat=ACTIVE, step=Step.PAYROLL))
    assert events[began + 1 : began + 3] == [
        DogEatDogLawInvoked(seat=0, card=WAGE_INSPECTOR, target=ACTIVE, standing=True),
        DogEatDogInvocationResolved(card=WAGE_INSPECTOR, target=ACTIVE, applies=True),
    ]
    # Against another target he is asked as before.
    other = owned(WAGE_INSPECTOR, 0)
    other.players[0].instructions = dict(state.players[0].instructions)
    assert at_step(other, Step.PAYROLL, seat=3)[-1] == DogEatDogStepBegan(seat=3, step=Step.PAYROLL)
    assert flow.awaited(other) == invoke_question(0)


@pytest.mark.rule("LAW-OWNED")
def test_given_a_standing_instruction_never_to_invoke_then_the_tax_law_is_declined_for_him_and_the_move_goes_on_law_owned_tax_pass() -> (
    None
):
    state = owned(TAX_ASSESSOR, 1)
    state.players[1].instructions[(TAX_ASSESSOR, ACTIVE)] = False
    state.players[ACTIVE].runner = 3
    events = play_on(state, dice=(1, 2))
    assert DogEatDogInvocationOffered(seat=1, card=TAX_ASSESSOR, target=ACTIVE, space=4) in events
    assert DogEatDogInvocationDeclined(seat=1, card=TAX_ASSESSOR, target=ACTIVE, standing=True) in events
    assert not any(isinstance(event, DogEatDogTaxPaid) for event in events)
    assert flow.awaited(state) == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.ACQUISITION)


@pytest.mark.rule("LAW-OWNED")
@pytest.mark.rule("TURN-WINDOW")
def test_given_a_standing_instruction_then_its_owner_may_withdraw_it_in_an_open_window_and_is_asked_again_law_owned_turn_window(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    without_trades(monkeypatch)
    state = owned(WAGE_INSPECTOR, 0)
    state.players[0].instructions[(WAGE_INSPECTOR, ACTIVE)] = True
    state.players[0].embezzled_round = state.round  # nothing else to do in a window
    for seat in (1, 3):
        state.players[seat].embezzled_round = state.round
    state.players[ACTIVE].embezzled_round = state.round
    events = play_on(state, dice=(1, 2), windows=True)
    assert flow.awaited(state) == DogEatDogDecision(seat=0, kind=DecisionKind.WINDOW)
    asked = flow.awaited(state)
    assert asked is not None
    withdraw = DogEatDogWithdrawInstruction(card=WAGE_INSPECTOR, target=ACTIVE)
    assert decisions.legal_actions(state, asked) == [DogEatDogPass(), withdraw]
    with pytest.raises(RuleViolation) as refusal:
        act(state, 0, DogEatDogWithdrawInstruction(card=WAGE_INSPECTOR, target=3), windows=True)
    assert refusal.value.rule == "LAW-OWNED"
    events = act(state, 0, withdraw, windows=True)
    assert events[:2] == [
        DogEatDogInstructionWithdrawn(seat=0, card=WAGE_INSPECTOR, target=ACTIVE),
        DogEatDogWindowClosed(),  # nobody has anything left to do in it
    ]
    assert state.players[0].instructions == {}


@pytest.mark.rule("LAW-OWNED")
@pytest.mark.rule("BRIBE-CHAIN")
def test_given_a_standing_instruction_when_its_owner_loses_the_official_then_it_lapses_law_owned_bribe_chain() -> None:
    state = owned(WAGE_INSPECTOR, 0)
    at_step(state, Step.PAYROLL)
    act(state, 0, DogEatDogInvoke(standing=True))
    act(state, ACTIVE, DogEatDogBribe(card=WAGE_INSPECTOR, offer=10), dice=(1, 1))
    assert state.players[0].instructions == {}
