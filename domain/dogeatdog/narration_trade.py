"""Trades in plain English (part of ``narration``, registered on its dispatcher): every side and
note is public ([SEE-PUBLIC]), so each is told as it is."""

from __future__ import annotations

from domain.dogeatdog.narration import _Names, _tell, card_name
from domain.events.dogeatdog import (
    DogEatDogTradeAccepted,
    DogEatDogTradeLapsed,
    DogEatDogTradeProposed,
    DogEatDogTradeRejected,
    DogEatDogTradeSide,
    DogEatDogTradeWithdrawn,
)


def side_text(side: DogEatDogTradeSide) -> str:
    """What one side gives, in words ("nothing" for a gift's other side)."""
    parts = [f"${side.money}M"] if side.money else []
    parts += [f"{count} {good}" for good, count in side.goods]
    if side.pollution_markers:
        parts.append(f"{side.pollution_markers} pollution markers")
    parts += [card_name(card) for card in (*side.cards, *side.officials)]
    parts += [f"square {square}" for square in side.squares]
    return ", ".join(parts) or "nothing"


@_tell.register
def _(event: DogEatDogTradeProposed, name: _Names) -> str:
    note = f' ("{event.note}")' if event.note else ""
    return (
        f"{name(event.proposer)} offered {name(event.recipient)} {side_text(event.gives)} for "
        f"{side_text(event.asks)} (trade {event.offer}){note}."
    )


@_tell.register
def _(event: DogEatDogTradeAccepted, name: _Names) -> str:
    fees = "".join(f", {name(seat)} paying a ${fee}M land transfer fee" for seat, fee in event.fees)
    return f"Trade {event.offer} was accepted and made{fees}."


@_tell.register
def _(event: DogEatDogTradeRejected, name: _Names) -> str:
    return f"Trade {event.offer} was rejected."


@_tell.register
def _(event: DogEatDogTradeWithdrawn, name: _Names) -> str:
    return f"Trade {event.offer} was withdrawn."


@_tell.register
def _(event: DogEatDogTradeLapsed, name: _Names) -> str:
    return f"Trade {event.offer} lapsed: a counter-offer answered it."
