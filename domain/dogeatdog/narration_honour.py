"""The honour system in plain English (part of ``narration``, registered on its dispatcher): a
shortfall is told only as the event carries it, so a blanked one (``"?"``) says nothing of
whether the answer was a breach ([SEE-PRIVATE])."""

from __future__ import annotations

from domain.dogeatdog.narration import _Names, _tell, card_name
from domain.events.dogeatdog import (
    DogEatDogComplianceAnswered,
    DogEatDogComplianceAsked,
    DogEatDogViolationDenounced,
    DogEatDogViolationExpired,
    DogEatDogViolationReported,
)

_QUESTIONS = {
    "wages": "his wages",
    "taxes": "his taxes",
    "pollute": "the pollution he made",
    "hire": "hiring",
    "fire": "firing",
    "buy": "buying",
    "sell": "selling",
    "extract": "extracting",
    "land": "the square he gained",
}


def _rule(rule: str) -> str:
    return "the pollution duty" if rule == "PRODUCE-POLLUTE" else f"{card_name(rule)}'s law"


def _paid(paid: int, waived: int) -> str:
    return f"${paid}M" + (f" (${waived}M waived)" if waived else "")


@_tell.register
def _(event: DogEatDogComplianceAsked, name: _Names) -> str:
    question = _QUESTIONS.get(event.question, event.question)
    due = f"{event.due} markers" if event.question == "pollute" else f"${event.due}M"
    return f"{name(event.seat)} owed {due} for {question} under {_rule(event.rule)}."


@_tell.register
def _(event: DogEatDogComplianceAnswered, name: _Names) -> str:
    if isinstance(event.shortfall, int) and event.shortfall:
        return f"{name(event.seat)} breached {_rule(event.rule)}, {event.shortfall} short."
    if isinstance(event.shortfall, int):
        return f"{name(event.seat)} complied with {_rule(event.rule)}."
    return f"{name(event.seat)} answered."


@_tell.register
def _(event: DogEatDogViolationDenounced, name: _Names) -> str:
    denounced = (
        f"{name(event.seat)} denounced {name(event.violator)}'s breach of {_rule(event.rule)}"
    )
    paid = f"{name(event.violator)} paid {_paid(event.paid, event.waived)} with the fine"
    return f"{denounced} in turn {event.turn}: {paid}, and the bank paid ${event.bounty}M."


@_tell.register
def _(event: DogEatDogViolationReported, name: _Names) -> str:
    reported = f"{name(event.seat)} reported his breach of {_rule(event.rule)} in turn {event.turn}"
    return f"{reported} and paid {_paid(event.paid, event.waived)}."


@_tell.register
def _(event: DogEatDogViolationExpired, name: _Names) -> str:
    if isinstance(event.shortfall, int):
        breach = f"breach of {_rule(event.rule)} in turn {event.turn}"
        return f"{name(event.seat)}'s {breach} expired unpunished."
    return f"Something of {name(event.seat)}'s expired."
