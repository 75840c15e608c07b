"""The printed material of Dog Eat Dog, read once from the package's data files and checked.

``data/board.json`` is the track of 20 spaces ([BOARD-TRACK]), the 4 by 4 map of nature squares with
their raw-material icons per stage ([BOARD-MAP], [BOARD-ICONS]), the six divisions ([DIV-DATA]),
the component counts ([COMP-*]) and the economic constants; ``data/cards.json`` is the 40 Red
Tape cards ([COMP-REDTAPE]): nine Corrupt Officials with their laws and 31 Current Events with
machine-readable effects (``domain.dogeatdog.effects``). Both are copies of the rules package's
files.

Most of it is our design, not the original's (RULES.md section 23): every record keeps its
:class:`Provenance`, so a reader can tell a printed fact from a designed one. A file that does
not match the types, or whose parts do not fit together (an adjacency one way only, a division
whose home city is not a city), is refused with a :class:`CatalogError` saying where.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any, Literal, TypeVar

import msgspec

from domain.dogeatdog.effects import Effect, LawEffect
from domain.dogeatdog.naming import prefix

T = TypeVar("T")

# -- goods ----------------------------------------------------------------------------------


class Raw(StrEnum):
    """The five raw materials ([COMP-RAW])."""

    IRON = "iron"
    TIMBER = "timber"
    COAL = "coal"
    CHEMICALS = "chemicals"
    OIL = "oil"


class Product(StrEnum):
    """The five products ([COMP-PRODUCTS])."""

    STEEL = "steel"
    PAPER = "paper"
    PLASTIC = "plastic"
    FUEL = "fuel"
    RECYCLABLE = "recyclable"


class _Record(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


class RawCounts(_Record, frozen=True):
    iron: int = 0
    timber: int = 0
    coal: int = 0
    chemicals: int = 0
    oil: int = 0

    def of(self, raw: Raw) -> int:
        count: int = getattr(self, raw.value)
        return count


class ProductCounts(_Record, frozen=True):
    steel: int = 0
    paper: int = 0
    plastic: int = 0
    fuel: int = 0
    recyclable: int = 0

    def of(self, product: Product) -> int:
        count: int = getattr(self, product.value)
        return count


# -- provenance -----------------------------------------------------------------------------


class Source(StrEnum):
    """Where a fact comes from (RULES.md: (S), (P), (R), (D))."""

    SEED = "seed"
    PUBLIC = "public secondary source"
    READING = "reading"
    DESIGNED = "designed"
    NOT_APPLICABLE = "n/a"


class Aspect(_Record, frozen=True):
    """One aspect of a record (its name, its position, its effect …) and where it comes from;
    ``note`` is the data file's own words."""

    aspect: str
    source: Source
    note: str


class Provenance(_Record, frozen=True):
    aspects: tuple[Aspect, ...]

    @property
    def designed(self) -> bool:
        """Whether any part of the record is our design rather than the original's."""
        return any(aspect.source is Source.DESIGNED for aspect in self.aspects)

    @property
    def published(self) -> bool:
        """Whether every part of it is stated in the seed or a published review."""
        return all(
            aspect.source in (Source.SEED, Source.PUBLIC, Source.NOT_APPLICABLE)
            for aspect in self.aspects
        )

    def of(self, aspect: str) -> Source:
        return next(found.source for found in self.aspects if found.aspect == aspect)


# -- the board ------------------------------------------------------------------------------


class SpaceKind(StrEnum):
    GENEVA = "geneva"  # [GENEVA-LAND]
    TAXES = "taxes"  # [TAX-PASS]
    CITY = "city"  # [REDTAPE-CITY], [HOME-PASS]
    STRIKE = "strike"  # [SPACE-STRIKE]
    LABOR_EXCHANGE = "labor_exchange"  # [SPACE-LABOR-EXCHANGE]
    COMMODITY_EXCHANGE = "commodity_exchange"  # [SPACE-COMMODITY-EXCHANGE]
    TRADE_SHOW = "trade_show"  # [SPACE-TRADE-SHOW]
    LOBBYIST = "lobbyist"  # [SPACE-LOBBYIST]
    PLAIN = "plain"  # [SPACE-PLAIN]


class SpaceRates(_Record, frozen=True):
    """The rates a space sets for the rest of the mover's turn, in $M (our design, RULES.md
    section 23, D2 and D3): read by ``rules/rates.py`` only ([LAW-COMPOSE])."""

    settle_wage_per_worker: int | None = None  # [SPACE-STRIKE], SETTLE
    hire_cost: int | None = None  # [SPACE-LABOR-EXCHANGE]
    marketplace_buy_price: int | None = None  # [SPACE-COMMODITY-EXCHANGE]
    product_price_delta: int | None = None  # [SPACE-TRADE-SHOW]

    def as_pairs(self) -> tuple[tuple[str, int], ...]:
        """The rates this space sets, by name."""
        given = msgspec.structs.asdict(self)
        return tuple((name, value) for name, value in given.items() if value is not None)


class TrackSpace(_Record, frozen=True):
    index: int
    id: str
    name: str
    kind: SpaceKind
    frame_cell: tuple[int, int]
    corner: bool
    adjacent_squares: tuple[str, ...]
    home_city_of: str | None
    trigger: str
    action: str
    provenance: Provenance
    rates: SpaceRates | None = None


class Track(_Record, frozen=True):
    length: int
    direction: str
    direction_provenance: str
    spaces: tuple[TrackSpace, ...]


class Icons(_Record, frozen=True):
    """The raw-material icons a square shows at each stage, one raw material per icon per turn
    ([EXPLOIT-ICONS])."""

    stage_1: tuple[Raw, ...] = msgspec.field(name="1")
    stage_2: tuple[Raw, ...] = msgspec.field(name="2")
    stage_3: tuple[Raw, ...] = msgspec.field(name="3")

    def at(self, stage: int) -> tuple[Raw, ...]:
        return (self.stage_1, self.stage_2, self.stage_3)[stage - 1]


class Square(_Record, frozen=True):
    id: str
    grid_cell: tuple[int, int]
    frame_cell: tuple[int, int]
    edge: bool
    urban_fringe_at_stage_3: bool
    orthogonal_squares: tuple[str, ...]
    adjacent_track_spaces: tuple[int, ...]
    start_square_of: str | None
    icons: Icons
    provenance: Provenance


class NatureMap(_Record, frozen=True):
    rows: int
    cols: int
    stages: tuple[int, ...]
    start_stage: int
    stage_rules: str
    icons_rule: str
    icon_totals_stage_1: RawCounts
    icon_totals_stage_2: RawCounts
    squares: tuple[Square, ...]


class RecipeInputs(_Record, frozen=True):
    """What one product consumes ([PRODUCE-RECIPE]); ``any_raw`` is any one raw material of the
    maker's choice (Waste Mismanagement's recyclable)."""

    iron: int = 0
    timber: int = 0
    coal: int = 0
    chemicals: int = 0
    oil: int = 0
    any_raw: int = 0
    pollution: int = 0


class Recipe(_Record, frozen=True):
    inputs: RecipeInputs = msgspec.field(name="in")
    out: Product


class Division(_Record, frozen=True, kw_only=True):
    id: str
    name: str
    home_city: str  # a track space id
    start_raw: RawCounts
    start_pollution_markers: int
    start_square: str
    recipes: tuple[Recipe, ...]
    pollutes: bool
    players_min: int  # [SETUP-WM]
    max_per_product_per_turn: int | None = None  # [DIV-DKMART]
    collects_pollution: bool = False  # [EXPLOIT-WM]
    trades_pollution_at_marketplace: bool = False  # [SELL-POLLUTION], [BUY-WM-POLLUTION]
    provenance: Provenance


class CoverTiles(_Record, frozen=True):
    stage_2: int
    stage_3: int


class RedTapeCounts(_Record, frozen=True):
    current_events: int
    corrupt_officials: int


class Components(_Record, frozen=True):
    raw_materials: RawCounts
    products: ProductCounts
    pollution_markers: int
    workers: int
    cover_tiles: CoverTiles
    red_tape_cards: RedTapeCounts
    bank_notes_millions: tuple[int, ...]
    bank: str
    control_markers_per_division: int
    provenance: Provenance


class Economy(_Record, frozen=True):
    """The constants of the economy in $M; the formulas (``tax_rate`` …) are text, and the rules
    that use them say the same in code."""

    start_money: int
    start_workers: int
    raw_sale_price: str
    product_sale_price: str
    product_price_base: int  # what a product's price adds to its roll ([SELL-ROLL])
    marketplace_buy_price: int
    hire_cost: int
    wage_per_worker: int
    tax_threshold: int
    tax_rate: str
    embezzle_max: str
    dice_bid_range: tuple[int, int]
    bribe_range: tuple[int, int]
    auction_min_bid: int
    law_fine: int
    denounce_bounty: int
    loan_interest: str
    win_swiss: int
    provenance: Provenance


class Geometry(_Record, frozen=True):
    description: str
    provenance: Provenance
    adjacency: str
    frame_cell: str
    grid_cell: str


class Board(_Record, frozen=True):
    comment: str = msgspec.field(name="_comment")
    rules_version: str
    provenance_legend: tuple[tuple[str, str], ...]
    geometry: Geometry
    track: Track
    nature_map: NatureMap = msgspec.field(name="map")
    divisions: tuple[Division, ...]
    components: Components
    economy: Economy


# -- the cards ------------------------------------------------------------------------------


class LawTrigger(StrEnum):
    """When a law applies ([LAW-PUBLIC]) or may be invoked ([LAW-OWNED])."""

    PAYROLL = "payroll"
    HIRE = "hire"
    FIRE = "fire"
    BUY_MARKETPLACE = "buy_marketplace"
    POLLUTE = "pollute"
    GAIN_SQUARE = "gain_square"
    SELL_PRODUCT = "sell_product"
    EXPLOIT_RAW = "exploit_raw"
    TAXES = "taxes"


class EventKind(StrEnum):
    KEEP = "keep"  # lies face up before its holder until played ([REDTAPE-HAND])
    IMMEDIATE = "immediate"
    THIS_TURN = "this_turn"  # lasts to the end of the drawer's turn ([REDTAPE-CE])


class CorruptOfficial(_Record, frozen=True):
    id: str
    type: Literal["corrupt_official"]
    name: str
    law_name: str
    law_text: str
    trigger: LawTrigger
    effects: tuple[LawEffect, ...]
    when_public: str
    when_owned: str
    provenance: Provenance


class CurrentEvent(_Record, frozen=True, kw_only=True):
    id: str
    type: Literal["current_event"]
    name: str
    kind: EventKind
    text: str
    effects: tuple[Effect, ...]
    decisions: tuple[str, ...]
    needs_decision: bool
    notes: str
    play_window: str | None = None
    provenance: Provenance


class CardCount(_Record, frozen=True):
    total: int
    current_events: int
    corrupt_officials: int
    provenance: Provenance


class GeneralRules(_Record, frozen=True):
    """The rules every Current Event follows ([REDTAPE-CE]), in the data file's words."""

    timing: str
    mandatory: str
    drawer_payment_shortfall: str
    off_turn_payment: str
    supply: str
    keep_cards: str
    discard_and_reshuffle: str
    composition: str


class RedTape(_Record, frozen=True):
    comment: str = msgspec.field(name="_comment")
    rules_version: str
    count: CardCount
    general_rules: GeneralRules
    op_vocabulary: tuple[tuple[str, str], ...]
    corrupt_officials: tuple[CorruptOfficial, ...]
    current_events: tuple[CurrentEvent, ...]

    def card_ids(self) -> tuple[str, ...]:
        """Every card's id, officials first, in the data file's order."""
        officials = tuple(card.id for card in self.corrupt_officials)
        return officials + tuple(card.id for card in self.current_events)


# -- loading --------------------------------------------------------------------------------


class CatalogError(ValueError):
    """A data file that does not say what the game needs, with where it went wrong."""


def parse_board(data: bytes) -> Board:
    """``board.json``'s contents as typed records, or a :class:`CatalogError`."""
    board = _decode(data, Board, "board.json", mappings=("provenance_legend",))
    _check_board(board)
    return board


def parse_red_tape(data: bytes) -> RedTape:
    """``cards.json``'s contents as typed records, or a :class:`CatalogError`."""
    red_tape = _decode(data, RedTape, "cards.json", mappings=("op_vocabulary",))
    _check_red_tape(red_tape)
    return red_tape


@cache
def board() -> Board:
    return parse_board(_data("board.json"))


@cache
def red_tape() -> RedTape:
    return parse_red_tape(_data("cards.json"))


@cache
def squares() -> dict[str, Square]:
    return {square.id: square for square in board().nature_map.squares}


@cache
def divisions() -> dict[str, Division]:
    return {division.id: division for division in board().divisions}


@cache
def cards() -> dict[str, CorruptOfficial | CurrentEvent]:
    found: dict[str, CorruptOfficial | CurrentEvent] = {}
    found.update((card.id, card) for card in red_tape().corrupt_officials)
    found.update((card.id, card) for card in red_tape().current_events)
    return found


def space(index: int) -> TrackSpace:
    return board().track.spaces[index]


def home_space(division: str) -> int:
    """The track index of ``division``'s home city."""
    home = divisions()[division].home_city
    return next(found.index for found in board().track.spaces if found.id == home)


def _data(name: str) -> bytes:
    return resources.files("domain.dogeatdog").joinpath("data", name).read_bytes()


def _decode(data: bytes, kind: type[T], name: str, *, mappings: tuple[str, ...]) -> T:
    try:
        raw = msgspec.json.decode(data)
    except msgspec.DecodeError as error:
        raise CatalogError(f"{name} is not JSON: {error}") from None
    if not isinstance(raw, dict):
        raise CatalogError(f"{name} holds no object at its top")
    for key in mappings:
        # Free-text tables keyed by name: kept as (name, text) pairs, so the record stays frozen.
        if isinstance(raw.get(key), dict):
            raw[key] = list(raw[key].items())
    try:
        return msgspec.convert(_with_provenance(raw, "$"), kind)
    except msgspec.ValidationError as error:
        raise CatalogError(f"{name}: {error}") from None


def _with_provenance(value: Any, path: str) -> Any:
    """``value`` with every ``provenance`` (a text, or texts by aspect) read as a Provenance."""
    if isinstance(value, list):
        return [_with_provenance(item, f"{path}[{i}]") for i, item in enumerate(value)]
    if not isinstance(value, dict):
        return value
    found = {key: _with_provenance(item, f"{path}.{key}") for key, item in value.items()}
    if "provenance" in found:
        given = found["provenance"]
        by_aspect = given if isinstance(given, dict) else {"record": given}
        found["provenance"] = {
            "aspects": [
                {"aspect": aspect, "source": _source(note, f"{path}.provenance"), "note": note}
                for aspect, note in by_aspect.items()
            ]
        }
    return found


def _source(note: Any, path: str) -> str:
    if isinstance(note, str):
        for source in Source:
            if note.lower().startswith(source.value):
                return source.value
    raise CatalogError(f"unknown provenance {note!r} - at `{path}`")


# -- checks: the parts fit together ---------------------------------------------------------


def _check_board(found: Board) -> None:
    track, nature = found.track, found.nature_map
    _expect(track.length == len(track.spaces), f"track.length {track.length} but spaces listed")
    for position, listed in enumerate(track.spaces):
        _expect(listed.index == position, f"track space {listed.id} at position {position}")
    for what, ids in (
        ("track space", [s.id for s in track.spaces]),
        ("square", [s.id for s in nature.squares]),
        ("division", [d.id for d in found.divisions]),
    ):
        _expect(len(set(ids)) == len(ids), f"a {what} id is listed twice")
    _check_grid(nature)
    _check_track_adjacency(found)
    _check_space_rates(found.track)
    _check_divisions(found)


def _check_grid(nature: NatureMap) -> None:
    _expect(len(nature.squares) == nature.rows * nature.cols, "squares do not fill the map")
    by_cell = {square.grid_cell: square for square in nature.squares}
    for square in nature.squares:
        row, col = square.grid_cell
        where = f"square {square.id}"
        _expect(0 <= row < nature.rows and 0 <= col < nature.cols, f"{where} lies off the map")
        # Lettered row by row ([BOARD-MAP]); the frame adds the track's ring around the map.
        _expect(square.id == chr(ord("A") + row * nature.cols + col), f"{where} is misnamed")
        _expect(square.frame_cell == (row + 1, col + 1), f"{where} has a wrong frame cell")
        edge = row in (0, nature.rows - 1) or col in (0, nature.cols - 1)
        _expect(square.edge == edge, f"{where}: edge is {square.edge}")
        neighbours = {
            by_cell[cell].id
            for cell in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
            if cell in by_cell
        }
        _expect(set(square.orthogonal_squares) == neighbours, f"{where}: wrong neighbours")


def _check_track_adjacency(found: Board) -> None:
    by_frame = {square.frame_cell: square.id for square in found.nature_map.squares}
    for listed in found.track.spaces:
        row, col = listed.frame_cell
        touching = {
            by_frame[cell]
            for cell in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
            if cell in by_frame
        }
        where = f"track space {listed.index} ({listed.id})"
        _expect(set(listed.adjacent_squares) == touching, f"{where}: wrong adjacent squares")
    for square in found.nature_map.squares:
        touching_track = {s.index for s in found.track.spaces if square.id in s.adjacent_squares}
        _expect(
            set(square.adjacent_track_spaces) == touching_track,
            f"square {square.id}: adjacent track spaces disagree with the track",
        )


#: The rate each kind of space sets, and only these kinds set one (RULES.md section 6).
SPACE_RATE = {
    SpaceKind.STRIKE: "settle_wage_per_worker",
    SpaceKind.LABOR_EXCHANGE: "hire_cost",
    SpaceKind.COMMODITY_EXCHANGE: "marketplace_buy_price",
    SpaceKind.TRADE_SHOW: "product_price_delta",
}


def _check_space_rates(track: Track) -> None:
    for listed in track.spaces:
        where = f"track space {listed.index} ({listed.id})"
        wanted = SPACE_RATE.get(listed.kind)
        named = {name for name, _ in (listed.rates.as_pairs() if listed.rates else ())}
        _expect(named == ({wanted} if wanted else set()), f"{where}: rates {sorted(named)}")


def _check_divisions(found: Board) -> None:
    spaces_by_id = {listed.id: listed for listed in found.track.spaces}
    squares_by_id = {square.id: square for square in found.nature_map.squares}
    for division in found.divisions:
        where = f"division {division.id}"
        home = spaces_by_id.get(division.home_city)
        if home is None:
            raise CatalogError(f"{where}: no track space {division.home_city!r}")
        _expect(
            home.kind is SpaceKind.CITY and home.home_city_of == division.id,
            f"{where}: {home.id} is not its home city",
        )
        start = squares_by_id.get(division.start_square)
        if start is None:
            raise CatalogError(f"{where}: no square {division.start_square!r}")
        _expect(start.start_square_of == division.id, f"{where}: square {start.id} disagrees")
        _expect(bool(division.recipes), f"{where} makes nothing")


def _check_red_tape(found: RedTape) -> None:
    count = found.count
    _expect(
        len(found.corrupt_officials) == count.corrupt_officials
        and len(found.current_events) == count.current_events
        and count.total == count.corrupt_officials + count.current_events,
        f"cards listed ({len(found.corrupt_officials)} officials, "
        f"{len(found.current_events)} events) do not match the count {count.total}",
    )
    ids = found.card_ids()
    _expect(len(set(ids)) == len(ids), "a card id is listed twice")
    for official in found.corrupt_officials:
        _expect(bool(official.effects), f"official {official.id} has no law")


def _expect(holds: bool, problem: str) -> None:
    if not holds:
        raise CatalogError(problem)


# The wire's names are prefixed: DogEatDogRaw, DogEatDogSource … (domain/dogeatdog/naming.py).
prefix(Raw, Product, Source, SpaceKind, LawTrigger, EventKind)
