"""Databases for projection tests: a SQLite file, or a PostgreSQL schema of the test's own when
``DODGECITY_TEST_POSTGRES`` names a server."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from uuid import uuid4

import psycopg
from projections.sql import Database, PostgresDatabase, SQLiteDatabase
from psycopg import sql as pgsql

POSTGRES = os.environ.get("DODGECITY_TEST_POSTGRES")

#: Opens a database by name: the same name reaches the same tables, another name other tables.
OpenDatabase = Callable[[str], Database]


class TestDatabases:
    """Every database one test opened, closed (and on PostgreSQL dropped) when it is done."""

    __test__ = False  # not a test class, whatever its name

    def __init__(self, backend: str, directory: Path) -> None:
        self._backend = backend
        self._directory = directory
        self._prefix = f"test_{uuid4().hex}"
        self._opened: list[Database] = []
        self._schemas: set[str] = set()

    def open(self, name: str) -> Database:
        database: Database
        if self._backend == "sqlite":
            database = SQLiteDatabase(str(self._directory / f"{name}.db"))
        else:
            assert POSTGRES is not None
            schema = f"{self._prefix}_{name}"
            self._schemas.add(schema)
            database = PostgresDatabase(POSTGRES, schema=schema)
        self._opened.append(database)
        return database

    def clean_up(self) -> None:
        for database in self._opened:
            database.close()
        if not self._schemas:
            return
        assert POSTGRES is not None
        with psycopg.connect(POSTGRES, autocommit=True) as connection:
            for schema in self._schemas:
                connection.execute(pgsql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(pgsql.Identifier(schema)))
