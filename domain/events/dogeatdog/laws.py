"""The facts of owned laws (RULES.md section 9, [LAW-OWNED]): an owner asked whether he invokes
his official's law against the active player (or whoever gains a square), the invocation (a
bribery chain follows, [BRIBE-CHAIN]) or its refusal, the result ([BRIBE-RESULT]), and the
standing instructions that answer for an owner. All public ([SEE-PUBLIC])."""

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
    bribery chain with ``target`` follows ([BRIBE-CHAIN]). ``standing``: his standing
    instruction answered for him."""

    seat: int
    card: str
    target: int
    standing: bool = False


class DogEatDogInvocationDeclined(DomainEvent, frozen=True, tag="dogeatdog.InvocationDeclined"):
    """``seat`` does not invoke the law of ``card`` against ``target`` this turn;
    ``standing``: his standing instruction answered for him."""

    seat: int
    card: str
    target: int
    standing: bool = False


class DogEatDogInvocationResolved(DomainEvent, frozen=True, tag="dogeatdog.InvocationResolved"):
    """The chain is over: the law of ``card`` applies to ``target`` for the rest of his turn
    (``applies``) unless he now owns the official ([BRIBE-RESULT])."""

    card: str
    target: int
    applies: bool


class DogEatDogInstructionGiven(DomainEvent, frozen=True, tag="dogeatdog.InstructionGiven"):
    """``seat`` leaves a standing instruction: whenever the trigger of his official ``card``'s
    law occurs for ``target`` again, invoke it (``invoke``) or not, without asking him, until
    he withdraws it or loses the official ([LAW-OWNED])."""

    seat: int
    card: str
    target: int
    invoke: bool


class DogEatDogInstructionWithdrawn(DomainEvent, frozen=True, tag="dogeatdog.InstructionWithdrawn"):
    """``seat`` withdrew his standing instruction about ``card`` and ``target`` in an open
    window: he is asked again ([LAW-OWNED])."""

    seat: int
    card: str
    target: int


LAW_EVENTS: tuple[type[DomainEvent], ...] = (
    DogEatDogInvocationOffered,
    DogEatDogLawInvoked,
    DogEatDogInvocationDeclined,
    DogEatDogInvocationResolved,
    DogEatDogInstructionGiven,
    DogEatDogInstructionWithdrawn,
)
