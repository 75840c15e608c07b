"""Who connects a building's landmark fields ([CTRL-CONNECT], [CTRL-CONTROL]).

A player's network is the graph of his stones and the building's landmark cells with edges between
orthogonally adjacent cells; two landmarks are never joined directly. With ``landmarks_bridge`` off,
landmarks are not nodes: one orthogonally connected group of stones must touch them all.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

from domain.dodgecity.catalog import BuildingSpec, Cell


def _neighbours(cell: Cell) -> tuple[Cell, ...]:
    r, c = cell
    return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


@cache
def _landmark_index(landmarks: tuple[Cell, ...]) -> dict[Cell, int]:
    return {cell: i for i, cell in enumerate(landmarks)}


def landmark_groups(
    spec: BuildingSpec, stones: Iterable[Cell], *, landmarks_bridge: bool = True
) -> list[frozenset[int]]:
    """The sets of landmark indices that one player's stones connect, one set per network."""
    own = set(stones)
    landmark_at = _landmark_index(spec.landmarks)
    seen: set[Cell] = set()
    groups: list[frozenset[int]] = []
    for start in own:
        if start in seen:
            continue
        touched: set[int] = set()
        stack = [start]
        seen.add(start)
        while stack:
            cell = stack.pop()
            for nxt in _neighbours(cell):
                if nxt in own:
                    if nxt not in seen:
                        seen.add(nxt)
                        stack.append(nxt)
                elif nxt in landmark_at:
                    touched.add(landmark_at[nxt])
        if touched:
            groups.append(frozenset(touched))
    if not landmarks_bridge:
        return groups
    return _merge_through_landmarks(groups)


def _merge_through_landmarks(groups: list[frozenset[int]]) -> list[frozenset[int]]:
    """Stone groups touching a common landmark form one network when landmarks bridge."""
    merged: list[set[int]] = []
    for group in groups:
        joined = set(group)
        keep: list[set[int]] = []
        for other in merged:
            if other & joined:
                joined |= other
            else:
                keep.append(other)
        keep.append(joined)
        merged = keep
    return [frozenset(g) for g in merged]


@cache
def _touching(landmarks: tuple[Cell, ...]) -> dict[Cell, frozenset[int]]:
    """For every cell next to a landmark, the landmarks it touches."""
    touching: dict[Cell, set[int]] = {}
    for index, landmark in enumerate(landmarks):
        for cell in _neighbours(landmark):
            touching.setdefault(cell, set()).add(index)
    return {cell: frozenset(found) for cell, found in touching.items()}


def connects(spec: BuildingSpec, stones: Iterable[Cell], *, landmarks_bridge: bool = True) -> bool:
    """Whether these stones control the building: one network holding the required landmarks."""
    cells = list(stones)
    need = spec.landmarks_required
    touching = _touching(spec.landmarks)
    touched: set[int] = set()
    for cell in cells:
        touched |= touching.get(cell, frozenset())
    if len(touched) < need:  # all stones together do not even touch enough landmarks
        return False
    return any(
        len(group) >= need
        for group in landmark_groups(spec, cells, landmarks_bridge=landmarks_bridge)
    )


def controllers(
    spec: BuildingSpec, stones: Mapping[Cell, int], *, landmarks_bridge: bool = True
) -> tuple[int, ...]:
    """Seats that control a building, given its stones by field, in seat order."""
    by_seat: dict[int, list[Cell]] = {}
    for cell, seat in stones.items():
        by_seat.setdefault(seat, []).append(cell)
    return tuple(
        sorted(
            seat
            for seat, cells in by_seat.items()
            if len(cells) >= 1 and connects(spec, cells, landmarks_bridge=landmarks_bridge)
        )
    )
