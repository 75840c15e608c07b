"""Values derived from one building, remembered until the building changes.

Legal actions and views are listed again after every action, while most buildings are as they
were at the action before. Each building keeps what was derived from it in ``derived``, which
``domain.dodgecity.evolve`` empties whenever an event changes the building; a derivation must
therefore depend on the building alone (and on its ``key``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Concatenate, ParamSpec, TypeVar

from domain.dodgecity.state import Building

T = TypeVar("T")
P = ParamSpec("P")

_NOT_YET = object()


def remembered(
    building: Building,
    key: Hashable,
    derive: Callable[Concatenate[Building, P], T],
    *args: P.args,
    **kwargs: P.kwargs,
) -> T:
    """``derive(building, *args, **kwargs)``, worked out once per ``key`` until the building
    changes; the key must tell apart whatever the arguments change."""
    value = building.derived.get(key, _NOT_YET)
    if value is _NOT_YET:
        value = building.derived[key] = derive(building, *args, **kwargs)
    return value  # type: ignore[no-any-return]
