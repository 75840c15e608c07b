"""Where games are stored: one URL chooses the backend for the events and the read models.

- ``memory://`` keeps everything in this process (tests, throwaway simulations);
- ``sqlite:///dodgecity.db`` (relative) or ``sqlite:////var/lib/dodgecity.db`` (absolute) is an
  embedded file, the default; ``?synchronous=full`` makes every commit wait for the disk, to
  survive a power cut as well as a crash (see :mod:`engine.sqlite_events`);
- ``postgresql://user:password@host:5432/dbname[?schema=name]`` is a PostgreSQL server shared by
  any number of processes.

The URL comes from a command-line option, else the ``DODGECITY_DB`` environment variable, else the
default. Events and projections always live in the same database.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from enum import StrEnum
from urllib.parse import parse_qs, unquote, urlsplit

from engine.memory_events import FACTORY_TOPIC as MEMORY_FACTORY_TOPIC
from engine.postgres_events import FACTORY_TOPIC as POSTGRES_FACTORY_TOPIC
from engine.sqlite_events import (
    DEFAULT_SYNCHRONOUS,
    FACTORY_TOPIC,
    QUERY_ONLY,
    SYNCHRONOUS,
    SYNCHRONOUS_LEVELS,
)

DEFAULT_URL = "sqlite:///dodgecity.db"
#: How long a call waits for a locked or unreachable database before it fails (then the API
#: answers 503 and refuses at once for a moment: ``engine.store_gate.StoreGate``). Commands
#: take milliseconds, so waiting longer only stalls every request queued behind the call, as
#: 30 s did (a client's own timeout fired before the 503).
STORE_TIMEOUT_SECONDS = 2
URL_VARIABLE = "DODGECITY_DB"


class Backend(StrEnum):
    MEMORY = "memory"
    SQLITE = "sqlite"
    POSTGRESQL = "postgresql"


class DatabaseURLError(ValueError):
    """A database URL this project cannot use; the message says why and what would work."""


@dataclass(frozen=True)
class Database:
    backend: Backend
    sqlite_path: str = ""
    sqlite_synchronous: str = DEFAULT_SYNCHRONOUS
    host: str = ""
    port: int = 5432
    user: str = ""
    password: str = ""
    dbname: str = ""
    schema: str = ""

    def event_store_env(
        self, *, read_only: bool = False, lock_timeout: int = STORE_TIMEOUT_SECONDS
    ) -> dict[str, str]:
        """The eventsourcing library's settings for this database. ``read_only`` (SQLite): no
        connection ever writes or takes the write lock (creating the tables finds them there);
        ``lock_timeout``: the seconds a SQLite call waits for a lock another process holds."""
        if self.backend is Backend.MEMORY:
            return {"PERSISTENCE_MODULE": MEMORY_FACTORY_TOPIC}
        if self.backend is Backend.SQLITE:
            return {
                "PERSISTENCE_MODULE": FACTORY_TOPIC,
                "SQLITE_DBNAME": self.sqlite_path,
                "SQLITE_LOCK_TIMEOUT": str(lock_timeout),
                SYNCHRONOUS: self.sqlite_synchronous,
            } | ({QUERY_ONLY: "on"} if read_only else {})
        env = {
            "PERSISTENCE_MODULE": POSTGRES_FACTORY_TOPIC,
            "POSTGRES_DBNAME": self.dbname,
            "POSTGRES_HOST": self.host,
            "POSTGRES_PORT": str(self.port),
            "POSTGRES_USER": self.user,
            "POSTGRES_PASSWORD": self.password,
            # Both how long to connect and how long to wait for a pooled connection.
            "POSTGRES_CONNECT_TIMEOUT": str(STORE_TIMEOUT_SECONDS),
            "POSTGRES_LOCK_TIMEOUT": str(STORE_TIMEOUT_SECONDS),
        }
        if self.schema:
            env["POSTGRES_SCHEMA"] = self.schema
        return env

    def postgres_conninfo(self) -> str:
        """A libpq connection string (key=value form, so no URL quoting issues)."""
        parts = {
            "host": self.host,
            "port": str(self.port),
            "dbname": self.dbname,
            "user": self.user,
            "password": self.password,
            "connect_timeout": str(STORE_TIMEOUT_SECONDS),
        }
        return " ".join(f"{key}={_libpq_quote(value)}" for key, value in parts.items() if value)

    def describe(self) -> str:
        """The URL without its password, safe to print."""
        if self.backend is Backend.MEMORY:
            return "memory://"
        if self.backend is Backend.SQLITE:
            durability = (
                ""
                if self.sqlite_synchronous == DEFAULT_SYNCHRONOUS
                else f"?synchronous={self.sqlite_synchronous}"
            )
            return f"sqlite:///{self.sqlite_path}{durability}"
        schema = f"?schema={self.schema}" if self.schema else ""
        return f"postgresql://{self.user}@{self.host}:{self.port}/{self.dbname}{schema}"


def _libpq_quote(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace("'", "\\'")
    return f"'{escaped}'"


def resolve(url: str | None) -> Database:
    """The database for ``url``, else for ``$DODGECITY_DB``, else the SQLite default."""
    return parse(url or os.environ.get(URL_VARIABLE) or DEFAULT_URL)


def parse(url: str) -> Database:
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme == "memory":
        return Database(Backend.MEMORY)
    if scheme == "sqlite":
        return _sqlite(url, parts.netloc, parts.path, parts.query)
    if scheme in {"postgresql", "postgres"}:
        return _postgresql(url)
    raise DatabaseURLError(
        f"unsupported database URL {_safe(url)!r}: use memory://, sqlite:///FILE "
        "or postgresql://USER:PASSWORD@HOST:PORT/DBNAME"
    )


def _sqlite(url: str, netloc: str, path: str, query: str) -> Database:
    # sqlite:///relative.db has an empty host and the path "/relative.db";
    # sqlite:////abs/file.db keeps the second slash.
    if netloc or not path.startswith("/") or len(path) < 2:
        raise DatabaseURLError(
            f"bad SQLite URL {url!r}: write sqlite:///relative/file.db or sqlite:////absolute/file.db"
        )
    options = parse_qs(query, keep_blank_values=True)
    unknown = sorted(set(options) - {"synchronous"})
    if unknown:
        raise DatabaseURLError(
            f"unknown option {unknown[0]!r} in SQLite URL {url!r}: the one option is synchronous"
        )
    chosen = options.get("synchronous", [DEFAULT_SYNCHRONOUS])
    if len(chosen) != 1 or chosen[0].lower() not in SYNCHRONOUS_LEVELS:
        raise DatabaseURLError(
            f"bad synchronous= in SQLite URL {url!r}: use {' or '.join(SYNCHRONOUS_LEVELS)}"
        )
    return Database(
        Backend.SQLITE, sqlite_path=unquote(path[1:]), sqlite_synchronous=chosen[0].lower()
    )


def _postgresql(url: str) -> Database:
    parts = urlsplit(url)
    dbname = unquote(parts.path.lstrip("/"))
    if not parts.hostname or not dbname:
        raise DatabaseURLError(
            f"bad PostgreSQL URL {_safe(url)!r}: write postgresql://USER:PASSWORD@HOST:PORT/DBNAME"
        )
    try:
        port = parts.port or 5432
    except ValueError:
        raise DatabaseURLError(f"bad port in PostgreSQL URL {_safe(url)!r}") from None
    query = parse_qs(parts.query)
    schema = query.get("schema", [""])[0]
    if schema and not schema.replace("_", "").isalnum():
        raise DatabaseURLError(f"bad schema name {schema!r}: letters, digits and _ only")
    return Database(
        Backend.POSTGRESQL,
        host=parts.hostname,
        port=port,
        user=unquote(parts.username or ""),
        password=unquote(parts.password or ""),
        dbname=dbname,
        schema=schema,
    )


def _safe(url: str) -> str:
    """``url`` with any password replaced, for error messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
    return parts._replace(netloc=netloc).geturl()
