"""Dog Eat Dog at /play, in a real browser against a real server: a person creates a game
against two server bots, plays it to its end by clicking (the open windows, her auctions,
prices, sales, staff, production and exploiting, bribes), and the page's winner is the API's
outcome; the replay steps through it in rounds and turns. The short game (six rounds, [OPT-SHORT-
ROUNDS], with the $100M target) keeps the clicks to about two hundred. Screenshots land in
test-artifacts/screenshots/."""

from __future__ import annotations

import re
import time

import httpx
from playwright.sync_api import Locator, Page, ViewportSize, expect

from tests.browser.conftest import SCREENSHOTS, Browser
from tests.patience import PATIENCE

SEED = "browser-dogeatdog"  # the same rolls and shuffles every run
PLAY_SECONDS = 10 * PATIENCE  # a bound for a hung game; the short game clicked through takes a few minutes
SEATS = 3
#: The most steps a move is asked in (what, which square, what offer).
MAX_STEPS = 4
PHONE = ViewportSize(width=390, height=844)
LAPTOP = ViewportSize(width=1280, height=800)

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


def create_game(browser: Browser, *, name: str) -> str:
    """Choose Dog Eat Dog and the short game in the lobby's form, bots in every seat but the
    last, take it, start."""
    page = browser.page
    browser.open()
    page.locator("#lobby-screen").wait_for()
    page.select_option("#create-ruleset", "dogeatdog")
    settings = page.locator("#create-settings[data-ruleset='dogeatdog']")
    settings.locator("select[name='target']").select_option("100")
    settings.locator("input[name='round_limit']").check()
    page.select_option("#create-players", str(SEATS))
    for seat in range(SEATS):
        page.select_option(f"#create-seat-{seat}", "heuristic" if seat < SEATS - 1 else "person")
    page.fill("#create-name", name)
    page.click("#create-form summary")
    page.fill("#create-seed", SEED)
    page.screenshot(path=SCREENSHOTS / "dogeatdog-0-create-form.png", full_page=True)
    page.click("#create-form button[type=submit]")
    page.locator("#game-screen[data-status='lobby'][data-ruleset='dogeatdog']").wait_for()
    found = re.search(r"#/game/([0-9a-f-]{36})$", page.url)
    assert found, page.url
    page.click("#start-game")
    page.locator("#game-screen[data-status='running']").wait_for()
    return found.group(1)


#: The moves she prefers when on offer (a button's words begin so), each at most so many times:
#: she embezzles, trades, auctions, bribes, sells, makes and extracts rather than always passing.
PREFERRED = {
    "Embezzle": 3,
    "Offer ": 2,
    "Accept the trade": 2,
    "Auction a square": 1,
    "Bribe ": 1,
    "Roll a price for ": 6,
    "Sell ": 6,
    "Make a product": 6,
    "Extract raw materials": 6,
    "Reorganise": 3,  # rather than leave the game when insolvent
}


def choose(page: Page, taken: dict[str, int]) -> Locator:
    """A preferred move's button, or a square of the map that is a move (extract, pollute), or
    else the first move on offer."""
    buttons = page.locator("#move-buttons button")
    texts = buttons.all_inner_texts()
    for prefix, most in PREFERRED.items():
        if taken.get(prefix, 0) >= most:
            continue
        for index, text in enumerate(texts):
            if text.startswith(prefix):
                taken[prefix] = taken.get(prefix, 0) + 1
                return buttons.nth(index)
    squares = page.locator("#dogeatdog-board button.square-button")
    if squares.count():
        taken["square"] = taken.get("square", 0) + 1
        return squares.first
    return page.locator("[data-action-index='0']").first


def play_to_the_end(page: Page) -> tuple[int, list[str], list[str], dict[str, int]]:
    """Click the first move on offer until the game is over, taking the first option of every
    step a move is asked in; answer the clicks, the prompts and the moves' words."""
    deadline = time.monotonic() + PLAY_SECONDS
    taken: dict[str, int] = {}
    asked = False
    clicks = 0
    prompts: list[str] = []
    moves: list[str] = []
    while True:
        page.wait_for_function(READY, timeout=PATIENCE * 1000)  # bots may play a long stretch alone
        if page.locator("#game-screen").get_attribute("data-status") == "ended":
            return clicks, prompts, moves, taken
        assert time.monotonic() < deadline, f"the game did not end within {PLAY_SECONDS} s ({clicks} clicks)"
        prompts.append(page.locator("#move-what").inner_text())
        moves.extend(page.locator("#move-buttons button").all_inner_texts())
        version = page.locator("#game-screen").get_attribute("data-version")
        choose(page, taken).click()
        for _ in range(MAX_STEPS):
            steps = page.locator("#choices:not([hidden]) button.choice:not([aria-pressed='true'], [disabled])")
            if not steps.count():
                break
            moves.extend(steps.all_inner_texts())
            if not asked:  # the first move asked step by step, to look at
                page.screenshot(path=SCREENSHOTS / "dogeatdog-2-question.png", full_page=True)
                asked = True
            steps.first.click()
        page.wait_for_function(MOVED, arg=version)
        problem = page.locator("#problem").inner_text().strip()
        assert not problem, f"the page reports a problem: {problem}"
        clicks += 1
        if clicks == 30:
            for size in (LAPTOP, PHONE):
                page.set_viewport_size(size)
                page.screenshot(path=SCREENSHOTS / f"dogeatdog-2-mid-game-{size['width']}.png", full_page=True)
                page.locator("#dogeatdog-board").screenshot(path=SCREENSHOTS / f"dogeatdog-2-board-{size['width']}.png")
                assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
            page.set_viewport_size(LAPTOP)


def test_given_a_person_and_two_bots_when_the_person_clicks_through_a_whole_short_dogeatdog_game_then_the_page_shows_the_api_winner_and_replays_it(
    browser: Browser,
) -> None:
    page = browser.page
    page.set_viewport_size(LAPTOP)
    game_id = create_game(browser, name="Ann")
    board = page.locator("#dogeatdog-board")
    expect(board.locator("li.space")).to_have_count(20)
    expect(board.locator("li.square")).to_have_count(16)
    expect(page.locator(".notice summary")).to_contain_text("designed for this engine")
    # Her own Swiss account, and nobody else's before the end ([SEE-PRIVATE]).
    seats = page.locator("#dogeatdog-seats li.division")
    expect(seats).to_have_count(SEATS)
    expect(page.locator("#dogeatdog-seats li.division.me [data-fact='swiss']")).to_have_count(1)
    expect(page.locator("#dogeatdog-seats li.division:not(.me) [data-fact='swiss']")).to_have_count(0)
    page.screenshot(path=SCREENSHOTS / "dogeatdog-1-after-start.png", full_page=True)

    clicks, prompts, moves, taken = play_to_the_end(page)

    assert clicks > 0
    assert all(prompt.startswith("You ") for prompt in prompts)
    assert [p for p in prompts if p.startswith("You must act in the open window")]
    print(f"{clicks} clicks; preferred moves taken: {taken}")
    assert [m for m in moves if m.startswith("Roll a price for ")]  # her Sell step, in words
    assert taken.get("Embezzle")  # asked step by step: embezzle, then how much
    assert [m for m in moves if re.fullmatch(r"\$\d+M", m)]  # the amounts offered, in words
    # Every move on offer was told in words, never as an API name.
    assert [m for m in moves if "_" in m] == []
    page.locator("#dogeatdog-result").wait_for()
    verdict = page.locator("#dogeatdog-result .verdict")
    assert verdict.inner_text().startswith("Game over")
    shown = [int(seat) for seat in (verdict.get_attribute("data-winners") or "").split(",") if seat]
    outcome = httpx.get(f"{browser.server.url}/games/{game_id}", timeout=PATIENCE).json()["outcome"]
    assert outcome["winners"]
    assert shown == outcome["winners"]
    won_rows = page.locator("#dogeatdog-result tbody tr[data-won='true']").evaluate_all("(rows) => rows.map((r) => Number(r.dataset.seat))")
    assert sorted(won_rows) == outcome["winners"]
    # Every Swiss account is shown once the game is over.
    expect(page.locator("#dogeatdog-seats [data-fact='swiss']")).to_have_count(SEATS)
    for size in (LAPTOP, PHONE):
        page.set_viewport_size(size)
        page.screenshot(path=SCREENSHOTS / f"dogeatdog-3-end-{size['width']}.png", full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    page.set_viewport_size(LAPTOP)

    # The replay steps by rounds and turns, and marks the last move as the game screen does.
    page.click("#replay-link")
    page.locator("#replay-screen[data-version]").wait_for()
    page.locator("#replay-slider").press("End")
    expect(page.locator("#replay-step")).to_contain_text("Round ")
    expect(page.locator("#replay-dogeatdog-last-move")).to_contain_text("Last move: ")
    for size in (LAPTOP, PHONE):
        page.set_viewport_size(size)
        page.screenshot(path=SCREENSHOTS / f"dogeatdog-4-replay-{size['width']}.png", full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]

    assert [url for url in browser.requested if f"/games/{game_id}/stream" in url]  # live, not polled
    assert browser.outside_requests() == []
    assert browser.errors == []
