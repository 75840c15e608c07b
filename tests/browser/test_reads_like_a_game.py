"""The page reads like a game, in a real browser against a real server: an ability with many
combinations asks step by step instead of offering one button per combination, the last move is
marked on the table, the seats say nothing of life before the start, the variants are worded, a
link to an unknown game shows the problem and nothing of the game shown before, and an ended
game's revealed seed fits a phone. Each position is made through the API (a seeded game, server
bots), not clicked to. Screenshots land in test-artifacts/screenshots/."""

from __future__ import annotations

import re
import time
import uuid

import httpx
from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.conftest import SCREENSHOTS, Browser

#: With this seed the fourth seat is the Sheriff, who plays first, and Doc Holyday, whose ability
#: (discard two cards to shoot) has dozens of combinations with the seven cards he starts with.
DOC_SEED = "doc-34"
DOC_SEAT = 3
#: A laptop's screen, and a phone's.
LAPTOP = ViewportSize(width=1280, height=800)
PHONE = ViewportSize(width=390, height=844)
#: A bots-only game is played by the server; it ends well within this.
BOTS_FINISH_SECONDS = 120


def seated_game(browser: Browser, *, ruleset: str, seats: int, bots: int, seed: str | None, start: bool) -> str:
    """A game made through the API: bots in the first seats, then "Doc" in the next, whose token
    this browser keeps as the page would; started when ``start``."""
    url = browser.server.url
    body: dict[str, object] = {"ruleset": ruleset, "players": seats, "bots": [{"kind": "heuristic"}] * bots}
    if seed is not None:
        body["seed"] = seed
    created = httpx.post(f"{url}/games", json=body, timeout=10)
    assert created.status_code == 201, created.text
    game_id, host = created.json()["game_id"], created.json()["host_token"]
    if bots < seats:
        seat = httpx.post(f"{url}/games/{game_id}/players", json={"name": "Doc"}, timeout=10).json()
        browser.open()
        browser.page.evaluate(
            "([id, entry]) => localStorage.setItem(`dodgecity.game.${id}`, JSON.stringify(entry))",
            [game_id, {"host": host, "token": seat["token"], "seat": seat["seat"], "name": "Doc", "ruleset": ruleset, "saved": 1}],
        )
    if start:
        started = httpx.post(f"{url}/games/{game_id}/start", headers={"Authorization": f"Bearer {host}"}, timeout=10)
        assert started.status_code == 200, started.text
    return str(game_id)


def version_of(page: Page) -> str:
    return page.locator("#game-screen").get_attribute("data-version") or ""


def test_given_doc_holyday_on_his_turn_when_he_uses_his_ability_then_the_page_asks_what_then_which_cards_then_whom_and_marks_the_shot(
    browser: Browser,
) -> None:
    page = browser.page
    page.set_viewport_size(LAPTOP)
    game_id = seated_game(browser, ruleset="bang", seats=4, bots=3, seed=DOC_SEED, start=True)
    browser.open(f"#/game/{game_id}")
    page.locator("#move[data-state='yours']").wait_for()
    doc = page.locator(f"#bang-seats li.seat[data-seat='{DOC_SEAT}']")
    expect(doc.locator(".character")).to_have_text("Doc Holyday")
    offered = httpx.get(
        f"{browser.server.url}/games/{game_id}/actions",
        headers={"Authorization": f"Bearer {page.evaluate(f'JSON.parse(localStorage.getItem(`dodgecity.game.{game_id}`)).token')}"},
        timeout=10,
    ).json()
    shots = [a for a in offered["actions"] if a["action"]["kind"] == "doc_shot"]
    assert len(shots) > 20  # the position still has the many combinations this test is about

    # One button for the ability, not one per combination; the hand and the table stay in view.
    ability = page.locator("#move-buttons button", has_text="Doc Holyday")
    expect(ability).to_have_count(1)
    assert page.locator("#move-buttons button").count() <= 4
    for panel in ("#bang-hand-panel", "#bang-seats"):
        box = page.locator(panel).bounding_box()
        assert box is not None
        assert box["y"] < LAPTOP["height"], f"{panel} is below the fold"

    ability.click()
    choices = page.locator("#choices")
    expect(choices.locator(".choice-question")).to_have_text("Which two cards?")
    # The cards are chosen one at a time, each a toggle, not as one button per pair.
    cards = {card for s in shots for card in s["action"]["cards"]}
    toggles = choices.locator("button.choice.pick")
    expect(toggles).to_have_count(len(cards))
    toggles.first.click()
    expect(toggles.first).to_have_attribute("aria-pressed", "true")
    expect(choices.locator(".choice-count")).to_have_text("1 of 2 chosen")
    page.screenshot(path=SCREENSHOTS / "reads-1-doc-which-cards-1280.png", full_page=False)
    page.set_viewport_size(PHONE)
    page.screenshot(path=SCREENSHOTS / "reads-2-doc-which-cards-390.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.set_viewport_size(LAPTOP)

    toggles.nth(1).click()
    expect(choices.locator(".choice-question")).to_have_text("At whom?")
    expect(choices.locator(".choice-path")).to_contain_text(" and ")  # the two cards chosen
    targets = choices.locator("button.choice[data-choice-index]")
    assert 1 <= targets.count() <= 3
    target_name = targets.first.inner_text()
    page.screenshot(path=SCREENSHOTS / "reads-3-doc-at-whom-1280.png", full_page=False)
    # Back returns to the cards, Cancel closes the question.
    choices.locator("button.back").click()
    expect(choices.locator(".choice-question")).to_have_text("Which two cards?")
    expect(choices.locator("button.choice.pick[aria-pressed='true']")).to_have_count(0)
    choices.locator("button.cancel").click()
    expect(choices).to_be_hidden()

    ability.click()
    toggles.nth(0).click()
    toggles.nth(1).click()
    before = version_of(page)
    choices.locator("button.choice[data-choice-index]").first.click()
    page.wait_for_function("(v) => document.querySelector('#game-screen').dataset.version !== v", arg=before)
    assert page.locator("#problem").inner_text().strip() == ""

    # The shot is the last move: its shooter and its target are marked on the table, in words.
    shooter = page.locator("#bang-seats li.seat.last-actor")
    expect(shooter).to_have_attribute("data-seat", str(DOC_SEAT))
    expect(shooter.locator(".tag-last-move")).to_have_count(1)
    expect(page.locator("#bang-seats li.seat.last-target .name")).to_have_text(target_name)
    expect(page.locator("#bang-last-move")).to_contain_text("Doc")
    expect(page.locator("#log li.last-move")).to_have_count(1)
    page.screenshot(path=SCREENSHOTS / "reads-4-doc-shot-1280.png", full_page=False)
    assert browser.errors == []


def test_given_a_bang_table_filling_when_its_seats_show_then_they_say_nothing_of_life_and_the_variants_are_worded(
    browser: Browser,
) -> None:
    page = browser.page
    game_id = seated_game(browser, ruleset="bang", seats=4, bots=2, seed=None, start=False)
    browser.open(f"#/game/{game_id}")
    page.locator("#game-screen[data-status='lobby']").wait_for()
    seats = page.locator("#bang-seats li.seat")
    expect(seats).to_have_count(3)
    text = page.locator("#bang-seats").inner_text()
    assert "0 of 0" not in text, text
    assert "Life" not in text, text
    expect(seats.first).to_contain_text("waiting for the game to start")

    # The create form words every variant; the API's names stay out of the labels.
    browser.open("#/")
    page.locator("#lobby-screen").wait_for()
    for ruleset in ("dodgecity", "bang"):
        page.select_option("#create-ruleset", ruleset)
        settings = page.locator(f"#create-settings[data-ruleset='{ruleset}']")
        settings.locator("input[type='checkbox']").first.wait_for()
        labels = settings.locator("label, legend").all_inner_texts()
        assert labels
        identifiers = [label for label in labels if re.search(r"\b[a-z]+_[a-z_0-9]+\b", label)]
        assert identifiers == [], identifiers
    assert browser.errors == []


def test_given_a_game_shown_when_a_link_to_an_unknown_game_is_followed_then_only_the_problem_shows(browser: Browser) -> None:
    page = browser.page
    game_id = seated_game(browser, ruleset="bang", seats=4, bots=2, seed=None, start=False)
    page.evaluate("localStorage.clear()")  # a spectator, who is offered a seat
    browser.open(f"#/game/{game_id}")
    page.locator("#game-screen[data-status='lobby']").wait_for()
    expect(page.locator("#join-form")).to_be_visible()

    page.evaluate("(id) => { location.hash = `#/game/${id}`; }", str(uuid.uuid4()))
    expect(page.get_by_role("alert")).not_to_be_empty()
    for gone in ("#seating", "#join-form", "#move", "#clock-panel", "#game-view", "#log"):
        expect(page.locator(gone)).to_be_hidden()
    expect(page.locator("#facts")).to_be_empty()
    expect(page.locator("#game-title")).to_have_text("No such game")
    # The browser logs the 404 it was answered; nothing else went wrong.
    assert [error for error in browser.errors if "status of 404" not in error] == []


def test_given_an_ended_game_with_a_drawn_seed_when_it_shows_on_a_phone_then_nothing_is_wider_than_the_screen(browser: Browser) -> None:
    page = browser.page
    url = browser.server.url
    game_id = seated_game(browser, ruleset="dodgecity", seats=2, bots=2, seed=None, start=True)
    deadline = time.monotonic() + BOTS_FINISH_SECONDS
    while httpx.get(f"{url}/games/{game_id}", timeout=10).json()["status"] != "ended":
        assert time.monotonic() < deadline, f"the bots did not finish within {BOTS_FINISH_SECONDS} s"
        time.sleep(0.2)
    page.set_viewport_size(PHONE)
    browser.open(f"#/game/{game_id}")
    page.locator("#game-screen[data-status='ended']").wait_for()
    seed = page.locator('#facts [data-fact="seed"] dd')
    expect(seed).to_contain_text("revealed: ")
    assert re.search(r"revealed: [0-9a-f]{32,}", seed.inner_text())  # a long unbroken word
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=SCREENSHOTS / "reads-5-ended-390.png", full_page=True)
    page.set_viewport_size(LAPTOP)
    page.screenshot(path=SCREENSHOTS / "reads-6-ended-1280.png", full_page=False)
    assert browser.errors == []
