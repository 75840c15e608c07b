"""Provably fair randomness over HTTP: every game publishes a commitment to its seed when it is
created (in the create answer, every view and the game list), shows the seed once it has ended,
and the seed then hashes to the commitment shown from the start; a seed its creator chose is
marked as chosen to every seat, the host and spectators. Both games."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import pytest
from api.app import create_app
from engine.application import GameService
from engine.audit import verify
from engine.bot_seats import BotSeats
from litestar import Litestar
from litestar.testing import TestClient

Client = TestClient[Litestar]
Json = dict[str, Any]

#: Each game with a seat count and bot kinds it plays quickly to its end.
GAMES = [("dodgecity", 2, ["heuristic", "random"]), ("bang", 3, ["heuristic", "random", "random"])]


@pytest.fixture
def games() -> Iterator[GameService]:
    service = GameService("memory://")
    yield service
    service.close()


@pytest.fixture
def client(games: GameService) -> Iterator[Client]:
    with TestClient(create_app(games)) as test_client:
        yield test_client


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _listed(client: Client, game_id: str) -> Json:
    page = client.get("/games", params={"limit": 100}).json()
    return next(item for item in page["items"] if item["game_id"] == game_id)


def _seed_fields(body: Json) -> tuple[Any, Any, Any]:
    return body["seed_commitment"], body["seed_chosen"], body["seed"]


@pytest.mark.parametrize(("ruleset", "players", "bots"), GAMES, ids=[game[0] for game in GAMES])
def test_given_a_game_with_a_drawn_seed_when_it_ends_then_the_seed_shown_hashes_to_the_commitment_published_at_creation(
    games: GameService, client: Client, ruleset: str, players: int, bots: list[str]
) -> None:
    created = client.post("/games", json={"ruleset": ruleset, "players": players, "bots": [{"kind": kind} for kind in bots]})
    assert created.status_code == 201, created.text
    answer = created.json()
    game_id, commitment = answer["game_id"], answer["seed_commitment"]
    assert len(commitment) == 64
    assert int(commitment, 16) >= 0
    assert answer["seed_chosen"] is False
    host = _bearer(answer["host_token"])

    # From the first moment: every view and the game list show the commitment, never the seed.
    before = [
        client.get(f"/games/{game_id}").json(),
        client.get(f"/games/{game_id}", headers=host).json(),
        client.get(f"/games/{game_id}/states/1").json(),
        _listed(client, game_id),
    ]
    seats = BotSeats(games)
    try:
        started = client.post(f"/games/{game_id}/start", headers=host)
        assert started.status_code == 200, started.text
        assert seats.wait_idle(120)
    finally:
        seats.close()
    before.append(started.json())
    assert [_seed_fields(body) for body in before] == [(commitment, False, None)] * len(before)
    final = client.get(f"/games/{game_id}").json()
    assert final["status"] == "ended"
    seed = final["seed"]
    assert seed is not None
    # How a client checks it: SHA-256 of "<game_id>:<seed>", hex.
    assert hashlib.sha256(f"{game_id}:{seed}".encode()).hexdigest() == commitment
    assert _seed_fields(final) == (commitment, False, seed)
    assert _seed_fields(_listed(client, game_id)) == (commitment, False, seed)
    assert _seed_fields(client.get(f"/games/{game_id}/states/1").json()) == (commitment, False, seed)
    # What a seat saw at the time: the seed was secret then.
    as_played = client.get(f"/games/{game_id}/states/1", params={"as_played": "true"}).json()
    assert _seed_fields(as_played) == (commitment, False, None)
    verdict = verify(UUID(game_id), games.records(UUID(game_id)))
    assert verdict.ok, verdict.describe()
    assert (verdict.seed_commitment, verdict.seed_chosen) == (commitment, False)


@pytest.mark.parametrize(("ruleset", "players", "bots"), GAMES, ids=[game[0] for game in GAMES])
def test_given_a_seed_chosen_by_the_creator_when_anyone_looks_then_every_view_and_the_game_list_mark_it_chosen(
    client: Client, ruleset: str, players: int, bots: list[str]
) -> None:
    created = client.post("/games", json={"ruleset": ruleset, "players": players, "seed": "my-lucky-seed"})
    assert created.status_code == 201, created.text
    answer = created.json()
    game_id, host = answer["game_id"], _bearer(answer["host_token"])
    commitment = hashlib.sha256(f"{game_id}:my-lucky-seed".encode()).hexdigest()
    assert (answer["seed_commitment"], answer["seed_chosen"]) == (commitment, True)
    tokens = []
    for seat in range(players):
        joined = client.post(f"/games/{game_id}/players", json={"name": f"player{seat}"})
        assert joined.status_code == 201, joined.text
        tokens.append(joined.json()["token"])
    viewers: list[dict[str, str]] = [{}, host, *(_bearer(token) for token in tokens)]

    def every_view() -> list[Json]:
        version = client.get(f"/games/{game_id}").json()["version"]
        return [
            *(client.get(f"/games/{game_id}", headers=viewer).json() for viewer in viewers),
            *(client.get(f"/games/{game_id}/states/{version}", headers=viewer).json() for viewer in viewers),
            _listed(client, game_id),
        ]

    in_lobby = every_view()
    started = client.post(f"/games/{game_id}/start", headers=host)
    assert started.status_code == 200, started.text
    running = [started.json(), *every_view()]
    shown = [_seed_fields(body) for body in in_lobby + running]
    assert shown == [(commitment, True, None)] * len(shown)
