"""The game screen reads like a board game, in a real browser against a real server: Dodge City's
landmarks are named pictures (no codes), stones name their owner, the log speaks in the printed
names (no card ids, no coordinates, no version numbers), the move panel says whose move it is in
words, and an ended game explains its result, a tie broken by the final duel included.
Screenshots land in test-artifacts/screenshots/."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.conftest import SCREENSHOTS, Browser
from tests.browser.test_play_in_browser import create_game, start_game, take_first_move, wait_for_my_move
from tests.conformance.tense import tense_faults
from tests.patience import PATIENCE

#: A bots-only game is played by the server; a bound for a hung game, not a measure.
BOTS_FINISH_SECONDS = 5 * PATIENCE

PHONE = ViewportSize(width=375, height=812)
#: The landmarks printed on Dodge City's buildings, by the names the page gives them.
LANDMARK_NAMES = {
    "Dollar", "Key", "Bottles", "Pistol", "Envelope", "Horseshoe", "Bell", "Oil lamp", "Clock",
    "Sheriff's star", "Wanted poster", "Locomotive", "Lantern", "Mortar and pestle", "Scales", "Safe",
    "Money bag",
}  # fmt: skip
#: What must never show in the log: a card or event card id ("C03", "E21"), a square's
#: coordinates ("(0, 1)"), a bracketed id, a version number.
ID_OR_COORDINATE = re.compile(r"\b[CE]\d{2}\b|\(\d+, \d+\)|\[|\bversion\b", re.IGNORECASE)
#: Three heuristic bots on this seed end the game tied on points, broken by the final duel.
TIE_SEED = "a"


def events_of(url: str, game_id: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    after: int | None = 0
    while after is not None:
        page = httpx.get(f"{url}/games/{game_id}/events", params={"after": after, "limit": 500}, timeout=10).json()
        events += page["events"]
        after = page["next_after"]
    return events


def bots_only_game(url: str, seed: str) -> str:
    """A game of three heuristic bots, started; the server plays it to the end by itself."""
    created = httpx.post(f"{url}/games", json={"players": 3, "seed": seed, "bots": [{"kind": "heuristic"}] * 3}, timeout=10)
    assert created.status_code == 201, created.text
    game = created.json()
    started = httpx.post(f"{url}/games/{game['game_id']}/start", headers={"Authorization": f"Bearer {game['host_token']}"}, timeout=10)
    assert started.status_code < 300, started.text
    return str(game["game_id"])


def ended_events(url: str, game_id: str) -> list[dict[str, Any]]:
    deadline = time.monotonic() + BOTS_FINISH_SECONDS
    while True:
        events = events_of(url, game_id)
        if events and events[-1]["type"] == "GameEnded":
            return events
        assert time.monotonic() < deadline, f"the bots did not finish the game within {BOTS_FINISH_SECONDS} s"
        time.sleep(0.2)


def printed_name(card: dict[str, Any]) -> str:
    """A Dodge City card as printed: "Lady 7", "Bandit picture 2", "Indian", "?"."""
    if card["kind"] == "number":
        return f"{card['figure'].capitalize()} {card['value']}"
    if card["kind"] == "picture":
        return f"{card['figure'].capitalize()} picture {card['value']}"
    return "Indian" if card["kind"] == "indian" else "?"


def log_texts(page: Page) -> list[str]:
    return page.locator("#log li").all_inner_texts()


def test_given_a_running_game_when_the_seat_looks_at_the_town_then_every_landmark_is_a_named_picture_and_every_stone_names_its_owner(
    browser: Browser,
) -> None:
    page = browser.page
    create_game(browser, seats=3, bots=2, name="Ann")
    start_game(page)
    wait_for_my_move(page)
    for _ in range(6):  # some stones on the board
        take_first_move(page)
        wait_for_my_move(page)

    landmarks = page.locator("#board .cell.landmark")
    assert landmarks.count() >= 16  # four buildings of four or five landmarks
    for landmark in landmarks.all():
        label = landmark.get_attribute("aria-label") or ""
        assert landmark.get_attribute("role") == "img"
        assert label.endswith(" (landmark)"), label
        assert label.removesuffix(" (landmark)") in LANDMARK_NAMES, label
        assert landmark.get_attribute("title") == f"Landmark: {label.removesuffix(' (landmark)')}"
        assert landmark.locator("svg.picture").count() == 1
        assert landmark.inner_text().strip() == ""  # a picture, not a code such as "Bot"
    for building in page.locator("#board .building").all():
        shown = {name.strip() for name in building.locator(".landmark-legend li").all_inner_texts()}
        labelled = {
            (cell.get_attribute("aria-label") or "").removesuffix(" (landmark)") for cell in building.locator(".cell.landmark").all()
        }
        assert shown == labelled  # every landmark's name is visible beside its building
    stones = page.locator("#board .stone")
    assert stones.count() > 0
    names = {"Ann", "Wyatt", "Bat"}
    for stone in stones.all():
        label = stone.get_attribute("aria-label") or ""
        assert re.fullmatch(r"(\w+)'s stone \((red|blue|green|yellow|black)\)", label), label
        assert label.split("'")[0] in names
        assert stone.get_attribute("title") == label
    claimed = page.locator("#board .building .figure svg.figure-picture")
    assert claimed.count() > 0  # a claimed building shows its figure's picture
    # The last move is marked: its player, its line in the log, and its words on the table.
    expect(page.locator("#players li.player.last-actor")).to_have_count(1)
    expect(page.locator("#players li.player.last-actor .tag-last-move")).to_have_count(1)
    expect(page.locator("#log li.last-move")).to_have_count(1)
    expect(page.locator("#dodgecity-last-move")).to_contain_text(re.compile(r"^Last move: \w+ "))
    page.screenshot(path=SCREENSHOTS / "game-screen-board.png", full_page=True)
    assert browser.errors == []


def test_given_a_game_under_way_when_the_seat_reads_the_log_then_it_names_cards_and_buildings_and_shows_no_ids_coordinates_or_versions(
    browser: Browser,
) -> None:
    page = browser.page
    game_id = create_game(browser, seats=3, bots=2, name="Ann")
    start_game(page)
    wait_for_my_move(page)
    for _ in range(8):
        take_first_move(page)
        wait_for_my_move(page)

    texts = log_texts(page)
    assert len(texts) > 20
    leaking = [text for text in texts if ID_OR_COORDINATE.search(text)]
    assert leaking == []
    events = events_of(browser.server.url, game_id)
    seen = {event["originator_version"] for event in events}
    shown = {int(v) for v in page.locator("#log li").evaluate_all("(items) => items.map((li) => li.dataset.version)")}
    assert shown == seen  # one line per event, none missing
    assert "Ann took seat 3 and played green" in texts  # seats counted from 1
    dealt = next(text for text in texts if text.startswith("Ann was dealt 4 cards: "))
    assert re.fullmatch(r"Ann was dealt 4 cards: ((Lady|Gunman|Sheriff|Bandit|Cowboy)( picture)? \d|Indian|\?)(, .+){3}", dealt), dealt
    assert any(re.fullmatch(r"\w+ (bought a stone for \$\d+ and set it|set a free stone) in the [A-Z][\w' ]+.*", t) for t in texts)
    # Other seats' cards stay hidden in words too.
    assert "Wyatt was dealt 4 cards" in texts
    # The page tells what happened in the past tense, as the API's narration does.
    assert tense_faults(texts) == []
    assert browser.errors == []


def test_given_the_seats_move_and_then_another_seats_when_the_panel_is_read_then_it_says_whose_move_it_is_in_words(
    browser: Browser,
) -> None:
    page = browser.page
    game_id = create_game(browser, seats=2, bots=1, name="Eve")
    start_game(page)
    wait_for_my_move(page)
    panel = page.locator("#move")
    assert panel.get_attribute("data-state") == "yours"
    assert page.locator("#move-title").inner_text() == "Your move"
    assert page.locator("#move-what").inner_text().startswith("You must choose a start card, face down.")
    page.screenshot(path=SCREENSHOTS / "game-screen-your-move.png", full_page=False)

    # Another browser (no token): a spectator is told whose move it is, with nothing to press.
    page.evaluate("localStorage.clear()")
    page.reload()
    page.locator("#game-screen[data-status='running']").wait_for()
    expect(page.locator("#move-title")).to_have_text("Eve's move")
    assert panel.get_attribute("data-state") == "waiting"
    assert page.locator("#move-what").inner_text() == "Eve must choose a start card, face down."
    assert page.locator("#move-buttons button").count() == 0
    assert game_id in page.url
    assert browser.errors == []


def test_given_a_game_whose_tie_on_points_the_final_duel_broke_when_it_is_opened_then_the_result_says_who_tied_and_who_won_the_duel(
    browser: Browser,
) -> None:
    url = browser.server.url
    game_id = bots_only_game(url, TIE_SEED)
    events = ended_events(url, game_id)
    ended = events[-1]
    top = max(ended["points"])
    tied = [seat for seat, points in enumerate(ended["points"]) if points == top]
    assert len(tied) > 1, f"seed {TIE_SEED!r} no longer ends in a tie: {ended}"
    assert len(ended["winners"]) == 1, f"seed {TIE_SEED!r} no longer ends in a tie duel: {ended}"
    names = {event["seat"]: event["name"] for event in events if event["type"] == "PlayerJoined"}
    duel = [event for event in events if event["type"] == "TieDuelCardDrawn"]
    assert duel
    page = browser.page

    browser.open(f"#/game/{game_id}")
    page.locator("#game-screen[data-status='ended']").wait_for()
    result = page.locator("#result")
    expect(result.locator(".why").last).to_have_text(f"{names[ended['winners'][0]]} drew the highest card and wins.")
    # The duel's cards come from the log's events, read after the view: wait for them.
    rounds = {event["duel_round"] for event in duel}
    expect(result.locator(".why", has_text=re.compile(r"^Final duel"))).to_have_count(len(rounds))

    lines = result.locator(".verdict, .why").all_inner_texts()
    tied_names = [names[seat] for seat in tied]
    tied_words = f"{', '.join(tied_names[:-1])} and {tied_names[-1]}"
    assert lines[0] == "Game over: every building in play was closed."
    assert lines[1] == f"{tied_words} tied with {top} points each, so a final duel decided the game."
    drawn = " ".join(lines[2:-1])
    assert drawn.startswith("Final duel")
    deck = {card["id"]: card for card in httpx.get(f"{url}/rulesets/dodgecity", timeout=10).json()["decks"]["default_32"]}
    for event in duel:
        assert f"{names[event['seat']]} drew " in drawn
        assert printed_name(deck[event["card"]]) in drawn
    assert not ID_OR_COORDINATE.search(" ".join(lines))
    assert page.locator("#move").is_hidden()
    page.screenshot(path=SCREENSHOTS / "game-screen-tie-duel.png", full_page=False)
    assert browser.errors == []


def test_given_the_game_screen_at_phone_width_when_the_town_is_drawn_then_nothing_overflows_and_the_landmark_names_are_visible(
    browser: Browser,
) -> None:
    page = browser.page
    page.set_viewport_size(PHONE)
    create_game(browser, seats=3, bots=2, name="Ann")
    start_game(page)
    wait_for_my_move(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.locator("#board .landmark-legend li").first.is_visible()
    page.screenshot(path=SCREENSHOTS / "game-screen-phone.png", full_page=True)
    assert browser.errors == []
