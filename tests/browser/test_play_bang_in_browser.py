"""BANG! – Dodge City at /play, in a real browser against a real server: a person creates a game
against server bots, plays it to its end by clicking (out of turn too: answering shots, Duels,
Indians!), and the page's winners are the API's outcome; the replay steps through it. Screenshots
land in test-artifacts/screenshots/."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.conftest import SCREENSHOTS, Browser
from tests.patience import PATIENCE

SEED = "browser-bang"  # the same shuffles every run
PLAY_SECONDS = 5 * PATIENCE  # a bound for a hung game; a game clicked through takes a minute or two
SEATS = 4
#: The most steps a move is asked in (what, which cards, whom, which of theirs).
MAX_STEPS = 5
PHONE = ViewportSize(width=375, height=812)
PHONE_TALL = ViewportSize(width=390, height=844)
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


def create_bang_game(browser: Browser, *, name: str) -> str:
    """Choose BANG! in the lobby's form, bots in every seat but the last, take it, start."""
    page = browser.page
    browser.open()
    page.locator("#lobby-screen").wait_for()
    page.select_option("#create-ruleset", "bang")
    page.locator("#create-settings[data-ruleset='bang'] input[name='jail_skip_turn']").wait_for()
    page.select_option("#create-players", str(SEATS))
    for seat in range(SEATS):
        page.select_option(f"#create-seat-{seat}", "heuristic" if seat < SEATS - 1 else "person")
    page.fill("#create-name", name)
    page.click("#create-form summary")
    page.fill("#create-seed", SEED)
    page.click("#create-form button[type=submit]")
    page.locator("#game-screen[data-status='lobby'][data-ruleset='bang']").wait_for()
    found = re.search(r"#/game/([0-9a-f-]{36})$", page.url)
    assert found, page.url
    assert page.locator("#seats li").count() == SEATS
    page.click("#start-game")
    page.locator("#game-screen[data-status='running']").wait_for()
    return found.group(1)


def play_to_the_end(page: Page) -> tuple[int, list[str]]:
    """Click the first move on offer until the game is over; answer the clicks and every prompt
    the move panel showed."""
    deadline = time.monotonic() + PLAY_SECONDS
    clicks = 0
    prompts: list[str] = []
    while True:
        page.wait_for_function(READY, timeout=60_000)  # bots may play a long stretch alone
        if page.locator("#game-screen").get_attribute("data-status") == "ended":
            return clicks, prompts
        assert time.monotonic() < deadline, f"the game did not end within {PLAY_SECONDS} s ({clicks} clicks)"
        prompts.append(page.locator("#move-what").inner_text())
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
        clicks += 1
        if clicks == 5:
            page.screenshot(path=SCREENSHOTS / "bang-2-mid-game.png", full_page=True)


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


def test_given_a_person_and_three_bots_when_the_person_clicks_through_a_whole_bang_game_then_the_page_shows_the_api_outcome_and_replays_it(
    browser: Browser,
) -> None:
    page = browser.page
    game_id = create_bang_game(browser, name="Ann")
    page.locator("#bang-hand-panel").wait_for()
    assert page.locator("#game-who").inner_text().startswith("You play Ann, seat 4")  # seats counted from 1
    seats = page.locator("#bang-seats li.seat")
    expect(seats).to_have_count(SEATS)
    me = page.locator("#bang-seats li.seat.me")
    assert me.get_attribute("data-role")  # her own role, always visible to her
    sheriff = page.locator("#bang-seats li.seat[data-role='sheriff']")
    expect(sheriff).to_have_count(1)  # the Sheriff shows his role
    others = page.locator("#bang-seats li.seat:not(.me)")
    assert all(d.isdigit() for d in others.evaluate_all("(seats) => seats.map((s) => s.dataset.distance)"))
    assert "Draw pile" in page.locator("#facts").inner_text()
    page.screenshot(path=SCREENSHOTS / "bang-1-after-start.png", full_page=True)

    clicks, prompts = play_to_the_end(page)

    assert clicks > 0
    # Out of turn, the page says what to answer: a shot aimed at her (the seed makes it happen).
    assert [p for p in prompts if re.match(r"You must answer \w+'s [^.]+ aimed at you\. It is not your turn", p)]
    assert all(prompt.startswith("You ") for prompt in prompts)
    page.locator("#bang-result").wait_for()
    page.screenshot(path=SCREENSHOTS / "bang-3-end.png", full_page=True)
    verdict = page.locator("#bang-result .verdict")
    assert verdict.inner_text().startswith("Game over")
    # The winning side in words, by the teams of the outcome.
    assert page.locator("#bang-result .why").inner_text().startswith("The winning side: the ")
    shown = [int(seat) for seat in (verdict.get_attribute("data-winners") or "").split(",") if seat]
    won_rows = page.locator("#bang-result tbody tr[data-won='true']").evaluate_all("(rows) => rows.map((r) => Number(r.dataset.seat))")
    outcome = httpx.get(f"{browser.server.url}/games/{game_id}", timeout=5).json()["outcome"]
    assert outcome["winners"]
    assert shown == outcome["winners"]
    assert sorted(won_rows) == outcome["winners"]
    names = page.locator("#bang-seats li.seat .name").all_inner_texts()
    won_by = verdict.inner_text().split("Won by ", 1)[1]
    assert sorted(name for name in names if name in won_by) == sorted(names[s] for s in outcome["winners"])
    # Every role is shown once the game is over.
    assert "" not in seats.evaluate_all("(seats) => seats.map((s) => s.dataset.role)")
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=SCREENSHOTS / "bang-5-phone-375px.png", full_page=True)
    told = narration(browser.server.url, game_id)
    expect(page.locator("#log li")).to_have_count(len(told))

    # Her hand stays in view at the end.
    expect(page.locator("#bang-hand-panel")).to_be_visible()
    expect(page.locator("#bang-hand-title")).to_have_text("Your hand at the end")

    # A line of the log opens the replay at its step, which says where it is in turns and rounds.
    line = page.locator("#log li").nth(len(told) // 3)
    version = int(line.get_attribute("data-version") or "0")
    line.locator("a").click()
    assert replay_shows(page, version) == told[version]
    assert re.fullmatch(
        r"Round \d+ of \d+, turn \d+ of \d+, event \d+ of \d+ in the (round|turn)", page.locator("#replay-step").inner_text()
    )
    expect(page.locator("#replay-log li[aria-current='step']")).to_have_attribute("data-version", str(version))
    for size in (LAPTOP, PHONE_TALL):
        page.set_viewport_size(size)
        page.screenshot(path=SCREENSHOTS / f"bang-6-replay-from-the-log-{size['width']}.png", full_page=size is PHONE_TALL)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    # A line of the replay's own log shows its step.
    later = page.locator("#replay-log li:not([hidden])").nth(len(told) // 2)
    later_version = int(later.get_attribute("data-version") or "0")
    later.locator("button").click()
    assert replay_shows(page, later_version) == told[later_version]

    page.click("#back-to-game")
    page.locator("#game-screen[data-status='ended']").wait_for()
    page.click("#replay-link")
    assert replay_shows(page, 1) == told[1]
    latest = max(told)
    middle = latest // 2
    page.locator("#replay-slider").fill(str(middle))
    assert replay_shows(page, middle) == told[middle]
    expect(page.locator("#replay-bang-seats li.seat")).to_have_count(SEATS)
    page.screenshot(path=SCREENSHOTS / "bang-4-replay.png", full_page=True)
    page.locator("#replay-slider").press("End")
    assert replay_shows(page, latest) == told[latest]
    # The replay marks the last move on the table as the game screen does.
    expect(page.locator("#replay-bang-seats li.seat.last-actor")).to_have_count(1)
    expect(page.locator("#replay-bang-last-move")).to_contain_text("Last move: ")

    assert [url for url in browser.requested if f"/games/{game_id}/stream" in url]  # live, not polled
    assert browser.outside_requests() == []
    assert browser.errors == []
