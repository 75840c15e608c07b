"""The OpenAPI document's examples show only what their caller could really see: a view of a
running game holds no seed, no pile order, no other seat's hand and no hidden role, as the
server's own answer to that caller would not. An integrator reading an example that shows every
hand under ``"status": "running"`` would take it for a leak (issue 29, item 9)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

EXAMPLES = Path(__file__).parents[2] / "api" / "document" / "examples.json"

Json = dict[str, Any]


def _running_views(value: Any, where: str) -> Iterator[tuple[str, Json]]:
    """Every object in ``value`` that is a game's view while it runs, with where it is."""
    if isinstance(value, dict):
        if value.get("status") == "running" and "viewer" in value:
            yield where, value
        for key, item in value.items():
            yield from _running_views(item, f"{where}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _running_views(item, f"{where}[{index}]")


def _seats(view: Json) -> list[Json]:
    seats = view.get("players", view.get("seats", []))
    assert isinstance(seats, list)
    return seats


def _what_is_shown_that_should_not_be(view: Json) -> list[str]:
    shown = [field for field in ("seed", "seed_nonce", "secrets") if view.get(field) is not None]
    viewer = view["viewer"]
    for seat in _seats(view):
        if seat["seat"] == viewer:
            continue
        if seat.get("hand") is not None:
            shown.append(f"seat {seat['seat']}'s hand")
        if seat.get("committed_card") is not None:
            shown.append(f"seat {seat['seat']}'s committed card")
        # A role is public for the sheriff and for a player who is out; hidden otherwise.
        if seat.get("role") not in (None, "sheriff") and seat.get("alive", True):
            shown.append(f"seat {seat['seat']}'s role")
    return shown


VIEWS = dict(_running_views(msgspec.json.decode(EXAMPLES.read_bytes()), "examples"))


def test_given_the_recorded_examples_then_some_show_running_games() -> None:
    # Without this, a change of shape would leave the test below with nothing to check.
    assert any(where.startswith("examples.operations.getState.") for where in VIEWS)
    assert len(VIEWS) >= 5


@pytest.mark.parametrize("where", sorted(VIEWS))
def test_given_an_example_of_a_running_game_then_it_shows_only_what_its_viewer_sees(where: str) -> None:
    assert _what_is_shown_that_should_not_be(VIEWS[where]) == []
