"""The facts of the honour system (RULES.md section 20a, only with [VAR-HONOUR]): a payment or a
placement a law or the pollution duty governs, the payer's answer (comply or breach), and what
becomes of a violation: denounced, self-reported or expired.

A violation is private to its violator until it is denounced or self-reported ([SEE-PRIVATE]):
``event_view`` blanks the ``shortfall`` of an answer and of an expiry to ``"?"`` for every other
seat and for spectators until the game ends ([SEE-END]); the question, who answered it and the
payment or placement that follows are public, as at the table (a breach shows in what was paid
or placed, which is why a refused denunciation reveals nothing, [HONOUR-DENOUNCE]). With
[VAR-OPEN-INFO] the events say ``public`` and nothing is blanked."""

from __future__ import annotations

from domain.events.base import DomainEvent
from domain.events.dogeatdog.values import Hidden


class DogEatDogComplianceAsked(DomainEvent, frozen=True, tag="dogeatdog.ComplianceAsked"):
    """``seat`` owes ``due`` ($M, or markers for the pollution duty) where ``rule`` (a law's
        card, or ``PRODUCE-POLLUTE``) governs ``question`` (``wages``, ``taxes``, ``pollute``,
    ``hire``, ``fire``, ``buy``, ``sell``, ``extract``, ``land``);
        without it he would owe ``lawful``. He complies or breaches ([HONOUR-BREACH]). A question
        in the move pauses it at the track space after ``space``."""

    seat: int
    question: str
    rule: str
    due: int
    lawful: int
    space: int | None = None
    count: int = 0  # workers hired or fired, units sold, or a square's price, for those questions
    item: str = ""  # the good to buy or extract, for those questions
    square: str = ""  # the square to extract from, for that question


class DogEatDogComplianceAnswered(DomainEvent, frozen=True, tag="dogeatdog.ComplianceAnswered"):
    """``seat`` answered the question of ``rule`` in turn ``turn``: ``shortfall`` is what he
    did not pay or place (0: he complied; more: a violation, private, [HONOUR-BREACH])."""

    seat: int
    question: str
    rule: str
    turn: int
    shortfall: int | Hidden
    public: bool = False  # [VAR-OPEN-INFO]


class DogEatDogViolationDenounced(DomainEvent, frozen=True, tag="dogeatdog.ViolationDenounced"):
    """``seat`` denounced ``violator``'s live violation of ``rule`` in turn ``turn``
    ([HONOUR-DENOUNCE]): he pays the ``shortfall`` (money) and the fine, ``paid`` $M in all and
    ``waived`` $M he could not pay ([INSOLVENT-OFFTURN]); markers missing are placed after this
    event; the bank pays ``seat`` ``bounty`` $M."""

    seat: int
    violator: int
    rule: str
    turn: int
    shortfall: int
    paid: int
    waived: int
    bounty: int


class DogEatDogViolationReported(DomainEvent, frozen=True, tag="dogeatdog.ViolationReported"):
    """``seat`` reported his own live violation of ``rule`` in turn ``turn``
    ([HONOUR-SELF-REPORT]): he pays its money ``shortfall``, ``paid`` $M and ``waived`` $M
    he could not pay; markers missing are placed after this event; no fine, no bounty."""

    seat: int
    rule: str
    turn: int
    shortfall: int
    paid: int
    waived: int


class DogEatDogViolationExpired(DomainEvent, frozen=True, tag="dogeatdog.ViolationExpired"):
    """``seat``'s violation of ``rule`` in turn ``turn`` expired unpunished as his next turn
    began ([HONOUR-EXPIRE]); its ``shortfall`` stays his alone until the end ([SEE-END])."""

    seat: int
    rule: str
    turn: int
    shortfall: int | Hidden
    public: bool = False  # [VAR-OPEN-INFO]


#: The honour system's events whose ``shortfall`` only the violator may see.
PRIVATE_VIOLATION_EVENTS: tuple[type[DomainEvent], ...] = (
    DogEatDogComplianceAnswered,
    DogEatDogViolationExpired,
)

HONOUR_EVENTS: tuple[type[DomainEvent], ...] = (
    DogEatDogComplianceAsked,
    DogEatDogComplianceAnswered,
    DogEatDogViolationDenounced,
    DogEatDogViolationReported,
    DogEatDogViolationExpired,
)
