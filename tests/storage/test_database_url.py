"""Choosing storage with one URL: what each form means, and clear errors for the rest."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine.application import GameService
from engine.database import DEFAULT_URL, Backend, DatabaseURLError, parse, resolve


def test_given_memory_url_then_in_memory_store() -> None:
    database = parse("memory://")
    assert database.backend is Backend.MEMORY
    assert database.event_store_env()["PERSISTENCE_MODULE"] == "engine.memory_events:MarkingPOPOFactory"


@pytest.mark.parametrize(
    ("url", "path"),
    [("sqlite:///dodgecity.db", "dodgecity.db"), ("sqlite:////var/data/games.db", "/var/data/games.db")],
)
def test_given_sqlite_url_then_relative_or_absolute_file(url: str, path: str) -> None:
    database = parse(url)
    assert database.backend is Backend.SQLITE
    assert database.sqlite_path == path
    assert database.event_store_env()["SQLITE_DBNAME"] == path


def test_given_postgresql_url_then_every_part_reaches_the_store_settings() -> None:
    database = parse("postgresql://alice:s%40cret@db.example:6543/dodge?schema=league")
    env = database.event_store_env()
    assert env["PERSISTENCE_MODULE"] == "engine.postgres_events:PromptPostgresFactory"
    assert (env["POSTGRES_HOST"], env["POSTGRES_PORT"], env["POSTGRES_DBNAME"]) == ("db.example", "6543", "dodge")
    assert (env["POSTGRES_USER"], env["POSTGRES_PASSWORD"], env["POSTGRES_SCHEMA"]) == ("alice", "s@cret", "league")
    assert "s@cret" not in database.describe()
    assert "password='s@cret'" in database.postgres_conninfo()


def test_given_no_url_then_environment_variable_then_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DODGECITY_DB", raising=False)
    assert resolve(None) == parse(DEFAULT_URL)
    monkeypatch.setenv("DODGECITY_DB", "memory://")
    assert resolve(None).backend is Backend.MEMORY
    assert resolve("sqlite:///x.db").backend is Backend.SQLITE


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("mysql://root@localhost/db", "unsupported database URL"),
        ("games.db", "unsupported database URL"),
        ("sqlite://games.db", "bad SQLite URL"),
        ("sqlite:///", "bad SQLite URL"),
        ("postgresql://localhost", "bad PostgreSQL URL"),
        ("postgresql://u@host:notaport/db", "bad port"),
        ("postgresql://u@host/db?schema=a;drop", "bad schema name"),
    ],
)
def test_given_a_bad_url_then_a_clear_error(url: str, message: str) -> None:
    with pytest.raises(DatabaseURLError, match=message):
        parse(url)


def test_given_a_bad_url_with_a_password_then_the_error_hides_it() -> None:
    with pytest.raises(DatabaseURLError) as error:
        parse("postgresql://u:topsecret@host:bad/db")
    assert "topsecret" not in str(error.value)


@pytest.mark.parametrize(
    ("query", "level", "pragma"), [("", "normal", 1), ("?synchronous=full", "full", 2), ("?synchronous=NORMAL", "normal", 1)]
)
def test_given_a_sqlite_url_then_its_synchronous_option_sets_every_event_store_connection(
    tmp_path: Path, query: str, level: str, pragma: int
) -> None:
    url = f"sqlite:///{tmp_path}/games.db{query}"
    database = parse(url)
    assert database.sqlite_synchronous == level
    assert parse(database.describe()) == database
    app = GameService(url)
    try:
        app.create_game(ruleset="dodgecity", seats=2)
        with app.recorder.datastore.transaction(commit=False) as cursor:  # type: ignore[attr-defined]
            cursor.execute("PRAGMA synchronous")
            assert cursor.fetchone()[0] == pragma
    finally:
        app.close()


@pytest.mark.parametrize(
    ("url", "named"),
    [
        ("sqlite:///games.db?synchronous=off", "synchronous="),
        ("sqlite:///games.db?synchronous=full&synchronous=normal", "synchronous="),
        ("sqlite:///games.db?mode=ro", "'mode'"),
    ],
)
def test_given_a_sqlite_url_with_a_bad_option_then_an_error_naming_it(url: str, named: str) -> None:
    with pytest.raises(DatabaseURLError, match=named):
        parse(url)
