"""Applying the events of bribery (``domain.events.dogeatdog.bribery``): part of ``evolve``,
registered on its dispatcher. Never validates, never fails: every offer and outcome comes from
the event."""

from __future__ import annotations

from domain.dogeatdog.evolve import evolve
from domain.dogeatdog.state import Bribery, DogEatDogState
from domain.events.dogeatdog import (
    DogEatDogBribeAttempted,
    DogEatDogBribeDeclined,
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


@evolve.register
def _(event: DogEatDogBriberyOffered, state: DogEatDogState) -> None:
    state.turn.bribery = Bribery(card=event.card, occasion=event.occasion, asked=list(event.seats))
    if event.space is not None:
        state.turn.cursor = event.space


def _asked(state: DogEatDogState, seat: int) -> None:
    bribery = state.turn.bribery
    if bribery is not None and seat in bribery.asked:
        bribery.asked.remove(seat)


@evolve.register
def _(event: DogEatDogBribeDeclined, state: DogEatDogState) -> None:
    _asked(state, event.seat)


@evolve.register
def _(event: DogEatDogBribeAttempted, state: DogEatDogState) -> None:
    state.players[event.seat].corporate -= event.offer
    _asked(state, event.seat)


@evolve.register
def _(event: DogEatDogOfficialBribed, state: DogEatDogState) -> None:
    if event.from_seat is None:
        if event.card in state.public_laws:
            state.public_laws.remove(event.card)
    else:
        loser = state.players[event.from_seat]
        if event.card in loser.officials:
            loser.officials.remove(event.card)
        # His standing instructions about it lapse with it ([LAW-OWNED]).
        loser.instructions = {k: v for k, v in loser.instructions.items() if k[0] != event.card}
    state.players[event.seat].officials.append(event.card)


@evolve.register
def _(event: DogEatDogBriberyEnded, state: DogEatDogState) -> None:
    state.turn.bribery = None


@evolve.register
def _(event: DogEatDogInvocationOffered, state: DogEatDogState) -> None:
    state.turn.offered_law = event.card
    state.turn.law_target = event.target
    state.turn.cursor = event.space


@evolve.register
def _(event: DogEatDogLawInvoked, state: DogEatDogState) -> None:
    state.turn.asked_laws.append(event.card)
    state.turn.offered_law = None
    state.turn.invoking = event.card
    state.turn.law_target = event.target


@evolve.register
def _(event: DogEatDogInvocationDeclined, state: DogEatDogState) -> None:
    state.turn.asked_laws.append(event.card)
    state.turn.offered_law = None
    state.turn.law_target = None


@evolve.register
def _(event: DogEatDogInvocationResolved, state: DogEatDogState) -> None:
    state.turn.invoking = None
    state.turn.law_target = None
    if event.applies and event.target == state.turn.seat:
        state.turn.invoked.append(event.card)


@evolve.register
def _(event: DogEatDogInstructionGiven, state: DogEatDogState) -> None:
    state.players[event.seat].instructions[(event.card, event.target)] = event.invoke


@evolve.register
def _(event: DogEatDogInstructionWithdrawn, state: DogEatDogState) -> None:
    state.players[event.seat].instructions.pop((event.card, event.target), None)
