"""Red Tape cards and the money they move in plain English (part of ``narration``, registered on
its dispatcher): every card named is face up, every amount the public one the event carries."""

from __future__ import annotations

from domain.dogeatdog.narration import _Names, _tell, card_name
from domain.events.dogeatdog import (
    DogEatDogCardChoiceMade,
    DogEatDogCardChoiceOffered,
    DogEatDogCardDiscarded,
    DogEatDogCardKept,
    DogEatDogCardSold,
    DogEatDogKickbackOffered,
    DogEatDogKickbackTaken,
    DogEatDogLoanRepaid,
    DogEatDogLoanTaken,
    DogEatDogMarkersRemoved,
    DogEatDogPaidByBank,
    DogEatDogPaidToBank,
    DogEatDogPaidToPlayer,
    DogEatDogRawTaken,
    DogEatDogRedTapeDrawn,
    DogEatDogWorkersGained,
    DogEatDogWorkersLost,
)


def _waived(amount: int) -> str:
    return f" (${amount}M waived)" if amount else ""


def _listed(items: tuple[str, ...]) -> str:
    return ", ".join(items) if items else "nothing"


@_tell.register
def _(event: DogEatDogRedTapeDrawn, name: _Names) -> str:
    return f"{name(event.seat)} drew Red Tape: {card_name(event.card)}."


@_tell.register
def _(event: DogEatDogCardDiscarded, name: _Names) -> str:
    return f"{card_name(event.card)} went to the discard pile."


@_tell.register
def _(event: DogEatDogCardKept, name: _Names) -> str:
    return f"{name(event.seat)} kept {card_name(event.card)} face up."


@_tell.register
def _(event: DogEatDogCardChoiceOffered, name: _Names) -> str:
    return f"{name(event.seat)} was asked to choose what {card_name(event.card)} would do."


@_tell.register
def _(event: DogEatDogCardChoiceMade, name: _Names) -> str:
    return f"{name(event.seat)} chose {_listed(event.choice)} for {card_name(event.card)}."


@_tell.register
def _(event: DogEatDogPaidToBank, name: _Names) -> str:
    paid = f"{name(event.seat)} paid ${event.amount}M to the bank"
    return f"{paid} for {card_name(event.reason)}{_waived(event.waived)}."


@_tell.register
def _(event: DogEatDogPaidByBank, name: _Names) -> str:
    return f"The bank paid {name(event.seat)} ${event.amount}M for {card_name(event.reason)}."


@_tell.register
def _(event: DogEatDogPaidToPlayer, name: _Names) -> str:
    paid = f"{name(event.seat)} paid {name(event.to)} ${event.amount}M"
    return f"{paid} for {card_name(event.reason)}{_waived(event.waived)}."


@_tell.register
def _(event: DogEatDogCardSold, name: _Names) -> str:
    tax = f", less ${event.fee}M Excise Tax" if event.fee else ""
    return f"{name(event.seat)} sold {_listed(event.goods)} to the bank for ${event.amount}M{tax}."


@_tell.register
def _(event: DogEatDogRawTaken, name: _Names) -> str:
    return f"{name(event.seat)} took 1 {event.raw} from the supply."


@_tell.register
def _(event: DogEatDogMarkersRemoved, name: _Names) -> str:
    where = f"{name(event.seat)} removed pollution from {_listed(event.squares)}"
    return f"{where}{' and kept the markers' if event.kept else ''}."


@_tell.register
def _(event: DogEatDogWorkersLost, name: _Names) -> str:
    return f"{name(event.seat)} lost {event.count} worker(s) to the supply."


@_tell.register
def _(event: DogEatDogWorkersGained, name: _Names) -> str:
    return f"{name(event.seat)} took {event.count} worker(s) from the supply for free."


@_tell.register
def _(event: DogEatDogLoanTaken, name: _Names) -> str:
    return f"The bank lent {name(event.seat)} ${event.amount}M."


@_tell.register
def _(event: DogEatDogLoanRepaid, name: _Names) -> str:
    return f"{name(event.seat)} repaid ${event.amount}M of loans."


@_tell.register
def _(event: DogEatDogKickbackOffered, name: _Names) -> str:
    received = f"{name(event.seat)} could put up to ${event.amount}M he received from the others"
    return f"{received} into his Swiss account."


@_tell.register
def _(event: DogEatDogKickbackTaken, name: _Names) -> str:
    return f"{name(event.seat)} put ${event.amount}M of it into his Swiss account."
