"""Where the game stands in a pass: passes, rounds and setting turns."""

from __future__ import annotations

from domain.events.base import DomainEvent
from domain.events.dodgecity.values import Stage


class PassBegan(DomainEvent, frozen=True):
    number: int


class StageBegan(DomainEvent, frozen=True):
    """A round (or a stage of the duel round) began.

    Entering ``setting_round_1`` ends the start round: the revealed start cards go face up onto the
    discard pile. Entering ``scoring`` ends the duel round: every committed card goes to the discard
    pile, face up if it was revealed and face down otherwise ([DUEL-DISCARD], [PASS-DISCARD]).
    """

    stage: Stage


class TurnBegan(DomainEvent, frozen=True):
    """A player's setting turn began ([SET-PLAY])."""

    seat: int


class TurnEnded(DomainEvent, frozen=True):
    """A player ended his setting turn ([SET-END])."""

    seat: int
