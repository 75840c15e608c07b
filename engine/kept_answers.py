"""The first answers to requests that create something, kept by idempotency key in the database,
where every process serving it reads them (``api/http/idempotency.py`` says what a key and an answer
are; this module only keeps rows).

One table, ``kept_answers``, beside the read models, one row per key:

- ``key_mac``: an opaque name for the key (an HMAC: no client's key or address is stored);
- ``fingerprint``: what the first request asked for, so the key reused for another request is
  caught;
- ``holder``: the request that is making the answer now; ``claimed_at``: when it started (Unix
  seconds), which is also when the row expires;
- ``answer``: the answer, once made (text the caller chooses; nothing secret belongs in it).

A request first claims its key in one write transaction: it inserts the row, or finds the one
another request inserted (SQLite's writers take turns; on PostgreSQL the insert of a key another
transaction is inserting waits for that transaction to end). The claim also purges rows past
their lifetime, so the table holds only a day's keys without a sweeper. A holder that vanished
(a killed worker) leaves a row without an answer: once it is older than the caller's bound, the
next claim with the same fingerprint takes it over.
"""

from __future__ import annotations

import attrs

from engine.database import Backend, Database
from projections.sql import Database as Connections
from projections.sql import PostgresDatabase, SQLiteDatabase, Transaction

TABLE = "kept_answers"

_CREATE = (
    f"""CREATE TABLE IF NOT EXISTS {TABLE} (
        key_mac TEXT PRIMARY KEY,
        fingerprint TEXT NOT NULL,
        holder TEXT NOT NULL,
        claimed_at DOUBLE PRECISION NOT NULL,
        answer TEXT)""",
    f"CREATE INDEX IF NOT EXISTS {TABLE}_by_age ON {TABLE} (claimed_at)",
)
_COLUMNS = "fingerprint, holder, claimed_at, answer"


@attrs.frozen
class KeptRow:
    fingerprint: str
    holder: str
    claimed_at: float
    answer: str | None


@attrs.frozen
class Claim:
    row: KeptRow
    inserted: bool  # the key had no row: this claim made it


class KeptAnswers:
    """The kept answers of one database; safe to share between threads and processes."""

    def __init__(self, connections: Connections) -> None:
        self._connections = connections
        self._created = False

    @classmethod
    def open(cls, database: Database) -> KeptAnswers:
        """Over ``database``'s own connections; in memory, a database of this process's."""
        if database.backend is Backend.POSTGRESQL:
            return cls(PostgresDatabase(database.postgres_conninfo(), database.schema or None))
        return cls(
            SQLiteDatabase(
                database.sqlite_path if database.backend is Backend.SQLITE else ":memory:"
            )
        )

    def close(self) -> None:
        self._connections.close()

    def claim(
        self,
        key: str,
        fingerprint: str,
        holder: str,
        *,
        now: float,
        expired_before: float,
        abandoned_before: float,
    ) -> Claim:
        """The row of ``key``: ``holder``'s (its ``holder``) when there was none, or when the
        one there has the same fingerprint, no answer and a holder that claimed it before
        ``abandoned_before``; else the row as another request left it. Rows claimed before
        ``expired_before`` are gone first."""
        self._create_table()
        with self._connections.write() as tx:
            tx.execute(f"DELETE FROM {TABLE} WHERE claimed_at < ?", (expired_before,))
            inserted = tx.query(
                f"INSERT INTO {TABLE} (key_mac, {_COLUMNS}) VALUES (?, ?, ?, ?, NULL)"
                " ON CONFLICT (key_mac) DO NOTHING RETURNING key_mac",
                (key, fingerprint, holder, now),
            )
            row = _select(tx, key, tx.for_update)
            assert row is not None  # inserted above, or there already, in this transaction
            if (
                row.holder != holder
                and row.answer is None
                and row.fingerprint == fingerprint
                and row.claimed_at < abandoned_before
            ):
                tx.execute(
                    f"UPDATE {TABLE} SET holder = ?, claimed_at = ? WHERE key_mac = ?",
                    (holder, now, key),
                )
                row = attrs.evolve(row, holder=holder, claimed_at=now)
            return Claim(row, inserted=bool(inserted))

    def read(self, key: str) -> KeptRow | None:
        self._create_table()
        with self._connections.read() as tx:
            return _select(tx, key, "")

    def answer(self, key: str, answer: str) -> None:
        """Keep ``answer`` as the key's, unless one is kept already (it is the same answer)."""
        with self._connections.write() as tx:
            tx.execute(
                f"UPDATE {TABLE} SET answer = ? WHERE key_mac = ? AND answer IS NULL", (answer, key)
            )

    def release(self, key: str, holder: str) -> None:
        """Forget the key, if ``holder`` still holds it without an answer: its request failed,
        and the next one with the key starts afresh."""
        with self._connections.write() as tx:
            tx.execute(
                f"DELETE FROM {TABLE} WHERE key_mac = ? AND holder = ? AND answer IS NULL",
                (key, holder),
            )

    def _create_table(self) -> None:
        # Made on first use, not on opening: a database only read or verified never gets it.
        if self._created:
            return
        with self._connections.schema_change() as tx:
            for statement in _CREATE:
                tx.execute(statement)
        self._created = True


def _select(tx: Transaction, key: str, lock: str) -> KeptRow | None:
    rows = tx.query(f"SELECT {_COLUMNS} FROM {TABLE} WHERE key_mac = ?{lock}", (key,))
    if not rows:
        return None
    fingerprint, holder, claimed_at, answer = rows[0]
    return KeptRow(str(fingerprint), str(holder), float(claimed_at), answer)
