"""Applying one recorded event to the state. Never validates, never fails, never draws at random:
every stored game replays, whatever the rules say today."""

from __future__ import annotations

from typing import cast

from domain.events.base import DomainEvent
from domain.offers import Offer
from domain.ruleset import GameStatus

from tests.kernel.toy.events import (
    Card,
    Choice,
    ToyCalled,
    ToyCardDealt,
    ToyCardSetAside,
    ToyChoiceCommitted,
    ToyChoicesRevealed,
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
from tests.kernel.toy.state import ToySeat, ToyState

#: A bet or a call puts one chip in the pot ([TOY-COMMIT], [TOY-REACT]).
BET = 1


def evolve(state: ToyState, event: DomainEvent) -> None:
    # Stored events never hold HIDDEN (only what a view returns does): the casts say so.
    match event:
        case ToyGameOpened():
            state.game_id = event.originator_id
            state.seat_count = event.seats
            state.settings = event.settings
            state.seed = event.seed
            state.rules_version = event.rules_version
        case ToySeatTaken():
            state.seats.append(ToySeat(name=event.name, bot=event.bot))
        case ToyGameStarted():
            state.status = GameStatus.RUNNING
            state.stakes = [event.ante] * event.seats
        case ToyCardDealt():
            state.cards[event.seat] = cast(Card, event.card)
        case ToyCardSetAside():
            state.set_aside = cast(Card, event.card)
        case ToyChoiceCommitted():
            state.committed[event.seat] = cast(Choice, event.choice)
        case ToyChoicesRevealed():
            state.revealed = True
            for seat, choice in enumerate(event.choices):
                if choice == "bet":
                    state.stakes[seat] += BET
            if event.choices.count("bet") == 1:
                state.reacting = event.choices.index("check")
        case ToyCalled():
            state.stakes[event.seat] += BET
            state.reacting = None
        case ToyFolded():
            state.reacting = None
        case ToyGameEnded():
            state.status = GameStatus.ENDED
            state.winner = event.winner
            state.end_reason = event.reason
        case ToyPursesFilled():
            state.purses = [event.chips] * len(state.seats)
            state.purse_at_start = event.chips
        case ToyOfferMade():
            state.offers.append(
                Offer(
                    id=event.offer,
                    proposer=event.proposer,
                    recipient=event.recipient,
                    proposer_gives=event.proposer_gives,
                    recipient_gives=event.recipient_gives,
                    note=event.note,
                )
            )
            state.offers_made[event.proposer] = state.offers_made.get(event.proposer, 0) + 1
        case ToyOfferAnswered():
            offer = _closed(state, event.offer)
            if event.accepted and offer is not None:
                state.purses[offer.proposer] += offer.recipient_gives - offer.proposer_gives
                state.purses[offer.recipient] += offer.proposer_gives - offer.recipient_gives
        case ToyOfferWithdrawn() | ToyOfferLapsed():
            _closed(state, event.offer)
        case _:
            pass  # an event of another game: nothing of this one changes


def _closed(state: ToyState, offer_id: int) -> Offer[int] | None:
    """Offer ``offer_id`` taken off the open offers (None if it was not open)."""
    offer = next((offer for offer in state.offers if offer.id == offer_id), None)
    state.offers = [open_offer for open_offer in state.offers if open_offer.id != offer_id]
    return offer
