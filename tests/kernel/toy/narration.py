"""A game of toy poker told in plain English, one sentence per event.

``describe`` words an event already redacted for its reader by ``views.event_view``, saying "a
card face down" where a value was hidden. It reads only the seats' names and the settings from the
state, never a card or a choice: those come from the event alone, or the words would leak them.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.events.base import DomainEvent
from domain.events.kernel import KernelEvent
from domain.table import describe_kernel_event

from tests.kernel.toy.events import (
    HIDDEN,
    ToyCalled,
    ToyCardDealt,
    ToyCardSetAside,
    ToyChoiceCommitted,
    ToyChoicesRevealed,
    ToyEndReason,
    ToyFolded,
    ToyGameEnded,
    ToyGameOpened,
    ToyGameStarted,
    ToyOfferAnswered,
    ToyOfferLapsed,
    ToyOfferMade,
    ToyOfferWithdrawn,
    ToyPursesFilled,
    ToySeatTaken,
)

CARD_NAMES = {"J": "Jack", "Q": "Queen", "K": "King"}


def describe(event: DomainEvent, names: Sequence[str]) -> str:
    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat}"

    if isinstance(event, KernelEvent):
        return describe_kernel_event(event, names)
    match event:
        case ToyGameOpened():
            return f"A game of toy poker was opened for {event.seats} seats, with an ante of {_chips(event.settings.ante)}."
        case ToySeatTaken():
            player = "" if event.bot is None else f" (a {event.bot} bot)"
            return f"{event.name}{player} took seat {event.seat}."
        case ToyGameStarted():
            return f"The game started: each of the {event.seats} seats put {_chips(event.ante)} in the pot."
        case ToyCardDealt():
            card = "a card face down" if event.card == HIDDEN else f"the {CARD_NAMES[event.card]}"
            return f"{name(event.seat)} was dealt {card}."
        case ToyCardSetAside():
            card = "A card" if event.card == HIDDEN else f"The {CARD_NAMES[event.card]}"
            return f"{card} was set aside face down."
        case ToyChoiceCommitted():
            choice = "a choice face down" if event.choice == HIDDEN else f"to {event.choice}"
            return f"{name(event.seat)} committed {choice}."
        case ToyChoicesRevealed():
            said = " and ".join(f"{name(seat)} chose to {choice}" for seat, choice in enumerate(event.choices))
            return f"Both choices were revealed: {said}."
        case ToyCalled():
            return f"{name(event.seat)} called, putting 1 chip in the pot."
        case ToyFolded():
            return f"{name(event.seat)} folded."
        case ToyPursesFilled():
            return f"Each seat got {_chips(event.chips)} in its purse to trade."
        case ToyOfferMade():
            note = f' ("{event.note}")' if event.note else ""
            return (
                f"{name(event.proposer)} offered {name(event.recipient)} {_chips(event.proposer_gives)} "
                f"for {_chips(event.recipient_gives)} (offer {event.offer}){note}."
            )
        case ToyOfferAnswered():
            return f"Offer {event.offer} was {'accepted: the chips changed purses' if event.accepted else 'rejected'}."
        case ToyOfferWithdrawn():
            return f"Offer {event.offer} was withdrawn."
        case ToyOfferLapsed():
            return f"Offer {event.offer} lapsed unanswered."
        case ToyGameEnded() if event.reason is ToyEndReason.FOLD:
            return f"{name(event.winner)} won the pot of {_chips(event.pot)} without a showdown."
        case ToyGameEnded():
            best = CARD_NAMES[event.shown[event.winner]]
            beaten = " and ".join(CARD_NAMES[card] for seat, card in enumerate(event.shown) if seat != event.winner)
            return f"{name(event.winner)} won the pot of {_chips(event.pot)} at the showdown, the {best} beating the {beaten}."
    return f"Something happened that toy poker had no words for: {type(event).__name__}."


def _chips(count: int) -> str:
    return f"{count} chip" if count == 1 else f"{count} chips"
