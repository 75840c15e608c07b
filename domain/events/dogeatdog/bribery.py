"""The facts of bribery (RULES.md section 9): an official offered to seats in turn, each one's
answer, the committed offer paid to the bank whatever happens, and the official won or kept.

Every offer, roll and outcome is public ([SEE-PUBLIC], [RNG-COMMIT-FIRST]); the roll itself is a
``DiceRolled`` of purpose ``bribe`` between the offer and its outcome ([RNG-STEPS]).
"""

from __future__ import annotations

from domain.events.base import DomainEvent
from domain.events.dogeatdog.values import BriberyOccasion


class DogEatDogBriberyOffered(DomainEvent, frozen=True, tag="dogeatdog.BriberyOffered"):
    """``card`` is offered for one attempt to each of ``seats`` in that order, on ``occasion``;
    ``card`` is None when the briber names one of the public laws ([BRIBE-LAW-LATER]).
    ``space`` is the track space of the move where it was offered, whose spaces after it follow
    once it is decided ([MOVE-ORDER]); None before the runner moved ([BRIBE-INITIAL]) or outside
    the move."""

    card: str | None
    occasion: BriberyOccasion
    seats: tuple[int, ...]
    space: int | None = None


class DogEatDogBribeDeclined(DomainEvent, frozen=True, tag="dogeatdog.BribeDeclined"):
    """``seat`` declined his attempt ([BRIBE-FRESH], [BRIBE-CHAIN])."""

    seat: int


class DogEatDogBribeAttempted(DomainEvent, frozen=True, tag="dogeatdog.BribeAttempted"):
    """``seat`` offers ``offer`` $M for ``card`` and pays it to the bank whatever the roll
    ([BRIBE-ATTEMPT], [BRIBE-BANK]); the roll follows."""

    seat: int
    card: str
    offer: int


class DogEatDogOfficialBribed(DomainEvent, frozen=True, tag="dogeatdog.OfficialBribed"):
    """The roll was at most the offer: ``seat`` owns ``card`` now, taken from ``from_seat``
    (None: from the Public Laws sheet)."""

    seat: int
    card: str
    from_seat: int | None = None


class DogEatDogBribeFailed(DomainEvent, frozen=True, tag="dogeatdog.BribeFailed"):
    """The roll was above ``seat``'s offer: ``card`` stays where it was."""

    seat: int
    card: str


class DogEatDogBriberyEnded(DomainEvent, frozen=True, tag="dogeatdog.BriberyEnded"):
    """Nobody more is offered an attempt at ``card`` now (None: none was named)."""

    card: str | None


BRIBERY_EVENTS: tuple[type[DomainEvent], ...] = (
    DogEatDogBriberyOffered,
    DogEatDogBribeDeclined,
    DogEatDogBribeAttempted,
    DogEatDogOfficialBribed,
    DogEatDogBribeFailed,
    DogEatDogBriberyEnded,
)
