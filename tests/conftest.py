"""Databases for the storage tests: in memory, an SQLite file, and a real PostgreSQL server.

PostgreSQL runs whenever ``DODGECITY_TEST_POSTGRES`` names a server (``.ci/run`` and ``make test``
start a throwaway one); each test gets a schema of its own, dropped afterwards.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from uuid import uuid4

import pytest

POSTGRES_VARIABLE = "DODGECITY_TEST_POSTGRES"
BACKENDS = ["memory", "sqlite", "postgresql"]


def postgres_dsn() -> str | None:
    return os.environ.get(POSTGRES_VARIABLE) or None


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A URL for a fresh, empty schema on the test PostgreSQL server."""
    dsn = postgres_dsn()
    if dsn is None:
        if os.environ.get("DODGECITY_REQUIRE_POSTGRES"):
            pytest.fail(f"CI requires PostgreSQL but {POSTGRES_VARIABLE} is not set")
        pytest.skip(f"no PostgreSQL server: set {POSTGRES_VARIABLE} (make test starts one if installed)")
    import psycopg

    schema = f"test_{uuid4().hex[:16]}"
    with psycopg.connect(dsn, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    separator = "&" if "?" in dsn else "?"
    yield f"{dsn}{separator}schema={schema}"
    with psycopg.connect(dsn, autocommit=True) as connection:
        connection.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The same test on every backend."""
    if request.param == "memory":
        return "memory://"
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture(params=["sqlite", "postgresql"])
def durable_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Backends that outlive the process: SQLite and PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    return str(request.getfixturevalue("postgres_url"))
