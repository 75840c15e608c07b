"""The kernel's name rule ([TABLE-NAME], docs/CLOCK.md) on toy poker: a seat whose name is not
printable text is refused before the ruleset records anything, whoever takes it; names in any
script are welcome; a stored join is re-run as it was taken, and such a stored name is shown
escaped (``shown_name``) in every view while the game keeps it as stored."""

from __future__ import annotations

import pytest
from domain.errors import RuleViolation
from domain.names import name_problem, shown_name

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


SHOWN = {
    "\x1b[31mEvil\x1b[0m": "\\x1b[31mEvil\\x1b[0m",
    "Ann\nBen": "Ann\\x0aBen",
    "\u202eRTL": "\\u202eRTL",
    "zero\u200bwidth": "zero\\u200bwidth",
    "lone\ud800": "lone\\ud800",
}


@pytest.mark.rule("TABLE-NAME")
@pytest.mark.parametrize(("name", "shown"), SHOWN.items(), ids=["escape", "newline", "right-to-left", "zero-width", "surrogate"])
def test_given_a_name_that_is_not_printable_when_shown_then_each_refused_character_is_a_visible_escape_and_the_rule_accepts_it(
    name: str, shown: str
) -> None:
    assert shown_name(name) == shown
    assert name_problem(shown_name(name)) is None


@pytest.mark.rule("TABLE-NAME")
@pytest.mark.parametrize("name", [*WELCOME, "back\\slash"])
def test_given_a_printable_name_when_shown_then_it_is_unchanged(name: str) -> None:
    assert shown_name(name) == name


@pytest.mark.rule("TABLE-NAME")
def test_given_a_stored_seat_whose_name_is_not_printable_when_the_game_is_viewed_then_every_view_shows_it_escaped_and_the_game_keeps_it() -> (
    None
):
    game = opened()
    game.join("Ann\nBen", check_name=False)
    game.join("Bob")
    game.start()

    for viewer in (None, 0, 1):
        seats = game.view(viewer).seats
        assert [seat.name for seat in seats] == ["Ann\\x0aBen", "Bob"]
    assert [seat.name for seat in game.seats()] == ["Ann\nBen", "Bob"]
