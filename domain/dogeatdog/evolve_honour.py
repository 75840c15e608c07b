"""Applying the events of the honour system (``domain.events.dogeatdog.honour``): part of
``evolve``, registered on its dispatcher. Never validates, never fails: every amount comes from
the event; a blanked shortfall (a view's, never the store's) records nothing."""

from __future__ import annotations

from domain.dogeatdog.evolve import evolve
from domain.dogeatdog.state import Compliance, DogEatDogState, Violation
from domain.events.dogeatdog import (
    DogEatDogComplianceAnswered,
    DogEatDogComplianceAsked,
    DogEatDogViolationDenounced,
    DogEatDogViolationExpired,
    DogEatDogViolationReported,
)

_MARKERS = "pollute"  # the question of the pollution duty: its shortfall counts markers


@evolve.register
def _(event: DogEatDogComplianceAsked, state: DogEatDogState) -> None:
    state.turn.compliance = Compliance(
        seat=event.seat,
        question=event.question,
        rule=event.rule,
        due=event.due,
        lawful=event.lawful,
        count=event.count,
        item=event.item,
        square=event.square,
    )
    if event.space is not None:
        state.turn.cursor = event.space


@evolve.register
def _(event: DogEatDogComplianceAnswered, state: DogEatDogState) -> None:
    state.turn.compliance = None
    if not isinstance(event.shortfall, int):
        return
    state.turn.answers[event.question] = event.shortfall
    same = (event.seat, event.rule, event.turn)
    known = next((v for v in state.violations if (v.seat, v.rule, v.turn) == same), None)
    if event.shortfall > 0 and known is not None:
        known.shortfall += event.shortfall  # one violation of a law in a turn, added up
    elif event.shortfall > 0:
        violation = Violation(
            seat=event.seat,
            rule=event.rule,
            turn=event.turn,
            shortfall=event.shortfall,
            markers=event.question == _MARKERS,
        )
        state.violations.append(violation)


def _resolve(state: DogEatDogState, seat: int, rule: str, turn: int) -> None:
    state.violations = [
        v for v in state.violations if (v.seat, v.rule, v.turn) != (seat, rule, turn)
    ]


@evolve.register
def _(event: DogEatDogViolationDenounced, state: DogEatDogState) -> None:
    _resolve(state, event.violator, event.rule, event.turn)
    state.players[event.violator].corporate -= event.paid
    state.players[event.seat].corporate += event.bounty


@evolve.register
def _(event: DogEatDogViolationReported, state: DogEatDogState) -> None:
    _resolve(state, event.seat, event.rule, event.turn)
    state.players[event.seat].corporate -= event.paid


@evolve.register
def _(event: DogEatDogViolationExpired, state: DogEatDogState) -> None:
    _resolve(state, event.seat, event.rule, event.turn)
