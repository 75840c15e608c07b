"""An Idempotency-Key on POST /games belongs to the client that sent it: a retry gets the first
answer, anyone else repeating or guessing the key gets neither that game nor its host token. The
answers are kept in the database for the key's lifetime (tests/api/test_idempotent_workers.py
has several workers and a restart)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from api.app import create_app
from api.http.idempotency import ABANDONED_SECONDS, KEEP_SECONDS, AnswerGoneError, CreatedGames, IdempotencyKeyMismatchError
from api.schemas import CreatedGame
from api.settings import ApiSettings
from domain.errors import RuleViolation
from engine.application import GameService
from engine.credentials import credential_hash
from engine.database import resolve
from engine.kept_answers import KeptAnswers
from litestar.exceptions import ServiceUnavailableException
from litestar.testing import TestClient

from tests.api.servers import Server, start_server
from tests.patience import PATIENCE

BODY = {"players": 2, "seed": "idempotent"}
KEY = "5f0c8e0e-4b7e-4a35-a7d4-3c1f3d2b9e61"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = Path(tmp_path_factory.mktemp("idempotency")) / "games.db"
    running = start_server(f"sqlite:///{path}")
    yield running
    running.stop()


def client_from(server: Server, address: str) -> httpx.Client:
    return httpx.Client(base_url=server.url, transport=httpx.HTTPTransport(local_address=address), timeout=PATIENCE)


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


# -- the kept answers, with a clock of their own ---------------------------------------------------


class Creations:
    """What the create handler hands CreatedGames, over a real store: counts the games made."""

    def __init__(self, games: GameService) -> None:
        self.games = games
        self.made = 0

    def create(self, game_id: uuid.UUID, host_token: str) -> CreatedGame:
        self.games.create_game(ruleset="dodgecity", seats=2, game_id=game_id, host_credential=credential_hash(game_id, host_token))
        self.made += 1
        return self.recall(game_id, host_token)

    def recall(self, game_id: uuid.UUID, host_token: str) -> CreatedGame:
        fairness = self.games.fairness(game_id)
        return CreatedGame(
            game_id=game_id,
            ruleset="dodgecity",
            version=1,
            host_token=host_token,
            seed_commitment=fairness.commitment or "",
            seed_chosen=False,
        )


@pytest.fixture
def kept(tmp_path: Path) -> Iterator[KeptAnswers]:
    answers = KeptAnswers.open(resolve(f"sqlite:///{tmp_path / 'games.db'}"))
    yield answers
    answers.close()


@pytest.fixture
def creations() -> Iterator[Creations]:
    games = GameService("memory://")
    yield Creations(games)
    games.close()


def test_given_an_answer_past_the_keys_lifetime_when_the_key_comes_again_then_it_was_purged_and_no_second_game_is_made(
    kept: KeptAnswers, creations: Creations
) -> None:
    now = [1_000_000.0]
    created = CreatedGames(kept, b"secret", clock=lambda: now[0])
    names = created.names("127.0.0.1", KEY)
    first, replayed = created.once(names, "print", creations.create, creations.recall)
    assert not replayed
    assert created.once(names, "print", creations.create, creations.recall) == (first, True)

    now[0] += KEEP_SECONDS + 1
    with pytest.raises(AnswerGoneError):
        created.once(names, "print", creations.create, creations.recall)
    assert kept.read(names.kept) is None  # purged, and the refused retry kept nothing
    assert creations.made == 1


def test_given_a_first_request_whose_worker_died_when_a_retry_comes_then_it_waits_and_later_takes_over_under_the_same_id(
    kept: KeptAnswers, creations: Creations
) -> None:
    now = [1_000_000.0]
    names = CreatedGames(kept, b"secret").names("127.0.0.1", KEY)
    # A worker claimed the key and was killed before it created anything.
    kept.claim(names.kept, "print", "dead-worker", now=now[0], expired_before=0.0, abandoned_before=0.0)
    impatient = CreatedGames(kept, b"secret", clock=lambda: now[0], wait_seconds=0)
    with pytest.raises(ServiceUnavailableException) as waiting:
        impatient.once(names, "print", creations.create, creations.recall)
    assert waiting.value.headers == {"Retry-After": "1"}
    assert creations.made == 0

    now[0] += ABANDONED_SECONDS + 1
    answer, replayed = impatient.once(names, "print", creations.create, creations.recall)
    assert (answer.game_id, answer.host_token, replayed) == (names.game_id, names.host_token, False)
    assert creations.made == 1


def test_given_a_first_request_that_failed_then_its_key_is_free_for_a_corrected_request(kept: KeptAnswers, creations: Creations) -> None:
    created = CreatedGames(kept, b"secret")
    names = created.names("127.0.0.1", KEY)

    def refused(game_id: uuid.UUID, host_token: str) -> CreatedGame:
        raise RuleViolation("SETUP-PLAYERS", "too many bots")

    with pytest.raises(RuleViolation):
        created.once(names, "too many bots", refused, creations.recall)
    answer, replayed = created.once(names, "corrected", creations.create, creations.recall)
    assert (answer.game_id, replayed) == (names.game_id, False)
    with pytest.raises(IdempotencyKeyMismatchError):
        created.once(names, "too many bots", creations.create, creations.recall)
