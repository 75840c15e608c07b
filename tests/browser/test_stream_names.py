"""The page listens for every event its stream can send, by the name the stream gives it
(docs/WIRE.md): EventSource tells a listener only the events named as it was registered, so a
name the page does not know is a change it never notices. Read from the modules as Chromium loads
them, for every game the page plays."""

from __future__ import annotations

from typing import Any

import pytest
from domain.events.kernel import KERNEL_EVENT_TYPES
from domain.registry import default_registry, topic_of, wire_name

from tests.browser.conftest import Browser


@pytest.mark.parametrize("ruleset", ["dodgecity", "bang"])
def test_given_a_games_module_in_the_page_then_it_listens_for_the_stream_name_of_every_event_the_game_records(
    browser: Browser, ruleset: str
) -> None:
    browser.open()
    listened: Any = browser.page.evaluate(
        "async (name) => {"
        " const game = await import(`/play/${name}/game.js`);"
        " const shell = await import('/play/clock.js');"
        " return [game.eventTypes, shell.CLOCK_EVENT_TYPES]; }",
        ruleset,
    )
    rules = default_registry().get(ruleset)

    assert sorted(listened[0]) == sorted(wire_name(rules, event_type) for event_type in rules.event_types)
    assert sorted(listened[1]) == sorted(topic_of(event_type) for event_type in KERNEL_EVENT_TYPES)
    assert browser.errors == []
