"""A retried ``POST /games`` answers the same from every worker of one server, and after a restart
within the key's lifetime: one game, one host token, never a 409 that leaves the game unstartable.

Real servers (``dodgecity serve --workers 2``) on SQLite and PostgreSQL; the requests of a burst
are released together by a barrier, so they reach both workers while the first is being created.
"""

from __future__ import annotations

import stat
import threading
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from tests.api.servers import Server, serving

BODY = {"players": 2, "seed": "kept-answer"}
BURST = 40


@pytest.fixture
def secret_file(tmp_path: Path) -> Path:
    return tmp_path / "server.secret"


def server_arguments(url: str, secret_file: Path) -> tuple[str, ...]:
    # SQLite keeps the secret beside its database by default; PostgreSQL is told where.
    return ("--workers", "2") if url.startswith("sqlite") else ("--workers", "2", "--secret-file", str(secret_file))


@pytest.fixture
def server(durable_url: str, secret_file: Path) -> Iterator[Server]:
    with serving(durable_url, *server_arguments(durable_url, secret_file)) as running:
        yield running


def create(url: str, key: str, body: dict[str, object] = BODY) -> httpx.Response:
    # A client of its own per request: a new connection, which either worker may accept.
    with httpx.Client(base_url=url, timeout=60) as client:
        return client.post("/games", json=body, headers={"Idempotency-Key": key})


def burst(url: str, key: str) -> list[httpx.Response]:
    ready = threading.Barrier(BURST)

    def send() -> httpx.Response:
        ready.wait(timeout=60)
        return create(url, key)

    with ThreadPoolExecutor(BURST) as pool:
        return list(pool.map(lambda _: send(), range(BURST)))


def games_stored(url: str) -> int:
    return int(httpx.get(f"{url}/games", timeout=30).json()["total"])


def start_with(url: str, game_id: str, host_token: str) -> httpx.Response:
    with httpx.Client(base_url=url, timeout=30) as client:
        for name in ("Ann", "Ben"):
            joined = client.post(f"/games/{game_id}/players", json={"name": name})
            assert joined.status_code == 201, joined.text
        return client.post(f"/games/{game_id}/start", headers={"Authorization": f"Bearer {host_token}"})


def test_given_two_workers_when_40_requests_with_one_key_arrive_together_then_one_game_and_the_same_answer_for_all(server: Server) -> None:
    answers = burst(server.url, str(uuid.uuid4()))

    assert [answer.status_code for answer in answers] == [201] * BURST, [a.text for a in answers if a.status_code != 201]
    bodies = {answer.text for answer in answers}
    assert len(bodies) == 1
    assert sum("idempotent-replayed" not in answer.headers for answer in answers) == 1
    assert all(answer.headers.get("idempotent-replayed", "true") == "true" for answer in answers)
    assert games_stored(server.url) == 1
    created = answers[0].json()
    assert start_with(server.url, created["game_id"], created["host_token"]).status_code == 200


def test_given_a_created_game_when_the_server_restarts_then_a_retry_gets_the_same_answer_and_another_body_is_refused(
    durable_url: str, secret_file: Path
) -> None:
    key = str(uuid.uuid4())
    arguments = server_arguments(durable_url, secret_file)
    with serving(durable_url, *arguments) as first_run:
        first = create(first_run.url, key)
    assert first.status_code == 201, first.text
    kept = secret_file if "--secret-file" in arguments else Path(f"{durable_url.removeprefix('sqlite:///')}.secret")
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600

    with serving(durable_url, *arguments) as second_run:
        retry = create(second_run.url, key)
        other_body = create(second_run.url, key, {**BODY, "seed": "another"})
        assert games_stored(second_run.url) == 1
        created = retry.json()
        assert start_with(second_run.url, created["game_id"], created["host_token"]).status_code == 200

    assert retry.status_code == 201, retry.text
    assert retry.headers["idempotent-replayed"] == "true"
    assert retry.json() == first.json()
    assert other_body.status_code == 409, other_body.text
    assert other_body.json()["type"].endswith("idempotency-key-reused")
