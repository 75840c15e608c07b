"""The facts of owned laws (RULES.md section 9, [LAW-OWNED]): an owner asked whether he invokes
his official's law against the active player, the invocation (a bribery chain follows,
[BRIBE-CHAIN]) or its refusal, and the result ([BRIBE-RESULT]). All public ([SEE-PUBLIC])."""

from __future__ import annotations

from domain.events.base import DomainEvent


class DogEatDogInvocationOffered(DomainEvent, frozen=True, tag="dogeatdog.InvocationOffered"):
    """``seat`` is asked whether he invokes the law of ``card`` against ``target`` now, as its
    trigger occurs in the move at the track space after ``space``, whose spaces follow once it
    is decided ([LAW-OWNED], [MOVE-ORDER])."""

    seat: int
    card: str
    target: int
    space: int


class DogEatDogLawInvoked(DomainEvent, frozen=True, tag="dogeatdog.LawInvoked"):
    """``seat`` invokes the law of ``card``, his official, against ``target`` this turn; a
    bribery chain with ``target`` follows ([BRIBE-CHAIN])."""

    seat: int
    card: str
    target: int


class DogEatDogInvocationDeclined(DomainEvent, frozen=True, tag="dogeatdog.InvocationDeclined"):
    """``seat`` does not invoke the law of ``card`` against ``target`` this turn."""

    seat: int
    card: str
    target: int


class DogEatDogInvocationResolved(DomainEvent, frozen=True, tag="dogeatdog.InvocationResolved"):
    """The chain is over: the law of ``card`` applies to ``target`` for the rest of his turn
    (``applies``) unless he now owns the official ([BRIBE-RESULT])."""

    card: str
    target: int
    applies: bool


LAW_EVENTS: tuple[type[DomainEvent], ...] = (
    DogEatDogInvocationOffered,
    DogEatDogLawInvoked,
    DogEatDogInvocationDeclined,
    DogEatDogInvocationResolved,
)
