"""An Idempotency-Key on POST /games belongs to the client that sent it: a retry gets the first
answer, anyone else repeating or guessing the key gets neither that game nor its host token."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from api.app import create_app
from api.settings import ApiSettings
from engine.application import GameService
from litestar.testing import TestClient

from tests.api.servers import Server, start_server

BODY = {"players": 2, "seed": "idempotent"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = Path(tmp_path_factory.mktemp("idempotency")) / "games.db"
    running = start_server(f"sqlite:///{path}")
    yield running
    running.stop()


def client_from(server: Server, address: str) -> httpx.Client:
    return httpx.Client(base_url=server.url, transport=httpx.HTTPTransport(local_address=address), timeout=10)


def create(client: httpx.Client, key: str) -> httpx.Response:
    return client.post("/games", json=BODY, headers={"Idempotency-Key": key})


def test_given_a_key_when_the_same_client_retries_then_it_gets_the_first_answer(server: Server) -> None:
    key = str(uuid.uuid4())
    with client_from(server, "127.0.0.1") as client:
        first, retry = create(client, key), create(client, key)
    assert first.status_code == retry.status_code == 201
    assert retry.headers["idempotent-replayed"] == "true"
    assert retry.json() == first.json()


def test_given_a_key_when_another_client_repeats_it_then_it_gets_neither_the_token_nor_the_game(server: Server) -> None:
    key = str(uuid.uuid4())
    with client_from(server, "127.0.0.1") as owner, client_from(server, "127.0.0.2") as other:
        first = create(owner, key).json()
        repeated = create(other, key)
        assert repeated.status_code == 201, repeated.text
        assert "idempotent-replayed" not in repeated.headers
        assert repeated.json()["host_token"] != first["host_token"]
        assert repeated.json()["game_id"] != first["game_id"]
        # The other client's token is no key to the first game.
        start = other.post(f"/games/{first['game_id']}/start", headers={"Authorization": f"Bearer {repeated.json()['host_token']}"})
        assert start.status_code == 401


def test_given_a_key_when_someone_else_sends_it_first_then_the_owner_still_opens_its_own_game(server: Server) -> None:
    key = str(uuid.uuid4())
    with client_from(server, "127.0.0.2") as first_to_send, client_from(server, "127.0.0.1") as owner:
        taken = create(first_to_send, key).json()
        mine = create(owner, key)
    assert mine.status_code == 201, mine.text
    assert "idempotent-replayed" not in mine.headers
    assert mine.json()["game_id"] != taken["game_id"]
    # Nor is the id the one anybody could compute from the key alone, as it was.
    assert mine.json()["game_id"] != str(uuid.uuid5(uuid.UUID("6c1b0f4e-3d0a-4f53-9a55-1f0cde0d6c17"), key))


def test_given_a_short_key_then_400_naming_it_and_no_game() -> None:
    games = GameService("memory://")
    with TestClient(create_app(games, settings=ApiSettings())) as client:
        refused = client.post("/games", json=BODY, headers={"Idempotency-Key": "retry-1"})
        assert refused.status_code == 400, refused.text
        assert refused.headers["content-type"].startswith("application/problem+json")
        assert "idempotency" in refused.json()["invalid_params"][0]["name"].lower()
        assert client.get("/games").json()["total"] == 0
    games.close()
