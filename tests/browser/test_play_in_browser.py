"""The reference frontend at /play, in a real browser against a real server: a person creates a
game against bots, takes a seat, starts it and plays it to the end by clicking, then replays it;
a reload resumes the seat; a refused action shows its rule; the keyboard reaches the moves; the
page never loads anything from elsewhere. Screenshots land in test-artifacts/screenshots/."""

from __future__ import annotations

import hashlib
import re
import time
from typing import Any

import httpx
from api.app import create_app
from api.routes.frontend import CONTENT_SECURITY_POLICY
from engine.application import GameService
from litestar.testing import TestClient
from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.conftest import SCREENSHOTS, Browser
from tests.patience import PATIENCE

SEED = "browser-test"  # the same shuffles every run, so the clicked game is the same
PLAY_SECONDS = 5 * PATIENCE  # a bound for a hung game; a game clicked through takes a minute or two
#: The most steps a move is asked in (what, which cards, whom, which of theirs).
MAX_STEPS = 5
PHONE = ViewportSize(width=375, height=812)

#: The first move on offer can be taken: nothing is being sent, and the game is not over.
READY = """() => {
  const game = document.querySelector('#game-screen');
  if (game.dataset.status === 'ended') return true;
  const first = document.querySelector('[data-action-index="0"]');
  return Boolean(first) && !first.disabled && game.getAttribute('aria-busy') !== 'true';
}"""
#: The page has moved on from ``version``, or shows why not.
MOVED = """(version) => {
  const game = document.querySelector('#game-screen');
  return game.dataset.version !== version || game.dataset.status === 'ended'
    || document.querySelector('#problem').textContent.trim() !== '';
}"""


def create_game(browser: Browser, *, seats: int, bots: int, name: str) -> str:
    """Fill the lobby's form (bots take the first seats), take a seat, answer the game's id."""
    page = browser.page
    browser.open()
    page.locator("#lobby-screen").wait_for()
    page.select_option("#create-players", str(seats))
    for seat in range(seats):
        page.select_option(f"#create-seat-{seat}", "heuristic" if seat < bots else "person")
    page.fill("#create-name", name)
    page.click("#create-form summary")
    page.fill("#create-seed", SEED)
    page.click("#create-form button[type=submit]")
    page.locator("#game-screen[data-status='lobby']").wait_for()
    found = re.search(r"#/game/([0-9a-f-]{36})$", page.url)
    assert found, page.url
    return found.group(1)


def start_game(page: Page) -> None:
    page.click("#start-game")
    page.locator("#game-screen[data-status='running']").wait_for()


def wait_for_my_move(page: Page) -> None:
    page.wait_for_function(READY)


def take_first_move(page: Page) -> None:
    """Click the first move on offer (a square with several moves asks which: take the first)."""
    version = page.locator("#game-screen").get_attribute("data-version")
    page.locator("[data-action-index='0']").click()
    # A move asked step by step: take the first option of each step until one is sent.
    for _ in range(MAX_STEPS):
        steps = page.locator("#choices:not([hidden]) button.choice:not([aria-pressed='true'], [disabled])")
        if not steps.count():
            break
        steps.first.click()
    page.wait_for_function(MOVED, arg=version)
    problem = page.locator("#problem").inner_text().strip()
    assert not problem, f"the page reports a problem: {problem}"


def play_to_the_end(page: Page, *, screenshot_after: int) -> int:
    deadline = time.monotonic() + PLAY_SECONDS
    clicks = 0
    while True:
        wait_for_my_move(page)
        if page.locator("#game-screen").get_attribute("data-status") == "ended":
            return clicks
        assert time.monotonic() < deadline, f"the game did not end within {PLAY_SECONDS} s ({clicks} clicks)"
        take_first_move(page)
        clicks += 1
        if clicks == screenshot_after:
            page.screenshot(path=SCREENSHOTS / "2-mid-game.png", full_page=True)


def points_in_page(page: Page, rows: str) -> dict[int, int]:
    return {
        int(row.get_attribute("data-seat") or "-1"): int(row.get_attribute("data-points") or row.inner_text())
        for row in page.locator(rows).all()
    }


def scores_from_api(url: str, game_id: str, expected: dict[int, int]) -> dict[int, int]:
    """The scores read model; it is projected after the command, so give it a moment to agree."""
    deadline = time.monotonic() + PATIENCE
    while True:
        players = httpx.get(f"{url}/games/{game_id}/scores", timeout=PATIENCE).json()["players"]
        scores = {p["seat"]: p["points"] for p in players}
        if scores == expected or time.monotonic() > deadline:
            return scores
        time.sleep(0.1)


def narration(url: str, game_id: str) -> dict[int, str]:
    told: dict[int, str] = {}
    after: int | None = 0
    while after is not None:
        page: dict[str, Any] = httpx.get(f"{url}/games/{game_id}/narration", params={"after": after, "limit": 500}, timeout=5).json()
        told.update({entry["version"]: entry["text"] for entry in page["entries"]})
        after = page["next_after"]
    return told


def replay_shows(page: Page, version: int) -> str:
    page.locator(f"#replay-screen[data-version='{version}']").wait_for()
    page.locator(f"#replay-words[data-version='{version}']").wait_for()
    return page.locator("#replay-words").inner_text()


def test_given_the_play_page_when_it_is_fetched_then_it_comes_from_the_package_with_a_self_only_content_security_policy() -> None:
    games = GameService("memory://")
    with TestClient(create_app(games)) as client:
        page = client.get("/play")
        assert page.status_code == 200
        assert page.headers["content-type"] == "text/html; charset=utf-8"
        assert page.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
        assert "default-src 'none'" in CONTENT_SECURITY_POLICY
        assert "script-src 'self'" in CONTENT_SECURITY_POLICY
        assert '<script type="module" src="/play/play.js">' in page.text

        script = client.get("/play/play.js")
        assert script.status_code == 200
        assert script.headers["content-type"] == "text/javascript; charset=utf-8"
        assert script.headers["x-content-type-options"] == "nosniff"
        assert client.get("/play/play.css").headers["content-type"] == "text/css; charset=utf-8"
        assert client.get("/play/favicon.svg").headers["content-type"] == "image/svg+xml"
        again = client.get("/play/play.js", headers={"If-None-Match": script.headers["etag"]})
        assert again.status_code == 304

        for missing in ("/play/nothing.js", "/play/..%2Fapp.py", "/play/%2e%2e/frontend.py"):
            answer = client.get(missing)
            assert answer.status_code == 404, missing
            assert answer.headers["content-type"].startswith("application/problem+json")

        document = client.get("/schema/openapi.json").json()
        assert not [path for path in document["paths"] if path.startswith("/play")]
    games.close()


def test_given_a_person_and_two_bots_when_the_person_clicks_through_the_whole_game_then_the_page_shows_the_api_scores_and_replays_every_step(
    browser: Browser,
) -> None:
    page = browser.page
    game_id = create_game(browser, seats=3, bots=2, name="Ann")
    assert page.locator("#seats li").count() == 3
    start_game(page)
    wait_for_my_move(page)
    assert page.locator("#game-who").inner_text().startswith("You play Ann, seat 3")  # seats counted from 1
    assert page.locator("#hand .card").count() == 4
    assert page.locator("#board .building").count() == 4  # three players: four buildings
    committed = httpx.get(f"{browser.server.url}/games/{game_id}", timeout=10).json()
    seed_fact = page.locator('#facts [data-fact="seed"] dd')
    # The page's lobby sends a seed of its own (SEED), so the game is marked as one whose seed
    # was chosen, for everyone to see.
    assert committed["seed_chosen"] is True
    assert seed_fact.inner_text() == (
        f"chosen by the game's creator (who can foresee every shuffle); commitment {committed['seed_commitment'][:16]}…"
    )
    page.screenshot(path=SCREENSHOTS / "1-after-start.png", full_page=True)

    clicks = play_to_the_end(page, screenshot_after=20)

    assert clicks > 20
    page.locator("#result").wait_for()
    assert "Game over" in page.locator("#result").inner_text()
    expect(page.locator("#hand-panel")).to_be_visible()  # her hand stays in view at the end
    ended = httpx.get(f"{browser.server.url}/games/{game_id}", timeout=10).json()
    revealed = f"seed-commitment-v2:{game_id}:{ended['seed_nonce']}:{ended['seed']}"
    assert hashlib.sha256(revealed.encode()).hexdigest() == committed["seed_commitment"]
    assert seed_fact.inner_text().endswith(f"; nonce {ended['seed_nonce'][:16]}…; revealed: {ended['seed']}")
    page.screenshot(path=SCREENSHOTS / "3-end.png", full_page=True)
    shown = points_in_page(page, "#result tbody tr")
    assert shown == points_in_page(page, "#players li.player")
    assert sorted(shown) == [0, 1, 2]
    assert scores_from_api(browser.server.url, game_id, shown) == shown
    closed = page.locator("#board .building.closed .state").all_inner_texts()
    assert closed
    assert all(text.startswith(("Scored by", "Neutral")) for text in closed)
    told = narration(browser.server.url, game_id)
    expect(page.locator("#log li")).to_have_count(len(told))

    page.click("#replay-link")
    assert replay_shows(page, 1) == told[1]
    page.click("#replay-next")
    assert replay_shows(page, 2) == told[2]
    page.click("#replay-prev")
    assert replay_shows(page, 1) == told[1]
    page.locator("#replay-slider").press("Home")
    assert replay_shows(page, 0) == "Before the first event."
    assert page.locator("#replay-prev").is_disabled()
    latest = max(told)
    middle = latest // 2
    page.locator("#replay-slider").fill(str(middle))
    assert replay_shows(page, middle) == told[middle]
    # Where the step is, in the game's own units, not as a count of raw events.
    assert re.fullmatch(r"Pass \d+ of \d+, .*event \d+ of \d+ in the (pass|round|turn)", page.locator("#replay-step").inner_text())
    assert page.locator("#replay-board .building .stone").count() > 0
    page.screenshot(path=SCREENSHOTS / "4-replay.png", full_page=True)
    page.locator("#replay-slider").press("End")
    assert replay_shows(page, latest) == told[latest]
    assert page.locator("#replay-next").is_disabled()
    page.locator("#replay-slider").press("ArrowLeft")
    assert replay_shows(page, latest - 1) == told[latest - 1]

    assert [url for url in browser.requested if f"/games/{game_id}/stream" in url]  # live, not polled
    assert browser.outside_requests() == []
    assert browser.errors == []


def test_given_a_seat_taken_in_the_page_when_the_page_is_reloaded_at_phone_width_then_the_seat_resumes_from_local_storage(
    browser: Browser,
) -> None:
    page = browser.page
    page.set_viewport_size(PHONE)
    game_id = create_game(browser, seats=3, bots=1, name="Ben")
    stored = page.evaluate(f"Object.keys(localStorage).filter((key) => key.includes('{game_id}'))")
    assert len(stored) == 1
    assert "token" not in page.url

    # The lobby lists the game with its open seat (the list is a read model: refresh until in).
    page.locator("nav a[href='#/']").click()
    deadline = time.monotonic() + PATIENCE
    listed = page.locator(f"#open-games li[data-game-id='{game_id}'] a")
    while not listed.count() and time.monotonic() < deadline:
        page.click("#lobby-refresh")
        page.wait_for_timeout(200)
    assert "2 of 3 seats" in listed.inner_text()
    listed.click()
    page.locator("#game-screen[data-status='lobby']").wait_for()
    start_game(page)
    wait_for_my_move(page)
    hand = page.locator("#hand .card").all_inner_texts()

    page.reload()

    page.locator("#game-screen[data-status='running']").wait_for()
    wait_for_my_move(page)
    assert page.locator("#game-who").inner_text().startswith("You play Ben, seat 2")
    assert page.locator("#hand .card").all_inner_texts() == hand
    assert page.locator("[data-action-index='0']").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=SCREENSHOTS / "5-phone-375px.png", full_page=True)
    assert browser.outside_requests() == []
    assert browser.errors == []


def test_given_a_running_game_when_the_seat_sends_an_action_the_rules_refuse_then_an_alert_names_the_rule(browser: Browser) -> None:
    page = browser.page
    create_game(browser, seats=2, bots=1, name="Cy")
    start_game(page)
    wait_for_my_move(page)
    version = page.locator("#game-screen").get_attribute("data-version")

    page.click("#manual summary")
    page.fill("#manual-body", '{"action": {"kind": "end_turn"}}')
    with page.expect_response(lambda answer: answer.request.method == "POST" and answer.url.endswith("/actions")) as refused:
        page.click("#manual-form button[type=submit]")

    assert refused.value.status == 409
    problem = refused.value.json()
    assert problem["rule"]
    alert = page.get_by_role("alert")
    alert.locator(".rule").wait_for()
    assert alert.locator(".rule").inner_text() == problem["rule"]
    assert problem["detail"] in alert.inner_text()
    assert page.locator("#game-screen").get_attribute("data-version") == version  # nothing changed
    assert browser.outside_requests() == []


def test_given_the_seats_move_when_tabbing_from_the_top_of_the_page_then_the_keyboard_reaches_a_move_and_takes_it(browser: Browser) -> None:
    page = browser.page
    create_game(browser, seats=2, bots=1, name="Di")
    start_game(page)
    wait_for_my_move(page)
    version = page.locator("#game-screen").get_attribute("data-version")

    page.evaluate("document.activeElement?.blur()")
    reached = None
    for _ in range(40):
        page.keyboard.press("Tab")
        reached = page.evaluate("document.activeElement.dataset.actionIndex ?? null")
        if reached is not None:
            break

    assert reached is not None, "Tab never reached a move"
    focused = page.evaluate("({tag: document.activeElement.tagName, outline: getComputedStyle(document.activeElement).outlineStyle})")
    assert focused == {"tag": "BUTTON", "outline": "solid"}
    page.keyboard.press("Enter")
    page.wait_for_function(MOVED, arg=version)
    assert page.locator("#problem").inner_text().strip() == ""
    # The card played is gone: focus waits on the move's heading, not back at the top of the page.
    assert page.evaluate("document.activeElement.id") == "move-title"
    assert browser.outside_requests() == []


def test_given_a_browser_without_the_seats_token_when_the_seat_moves_elsewhere_then_the_spectator_page_shows_it_live_and_no_hand(
    browser: Browser,
) -> None:
    page = browser.page
    game_id = create_game(browser, seats=2, bots=1, name="Eve")
    start_game(page)
    wait_for_my_move(page)
    token = page.evaluate(f"JSON.parse(localStorage.getItem('dodgecity.game.{game_id}')).token")
    page.evaluate("localStorage.clear()")
    page.reload()
    page.locator("#game-screen[data-status='running']").wait_for()
    assert "spectator" in page.locator("#game-who").inner_text()
    # The move panel tells a spectator whose move it is, with nothing to press.
    expect(page.locator("#move-title")).to_have_text("Eve's move")
    assert page.locator("#move-buttons button").count() == 0
    assert page.locator("#manual").is_hidden()
    assert page.locator("#hand-panel").is_hidden()
    assert page.locator("[data-action-index]").count() == 0
    assert "Hand" not in page.locator("#players").inner_text()
    version = page.locator("#game-screen").get_attribute("data-version")

    as_the_seat = {"Authorization": f"Bearer {token}"}
    seat = httpx.get(f"{browser.server.url}/games/{game_id}", headers=as_the_seat, timeout=5).json()
    moved = httpx.post(f"{browser.server.url}/games/{game_id}/actions", json=seat["actions"][0], headers=as_the_seat, timeout=5)
    assert moved.status_code == 200, moved.text

    page.wait_for_function(MOVED, arg=version)
    expect(page.locator("#log")).to_contain_text("Eve committed a card face down")
    assert "Hand" not in page.locator("#players").inner_text()
    assert browser.outside_requests() == []
    assert browser.errors == []


def test_given_a_square_of_an_unclaimed_building_when_the_seat_clicks_it_then_the_page_asks_which_figure_claims_the_building(
    browser: Browser,
) -> None:
    page = browser.page
    create_game(browser, seats=2, bots=1, name="Flo")
    start_game(page)
    several = page.locator("button.cell[aria-haspopup='true']")
    deadline = time.monotonic() + PLAY_SECONDS
    while True:
        wait_for_my_move(page)
        if several.count():
            break
        assert page.locator("#game-screen").get_attribute("data-status") != "ended", "no square ever offered a choice"
        assert time.monotonic() < deadline
        take_first_move(page)
    square = several.first
    building = square.locator("xpath=ancestor::article[@data-building]")
    building_id = building.get_attribute("data-building")
    assert building.locator(".figure").inner_text() == "Unclaimed"

    square.click()

    assert square.get_attribute("aria-expanded") == "true"
    choices = page.locator("#choices [data-choice-index]")
    offered = choices.all_inner_texts()
    assert len(offered) >= 2
    page.screenshot(path=SCREENSHOTS / "6-figure-choice.png")
    assert all(text.startswith("Buy a ") and "claims it for the " in text for text in offered)
    figure = re.search(r"claims it for the (\w+)\)", offered[-1])
    assert figure
    version = page.locator("#game-screen").get_attribute("data-version")
    choices.last.click()
    page.wait_for_function(MOVED, arg=version)
    assert page.locator("#problem").inner_text().strip() == ""
    claimed = page.locator(f"#board article[data-building='{building_id}'] .figure").inner_text()
    assert claimed.startswith(figure.group(1).capitalize())
    assert browser.errors == []


def test_given_the_rulesets_the_server_offers_when_a_game_is_created_from_the_lobby_then_it_is_created_with_the_ruleset_chosen(
    browser: Browser,
) -> None:
    page = browser.page
    offered = httpx.get(f"{browser.server.url}/rulesets", timeout=5).json()
    browser.open()
    page.locator("#lobby-screen").wait_for()

    options = page.locator("#create-ruleset option")
    assert [(o.get_attribute("value"), o.inner_text()) for o in options.all()] == [(r["name"], r["title"]) for r in offered]
    assert page.locator("#create-ruleset").input_value() == "dodgecity"
    dodgecity = next(r for r in offered if r["name"] == "dodgecity")
    seat_counts = page.locator("#create-players option").evaluate_all("(options) => options.map((o) => Number(o.value))")
    assert seat_counts == list(range(dodgecity["min_seats"], dodgecity["max_seats"] + 1))
    page.screenshot(path=SCREENSHOTS / "0-lobby.png", full_page=True)

    game_id = create_game(browser, seats=2, bots=1, name="Gus")

    created = httpx.get(f"{browser.server.url}/games/{game_id}", timeout=5).json()
    assert created["ruleset"] == "dodgecity"
    assert page.locator("#game-screen").get_attribute("data-ruleset") == "dodgecity"
    page.locator("nav a[href='#/']").click()
    listed = page.locator(f"#my-games a[href='#/game/{game_id}']")
    assert dodgecity["title"] in listed.inner_text()
    assert browser.outside_requests() == []
    assert browser.errors == []


def test_given_a_seat_remembered_before_the_page_knew_several_games_when_the_game_is_opened_then_the_seat_resumes(
    browser: Browser,
) -> None:
    page = browser.page
    game_id = create_game(browser, seats=2, bots=1, name="Hal")
    key = f"dodgecity.game.{game_id}"
    entry = page.evaluate(f"JSON.parse(localStorage.getItem('{key}'))")
    assert entry["ruleset"] == "dodgecity"
    old = {name: entry[name] for name in ("host", "token", "seat", "name", "saved")}  # as the page wrote them before
    page.evaluate("([key, old]) => localStorage.setItem(key, JSON.stringify(old))", [key, old])

    page.reload()

    page.locator("#game-screen[data-status='lobby']").wait_for()
    assert page.locator("#game-who").inner_text().startswith("You play Hal, seat 2")
    assert page.locator("#start-row").is_visible()  # the host token too
    page.locator("nav a[href='#/']").click()
    assert page.locator(f"#my-games a[href='#/game/{game_id}']").inner_text() == f"Hal in game {game_id[:8]}"
    assert browser.errors == []
