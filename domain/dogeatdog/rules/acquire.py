"""Acquiring nature squares (RULES.md section 7): an opportunity on one's home city is used by
an open auction ([AUCTION-OPEN], [AUCTION-FUNDS], [AUCTION-ELIGIBLE], [AUCTION-WIN]) or a dice
bid ([BID-SEALED]) on one square nobody controls ([ACQ-TARGET]), or let pass; a third square is
released at once ([ACQ-LIMIT-2]). The auction is a rotation of single decisions, clockwise from
the opener's left, round and round; a player whose corporate account cannot beat the highest bid
is passed out by the rules without being asked."""

from __future__ import annotations

from domain.context import Context
from domain.dogeatdog.actions import (
    DogEatDogAction,
    DogEatDogBid,
    DogEatDogDiceBid,
    DogEatDogLetPass,
    DogEatDogOpenAuction,
    DogEatDogPassBid,
    DogEatDogRelease,
    DogEatDogSealedBid,
)
from domain.dogeatdog.catalog import board
from domain.dogeatdog.rules import honour, laws, rates
from domain.dogeatdog.rules.dice import roll
from domain.dogeatdog.state import Compliance, DogEatDogState
from domain.events.dogeatdog import (
    DogEatDogAcquisitionLetPass,
    DogEatDogAuctionCalled,
    DogEatDogAuctionWon,
    DogEatDogBidMade,
    DogEatDogBidPassed,
    DogEatDogDiceBidFailed,
    DogEatDogDiceBidOffered,
    DogEatDogDiceBidWon,
    DogEatDogSealedBidMade,
    DogEatDogSealedBidsRevealed,
    DogEatDogSquareReleased,
    RollPurpose,
)

MAX_SQUARES = 2  # [ACQ-LIMIT-2], [COMP-DIVISIONS]


def targets(state: DogEatDogState) -> list[str]:
    """[ACQ-TARGET]: the squares nobody controls, at any stage, in letter order."""
    return [square.id for square in state.squares.values() if square.controller is None]


def funds(state: DogEatDogState, seat: int) -> int:
    """[AUCTION-FUNDS]: what ``seat`` may bid or offer for a square, his corporate account less
    a public Land Transfer Fee (R45)."""
    return state.players[seat].corporate - rates.land_fee(state)


def opportunity(state: DogEatDogState, seat: int) -> list[DogEatDogAction]:
    corporate = funds(state, seat)
    low, high = board().economy.dice_bid_range
    found: list[DogEatDogAction] = [DogEatDogLetPass()]
    for square in targets(state):
        if corporate >= board().economy.auction_min_bid:
            found.append(DogEatDogOpenAuction(square=square))
        found += [
            DogEatDogDiceBid(square=square, offer=offer)
            for offer in range(low, min(high, corporate) + 1)
        ]
    return found


def opportunity_refusal(state: DogEatDogState, action: DogEatDogAction) -> str:
    if isinstance(action, DogEatDogDiceBid) and action.square in targets(state):
        return "BID-SEALED"
    if isinstance(action, DogEatDogOpenAuction) and action.square in targets(state):
        return "AUCTION-FUNDS"
    return "ACQ-TARGET"


def use_opportunity(ctx: Context[DogEatDogState], seat: int, action: DogEatDogAction) -> None:
    state = ctx.state
    space = state.turn.cursor if state.turn.cursor is not None else 0
    if isinstance(action, DogEatDogLetPass):
        ctx.emit(DogEatDogAcquisitionLetPass(seat=seat, space=space))
    elif isinstance(action, DogEatDogOpenAuction):
        # [AUCTION-ELIGIBLE]: all in the game but one awaiting his reorganisation.
        bidders = tuple(s for s in state.clockwise_from(seat) if s in state.seated())
        if state.settings.auction_sealed:  # only those who could bid anything are asked
            bidders = tuple(s for s in bidders if s == seat or funds(state, s) > 0)
        ctx.emit(DogEatDogAuctionCalled(seat=seat, square=action.square, bidders=bidders))
    elif isinstance(action, DogEatDogDiceBid):
        ctx.emit(DogEatDogDiceBidOffered(seat=seat, square=action.square, offer=action.offer))
        if roll(ctx, seat, RollPurpose.DICE_BID) <= action.offer:
            win(ctx, seat, action.square, action.offer)
        else:
            ctx.emit(DogEatDogDiceBidFailed(seat=seat, square=action.square))


# -- the auction ----------------------------------------------------------------------------


def bids(state: DogEatDogState, seat: int) -> list[DogEatDogAction]:
    """The opener's first bid is at least $1M and he may not pass; after that a raise by at
    least $1M, or a pass; never more than the corporate account ([AUCTION-FUNDS])."""
    auction = state.turn.auction
    if auction is None:
        return []
    corporate = funds(state, seat)
    if auction.high_bidder is None:
        return [
            DogEatDogBid(amount=a) for a in range(board().economy.auction_min_bid, corporate + 1)
        ]
    raises: list[DogEatDogAction] = [
        DogEatDogBid(amount=a) for a in range(auction.high_bid + 1, corporate + 1)
    ]
    return [DogEatDogPassBid(), *raises]


def bid_refusal(state: DogEatDogState, seat: int, action: DogEatDogAction) -> str:
    if isinstance(action, DogEatDogBid) and action.amount > funds(state, seat):
        return "AUCTION-FUNDS"
    return "AUCTION-OPEN"


def bid(ctx: Context[DogEatDogState], seat: int, action: DogEatDogAction) -> None:
    if isinstance(action, DogEatDogBid):
        ctx.emit(DogEatDogBidMade(seat=seat, amount=action.amount))
    else:
        ctx.emit(DogEatDogBidPassed(seat=seat))
    settle(ctx)


def settle(ctx: Context[DogEatDogState]) -> None:
    """Pass out whoever cannot raise; once all but the highest bidder are out, he wins."""
    state = ctx.state
    auction = state.turn.auction
    while auction is not None and auction.speaker is not None:
        if funds(state, auction.speaker) > auction.high_bid:
            return
        ctx.emit(DogEatDogBidPassed(seat=auction.speaker, could_not_raise=True))
    if auction is not None and auction.high_bidder is not None:
        win(ctx, auction.high_bidder, auction.square, auction.high_bid)


def win(ctx: Context[DogEatDogState], seat: int, square: str, amount: int) -> None:
    """``seat`` won ``square`` for ``amount`` by the auction under way or, without one, by a
    dice bid: with the public Land Transfer Fee ([LAW-PUBLIC]; with [VAR-HONOUR] he complies
    or breaches first), then the owner of an owned one is asked ([LAW-OWNED])."""
    state = ctx.state
    fee, law = rates.land_fee(state), rates.land_law(state)
    if honour.ask(ctx, honour.LAND, law, due=fee, lawful=0, count=amount, item=square, seat=seat):
        return
    _won(ctx, seat, square, amount, fee)


def _won(ctx: Context[DogEatDogState], seat: int, square: str, amount: int, fee: int) -> None:
    if ctx.state.turn.auction is not None:
        ctx.emit(DogEatDogAuctionWon(seat=seat, square=square, amount=amount, fee=fee))
    else:
        ctx.emit(DogEatDogDiceBidWon(seat=seat, square=square, amount=amount, fee=fee))
    laws.offer_on_gain(ctx, seat)


def answered(ctx: Context[DogEatDogState], compliance: Compliance) -> None:
    """[HONOUR-BREACH]: the square won, with the fee his answer pays."""
    fee = compliance.lawful if honour.breached(ctx.state, compliance.question) else compliance.due
    _won(ctx, compliance.seat, compliance.item, compliance.count, fee)


# -- the sealed auction ([VAR-AUCTION-SEALED]) ------------------------------------------------


def sealed_bids(state: DogEatDogState, seat: int) -> list[DogEatDogAction]:
    """One secret bid: the opener at least $1M, the others any amount or none (0)."""
    auction = state.turn.auction
    if auction is None or seat not in auction.waiting:
        return []
    low = board().economy.auction_min_bid if seat == auction.opener else 0
    return [DogEatDogSealedBid(amount=a) for a in range(low, max(funds(state, seat), low) + 1)]


def sealed_refusal(state: DogEatDogState, seat: int, action: DogEatDogAction) -> str:
    if isinstance(action, DogEatDogSealedBid) and action.amount > funds(state, seat):
        return "AUCTION-FUNDS"
    return "VAR-AUCTION-SEALED"


def seal(ctx: Context[DogEatDogState], seat: int, amount: int) -> None:
    """Commit ``seat``'s bid; once all are in, reveal them: the highest wins, a tie goes to the
    tied bidder first clockwise from the opener."""
    state = ctx.state
    ctx.emit(DogEatDogSealedBidMade(seat=seat, amount=amount, public=state.settings.open_info))
    auction = state.turn.auction
    if auction is None or auction.waiting:
        return
    bids = tuple((each, auction.bids.get(each, 0)) for each in auction.bidders)
    ctx.emit(DogEatDogSealedBidsRevealed(bids=bids))
    high = max(amount for _, amount in bids)
    winner = next(each for each, amount in bids if amount == high)
    win(ctx, winner, auction.square, high)


# -- releasing a third square ---------------------------------------------------------------


def releases(state: DogEatDogState, seat: int) -> list[DogEatDogAction]:
    return [DogEatDogRelease(square=square) for square in state.players[seat].squares]


def default_release(state: DogEatDogState, seat: int) -> DogEatDogRelease:
    """[TURN-DECISIONS]: the square gained earliest."""
    return DogEatDogRelease(square=state.players[seat].squares[0])


def release(ctx: Context[DogEatDogState], seat: int, square: str) -> None:
    ctx.emit(DogEatDogSquareReleased(seat=seat, square=square))
