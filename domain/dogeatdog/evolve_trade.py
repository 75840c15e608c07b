"""Applying the events of trades (``domain.events.dogeatdog.trade``): part of ``evolve``,
registered on its dispatcher. Never validates, never fails: an accepted trade carries out the
sides its proposal recorded, whatever the data files say now."""

from __future__ import annotations

from domain.dogeatdog.evolve import evolve
from domain.dogeatdog.state import DogEatDogState, Player
from domain.events.dogeatdog import (
    DogEatDogTradeAccepted,
    DogEatDogTradeLapsed,
    DogEatDogTradeProposed,
    DogEatDogTradeRejected,
    DogEatDogTradeSide,
    DogEatDogTradeWithdrawn,
)
from domain.offers import Offer


@evolve.register
def _(event: DogEatDogTradeProposed, state: DogEatDogState) -> None:
    state.offer = Offer(
        id=event.offer,
        proposer=event.proposer,
        recipient=event.recipient,
        proposer_gives=event.gives,
        recipient_gives=event.asks,
        note=event.note,
    )
    state.trades_proposed = max(state.trades_proposed, event.offer)
    window = state.turn.window
    if window is not None:  # [TRADE-COUNT]
        window.proposals[event.proposer] = window.proposals.get(event.proposer, 0) + 1


@evolve.register
def _(event: DogEatDogTradeAccepted, state: DogEatDogState) -> None:
    offer = state.offer
    if offer is None or offer.id != event.offer:
        return
    proposer, recipient = state.players[offer.proposer], state.players[offer.recipient]
    _give(state, offer.proposer_gives, proposer, recipient)
    _give(state, offer.recipient_gives, recipient, proposer)
    for seat, fee in event.fees:  # the Land Transfer Fee, to the bank ([LAW-PUBLIC])
        state.players[seat].corporate -= fee
    state.offer = None
    for player in (proposer, recipient):  # a third square is released at once ([ACQ-LIMIT-2])
        if len(player.squares) > 2:
            state.turn.releasing = player.seat


def _give(state: DogEatDogState, side: DogEatDogTradeSide, giver: Player, taker: Player) -> None:
    giver.corporate -= side.money
    taker.corporate += side.money
    for good, count in side.goods:
        left = giver.goods.get(good, 0) - count
        if left:
            giver.goods[good] = left
        else:
            giver.goods.pop(good, None)
        taker.goods[good] = taker.goods.get(good, 0) + count
    giver.pollution_markers -= side.pollution_markers
    taker.pollution_markers += side.pollution_markers
    for card in side.cards:
        giver.current_events.remove(card)
        taker.current_events.append(card)
    for official in side.officials:  # still owned ([TRADE-LIMITS], [BRIBE-TABOO])
        giver.officials.remove(official)
        taker.officials.append(official)
        # the old owner's standing instructions for it go with his ownership ([LAW-OWNED])
        for key in [key for key in giver.instructions if key[0] == official]:
            del giver.instructions[key]
    for square in side.squares:
        giver.squares.remove(square)
        taker.squares.append(square)
        state.squares[square].controller = taker.seat


@evolve.register
def _(event: DogEatDogTradeRejected, state: DogEatDogState) -> None:
    _close(state, event.offer)


@evolve.register
def _(event: DogEatDogTradeWithdrawn, state: DogEatDogState) -> None:
    _close(state, event.offer)


@evolve.register
def _(event: DogEatDogTradeLapsed, state: DogEatDogState) -> None:
    _close(state, event.offer)


def _close(state: DogEatDogState, offer: int) -> None:
    if state.offer is not None and state.offer.id == offer:
        state.offer = None
