"""The game's printed material as typed, immutable data: board, playing cards and event cards.

The JSON files in ``domain/data`` are copies of the project's rules data; they are read once, at
import, from the package itself.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any

import msgspec

from domain.dodgecity.figures import Figure

Cell = tuple[int, int]


class CardKind(StrEnum):
    NUMBER = "number"
    PICTURE = "picture"
    INDIAN = "indian"
    QUESTION = "question"


class Card(msgspec.Struct, frozen=True):
    id: str
    kind: CardKind
    figure: Figure | None = None
    value: int = 0


class BuildingSpec(msgspec.Struct, frozen=True):
    id: str
    name: str
    fields: frozenset[Cell]
    landmarks: tuple[Cell, ...]
    landmark_symbols: tuple[str, ...]
    landmarks_required: int
    size: tuple[int, int]


class Effect(msgspec.Struct, frozen=True):
    """One clause of an event card (events.json ``op_vocabulary``)."""

    op: str
    amount: int = 0
    n: int = 0
    n_per_building: int = 0
    figure: Figure | None = None
    placement: str = ""
    optional: bool = False
    recipient: str = ""
    to: str = ""


class EventCard(msgspec.Struct, frozen=True):
    id: str
    en: str
    effects: tuple[Effect, ...]
    linked: bool = False


def _load(name: str) -> Any:
    return msgspec.json.decode(
        resources.files("domain.dodgecity").joinpath("data", name).read_bytes()
    )


def _building(building_id: str, raw: dict[str, Any]) -> BuildingSpec:
    landmarks = tuple((int(m["r"]), int(m["c"])) for m in raw["landmarks"])
    return BuildingSpec(
        id=building_id,
        name=raw["name"],
        fields=frozenset((int(r), int(c)) for r, c in raw["fields"]),
        landmarks=landmarks,
        landmark_symbols=tuple(str(m["symbol"]) for m in raw["landmarks"]),
        landmarks_required=int(raw["landmarks_required"]),
        size=(int(raw["size"][0]), int(raw["size"][1])),
    )


_BOARD = _load("board.json")
_DECKS = _load("deck.json")
_EVENTS = _load("events.json")

#: Every building, in board.json order (the order disputes and scoring walk them in).
BUILDINGS: dict[str, BuildingSpec] = {
    building_id: _building(building_id, raw) for building_id, raw in _BOARD["buildings"].items()
}
BUILDING_ORDER: tuple[str, ...] = tuple(BUILDINGS)

#: Buildings in play by player count ([SETUP-BOARD]).
BUILDINGS_BY_PLAYER_COUNT: dict[int, tuple[str, ...]] = {
    int(count): tuple(ids) for count, ids in _BOARD["buildings_by_player_count"].items()
}

DECK_NAMES: tuple[str, ...] = ("default_32", "variant_44")


@cache
def deck(name: str) -> dict[str, Card]:
    """The cards of a deck by id, in printed order ([COMP-DECK])."""
    cards = msgspec.convert(_DECKS[name]["cards"], tuple[Card, ...])
    return {card.id: card for card in cards}


EVENT_CARDS: dict[str, EventCard] = {
    card.id: card for card in msgspec.convert(_EVENTS["events"], tuple[EventCard, ...])
}
EVENT_ORDER: tuple[str, ...] = tuple(EVENT_CARDS)


def buildings_in_play(player_count: int) -> tuple[str, ...]:
    return BUILDINGS_BY_PLAYER_COUNT[player_count]
