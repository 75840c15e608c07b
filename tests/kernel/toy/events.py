"""Every fact a game of toy poker records, and the values they are made of.

Each event's topic is ``toy.<ClassName>`` (design/ENGINE.md, "Storage and the wire"), so a registry holding
the toy beside another game maps any stored topic to one class. A value a viewer may not see is
blanked to :data:`HIDDEN` by ``tests.kernel.toy.views.event_view``; the fields that can be blanked say
so in their type.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

import msgspec
from domain.events.base import DomainEvent

Card = Literal["J", "Q", "K"]
Choice = Literal["bet", "check"]
#: Stands in for a card, a choice or a seed the viewer may not see ([TOY-SEE-PRIVATE]).
Hidden = Literal["?"]
HIDDEN: Hidden = "?"

#: The deck, lowest first ([TOY-DEAL]).
DECK: tuple[Card, ...] = ("J", "Q", "K")
CHOICES: tuple[Choice, ...] = ("bet", "check")
MAX_ANTE = 100


class ToyEndReason(StrEnum):
    FOLD = "fold"
    SHOWDOWN = "showdown"


class ToySettings(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Chosen when a game opens ([TOY-ANTE]). The bound is checked on decoding and again by the
    rules, since a struct built in code is not validated."""

    ante: Annotated[int, msgspec.Meta(ge=1, le=MAX_ANTE)] = 1


class ToyGameOpened(DomainEvent, frozen=True, tag="toy.GameOpened"):
    """A game was opened for ``seats`` seats under these settings and rules. ``seed`` drives the
    shuffle; it is secret until the end ([TOY-SEE-SECRET])."""

    seats: int
    settings: ToySettings
    seed: str
    rules_version: str


class ToySeatTaken(DomainEvent, frozen=True, tag="toy.SeatTaken"):
    """A player took ``seat``; ``bot`` names the kind of computer player, None for a person."""

    seat: int
    name: str
    bot: str | None = None


class ToyGameStarted(DomainEvent, frozen=True, tag="toy.GameStarted"):
    """Play began: each of the ``seats`` seats put ``ante`` chips in the pot ([TOY-START])."""

    seats: int
    ante: int


class ToyCardDealt(DomainEvent, frozen=True, tag="toy.CardDealt"):
    """``seat`` was dealt ``card``; only that seat sees which ([TOY-DEAL], [TOY-SEE-PRIVATE])."""

    seat: int
    card: Card | Hidden


class ToyCardSetAside(DomainEvent, frozen=True, tag="toy.CardSetAside"):
    """The third card went aside face down; nobody sees it before the end ([TOY-SEE-SECRET])."""

    card: Card | Hidden


class ToyChoiceCommitted(DomainEvent, frozen=True, tag="toy.ChoiceCommitted"):
    """``seat`` secretly committed to bet or check ([TOY-COMMIT]); the choice is its own until
    :class:`ToyChoicesRevealed`."""

    seat: int
    choice: Choice | Hidden


class ToyChoicesRevealed(DomainEvent, frozen=True, tag="toy.ChoicesRevealed"):
    """Both commitments were turned over at once, in seat order; each bet put one chip in."""

    choices: tuple[Choice, ...]


class ToyCalled(DomainEvent, frozen=True, tag="toy.Called"):
    """``seat`` matched the other's bet with one chip ([TOY-REACT])."""

    seat: int


class ToyFolded(DomainEvent, frozen=True, tag="toy.Folded"):
    """``seat`` gave up the pot rather than match the bet ([TOY-FOLD])."""

    seat: int


class ToyPursesFilled(DomainEvent, frozen=True, tag="toy.PursesFilled"):
    """Each seat got ``chips`` chips in its purse, beside the pot, to trade ([TOY-PURSE]).
    Recorded at the start from rules version 2 on; a game of version 1 has no purses."""

    chips: int


class ToyOfferMade(DomainEvent, frozen=True, tag="toy.OfferMade"):
    """``proposer`` offered ``recipient`` ``proposer_gives`` chips of its purse for
    ``recipient_gives`` of the recipient's, with ``note`` ([TOY-OFFER], docs/OFFERS.md). Public."""

    offer: int
    proposer: int
    recipient: int
    proposer_gives: int
    recipient_gives: int
    note: str = ""


class ToyOfferAnswered(DomainEvent, frozen=True, tag="toy.OfferAnswered"):
    """The recipient accepted offer ``offer`` (the chips changed purses at once) or rejected it
    ([TOY-ACCEPT], [OFFER-ANSWER])."""

    offer: int
    accepted: bool


class ToyOfferWithdrawn(DomainEvent, frozen=True, tag="toy.OfferWithdrawn"):
    """The proposer took back offer ``offer`` before it was answered ([OFFER-WITHDRAW])."""

    offer: int


class ToyOfferLapsed(DomainEvent, frozen=True, tag="toy.OfferLapsed"):
    """Offer ``offer`` lapsed unanswered: its recipient committed ([TOY-LAPSE])."""

    offer: int


class ToyGameEnded(DomainEvent, frozen=True, tag="toy.GameEnded"):
    """``winner`` took the pot of ``pot`` chips ([TOY-END]); ``shown`` are the cards turned over at a
    showdown, in seat order (none at a fold)."""

    winner: int
    reason: ToyEndReason
    pot: int
    shown: tuple[Card, ...] = ()


EVENT_TYPES: tuple[type[DomainEvent], ...] = (
    ToyGameOpened,
    ToySeatTaken,
    ToyGameStarted,
    ToyCardDealt,
    ToyCardSetAside,
    ToyChoiceCommitted,
    ToyChoicesRevealed,
    ToyCalled,
    ToyFolded,
    ToyGameEnded,
    ToyPursesFilled,
    ToyOfferMade,
    ToyOfferAnswered,
    ToyOfferWithdrawn,
    ToyOfferLapsed,
)
