"""Reading the board: where stones may go, whose stones may be taken, who controls what.

Each check is split into a building-level and a field-level part. Validation runs both and names
the rule that fails; listing legal actions runs the building part once per building and then just
lists the empty fields, so both always agree.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from typing import TypeVar

from domain.dodgecity.actions import GiveStone, RemoveStone, SellStone
from domain.dodgecity.catalog import BUILDINGS, Cell
from domain.dodgecity.connectivity import connects
from domain.dodgecity.figures import SYMBOL_DISCS_PER_FIGURE, Figure
from domain.dodgecity.remembered import remembered
from domain.dodgecity.state import Building, GameState
from domain.errors import RuleViolation
from domain.events.dodgecity.values import Stage

StoneAction = TypeVar("StoneAction", RemoveStone, GiveStone, SellStone)

SETTING_STAGES = (Stage.SETTING_ROUND_1, Stage.SETTING_ROUND_2)
MAX_STONES_PER_BUILDING_PER_TURN = 3  # [BUY-3]


@cache
def sorted_fields(building_id: str) -> tuple[Cell, ...]:
    return tuple(sorted(BUILDINGS[building_id].fields))


def empty_fields(building: Building) -> list[Cell]:
    stones = building.stones
    return [cell for cell in sorted_fields(building.id) if cell not in stones]


def is_full(building: Building) -> bool:
    return len(building.stones) >= len(BUILDINGS[building.id].fields)


def building_controllers(state: GameState, building: Building) -> tuple[int, ...]:
    return controllers_of(building, state.variants.landmarks_bridge)


def controllers_of(building: Building, landmarks_bridge: bool) -> tuple[int, ...]:
    """Seats that control the building, in seat order
    (``domain.dodgecity.connectivity.controllers``).

    Asked of every open building at every dispute and scoring, and by every view after every
    action, mostly of buildings unchanged since: remembered until the building changes."""
    return remembered(
        building, ("controllers", landmarks_bridge), _controllers_now, landmarks_bridge
    )


def _controllers_now(building: Building, landmarks_bridge: bool) -> tuple[int, ...]:
    by_seat: dict[int, list[Cell]] = {}
    for cell, seat in building.stones.items():
        by_seat.setdefault(seat, []).append(cell)
    # A stone changes only its owner's control, so each seat's answer is remembered too.
    return tuple(
        sorted(
            seat
            for seat, cells in by_seat.items()
            if _seat_connects(building.id, frozenset(cells), landmarks_bridge)
        )
    )


@lru_cache(maxsize=8192)
def _seat_connects(building_id: str, cells: frozenset[Cell], landmarks_bridge: bool) -> bool:
    return connects(BUILDINGS[building_id], cells, landmarks_bridge=landmarks_bridge)


def disc_available(state: GameState, figure: Figure) -> bool:
    return state.symbol_discs_used.get(figure, 0) < SYMBOL_DISCS_PER_FIGURE


def claimable_figures(state: GameState) -> list[Figure]:
    return [figure for figure in Figure if disc_available(state, figure)]


def counts_toward_limit(state: GameState, seat: int) -> bool:
    """Stones count toward [BUY-3] only when placed in the placer's own setting turn."""
    return state.stage in SETTING_STAGES and state.turn == seat


def open_building(state: GameState, building_id: str, rule: str) -> Building:
    building = state.buildings.get(building_id)
    if building is None:
        raise RuleViolation(rule, f"{building_id!r} is not a building in play")
    if not building.is_open:
        raise RuleViolation(rule, f"{building_id} is closed ({building.status})")
    return building


def building_problem(
    state: GameState, seat: int, building: Building, figure: Figure | None
) -> RuleViolation | None:
    """Why no stone of ``seat`` may go into this building now, whatever the field; or None."""
    if not building.is_open:
        return RuleViolation("PLACE-FIELD", f"{building.id} is closed ({building.status})")
    if state.players[seat].supply <= 0:
        return RuleViolation("BUY-SUPPLY", "all 40 of your stones are on the board")
    if building.figure is None:
        if figure is None:
            return RuleViolation(
                "PLACE-CLAIM", f"{building.id} is unclaimed: name the figure to claim it with"
            )
        if not disc_available(state, figure):
            return RuleViolation(
                "PLACE-CLAIM", f"both {figure} symbol discs are used; no building can take it"
            )
    elif figure is not None and figure is not building.figure:
        return RuleViolation(
            "BUY-FIGURE", f"{building.id} is a {building.figure} building, not {figure}"
        )
    if (
        counts_toward_limit(state, seat)
        and state.placed_this_turn.get(building.id, 0) >= MAX_STONES_PER_BUILDING_PER_TURN
    ):
        return RuleViolation(
            "BUY-3", f"you already placed 3 stones in {building.id} this setting turn"
        )
    return None


def field_problem(building: Building, cell: Cell) -> RuleViolation | None:
    spec = BUILDINGS[building.id]
    if cell in spec.landmarks:
        return RuleViolation("CTRL-LANDMARK", f"{cell} in {building.id} is a landmark field")
    if cell not in spec.fields:
        return RuleViolation("PLACE-FIELD", f"{cell} is not a field of {building.id}")
    if cell in building.stones:
        return RuleViolation("PLACE-FIELD", f"{cell} in {building.id} is already occupied")
    return None


def figure_choices(
    state: GameState, building: Building, fixed: Figure | None
) -> list[Figure | None]:
    """The ``figure`` values an action into this building may carry: None once it is claimed,
    otherwise every claimable figure (or just the fixed one)."""
    if building.figure is not None:
        return [None]
    if fixed is not None:
        return [fixed] if disc_available(state, fixed) else []
    return list(claimable_figures(state))


def placement_options(
    state: GameState,
    seat: int,
    building_ids: Iterable[str],
    fixed_figure: Figure | None,
) -> list[tuple[str, Cell, Figure | None]]:
    """Every (building, field, figure) a free or bought stone of ``seat`` may take."""
    options: list[tuple[str, Cell, Figure | None]] = []
    for building_id in building_ids:
        building = state.buildings.get(building_id)
        if building is None or not building.is_open:
            continue
        if building.figure is not None and fixed_figure not in (None, building.figure):
            continue
        for figure in figure_choices(state, building, fixed_figure):
            if building_problem(state, seat, building, figure) is not None:
                continue
            options.extend((building_id, cell, figure) for cell in empty_fields(building))
    return options


def stone_actions(
    state: GameState,
    make: type[StoneAction],
    seat: int,
    *,
    own: bool,
    figure: Figure | None = None,
) -> list[StoneAction]:
    """``make`` for each of ``seat``'s stones (``own``) or each opposing stone, in the open
    buildings (of one figure, if given), building by building and field by field."""
    found: list[StoneAction] = []
    key = (make, seat, own)
    for building in state.buildings.values():
        if not building.is_open or (figure is not None and building.figure is not figure):
            continue
        found.extend(remembered(building, key, _stone_actions, make, seat, own))
    return found


def _stone_actions(
    building: Building, make: type[StoneAction], seat: int, own: bool
) -> tuple[StoneAction, ...]:
    actions = _field_actions(make, building.id)
    return tuple(
        actions[cell] for cell, owner in sorted(building.stones.items()) if (owner == seat) is own
    )


@cache
def _field_actions(make: type[StoneAction], building_id: str) -> dict[Cell, StoneAction]:
    """``make`` for every field of a building (actions are immutable, so shared)."""
    return {(r, c): make(building=building_id, row=r, col=c) for r, c in sorted_fields(building_id)}


def owners_of(building: Building) -> frozenset[int]:
    """The seats with a stone in the building."""
    return remembered(building, "owners", _owners_now)


def _owners_now(building: Building) -> frozenset[int]:
    return frozenset(building.stones.values())


def has_stone(state: GameState, seat: int, figure: Figure | None = None) -> bool:
    for building in state.buildings.values():
        wanted = building.is_open and (figure is None or building.figure is figure)
        if wanted and seat in owners_of(building):
            return True
    return False


def stone_at(state: GameState, building_id: str, cell: Cell, rule: str) -> tuple[Building, int]:
    building = open_building(state, building_id, rule)
    owner = building.stones.get(cell)
    if owner is None:
        raise RuleViolation(rule, f"there is no stone on {cell} in {building_id}")
    return building, owner
