"""Drawing and resolving event cards (section 9)."""

from __future__ import annotations

from enum import StrEnum

from domain.events.base import DomainEvent


class EffectOutcome(StrEnum):
    DONE = "done"  # carried out in full
    PARTIAL = "partial"  # carried out as far as possible ([EVENT-POSSIBLE])
    SKIPPED = "skipped"  # impossible, or part of a linked card without its stone
    DECLINED = "declined"  # an optional effect the drawer chose not to use


class EventCardDrawn(DomainEvent, frozen=True):
    """A player turned up the top event card; he resolves it now ([EVENT-RESOLVE])."""

    seat: int
    event: str


class RecipientChosen(DomainEvent, frozen=True):
    """The drawer named the opponent who receives his stones ([EVENT-TRANSFER])."""

    seat: int
    recipient: int
    event: str


class EventEffectEnded(DomainEvent, frozen=True):
    """One clause of the event card is finished (index into the card's effects)."""

    seat: int
    event: str
    effect: int
    outcome: EffectOutcome


class EventCardResolved(DomainEvent, frozen=True):
    """The event card is resolved and goes face up onto the event discard pile."""

    seat: int
    event: str
