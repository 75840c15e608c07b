"""Bribery in plain English (part of ``narration``, registered on its dispatcher): every offer,
roll and outcome is public ([SEE-PUBLIC])."""

from __future__ import annotations

from domain.dogeatdog.catalog import CorruptOfficial, LawTrigger, cards
from domain.dogeatdog.narration import _Names, _tell, card_name
from domain.events.dogeatdog import (
    BriberyOccasion,
    DogEatDogBribeAttempted,
    DogEatDogBribeDeclined,
    DogEatDogBribeFailed,
    DogEatDogBriberyEnded,
    DogEatDogBriberyOffered,
    DogEatDogInstructionGiven,
    DogEatDogInstructionWithdrawn,
    DogEatDogInvocationDeclined,
    DogEatDogInvocationOffered,
    DogEatDogInvocationResolved,
    DogEatDogLawInvoked,
    DogEatDogOfficialBribed,
)

_OCCASIONS = {
    BriberyOccasion.FRESH: "freshly drawn",
    BriberyOccasion.INITIAL: "the setup law, after the first roll",
    BriberyOccasion.LOBBYIST: "at the Lobbyist",
    BriberyOccasion.CAMPAIGN: "by a Campaign Contribution",
    BriberyOccasion.CHAIN: "in a bribery chain",
}


def _official(card: str | None) -> str:
    return "A public law of the briber's choice" if card is None else card_name(card)


@_tell.register
def _(event: DogEatDogBriberyOffered, name: _Names) -> str:
    seats = ", ".join(name(seat) for seat in event.seats)
    occasion = _OCCASIONS[event.occasion]
    return f"{_official(event.card)} was offered for bribery ({occasion}) to {seats}."


@_tell.register
def _(event: DogEatDogBribeDeclined, name: _Names) -> str:
    return f"{name(event.seat)} declined to bribe."


@_tell.register
def _(event: DogEatDogBribeAttempted, name: _Names) -> str:
    return (
        f"{name(event.seat)} offered ${event.offer}M to {card_name(event.card)}, "
        "paid to the bank whatever the roll."
    )


@_tell.register
def _(event: DogEatDogOfficialBribed, name: _Names) -> str:
    taken = "" if event.from_seat is None else f" from {name(event.from_seat)}"
    return f"{name(event.seat)} bribed {card_name(event.card)}{taken} and became its owner."


@_tell.register
def _(event: DogEatDogBribeFailed, name: _Names) -> str:
    return f"{name(event.seat)}'s bribe failed: {card_name(event.card)} stayed where it was."


@_tell.register
def _(event: DogEatDogBriberyEnded, name: _Names) -> str:
    if event.card is None:
        return "Nobody more could bribe a public law."
    return f"Nobody more could bribe {card_name(event.card)}."


def _standing(standing: bool) -> str:
    return ", as his standing instruction said" if standing else ""


@_tell.register
def _(event: DogEatDogLawInvoked, name: _Names) -> str:
    law = f"{card_name(event.card)}'s law"
    return (
        f"{name(event.seat)} invoked {law} against {name(event.target)}{_standing(event.standing)}."
    )


@_tell.register
def _(event: DogEatDogInvocationDeclined, name: _Names) -> str:
    law = f"{card_name(event.card)}'s law"
    not_invoked = f"{name(event.seat)} did not invoke {law} against {name(event.target)}"
    return f"{not_invoked}{_standing(event.standing)}."


@_tell.register
def _(event: DogEatDogInstructionGiven, name: _Names) -> str:
    how = "always" if event.invoke else "never"
    law = f"{card_name(event.card)}'s law"
    against = f"against {name(event.target)} until he said otherwise"
    return f"{name(event.seat)} chose to {how} invoke {law} {against}."


@_tell.register
def _(event: DogEatDogInstructionWithdrawn, name: _Names) -> str:
    law = f"{card_name(event.card)}'s law"
    about = f"about {law} and {name(event.target)}"
    return f"{name(event.seat)} withdrew his standing instruction {about}."


@_tell.register
def _(event: DogEatDogInvocationResolved, name: _Names) -> str:
    if event.applies:
        target = name(event.target)
        law = cards().get(event.card)
        if isinstance(law, CorruptOfficial) and law.trigger is LawTrigger.GAIN_SQUARE:
            return f"{card_name(event.card)}'s law applied to {target}: he paid its fee."
        return f"{card_name(event.card)}'s law applied to {target} for the rest of his turn."
    owner = f"{name(event.target)} owned {card_name(event.card)}"
    return f"{owner}: its law did not apply to him."


@_tell.register
def _(event: DogEatDogInvocationOffered, name: _Names) -> str:
    law = f"{card_name(event.card)}'s law"
    return f"{name(event.seat)} was asked whether to invoke {law} against {name(event.target)}."
