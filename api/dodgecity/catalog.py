"""The printed material as a frontend needs it to draw a game: each building's grid and landmark
symbols, every card of each deck, every event card's text, and the figures' prices and values.

It never changes while a server runs, so it is built once and may be cached by clients for as
long as the rules version stays the same.
"""

from __future__ import annotations

from functools import cache

import msgspec
from litestar import get

from api.http.problems import problem_responses
from domain.dodgecity.catalog import (
    BUILDINGS,
    BUILDINGS_BY_PLAYER_COUNT,
    DECK_NAMES,
    EVENT_CARDS,
    CardKind,
    deck,
)
from domain.dodgecity.figures import FIGURE_RANK, STONE_PRICE, Figure
from domain.dodgecity.ruleset import RULES_VERSION


class Landmark(msgspec.Struct, frozen=True, kw_only=True):
    row: int
    col: int
    symbol: str


class BuildingSheet(msgspec.Struct, frozen=True, kw_only=True):
    """One building's grid of ``rows`` by ``cols`` squares: ``fields`` take stones, ``landmarks``
    (never stones) are the symbols to connect, ``landmarks_required`` of them; any other square
    is not part of the building."""

    id: str
    name: str
    rows: int
    cols: int
    fields: list[tuple[int, int]]  # [row, col], sorted
    landmarks: list[Landmark]
    landmarks_required: int


class CardSheet(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    kind: CardKind
    figure: Figure | None
    value: int


class EventSheet(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    text: str


class FigureSheet(msgspec.Struct, frozen=True, kw_only=True):
    figure: Figure
    rank: int  # also the points a building of this figure scores
    stone_price: int


class Catalog(msgspec.Struct, frozen=True, kw_only=True):
    rules_version: str
    buildings: list[BuildingSheet]  # in board order
    buildings_by_player_count: dict[str, list[str]]
    decks: dict[str, list[CardSheet]]
    event_cards: list[EventSheet]
    figures: list[FigureSheet]  # highest rank first


@cache
def catalog() -> Catalog:
    return Catalog(
        rules_version=RULES_VERSION,
        buildings=[
            BuildingSheet(
                id=spec.id,
                name=spec.name,
                rows=spec.size[0],
                cols=spec.size[1],
                fields=sorted(spec.fields),
                landmarks=[
                    Landmark(row=row, col=col, symbol=symbol)
                    for (row, col), symbol in zip(
                        spec.landmarks, spec.landmark_symbols, strict=True
                    )
                ],
                landmarks_required=spec.landmarks_required,
            )
            for spec in BUILDINGS.values()
        ],
        buildings_by_player_count={
            str(count): list(ids) for count, ids in BUILDINGS_BY_PLAYER_COUNT.items()
        },
        decks={
            name: [
                CardSheet(id=card.id, kind=card.kind, figure=card.figure, value=card.value)
                for card in deck(name).values()
            ]
            for name in DECK_NAMES
        },
        event_cards=[EventSheet(id=card.id, text=card.en) for card in EVENT_CARDS.values()],
        figures=[
            FigureSheet(figure=figure, rank=rank, stone_price=STONE_PRICE[figure])
            for figure, rank in sorted(FIGURE_RANK.items(), key=lambda item: -item[1])
        ],
    )


@get(
    "/catalog",
    operation_id="getCatalog",
    summary="Get Dodge City's printed material (older path)",
    responses=problem_responses(429),
    tags=["reference"],
)
async def catalog_route() -> Catalog:
    """The board, the decks, the event cards and the figures: what a frontend needs to draw a
    game and word its cards. The same for every game of this rules version, and the same as
    `GET /rulesets/dodgecity` (this path is older). Anyone may ask, without a token."""
    return catalog()
