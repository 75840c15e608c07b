"""The event store on SQLite: the eventsourcing library's SQLite persistence, with the
durability of a commit chosen by the database URL (``sqlite:///FILE?synchronous=full``).

SQLite's default in WAL mode, ``synchronous=FULL``, waits for the disk at every commit: measured
with ``benchmarks/bench_store.py`` on the development machine, that wait was 0.2 ms of a 0.39 ms
command, and with it the API served 765 actions/s; with ``NORMAL``, 895. ``NORMAL`` is the
usual choice for WAL and the default here. What it gives up, per SQLite's documentation: a
commit is safe from a crash of the process (``kill -9`` included, which the crash-recovery test
exercises) and the file is never corrupted, but a power cut or a crash of the operating system
may undo the last commits before the next checkpoint. ``?synchronous=full`` keeps every commit
through those too.

Beside the events, the recorder keeps which games were imported (``engine/import_marks.py``),
written in the same transaction as the imported game's events, and the games' snapshots
(``engine/snapshots.py``), a cache of loaded games in a table of their own.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import (
    DatabaseError,
    DataError,
    IntegrityError,
    InterfaceError,
    InternalError,
    NotSupportedError,
    OperationalError,
    PersistenceError,
    ProgrammingError,
    StoredEvent,
)
from eventsourcing.sqlite import (
    SQLiteApplicationRecorder,
    SQLiteConnection,
    SQLiteConnectionPool,
    SQLiteCursor,
    SQLiteFactory,
)
from eventsourcing.utils import Environment, EnvType

from engine.import_marks import IMPORTED_AT, TABLE
from engine.snapshots import TABLE as SNAPSHOTS
from engine.snapshots import StoredSnapshot

#: The setting that carries the URL's choice to :class:`DurableSQLiteFactory`.
SYNCHRONOUS = "SQLITE_SYNCHRONOUS"
#: The setting that opens every connection query-only (the CLI's reading commands): a write, or
#: ``BEGIN IMMEDIATE``, fails at once, so they never take or wait for the write lock.
QUERY_ONLY = "SQLITE_QUERY_ONLY"
SYNCHRONOUS_LEVELS = ("normal", "full")
DEFAULT_SYNCHRONOUS = "normal"
#: How the eventsourcing library names this factory (module, then class).
FACTORY_TOPIC = f"{__name__}:DurableSQLiteFactory"


class _DurabilityPool(SQLiteConnectionPool):
    """Sets ``PRAGMA synchronous`` (and ``query_only`` if asked) on every connection it opens:
    SQLite keeps them per connection. Beside the library's pool, it keeps a connection of each
    thread's own for the store's two hot statements (:class:`ThreadConnections`)."""

    def __init__(
        self, *, db_name: str, lock_timeout: int | None, synchronous: str, query_only: bool
    ) -> None:
        super().__init__(db_name=db_name, lock_timeout=lock_timeout)
        self._synchronous = synchronous
        self._query_only = query_only
        # An in-memory database is one connection's own: it is shared through the pool alone.
        self.own: ThreadConnections | None = (
            None if self.is_sqlite_memory_mode else ThreadConnections(self._connect)
        )

    def _create_connection(self) -> SQLiteConnection:
        connection = super()._create_connection()
        self._set_up(connection.cursor())
        return connection

    def _connect(self) -> sqlite3.Connection:
        """A connection as the library's pool makes them (autocommit, rows by name), with this
        pool's settings."""
        connection = sqlite3.connect(
            self.db_name,
            uri=True,
            check_same_thread=False,  # closed by the thread that closes the pool
            isolation_level=None,
            cached_statements=True,
            timeout=self.lock_timeout or _DEFAULT_LOCK_TIMEOUT,
        )
        connection.row_factory = sqlite3.Row
        self._set_up(connection.cursor())
        return connection

    def _set_up(self, cursor: Any) -> None:
        cursor.execute(f"PRAGMA synchronous = {self._synchronous.upper()}")
        if self._query_only:
            cursor.execute("PRAGMA query_only = ON")

    def close(self) -> None:
        super().close()
        if self.own is not None:
            self.own.close()


#: The library's wait for another connection's lock when none is configured, in seconds.
_DEFAULT_LOCK_TIMEOUT = 5


class ThreadConnections:
    """A SQLite connection of each thread's own, for the statements every command and read
    makes: the freshness check and a command's insert.

    The library's pool hands its connections out in turn, first returned first out, so the
    store's thread read with one connection after writing with another: SQLite then finds the
    file changed since that connection last looked and drops its cache of the file's pages,
    which the statement reads again (some nine ``pread`` calls per action, counted with
    ``strace`` on the benchmark's server), and taking a connection from the pool and giving it
    back went through its semaphore, lock and condition (4.3 µs of an 8.5 µs read). A thread's
    own connection keeps its cache across its own writes; only another connection's writes (the
    read models', each quarter second) drop it. Writes through these connections are made one at
    a time within the process, as the pool's writer lock makes its own: a second writer waits
    here rather than in SQLite's busy handler, which sleeps in steps of milliseconds."""

    def __init__(self, connect: Callable[[], sqlite3.Connection]) -> None:
        self._connect = connect
        self._mine = threading.local()
        self._lock = threading.Lock()
        self._open: dict[int, tuple[threading.Thread, sqlite3.Connection]] = {}
        self._closed = False
        self.writing = threading.Lock()

    def connection(self) -> sqlite3.Connection:
        """This thread's connection, opened at its first use."""
        connection: sqlite3.Connection | None = getattr(self._mine, "connection", None)
        if connection is not None:
            return connection
        with self._lock:
            if self._closed:
                raise sqlite3.ProgrammingError("the store is closed")
            self._close_ended_threads()
            connection = self._connect()
            self._open[threading.get_ident()] = (threading.current_thread(), connection)
        self._mine.connection = connection
        return connection

    def drop(self) -> None:
        """Close this thread's connection after an error, so that its next use opens another."""
        connection = getattr(self._mine, "connection", None)
        if connection is None:
            return
        self._mine.connection = None
        with self._lock:
            self._open.pop(threading.get_ident(), None)
        connection.close()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            opened, self._open = list(self._open.values()), {}
        for _thread, connection in opened:
            connection.close()

    def _close_ended_threads(self) -> None:
        """Close the connections of threads that have ended (a test's event loops come and go
        with their threads); called under the lock."""
        for ident, (thread, connection) in list(self._open.items()):
            if not thread.is_alive():
                del self._open[ident]
                connection.close()


#: Ids in one ``IN`` list, far below SQLite's limit on parameters.
_IDS_PER_QUERY = 500
#: Events in one ``INSERT`` (four parameters each), far below SQLite's limit on parameters; a
#: command records a handful.
_ROWS_PER_INSERT = 200


class MarkingSQLiteRecorder(SQLiteApplicationRecorder):
    """The library's recorder, keeping the marks of imported games and the games' snapshots
    beside the events."""

    #: Whether the database has the marks' table: one a process that only reads (``PRAGMA
    #: query_only``) finds without it was written before marks were, and holds no mark.
    _marks_table = True
    #: Likewise for the snapshots' table: without it, games are folded from their events.
    _snapshots_table = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._insert_statements: dict[int, str] = {}

    def create_table(self) -> None:
        super().create_table()
        self._marks_table = self._create_if_missing(
            TABLE, "game_id TEXT PRIMARY KEY, imported_at TEXT NOT NULL"
        )
        self._snapshots_table = self._create_if_missing(
            SNAPSHOTS,
            "game_id TEXT PRIMARY KEY, version INTEGER NOT NULL, key TEXT NOT NULL, "
            "data BLOB NOT NULL",
        )

    def _create_if_missing(self, table: str, columns: str) -> bool:
        """Create ``table`` unless it exists; False if it is missing and cannot be created (a
        process that only reads an older database)."""
        with self.datastore.transaction(commit=True) as c:
            c.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (table,))
            if c.fetchall():
                return True
            c.execute("PRAGMA query_only")
            if c.fetchone()[0]:
                return False
            c.execute(f"CREATE TABLE IF NOT EXISTS {table} ({columns})")
            return True

    def select_events(
        self,
        originator_id: UUID | str,
        *,
        gt: int | None = None,
        lte: int | None = None,
        desc: bool = False,
        limit: int | None = None,
    ) -> Sequence[StoredEvent]:
        """The library's query of one game's events, as one statement on its own rather than
        between a ``BEGIN`` and a ``ROLLBACK``: a single ``SELECT`` is a read transaction of its
        own, seeing one state of the database all the same. The games' freshness check before
        every command and read is this query, nearly always answered with no row: the library's
        way cost 78 µs of CPU, this one 19 µs."""
        statement = self.select_events_statement
        params: list[Any] = [_key(originator_id)]
        if gt is not None:
            statement += "AND originator_version>? "
            params.append(gt)
        if lte is not None:
            statement += "AND originator_version<=? "
            params.append(lte)
        statement += "ORDER BY originator_version DESC " if desc else "ORDER BY originator_version "
        if limit is not None:
            statement += "LIMIT ? "
            params.append(limit)
        own = self._own_connections()
        try:
            if own is None:
                with (
                    self.datastore.get_connection(commit=False) as connection,
                    connection.cursor() as c,
                ):
                    c.execute(statement, params)
                    rows = c.fetchall()
            else:
                rows = own.connection().execute(statement, params).fetchall()
        except sqlite3.Error as error:
            if own is not None:
                own.drop()
            raise _as_persistence_error(error) from error
        return [
            StoredEvent(
                originator_id=self.convert_originator_id(row["originator_id"]),
                originator_version=row["originator_version"],
                topic=row["topic"],
                state=row["state"],
            )
            for row in rows
        ]

    def insert_events(
        self, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        """A command's events stored by one ``INSERT`` of all its rows, a transaction of its
        own, rather than the library's ``BEGIN``, one ``INSERT`` per event and ``COMMIT``.

        Python's SQLite module lets go of the interpreter lock around every statement, and the
        thread that stores a command waits to take it back while the event loop runs: five
        statements for a three-event command were five such waits, this is one. An import (its
        mark written in the same transaction) and a batch too long for one statement's
        parameters go the library's way. The notification ids are the rows' own: one statement
        holds the write lock throughout, so it numbers its rows in a run ending at the last."""
        count = len(stored_events)
        if kwargs or not count or count > _ROWS_PER_INSERT:
            return super().insert_events(stored_events, **kwargs)
        params: list[Any] = []
        for stored in stored_events:
            params += (
                _key(stored.originator_id),
                stored.originator_version,
                stored.topic,
                stored.state,
            )
        own = self._own_connections()
        try:
            if own is None:
                with (
                    self.datastore.get_connection(commit=True) as connection,
                    connection.cursor() as c,
                ):
                    c.execute(self._insert_rows(count), params)
                    last = c.lastrowid
            else:
                with own.writing:
                    last = own.connection().execute(self._insert_rows(count), params).lastrowid
        except sqlite3.IntegrityError as error:  # a version taken: the connection is fine
            raise _as_persistence_error(error) from error
        except sqlite3.Error as error:
            if own is not None:
                own.drop()
            raise _as_persistence_error(error) from error
        if last is None:
            return None
        return list(range(last - count + 1, last + 1))

    def _own_connections(self) -> ThreadConnections | None:
        pool = self.datastore.pool
        return pool.own if isinstance(pool, _DurabilityPool) else None

    def _insert_rows(self, count: int) -> str:
        """``INSERT … VALUES (…), (…)`` for ``count`` rows, made once per count."""
        statement = self._insert_statements.get(count)
        if statement is None:
            rows = ", ".join(["(?,?,?,?)"] * count)
            statement = f"INSERT INTO {self.events_table_name} VALUES {rows}"
            self._insert_statements[count] = statement
        return statement

    def _insert_events(
        self, c: SQLiteCursor, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        # The library's hook inside the insert's transaction: events and mark commit together.
        notification_ids = super()._insert_events(c, stored_events, **kwargs)
        imported_at = kwargs.get(IMPORTED_AT)
        if imported_at is not None and stored_events:
            c.execute(
                f"INSERT INTO {TABLE} (game_id, imported_at) VALUES (?, ?)",
                (_key(stored_events[0].originator_id), imported_at),
            )
        return notification_ids

    def imported_at(self, game_id: UUID) -> str | None:
        if not self._marks_table:
            return None
        with self.datastore.transaction(commit=False) as c:
            c.execute(f"SELECT imported_at FROM {TABLE} WHERE game_id = ?", (game_id.hex,))
            rows = c.fetchall()
        return str(rows[0]["imported_at"]) if rows else None

    def imported_among(self, game_ids: Sequence[UUID]) -> set[UUID]:
        found: set[UUID] = set()
        if not self._marks_table:
            return found
        with self.datastore.transaction(commit=False) as c:
            for start in range(0, len(game_ids), _IDS_PER_QUERY):
                chunk = [game_id.hex for game_id in game_ids[start : start + _IDS_PER_QUERY]]
                c.execute(
                    f"SELECT game_id FROM {TABLE}"
                    f" WHERE game_id IN ({', '.join('?' for _ in chunk)})",
                    chunk,
                )
                found.update(UUID(row["game_id"]) for row in c.fetchall())
        return found

    def latest_snapshot(self, game_id: UUID) -> StoredSnapshot | None:
        if not self._snapshots_table:
            return None
        with self.datastore.transaction(commit=False) as c:
            c.execute(
                f"SELECT version, key, data FROM {SNAPSHOTS} WHERE game_id = ?", (game_id.hex,)
            )
            rows = c.fetchall()
        if not rows:
            return None
        row = rows[0]
        return StoredSnapshot(int(row["version"]), str(row["key"]), bytes(row["data"]))

    def keep_snapshot(self, game_id: UUID, snapshot: StoredSnapshot) -> None:
        if not self._snapshots_table:
            return
        with self.datastore.transaction(commit=True) as c:
            c.execute(_KEEP_SNAPSHOT, (game_id.hex, snapshot.version, snapshot.key, snapshot.data))


#: A game's snapshot replaces the one kept: the cache holds the latest written.
_KEEP_SNAPSHOT = (
    f"INSERT INTO {SNAPSHOTS} (game_id, version, key, data) VALUES (?, ?, ?, ?) "
    "ON CONFLICT (game_id) DO UPDATE SET "
    "version = excluded.version, key = excluded.key, data = excluded.data"
)


#: SQLite's errors as the library's transactions raise them, most specific first.
_PERSISTENCE_ERRORS: tuple[tuple[type[sqlite3.Error], type[PersistenceError]], ...] = (
    (sqlite3.InterfaceError, InterfaceError),
    (sqlite3.DataError, DataError),
    (sqlite3.OperationalError, OperationalError),
    (sqlite3.IntegrityError, IntegrityError),
    (sqlite3.InternalError, InternalError),
    (sqlite3.ProgrammingError, ProgrammingError),
    (sqlite3.NotSupportedError, NotSupportedError),
    (sqlite3.DatabaseError, DatabaseError),
)


def _as_persistence_error(error: sqlite3.Error) -> PersistenceError:
    for raised, reported in _PERSISTENCE_ERRORS:
        if isinstance(error, raised):
            return reported(error)
    return PersistenceError(error)


def _key(originator_id: UUID | str) -> str:
    """A game id as the events' table holds it."""
    return originator_id.hex if isinstance(originator_id, UUID) else UUID(originator_id).hex


class DurableSQLiteFactory(SQLiteFactory):
    application_recorder_class = MarkingSQLiteRecorder

    def __init__(self, env: Environment | EnvType | None) -> None:
        super().__init__(env)
        synchronous = (self.env.get(SYNCHRONOUS) or DEFAULT_SYNCHRONOUS).lower()
        if synchronous not in SYNCHRONOUS_LEVELS:
            raise OSError(f"{SYNCHRONOUS} must be one of {', '.join(SYNCHRONOUS_LEVELS)}")
        made = self.datastore.pool  # opens connections lazily: none is open yet
        self.datastore.pool = _DurabilityPool(
            db_name=made.db_name,
            lock_timeout=made.lock_timeout,
            synchronous=synchronous,
            query_only=bool(self.env.get(QUERY_ONLY)),
        )
        made.close()
