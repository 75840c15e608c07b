"""Bot seats over HTTP: the host seats computer players when creating the game or in the lobby,
and one person plays a whole game against them through the public API alone."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

import httpx
import pytest
from api.app import create_app
from api.dodgecity.wire import BotKind
from engine.application import GameService
from engine.dodgecity.kit import KIT
from engine.players import BotSeat
from litestar import Litestar
from litestar.testing import TestClient

from tests.api.servers import serving
from tests.api.test_play_api import bearer, is_problem
from tests.patience import PATIENCE

Client = TestClient[Litestar]
#: How long a person waits for the bots to move before calling the game stuck.
BOT_SECONDS = PATIENCE
#: How long the bots may take over a whole game on a busy machine (a few seconds on a quiet one).
BOT_GAME_SECONDS = 5 * PATIENCE


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    games = GameService("memory://")
    with TestClient(create_app(games, stream_idle_seconds=0.1)) as test_client:
        yield test_client
    games.close()


def create(client: Client, body: dict[str, Any]) -> tuple[str, str]:
    created = client.post("/games", json=body)
    assert created.status_code == 201, created.text
    return created.json()["game_id"], created.json()["host_token"]


def my_turn(client: Client, game_id: str, token: str) -> dict[str, Any]:
    """The game as the seat sees it once it may act or the game is over (bots move meanwhile)."""
    deadline = time.monotonic() + BOT_SECONDS
    while True:
        seen: dict[str, Any] = client.get(f"/games/{game_id}", headers=bearer(token)).json()
        if seen["actions"] or seen["status"] == "ended":
            return seen
        assert time.monotonic() < deadline, f"nobody acts: the game waits for {seen['awaiting']}"
        time.sleep(0.005)


def test_the_api_offers_every_kind_of_bot() -> None:
    assert set(get_args(BotKind)) == set(KIT.bots)


def test_given_three_bot_seats_when_one_person_plays_over_http_then_the_game_ends_and_everyone_scored(client: Client) -> None:
    """One person, three bots, nothing but the public API: create with bots, join, start, then
    act whenever the game offers the seat something."""
    game_id, host = create(
        client,
        {
            "players": 4,
            "seed": "bots-over-http",
            "bots": [{"kind": "heuristic"}, {"kind": "heuristic", "name": "Clay"}, {"kind": "random"}],
        },
    )
    joined = client.post(f"/games/{game_id}/players", json={"name": "Ann"})
    assert joined.json()["seat"] == 3
    token = joined.json()["token"]
    assert client.post(f"/games/{game_id}/start", headers=bearer(host)).status_code == 200

    rng = random.Random(11)
    posted = 0
    while (seen := my_turn(client, game_id, token))["status"] != "ended":
        answer = client.post(f"/games/{game_id}/actions", json=rng.choice(seen["actions"]), headers=bearer(token))
        assert answer.status_code == 200, answer.text
        posted += 1
    assert posted > 0
    assert [(p["name"], p["bot"]) for p in seen["players"]] == [
        ("Wyatt", "heuristic"),
        ("Clay", "heuristic"),
        ("Bat", "random"),
        ("Ann", None),
    ]
    scores = client.get(f"/games/{game_id}/scores").json()
    assert [p["points"] for p in seen["players"]] == [row["points"] for row in sorted(scores["players"], key=lambda row: row["seat"])]
    events = client.get(f"/games/{game_id}/events", params={"limit": 500}).json()["events"]
    assert {e["seat"] for e in events if e["type"] == "TurnBegan"} == {0, 1, 2, 3}, "bots take turns like people"


def test_given_a_lobby_when_the_host_adds_bots_then_they_take_the_next_seats(client: Client) -> None:
    game_id, host = create(client, {"players": 3})
    first = client.post(f"/games/{game_id}/bots", headers=bearer(host))
    assert first.status_code == 201, first.text
    assert first.headers["location"] == f"/games/{game_id}"
    assert first.json() == {"game_id": game_id, "seat": 0, "version": 2, "kind": "heuristic", "name": "Wyatt"}
    second = client.post(f"/games/{game_id}/bots", json={"kind": "random", "colour": "black"}, headers=bearer(host))
    assert second.json()["seat"] == 1
    players = client.get(f"/games/{game_id}").json()["players"]
    assert [(p["bot"], p["colour"]) for p in players] == [("heuristic", "red"), ("random", "black")]


def test_given_no_host_token_when_adding_a_bot_then_it_is_refused_and_no_seat_is_taken(client: Client) -> None:
    game_id, _host = create(client, {"players": 3})
    seat_token = client.post(f"/games/{game_id}/players", json={"name": "Ann"}).json()["token"]
    is_problem(client.post(f"/games/{game_id}/bots"), 401, "unauthorized")
    is_problem(client.post(f"/games/{game_id}/bots", headers=bearer(seat_token)), 403, "forbidden")
    assert len(client.get(f"/games/{game_id}").json()["players"]) == 1


def test_given_a_started_or_full_game_when_adding_a_bot_then_the_rule_refuses_it(client: Client) -> None:
    """[SETUP-PLAYERS] seats are taken before the start, up to the game's seats."""
    game_id, host = create(client, {"players": 2, "bots": [{}, {"kind": "random"}]})
    full = is_problem(client.post(f"/games/{game_id}/bots", headers=bearer(host)), 409, "rule-violation")
    assert full["rule"] == "SETUP-PLAYERS"
    game_id, host = create(client, {"players": 3, "bots": [{}]})
    client.post(f"/games/{game_id}/players", json={"name": "Ann"})
    assert client.post(f"/games/{game_id}/start", headers=bearer(host)).status_code == 200
    started = is_problem(client.post(f"/games/{game_id}/bots", headers=bearer(host)), 409, "rule-violation")
    assert started["rule"] == "SETUP-PLAYERS"


def test_given_more_bots_than_seats_when_creating_then_it_is_refused_and_no_game_is_opened(client: Client) -> None:
    """[SETUP-PLAYERS] a game has at most its seats."""
    before = client.get("/games").json()["total"]
    refused = is_problem(client.post("/games", json={"players": 2, "bots": [{}, {}, {}]}), 409, "rule-violation")
    assert refused["rule"] == "SETUP-PLAYERS"
    assert client.get("/games").json()["total"] == before


@pytest.mark.parametrize("bots", [[{"kind": "genius"}], [{"name": ""}], [{"level": 3}], "heuristic"])
def test_given_a_bad_bot_when_creating_then_it_is_a_validation_problem(client: Client, bots: object) -> None:
    is_problem(client.post("/games", json={"players": 2, "bots": bots}), 400, "invalid-request")


def test_given_a_game_then_its_narration_tells_each_event_in_words_as_the_caller_may_see_it(client: Client) -> None:
    """[SEE-SECRET] the log in words hides what the events hide: a spectator reads of cards
    dealt face down, never which."""
    game_id, host = create(client, {"players": 2, "seed": "told", "bots": [{"name": "Clay"}]})
    token = client.post(f"/games/{game_id}/players", json={"name": "Ann"}).json()["token"]
    client.post(f"/games/{game_id}/start", headers=bearer(host))
    events = client.get(f"/games/{game_id}/events", params={"limit": 20}).json()["events"]
    # The bot may move meanwhile: read the narration of the very events read above.
    told = client.get(f"/games/{game_id}/narration", params={"limit": len(events)}).json()
    assert [(e["version"], e["type"]) for e in told["entries"]] == [(e["originator_version"], e["type"]) for e in events]
    texts = [e["text"] for e in told["entries"]]
    assert texts[1] == "Clay, a heuristic bot, took seat 1 to play red"  # seats counted from 1
    assert texts[2] == "Ann took seat 2 to play blue"
    mine = client.get(f"/games/{game_id}/narration", params={"limit": len(events)}, headers=bearer(token)).json()["entries"]
    dealt = [
        (spectator["text"], ann["text"]) for spectator, ann in zip(told["entries"], mine, strict=True) if spectator["type"] == "CardsDealt"
    ]
    assert dealt[0] == ("Clay was dealt 4 cards", "Clay was dealt 4 cards")
    assert dealt[1][0] == "Ann was dealt 4 cards"
    assert dealt[1][1].startswith("Ann was dealt 4 cards: "), "Ann reads her own cards, a spectator does not"
    is_problem(client.get(f"/games/{game_id}/narration", params={"after": 10_000}), 404, "version-not-found")


def test_given_bots_due_while_no_server_ran_when_the_server_starts_then_they_play_the_game_to_its_end(tmp_path: Path) -> None:
    """A game started through the store alone (as if the server had stopped right after the
    start) is played on by `dodgecity serve` as soon as it starts: it looks at running games."""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    games = GameService(url)
    game_id = games.create_game(ruleset="dodgecity", seats=2, seed="resumed", bots=[BotSeat("heuristic"), BotSeat("random")])
    games.start(game_id)
    games.close()
    with serving(url) as server:
        deadline = time.monotonic() + BOT_GAME_SECONDS
        while (seen := httpx.get(f"{server.url}/games/{game_id}", timeout=PATIENCE).json())["status"] != "ended":
            assert time.monotonic() < deadline, f"the bots did not play on: {seen['awaiting']}"
            time.sleep(0.1)
        assert httpx.get(f"{server.url}/games/{game_id}/scores", timeout=PATIENCE).status_code == 200
