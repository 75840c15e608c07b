"""Values derived from one building, remembered until the building changes.

Legal actions and views are listed again after every action, while most buildings are as they
were at the action before. Each building keeps what was derived from it in ``derived``, which
``domain.evolve`` empties whenever an event changes the building; a derivation must therefore
depend on the building alone (and on its ``key``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from domain.state import Building

T = TypeVar("T")

_NOT_YET = object()


def remembered(building: Building, key: Hashable, derive: Callable[[Building], T]) -> T:
    """``derive(building)``, worked out once per ``key`` until the building changes."""
    value = building.derived.get(key, _NOT_YET)
    if value is _NOT_YET:
        value = building.derived[key] = derive(building)
    return value  # type: ignore[no-any-return]
