"""The database failing under a running server: a 503 problem the client may retry, never a 500,
and nothing half-done once it is back."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
import pytest
from api.app import create_app
from engine.application import GameService
from engine.database import resolve
from litestar.testing import TestClient


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
        # Back again: the refused join stored nothing, and the game goes on.
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
