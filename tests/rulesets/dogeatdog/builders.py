"""Builders for given/when/then tests of Dog Eat Dog, while its rules are being built.

``setup_history`` writes by hand the events a setup records (RULES.md section 4), with the dice
and the deck's order chosen here instead of drawn, and ``replayed`` applies a history to a fresh
state: what ``evolve`` makes of it is what the tests check. ``run`` performs a command of the
rules on a state with a ``Scripted`` random source, as the aggregate would.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import TypeVar, cast
from uuid import UUID

import pytest
from domain.context import Context
from domain.dogeatdog.actions import DecisionKind, DogEatDogDeclineBribe, DogEatDogMove, DogEatDogPass
from domain.dogeatdog.catalog import divisions, red_tape
from domain.dogeatdog.evolve import apply
from domain.dogeatdog.rules import decisions, flow, trade
from domain.dogeatdog.rules.dice import DIE
from domain.dogeatdog.rules.flow import advance, awaited
from domain.dogeatdog.rules.setup import kit
from domain.dogeatdog.state import DogEatDogState
from domain.events.base import DomainEvent
from domain.events.dogeatdog import (
    BriberyOccasion,
    DogEatDogDiceRolled,
    DogEatDogDivisionChosen,
    DogEatDogGameOpened,
    DogEatDogGameStarted,
    DogEatDogOfficialLaidOut,
    DogEatDogRedTapeShuffled,
    DogEatDogRollOffWon,
    DogEatDogRoundBegan,
    DogEatDogSeatTaken,
    DogEatDogSettings,
    DogEatDogTurnBegan,
    RollPurpose,
    ShuffleReason,
    Step,
)
from domain.random_source import SeededRandom

T = TypeVar("T")
GAME_ID = UUID(int=23)
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")
RULES_VERSION = "dogeatdog-draft-0.2"
#: The setup law of every built game: the third card of the search, after two Current Events.
#: The Revenue Agent's Excise Tax takes $2M of every product sold to the bank: tests of sales
#: count it; it changes no other rate.
FIRST_LAW = "CO7"
SEARCH = ("CE04", "CE06", FIRST_LAW)


def searched_deck() -> tuple[str, ...]:
    """All 40 cards, the arranged search first, then the rest in the data file's order."""
    rest = tuple(card for card in red_tape().card_ids() if card not in SEARCH)
    return SEARCH + rest


def setup_history(
    chosen: Sequence[str] = ("georgia_horrific", "goo_pont_plastics", "dk_mart", "we_steel"),
    *,
    settings: DogEatDogSettings | None = None,
) -> list[DomainEvent]:
    """A setup of ``len(chosen)`` players: seat 1 wins the division roll-off after a tie with
    seat 0 and a re-roll, the players choose ``chosen`` clockwise from him (``chosen[0]`` is
    seat 1's), and seat 2 wins the start-player roll-off; round 1 begins with his turn."""
    seats = len(chosen)
    in_game = tuple(d for d in divisions() if seats >= divisions()[d].players_min)
    remaining = tuple(card for card in searched_deck() if card != FIRST_LAW)
    events: list[DomainEvent] = [
        DogEatDogGameOpened(
            seats=seats,
            settings=settings or DogEatDogSettings(),
            seed="seed",
            rules_version=RULES_VERSION,
        ),
        *(DogEatDogSeatTaken(seat=seat, name=NAMES[seat]) for seat in range(seats)),
        DogEatDogGameStarted(seats=seats, divisions=in_game),
        DogEatDogRedTapeShuffled(cards=searched_deck(), size=40, reason=ShuffleReason.SEARCH),
        DogEatDogOfficialLaidOut(card=FIRST_LAW, turned_up=SEARCH[:2]),
        DogEatDogRedTapeShuffled(cards=tuple(reversed(remaining)), size=39, reason=ShuffleReason.SETUP),
        # Seats 0 and 1 tie on 12 and roll again ([SETUP-DIVISIONS]).
        *rolls(
            RollPurpose.DIVISION_ORDER,
            [(0, (6, 6)), (1, (6, 6)), *((seat, (1, 2)) for seat in range(2, seats))],
        ),
        *rolls(RollPurpose.DIVISION_ORDER, [(0, (5, 6)), (1, (6, 6))]),
        DogEatDogRollOffWon(seat=1, purpose=RollPurpose.DIVISION_ORDER),
    ]
    order = [(1 + step) % seats for step in range(seats)]
    for seat, division in zip(order, chosen, strict=True):
        events.append(DogEatDogDivisionChosen(seat=seat, division=division))
    events += [kit(seat, division) for seat, division in zip(order, chosen, strict=True)]
    events += [
        *rolls(
            RollPurpose.START_PLAYER,
            [(0, (2, 3)), (1, (1, 1)), (2, (6, 5)), *((seat, (1, 2)) for seat in range(3, seats))],
        ),
        DogEatDogRollOffWon(seat=2, purpose=RollPurpose.START_PLAYER),
        DogEatDogRoundBegan(round=1),
        DogEatDogTurnBegan(seat=2, turn=1, round=1),
    ]
    return events


def rolls(purpose: RollPurpose, dice: Iterable[tuple[int, tuple[int, int]]]) -> list[DomainEvent]:
    return [DogEatDogDiceRolled(seat=seat, dice=pair, purpose=purpose) for seat, pair in dice]


class Scripted:
    """A random source that rolls the ``dice`` given (then by a seed) and shuffles by
    reversing: the search of [SETUP-LAW] turns up all 31 Current Events before ``CO9``."""

    def __init__(self, dice: Iterable[int] = ()) -> None:
        self._dice = list(dice)
        self._rest = SeededRandom("dice")

    def shuffled(self, items: Sequence[T]) -> list[T]:
        return list(reversed(items))

    def pick(self, items: Sequence[T]) -> T:
        if self._dice and items == DIE:
            return cast(T, self._dice.pop(0))
        return self._rest.pick(items)


def run(state: DogEatDogState, command: Callable[[Context[DogEatDogState]], object], rng: Scripted) -> list[DomainEvent]:
    """Perform ``command`` on ``state`` as the aggregate would; the events it recorded."""
    recorded: list[DomainEvent] = []

    def record(event: DomainEvent) -> None:
        apply(state, event)
        recorded.append(event)

    command(Context(state, record, lambda: rng))
    return recorded


def replayed(events: Iterable[DomainEvent]) -> DogEatDogState:
    state = DogEatDogState()
    for event in events:
        apply(state, event)
    return state


def act(state: DogEatDogState, seat: int, action: DogEatDogMove, dice: Iterable[int] = (), *, windows: bool = False) -> list[DomainEvent]:
    """``seat`` sends ``action`` to the decision awaited, rolling ``dice``; the events recorded.
    Every open window that follows is passed by everyone asked unless ``windows`` says a window
    is the decision to stop at (see ``play_on``)."""
    found = awaited(state)
    pending = [] if found is None else [found]
    rng = Scripted(dice)
    events = run(state, lambda ctx: decisions.act(ctx, seat, action, pending), rng)
    return events if windows else events + pass_windows(state, rng)


def pass_windows(state: DogEatDogState, rng: Scripted) -> list[DomainEvent]:
    """Everyone asked in the open windows due now passes ([TURN-WINDOW]): tests of other rules
    play a turn as if nobody embezzled."""
    events: list[DomainEvent] = []
    while (found := awaited(state)) is not None and found.kind is DecisionKind.WINDOW:
        events += run(state, partial(decisions.act, seat=found.seat, action=DogEatDogPass(), pending=[found]), rng)
    return events


def play_on(state: DogEatDogState, dice: Iterable[int] = (), *, initial_offer: bool = False, windows: bool = False) -> list[DomainEvent]:
    """The rules go on, rolling ``dice``, until a decision is awaited (the first move of a built
    setup: nobody is asked in a window while nobody has anything to do there). The setup law's
    offer after the game's first roll ([BRIBE-INITIAL]) is declined by everyone asked unless
    ``initial_offer`` says it is the decision to stop at, so that tests of other rules may play
    the first turn as any other; so are the open windows (everyone asked passes) unless
    ``windows`` says a window is the decision to stop at."""
    rng = Scripted(dice)
    events = run(state, advance, rng)
    while True:
        if not windows:
            events += pass_windows(state, rng)
        found = awaited(state)
        if initial_offer or found is None or not _initial_offer(state):
            return events
        events += run(state, partial(decisions.act, seat=found.seat, action=DogEatDogDeclineBribe(), pending=[found]), rng)


def decline_all(state: DogEatDogState) -> list[DomainEvent]:
    """Every seat offered an attempt at the official under way declines ([BRIBE-FRESH])."""
    events: list[DomainEvent] = []
    while state.turn.bribery is not None and (found := awaited(state)) is not None:
        events += act(state, found.seat, DogEatDogDeclineBribe())
    return events


def _initial_offer(state: DogEatDogState) -> bool:
    bribery = state.turn.bribery
    return bribery is not None and bribery.occasion is BriberyOccasion.INITIAL


def play_defaults(state: DogEatDogState, until: Callable[[DogEatDogState], bool], dice: Iterable[int] = ()) -> list[DomainEvent]:
    """Every seat asked sends its default until ``until`` holds; each roll is the next of
    ``dice`` while they last."""
    rng = Scripted(dice)
    events: list[DomainEvent] = []
    while not until(state):
        found = awaited(state)
        if found is None:
            events += run(state, advance, rng)
            continue
        action = decisions.default_action(state, found)
        events += run(state, partial(decisions.act, seat=found.seat, action=action, pending=[found]), rng)
    return events


def at_step(
    state: DogEatDogState, step: Step, *, seat: int | None = None, landed: int | None = None, dice: Iterable[int] = ()
) -> list[DomainEvent]:
    """``seat`` (the active one by default) begins ``step`` of his turn, the steps before it
    done with nothing in them, after landing on the track space ``landed`` if given; the events
    until a decision is awaited."""
    turn = state.turn
    if seat is not None:
        turn.seat = seat
    order = flow.steps(state)
    turn.steps_done = list(order[: order.index(step)])
    turn.step = turn.steps_done[-1] if turn.steps_done else None
    turn.windows_closed = len(turn.steps_done)
    if landed is not None:
        turn.move = (landed, landed)
    return play_on(state, dice)


def give(state: DogEatDogState, seat: int, **goods: int) -> None:
    """``seat`` takes ``goods`` out of the supply."""
    for good, count in goods.items():
        state.players[seat].goods[good] = state.players[seat].goods.get(good, 0) + count
        state.supply[good] -= count


def stack(state: DogEatDogState, *cards: str) -> None:
    """Put ``cards`` on top of the Red Tape deck, in that order, as a shuffle might have."""
    state.deck = [*cards, *(card for card in state.deck if card not in cards)]


def without_trades(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nobody may propose a trade: for tests of who else is asked in a window, which every
    seat holding anything tradable would otherwise be ([TRADE-PROPOSE])."""
    monkeypatch.setattr(trade, "may_propose", lambda state, seat: False)
