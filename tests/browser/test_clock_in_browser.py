"""The game clock at /play, in a real browser against a real server whose time the test moves on:
the lobby offers clocks and the one chosen reaches the server, for either game; the asked seats'
clocks count down; a seat claims another's timeout and the log says the rules decided for it; a
seat the server's timer hands to a computer player says so, and its player takes it back with
the button; a game closed before it started reads as abandoned. Screenshots land in
test-artifacts/screenshots/.

The server runs in this process (uvicorn in a thread) on a ``GameService`` whose clock is the
machine's moved on by the test; the browser's clock is moved on with it (Playwright's clock), so
a deadline passes for both at once without anyone waiting it out.
"""

from __future__ import annotations

import re
import socket
import threading
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import httpx
import pytest
import uvicorn
from api.app import create_app
from api.settings import ApiSettings
from engine.application import GameService, utc_now
from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.conftest import SCREENSHOTS, Browser
from tests.browser.test_play_in_browser import create_game, start_game
from tests.patience import PATIENCE

DESKTOP = ViewportSize(width=1280, height=800)
PHONE = ViewportSize(width=390, height=844)
START_SECONDS = PATIENCE
#: The clock the page offers first: 2 minutes a move, 10 minutes in reserve, 2 timeouts.
STANDARD = {"decision_seconds": 120, "reserve_seconds": 600, "bot_after_timeouts": 2}
CORRESPONDENCE = {"decision_seconds": 86400, "reserve_seconds": 259200, "bot_after_timeouts": 3}
#: Ten minutes a move and a computer player after one timeout: the test's game moves on only
#: when the test moves the time.
SUDDEN = {"decision_seconds": 600, "reserve_seconds": 0, "bot_after_timeouts": 1}
Json = dict[str, Any]


@dataclass
class MovedClock:
    """The server's time: the machine's, moved on by what the test added."""

    ahead: timedelta = field(default_factory=timedelta)

    def __call__(self) -> datetime:
        return utc_now() + self.ahead


class _Uvicorn(uvicorn.Server):
    """Says when it listens (or gave up trying)."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.ready = threading.Event()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        try:
            await super().startup(sockets)
        finally:
            self.ready.set()


@dataclass
class ClockedServer:
    """What the browser fixture needs of a server (its ``url``), and the time and store behind it."""

    url: str
    clock: MovedClock
    games: GameService


@pytest.fixture
def server(chromium: object) -> Iterator[ClockedServer]:
    """A server of its own for each test (no other game's timer or bots wake its timer), in this
    process, on a moved clock; it replaces the conftest's for this module."""
    clock = MovedClock()
    games = GameService("memory://", clock=clock)
    settings = ApiSettings(game_limit=None, bot_limit=None, access_log=False)
    app = create_app(games, settings=settings, close_on_shutdown=True)
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    config = uvicorn.Config(app, lifespan="on", ws="none", log_config=None, log_level="warning")
    running = _Uvicorn(config)
    thread = threading.Thread(target=running.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    try:
        assert running.ready.wait(START_SECONDS), f"the server did not start within {START_SECONDS} s"
        assert running.started, "the server could not start"
        yield ClockedServer(f"http://127.0.0.1:{port}", clock, games)
    finally:
        running.should_exit = True
        thread.join(timeout=60)
        listening.close()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def game_of(url: str, game_id: str, token: str | None = None) -> Json:
    seen = httpx.get(f"{url}/games/{game_id}", headers=bearer(token) if token else {}, timeout=10)
    assert seen.status_code == 200, seen.text
    shown: Json = seen.json()
    return shown


@dataclass(frozen=True)
class Table:
    game_id: str
    host: str
    tokens: tuple[str, ...]  # each seat's, in seat order


def open_table(url: str, names: list[str], clock: Json) -> Table:
    """A Dodge City game on ``clock`` with a person in every seat, started through the API."""
    body = {"ruleset": "dodgecity", "players": len(names), "seed": "browser-clock", "clock": clock}
    created = httpx.post(f"{url}/games", json=body, headers={"Idempotency-Key": str(uuid.uuid4())}, timeout=10)
    assert created.status_code == 201, created.text
    game_id, host = created.json()["game_id"], created.json()["host_token"]
    tokens = []
    for name in names:
        joined = httpx.post(f"{url}/games/{game_id}/players", json={"name": name}, timeout=10)
        assert joined.status_code == 201, joined.text
        tokens.append(joined.json()["token"])
    started = httpx.post(f"{url}/games/{game_id}/start", headers=bearer(host), timeout=10)
    assert started.status_code == 200, started.text
    return Table(game_id, host, tuple(tokens))


def sit_in_browser(browser: Browser, game_id: str, entry: Json) -> None:
    """This browser holds ``entry`` (a seat's token, or the host's) for the game, then shows it."""
    browser.open()
    browser.page.locator("#lobby-screen").wait_for()
    browser.page.evaluate(
        "([id, entry]) => localStorage.setItem(`dodgecity.game.${id}`, JSON.stringify({...entry, saved: 1}))",
        [game_id, entry],
    )
    browser.open(f"#/game/{game_id}")
    browser.page.locator(f"#game-screen[data-game-id='{game_id}'][data-status]").wait_for()


def seat_clock(page: Page, seat: int) -> Any:
    return page.locator(f"#clocks li.seat-clock[data-seat='{seat}']")


def screenshots(page: Page, name: str, *, phone_from: str = "#clock-panel") -> None:
    """The page at a desktop's size, and a phone's screen from ``phone_from`` down: nothing
    wider than the phone's screen."""
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=SCREENSHOTS / f"{name}-1280px.png", full_page=True)
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator(phone_from).evaluate("(element) => element.scrollIntoView()")
    page.screenshot(path=SCREENSHOTS / f"{name}-390px.png")
    page.set_viewport_size(DESKTOP)


def choose_in_lobby(browser: Browser, *, ruleset: str, seats: int, bots: int, name: str, clock: str) -> str:
    """Fill the create form for ``ruleset`` with the clock named ``clock``; answer the game's id."""
    page = browser.page
    browser.open()
    page.locator("#lobby-screen").wait_for()
    page.select_option("#create-ruleset", ruleset)
    page.locator(f"#create-settings[data-ruleset='{ruleset}']").wait_for()
    page.select_option("#create-players", str(seats))
    for seat in range(seats):
        page.select_option(f"#create-seat-{seat}", "heuristic" if seat < bots else "person")
    page.fill("#create-name", name)
    page.select_option("#create-clock", clock)
    page.click("#create-form button[type=submit]")
    page.locator(f"#game-screen[data-status='lobby'][data-ruleset='{ruleset}']").wait_for()
    found = re.search(r"#/game/([0-9a-f-]{36})$", page.url)
    assert found, page.url
    return found.group(1)


def test_given_the_lobby_when_a_game_is_created_with_the_clock_offered_first_then_the_server_has_it_and_the_asked_seat_counts_down(
    browser: Browser,
) -> None:
    page = browser.page
    browser.open()
    page.locator("#lobby-screen").wait_for()
    assert page.locator("#create-clock").input_value() == "standard"  # the page's default clock
    expect(page.locator("#create-clock-hint")).to_contain_text("2 minutes a move")
    game_id = create_game(browser, seats=3, bots=2, name="Ann")

    clock = game_of(browser.server.url, game_id)["clock"]
    assert {key: clock[key] for key in STANDARD} == STANDARD
    expect(page.locator("#clock-rule")).to_contain_text("2 minutes a move, then 10 minutes in reserve")
    start_game(page)

    # Everyone commits a start card at once; the bots do so at once, and Ann's clock runs.
    ann = seat_clock(page, 2)
    expect(ann).to_have_attribute("data-state", "running")
    expect(ann).to_have_attribute("data-mine", "true")
    timer = ann.get_by_role("timer")
    expect(timer).to_have_text(re.compile(r"^[12]:\d\d$"))
    expect(ann.locator(".clock-detail")).to_have_text("then 10:00 reserve")
    shown = timer.inner_text()
    expect(timer).not_to_have_text(shown)  # it counts down (the default wait is generous)
    for bot in (0, 1):
        expect(seat_clock(page, bot)).to_have_attribute("data-state", "waiting")
        expect(seat_clock(page, bot).locator(".clock-detail")).to_have_text("Not asked now · reserve 10:00")
    expect(page.locator("#log li[data-type='kernel.ClockSet']")).to_have_text(re.compile(r"^The game was set to a clock: 2 minutes a move"))
    screenshots(page, "clock-1-running")
    assert browser.outside_requests() == []
    assert browser.errors == []


def test_given_a_bang_game_when_it_is_created_with_a_correspondence_clock_or_none_then_the_server_has_what_was_chosen(
    browser: Browser,
) -> None:
    page = browser.page
    game_id = choose_in_lobby(browser, ruleset="bang", seats=4, bots=3, name="Ann", clock="correspondence")
    clock = game_of(browser.server.url, game_id)["clock"]
    assert {key: clock[key] for key in CORRESPONDENCE} == CORRESPONDENCE
    expect(page.locator("#clock-rule")).to_contain_text("1 day a move, then 3 days in reserve")
    start_game(page)
    # Whoever is asked (the bots play until it is Ann's turn or answer) has a day on its clock.
    asked = page.locator("#clocks li.seat-clock[data-state='running']")
    expect(asked.first.get_by_role("timer")).to_have_text(re.compile(r"^(1 d|23:\d\d:\d\d)$"))
    expect(page.locator("#clocks li.seat-clock")).to_have_count(4)
    screenshots(page, "clock-2-bang")

    unclocked = choose_in_lobby(browser, ruleset="bang", seats=4, bots=3, name="Bea", clock="none")
    assert game_of(browser.server.url, unclocked)["clock"] is None
    expect(page.locator("#clock-panel")).to_be_hidden()
    assert browser.errors == []


def test_given_seats_out_of_time_when_one_is_claimed_and_the_other_handed_to_a_computer_player_then_the_log_says_so_and_the_seat_is_taken_back(
    browser: Browser, server: ClockedServer
) -> None:
    page = browser.page
    url = server.url
    table = open_table(url, ["Ann", "Bob", "Cid"], SUDDEN)
    page.clock.install()  # the browser's time: moved on with the server's below
    sit_in_browser(browser, table.game_id, {"token": table.tokens[0], "seat": 0, "name": "Ann"})
    for seat in range(3):  # every seat commits a start card at once
        expect(seat_clock(page, seat)).to_have_attribute("data-state", "running")
    expect(seat_clock(page, 1).get_by_role("timer")).to_have_text(re.compile(r"^(10:00|9:\d\d)$"))
    # Eight minutes on, for the browser: the last quarter of a move's time is marked.
    page.clock.fast_forward("08:00")
    expect(seat_clock(page, 1)).to_have_attribute("data-state", "urgent")
    expect(seat_clock(page, 1).locator(".clock-detail")).to_have_text("Time is running out!")
    expect(seat_clock(page, 1).get_by_role("timer")).to_have_text(re.compile(r"^[12]:\d\d$"))
    screenshots(page, "clock-3-running-out")

    # Cid commits; the server's timer reads the game again after it, and finds ten minutes left.
    cid = game_of(url, table.game_id, table.tokens[2])
    acted = httpx.post(
        f"{url}/games/{table.game_id}/actions",
        json=cid["actions"][0],
        headers={**bearer(table.tokens[2]), "Idempotency-Key": str(uuid.uuid4())},
        timeout=10,
    )
    assert acted.status_code == 200, acted.text
    expect(seat_clock(page, 2)).to_have_attribute("data-state", "waiting")

    # Ten minutes and five seconds after the start, for the server and the browser alike.
    server.clock.ahead += timedelta(seconds=605)
    page.clock.fast_forward("02:05")
    expect(seat_clock(page, 1)).to_have_attribute("data-state", "over")
    expect(seat_clock(page, 1).locator(".clock-detail")).to_have_text("Time is up")
    claim = seat_clock(page, 1).get_by_role("button", name=re.compile(r"^Claim the timeout of Bob$"))
    expect(seat_clock(page, 0).get_by_role("button")).to_have_count(0)  # nothing to claim on her own seat
    claim.click()

    log = page.locator("#log")
    expect(log.locator("li[data-type='kernel.DecisionTimedOut']").first).to_have_text(
        "Bob's time ran out: the rules decided for Bob (Ann claimed the timeout)."
    )
    expect(seat_clock(page, 1).locator(".stand-in")).to_have_text("Played by a computer player while Bob is away.")
    # The claim woke the server's timer: Ann's time had run out too, and after one timeout
    # (the clock's limit) a computer player plays her seat.
    expect(log.locator("li[data-type='kernel.DecisionTimedOut']", has_text="Ann's time ran out")).to_have_text(
        "Ann's time ran out: the rules decided for Ann."
    )
    mine = seat_clock(page, 0)
    expect(mine).to_have_attribute("data-stand-in", "heuristic")
    expect(mine.locator(".stand-in")).to_have_text("Played by a computer player while you are away.")
    expect(page.locator("#clock-news")).to_contain_text("a computer player took over")
    expect(page.locator("#problem")).to_be_empty()
    screenshots(page, "clock-4-stand-in")

    mine.get_by_role("button", name="Take my seat back").click()
    expect(log.locator("li[data-type='kernel.SeatTakenBack']")).to_have_text("Ann came back and took their seat again.")
    expect(mine).not_to_have_attribute("data-stand-in", re.compile(".*"))
    expect(mine.get_by_role("button", name="Take my seat back")).to_have_count(0)
    expect(page.locator("#clock-news")).to_have_text("Ann came back and took their seat again.")
    seats = game_of(url, table.game_id)["clock"]["seats"]
    assert seats[0]["stand_in"] is None
    assert seats[1]["stand_in"] == "heuristic"
    screenshots(page, "clock-5-taken-back")
    assert browser.errors == []


def test_given_a_game_never_started_when_its_table_is_closed_then_the_lobby_and_the_game_read_abandoned(
    browser: Browser, server: ClockedServer
) -> None:
    page = browser.page
    created = httpx.post(
        f"{server.url}/games",
        json={"ruleset": "dodgecity", "players": 3, "clock": STANDARD},
        headers={"Idempotency-Key": str(uuid.uuid4())},
        timeout=10,
    )
    assert created.status_code == 201, created.text
    game_id = created.json()["game_id"]
    # The server's timer closes a table a day old; the test closes it with the same command.
    server.games.abandon(uuid.UUID(game_id), after_seconds=86400)

    browser.open()
    listed = page.locator(f"#ended-games li[data-game-id='{game_id}']")
    expect(listed).to_contain_text("abandoned: it never started")
    expect(page.locator("#create-clock")).to_have_value("standard")
    screenshots(page, "clock-0-lobby", phone_from="#create-clock")
    listed.get_by_role("link").first.click()
    page.locator("#game-screen[data-status='abandoned']").wait_for()
    expect(page.locator("#facts [data-fact='status'] dd")).to_have_text("Abandoned (never started)")
    expect(page.locator("#seating-note")).to_contain_text("This game was abandoned")
    expect(page.locator("#join-form")).to_be_hidden()
    expect(page.locator("#clock-panel")).to_be_hidden()
    expect(page.locator("#log li[data-type='kernel.GameAbandoned']")).to_have_text("The game was abandoned: it did not start within 1 day.")
    expect(page.locator("#seats li").first).to_have_text("empty seat")
    page.screenshot(path=SCREENSHOTS / "clock-6-abandoned-1280px.png", full_page=True)
    assert browser.errors == []
