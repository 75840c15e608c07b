"""What the seat asked may send, what the rules send in its place when its time runs out, and
acting on it ([TURN-DECISIONS]): one seat at a time (``rules/flow.py`` says who), each action
checked against the decision asked and refused with the rule that governs it."""

from __future__ import annotations

from collections.abc import Sequence

from domain.context import Context
from domain.dogeatdog.actions import (
    ACCEPTS,
    RULE_OF,
    DecisionKind,
    DogEatDogAction,
    DogEatDogChooseDivision,
    DogEatDogDecision,
    DogEatDogLetPass,
    DogEatDogMoveToSwiss,
    DogEatDogPass,
)
from domain.dogeatdog.rules import flow, move, setup
from domain.dogeatdog.state import DogEatDogState
from domain.errors import RuleViolation
from domain.events.dogeatdog import DogEatDogAcquisitionLetPass, DogEatDogMovedToSwiss


def legal_actions(state: DogEatDogState, decision: DogEatDogDecision) -> list[DogEatDogAction]:
    match decision.kind:
        case DecisionKind.DIVISION:
            return [DogEatDogChooseDivision(division=card) for card in state.free_divisions()]
        case DecisionKind.WINDOW:
            return [DogEatDogPass()]
        case DecisionKind.ACQUISITION:
            return [DogEatDogLetPass()]  # auctions and dice bids are not built yet
        case DecisionKind.GENEVA:
            corporate = state.players[decision.seat].corporate
            return [DogEatDogMoveToSwiss(amount=amount) for amount in range(corporate + 1)]


def default_action(state: DogEatDogState, decision: DogEatDogDecision) -> DogEatDogAction:
    """The least active choice ([TURN-DECISIONS], R46), on public grounds only."""
    match decision.kind:
        case DecisionKind.DIVISION:
            return DogEatDogChooseDivision(division=setup.default_division(state))
        case DecisionKind.WINDOW:
            return DogEatDogPass()
        case DecisionKind.ACQUISITION:
            return DogEatDogLetPass()
        case DecisionKind.GENEVA:
            return DogEatDogMoveToSwiss(amount=0)


def asked(
    state: DogEatDogState, seat: int, pending: Sequence[DogEatDogDecision]
) -> DogEatDogDecision:
    """The decision ``seat`` is asked now; refused ([TURN-DECISIONS]) when it is asked none."""
    if not pending or pending[0].seat != seat:
        raise RuleViolation("TURN-DECISIONS", f"seat {seat + 1} is asked nothing now")
    return pending[0]


def check(
    state: DogEatDogState, seat: int, action: DogEatDogAction, decision: DogEatDogDecision
) -> None:
    """Refuse ``action`` unless it answers ``decision``, naming the rule it breaks."""
    if not isinstance(action, ACCEPTS[decision.kind]):
        tag = action.__struct_config__.tag
        raise RuleViolation(RULE_OF[decision.kind], f"{decision.kind} is asked, not {tag}")
    if isinstance(action, DogEatDogChooseDivision):
        setup.check_division(state, seat, action.division)
    elif isinstance(action, DogEatDogMoveToSwiss):
        corporate = state.players[seat].corporate
        if not 0 <= action.amount <= corporate:
            raise RuleViolation("GENEVA-LAND", f"any whole amount from $0M to ${corporate}M")


def act(
    ctx: Context[DogEatDogState],
    seat: int,
    action: DogEatDogAction,
    pending: Sequence[DogEatDogDecision],
) -> None:
    state = ctx.state
    decision = asked(state, seat, pending)
    check(state, seat, action, decision)
    prompt = state.turn.prompt
    if isinstance(action, DogEatDogChooseDivision):
        setup.choose_division(ctx, seat, action.division)
    elif isinstance(action, DogEatDogPass):
        flow.pass_window(ctx, seat)
    elif isinstance(action, DogEatDogLetPass) and prompt is not None:
        ctx.emit(DogEatDogAcquisitionLetPass(seat=seat, space=prompt.space))
        move.resume(ctx, after=prompt.space)
    elif isinstance(action, DogEatDogMoveToSwiss) and prompt is not None:
        ctx.emit(DogEatDogMovedToSwiss(seat=seat, amount=action.amount))
        if flow.check_swiss_target(ctx, seat):
            return
        move.resume(ctx, after=prompt.space)
    flow.advance(ctx)
