"""Helpers every ruleset's views use to decide who sees what.

Information is visible to everyone, to a set of seats (one seat's hand, two duellists' secret
exchange), or to nobody (the order of a pile); once a game has ended its rules may show
everything. A spectator (``viewer`` None) is never in a set of seats.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, TypeVar

import msgspec

S = TypeVar("S", bound=msgspec.Struct)


def visible_to(seats: Collection[int], viewer: int | None) -> bool:
    """Whether ``viewer`` is one of ``seats``."""
    return viewer is not None and viewer in seats


def blanked(struct: S, **hidden: Any) -> S:
    """``struct`` with the ``hidden`` fields replaced by what stands in for them."""
    return msgspec.structs.replace(struct, **hidden)
