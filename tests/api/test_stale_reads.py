"""Every read of a game a server has loaded, for every ruleset, while its SQLite file is locked by
another process and then unreadable: the reads the cache answers are served as last seen, marked
``Served-Stale: true``, every time; the others are 503 problems the client may retry; once the file
is back, every read answers fresh, without the header.

A real server process: the lock and the failing write cross processes as they would in production.
The write that fails is one to the loaded game itself. It used to drop the game from the cache (it
had played the command in memory), leaving nothing to serve: in the probe that found it, 3 of 9
``GET /games/{id}`` answered 503 under the lock.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from api.app import create_app
from engine.application import GameService

from tests.api.http_players import bearer, wait_for
from tests.api.servers import Server, serving

#: The event store's table (the eventsourcing library's name for it).
EVENTS_TABLE = "stored_events"
#: Each read is asked this many times: the probe's 503s came and went with the store's pause.
REPEATS = 3
#: Each ruleset's own read models under /games/{id} (projections, not the cached game).
READ_MODELS = {"dodgecity": ("board", "scores"), "bang": ("table",), "dogeatdog": ("dogeatdog-board",)}

#: The reads the cached game answers alone (``{v}``: the version the server last saw), as
#: (path, who asks). ``docs/RELIABILITY.md`` ("A database that stops answering") lists the same.
SERVED_STALE = (
    ("", "spectator"),
    ("", "seat"),
    ("/actions", "seat"),
    ("/events?after={v}", "seat"),
    ("/narration?after={v}", "spectator"),
    ("/stream?after={v}", "spectator"),
)
#: The reads of stored events or read models: 503 while the store does not answer.
NOT_SERVED_STALE = ("/events", "/narration", "/record", "/states/{v}")


def test_every_read_route_of_a_game_is_classified() -> None:
    """A new read of a game must be added here, and to docs/RELIABILITY.md, as served stale or not."""
    app = create_app(GameService("memory://"))
    routes = {
        route.path.replace("{game_id:uuid}", "{id}").replace("{version:int}", "{v}")
        for route in app.routes
        if "GET" in getattr(route, "methods", ()) and route.path.startswith("/games/{game_id")
    }
    classified = {f"/games/{{id}}{path.split('?')[0]}" for path, _ in SERVED_STALE}
    classified |= {f"/games/{{id}}{path}" for path in NOT_SERVED_STALE}
    classified |= {f"/games/{{id}}/{name}" for names in READ_MODELS.values() for name in names}
    assert routes == classified


@contextmanager
def write_locked(path: Path) -> Iterator[sqlite3.Connection]:
    """Hold the file's write lock from another connection, as another process would. In WAL mode
    (the store's) readers still read."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield other
    finally:
        if other.in_transaction:
            other.execute("ROLLBACK")
        other.close()


@contextmanager
def events_hidden(path: Path, locked: sqlite3.Connection) -> Iterator[None]:
    """Under the lock, take the event table away (committed: now reads fail too, at once), and
    put it back afterwards."""
    locked.execute(f"ALTER TABLE {EVENTS_TABLE} RENAME TO hidden_away")
    locked.execute("COMMIT")
    try:
        yield
    finally:
        with sqlite3.connect(path, isolation_level=None) as restore:
            restore.execute(f"ALTER TABLE hidden_away RENAME TO {EVENTS_TABLE}")


def _started_game(client: httpx.Client, ruleset: str) -> tuple[str, str, dict[str, Any]]:
    """A running game of ``ruleset``, every seat taken: its id, a token of a seat the game
    awaits, and one action that seat may send now."""
    seats = next(r["min_seats"] for r in client.get("/rulesets").json() if r["name"] == ruleset)
    created = client.post("/games", json={"ruleset": ruleset, "players": seats, "seed": "stale"})
    assert created.status_code == 201, created.text
    game_id, host = created.json()["game_id"], created.json()["host_token"]
    tokens = []
    for seat in range(seats):
        joined = client.post(f"/games/{game_id}/players", json={"name": f"P{seat}"})
        assert joined.status_code == 201, joined.text
        tokens.append(joined.json()["token"])
    assert client.post(f"/games/{game_id}/start", headers=bearer(host)).status_code == 200
    for token in tokens:
        actions = client.get(f"/games/{game_id}/actions", headers=bearer(token)).json()["actions"]
        if actions:
            return game_id, token, actions[0]
    raise AssertionError("the started game awaits nobody")


def _read(client: httpx.Client, url: str, token: str | None) -> httpx.Response:
    headers = bearer(token) if token else {}
    if "/stream" not in url:
        return client.get(url, headers=headers)
    with client.stream("GET", url, headers=headers) as stream:  # its opening: status, headers
        return stream


def _answer_is_the_game_as_last_seen(response: httpx.Response, url: str, version: int) -> None:
    assert response.status_code == 200, f"{url}: {response.status_code} {response.text[:200]}"
    if "/stream" in url:
        return
    body = response.json()
    if "/events" in url or "/narration" in url:
        assert (body["latest_version"], body["next_after"]) == (version, None), url
    else:
        assert body["version"] == version, url


@pytest.mark.parametrize("ruleset", sorted(READ_MODELS))
def test_given_a_loaded_game_when_its_sqlite_file_is_locked_then_unreadable_then_the_cache_answers_every_time(
    tmp_path: Path, ruleset: str
) -> None:
    path = tmp_path / "games.db"
    with serving(f"sqlite:///{path}") as server:
        client = httpx.Client(base_url=server.url, timeout=60)
        game_id, token, action = _started_game(client, ruleset)
        game = f"/games/{game_id}"
        version = client.get(game).json()["version"]  # loaded: this process has it cached
        stale_reads = [(game + p.format(v=version), token if who == "seat" else None) for p, who in SERVED_STALE]
        other_reads = [game + p.format(v=version) for p in NOT_SERVED_STALE]
        other_reads += [f"{game}/{name}" for name in READ_MODELS[ruleset]]

        with write_locked(path) as locked:
            # The write to the loaded game waits out the lock and is refused: nothing stored.
            refused = client.post(f"{game}/actions", json=action, headers=bearer(token))
            assert refused.status_code == 503, refused.text
            assert refused.headers["retry-after"] == "1"
            # Writes locked, reads not: served from the cache (stale) or read (fresh), never 503.
            for url, who in stale_reads * REPEATS:
                _answer_is_the_game_as_last_seen(_read(client, url, who), url, version)

            with events_hidden(path, locked):
                for url, who in stale_reads * REPEATS:
                    answer = _read(client, url, who)
                    _answer_is_the_game_as_last_seen(answer, url, version)
                    assert answer.headers.get("served-stale") == "true", url
                for url in other_reads * REPEATS:
                    answer = client.get(url)
                    assert answer.status_code == 503, f"{url}: {answer.status_code}"
                    assert answer.json()["type"].endswith("/store-unavailable")
                    assert answer.headers["retry-after"] == "1"

        _wait_until_healthy(server, client)
        for url, who in stale_reads:
            answer = _read(client, url, who)
            _answer_is_the_game_as_last_seen(answer, url, version)
            assert "served-stale" not in answer.headers, url
        for url in other_reads:
            assert client.get(url).status_code == 200, url
        # Nothing was stored while the store was locked: the same action is taken now.
        taken = client.post(f"{game}/actions", json=action, headers=bearer(token))
        assert taken.status_code == 200, taken.text
        assert client.get(game).json()["version"] > version


def _wait_until_healthy(server: Server, client: httpx.Client) -> None:
    """The health probe finds the store again and lets requests back in."""
    assert wait_for(lambda: client.get("/health").json()["status"] == "ok", seconds=60), server.stderr_text()
