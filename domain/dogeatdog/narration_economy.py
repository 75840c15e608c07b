"""The economy's events in plain English (part of ``narration``, registered on its
dispatcher): every amount told is the public one the event carries."""

from __future__ import annotations

from domain.dogeatdog.narration import _Names, _tell
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
    StrikeChoice,
)

REASONS = {
    "END-STAGE3": "every square reached stage 3",
    "END-STALL": "two rounds passed without production",
    "END-LIMIT": "round 100 ended",
}


def _units(count: int, good: str) -> str:
    what = "pollution markers" if good == "pollution" else good
    return f"{count} {what}"


def _fee(amount: int, law: str) -> str:
    return f" (and ${amount}M {law} to the bank)" if amount else ""


@_tell.register
def _(event: DogEatDogStrikeCalled, name: _Names) -> str:
    return f"{name(event.seat)} landed on Strike."


@_tell.register
def _(event: DogEatDogStrikeEnded, name: _Names) -> str:
    if event.choice is StrikeChoice.WALKOUT:
        return f"{name(event.seat)} chose to let the workers walk out."
    return f"{name(event.seat)} chose to settle the strike."


@_tell.register
def _(event: DogEatDogAuctionCalled, name: _Names) -> str:
    return f"{name(event.seat)} auctioned square {event.square}."


@_tell.register
def _(event: DogEatDogBidMade, name: _Names) -> str:
    return f"{name(event.seat)} offered ${event.amount}M in the auction."


@_tell.register
def _(event: DogEatDogBidPassed, name: _Names) -> str:
    why = ", unable to raise" if event.could_not_raise else ""
    return f"{name(event.seat)} passed{why} and dropped out of the auction."


@_tell.register
def _(event: DogEatDogSealedBidMade, name: _Names) -> str:
    if isinstance(event.amount, int):
        bid = f"${event.amount}M" if event.amount else "no bid"
        return f"{name(event.seat)} sealed his bid: {bid}."
    return f"{name(event.seat)} sealed his bid."


@_tell.register
def _(event: DogEatDogSealedBidsRevealed, name: _Names) -> str:
    shown = ", ".join(f"{name(seat)} ${amount}M" for seat, amount in event.bids)
    return f"The sealed bids were opened: {shown}."


@_tell.register
def _(event: DogEatDogAuctionWon, name: _Names) -> str:
    fee = _fee(event.fee, "Land Transfer Fee")
    return f"{name(event.seat)} won square {event.square} for ${event.amount}M{fee}."


@_tell.register
def _(event: DogEatDogDiceBidOffered, name: _Names) -> str:
    return f"{name(event.seat)} offered ${event.offer}M for square {event.square} and rolled."


@_tell.register
def _(event: DogEatDogDiceBidWon, name: _Names) -> str:
    fee = _fee(event.fee, "Land Transfer Fee")
    return f"{name(event.seat)} paid ${event.amount}M{fee} and gained square {event.square}."


@_tell.register
def _(event: DogEatDogDiceBidFailed, name: _Names) -> str:
    return f"{name(event.seat)} rolled too high and did not gain square {event.square}."


@_tell.register
def _(event: DogEatDogSquareReleased, name: _Names) -> str:
    return f"{name(event.seat)} released square {event.square}."


@_tell.register
def _(event: DogEatDogPriceRolled, name: _Names) -> str:
    what = "pollution markers" if event.good == "pollution" else event.good
    return f"{name(event.seat)} priced {what} at ${event.price}M."


@_tell.register
def _(event: DogEatDogGoodsSold, name: _Names) -> str:
    fee = _fee(event.fee, "Excise Tax")
    return f"{name(event.seat)} sold {_units(event.count, event.good)} for ${event.amount}M{fee}."


@_tell.register
def _(event: DogEatDogSaleDeclined, name: _Names) -> str:
    return f"{name(event.seat)} sold none."


@_tell.register
def _(event: DogEatDogSellingStopped, name: _Names) -> str:
    return f"{name(event.seat)} priced nothing more."


@_tell.register
def _(event: DogEatDogWagesPaid, name: _Names) -> str:
    return f"{name(event.seat)} paid ${event.amount}M in wages."


@_tell.register
def _(event: DogEatDogWorkersHired, name: _Names) -> str:
    return f"{name(event.seat)} hired {event.count} workers for ${event.amount}M."


@_tell.register
def _(event: DogEatDogWorkersFired, name: _Names) -> str:
    return f"{name(event.seat)} fired {event.count} workers."


@_tell.register
def _(event: DogEatDogInsolvent, name: _Names) -> str:
    if not event.paid and not event.waived:  # what he paid is told by the payment before
        return f"{name(event.seat)} could not pay all he owed and became insolvent."
    return (
        f"{name(event.seat)} could not pay: he paid ${event.paid}M, ${event.waived}M was waived,"
        " and he became insolvent."
    )


@_tell.register
def _(event: DogEatDogWentBankrupt, name: _Names) -> str:
    return f"{name(event.seat)} went bankrupt and left the game."


@_tell.register
def _(event: DogEatDogReorganised, name: _Names) -> str:
    return f"{name(event.seat)} reorganised, to start again on his next turn."


@_tell.register
def _(event: DogEatDogProductMade, name: _Names) -> str:
    return f"{name(event.seat)} made {event.product}."


@_tell.register
def _(event: DogEatDogProductionStopped, name: _Names) -> str:
    return f"{name(event.seat)} made nothing more."


@_tell.register
def _(event: DogEatDogPollutionOwed, name: _Names) -> str:
    return f"{name(event.seat)} had to place {event.count} pollution markers."


@_tell.register
def _(event: DogEatDogPollutionPlaced, name: _Names) -> str:
    return f"{name(event.seat)} polluted square {event.square}."


@_tell.register
def _(event: DogEatDogPollutionLapsed, name: _Names) -> str:
    return f"{event.count} pollution markers of {name(event.seat)} found no place."


@_tell.register
def _(event: DogEatDogSquareDegraded, name: _Names) -> str:
    return f"Square {event.square} degraded to stage {event.stage}."


@_tell.register
def _(event: DogEatDogRawExtracted, name: _Names) -> str:
    fee = _fee(event.fee, "extraction permit")
    return f"{name(event.seat)} extracted {event.raw} from square {event.square}{fee}."


@_tell.register
def _(event: DogEatDogMarkerCollected, name: _Names) -> str:
    return f"{name(event.seat)} collected a pollution marker from square {event.square}."


@_tell.register
def _(event: DogEatDogMarketBought, name: _Names) -> str:
    what = "a pollution marker" if event.good == "pollution" else event.good
    return f"{name(event.seat)} bought {what} from the Marketplace for ${event.amount}M."


@_tell.register
def _(event: DogEatDogExploitingStopped, name: _Names) -> str:
    return f"{name(event.seat)} ended his exploiting and buying."


@_tell.register
def _(event: DogEatDogBonusRoundBegan, name: _Names) -> str:
    return f"The bonus round began: {REASONS.get(event.reason, event.reason)}."
