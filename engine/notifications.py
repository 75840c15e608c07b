"""News of stored events across processes on PostgreSQL: a trigger that NOTIFYs, a thread that
LISTENs.

Every process serving one database learns of its own commands at once (``GameService.on_commit``);
this tells it of the commands other processes (uvicorn workers, other hosts) store, without
reading the store to find out. A row trigger on the events table calls ``pg_notify`` with the
game's id. PostgreSQL delivers a notification when the transaction commits and drops duplicates
(same channel, same payload) within one transaction, so one command of several events is one
notification, and the writer pays no extra round trip: the trigger runs inside its INSERT.

The channel is named after the schema, so servers on other schemas of the same database (the
tests use one schema per test) do not wake each other.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import threading
from collections.abc import Callable
from typing import Any
from uuid import UUID

import psycopg
import psycopg.sql

log = logging.getLogger(__name__)

#: How long the listening thread waits on its socket before it looks whether it should stop.
#: Waiting costs no query: the database pushes notifications down the open connection.
STOP_CHECK_SECONDS = 1.0
#: How long it waits before connecting again after losing the database.
RECONNECT_SECONDS = 2.0
_FUNCTION = "dodgecity_notify_stored"
_TRIGGER = "dodgecity_notify_stored"


def channel_of(schema: str) -> str:
    """The NOTIFY channel of the events stored in ``schema`` ("" is the default schema).

    Channel names are identifiers: at most 63 bytes, so a long schema name is shortened to a
    hash of it."""
    name = schema or "public"
    if len(name) > 40:
        name = hashlib.sha256(name.encode()).hexdigest()[:40]
    return f"dodgecity_stored_{name}"


def install_trigger(connection: psycopg.Connection[Any], schema: str, table: str) -> None:
    """Make every insert into ``schema.table`` notify :func:`channel_of` the ids of its games.

    Run while holding the lock on creating tables, so processes starting together do not race;
    a table that already has the trigger is left as it is."""
    qualified = f"{schema}.{table}" if schema else table
    row = connection.execute(
        "SELECT to_regclass(%s) IS NOT NULL, EXISTS (SELECT 1 FROM pg_trigger"
        " WHERE tgname = %s AND tgrelid = to_regclass(%s))",
        (qualified, _TRIGGER, qualified),
    ).fetchone()
    if row is None or not row[0] or row[1]:
        return  # no such table (the store was not created here), or done before
    # An empty composable, not "": psycopg would write a Python string as the literal ''.
    no_namespace = psycopg.sql.SQL("")
    namespace = (
        psycopg.sql.SQL("{}.").format(psycopg.sql.Identifier(schema)) if schema else no_namespace
    )
    function = psycopg.sql.SQL("{}{}").format(namespace, psycopg.sql.Identifier(_FUNCTION))
    target = psycopg.sql.SQL("{}{}").format(namespace, psycopg.sql.Identifier(table))
    with connection.transaction():
        # Once per INSERT, not per row: the store writes a command's events in one statement,
        # and a function call per event cost the API benchmark's actions about 5%.
        connection.execute(
            psycopg.sql.SQL(
                "CREATE OR REPLACE FUNCTION {}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                " PERFORM pg_notify(TG_ARGV[0], game::text)"
                " FROM (SELECT DISTINCT originator_id AS game FROM stored) AS games;"
                " RETURN NULL; END $$"
            ).format(function)
        )
        connection.execute(
            psycopg.sql.SQL(
                "CREATE TRIGGER {} AFTER INSERT ON {} REFERENCING NEW TABLE AS stored"
                " FOR EACH STATEMENT EXECUTE FUNCTION {}({})"
            ).format(
                psycopg.sql.Identifier(_TRIGGER),
                target,
                function,
                psycopg.sql.Literal(channel_of(schema)),
            )
        )


class StoredEventsListener:
    """One thread holding one connection that LISTENs for the games other processes change.

    ``changed(game_id)`` is called from that thread for each notification. ``resynced()`` is
    called whenever the thread (re)starts listening: whatever was stored while it was not
    listening was never announced, so every game watched should be read again."""

    def __init__(
        self,
        conninfo: str,
        schema: str,
        changed: Callable[[UUID], None],
        resynced: Callable[[], None],
    ) -> None:
        self._conninfo = conninfo
        self._channel = channel_of(schema)
        self._changed = changed
        self._resynced = resynced
        self._stopping = threading.Event()
        self._listening = threading.Event()
        self._thread = threading.Thread(target=self._run, name="stored-events", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def wait_until_listening(self, seconds: float) -> bool:
        """Whether the thread listens (within ``seconds``): for tests and startup."""
        return self._listening.wait(seconds)

    def close(self) -> None:
        self._stopping.set()
        if self._thread.is_alive():
            self._thread.join(timeout=STOP_CHECK_SECONDS * 5)

    def _run(self) -> None:
        first_attempt = True
        while not self._stopping.is_set():
            try:
                self._listen()
            except (psycopg.Error, OSError) as error:
                if first_attempt or self._listening.is_set():  # once per outage, not per retry
                    log.warning("not listening for other processes' events: %s", error)
                self._listening.clear()
                self._stopping.wait(RECONNECT_SECONDS)
            first_attempt = False

    def _listen(self) -> None:
        with psycopg.connect(self._conninfo, autocommit=True) as connection:
            connection.execute(
                psycopg.sql.SQL("LISTEN {}").format(psycopg.sql.Identifier(self._channel))
            )
            self._listening.set()
            self._deliver(self._resynced)
            while not self._stopping.is_set():
                for notification in connection.notifies(timeout=STOP_CHECK_SECONDS):
                    try:
                        game_id = UUID(notification.payload)
                    except ValueError:
                        continue  # not ours: only the trigger should speak on this channel
                    self._deliver(functools.partial(self._changed, game_id))

    @staticmethod
    def _deliver(call: Callable[[], None]) -> None:
        """A failing listener must not stop the thread that wakes every other stream."""
        try:
            call()
        except Exception:
            log.exception("a listener for stored events failed")
