"""The database failing under a running server: a 503 problem the client may retry, never a 500,
and nothing half-done once it is back."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from uuid import uuid4

import psycopg
import pytest
from api.app import create_app
from engine.application import GameService
from engine.database import resolve
from litestar.testing import TestClient

from tests.patience import PATIENCE, wait_until


@contextmanager
def events_table_hidden(url: str) -> Iterator[None]:
    """Rename the event store's table away from a second connection, as an operator's mistake or
    a failed migration would, and put it back afterwards."""
    database = resolve(url)
    with psycopg.connect(database.postgres_conninfo(), autocommit=True) as connection:
        table = connection.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = %s AND table_name LIKE %s",
            (database.schema, "%events"),
        ).fetchone()
        assert table is not None
        connection.execute(f'ALTER TABLE "{database.schema}"."{table[0]}" RENAME TO hidden_away')
        try:
            yield
        finally:
            connection.execute(f'ALTER TABLE "{database.schema}".hidden_away RENAME TO "{table[0]}"')


def test_given_the_event_table_gone_then_requests_get_503_and_nothing_changes(postgres_url: str) -> None:
    games = GameService(postgres_url, cache_size=0)  # no cache: every read reaches the store
    with TestClient(create_app(games, close_on_shutdown=True)) as client:
        created = client.post("/games", json={"players": 2, "seed": "faults"}).json()
        game = f"/games/{created['game_id']}"
        with events_table_hidden(postgres_url):
            for response in (
                client.get(game),
                client.post(f"{game}/players", json={"name": "Ann"}),
                client.post("/games", json={"players": 2}),
            ):
                assert response.status_code == 503, response.text
                assert response.headers["content-type"].startswith("application/problem+json")
                assert response.headers["retry-after"] == "1"
                assert response.json()["type"].endswith("/store-unavailable")
        # Back again (once the health probe finds the store, it lets requests in at once rather
        # than after the pause): the refused join stored nothing, and the game goes on.
        assert wait_until(lambda: client.get("/health").json()["status"] == "ok", interval=0.1)
        assert client.get(game).json()["players"] == []
        assert client.post(f"{game}/players", json={"name": "Ann"}).json()["seat"] == 0


@pytest.mark.parametrize("path", ["/games", "/leaderboard", "/leaderboard/teams"])
def test_given_the_read_models_gone_then_lists_get_503(postgres_url: str, path: str) -> None:
    games = GameService(postgres_url)
    database = resolve(postgres_url)
    with TestClient(create_app(games, close_on_shutdown=True)) as client:
        with psycopg.connect(database.postgres_conninfo(), autocommit=True) as connection:
            connection.execute(f'ALTER TABLE "{database.schema}".games RENAME TO games_away')
            connection.execute(f'ALTER TABLE "{database.schema}".leaderboard RENAME TO leaderboard_away')
            connection.execute(f'ALTER TABLE "{database.schema}".team_leaderboard RENAME TO team_leaderboard_away')
            try:
                response = client.get(path)
            finally:
                connection.execute(f'ALTER TABLE "{database.schema}".games_away RENAME TO games')
                connection.execute(f'ALTER TABLE "{database.schema}".leaderboard_away RENAME TO leaderboard')
                connection.execute(f'ALTER TABLE "{database.schema}".team_leaderboard_away RENAME TO team_leaderboard')
        assert response.status_code == 503, response.text
        assert client.get(path).status_code == 200


# -- a SQLite file locked by another process ------------------------------------------------------


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the file's write lock from another connection, as another process would."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_given_a_locked_sqlite_file_then_writes_get_503_health_says_degraded_and_cached_games_are_served(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    # A long pause: the test's requests all fall within it, whatever the machine's speed.
    games = GameService(f"sqlite:///{path}", store_pause=600)
    with TestClient(create_app(games, close_on_shutdown=True), timeout=PATIENCE) as client:
        created = client.post("/games", json={"players": 2, "seed": "locked"}).json()
        game = f"/games/{created['game_id']}"
        assert client.post(f"{game}/players", json={"name": "Ann"}).status_code == 201
        other = f"/games/{client.post('/games', json={'players': 2}).json()['game_id']}"
        with locked(path):
            # (A game whose write failed leaves the cache: it may have been half-changed.)
            refused = client.post(f"{other}/players", json={"name": "Ben"})
            assert refused.status_code == 503, refused.text
            assert refused.headers["retry-after"] == "1"
            assert refused.json()["type"].endswith("/store-unavailable")
            seen = client.get(game)
            assert seen.status_code == 200
            assert seen.headers["served-stale"] == "true"
            assert [player["name"] for player in seen.json()["players"]] == ["Ann"]
            assert client.get(f"/games/{uuid4()}").status_code == 503  # not cached: nothing to serve
            health = client.get("/health")
            assert health.status_code == 200
            assert health.json() == {"status": "degraded", "database": "sqlite", "projected_position": None}
        # Unlocked: the health probe finds the store again and lets requests back in.
        assert client.get("/health").json()["status"] in {"ok", "degraded"}
        assert wait_until(lambda: client.get("/health").json()["status"] == "ok", interval=0.1)
        assert client.post(f"{game}/players", json={"name": "Ben"}).json()["seat"] == 1
        fresh = client.get(game)
        assert "served-stale" not in fresh.headers
        assert [player["name"] for player in fresh.json()["players"]] == ["Ann", "Ben"]


def test_given_any_database_then_health_names_only_its_backend(tmp_path: Path) -> None:
    path = tmp_path / "secret-place" / "games.db"
    path.parent.mkdir()
    with TestClient(create_app(GameService(f"sqlite:///{path}"), close_on_shutdown=True)) as client:
        health = client.get("/health")
    assert health.json()["database"] == "sqlite"
    assert "secret-place" not in health.text


def test_given_an_app_stopped_and_started_again_then_health_still_answers() -> None:
    """An app's lifespan may run more than once (a test client per test): stopping it must not
    leave /health without the thread its probe runs on (it answered 500 the second time)."""
    games = GameService("memory://")
    app = create_app(games)
    try:
        for _ in range(2):
            with TestClient(app) as client:
                answer = client.get("/health")
                assert answer.status_code == 200, answer.text
                assert answer.json()["status"] == "ok"
    finally:
        games.close()
