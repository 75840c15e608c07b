"""What a seat is asked in BANG! – Dodge City, and what it may send back.

Every decision of [FLOW-DECISIONS] is a :class:`BangDecision` of one kind; at most one seat is
asked at a time ([FLOW-ONE-DECIDER]). Each action is a tagged struct (``"kind"``); ``legal_actions``
lists ready-made ones, which go straight back to ``act``.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

from domain.bang.naming import prefix

#: A target's card to take or discard: ``"hand"`` for a random hand card, else the id of a card
#: in play in front of him ([SYM-DRAW], [SYM-DISCARD]).
RANDOM_HAND_CARD = "hand"


class BangAction(
    msgspec.Struct, frozen=True, kw_only=True, tag_field="kind", forbid_unknown_fields=True
):
    pass


class PlayCard(BangAction, frozen=True, tag="play_card"):
    """Play ``card`` from hand at ``target``; ``pick`` says which of the target's cards a take or
    discard effect reaches; ``cost`` is the other hand card discarded for the two-cards symbol
    ([SYM-DISCARD-COST])."""

    card: str
    target: int | None = None
    pick: str | None = None
    cost: str | None = None


class UseCard(BangAction, frozen=True, tag="use_card"):
    """Use the active green ``card`` in front of you ([BORDER-GREEN-USE])."""

    card: str
    target: int | None = None
    pick: str | None = None


class PayLife(BangAction, frozen=True, tag="pay_life"):
    """Chuck Wengam: lose a life point to draw 2 cards ([CHAR-CHUCK-WENGAM])."""


class DocShot(BangAction, frozen=True, tag="doc_shot"):
    """Doc Holyday: discard two hand cards to hit ``target`` ([CHAR-DOC-HOLYDAY])."""

    cards: tuple[str, str]
    target: int


class TradeBlue(BangAction, frozen=True, tag="trade_blue"):
    """José Delgado: discard the blue ``card`` from hand to draw 2 cards ([CHAR-JOSE-DELGADO])."""

    card: str


class EndPlay(BangAction, frozen=True, tag="end_play"):
    """End phase II ([TURN-PLAY])."""


class DrawCheck(BangAction, frozen=True, tag="barrel"):
    """ "Draw!" for your Barrel against the hit aimed at you ([CARD-BARREL])."""


class Dodge(BangAction, frozen=True, tag="missed"):
    """Cancel the hit aimed at you with ``card``: a Missed! or Dodge from hand, an active green
    Missed!-type card in play, or (Elena Fuente) any hand card ([DEF-MISSED-TYPE])."""

    card: str


class DrinkBeer(BangAction, frozen=True, tag="beer"):
    """Play the Beer ``card`` against your pending life loss ([BEER-REACTION])."""

    card: str


class Answer(BangAction, frozen=True, tag="answer"):
    """Discard the BANG! ``card`` to answer a Duel or Indians! ([CARD-DUEL], [CARD-INDIANS])."""

    card: str


class Pass(BangAction, frozen=True, tag="pass"):
    """Let the reaction pass: take the hit, accept the loss, or not answer the Duel or Indians!.
    It tells nobody whether you could have reacted ([HIDDEN-DECLINE])."""


class Pick(BangAction, frozen=True, tag="pick"):
    """Take ``card`` from the General Store's display ([CARD-GENERAL-STORE])."""

    card: str


class Choose(BangAction, frozen=True, tag="choose"):
    """For a Brawl, or Cat Balou or Can Can played on yourself: discard ``pick`` of ``target``'s
    cards (``"hand"``: a random hand card; yourself: any card id of yours)."""

    target: int
    pick: str


class Discard(BangAction, frozen=True, tag="discard"):
    """Phase III: discard ``card`` from hand, one at a time down to your life ([TURN-DISCARD])."""

    card: str


class CopyAbility(BangAction, frozen=True, tag="copy"):
    """Vera Custer: take the ability of the character at ``seat`` ([CHAR-VERA-CUSTER])."""

    seat: int


class TakeInPlay(BangAction, frozen=True, tag="take_in_play"):
    """Pat Brennan: instead of drawing, take ``card`` from in front of ``seat``
    ([CHAR-PAT-BRENNAN])."""

    seat: int
    card: str


class DrawCards(BangAction, frozen=True, tag="draw"):
    """Pat Brennan: draw the normal way ([CHAR-PAT-BRENNAN])."""


ACTION_TYPE = (
    PlayCard
    | UseCard
    | PayLife
    | DocShot
    | TradeBlue
    | EndPlay
    | DrawCheck
    | Dodge
    | DrinkBeer
    | Answer
    | Pass
    | Pick
    | Choose
    | Discard
    | CopyAbility
    | TakeInPlay
    | DrawCards
)


class DecisionKind(StrEnum):
    """The rows of [FLOW-DECISIONS]."""

    COPY = "copy"  # 1: Vera Custer
    DRAW = "draw"  # 2: Pat Brennan
    PLAY = "play"  # 3: an idle moment of phase II
    HIT = "hit"  # 5: a hit aimed at you
    BEER = "beer"  # 6: you are about to lose life points
    DUEL = "duel"  # 7
    INDIANS = "indians"  # 8
    STORE = "store"  # 9: General Store
    BRAWL = "brawl"  # 10
    DISCARD_OWN = "discard_own"  # 11: Cat Balou or Can Can on yourself
    DISCARD = "discard"  # 13: phase III


class BangDecision(msgspec.Struct, frozen=True, kw_only=True):
    """``seat`` must decide ``kind``; ``source`` is who caused it, where someone did."""

    seat: int
    kind: DecisionKind
    source: int | None = None


#: The actions each decision accepts, besides the current player's own-turn abilities at his
#: decision points in phase II ([CHAR-OWN-TURN-ABILITIES]).
ACCEPTS: dict[DecisionKind, tuple[type[BangAction], ...]] = {
    DecisionKind.COPY: (CopyAbility,),
    DecisionKind.DRAW: (TakeInPlay, DrawCards),
    DecisionKind.PLAY: (PlayCard, UseCard, PayLife, DocShot, TradeBlue, EndPlay),
    DecisionKind.HIT: (DrawCheck, Dodge, Pass),
    DecisionKind.BEER: (DrinkBeer, Pass),
    DecisionKind.DUEL: (Answer, Pass),
    DecisionKind.INDIANS: (Answer, Pass),
    DecisionKind.STORE: (Pick,),
    DecisionKind.BRAWL: (Choose,),
    DecisionKind.DISCARD_OWN: (Choose,),
    DecisionKind.DISCARD: (Discard,),
}

OWN_TURN_ABILITIES: tuple[type[BangAction], ...] = (PayLife, DocShot, TradeBlue)

# The wire's names are prefixed: BangPlayCard, BangDecisionKind … (domain/bang/naming.py).
prefix(
    *ACTION_TYPE.__args__,
    DecisionKind,
)
