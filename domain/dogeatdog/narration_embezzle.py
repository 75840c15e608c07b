"""Embezzlement in plain English (part of ``narration``, registered on its dispatcher). The
sentences are told of the event as the viewer sees it: an amount blanked to ``"?"`` for him is
"an undisclosed amount" ([SEE-PRIVATE]); only the embezzler reads his own."""

from __future__ import annotations

from domain.dogeatdog.narration import _Names, _tell, card_name
from domain.events.dogeatdog import (
    DogEatDogBonusEmbezzleDeclined,
    DogEatDogBonusSalesEnded,
    DogEatDogEmbezzlementDeclared,
    DogEatDogEmbezzlementStopped,
    DogEatDogEmbezzlementSucceeded,
    DogEatDogInvestigationDeclined,
    DogEatDogInvestigationPlayed,
)
from domain.events.dogeatdog.values import Hidden


def _amount(amount: int | Hidden) -> str:
    return f"${amount}M" if isinstance(amount, int) else "an undisclosed amount"


@_tell.register
def _(event: DogEatDogEmbezzlementDeclared, name: _Names) -> str:
    when = " in the bonus round" if event.bonus else ""
    asked = ""
    if event.asked:
        holders = ", ".join(name(seat) for seat in event.asked)
        asked = f"; {holders} could stop it with Internal Investigation"
    return f"{name(event.seat)} declared an embezzlement of {_amount(event.amount)}{when}{asked}."


@_tell.register
def _(event: DogEatDogInvestigationDeclined, name: _Names) -> str:
    return f"{name(event.seat)} played no Internal Investigation."


@_tell.register
def _(event: DogEatDogInvestigationPlayed, name: _Names) -> str:
    return f"{name(event.seat)} played {card_name(event.card)}."


@_tell.register
def _(event: DogEatDogEmbezzlementStopped, name: _Names) -> str:
    return (
        f"{name(event.seat)}'s embezzlement of {_amount(event.amount)} was stopped: "
        "the money stayed in his corporate account."
    )


@_tell.register
def _(event: DogEatDogEmbezzlementSucceeded, name: _Names) -> str:
    return f"{name(event.seat)} embezzled {_amount(event.amount)} into his Swiss account."


@_tell.register
def _(event: DogEatDogBonusSalesEnded, name: _Names) -> str:
    return "Everything held was sold, and each player was allowed to embezzle once more."


@_tell.register
def _(event: DogEatDogBonusEmbezzleDeclined, name: _Names) -> str:
    return f"{name(event.seat)} embezzled nothing in the bonus round."
