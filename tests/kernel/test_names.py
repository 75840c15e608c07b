"""The kernel's name rule ([TABLE-NAME], docs/CLOCK.md) on toy poker: a seat whose name is not
printable text is refused before the ruleset records anything, whoever takes it; names in any
script are welcome; a stored join is re-run as it was taken."""

from __future__ import annotations

import pytest
from domain.errors import RuleViolation
from domain.names import name_problem

from tests.kernel.toy.builders import opened
from tests.kernel.toy.events import ToySeatTaken

REFUSED = ["\x1b[31mEvil\x1b[0m", "Ann\nBen", "\u202eRTL", "zero\u200bwidth", "lone\ud800"]
WELCOME = [
    "Ann",
    "Zoë Smith",
    "李小龍",
    "Алёна",
    "😀 Lucky",
    "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f Scot",
]


@pytest.mark.rule("TABLE-NAME")
@pytest.mark.parametrize("name", REFUSED)
@pytest.mark.parametrize("bot", [None, "random"])
def test_given_an_open_game_when_a_seat_is_taken_under_a_name_that_is_not_printable_then_table_name_refuses_it(
    name: str, bot: str | None
) -> None:
    game = opened()
    game.collect_events()

    with pytest.raises(RuleViolation) as refusal:
        game.join(name, bot=bot)

    assert refusal.value.rule == "TABLE-NAME"
    assert game.seats() == ()
    assert game.collect_events() == []


@pytest.mark.rule("TABLE-NAME")
@pytest.mark.parametrize("name", WELCOME)
def test_given_an_open_game_when_a_seat_is_taken_under_a_name_in_any_script_then_it_is_taken(name: str) -> None:
    game = opened()
    game.collect_events()

    assert name_problem(name) is None
    assert game.join(name) == 0

    assert [e.name for e in game.collect_events() if isinstance(e, ToySeatTaken)] == [name]


@pytest.mark.rule("TABLE-NAME")
def test_given_a_stored_join_under_a_name_that_is_not_printable_when_it_is_re_run_then_the_seat_is_taken_as_stored() -> None:
    game = opened()

    assert game.join("Ann\nBen", check_name=False) == 0

    assert [seat.name for seat in game.seats()] == ["Ann\nBen"]
