"""The page's shell in a real browser against a real server: each control shows only to whoever
may use it, a problem is told in words (never "null"), seats are counted from 1, the lobby's
sections say what they hold, and the replay jumps by pass, round and turn (each landing on the
event the API's event list says begins it) and plays itself. Screenshots land in
test-artifacts/screenshots/."""

from __future__ import annotations

import re
import time
import uuid
from typing import Any

import httpx
from playwright.sync_api import Page, Route, expect

from tests.browser.conftest import SCREENSHOTS, Browser
from tests.patience import PATIENCE

SEED = "lobby-and-replay"  # the same shuffles every run
#: A bots-only game is played by the server; it ends well within this.
BOTS_FINISH_SECONDS = 120
#: The lobby's lists are read models: a new game reaches them shortly after its command.
LISTED_SECONDS = PATIENCE
DODGECITY_ROUNDS = ("start_round", "setting_round_1", "setting_round_2", "duel_round")


def create(url: str, ruleset: str, *, seats: int, bots: int, start: bool = False) -> tuple[str, str]:
    """A game made through the API (bots take the first seats): its id and host token."""
    created = httpx.post(
        f"{url}/games",
        json={"ruleset": ruleset, "players": seats, "bots": [{"kind": "heuristic"}] * bots, "seed": SEED},
        timeout=10,
    )
    assert created.status_code == 201, created.text
    game_id, host = created.json()["game_id"], created.json()["host_token"]
    if start:
        started = httpx.post(f"{url}/games/{game_id}/start", headers={"Authorization": f"Bearer {host}"}, timeout=10)
        assert started.status_code == 200, started.text
    return game_id, host


def ended_bots_game(url: str, ruleset: str, seats: int) -> str:
    game_id, _ = create(url, ruleset, seats=seats, bots=seats, start=True)
    deadline = time.monotonic() + BOTS_FINISH_SECONDS
    while httpx.get(f"{url}/games/{game_id}", timeout=10).json()["status"] != "ended":
        assert time.monotonic() < deadline, f"the bots did not finish within {BOTS_FINISH_SECONDS} s"
        time.sleep(0.2)
    return game_id


def events(url: str, game_id: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    after: int | None = 0
    while after is not None:
        page = httpx.get(f"{url}/games/{game_id}/events", params={"after": after, "limit": 500}, timeout=10).json()
        found.extend(page["events"])
        after = page["next_after"]
    return found


def problem_text(page: Page) -> str:
    alert = page.get_by_role("alert")
    expect(alert).not_to_be_empty()
    return alert.inner_text()


def wait_until_listed(page: Page, section: str, game_id: str) -> None:
    listed = page.locator(f"#{section} li[data-game-id='{game_id}']")
    deadline = time.monotonic() + LISTED_SECONDS
    while not listed.count():
        assert time.monotonic() < deadline, f"{game_id} never reached #{section}"
        page.click("#lobby-refresh")
        page.wait_for_timeout(200)


def replay_at(page: Page) -> int:
    return int(page.locator("#replay-screen").get_attribute("data-version") or "-1")


def jump(page: Page, unit: str, direction: str) -> int:
    """Click a jump button and answer the step the replay then shows (the words for it too)."""
    before = replay_at(page)
    page.click(f"#replay-jumps button[data-unit='{unit}'][data-direction='{direction}']")
    page.wait_for_function("(before) => document.querySelector('#replay-screen').dataset.version !== String(before)", arg=before)
    version = replay_at(page)
    page.locator(f"#replay-words[data-version='{version}']").wait_for()
    return version


def reached(page: Page, version: int) -> None:
    page.wait_for_function("(v) => Number(document.querySelector('#replay-screen').dataset.version) >= v", arg=version)


def open_replay(browser: Browser, game_id: str) -> Page:
    page = browser.page
    browser.open(f"#/replay/{game_id}")
    page.locator("#replay-screen[data-version='1']").wait_for()
    page.locator("#replay-jumps button").first.wait_for()
    return page


def test_given_a_full_game_never_started_when_a_spectator_opens_it_then_no_host_control_shows_and_the_host_sees_only_start(
    browser: Browser,
) -> None:
    page = browser.page
    game_id, host = create(browser.server.url, "dodgecity", seats=2, bots=2)

    browser.open(f"#/game/{game_id}")
    page.locator("#game-screen[data-status='lobby']").wait_for()
    expect(page.locator("#seats li")).to_have_count(2)

    assert "spectator" in page.locator("#game-who").inner_text()
    assert page.locator('#facts [data-fact="awaiting"] dd').inner_text() == "the host to start the game"
    for control in ("#start-row", "#start-game", "#bot-form", "#join-form", "#move"):
        assert page.locator(control).is_hidden(), f"{control} shows to a spectator"
    page.screenshot(path=SCREENSHOTS / "w2-spectator-lobby.png", full_page=True)

    page.evaluate(
        "([id, host]) => localStorage.setItem(`dodgecity.game.${id}`, JSON.stringify({host, saved: 1}))",
        [game_id, host],
    )
    page.reload()
    page.locator("#game-screen[data-status='lobby']").wait_for()
    assert page.locator("#start-game").is_visible()
    assert page.locator("#start-game").is_enabled()
    assert page.locator("#bot-form").is_hidden()  # no open seat: nothing to add a bot to
    assert page.locator("#join-form").is_hidden()  # every seat is taken
    assert browser.errors == []


def test_given_a_game_that_does_not_exist_when_the_page_opens_it_then_the_problem_is_told_in_words_without_null(
    browser: Browser,
) -> None:
    page = browser.page
    missing = uuid.uuid4()
    answer = httpx.get(f"{browser.server.url}/games/{missing}", timeout=10)
    assert answer.status_code == 404
    problem = answer.json()

    browser.open(f"#/game/{missing}")
    text = problem_text(page)

    assert problem["detail"] in text
    assert problem["title"] in text
    for word in ("null", "undefined", "[object"):
        assert word not in text, f"the alert says {word!r}: {text!r}"


def test_given_a_refused_move_when_the_problem_shows_then_it_names_the_rule_in_words_without_null(browser: Browser) -> None:
    page = browser.page
    game_id, host = create(browser.server.url, "dodgecity", seats=2, bots=1)
    seat = httpx.post(f"{browser.server.url}/games/{game_id}/players", json={"name": "Hal"}, timeout=10).json()
    httpx.post(f"{browser.server.url}/games/{game_id}/start", headers={"Authorization": f"Bearer {host}"}, timeout=10)
    page.goto(f"{browser.server.url}/play")
    page.evaluate(
        "([id, token, seat]) => localStorage.setItem(`dodgecity.game.${id}`, JSON.stringify({token, seat, name: 'Hal', saved: 1}))",
        [game_id, seat["token"], seat["seat"]],
    )
    browser.open(f"#/game/{game_id}")
    page.locator("#game-screen[data-status='running']").wait_for()
    page.locator("[data-action-index='0']").wait_for()

    page.click("#manual summary")
    page.fill("#manual-body", '{"action": {"kind": "end_turn"}}')
    page.click("#manual-form button[type=submit]")
    text = problem_text(page)

    page.get_by_role("alert").locator(".rule").wait_for()
    assert "null" not in text, text
    assert "undefined" not in text, text
    assert re.search(r"rule [A-Z0-9-]+", text), text


def test_given_a_seat_taken_from_the_lobby_when_the_game_shows_then_its_seat_is_counted_from_one_in_the_header_and_the_list(
    browser: Browser,
) -> None:
    page = browser.page
    browser.open()
    page.locator("#lobby-screen").wait_for()
    page.select_option("#create-players", "3")
    for seat in range(3):
        page.select_option(f"#create-seat-{seat}", "heuristic" if seat < 2 else "person")
    page.fill("#create-name", "Ivy")
    page.click("#create-form button[type=submit]")
    page.locator("#game-screen[data-status='lobby']").wait_for()

    third = page.locator("#seats li").nth(2)
    assert "Ivy" in third.inner_text()
    assert third.get_attribute("data-seat") == "2"  # the API's seat 2 is the list's third
    assert "seat 3" in page.locator("#game-who").inner_text()
    assert "seat 2" not in page.locator("#game-who").inner_text()


def test_given_games_in_every_state_when_the_lobby_lists_them_then_each_is_under_the_section_that_says_what_it_holds(
    browser: Browser,
) -> None:
    page = browser.page
    url = browser.server.url
    waiting, _ = create(url, "dodgecity", seats=3, bots=1)
    full, _ = create(url, "dodgecity", seats=2, bots=2)
    running, host = create(url, "dodgecity", seats=2, bots=1)
    httpx.post(f"{url}/games/{running}/players", json={"name": "Jo"}, timeout=10)  # the bot waits for Jo
    httpx.post(f"{url}/games/{running}/start", headers={"Authorization": f"Bearer {host}"}, timeout=10)
    ended = ended_bots_game(url, "dodgecity", 2)

    browser.open()
    page.locator("#lobby-screen").wait_for()
    for section, game_id in (("open-games", waiting), ("ready-games", full), ("running-games", running), ("ended-games", ended)):
        wait_until_listed(page, section, game_id)

    assert page.locator(f"#open-games li[data-game-id='{full}']").count() == 0
    assert page.locator(f"#ready-games li[data-game-id='{waiting}']").count() == 0
    headings = {h: page.locator(f"#{h}").inner_text() for h in ("open-title", "ready-title", "running-title", "ended-title")}
    assert headings == {
        "open-title": "Waiting for players",
        "ready-title": "Ready to start",
        "running-title": "Running",
        "ended-title": "Ended",
    }
    for section in ("open", "ready", "running", "ended"):
        assert page.locator(f"#{section}-hint").inner_text().strip(), f"the {section} section says nothing of itself"
    assert page.locator(f"#ended-games li[data-game-id='{ended}'] a", has_text="replay").count() == 1
    page.screenshot(path=SCREENSHOTS / "w2-lobby.png", full_page=True)


def test_given_an_ended_dodge_city_game_when_the_replay_jumps_by_pass_round_and_turn_then_each_lands_on_the_event_that_begins_it(
    browser: Browser,
) -> None:
    game_id = ended_bots_game(browser.server.url, "dodgecity", 3)
    recorded = events(browser.server.url, game_id)
    passes = [e["originator_version"] for e in recorded if e["type"] == "PassBegan"]
    rounds = [e["originator_version"] for e in recorded if e["type"] == "StageBegan" and e["stage"] in DODGECITY_ROUNDS]
    turns = [e["originator_version"] for e in recorded if e["type"] == "TurnBegan"]
    assert len(passes) >= 2
    assert turns

    page = open_replay(browser, game_id)

    assert jump(page, "pass", "next") == passes[0]
    assert page.locator("#replay-where").inner_text().startswith("Pass 1")
    assert jump(page, "round", "next") == rounds[0]
    assert "Start round" in page.locator("#replay-where").inner_text()
    assert jump(page, "turn", "next") == turns[0]
    assert jump(page, "turn", "next") == turns[1]
    assert jump(page, "pass", "next") == passes[1]
    assert page.locator("#replay-where").inner_text().startswith("Pass 2")
    assert jump(page, "round", "previous") == max(v for v in rounds if v < passes[1])
    assert jump(page, "turn", "previous") == max(v for v in turns if v < rounds[3])
    page.screenshot(path=SCREENSHOTS / "w2-replay.png", full_page=True)
    page.locator("#replay-slider").press("End")
    page.locator(f"#replay-screen[data-version='{recorded[-1]['originator_version']}']").wait_for()
    assert page.locator("#replay-jumps button[data-unit='pass'][data-direction='next']").is_disabled()
    assert jump(page, "pass", "previous") == passes[-1]
    page.select_option("#replay-goto", label="Pass 2")
    page.locator(f"#replay-screen[data-version='{passes[1]}']").wait_for()
    assert page.locator("#problem").inner_text() == ""
    assert browser.errors == []


def bang_rounds(recorded: list[dict[str, Any]]) -> list[int]:
    """A round is every living player's turn once, from the first player's seat clockwise: it
    begins with a turn whose seat is not further round the table than the turn before's."""
    seats = next(e["seats"] for e in recorded if e["type"] == "bang.GameStarted")
    turns = [e for e in recorded if e["type"] == "bang.TurnBegan"]
    first = turns[0]["seat"]
    begun: list[int] = []
    previous = None
    for turn in turns:
        place = (turn["seat"] - first) % seats
        if previous is None or place <= previous:
            begun.append(turn["originator_version"])
        previous = place
    return begun


def test_given_an_ended_bang_game_when_the_replay_jumps_by_round_and_turn_then_each_lands_on_the_turn_that_begins_it(
    browser: Browser,
) -> None:
    game_id = ended_bots_game(browser.server.url, "bang", 4)
    recorded = events(browser.server.url, game_id)
    turns = [e["originator_version"] for e in recorded if e["type"] == "bang.TurnBegan"]
    rounds = bang_rounds(recorded)
    assert len(rounds) >= 2

    page = open_replay(browser, game_id)

    assert page.locator("#replay-jumps button[data-unit='pass']").count() == 0  # BANG! has no passes
    assert jump(page, "round", "next") == rounds[0] == turns[0]
    assert page.locator("#replay-where").inner_text().startswith("Round 1")
    assert jump(page, "turn", "next") == turns[1]
    assert jump(page, "round", "next") == rounds[1]
    assert page.locator("#replay-where").inner_text().startswith("Round 2")
    assert jump(page, "turn", "previous") == max(v for v in turns if v < rounds[1])
    page.select_option("#replay-goto", label="Round 3")
    page.locator(f"#replay-screen[data-version='{rounds[2]}']").wait_for()
    assert page.locator("#problem").inner_text() == ""  # every step drew without a failure
    page.screenshot(path=SCREENSHOTS / "w2-replay-bang.png", full_page=True)
    assert browser.errors == []


def test_given_a_replay_when_autoplay_is_started_then_it_advances_and_when_paused_it_stays(browser: Browser) -> None:
    game_id = ended_bots_game(browser.server.url, "dodgecity", 2)
    page = open_replay(browser, game_id)
    play = page.locator("#replay-play")
    assert play.get_attribute("aria-pressed") == "false"
    page.select_option("#replay-speed", page.locator("#replay-speed option").last.get_attribute("value"))

    play.click()
    assert play.get_attribute("aria-pressed") == "true"
    reached(page, 4)
    play.click()

    assert play.get_attribute("aria-pressed") == "false"
    paused_at = replay_at(page)
    page.wait_for_timeout(1500)  # ten steps at the fastest speed, had it gone on
    assert replay_at(page) == paused_at

    # The keyboard: "k" plays and pauses as the button does.
    page.locator("#replay-slider").focus()
    page.keyboard.press("k")
    reached(page, paused_at + 2)
    page.keyboard.press("k")
    assert play.get_attribute("aria-pressed") == "false"
    assert browser.errors == []


def test_given_the_lobby_still_loading_when_a_games_link_is_followed_then_the_game_shows_and_not_the_lobby_over_it(
    browser: Browser,
) -> None:
    page = browser.page
    game_id, _ = create(browser.server.url, "dodgecity", seats=2, bots=2)
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/rulesets/dodgecity", hold)  # the lobby's form waits for the material
    browser.open()
    page.wait_for_function("() => !document.querySelector('#loading')")  # the lobby has begun
    deadline = time.monotonic() + PATIENCE
    while not held:
        assert time.monotonic() < deadline, "the lobby never asked for the ruleset's material"
        page.wait_for_timeout(50)

    page.evaluate("(id) => { location.hash = `#/game/${id}`; }", game_id)
    page.locator(f"#game-screen[data-game-id='{game_id}']").wait_for(state="attached")
    for route in held:
        route.continue_()
    page.unroute("**/rulesets/dodgecity")

    page.locator("#game-screen[data-status='lobby']").wait_for()
    expect(page.locator("#game-screen")).to_be_visible()
    expect(page.locator("#lobby-screen")).to_be_hidden()
