"""Offers answered by another seat, the same for every game that makes them (docs/OFFERS.md).

An offer is one seat's proposal to another: what each side gives, in the ruleset's own items
(the kernel never looks inside them), and a free-text note. While it is open its recipient is
asked to answer it (accept or reject, reject by default when its time runs out), and its proposer
may withdraw it without being asked, so without a clock running for him. The ruleset says when
an offer is made, what accepting it does and when open offers lapse; it records all of it in its
own events and lists the offers open in its state through ``Rules.offers``
(:class:`~domain.ruleset.OfferRules`, an optional part of the protocol).

The kernel gives every such game the same shape (:class:`Offer`), the same two actions to answer
and to withdraw (:class:`AnswerOffer`, :class:`WithdrawOffer`: a ruleset puts them in its action
union), the decision kind of the answer (:data:`ANSWER`), the default answer, and the guards that
refuse, each naming its rule: a note too long or not printable ([OFFER-NOTE]), an answer by
anyone but the recipient ([OFFER-ANSWER]), a withdrawal by anyone but the proposer
([OFFER-WITHDRAW]), either for an offer that is not open ([OFFER-CLOSED]).

A withdrawal is never among a seat's legal actions: nobody is asked to withdraw, so a computer
player never does it of its own accord and the seats with legal actions stay the seats asked.
:func:`withdrawals` lists what a proposer may send.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Generic, TypeVar

import msgspec

from domain.errors import RuleViolation
from domain.names import REFUSED_BMP

SideT = TypeVar("SideT")

#: The longest note an offer may carry, in characters ([OFFER-NOTE]).
MAX_NOTE_LENGTH = 200
#: The kind of the decision a recipient is asked while an offer to him is open ([OFFER-ASKED]).
ANSWER = "answer_offer"

# What a note may not hold is what a name may not hold ([TABLE-NAME]): it is shown to everyone.
_REFUSED = re.compile(f"[{REFUSED_BMP}\\ud800-\\udfff]")


class Offer(msgspec.Struct, Generic[SideT], frozen=True, kw_only=True):
    """One open offer, as a ruleset lists it ([OFFER-SHAPE]). ``id`` is unique in its game;
    ``proposer_gives`` goes to the recipient and ``recipient_gives`` to the proposer if it is
    accepted, each in the ruleset's own terms (either may be nothing, a gift)."""

    id: int
    proposer: int
    recipient: int
    proposer_gives: SideT
    recipient_gives: SideT
    note: str = ""


class AnswerOffer(
    msgspec.Struct,
    frozen=True,
    kw_only=True,
    tag_field="kind",
    tag="answer_offer",
    forbid_unknown_fields=True,
):
    """The recipient accepts or rejects the open offer ``offer`` ([OFFER-ANSWER])."""

    offer: int
    accept: bool


class WithdrawOffer(
    msgspec.Struct,
    frozen=True,
    kw_only=True,
    tag_field="kind",
    tag="withdraw_offer",
    forbid_unknown_fields=True,
):
    """The proposer takes back his open offer ``offer`` ([OFFER-WITHDRAW])."""

    offer: int


#: The kernel's offer actions, for a ruleset's action union.
OFFER_ACTIONS = (AnswerOffer, WithdrawOffer)


def note_problem(note: str) -> str | None:
    """Why ``note`` may not go with an offer, or None if it may."""
    if len(note) > MAX_NOTE_LENGTH:
        return f"a note has at most {MAX_NOTE_LENGTH} characters, not {len(note)}"
    refused = _REFUSED.search(note)
    if refused is not None:
        return (
            "a note is printable text: no control or format characters, line separators or "
            f"private-use characters (U+{ord(refused.group()):04X} at character "
            f"{refused.start() + 1})"
        )
    return None


def check_note(note: str) -> None:
    """Refuse ``note`` ([OFFER-NOTE]) unless it may go with an offer."""
    problem = note_problem(note)
    if problem is not None:
        raise RuleViolation("OFFER-NOTE", problem)


def find(offers: Sequence[Offer[Any]], offer_id: int) -> Offer[Any] | None:
    """The open offer ``offer_id`` among ``offers``, or None."""
    return next((offer for offer in offers if offer.id == offer_id), None)


def refusal(offers: Sequence[Offer[Any]], seat: int, action: object) -> RuleViolation | None:
    """Why ``seat`` may not send the kernel's offer ``action`` while ``offers`` are open, or
    None if it may (and for any other action: it is the ruleset's to judge)."""
    if not isinstance(action, AnswerOffer | WithdrawOffer):
        return None
    offer = find(offers, action.offer)
    if offer is None:
        return RuleViolation("OFFER-CLOSED", f"offer {action.offer} is not open")
    if isinstance(action, AnswerOffer) and seat != offer.recipient:
        return RuleViolation(
            "OFFER-ANSWER", f"only seat {offer.recipient + 1} answers offer {offer.id}"
        )
    if isinstance(action, WithdrawOffer) and seat != offer.proposer:
        return RuleViolation(
            "OFFER-WITHDRAW", f"only seat {offer.proposer + 1} withdraws offer {offer.id}"
        )
    return None


def answers(offer: Offer[Any]) -> list[AnswerOffer]:
    """What the recipient of ``offer`` may answer, accepting first."""
    return [AnswerOffer(offer=offer.id, accept=True), AnswerOffer(offer=offer.id, accept=False)]


def default_answer(offer: Offer[Any]) -> AnswerOffer:
    """The answer the rules give in the recipient's place when his time runs out: reject
    ([OFFER-DEFAULT]), whatever the offer, so the default tells nothing of what he holds."""
    return AnswerOffer(offer=offer.id, accept=False)


def withdrawals(offers: Sequence[Offer[Any]], seat: int) -> list[WithdrawOffer]:
    """What ``seat`` may withdraw now: each open offer it made ([OFFER-WITHDRAW])."""
    return [WithdrawOffer(offer=offer.id) for offer in offers if offer.proposer == seat]


def open_offers(rules: Any, state: Any) -> Sequence[Offer[Any]]:
    """The offers open in ``state``: none for a ruleset that makes none (it has no ``offers``)."""
    listed = getattr(rules, "offers", None)
    if listed is None:
        return ()
    found: Sequence[Offer[Any]] = listed(state)
    return found
