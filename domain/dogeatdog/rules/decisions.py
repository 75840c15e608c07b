"""Whose decision the game awaits, what that seat may send, what the rules send in its place
when its time runs out, and acting on it ([TURN-DECISIONS]): one seat at a time, each action
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
)
from domain.dogeatdog.rules import setup
from domain.dogeatdog.state import DogEatDogState
from domain.errors import RuleViolation
from domain.ruleset import GameStatus


def awaited(state: DogEatDogState) -> DogEatDogDecision | None:
    """The one decision awaited now, or None (in the lobby, once the game has ended)."""
    if state.status is not GameStatus.RUNNING:
        return None
    chooser = setup.chooser(state)
    if chooser is not None:
        return DogEatDogDecision(seat=chooser, kind=DecisionKind.DIVISION)
    return None


def legal_actions(state: DogEatDogState, decision: DogEatDogDecision) -> list[DogEatDogAction]:
    if decision.kind is DecisionKind.DIVISION:
        return [DogEatDogChooseDivision(division=card) for card in state.free_divisions()]
    raise AssertionError(f"no actions for {decision.kind}")  # every kind is listed above


def default_action(state: DogEatDogState, decision: DogEatDogDecision) -> DogEatDogAction:
    """The least active choice ([TURN-DECISIONS], R46), on public grounds only."""
    if decision.kind is DecisionKind.DIVISION:
        return DogEatDogChooseDivision(division=setup.default_division(state))
    raise AssertionError(f"no default for {decision.kind}")  # every kind is listed above


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
        raise RuleViolation(
            RULE_OF[decision.kind], f"{decision.kind} is asked, not {action.__struct_config__.tag}"
        )
    if isinstance(action, DogEatDogChooseDivision):
        setup.check_division(state, seat, action.division)


def act(
    ctx: Context[DogEatDogState],
    seat: int,
    action: DogEatDogAction,
    pending: Sequence[DogEatDogDecision],
) -> None:
    state = ctx.state
    decision = asked(state, seat, pending)
    check(state, seat, action, decision)
    if isinstance(action, DogEatDogChooseDivision):
        setup.choose_division(ctx, seat, action.division)
