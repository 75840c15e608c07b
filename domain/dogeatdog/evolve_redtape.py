"""Applying the events of Red Tape cards and of the money they move
(``domain.events.dogeatdog.redtape``): part of ``evolve``, registered on its dispatcher. Never
validates, never fails: every amount, card and choice comes from the event."""

from __future__ import annotations

from domain.dogeatdog.evolve import evolve
from domain.dogeatdog.state import DogEatDogState, Prompt, PromptKind
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

_PRODUCTS = frozenset(("steel", "paper", "plastic", "fuel", "recyclable"))


def _add(counts: dict[str, int], good: str, count: int) -> None:
    counts[good] = counts.get(good, 0) + count


@evolve.register
def _(event: DogEatDogRedTapeDrawn, state: DogEatDogState) -> None:
    if event.card in state.deck:
        state.deck.remove(event.card)
    if event.seat == state.turn.seat:
        state.turn.drawn.append(event.card)


@evolve.register
def _(event: DogEatDogCardDiscarded, state: DogEatDogState) -> None:
    state.discard.append(event.card)


@evolve.register
def _(event: DogEatDogCardKept, state: DogEatDogState) -> None:
    state.players[event.seat].current_events.append(event.card)


@evolve.register
def _(event: DogEatDogCardChoiceOffered, state: DogEatDogState) -> None:
    state.turn.prompt = Prompt(PromptKind.CARD, event.space)
    state.turn.cursor = event.space
    state.turn.card = event.card


@evolve.register
def _(event: DogEatDogCardChoiceMade, state: DogEatDogState) -> None:
    state.turn.prompt = None
    state.turn.card = None


@evolve.register
def _(event: DogEatDogPaidToBank, state: DogEatDogState) -> None:
    state.players[event.seat].corporate -= event.amount


@evolve.register
def _(event: DogEatDogPaidByBank, state: DogEatDogState) -> None:
    state.players[event.seat].corporate += event.amount


@evolve.register
def _(event: DogEatDogPaidToPlayer, state: DogEatDogState) -> None:
    state.players[event.seat].corporate -= event.amount
    state.players[event.to].corporate += event.amount


@evolve.register
def _(event: DogEatDogCardSold, state: DogEatDogState) -> None:
    player = state.players[event.seat]
    player.corporate += event.amount - event.fee
    for good in event.goods:
        player.goods[good] = player.goods.get(good, 0) - 1
        _add(state.supply if good in _PRODUCTS else state.marketplace, good, 1)


@evolve.register
def _(event: DogEatDogRawTaken, state: DogEatDogState) -> None:
    _add(state.players[event.seat].goods, event.raw, 1)
    state.supply[event.raw] = state.supply.get(event.raw, 0) - 1


@evolve.register
def _(event: DogEatDogMarkersRemoved, state: DogEatDogState) -> None:
    for square in event.squares:
        state.squares[square].markers -= 1
    if event.kept:
        state.players[event.seat].pollution_markers += len(event.squares)
    else:
        state.supply_pollution += len(event.squares)


@evolve.register
def _(event: DogEatDogWorkersLost, state: DogEatDogState) -> None:
    state.players[event.seat].workers -= event.count
    state.supply_workers += event.count


@evolve.register
def _(event: DogEatDogWorkersGained, state: DogEatDogState) -> None:
    state.players[event.seat].workers += event.count
    state.supply_workers -= event.count


@evolve.register
def _(event: DogEatDogLoanTaken, state: DogEatDogState) -> None:
    state.players[event.seat].corporate += event.amount
    state.turn.borrowed += event.amount


@evolve.register
def _(event: DogEatDogLoanRepaid, state: DogEatDogState) -> None:
    state.players[event.seat].corporate -= event.amount
    state.turn.borrowed = 0


@evolve.register
def _(event: DogEatDogKickbackOffered, state: DogEatDogState) -> None:
    prompt = Prompt(PromptKind.KICKBACK, event.space, event.amount, seat=event.seat)
    if event.space is None:  # a trade's, in a window: both receivers are asked in turn
        if state.turn.prompt is None:
            state.turn.prompt = prompt
        else:
            state.turn.prompts_after.append(prompt)
        return
    state.turn.prompt = prompt
    state.turn.cursor = event.space


@evolve.register
def _(event: DogEatDogKickbackTaken, state: DogEatDogState) -> None:
    player = state.players[event.seat]
    player.corporate -= event.amount
    player.swiss += event.amount
    state.turn.prompt = state.turn.prompts_after.pop(0) if state.turn.prompts_after else None
