"""Money changing hands."""

from __future__ import annotations

from domain.events.base import DomainEvent


class MoneyReceived(DomainEvent, frozen=True):
    """The bank paid a player ([SET-NUMBER], event cards); ``cause`` names the card."""

    seat: int
    amount: int
    cause: str


class MoneyPaid(DomainEvent, frozen=True):
    """A player paid ``amount`` to the bank (``to`` is None) or to another seat. ``waived`` is what
    he still owed after selling everything ([EVENT-SELL])."""

    seat: int
    amount: int
    to: int | None
    waived: int
    cause: str
