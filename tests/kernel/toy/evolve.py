"""Applying one recorded event to the state. Never validates, never fails, never draws at random:
every stored game replays, whatever the rules say today."""

from __future__ import annotations

from typing import cast

from domain.events.base import DomainEvent
from domain.ruleset import GameStatus

from tests.kernel.toy.events import (
    Card,
    Choice,
    ToyCalled,
    ToyCardDealt,
    ToyCardSetAside,
    ToyChoiceCommitted,
    ToyChoicesRevealed,
    ToyFolded,
    ToyGameEnded,
    ToyGameOpened,
    ToyGameStarted,
    ToySeatTaken,
)
from tests.kernel.toy.state import ToySeat, ToyState

#: A bet or a call puts one chip in the pot ([TOY-COMMIT], [TOY-REACT]).
BET = 1


def evolve(state: ToyState, event: DomainEvent) -> None:
    # Stored events never hold HIDDEN (only what a view returns does): the casts say so.
    match event:
        case ToyGameOpened():
            state.game_id = event.originator_id
            state.seat_count = event.seats
            state.settings = event.settings
            state.seed = event.seed
            state.rules_version = event.rules_version
        case ToySeatTaken():
            state.seats.append(ToySeat(name=event.name, bot=event.bot))
        case ToyGameStarted():
            state.status = GameStatus.RUNNING
            state.stakes = [event.ante] * event.seats
        case ToyCardDealt():
            state.cards[event.seat] = cast(Card, event.card)
        case ToyCardSetAside():
            state.set_aside = cast(Card, event.card)
        case ToyChoiceCommitted():
            state.committed[event.seat] = cast(Choice, event.choice)
        case ToyChoicesRevealed():
            state.revealed = True
            for seat, choice in enumerate(event.choices):
                if choice == "bet":
                    state.stakes[seat] += BET
            if event.choices.count("bet") == 1:
                state.reacting = event.choices.index("check")
        case ToyCalled():
            state.stakes[event.seat] += BET
            state.reacting = None
        case ToyFolded():
            state.reacting = None
        case ToyGameEnded():
            state.status = GameStatus.ENDED
            state.winner = event.winner
            state.end_reason = event.reason
        case _:
            pass  # an event of another game: nothing of this one changes
