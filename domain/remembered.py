"""Values derived from one building, remembered until the building changes.

Legal actions are listed again after every action, while most buildings are as they were at the
action before. A building's ``revision`` counts the events that changed it (``domain.evolve``),
so whatever is derived from the building alone stays good while its revision does.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from domain.state import Building

T = TypeVar("T")


class PerBuilding(Generic[T]):
    """Remembers ``derive(building)`` per building, and per ``key`` for several derivations of
    one building, until the building's revision changes.

    Entries hold their building, so its ``id()`` cannot be another building's while it is kept.
    At most ``kept`` entries are kept: the whole store is dropped when full, which is cheap, and
    what is in use is soon derived again."""

    def __init__(self, kept: int) -> None:
        self._kept = kept
        self._entries: dict[tuple[int, Hashable], tuple[Building, int, T]] = {}

    def get(self, building: Building, key: Hashable, derive: Callable[[Building], T]) -> T:
        slot = (id(building), key)
        entry = self._entries.get(slot)
        if entry is not None and entry[0] is building and entry[1] == building.revision:
            return entry[2]
        value = derive(building)
        if len(self._entries) >= self._kept:
            self._entries.clear()
        self._entries[slot] = (building, building.revision, value)
        return value
