"""Live streams against real servers: woken by new events (one watcher per game, PostgreSQL's
NOTIFY across processes, SQLite's slow poll), each stream showing its own viewer's view, a cap on
the streams one client holds, and the stream's parameters and names as documented."""

from __future__ import annotations

import contextlib
import json
import queue
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

import httpx
import psycopg
import pytest
from api.app import create_app
from engine.application import GameService
from engine.database import resolve
from litestar.testing import TestClient

from tests.api.http_players import bearer
from tests.api.servers import Server, serving
from tests.patience import PATIENCE, wait_until

#: How long a test waits for a new event to reach an open stream: a bound that keeps a failing
#: test from hanging, never a measured speed (how fast streams deliver is for
#: ``benchmarks/bench_streams.py`` to say). On PostgreSQL nothing polls, so an event that arrives
#: at all was announced; on SQLite the other process's event is found by the server's poll.
DELIVERY_SECONDS = PATIENCE
#: Longer than the old one-read-a-second poll, so a stream that still polled would be seen.
QUIET_WINDOW_SECONDS = 2.5


@dataclass(frozen=True)
class Message:
    id: int
    event: str
    data: dict[str, Any]


class LiveStream:
    """One Server-Sent Events stream from a real server, read by a thread of its own."""

    def __init__(self, base_url: str, path: str, headers: dict[str, str] | None = None) -> None:
        self._client = httpx.Client(base_url=base_url, timeout=httpx.Timeout(PATIENCE, read=None))
        self._path = path
        self._headers = headers or {}
        self._messages: queue.Queue[Message] = queue.Queue()
        self._opened = threading.Event()
        self.status: int | None = None
        self._socket: socket.socket | None = None  # the stream's connection, once it answered
        self._thread = threading.Thread(target=self._read, daemon=True)

    def __enter__(self) -> LiveStream:
        self._thread.start()
        assert self._opened.wait(PATIENCE), "the stream did not answer"
        assert self.status == 200, self.status
        return self

    def __exit__(self, *_: object) -> None:
        # Closing the client does not wake a read blocked in the reader thread; shutting the
        # socket down does, so the reader ends now, not at the server's next keep-alive.
        if self._socket is not None:
            with contextlib.suppress(OSError):
                self._socket.shutdown(socket.SHUT_RDWR)
        self._client.close()
        self._thread.join(PATIENCE)
        assert not self._thread.is_alive(), "the stream's reader did not stop"

    def next(self, seconds: float) -> Message:
        try:
            return self._messages.get(timeout=seconds)
        except queue.Empty:
            raise AssertionError(f"no message within {seconds} s") from None

    def _read(self) -> None:
        try:
            with self._client.stream("GET", self._path, headers=self._headers) as response:
                self.status = response.status_code
                self._socket = response.extensions["network_stream"].get_extra_info("socket")
                self._opened.set()
                fields: dict[str, str] = {}
                for line in response.iter_lines():
                    if not line:
                        if "data" in fields:
                            message = Message(int(fields["id"]), fields["event"], json.loads(fields["data"]))
                            self._messages.put(message)
                        fields = {}
                    elif not line.startswith(":"):
                        name, _, value = line.partition(":")
                        fields[name] = value.removeprefix(" ")
        except (httpx.HTTPError, RuntimeError):
            pass  # closed by the test
        finally:
            self._opened.set()


def create(client: httpx.Client, players: int = 2, ruleset: str = "dodgecity") -> tuple[str, str]:
    created = client.post("/games", json={"ruleset": ruleset, "players": players})
    assert created.status_code == 201, created.text
    return created.json()["game_id"], created.json()["host_token"]


def join(client: httpx.Client, game_id: str, name: str) -> str:
    joined = client.post(f"/games/{game_id}/players", json={"name": name})
    assert joined.status_code == 201, joined.text
    return str(joined.json()["token"])


def events_seen(client: httpx.Client, game_id: str, headers: dict[str, str]) -> list[dict[str, Any]]:
    page = client.get(f"/games/{game_id}/events", params={"limit": 500}, headers=headers)
    assert page.status_code == 200, page.text
    return list(page.json()["events"])


def quiet_window(dsn: str) -> bool:
    """Whether no other connection started a statement on the events table during a window of
    :data:`QUIET_WINDOW_SECONDS` from now."""
    since = database_now(dsn)
    time.sleep(QUIET_WINDOW_SECONDS)  # the window watched, not a wait for something to happen
    return reads_of_the_events_table_since(dsn, since) == []


def reads_of_the_events_table_since(dsn: str, since: Any) -> list[str]:
    """The statements on the events table that any other connection to this database started
    after ``since`` (another database on the server is another test worker's)."""
    with psycopg.connect(dsn, autocommit=True) as connection:
        rows = connection.execute(
            "SELECT query FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND datname = current_database()"
            " AND backend_type = 'client backend' AND query_start > %s AND query ILIKE %s",
            (since, "%dodgecity_events%"),
        ).fetchall()
    return [row[0] for row in rows]


def database_now(dsn: str) -> Any:
    with psycopg.connect(dsn, autocommit=True) as connection:
        row = connection.execute("SELECT clock_timestamp()").fetchone()
    assert row is not None
    return row[0]


@pytest.fixture
def memory_server() -> Iterator[Server]:
    with serving("memory://") as server:
        yield server


# -- woken by new events -----------------------------------------------------------------------


def test_given_two_services_on_one_postgresql_database_when_the_other_stores_a_command_then_an_idle_stream_gets_it_without_polling(
    postgres_url: str,
) -> None:
    with serving(postgres_url) as server, httpx.Client(base_url=server.url, timeout=PATIENCE) as client:
        other = GameService(postgres_url)  # another process's service on the same database
        try:
            game_id = other.create_game(ruleset="dodgecity", seats=3)
            with LiveStream(server.url, f"/games/{game_id}/stream") as stream:
                assert stream.next(PATIENCE).event == "dodgecity.GameCreated"
                # The watcher reads once when the stream opens, at a moment of its own: an idle
                # stream shows a whole quiet window once that read is done, a polling one never.
                dsn = resolve(postgres_url).postgres_conninfo()
                assert wait_until(lambda: quiet_window(dsn), interval=0), "the events table is read again and again"
                other.join(game_id, "Ann")
                message = stream.next(DELIVERY_SECONDS)
            assert (message.id, message.event) == (2, "dodgecity.PlayerJoined")
            assert message.data == events_seen(client, str(game_id), {})[1]
        finally:
            other.close()


def test_given_two_processes_on_one_sqlite_file_when_the_other_stores_a_command_then_an_open_stream_gets_it(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with serving(url) as server:
        other = GameService(url)
        try:
            game_id = other.create_game(ruleset="dodgecity", seats=3)
            with LiveStream(server.url, f"/games/{game_id}/stream") as stream:
                assert stream.next(PATIENCE).id == 1
                other.join(game_id, "Ann")
                assert stream.next(DELIVERY_SECONDS).id == 2
        finally:
            other.close()


def test_given_many_streams_on_one_game_when_a_player_joins_then_every_stream_gets_the_event(
    memory_server: Server,
) -> None:
    with httpx.Client(base_url=memory_server.url, timeout=PATIENCE) as client:
        game_id, _ = create(client, players=3)
        streams = [LiveStream(memory_server.url, f"/games/{game_id}/stream?after=1") for _ in range(12)]
        for stream in streams:
            stream.__enter__()
        try:
            join(client, game_id, "Ann")
            joined = [stream.next(DELIVERY_SECONDS) for stream in streams]
        finally:
            for stream in streams:
                stream.__exit__()
    assert {(m.id, m.event) for m in joined} == {(2, "dodgecity.PlayerJoined")}


def test_given_streams_of_two_seats_and_a_spectator_when_the_game_goes_on_then_each_gets_its_own_view_as_the_events_resource_shows_it(
    memory_server: Server,
) -> None:
    with httpx.Client(base_url=memory_server.url, timeout=PATIENCE) as client:
        game_id, host = create(client, players=2)
        tokens = [join(client, game_id, "Ann"), join(client, game_id, "Bob")]
        viewers = [bearer(tokens[0]), bearer(tokens[1]), {}]
        latest = client.get(f"/games/{game_id}").json()["version"]
        streams = [LiveStream(memory_server.url, f"/games/{game_id}/stream?after={latest}", headers) for headers in viewers]
        for stream in streams:
            stream.__enter__()
        try:
            assert client.post(f"/games/{game_id}/start", headers=bearer(host)).status_code == 200
            for seat in (0, 1):  # each commits its start card: hidden from the other until shown
                actions = client.get(f"/games/{game_id}/actions", headers=bearer(tokens[seat])).json()["actions"]
                acted = client.post(f"/games/{game_id}/actions", json=actions[0], headers=bearer(tokens[seat]))
                assert acted.status_code == 200, acted.text
            now = client.get(f"/games/{game_id}").json()["version"]
            received = [[stream.next(DELIVERY_SECONDS) for _ in range(now - latest)] for stream in streams]
        finally:
            for stream in streams:
                stream.__exit__()
        for headers, messages in zip(viewers, received, strict=True):
            expected = events_seen(client, game_id, headers)[latest:]
            assert [m.data for m in messages] == expected
            assert [m.id for m in messages] == list(range(latest + 1, now + 1))
    assert received[0] != received[1]  # the seats' hands differ, so their views do


# -- the cap on streams per client -------------------------------------------------------------


def test_given_a_client_holding_its_most_streams_when_it_opens_one_more_then_429_with_retry_after_and_other_clients_are_not_refused() -> (
    None
):
    with serving("memory://", "--max-streams", "2") as server, httpx.Client(base_url=server.url, timeout=PATIENCE) as client:
        game_id, host = create(client)
        path = f"/games/{game_id}/stream"
        with LiveStream(server.url, path), LiveStream(server.url, path):
            refused = client.get(path)
            assert refused.status_code == 429
            assert refused.headers["content-type"].startswith("application/problem+json")
            assert refused.json()["status"] == 429
            assert int(refused.headers["Retry-After"]) >= 1
            # The host's token is a client of its own, though it comes from the same address.
            with LiveStream(server.url, path, bearer(host)) as own:
                assert own.status == 200
        # Closed streams give their places back.
        assert wait_until(lambda: _open_and_close(client, path) == 200, interval=0.1)


def _open_and_close(client: httpx.Client, path: str) -> int:
    with client.stream("GET", path) as response:
        return response.status_code


# -- parameters and names as documented --------------------------------------------------------


@pytest.fixture
def test_client() -> Iterator[TestClient[Any]]:
    games = GameService("memory://")
    with TestClient(create_app(games, stream_idle_seconds=0.1)) as client:
        yield client
    games.close()


@pytest.mark.parametrize("value", ["null", "NULL", "Null", "", "none"])
def test_given_after_null_when_opening_a_stream_then_400_as_the_events_resource_answers(test_client: TestClient[Any], value: str) -> None:
    created = test_client.post("/games", json={"ruleset": "dodgecity", "players": 2})
    url = f"/games/{created.json()['game_id']}"
    events = test_client.get(f"{url}/events?after={value}")
    stream = test_client.get(f"{url}/stream?after={value}")
    assert (stream.status_code, events.status_code) == (400, 400)
    assert stream.json()["type"] == events.json()["type"]
    assert stream.json()["invalid_params"] == events.json()["invalid_params"]


@pytest.mark.parametrize("ruleset", ["dodgecity", "bang"])
def test_given_a_stream_then_each_message_is_named_ruleset_dot_event_and_its_data_is_what_the_events_resource_gives(
    test_client: TestClient[Any], ruleset: str
) -> None:
    created = test_client.post("/games", json={"ruleset": ruleset, "players": 4})
    game_id = UUID(created.json()["game_id"])
    text = test_client.get(f"/games/{game_id}/stream").text
    names = [line.removeprefix("event: ") for line in text.splitlines() if line.startswith("event: ")]
    datas = [json.loads(line.removeprefix("data: ")) for line in text.splitlines() if line.startswith("data: ")]
    events = test_client.get(f"/games/{game_id}/events").json()["events"]
    assert datas == events
    # One scheme for every game (docs/WIRE.md), whatever form the data's stored `type` has.
    assert names == [f"{ruleset}.{event['type'].rpartition('.')[2]}" for event in events]
