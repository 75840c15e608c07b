"""Applying the economy's events (``domain.events.dogeatdog.economy``) to the state: part of
``evolve``, registered on its dispatcher. Never validates, never fails, never rolls: amounts
come from the events."""

from __future__ import annotations

from domain.dogeatdog.evolve import evolve
from domain.dogeatdog.state import (
    Auction,
    Bonus,
    DogEatDogState,
    Placement,
    Player,
    Prompt,
    PromptKind,
    Sale,
)
from domain.events.dogeatdog import (
    DogEatDogAuctionCalled,
    DogEatDogAuctionWon,
    DogEatDogBidMade,
    DogEatDogBidPassed,
    DogEatDogBonusRoundBegan,
    DogEatDogDiceBidFailed,
    DogEatDogDiceBidOffered,
    DogEatDogDiceBidWon,
    DogEatDogExploitingStopped,
    DogEatDogGoodsSold,
    DogEatDogInsolvent,
    DogEatDogMarkerCollected,
    DogEatDogMarketBought,
    DogEatDogPollutionLapsed,
    DogEatDogPollutionOwed,
    DogEatDogPollutionPlaced,
    DogEatDogPriceRolled,
    DogEatDogProductionStopped,
    DogEatDogProductMade,
    DogEatDogRawExtracted,
    DogEatDogReorganised,
    DogEatDogSaleDeclined,
    DogEatDogSealedBidMade,
    DogEatDogSealedBidsRevealed,
    DogEatDogSellingStopped,
    DogEatDogSquareDegraded,
    DogEatDogSquareReleased,
    DogEatDogStrikeCalled,
    DogEatDogStrikeEnded,
    DogEatDogWagesPaid,
    DogEatDogWentBankrupt,
    DogEatDogWorkersFired,
    DogEatDogWorkersHired,
)

POLLUTION = "pollution"


def _add(counts: dict[str, int], good: str, count: int) -> None:
    counts[good] = counts.get(good, 0) + count


def _gain(state: DogEatDogState, seat: int, square: str) -> None:
    """``seat`` controls ``square``; with a third he must release one ([ACQ-LIMIT-2])."""
    player = state.players[seat]
    player.squares.append(square)
    state.squares[square].controller = seat
    if len(player.squares) > 2:
        state.turn.releasing = seat


# -- spaces ---------------------------------------------------------------------------------


@evolve.register
def _(event: DogEatDogStrikeCalled, state: DogEatDogState) -> None:
    state.turn.prompt = Prompt(PromptKind.STRIKE, event.space)
    state.turn.cursor = event.space


@evolve.register
def _(event: DogEatDogStrikeEnded, state: DogEatDogState) -> None:
    state.turn.strike = event.choice
    state.turn.prompt = None


# -- acquiring ------------------------------------------------------------------------------


@evolve.register
def _(event: DogEatDogAuctionCalled, state: DogEatDogState) -> None:
    state.turn.prompt = None
    sealed = state.settings.auction_sealed  # [VAR-AUCTION-SEALED]: everyone at once
    state.turn.auction = Auction(
        square=event.square,
        opener=event.seat,
        bidders=list(event.bidders),
        speaker=None if sealed else event.seat,
        sealed=sealed,
        waiting=list(event.bidders) if sealed else [],
    )


@evolve.register
def _(event: DogEatDogSealedBidMade, state: DogEatDogState) -> None:
    auction = state.turn.auction
    if auction is not None and isinstance(event.amount, int):
        auction.bids[event.seat] = event.amount
        if event.seat in auction.waiting:
            auction.waiting.remove(event.seat)


@evolve.register
def _(event: DogEatDogSealedBidsRevealed, state: DogEatDogState) -> None:
    """Nothing changes: the winner's ``AuctionWon`` follows."""


def _next_bidder(state: DogEatDogState, auction: Auction, seat: int) -> int | None:
    count = len(state.players)
    for step in range(1, count + 1):
        candidate = (seat + step) % count
        if candidate in auction.bidders and candidate != auction.high_bidder:
            return candidate
    return None


@evolve.register
def _(event: DogEatDogBidMade, state: DogEatDogState) -> None:
    auction = state.turn.auction
    if auction is not None:
        auction.high_bid, auction.high_bidder = event.amount, event.seat
        auction.speaker = _next_bidder(state, auction, event.seat)


@evolve.register
def _(event: DogEatDogBidPassed, state: DogEatDogState) -> None:
    auction = state.turn.auction
    if auction is not None:
        if event.seat in auction.bidders:
            auction.bidders.remove(event.seat)
        auction.speaker = _next_bidder(state, auction, event.seat)


@evolve.register
def _(event: DogEatDogAuctionWon, state: DogEatDogState) -> None:
    state.turn.auction = None
    state.players[event.seat].corporate -= event.amount + event.fee
    _gain(state, event.seat, event.square)


@evolve.register
def _(event: DogEatDogDiceBidOffered, state: DogEatDogState) -> None:
    state.turn.prompt = None


@evolve.register
def _(event: DogEatDogDiceBidWon, state: DogEatDogState) -> None:
    state.players[event.seat].corporate -= event.amount + event.fee
    _gain(state, event.seat, event.square)


@evolve.register
def _(event: DogEatDogDiceBidFailed, state: DogEatDogState) -> None:
    """Nothing is paid and nothing gained ([BID-SEALED])."""


@evolve.register
def _(event: DogEatDogSquareReleased, state: DogEatDogState) -> None:
    player = state.players[event.seat]
    if event.square in player.squares:
        player.squares.remove(event.square)
    state.squares[event.square].controller = None
    state.turn.releasing = None


# -- sell -----------------------------------------------------------------------------------


@evolve.register
def _(event: DogEatDogPriceRolled, state: DogEatDogState) -> None:
    if state.bonus is not None:
        state.bonus.priced.append(event.good)
        return
    state.turn.priced.append(event.good)
    state.turn.sale = Sale(good=event.good, price=event.price, sellers=list(event.sellers))


def _next_seller(state: DogEatDogState, seat: int) -> None:
    sale = state.turn.sale
    if sale is not None and sale.sellers and sale.sellers[0] == seat:
        sale.sellers.pop(0)
        if not sale.sellers:
            state.turn.sale = None


@evolve.register
def _(event: DogEatDogGoodsSold, state: DogEatDogState) -> None:
    player = state.players[event.seat]
    player.corporate += event.amount - event.fee
    if event.good == POLLUTION:
        player.pollution_markers -= event.count
        _add(state.marketplace, POLLUTION, event.count)
    else:
        player.goods[event.good] = player.goods.get(event.good, 0) - event.count
        destination = state.supply if event.good in _PRODUCTS else state.marketplace
        _add(destination, event.good, event.count)
    if state.bonus is None:
        _next_seller(state, event.seat)


_PRODUCTS = frozenset(("steel", "paper", "plastic", "fuel", "recyclable"))


@evolve.register
def _(event: DogEatDogSaleDeclined, state: DogEatDogState) -> None:
    _next_seller(state, event.seat)


@evolve.register
def _(event: DogEatDogSellingStopped, state: DogEatDogState) -> None:
    state.turn.selling_stopped = True


# -- payroll, staff, insolvency -------------------------------------------------------------


@evolve.register
def _(event: DogEatDogWagesPaid, state: DogEatDogState) -> None:
    state.players[event.seat].corporate -= event.amount


@evolve.register
def _(event: DogEatDogWorkersHired, state: DogEatDogState) -> None:
    player = state.players[event.seat]
    player.corporate -= event.amount
    player.workers += event.count
    state.supply_workers -= event.count


@evolve.register
def _(event: DogEatDogWorkersFired, state: DogEatDogState) -> None:
    state.players[event.seat].workers -= event.count
    state.players[event.seat].corporate -= event.amount
    state.supply_workers += event.count


@evolve.register
def _(event: DogEatDogInsolvent, state: DogEatDogState) -> None:
    state.players[event.seat].corporate -= event.paid
    state.turn.insolvent = True
    state.turn.borrowed = 0  # what he could not repay is waived with the rest


def _clear(state: DogEatDogState, player: Player) -> None:
    """[BANKRUPT-OUT], [REORG-CLEAR]: everything he has goes back, but the Swiss account."""
    player.corporate = 0
    state.supply_workers += player.workers
    player.workers = 0
    for good, count in player.goods.items():
        _add(state.supply, good, count)
    player.goods = {}
    state.supply_pollution += player.pollution_markers
    player.pollution_markers = 0
    for square in player.squares:
        state.squares[square].controller = None
    player.squares = []
    state.discard += player.current_events
    player.current_events = []
    state.public_laws += player.officials
    player.officials = []
    player.instructions = {}  # they lapse with his officials ([LAW-OWNED])
    player.runner = None
    state.turn.insolvent = False
    state.turn.cut_short = True


@evolve.register
def _(event: DogEatDogWentBankrupt, state: DogEatDogState) -> None:
    player = state.players[event.seat]
    _clear(state, player)
    player.in_game = False


@evolve.register
def _(event: DogEatDogReorganised, state: DogEatDogState) -> None:
    player = state.players[event.seat]
    _clear(state, player)
    player.gave_up, player.division = player.division, None


# -- produce and pollute --------------------------------------------------------------------


@evolve.register
def _(event: DogEatDogProductMade, state: DogEatDogState) -> None:
    player = state.players[event.seat]
    for good in event.inputs:
        player.goods[good] = player.goods.get(good, 0) - 1
        _add(state.supply, good, 1)
    player.pollution_markers -= event.pollution
    state.supply_pollution += event.pollution
    _add(player.goods, event.product, 1)
    _add(state.supply, event.product, -1)
    if state.bonus is not None:
        _add(state.bonus.made.setdefault(event.seat, {}), event.product, 1)
    else:
        _add(state.turn.made, event.product, 1)
        state.turn.workers_used += 1
        state.active_this_round = True


@evolve.register
def _(event: DogEatDogProductionStopped, state: DogEatDogState) -> None:
    if state.bonus is not None:
        state.bonus.stopped.append(event.seat)
    else:
        state.turn.producing_stopped = True


@evolve.register
def _(event: DogEatDogPollutionOwed, state: DogEatDogState) -> None:
    state.turn.pollution_owed = True
    state.turn.placement = Placement(owed=event.count)


@evolve.register
def _(event: DogEatDogPollutionPlaced, state: DogEatDogState) -> None:
    state.squares[event.square].markers += 1
    state.supply_pollution -= 1
    placement = state.turn.placement
    if placement is not None:
        _add(placement.received, event.square, 1)
        placement.owed -= 1
        if placement.owed <= 0:
            state.turn.placement = None


@evolve.register
def _(event: DogEatDogPollutionLapsed, state: DogEatDogState) -> None:
    state.turn.placement = None


@evolve.register
def _(event: DogEatDogSquareDegraded, state: DogEatDogState) -> None:
    square = state.squares[event.square]
    square.stage = event.stage
    state.supply_pollution += square.markers
    square.markers = 0
    state.active_this_round = True


# -- exploit and buy ------------------------------------------------------------------------


@evolve.register
def _(event: DogEatDogRawExtracted, state: DogEatDogState) -> None:
    state.players[event.seat].corporate -= event.fee
    _add(state.players[event.seat].goods, event.raw, 1)
    _add(state.supply, event.raw, -1)
    state.turn.workers_used += 1
    state.turn.extracted.setdefault(event.square, []).append(event.raw)
    state.active_this_round = True


@evolve.register
def _(event: DogEatDogMarkerCollected, state: DogEatDogState) -> None:
    state.squares[event.square].markers -= 1
    state.players[event.seat].pollution_markers += 1
    state.turn.workers_used += 1
    state.turn.collected.append(event.square)
    state.active_this_round = True


@evolve.register
def _(event: DogEatDogMarketBought, state: DogEatDogState) -> None:
    player = state.players[event.seat]
    player.corporate -= event.amount
    _add(state.marketplace, event.good, -1)
    if event.good == POLLUTION:
        player.pollution_markers += 1
    else:
        _add(player.goods, event.good, 1)


@evolve.register
def _(event: DogEatDogExploitingStopped, state: DogEatDogState) -> None:
    state.turn.exploiting_stopped = True


# -- the end --------------------------------------------------------------------------------


@evolve.register
def _(event: DogEatDogBonusRoundBegan, state: DogEatDogState) -> None:
    state.bonus = Bonus(reason=event.reason, order=event.order)
