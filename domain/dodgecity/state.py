"""The full state of one game, as rebuilt from its events.

State is plain mutable data (attrs classes compared by value). Only ``domain.dodgecity.evolve``
changes it, one event at a time; the rules read it to decide what may happen next.
"""

from __future__ import annotations

from collections.abc import Hashable
from enum import StrEnum
from typing import Any
from uuid import UUID

from attrs import Attribute, Factory, define, field

from domain.dodgecity.figures import Figure
from domain.events.base import NO_GAME
from domain.events.dodgecity.values import Cell, Colour, EndReason, Stage, Variants

STARTING_MONEY = 2000  # [SETUP-MONEY]
STONES_PER_COLOUR = 40  # [COMP-STONES]
CARDS_PER_HAND = 4  # [SETUP-DEAL]
MIN_PLAYERS = 2
MAX_PLAYERS = 5  # [SETUP-PLAYERS]


class Status(StrEnum):
    LOBBY = "lobby"
    RUNNING = "running"
    ENDED = "ended"


class BuildingStatus(StrEnum):
    OPEN = "open"
    SCORED = "scored"
    NEUTRAL = "neutral"


class TurnStep(StrEnum):
    """The three steps of a setting turn: play a card, resolve it, buy and place stones."""

    PLAY = "play"
    RESOLVE = "resolve"
    BUY = "buy"
    DONE = "done"


@define
class Player:
    seat: int
    name: str
    colour: Colour
    bot: str | None = None  # the kind of computer player the server plays this seat as
    money: int = 0
    hand: list[str] = Factory(list)
    value_discs: list[int] = Factory(list)
    on_board: int = 0

    @property
    def points(self) -> int:
        return sum(self.value_discs)

    @property
    def supply(self) -> int:
        return STONES_PER_COLOUR - self.on_board


def _note_open(building: Building, _: Attribute[BuildingStatus], status: BuildingStatus) -> object:
    object.__setattr__(building, "is_open", status is BuildingStatus.OPEN)
    return status


@define
class Building:
    id: str
    figure: Figure | None = None
    status: BuildingStatus = field(default=BuildingStatus.OPEN, on_setattr=_note_open)
    stones: dict[Cell, int] = Factory(dict)
    scored_by: int | None = None
    #: What was derived from the building as it is now (its view, its legal actions), kept
    #: until an event changes it: ``domain.dodgecity.evolve`` empties it. Bookkeeping, not part
    #: of what the game is (see ``domain.dodgecity.remembered``).
    derived: dict[Hashable, Any] = field(factory=dict, eq=False, repr=False)

    #: Whether ``status`` is open, kept as it changes: the rules ask it about every building
    #: at every listing of legal actions (2.8% of a random game's time as a property).
    is_open: bool = field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        self.is_open = self.status is BuildingStatus.OPEN


@define
class DiscardedCard:
    card: str
    face_up: bool
    owner: int | None  # who put it there face down; None for face-up cards


@define
class CardTask:
    """A picture or Indian card being resolved in a setting turn ([SET-PICTURE], [SET-INDIAN])."""

    card: str
    remaining: int
    building: str | None = None
    event_drawn: bool = False


@define
class EventTask:
    """An event card being resolved ([EVENT-RESOLVE]): which clause, and that clause's progress."""

    seat: int
    event: str
    effect: int = 0
    progress: int = 0
    recipient: int | None = None
    building: str | None = None
    targets: tuple[str, ...] = ()
    served: list[str] = Factory(list)


@define
class Duel:
    """The challenge being fought; the winner may still have to choose a stone ([DUEL-WIN])."""

    challenger: int
    opponent: int
    building: str
    winner: int | None = None
    removal_pending: bool = False


@define
class GameState:
    game_id: UUID = NO_GAME
    max_players: int = MAX_PLAYERS
    variants: Variants = Factory(Variants)
    rules_version: str = ""
    seed: str = ""
    status: Status = Status.LOBBY
    players: list[Player] = Factory(list)
    buildings: dict[str, Building] = Factory(dict)
    symbol_discs_used: dict[Figure, int] = Factory(dict)
    draw_pile: list[str] = Factory(list)
    discard: list[DiscardedCard] = Factory(list)
    event_pile: list[str] = Factory(list)
    event_discard: list[str] = Factory(list)
    pass_number: int = 0
    stage: Stage | None = None
    start_player: int = 0
    order: tuple[int, ...] = ()
    turn: int | None = None
    turn_step: TurnStep = TurnStep.PLAY
    placed_this_turn: dict[str, int] = Factory(dict)
    played_card: str | None = None
    card_task: CardTask | None = None
    event_task: EventTask | None = None
    event_queue: list[int] = Factory(list)
    drew_event: set[int] = Factory(set)
    commitments: dict[int, str] = Factory(dict)
    revealed: set[int] = Factory(set)
    fought: set[int] = Factory(set)
    chain_next: int = 0
    duel: Duel | None = None
    dispute_losers: dict[str, set[int]] = Factory(dict)
    tie_duel_draws: dict[int, list[str]] = Factory(dict)
    end_reason: EndReason | None = None
    winners: tuple[int, ...] = ()

    @property
    def player_count(self) -> int:
        return len(self.players)

    def open_buildings(self) -> list[Building]:
        return [b for b in self.buildings.values() if b.is_open]
