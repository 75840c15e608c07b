"""Dog Eat Dog's printed material as a frontend needs it (domain/dogeatdog/catalog.py): the track
of 20 spaces, the 4 by 4 map with each square's raw-material icons by stage, the six divisions
with their recipes, the 40 Red Tape cards (nine Corrupt Officials and their laws, 31 Current
Events), the box's counts and the economy's figures.

The original's board, cards and laws were never published in full (docs/dogeatdog/SOURCES.md):
most of what is served here is designed for this engine. The answer says so plainly, as a
notice and a list of the designed parts, and every record carries its provenance, aspect by
aspect, with ``designed`` true when any part of it is ours. It never changes while a server runs,
so it is built once and may be cached for as long as the rules version stays the same; served at
``GET /rulesets/dogeatdog``."""

from __future__ import annotations

from functools import cache

import msgspec

from domain.dogeatdog.catalog import (
    EventKind,
    LawTrigger,
    Product,
    Provenance,
    Raw,
    Source,
    SpaceKind,
    board,
    red_tape,
)
from domain.dogeatdog.ruleset import DOGEATDOG

#: What the notice says: the published game, and that most of its material here is ours.
NOTICE = (
    "Dog Eat Dog was published by Q.E.D. Games in 1999, designed by Evan Jones. Its rulebook, "
    "board and cards are not publicly documented: the rules this engine plays are a draft "
    "written from a short summary of the rules and published reviews. Most of the printed "
    "material served here is designed for this engine and is not the publisher's: the track's "
    "layout and most of its spaces, every raw-material icon on the map, the Corrupt Officials' "
    "names and laws, and all but one Current Event. Each record says where each of its parts "
    "comes from (`provenance`) and is marked `designed` when any part is ours."
)

#: The parts designed for this engine, in plain words (docs/dogeatdog/SOURCES.md, section 3).
DESIGNED_PARTS = (
    "the board: the positions of all 20 track spaces, 11 of the spaces and their effects, and "
    "what the Strike space does",
    "the map: its 4 by 4 layout is our reading of the summary; every raw-material icon on every "
    "square at every stage is designed",
    "the laws: all nine Corrupt Officials' names and laws",
    "the cards: 30 of the 31 Current Events, the number of Internal Investigation copies and "
    "that card's wording",
    "the short game's target, the tie-breaks, the stall safeguard, the round limit and the "
    "engine's variants",
)


class DogEatDogAspect(msgspec.Struct, frozen=True, kw_only=True):
    """Where one aspect of a record (its name, position, effect …) comes from: ``source`` is
    ``seed`` (the rules summary), ``public secondary source`` (a published review), ``reading``
    (our interpretation of a gap), ``designed`` (ours) or ``n/a``; ``note`` is the data's words."""

    aspect: str
    source: Source
    note: str


class DogEatDogSpaceSheet(msgspec.Struct, frozen=True, kw_only=True):
    """One space of the track, clockwise from Geneva ([BOARD-TRACK])."""

    index: int
    id: str
    name: str
    kind: SpaceKind
    frame_cell: tuple[int, int]  # (row, col) in the 6 by 6 frame around the map
    corner: bool
    adjacent_squares: tuple[str, ...]
    home_city_of: str | None  # a division's id
    action: str
    rates: dict[str, int]  # the rates it sets for the rest of the mover's turn, in $M
    designed: bool
    provenance: tuple[DogEatDogAspect, ...]


class DogEatDogSquareSheet(msgspec.Struct, frozen=True, kw_only=True):
    """One nature square of the map ([BOARD-MAP]): its raw-material icons at stages 1, 2 and 3
    ([BOARD-ICONS])."""

    id: str
    grid_cell: tuple[int, int]  # (row, col) in the 4 by 4 map
    frame_cell: tuple[int, int]
    edge: bool
    urban_fringe_at_stage_3: bool
    orthogonal_squares: tuple[str, ...]
    adjacent_track_spaces: tuple[int, ...]
    start_square_of: str | None  # a division's id
    icons: tuple[tuple[Raw, ...], tuple[Raw, ...], tuple[Raw, ...]]  # by stage, 1 first
    designed: bool
    provenance: tuple[DogEatDogAspect, ...]


class DogEatDogRecipeSheet(msgspec.Struct, frozen=True, kw_only=True):
    """What one product consumes ([PRODUCE-RECIPE]): ``any_raw`` is any one raw material of the
    maker's choice, ``pollution`` pollution markers."""

    inputs: dict[str, int]
    out: Product


class DogEatDogDivisionSheet(msgspec.Struct, frozen=True, kw_only=True):
    """One division card ([DIV-DATA])."""

    id: str
    name: str
    home_city: str  # a track space's id
    start_raw: dict[str, int]
    start_pollution_markers: int
    start_square: str
    recipes: tuple[DogEatDogRecipeSheet, ...]
    pollutes: bool
    players_min: int  # in the game only with this many players or more ([SETUP-WM])
    max_per_product_per_turn: int | None  # [DIV-DKMART]
    collects_pollution: bool  # [EXPLOIT-WM]
    trades_pollution_at_marketplace: bool  # [SELL-POLLUTION]
    designed: bool
    provenance: tuple[DogEatDogAspect, ...]


class DogEatDogOfficialSheet(msgspec.Struct, frozen=True, kw_only=True):
    """A Corrupt Official and the law it makes: on the Public Laws sheet it binds everyone
    ([LAW-PUBLIC]); owned, its owner may invoke it against others ([LAW-OWNED])."""

    id: str
    name: str
    law_name: str
    law_text: str
    trigger: LawTrigger
    when_public: str
    when_owned: str
    designed: bool
    provenance: tuple[DogEatDogAspect, ...]


class DogEatDogEventSheet(msgspec.Struct, frozen=True, kw_only=True):
    """A Current Event ([REDTAPE-CE]): ``keep`` lies face up before its holder until played."""

    id: str
    name: str
    kind: EventKind
    text: str
    needs_decision: bool
    decisions: tuple[str, ...]
    play_window: str | None
    designed: bool
    provenance: tuple[DogEatDogAspect, ...]


class DogEatDogComponentsSheet(msgspec.Struct, frozen=True, kw_only=True):
    """What is in the box ([COMP-*])."""

    raw_materials: dict[str, int]
    products: dict[str, int]
    pollution_markers: int
    workers: int
    cover_tiles_stage_2: int
    cover_tiles_stage_3: int
    current_events: int
    corrupt_officials: int
    bank_notes_millions: tuple[int, ...]
    control_markers_per_division: int


class DogEatDogCatalog(msgspec.Struct, frozen=True, kw_only=True):
    rules_version: str
    #: That most of this material is designed for the engine, not published, in words.
    notice: str
    designed_parts: tuple[str, ...]
    track: tuple[DogEatDogSpaceSheet, ...]  # clockwise from Geneva
    squares: tuple[DogEatDogSquareSheet, ...]  # A to P, row by row
    divisions: tuple[DogEatDogDivisionSheet, ...]
    officials: tuple[DogEatDogOfficialSheet, ...]
    current_events: tuple[DogEatDogEventSheet, ...]
    components: DogEatDogComponentsSheet
    #: The economy's figures in $M, by name (``start_money``, ``hire_cost``, ``win_swiss`` …);
    #: formulas (``tax_rate``, ``raw_sale_price`` …) in words.
    economy: dict[str, int | str | tuple[int, int]]


def _aspects(provenance: Provenance) -> tuple[DogEatDogAspect, ...]:
    return tuple(
        DogEatDogAspect(aspect=found.aspect, source=found.source, note=found.note)
        for found in provenance.aspects
    )


def _given(counts: msgspec.Struct) -> dict[str, int]:
    """The non-zero counts of a record of counts, by name."""
    return {name: count for name, count in msgspec.structs.asdict(counts).items() if count}


@cache
def catalog() -> DogEatDogCatalog:
    printed, cards = board(), red_tape()
    components = printed.components
    economy = msgspec.structs.asdict(printed.economy)
    economy.pop("provenance")
    return DogEatDogCatalog(
        rules_version=DOGEATDOG.rules_version,
        notice=NOTICE,
        designed_parts=DESIGNED_PARTS,
        track=tuple(
            DogEatDogSpaceSheet(
                index=space.index,
                id=space.id,
                name=space.name,
                kind=space.kind,
                frame_cell=space.frame_cell,
                corner=space.corner,
                adjacent_squares=space.adjacent_squares,
                home_city_of=space.home_city_of,
                action=space.action,
                rates=dict(space.rates.as_pairs()) if space.rates else {},
                designed=space.provenance.designed,
                provenance=_aspects(space.provenance),
            )
            for space in printed.track.spaces
        ),
        squares=tuple(
            DogEatDogSquareSheet(
                id=square.id,
                grid_cell=square.grid_cell,
                frame_cell=square.frame_cell,
                edge=square.edge,
                urban_fringe_at_stage_3=square.urban_fringe_at_stage_3,
                orthogonal_squares=square.orthogonal_squares,
                adjacent_track_spaces=square.adjacent_track_spaces,
                start_square_of=square.start_square_of,
                icons=(square.icons.at(1), square.icons.at(2), square.icons.at(3)),
                designed=square.provenance.designed,
                provenance=_aspects(square.provenance),
            )
            for square in printed.nature_map.squares
        ),
        divisions=tuple(
            DogEatDogDivisionSheet(
                id=division.id,
                name=division.name,
                home_city=division.home_city,
                start_raw=_given(division.start_raw),
                start_pollution_markers=division.start_pollution_markers,
                start_square=division.start_square,
                recipes=tuple(
                    DogEatDogRecipeSheet(inputs=_given(recipe.inputs), out=recipe.out)
                    for recipe in division.recipes
                ),
                pollutes=division.pollutes,
                players_min=division.players_min,
                max_per_product_per_turn=division.max_per_product_per_turn,
                collects_pollution=division.collects_pollution,
                trades_pollution_at_marketplace=division.trades_pollution_at_marketplace,
                designed=division.provenance.designed,
                provenance=_aspects(division.provenance),
            )
            for division in printed.divisions
        ),
        officials=tuple(
            DogEatDogOfficialSheet(
                id=card.id,
                name=card.name,
                law_name=card.law_name,
                law_text=card.law_text,
                trigger=card.trigger,
                when_public=card.when_public,
                when_owned=card.when_owned,
                designed=card.provenance.designed,
                provenance=_aspects(card.provenance),
            )
            for card in cards.corrupt_officials
        ),
        current_events=tuple(
            DogEatDogEventSheet(
                id=card.id,
                name=card.name,
                kind=card.kind,
                text=card.text,
                needs_decision=card.needs_decision,
                decisions=card.decisions,
                play_window=card.play_window,
                designed=card.provenance.designed,
                provenance=_aspects(card.provenance),
            )
            for card in cards.current_events
        ),
        components=DogEatDogComponentsSheet(
            raw_materials=_given(components.raw_materials),
            products=_given(components.products),
            pollution_markers=components.pollution_markers,
            workers=components.workers,
            cover_tiles_stage_2=components.cover_tiles.stage_2,
            cover_tiles_stage_3=components.cover_tiles.stage_3,
            current_events=components.red_tape_cards.current_events,
            corrupt_officials=components.red_tape_cards.corrupt_officials,
            bank_notes_millions=components.bank_notes_millions,
            control_markers_per_division=components.control_markers_per_division,
        ),
        economy=economy,
    )
