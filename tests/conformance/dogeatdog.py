"""What the conformance suite needs to know of Dog Eat Dog (``rulesets.RULESETS``): how to make a
twin of a running game that differs only in secrets, how to reach its offers (trades), and how
much of a game the twin tests compare.

The twin exchanges what is secret to all ([SEE-SECRET]): two cards of the Red Tape deck that no
later event names, and the seed; and what is one seat's own ([SEE-PRIVATE]): the amounts of its
embezzlements that never reached the public corporate balance, the stopped ones and one still
awaiting its holders' answers (a done embezzlement's amount can be worked out from the corporate
balance before and after, [SEE-DERIVABLE], so a twin of it would rightly differ to everyone).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
from domain.dogeatdog.actions import DecisionKind, DogEatDogProposeTrade
from domain.dogeatdog.ruleset import DOGEATDOG
from domain.dogeatdog.state import DogEatDogState
from domain.events.base import DomainEvent
from domain.events.dogeatdog import (
    DogEatDogEmbezzlementDeclared,
    DogEatDogEmbezzlementStopped,
    DogEatDogEmbezzlementSucceeded,
    DogEatDogGameOpened,
    DogEatDogRedTapeShuffled,
    DogEatDogRoundBegan,
    DogEatDogTradeSide,
)

#: The twin tests compare the first rounds of a game: the deck is laid out in the setup, and
#: every later round repeats what the first ones show, at a cost that grows with the game. The
#: suite's twins (every seat's secrets, every viewer, at a dozen cuts) look at the first two;
#: the game's own twin of the deck alone (tests/rulesets/dogeatdog) at five.
SUITE_TWIN_ROUNDS = 2
TWIN_ROUNDS = 5


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in _strings(item)]
    if isinstance(value, list | tuple):
        return [text for item in value for text in _strings(item)]
    return []


def _folded(events: Sequence[DomainEvent]) -> DogEatDogState:
    state = DOGEATDOG.new_state()
    for event in events:
        DOGEATDOG.evolve(state, event)
    return state


def deck_twin(events: Sequence[DomainEvent], seat: int) -> list[DomainEvent] | None:
    """``events`` with two cards of the latest shuffle's order exchanged where no later event
    names either, and another seed; None when no two such cards lie in it. Nobody sees the deck's
    order ([SEE-SECRET]), so ``seat`` is no different from anyone."""
    shuffles = [i for i, event in enumerate(events) if isinstance(event, DogEatDogRedTapeShuffled)]
    if not shuffles:
        return None
    start = shuffles[-1]
    shuffle = events[start]
    assert isinstance(shuffle, DogEatDogRedTapeShuffled)
    named = {text for event in events[start + 1 :] for text in _strings(msgspec.to_builtins(event))}
    unseen = [index for index, card in enumerate(shuffle.cards) if card not in named]
    if len(unseen) < 2:
        return None
    cards = list(shuffle.cards)
    first, last = unseen[0], unseen[-1]
    cards[first], cards[last] = cards[last], cards[first]
    twin = list(events)
    twin[start] = msgspec.structs.replace(shuffle, cards=tuple(cards))
    opened = twin[0]
    assert isinstance(opened, DogEatDogGameOpened)
    twin[0] = msgspec.structs.replace(opened, seed=f"{opened.seed} and another")
    return twin


def amounts_twin(events: Sequence[DomainEvent], seat: int) -> list[DomainEvent] | None:
    """``events`` with another amount, as legal as the first, for every embezzlement of ``seat``
    that was stopped or is still awaiting its holders' answers; None when there is none."""
    twin = list(events)
    changed = False
    for index, event in enumerate(events):
        if not isinstance(event, DogEatDogEmbezzlementDeclared) or event.seat != seat:
            continue
        outcome = next(
            (later for later in events[index + 1 :] if isinstance(later, DogEatDogEmbezzlementStopped | DogEatDogEmbezzlementSucceeded)),
            None,
        )
        if isinstance(outcome, DogEatDogEmbezzlementSucceeded):
            continue
        assert isinstance(event.amount, int)
        most = _folded(events[:index]).players[seat].corporate // 2
        other = next((amount for amount in (1, 2) if amount != event.amount and amount <= most), None)
        if other is None:
            continue
        twin[index] = msgspec.structs.replace(event, amount=other)
        if outcome is not None:
            where = events.index(outcome, index + 1)
            twin[where] = msgspec.structs.replace(outcome, amount=other)
        changed = True
    return twin if changed else None


def secrets_twin(events: Sequence[DomainEvent], seat: int) -> list[DomainEvent] | None:
    """The deck's twin with ``seat``'s own amounts exchanged too, or either alone."""
    deck = deck_twin(events, seat)
    own = amounts_twin(deck if deck is not None else events, seat)
    return own if own is not None else deck


def first_rounds(events: Sequence[DomainEvent], rounds: int = SUITE_TWIN_ROUNDS) -> list[DomainEvent]:
    """``events`` up to the beginning of the round after the first ``rounds``, or all of them
    when the game ended before it."""
    return next_round_begins(events, rounds + 1)


def next_round_begins(events: Sequence[DomainEvent], round_number: int) -> list[DomainEvent]:
    """``events`` up to the beginning of round ``round_number``, or all of them when the game
    ended before it."""
    index = next((i for i, e in enumerate(events) if isinstance(e, DogEatDogRoundBegan) and e.round == round_number), len(events))
    return list(events[:index])


def before_a_window(game: Any) -> tuple[int, Any] | None:
    """Every decision before the first open window is answered by its default: the next one,
    or None once a seat is asked in an open window ([TURN-WINDOW])."""
    asked = game.asked()
    if not asked or DecisionKind.WINDOW in asked.values():
        return None
    seat = next(iter(asked))
    return seat, game.rules.default_action(game.state, seat, game.pending())


def trade_proposal(game: Any, note: str) -> tuple[int, DogEatDogProposeTrade]:
    """The seat asked in an open window offers the next player $1M for nothing
    ([TRADE-PROPOSE])."""
    seat = next(seat for seat, kind in game.asked().items() if kind == DecisionKind.WINDOW)
    recipient = (seat + 1) % len(game.seats())
    return seat, DogEatDogProposeTrade(to=recipient, gives=DogEatDogTradeSide(money=1), note=note)


def trade_lapse(game: Any) -> None:
    """The recipient counters the open offer, which lapses unanswered ([TRADE-COUNT])."""
    [offer] = game.open_offers()
    game.act(offer.recipient, DogEatDogProposeTrade(to=offer.proposer, asks=DogEatDogTradeSide(money=1)))
