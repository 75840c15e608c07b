"""A seat's page follows its own stream in Chromium: it trades its token for a stream ticket, and no
URL it asks for ever holds the token."""

from __future__ import annotations

import time
from urllib.parse import parse_qs, urlparse

from tests.browser.conftest import Browser
from tests.browser.test_play_in_browser import create_game, start_game, wait_for_my_move
from tests.patience import PATIENCE


def test_given_a_seat_in_the_page_when_the_game_runs_then_its_stream_is_opened_with_a_ticket_and_no_url_holds_its_token(
    browser: Browser,
) -> None:
    page = browser.page
    game_id = create_game(browser, seats=2, bots=1, name="Tess")
    start_game(page)
    wait_for_my_move(page)
    token = page.evaluate(f"JSON.parse(localStorage.getItem('dodgecity.game.{game_id}')).token")
    assert token
    deadline = time.monotonic() + PATIENCE  # a deadline, not a measure: the page opens its stream at once
    while time.monotonic() < deadline:
        if any(f"/games/{game_id}/stream?" in url and "ticket=" in url for url in browser.requested):
            break
        page.wait_for_timeout(100)  # lets Playwright deliver the requests seen meanwhile
    streams = [urlparse(url) for url in browser.requested if f"/games/{game_id}/stream?" in url]
    tickets = [parse_qs(url.query).get("ticket", [""])[0] for url in streams]
    assert any(tickets), streams
    assert [url for url in browser.requested if f"/games/{game_id}/stream-tickets" in url]
    assert not [url for url in browser.requested if token in url]
    assert browser.outside_requests() == []
    assert browser.errors == []
