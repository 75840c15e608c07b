"""Every projection test that takes ``open_database`` runs on SQLite (a file) and, when
``DODGECITY_TEST_POSTGRES`` names a server, on PostgreSQL too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.projections.databases import POSTGRES, OpenDatabase, TestDatabases


@pytest.fixture(
    params=[
        "sqlite",
        pytest.param(
            "postgres",
            marks=pytest.mark.skipif(
                POSTGRES is None,
                reason="PostgreSQL not configured: set DODGECITY_TEST_POSTGRES to a conninfo",
            ),
        ),
    ]
)
def open_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[OpenDatabase]:
    databases = TestDatabases(request.param, tmp_path)
    yield databases.open
    databases.clean_up()
