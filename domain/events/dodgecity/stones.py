"""Stones and buildings: claims, placements, removals, transfers, sales, closures."""

from __future__ import annotations

from domain.dodgecity.figures import Figure
from domain.events.base import DomainEvent
from domain.events.dodgecity.values import Cell


class BuildingClaimed(DomainEvent, frozen=True):
    """The first stone into an unclaimed building gave it a figure and used one of that figure's
    symbol discs ([PLACE-CLAIM])."""

    seat: int
    building: str
    figure: Figure


class StoneBought(DomainEvent, frozen=True):
    """A player paid the bank for a stone and placed it ([BUY-PRICE], [PLACE-FIELD])."""

    seat: int
    building: str
    cell: Cell
    price: int


class StonePlaced(DomainEvent, frozen=True):
    """A free stone was placed, from a picture card or an event card (``cause`` names it)."""

    seat: int
    building: str
    cell: Cell
    cause: str


class StoneRemoved(DomainEvent, frozen=True):
    """A stone left the board for its owner's supply, with no refund. ``by`` is who removed it;
    ``cause`` is the Indian card, ``duel``, or the event card."""

    by: int
    owner: int
    building: str
    cell: Cell
    cause: str


class StoneRemovalDeclined(DomainEvent, frozen=True):
    """A duel winner chose to remove no stone ([DUEL-WIN])."""

    seat: int


class StoneTransferred(DomainEvent, frozen=True):
    """A stone was replaced on its field by one of ``recipient``'s colour; when the recipient had
    no stone left, ``replaced`` is false and the field is simply emptied ([EVENT-TRANSFER])."""

    owner: int
    recipient: int
    building: str
    cell: Cell
    replaced: bool
    cause: str


class StoneSold(DomainEvent, frozen=True):
    """The bank bought a player's stone at the forced-sale price ([EVENT-SELL])."""

    seat: int
    building: str
    cell: Cell
    amount: int


class BuildingNeutralised(DomainEvent, frozen=True):
    """A full building nobody controlled closed: its stones went home, its value disc left the
    game ([PLACE-NEUTRAL])."""

    building: str


class BuildingScored(DomainEvent, frozen=True):
    """A building was won: its stones went home, the winner took its value disc and the rent
    ([SCORE-BUILDING])."""

    seat: int
    building: str
    points: int
    rent: int
