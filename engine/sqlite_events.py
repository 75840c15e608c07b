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
"""

from __future__ import annotations

from eventsourcing.sqlite import SQLiteConnection, SQLiteConnectionPool, SQLiteFactory
from eventsourcing.utils import Environment, EnvType

#: The setting that carries the URL's choice to :class:`DurableSQLiteFactory`.
SYNCHRONOUS = "SQLITE_SYNCHRONOUS"
SYNCHRONOUS_LEVELS = ("normal", "full")
DEFAULT_SYNCHRONOUS = "normal"
#: How the eventsourcing library names this factory (module, then class).
FACTORY_TOPIC = f"{__name__}:DurableSQLiteFactory"


class _DurabilityPool(SQLiteConnectionPool):
    """Sets ``PRAGMA synchronous`` on every connection it opens: SQLite keeps it per connection."""

    def __init__(self, *, db_name: str, lock_timeout: int | None, synchronous: str) -> None:
        super().__init__(db_name=db_name, lock_timeout=lock_timeout)
        self._synchronous = synchronous

    def _create_connection(self) -> SQLiteConnection:
        connection = super()._create_connection()
        connection.cursor().execute(f"PRAGMA synchronous = {self._synchronous.upper()}")
        return connection


class DurableSQLiteFactory(SQLiteFactory):
    def __init__(self, env: Environment | EnvType | None) -> None:
        super().__init__(env)
        synchronous = (self.env.get(SYNCHRONOUS) or DEFAULT_SYNCHRONOUS).lower()
        if synchronous not in SYNCHRONOUS_LEVELS:
            raise OSError(f"{SYNCHRONOUS} must be one of {', '.join(SYNCHRONOUS_LEVELS)}")
        made = self.datastore.pool  # opens connections lazily: none is open yet
        self.datastore.pool = _DurabilityPool(
            db_name=made.db_name, lock_timeout=made.lock_timeout, synchronous=synchronous
        )
        made.close()
