"""Provably fair randomness over HTTP: every game publishes a commitment to its seed and a secret
nonce when it is created (in the create answer, every view and the game list), shows the seed and
the nonce once it has ended, and they then hash to the commitment shown from the start; a seed its
creator chose is marked as chosen to every seat, the host and spectators, and still cannot be
found from the commitment by trying seeds. Both games."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import msgspec
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


def _seed_fields(body: Json) -> tuple[Any, Any, Any, Any]:
    return body["seed_commitment"], body["seed_chosen"], body["seed"], body["seed_nonce"]


def _listed_seed_fields(body: Json) -> tuple[Any, Any, Any]:
    """The game list shows the commitment and, at the end, the seed; the nonce is in the view."""
    return body["seed_commitment"], body["seed_chosen"], body["seed"]


def _commitment(game_id: str, nonce: str, seed: str) -> str:
    """How a client checks it (engine/fairness.py): SHA-256 of the tag, the id, the nonce and the
    seed joined by colons, hex."""
    return hashlib.sha256(f"seed-commitment-v2:{game_id}:{nonce}:{seed}".encode()).hexdigest()


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
    ]
    listed_before = _listed(client, game_id)
    seats = BotSeats(games)
    try:
        started = client.post(f"/games/{game_id}/start", headers=host)
        assert started.status_code == 200, started.text
        assert seats.wait_idle(120)
    finally:
        seats.close()
    before.append(started.json())
    assert [_seed_fields(body) for body in before] == [(commitment, False, None, None)] * len(before)
    assert _listed_seed_fields(listed_before) == (commitment, False, None)
    final = client.get(f"/games/{game_id}").json()
    assert final["status"] == "ended"
    seed, nonce = final["seed"], final["seed_nonce"]
    assert seed is not None
    assert nonce is not None
    assert _commitment(game_id, nonce, seed) == commitment
    assert _seed_fields(final) == (commitment, False, seed, nonce)
    assert _listed_seed_fields(_listed(client, game_id)) == (commitment, False, seed)
    assert _seed_fields(client.get(f"/games/{game_id}/states/1").json()) == (commitment, False, seed, nonce)
    # What a seat saw at the time: the seed and its nonce were secret then.
    as_played = client.get(f"/games/{game_id}/states/1", params={"as_played": "true"}).json()
    assert _seed_fields(as_played) == (commitment, False, None, None)
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
    commitment = answer["seed_commitment"]
    assert answer["seed_chosen"] is True
    # Not the hash of the seed alone: the commitment is over a nonce nobody has seen yet.
    assert commitment != hashlib.sha256(f"{game_id}:my-lucky-seed".encode()).hexdigest()
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
        ]

    in_lobby = every_view()
    listed_in_lobby = _listed(client, game_id)
    started = client.post(f"/games/{game_id}/start", headers=host)
    assert started.status_code == 200, started.text
    running = [started.json(), *every_view()]
    shown = [_seed_fields(body) for body in in_lobby + running]
    assert shown == [(commitment, True, None, None)] * len(shown)
    listed = [_listed_seed_fields(body) for body in (listed_in_lobby, _listed(client, game_id))]
    assert listed == [(commitment, True, None)] * 2


#: The seed the issue's probe chose, and how far a spectator's brute force goes.
PROBE_SEED = "4711"
GUESSES = range(10_001)


def _nonce_free_commitments(game_id: str, guess: str) -> set[str]:
    """What a spectator can hash for a guessed seed without the nonce: the formula from before
    nonces, the seed alone or after the id, and the new formula with an empty or a zero nonce."""
    return {
        hashlib.sha256(text.encode()).hexdigest()
        for text in (
            f"{game_id}:{guess}",
            guess,
            f"{guess}:{game_id}",
            f"seed-commitment-v2:{game_id}::{guess}",
            f"seed-commitment-v2:{game_id}:{'0' * 64}:{guess}",
        )
    }


def _spectator_sees(client: Client, game_id: str) -> list[str]:
    """Everything a spectator can fetch about the game, as text."""
    url = f"/games/{game_id}"
    version = client.get(url).json()["version"]
    paths = [url, f"{url}/actions", f"{url}/events?limit=500", f"{url}/record", "/games", f"{url}/states/{version}"]
    return [client.get(path).text for path in paths]


@pytest.mark.parametrize(("ruleset", "players", "bots"), GAMES, ids=[game[0] for game in GAMES])
def test_given_a_game_created_with_seed_4711_when_a_spectator_tries_every_seed_to_10000_then_none_matches_and_the_end_reveals_seed_and_nonce(
    games: GameService, client: Client, ruleset: str, players: int, bots: list[str]
) -> None:
    created = client.post(
        "/games", json={"ruleset": ruleset, "players": players, "seed": PROBE_SEED, "bots": [{"kind": kind} for kind in bots]}
    )
    assert created.status_code == 201, created.text
    game_id, commitment = created.json()["game_id"], created.json()["seed_commitment"]
    seen = _spectator_sees(client, game_id)
    assert commitment in seen[0]
    opening = games.records(UUID(game_id))[0].command
    assert opening is not None
    nonce = msgspec.to_builtins(opening)["seed_nonce"]
    assert not any(nonce in page for page in seen), "the nonce was shown before the end"

    found = [guess for guess in map(str, GUESSES) if commitment in _nonce_free_commitments(game_id, guess)]
    assert found == []
    # The probe can succeed: by the formula from before nonces, 4711 is found.
    old = hashlib.sha256(f"{game_id}:{PROBE_SEED}".encode()).hexdigest()
    assert [guess for guess in map(str, GUESSES) if old in _nonce_free_commitments(game_id, guess)] == [PROBE_SEED]

    seats = BotSeats(games)
    try:
        started = client.post(f"/games/{game_id}/start", headers=_bearer(created.json()["host_token"]))
        assert started.status_code == 200, started.text
        assert _seed_fields(started.json()) == (commitment, True, None, None)
        assert seats.wait_idle(120)
    finally:
        seats.close()
    final = client.get(f"/games/{game_id}").json()
    assert final["status"] == "ended"
    assert _seed_fields(final) == (commitment, True, PROBE_SEED, nonce)
    assert _commitment(game_id, nonce, PROBE_SEED) == commitment
    record = client.get(f"/games/{game_id}/record").json()
    assert record["events"][0]["command"]["seed_nonce"] == nonce
    verdict = verify(UUID(game_id), games.records(UUID(game_id)), commitment=commitment)
    assert verdict.ok, verdict.describe()
