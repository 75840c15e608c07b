"""The duel round: challenges, duels and control disputes (section 8)."""

from __future__ import annotations

from enum import StrEnum

from domain.events.base import DomainEvent


class PassReason(StrEnum):
    NO_OPPONENT = "no_opponent"
    FORCED_INDIAN = "forced_indian"
    CHOSE_TO_PASS = "chose_to_pass"


class ChallengeIssued(DomainEvent, frozen=True):
    """The challenger named an opponent and a building they share ([DUEL-CHAIN])."""

    challenger: int
    opponent: int
    building: str


class ChallengePassed(DomainEvent, frozen=True):
    """A player in the chain passed the right on ([DUEL-CHAIN])."""

    seat: int
    reason: PassReason


class DuelFought(DomainEvent, frozen=True):
    """Both committed cards were revealed and compared ([DUEL-WIN], [DUEL-QUESTION]); ``winner`` is
    None when nobody won."""

    challenger: int
    opponent: int
    building: str
    challenger_card: str
    opponent_card: str
    winner: int | None


class DisputeResolved(DomainEvent, frozen=True):
    """Several controllers of one building compared their duel cards; ``winner`` alone may score it
    this pass, or nobody when the top rank was shared ([DUEL-DISPUTE])."""

    building: str
    contenders: tuple[int, ...]
    winner: int | None
