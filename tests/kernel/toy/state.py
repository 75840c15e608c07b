"""The full state of one game of toy poker, as rebuilt from its events.

Plain mutable data compared by value; only ``tests.kernel.toy.evolve`` changes it, one event at a
time, and the rules read it to decide what may happen next.
"""

from __future__ import annotations

from uuid import UUID

from attrs import Factory, define
from domain.events.base import NO_GAME
from domain.offers import Offer
from domain.ruleset import GameStatus

from tests.kernel.toy.events import Card, Choice, ToyEndReason, ToySettings


@define
class ToySeat:
    name: str
    bot: str | None


@define
class ToyState:
    game_id: UUID = NO_GAME
    status: GameStatus = GameStatus.LOBBY
    #: The seats the game was opened for (always 2 once opened).
    seat_count: int = 0
    settings: ToySettings = Factory(ToySettings)
    seed: str = ""
    rules_version: str = ""
    seats: list[ToySeat] = Factory(list)
    cards: dict[int, Card] = Factory(dict)
    set_aside: Card | None = None
    committed: dict[int, Choice] = Factory(dict)
    revealed: bool = False
    #: The chips each seat has put in the pot, by seat.
    stakes: list[int] = Factory(list)
    #: The seat asked to call or fold, while it has not.
    reacting: int | None = None
    winner: int | None = None
    end_reason: ToyEndReason | None = None
    #: The chips each seat has in its purse, beside the pot, by seat; empty in a game of rules
    #: version 1, which has no purses ([TOY-PURSE]).
    purses: list[int] = Factory(list)
    #: What each purse held at the start.
    purse_at_start: int = 0
    #: The offers open now, oldest first (one at most, [TOY-OFFER]).
    offers: list[Offer[int]] = Factory(list)
    #: How many offers each seat has made, by seat; the game's offers are numbered from 1.
    offers_made: dict[int, int] = Factory(dict)

    @property
    def pot(self) -> int:
        return sum(self.stakes)

    def is_seat(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats)
