"""What a seat can be asked, and what it can send back: one tagged struct per kind of action.

``legal_actions`` lists ready-made instances, which go straight back to ``act``; over JSON they are
objects tagged by ``"kind"``, decoded with :data:`ACTION_TYPE`.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec
from domain.offers import ANSWER, AnswerOffer, WithdrawOffer

from tests.kernel.toy.events import Choice


class ToyAction(msgspec.Struct, frozen=True, kw_only=True, tag_field="kind", forbid_unknown_fields=True):
    pass


class ToyCommit(ToyAction, frozen=True, tag="commit"):
    """Secretly bet or check ([TOY-COMMIT])."""

    choice: Choice


class ToyCall(ToyAction, frozen=True, tag="call"):
    """Match the other seat's bet ([TOY-REACT])."""


class ToyFold(ToyAction, frozen=True, tag="fold"):
    """Give up the pot to the other seat's bet ([TOY-FOLD])."""


class ToyPropose(ToyAction, frozen=True, tag="propose"):
    """Offer the other seat ``gives`` chips of one's purse for ``asks`` chips of its purse,
    with a note ([TOY-OFFER], [OFFER-NOTE])."""

    gives: int
    asks: int
    note: str = ""


#: The kernel's answer and withdrawal are toy actions too (docs/OFFERS.md).
ACTION_TYPE = ToyCommit | ToyCall | ToyFold | ToyPropose | AnswerOffer | WithdrawOffer
ToyMove = ToyAction | AnswerOffer | WithdrawOffer


class ToyDecisionKind(StrEnum):
    COMMIT = "commit"  # both seats at once, independently
    REACT = "react"  # the seat that checked, facing a bet
    ANSWER = ANSWER  # the recipient of an open offer, before its commitment


class ToyDecision(msgspec.Struct, frozen=True, kw_only=True):
    """A decision the game waits for: ``seat`` must ``kind`` (``offer``: the offer to answer)."""

    seat: int
    kind: ToyDecisionKind
    offer: int | None = None


#: The action kinds each decision accepts.
ACCEPTS: dict[ToyDecisionKind, tuple[type[ToyMove], ...]] = {
    ToyDecisionKind.COMMIT: (ToyCommit,),
    ToyDecisionKind.REACT: (ToyCall, ToyFold),
    ToyDecisionKind.ANSWER: (AnswerOffer,),
}
