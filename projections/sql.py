"""The database the read models live in: SQLite (stdlib) or PostgreSQL (psycopg 3), one interface.

Statements are written once, with ``?`` placeholders; the PostgreSQL side rewrites them to ``%s``
(so statements must hold no literal ``?`` or ``%``). Transactions are begun and ended explicitly on
autocommit connections, so each kind of transaction can take exactly the locks it needs:

- a write transaction serialises against every other writer. SQLite takes the database's write
  lock at ``BEGIN IMMEDIATE``; PostgreSQL relies on the caller selecting the row it is about to
  change with ``tx.for_update`` appended, under READ COMMITTED so that a writer that waited sees
  the row as the first one left it.
- a read transaction sees one snapshot for all its statements.
- a schema transaction serialises table creation, which is not safe to race on PostgreSQL.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from functools import cache
from typing import Any, Generic, Protocol, TypeVar

import psycopg
from psycopg import sql as pgsql

Row = tuple[Any, ...]
Params = Sequence[object]

#: How long a SQLite writer waits for another process's write lock before giving up.
SQLITE_BUSY_TIMEOUT_MS = 2_000  # as the event store's (engine/database.py)

#: Key of the PostgreSQL advisory lock held while creating the schema and tables.
SCHEMA_LOCK_KEY = 4_211_977_310  # arbitrary, fixed


class Transaction(Protocol):
    #: Appended to a SELECT in a write transaction to lock the rows it reads until the end.
    for_update: str

    def execute(self, statement: str, params: Params = ()) -> None: ...

    def executemany(self, statement: str, rows: Sequence[Params]) -> None: ...

    def query(self, statement: str, params: Params = ()) -> list[Row]: ...


class Database(Protocol):
    def write(self) -> AbstractContextManager[Transaction]: ...

    def read(self) -> AbstractContextManager[Transaction]: ...

    def schema_change(self) -> AbstractContextManager[Transaction]: ...

    def close(self) -> None: ...


C = TypeVar("C")


class _Pool(Generic[C]):
    """Idle connections handed to one transaction at a time, so threads never share one."""

    def __init__(
        self,
        connect: Callable[[], C],
        close: Callable[[C], None],
        reusable: Callable[[C], bool],
    ) -> None:
        self._connect = connect
        self._close = close
        self._reusable = reusable
        self._idle: list[C] = []
        self._lock = threading.Lock()
        self._closed = False

    @contextmanager
    def connection(self) -> Iterator[C]:
        with self._lock:
            if self._closed:
                raise RuntimeError("the database is closed")
            connection = self._idle.pop() if self._idle else None
        if connection is None:
            connection = self._connect()
        try:
            yield connection
        finally:
            self._give_back(connection)

    def _give_back(self, connection: C) -> None:
        with self._lock:
            if not self._closed and self._reusable(connection):
                self._idle.append(connection)
                return
        self._close(connection)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for connection in idle:
            self._close(connection)


class _SharedConnection(Generic[C]):
    """One connection for everyone, one transaction at a time: an in-memory SQLite database exists
    only inside its connection, so every thread must use the same one."""

    def __init__(self, connection: C, close: Callable[[C], None]) -> None:
        self._connection = connection
        self._close = close
        self._lock = threading.Lock()
        self._closed = False

    @contextmanager
    def connection(self) -> Iterator[C]:
        with self._lock:
            if self._closed:
                raise RuntimeError("the database is closed")
            yield self._connection

    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                self._close(self._connection)


@contextmanager
def _transaction(run: Callable[[str], object], begin: str) -> Iterator[None]:
    run(begin)
    try:
        yield
        run("COMMIT")
    except BaseException:
        # The original error is the one to report; a connection that cannot roll back is dropped
        # by its pool, as it is left inside a transaction.
        with suppress(Exception):
            run("ROLLBACK")
        raise


# -- SQLite ----------------------------------------------------------------------------------


class _SQLiteTransaction:
    for_update = ""  # BEGIN IMMEDIATE has already locked the whole database for writing

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection

    def execute(self, statement: str, params: Params = ()) -> None:
        self._connection.execute(statement, params)

    def executemany(self, statement: str, rows: Sequence[Params]) -> None:
        if rows:
            self._connection.executemany(statement, rows)

    def query(self, statement: str, params: Params = ()) -> list[Row]:
        return self._connection.execute(statement, params).fetchall()


def _connect_sqlite(
    path: str, busy_timeout_ms: int = SQLITE_BUSY_TIMEOUT_MS, *, read_only: bool = False
) -> sqlite3.Connection:
    connection = sqlite3.connect(
        path,
        timeout=busy_timeout_ms / 1000,
        isolation_level=None,  # autocommit: transactions are begun explicitly
        check_same_thread=False,  # pooled connections move between threads, one at a time
    )
    connection.execute(f"PRAGMA busy_timeout = {busy_timeout_ms}")
    if read_only:
        # Any write, BEGIN IMMEDIATE included, fails at once instead of waiting for the lock.
        connection.execute("PRAGMA query_only = ON")
    if path != ":memory:":
        connection.execute("PRAGMA journal_mode = WAL")  # readers do not wait for the writer
        # Read models are rebuilt from the events, and a commit holds the rows together with the
        # log position: one lost to a power cut is projected again. No need to wait for the disk.
        connection.execute("PRAGMA synchronous = NORMAL")
    return connection


class SQLiteDatabase:
    """A SQLite file (WAL, shared by processes) or ``":memory:"`` (one connection, this process).

    ``read_only`` never takes the write lock: every write fails at once, and a schema change
    only finds the tables there (``CREATE … IF NOT EXISTS`` of a table that exists writes
    nothing). ``busy_timeout_ms``: how long to wait for a lock another process holds."""

    def __init__(
        self,
        path: str,
        *,
        read_only: bool = False,
        busy_timeout_ms: int = SQLITE_BUSY_TIMEOUT_MS,
    ) -> None:
        self.path = path
        self._read_only = read_only
        self._connections: _Pool[sqlite3.Connection] | _SharedConnection[sqlite3.Connection]
        if path == ":memory:":
            self._connections = _SharedConnection(_connect_sqlite(path), sqlite3.Connection.close)
        else:
            self._connections = _Pool(
                lambda: _connect_sqlite(path, busy_timeout_ms, read_only=read_only),
                sqlite3.Connection.close,
                lambda connection: not connection.in_transaction,
            )

    def write(self) -> AbstractContextManager[Transaction]:
        return self._transaction("BEGIN IMMEDIATE")

    def read(self) -> AbstractContextManager[Transaction]:
        return self._transaction("BEGIN")  # WAL: the snapshot is taken at the first read

    def schema_change(self) -> AbstractContextManager[Transaction]:
        return self._transaction("BEGIN" if self._read_only else "BEGIN IMMEDIATE")

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[Transaction]:
        with self._connections.connection() as connection, _transaction(connection.execute, begin):
            yield _SQLiteTransaction(connection)

    def close(self) -> None:
        self._connections.close()


# -- PostgreSQL ------------------------------------------------------------------------------


@cache
def _postgres_statement(statement: str) -> str:
    return statement.replace("?", "%s")


class _PostgresTransaction:
    for_update = " FOR UPDATE"

    def __init__(self, connection: psycopg.Connection[Row]) -> None:
        self._connection = connection

    def execute(self, statement: str, params: Params = ()) -> None:
        self._connection.execute(_postgres_statement(statement), params)

    def executemany(self, statement: str, rows: Sequence[Params]) -> None:
        if rows:
            with self._connection.cursor() as cursor:
                cursor.executemany(_postgres_statement(statement), rows)

    def query(self, statement: str, params: Params = ()) -> list[Row]:
        return self._connection.execute(_postgres_statement(statement), params).fetchall()


class PostgresDatabase:
    """A PostgreSQL database; with ``schema``, every table lives in that schema, made if missing."""

    def __init__(self, conninfo: str, schema: str | None = None) -> None:
        self._conninfo = conninfo
        self._schema = schema
        self._connections: _Pool[psycopg.Connection[Row]] = _Pool(
            self._connect,
            psycopg.Connection.close,
            lambda connection: (
                not connection.closed
                and connection.info.transaction_status is psycopg.pq.TransactionStatus.IDLE
            ),
        )
        if schema is not None:
            self._create_schema(schema)

    def _connect(self) -> psycopg.Connection[Row]:
        connection = psycopg.connect(self._conninfo, autocommit=True)
        if self._schema is not None:
            connection.execute(
                pgsql.SQL("SET search_path TO {}").format(pgsql.Identifier(self._schema))
            )
        return connection

    def _create_schema(self, schema: str) -> None:
        create = pgsql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(pgsql.Identifier(schema))
        with self._connections.connection() as connection, connection.transaction():
            # Two processes creating the same schema at once would otherwise collide.
            connection.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK_KEY,))
            connection.execute(create)

    def write(self) -> AbstractContextManager[Transaction]:
        return self._transaction("BEGIN ISOLATION LEVEL READ COMMITTED")

    def read(self) -> AbstractContextManager[Transaction]:
        return self._transaction("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")

    @contextmanager
    def schema_change(self) -> Iterator[Transaction]:
        with self._transaction("BEGIN ISOLATION LEVEL READ COMMITTED") as tx:
            tx.execute("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK_KEY,))
            yield tx

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[Transaction]:
        with self._connections.connection() as connection, _transaction(connection.execute, begin):
            yield _PostgresTransaction(connection)

    def close(self) -> None:
        self._connections.close()
