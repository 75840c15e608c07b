"""The read-model resources and the one shape of every error, over HTTP."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from api.app import create_app
from engine.application import GameService
from engine.simulation import simulate
from litestar.testing import TestClient

from tests.api.servers import serving

PROBLEM_FIELDS = {"type", "title", "status", "detail", "instance"}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:  # type: ignore[type-arg]
    """Stored games and the app serving them, once for the module: its tests only read (a bad
    request changes nothing), and building an app (its OpenAPI document) and playing the games
    took about 0.4 s of CPU for each test before."""
    games = GameService("memory://")
    simulate(3, 2, "read-api", store=games.store_game, ruleset="dodgecity")
    games.create_game(ruleset="dodgecity", seats=3, seed="waiting")
    with TestClient(create_app(games, close_on_shutdown=True)) as test_client:
        yield test_client


def _is_problem(response: httpx.Response, status: int) -> dict:  # type: ignore[type-arg]
    assert response.status_code == status
    assert response.headers["content-type"].startswith("application/problem+json")
    body = response.json()
    assert body.keys() >= PROBLEM_FIELDS
    assert body["status"] == status
    return body  # type: ignore[no-any-return]


def test_given_stored_games_then_the_lobby_lists_filters_and_pages_them(client: TestClient) -> None:  # type: ignore[type-arg]
    everything = client.get("/games").json()
    assert everything["total"] == 4
    assert client.get("/games", params={"status": "lobby"}).json()["total"] == 1
    ended = client.get("/games", params={"status": "ended", "limit": 2}).json()
    assert ended["total"] == 3
    assert len(ended["items"]) == 2
    second_page = client.get("/games", params={"status": "ended", "limit": 2, "offset": 2}).json()
    assert {g["game_id"] for g in ended["items"]}.isdisjoint(g["game_id"] for g in second_page["items"])


def test_given_a_game_then_board_and_scores_come_from_the_read_models(client: TestClient) -> None:  # type: ignore[type-arg]
    game = client.get("/games", params={"status": "ended"}).json()["items"][0]
    board = client.get(f"/games/{game['game_id']}/board").json()
    scores = client.get(f"/games/{game['game_id']}/scores").json()
    assert board["buildings"]
    assert [p["name"] for p in scores["players"]] == game["players"]
    assert any(p["rank"] == 1 for p in scores["players"])
    assert client.get("/leaderboard").json()[0]["played"] == 3


@pytest.mark.parametrize(
    ("method", "path", "status", "kind"),
    [
        ("GET", "/games/00000000-0000-0000-0000-000000000000/board", 404, "game-not-found"),
        ("GET", "/games/not-a-uuid/scores", 404, "not-found"),
        ("GET", "/no/such/path", 404, "not-found"),
        ("POST", "/health", 405, "method-not-allowed"),
        ("GET", "/games?limit=0", 400, "invalid-request"),
        ("GET", "/games?status=finished", 400, "invalid-request"),
        ("GET", "/leaderboard?offset=-1", 400, "invalid-request"),
        ("GET", "/games?offset=99999999999999999999999", 400, "invalid-request"),
    ],
)
def test_given_bad_requests_then_one_problem_shape(client: TestClient, method: str, path: str, status: int, kind: str) -> None:  # type: ignore[type-arg]
    body = _is_problem(client.request(method, path), status)
    assert body["type"].endswith("/" + kind)
    assert body["instance"] == path.split("?", maxsplit=1)[0]


def test_given_the_serve_command_then_a_real_server_answers_on_sqlite(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'served.db'}"
    with serving(url) as server:
        health = httpx.get(f"{server.url}/health", timeout=5)
    assert health.status_code == 200
    # The backend only: where the file lives is nobody's business.
    assert health.json()["database"] == "sqlite"
    assert "served.db" not in health.text


def test_given_the_catalog_then_it_draws_every_building_and_words_every_card() -> None:
    """[SETUP-BOARD] the buildings in play by player count, and [COMP-DECK] both decks, as a
    frontend needs them: the same data the rules use."""
    from api.dodgecity.catalog import catalog
    from domain.dodgecity.catalog import BUILDINGS, BUILDINGS_BY_PLAYER_COUNT, EVENT_CARDS, deck

    sheet = catalog()
    assert [b.id for b in sheet.buildings] == list(BUILDINGS)
    for building in sheet.buildings:
        spec = BUILDINGS[building.id]
        assert set(building.fields) == spec.fields
        assert [(m.row, m.col) for m in building.landmarks] == list(spec.landmarks)
        assert all(0 <= r < building.rows and 0 <= c < building.cols for r, c in building.fields)
    assert sheet.buildings_by_player_count == {str(n): list(ids) for n, ids in BUILDINGS_BY_PLAYER_COUNT.items()}
    assert {name: [c.id for c in cards] for name, cards in sheet.decks.items()} == {name: list(deck(name)) for name in sheet.decks}
    assert len(sheet.decks["default_32"]) == 32
    assert [e.id for e in sheet.event_cards] == list(EVENT_CARDS)
