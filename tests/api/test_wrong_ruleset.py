"""A body that is well formed for another game the server plays, sent to a game of this one.

The whole server's document offers every game's actions and seat bodies, so a Dodge City action
sent to a BANG! game matches the document: it is answered 409 ``…/wrong-ruleset`` (the request
is valid; the game it names is not one it applies to), changes nothing, and a body that is no
game's at all stays a 400."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from api.app import create_app
from engine.application import GameService
from litestar import Litestar
from litestar.testing import TestClient

Client = TestClient[Litestar]
WRONG_RULESET = "https://dodgecity.invalid/problems/wrong-ruleset"


@pytest.fixture
def client() -> Iterator[Client]:
    games = GameService("memory://")
    with TestClient(create_app(games)) as test_client:
        yield test_client
    games.close()


def _open(client: Client, ruleset: str, seats: int) -> tuple[str, str]:
    created = client.post("/games", json={"ruleset": ruleset, "players": seats})
    assert created.status_code == 201, created.text
    body = created.json()
    return body["game_id"], body["host_token"]


def _seat(client: Client, game_id: str, body: dict[str, Any]) -> str:
    joined = client.post(f"/games/{game_id}/players", json=body)
    assert joined.status_code == 201, joined.text
    return str(joined.json()["token"])


def test_given_a_bang_game_when_a_dodge_city_seat_body_is_sent_then_it_is_409_wrong_ruleset_and_no_seat_is_taken(client: Client) -> None:
    game_id, _ = _open(client, "bang", 3)
    before = client.get(f"/games/{game_id}").json()["version"]
    answer = client.post(f"/games/{game_id}/players", json={"name": "Ann", "colour": "red"})
    assert answer.status_code == 409
    assert answer.json()["type"] == WRONG_RULESET
    assert "'bang'" in answer.json()["detail"]
    assert "'dodgecity'" in answer.json()["detail"]
    assert client.get(f"/games/{game_id}").json()["version"] == before


def test_given_a_bang_game_when_a_body_of_no_game_is_sent_then_it_stays_400(client: Client) -> None:
    game_id, _ = _open(client, "bang", 3)
    answer = client.post(f"/games/{game_id}/players", json={"name": "Ann", "hat": "big"})
    assert answer.status_code == 400


def test_given_a_started_bang_game_when_a_seat_sends_a_dodge_city_action_then_it_is_409_wrong_ruleset_and_nothing_is_recorded(
    client: Client,
) -> None:
    game_id, host = _open(client, "bang", 3)
    tokens = [_seat(client, game_id, {"name": name}) for name in ("Ann", "Bob", "Cy")]
    assert client.post(f"/games/{game_id}/start", headers={"Authorization": f"Bearer {host}"}).status_code == 200
    before = client.get(f"/games/{game_id}").json()["version"]
    dodge_city_action = {"action": {"kind": "end_turn"}}
    for token in tokens:
        answer = client.post(f"/games/{game_id}/actions", json=dodge_city_action, headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 409, answer.text
        assert answer.json()["type"] == WRONG_RULESET
    assert client.get(f"/games/{game_id}").json()["version"] == before
