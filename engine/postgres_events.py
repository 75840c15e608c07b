"""The event store on PostgreSQL: the eventsourcing library's, retrying a failed call once.

The library retries each call that loses its connection up to ten times, each attempt waiting
up to the pool's timeout for a connection: with the database stopped, a request hung for 22 s
before anyone heard of it (``benchmarks/attack_store.py``), and meanwhile every other request
queued behind it on the store's threads. One retry still recovers a pooled connection the
database closed (a restart, an idle timeout); a database that does not answer is reported after
two attempts, about twice the pool's timeout, and the application then answers 503 at once
until it is back (``engine/application.py``, the store gate).

Beside the events, the recorder keeps which games were imported (``engine/import_marks.py``),
written in the same transaction as the imported game's events, and the games' snapshots
(``engine/snapshots.py``), a cache of loaded games in a table of their own.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import (
    PostgresAggregateRecorder,
    PostgresApplicationRecorder,
    PostgresDatastore,
    PostgresFactory,
)
from eventsourcing.utils import retry
from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.sql import SQL, Identifier, Literal

from engine.import_marks import IMPORTED_AT, TABLE
from engine.snapshots import TABLE as SNAPSHOTS
from engine.snapshots import StoredSnapshot

#: How the eventsourcing library names this factory (module, then class).
FACTORY_TOPIC = f"{__name__}:PromptPostgresFactory"
ATTEMPTS = 2  # the first, and one retry on a fresh connection
#: A write of more events than this (an import, a long game stored whole) gets more time to send
#: its INSERT: :data:`SECONDS_PER_EVENT` for each event, beyond the library's idle timeout.
LONG_WRITE = 1_000
SECONDS_PER_EVENT = 0.001


def _retried_once(method: Callable[..., Any]) -> Any:
    """``method`` without the library's ten attempts, with :data:`ATTEMPTS` instead."""
    attempt = retry((InterfaceError, OperationalError), max_attempts=ATTEMPTS, wait=0.1)
    return attempt(inspect.unwrap(method))


class PromptApplicationRecorder(PostgresApplicationRecorder):
    select_events = _retried_once(PostgresAggregateRecorder.select_events)
    select_notifications = _retried_once(PostgresApplicationRecorder.select_notifications)
    max_notification_id = _retried_once(PostgresApplicationRecorder.max_notification_id)

    def __init__(
        self, datastore: PostgresDatastore, *, events_table_name: str = "stored_events"
    ) -> None:
        super().__init__(datastore, events_table_name=events_table_name)
        marks = Identifier(datastore.schema), Identifier(TABLE)
        self.sql_create_statements.append(
            SQL(
                "CREATE TABLE IF NOT EXISTS {}.{} ("
                "game_id {} PRIMARY KEY, "
                "imported_at text NOT NULL)"
            ).format(*marks, Identifier(datastore.originator_id_type))
        )
        # A retried insert (the connection lost after the commit) finds its mark stored.
        self._insert_mark = SQL(
            "INSERT INTO {}.{} (game_id, imported_at) VALUES (%s, %s) ON CONFLICT DO NOTHING"
        ).format(*marks)
        self._select_mark = SQL("SELECT imported_at FROM {}.{} WHERE game_id = %s").format(*marks)
        self._select_marked = SQL("SELECT game_id FROM {}.{} WHERE game_id = ANY(%s)").format(
            *marks
        )
        snapshots = Identifier(datastore.schema), Identifier(SNAPSHOTS)
        self.sql_create_statements.append(
            SQL(
                "CREATE TABLE IF NOT EXISTS {}.{} ("
                "game_id {} PRIMARY KEY, "
                "version bigint NOT NULL, "
                "key text NOT NULL, "
                "data bytea NOT NULL)"
            ).format(*snapshots, Identifier(datastore.originator_id_type))
        )
        self._select_snapshot = SQL(
            "SELECT version, key, data FROM {}.{} WHERE game_id = %s"
        ).format(*snapshots)
        # A game's snapshot replaces the one kept: the cache holds the latest written.
        self._keep_snapshot = SQL(
            "INSERT INTO {}.{} (game_id, version, key, data) VALUES (%s, %s, %s, %s) "
            "ON CONFLICT (game_id) DO UPDATE SET "
            "version = excluded.version, key = excluded.key, data = excluded.data"
        ).format(*snapshots)

    @_retried_once
    def insert_events(
        self, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        # The library's statements sent one at a time rather than in its pipeline: psycopg's
        # pipeline sync can stop sending with part of a long insert (50,000 events) still in
        # its buffer and wait for results the server, waiting for the rest of the statement,
        # never sends. Sent one at a time, a write also costs the client less CPU
        # (benchmarks/bench_pg_writes.py). The library's own NOTIFY is left out: nothing
        # listens on its channel (servers hear engine/notifications.py's trigger), and it was
        # one more round trip under the table's lock, which every writer on every host awaits.
        if not stored_events:
            return None
        with self.datastore.transaction(commit=True) as curs:
            if len(stored_events) > LONG_WRITE:
                self._allow_long_write(curs, len(stored_events))
            self._insert_events(curs, stored_events, **kwargs)
            self._lock_table(curs)
            PostgresAggregateRecorder._insert_stored_events(self, curs, stored_events, **kwargs)
            return self._fetch_ids_after_insert_events(curs, stored_events, **kwargs)

    def _allow_long_write(self, curs: Cursor[DictRow], events: int) -> None:
        # The server ends a transaction left idle for the library's idle timeout (5 s), and
        # while a long INSERT is being encoded and sent after the lock was taken, the
        # transaction counts as idle: 50,000 events took 3-4 s on a busy machine. A dead
        # client's lock is still let go, later.
        idle = self.datastore.idle_in_transaction_session_timeout
        if idle:
            allowed = int(1000 * (idle + SECONDS_PER_EVENT * events))
            curs.execute(
                SQL("SET LOCAL idle_in_transaction_session_timeout = {}").format(
                    Literal(f"{allowed}ms")
                )
            )

    def _insert_events(
        self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> None:
        # The library's hook inside the insert's transaction: events and mark commit together.
        super()._insert_events(curs, stored_events, **kwargs)
        imported_at = kwargs.get(IMPORTED_AT)
        if imported_at is not None and stored_events:
            curs.execute(self._insert_mark, (stored_events[0].originator_id, imported_at))

    @_retried_once
    def imported_at(self, game_id: UUID) -> str | None:
        with self.datastore.transaction(commit=False) as curs:
            curs.execute(self._select_mark, (game_id,))
            row = curs.fetchone()
        return None if row is None else str(row["imported_at"])

    @_retried_once
    def imported_among(self, game_ids: Sequence[UUID]) -> set[UUID]:
        with self.datastore.transaction(commit=False) as curs:
            curs.execute(self._select_marked, (list(game_ids),))
            return {_as_uuid(row["game_id"]) for row in curs.fetchall()}

    @_retried_once
    def latest_snapshot(self, game_id: UUID) -> StoredSnapshot | None:
        with self.datastore.transaction(commit=False) as curs:
            curs.execute(self._select_snapshot, (game_id,))
            row = curs.fetchone()
        if row is None:
            return None
        return StoredSnapshot(int(row["version"]), str(row["key"]), bytes(row["data"]))

    @_retried_once
    def keep_snapshot(self, game_id: UUID, snapshot: StoredSnapshot) -> None:
        with self.datastore.transaction(commit=True) as curs:
            curs.execute(
                self._keep_snapshot, (game_id, snapshot.version, snapshot.key, snapshot.data)
            )


def _as_uuid(value: UUID | str) -> UUID:
    return value if isinstance(value, UUID) else UUID(value)


class PromptPostgresFactory(PostgresFactory):
    application_recorder_class = PromptApplicationRecorder
