"""Databases for the storage tests: in memory, an SQLite file, and a real PostgreSQL server.

PostgreSQL runs whenever ``DODGECITY_TEST_POSTGRES`` names a server (``.ci/run`` and ``make test``
start a throwaway one); each test gets a schema of its own, dropped afterwards. Under pytest-xdist
each worker also gets a database of its own on that server, made when the worker starts and dropped
when it ends: the variable is pointed at it for the worker and every server it starts, so that
nothing one worker does to the database as a whole (sessions in ``pg_stat_activity``, notification
channels, locks) is seen by the other.

The longest tests' modules run first (``STARTED_FIRST``), so that the workers end together.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit
from uuid import uuid4

import pytest

POSTGRES_VARIABLE = "DODGECITY_TEST_POSTGRES"
BACKENDS = ["memory", "sqlite", "postgresql"]
#: The server's own URL, kept while a worker's variable names the worker's database.
_SERVER_DSN = pytest.StashKey[str]()


def postgres_dsn() -> str | None:
    return os.environ.get(POSTGRES_VARIABLE) or None


def worker_database_name(dsn: str, worker: str, run: str) -> str:
    """The database of one xdist worker of one run: the server's test database's name, the worker
    (``gw0``…) and the run, so that two runs on one server never share one either."""
    base = urlsplit(dsn).path.lstrip("/") or "postgres"
    return f"{base}_{worker}_{run[:12]}".lower()


def with_database(dsn: str, database: str) -> str:
    """The same server URL, naming another database (its query string kept)."""
    parts = urlsplit(dsn)
    return urlunsplit(parts._replace(path=f"/{database}"))


#: A folder of this process's own, where the Python processes its tests start keep their bytecode.
_BYTECODE = pytest.StashKey[Path]()


def keep_the_bytecode_of_started_processes(config: pytest.Config) -> None:
    """Where the environment asks Python to write no bytecode (``PYTHONDONTWRITEBYTECODE``), every
    server and CLI process a test starts compiled the project's modules again (0.2 s of CPU each,
    some hundred processes a run). They keep it instead in a temporary folder of this process's
    own, outside the work tree, for this run only. This process itself is left as it is: with a
    cache folder, Python no longer reads the libraries' installed bytecode."""
    if not os.environ.get("PYTHONDONTWRITEBYTECODE") or os.environ.get("PYTHONPYCACHEPREFIX"):
        return
    folder = Path(tempfile.mkdtemp(prefix="dodgecity-test-bytecode-"))
    config.stash[_BYTECODE] = folder
    del os.environ["PYTHONDONTWRITEBYTECODE"]
    os.environ["PYTHONPYCACHEPREFIX"] = str(folder)


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER") is not None or config.getoption("numprocesses", None) in (None, 0):
        keep_the_bytecode_of_started_processes(config)
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    dsn = postgres_dsn()
    if worker is None or dsn is None:
        return
    import psycopg
    from psycopg import sql

    name = worker_database_name(dsn, worker, os.environ.get("PYTEST_XDIST_TESTRUNUID", uuid4().hex))
    with psycopg.connect(dsn, autocommit=True) as connection:
        connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    config.stash[_SERVER_DSN] = dsn
    os.environ[POSTGRES_VARIABLE] = with_database(dsn, name)


def pytest_unconfigure(config: pytest.Config) -> None:
    bytecode = config.stash.get(_BYTECODE, None)
    if bytecode is not None:
        del os.environ["PYTHONPYCACHEPREFIX"]
        os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
        shutil.rmtree(bytecode, ignore_errors=True)
    server_dsn = config.stash.get(_SERVER_DSN, None)
    if server_dsn is None:
        return
    import psycopg
    from psycopg import sql

    name = urlsplit(os.environ[POSTGRES_VARIABLE]).path.lstrip("/")
    os.environ[POSTGRES_VARIABLE] = server_dsn
    # FORCE: a server a failed test left running must not keep the database alive.
    with psycopg.connect(server_dsn, autocommit=True) as connection:
        connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


#: The modules with a test that takes ten seconds or more (docs/TEST-TIMING.md), longest first.
#: They run before every other test, each module's tests together, so that a run never ends with
#: one worker busy with a long test while the other has nothing left to take.
STARTED_FIRST = (
    "tests/browser/test_play_dogeatdog_in_browser.py",
    "tests/browser/test_play_in_browser.py",
    "tests/api/test_contract.py",
    "tests/api/test_schemathesis_run.py",
    "tests/api/test_http_games.py",
    "tests/properties/test_simulation_at_scale.py",
    "tests/bots/dogeatdog/test_dogeatdog_heuristic.py",
    "tests/api/test_document_lint.py",
    "tests/api/test_idempotent_workers.py",
    "tests/api/test_crash_recovery.py",
    "tests/storage/test_snapshots.py",
    "tests/api/test_clock_live_server.py",
    "tests/api/dogeatdog/test_dogeatdog_api.py",
    "tests/test_serve_connections.py",
    "tests/api/test_remote_bot.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {module: place for place, module in enumerate(STARTED_FIRST)}
    # sorted() keeps the collected order within a module and among all the other tests.
    items[:] = sorted(items, key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))


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
