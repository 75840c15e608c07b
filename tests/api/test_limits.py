"""Rate limits by the identity a request really has, and the work limits on by default: opening
games and seating bots, per client address."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from api.app import create_app
from api.settings import DEFAULT_BOT_LIMIT, DEFAULT_GAME_LIMIT, ApiSettings, RateLimit
from engine.application import GameService
from litestar import Litestar
from litestar.testing import TestClient

from tests.api.servers import Server, start_server

Client = TestClient[Litestar]
OTHER_ADDRESS = "127.0.0.2"  # the loopback network answers every 127.x.y.z address


@pytest.fixture
def games() -> Iterator[GameService]:
    store = GameService("memory://")
    yield store
    store.close()


def serve(games: GameService, settings: ApiSettings) -> Client:
    return TestClient(create_app(games, settings=settings))


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def assert_too_many(response: httpx.Response) -> None:
    assert response.status_code == 429, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.json()["type"].endswith("/too-many-requests")
    assert int(response.headers["retry-after"]) >= 1


# -- the identity a request really has ------------------------------------------------------------


def test_given_a_rate_limit_when_made_up_tokens_open_games_then_they_all_count_as_one_address(games: GameService) -> None:
    # Five an hour: none refills while the test runs, however slowly a busy machine runs it.
    settings = ApiSettings(rate_limit=RateLimit.parse("5/hour"), game_limit=None, bot_limit=None)
    with serve(games, settings) as client:
        answers = [client.post("/games", json={"players": 2}, headers=bearer(secrets.token_urlsafe(32))) for _ in range(20)]
    assert [a.status_code for a in answers] == [201] * 5 + [429] * 15
    assert_too_many(answers[-1])


def test_given_a_rate_limit_when_made_up_tokens_ask_about_a_game_then_they_count_as_the_address(games: GameService) -> None:
    settings = ApiSettings(rate_limit=RateLimit.parse("3/hour"), game_limit=None, bot_limit=None)
    with serve(games, settings) as client:
        game = "/games/" + client.post("/games", json={"players": 2}).json()["game_id"]
        answers = [client.get(game, headers=bearer(secrets.token_urlsafe(32))).status_code for _ in range(3)]
    assert answers == [401, 401, 429]


def test_given_a_rate_limit_when_seats_use_their_own_tokens_then_each_seat_has_a_bucket_of_its_own(games: GameService) -> None:
    settings = ApiSettings(rate_limit=RateLimit.parse("4/hour"), game_limit=None, bot_limit=None)
    with serve(games, settings) as client:
        created = client.post("/games", json={"players": 2}).json()
        game = f"/games/{created['game_id']}"
        ann = client.post(f"{game}/players", json={"name": "Ann"}).json()["token"]
        ben = client.post(f"{game}/players", json={"name": "Ben"}).json()["token"]
        # The address has spent three of its four; each seat and the host have four of their own.
        for token in (ann, ben, created["host_token"]):
            assert [client.get(game, headers=bearer(token)).status_code for _ in range(5)] == [200] * 4 + [429]
        # A seat's token on a path of no game is no identity there: the address pays.
        assert [client.get("/leaderboard", headers=bearer(ann)).status_code for _ in range(2)] == [200, 429]


# -- the work limits ------------------------------------------------------------------------------


def test_given_the_default_settings_then_opening_games_and_seating_bots_are_limited() -> None:
    assert ApiSettings().game_limit == DEFAULT_GAME_LIMIT == RateLimit.parse("30/10minutes")
    assert ApiSettings().bot_limit == DEFAULT_BOT_LIMIT == RateLimit.parse("60/10minutes")
    assert ApiSettings.from_environment({}) == ApiSettings()


def test_given_the_default_settings_when_one_address_opens_game_after_game_then_429_after_the_allowance(games: GameService) -> None:
    with serve(games, ApiSettings()) as client:
        began = time.monotonic()
        answers = [client.post("/games", json={"players": 2}) for _ in range(DEFAULT_GAME_LIMIT.requests + 1)]
        took = time.monotonic() - began
        listed = client.get("/games", params={"limit": 100}).json()["total"]
    assert [a.status_code for a in answers] == [201] * DEFAULT_GAME_LIMIT.requests + [429]
    assert_too_many(answers[-1])
    # One game is worth 20 seconds of the allowance: the refusal says to come back then, less
    # what refilled while the test ran (on a busy machine that may be more than a second).
    assert 20 - took <= int(answers[-1].headers["retry-after"]) <= 20
    assert listed == DEFAULT_GAME_LIMIT.requests


def test_given_a_bot_limit_when_bots_come_in_create_bodies_and_one_by_one_then_both_count(games: GameService) -> None:
    settings = ApiSettings(game_limit=RateLimit.parse("10/hour"), bot_limit=RateLimit.parse("5/hour"))
    with serve(games, settings) as client:
        first = client.post("/games", json={"players": 5, "bots": [{"kind": "random"}] * 4})
        assert first.status_code == 201
        game = f"/games/{first.json()['game_id']}"
        host = bearer(first.json()["host_token"])
        assert client.post(f"{game}/bots", json={"kind": "random"}, headers=host).status_code == 201
        # Five bot seats spent: no more, whether in a body or one by one.
        assert_too_many(client.post("/games", json={"players": 3, "bots": [{"kind": "random"}]}))
        other = client.post("/games", json={"players": 2})
        assert other.status_code == 201  # the refused create spent no game of the allowance
        assert_too_many(
            client.post(f"/games/{other.json()['game_id']}/bots", json={"kind": "random"}, headers=bearer(other.json()["host_token"]))
        )
        assert client.get(f"/games/{other.json()['game_id']}").json()["players"] == []


def test_given_work_limits_switched_off_then_many_games_open(games: GameService) -> None:
    with serve(games, ApiSettings(game_limit=None, bot_limit=None)) as client:
        answers = {client.post("/games", json={"players": 2, "bots": [{"kind": "random"}]}).status_code for _ in range(70)}
    assert answers == {201}


def test_given_off_in_the_environment_then_the_work_limits_are_off() -> None:
    settings = ApiSettings.from_environment({"DODGECITY_GAME_LIMIT": "off", "DODGECITY_BOT_LIMIT": " 7/2hours "})
    assert settings.game_limit is None
    assert settings.bot_limit == RateLimit(requests=7, period=7200.0)


# -- a real server: each address its own allowance -------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = Path(tmp_path_factory.mktemp("limits")) / "games.db"
    running = start_server(f"sqlite:///{path}", "--game-limit", "2/hour")
    yield running
    running.stop()


def client_from(server: Server, address: str) -> httpx.Client:
    return httpx.Client(base_url=server.url, transport=httpx.HTTPTransport(local_address=address), timeout=10)


def test_given_a_served_game_limit_when_one_address_spends_it_then_another_address_still_opens_games(server: Server) -> None:
    with client_from(server, "127.0.0.1") as first, client_from(server, OTHER_ADDRESS) as second:
        assert [first.post("/games", json={"players": 2}).status_code for _ in range(3)] == [201, 201, 429]
        assert second.post("/games", json={"players": 2}).status_code == 201
