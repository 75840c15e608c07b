"""Applying the events of embezzlement (``domain.events.dogeatdog.embezzle``): part of
``evolve``, registered on its dispatcher. Never validates, never fails. The amount comes from the
recorded event, which holds it in full: only views blank it ([SEE-PRIVATE])."""

from __future__ import annotations

from domain.dogeatdog.evolve import evolve
from domain.dogeatdog.state import DogEatDogState, Embezzlement
from domain.events.dogeatdog import (
    DogEatDogBonusEmbezzleDeclined,
    DogEatDogBonusSalesEnded,
    DogEatDogEmbezzlementDeclared,
    DogEatDogEmbezzlementStopped,
    DogEatDogEmbezzlementSucceeded,
    DogEatDogInvestigationDeclined,
    DogEatDogInvestigationPlayed,
)


@evolve.register
def _(event: DogEatDogEmbezzlementDeclared, state: DogEatDogState) -> None:
    amount = event.amount if isinstance(event.amount, int) else 0
    state.embezzlement = Embezzlement(
        seat=event.seat, amount=amount, asked=list(event.asked), bonus=event.bonus
    )
    if not event.bonus:
        state.players[event.seat].embezzled_round = state.round  # [EMBEZZLE-ONCE]
    elif state.bonus is not None:
        state.bonus.embezzle_answered.append(event.seat)  # it uses up nothing else


@evolve.register
def _(event: DogEatDogInvestigationDeclined, state: DogEatDogState) -> None:
    embezzlement = state.embezzlement
    if embezzlement is not None and event.seat in embezzlement.asked:
        embezzlement.asked.remove(event.seat)


@evolve.register
def _(event: DogEatDogInvestigationPlayed, state: DogEatDogState) -> None:
    held = state.players[event.seat].current_events
    if event.card in held:
        held.remove(event.card)
    state.discard.append(event.card)
    embezzlement = state.embezzlement
    if embezzlement is not None:
        embezzlement.stopped_by = event.seat
        embezzlement.asked = []  # the first one played stops it ([EMBEZZLE-DECLARE])


def _resolved(state: DogEatDogState, speaker: int | None) -> None:
    """Someone acted in the window: everyone who could act may again; ``speaker`` is next."""
    state.embezzlement = None
    window = state.turn.window
    if window is not None:
        window.passed = []
        window.passes = 0
        if speaker is not None:
            window.speaker = speaker


@evolve.register
def _(event: DogEatDogEmbezzlementStopped, state: DogEatDogState) -> None:
    _resolved(state, event.speaker)


@evolve.register
def _(event: DogEatDogEmbezzlementSucceeded, state: DogEatDogState) -> None:
    if isinstance(event.amount, int):
        player = state.players[event.seat]
        player.corporate -= event.amount
        player.swiss += event.amount
    _resolved(state, event.speaker)


@evolve.register
def _(event: DogEatDogBonusSalesEnded, state: DogEatDogState) -> None:
    if state.bonus is not None:
        state.bonus.sold = True


@evolve.register
def _(event: DogEatDogBonusEmbezzleDeclined, state: DogEatDogState) -> None:
    if state.bonus is not None:
        state.bonus.embezzle_answered.append(event.seat)
