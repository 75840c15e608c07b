"""The end of the game (section 10)."""

from __future__ import annotations

from domain.events.base import DomainEvent
from domain.events.dodgecity.values import EndReason


class TieDuelCardDrawn(DomainEvent, frozen=True):
    """A player tied for most points drew a card for the final duel ([END-TIE]); it is public and
    goes to the discard pile."""

    seat: int
    card: str
    duel_round: int


class GameEnded(DomainEvent, frozen=True):
    """The game is over; everything is public from now on ([SEE-END])."""

    reason: EndReason
    winners: tuple[int, ...]
    points: tuple[int, ...]
