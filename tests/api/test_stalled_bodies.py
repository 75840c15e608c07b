"""A request whose body never arrives whole is a client abort, not a server error: counted in the
metrics and logged in the access line with status 499, never as a 5xx; an unexpected failure of
the server stays a 500.

The real-server tests cut bodies off with a short ``--body-timeout`` over raw sockets; a socket's
own timeout (:data:`PATIENCE`) and the bounds on waiting for the log only keep a failing test from
hanging: none of them measures time.
"""

from __future__ import annotations

import re
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
from api.app import create_app
from api.http.request_log import CLIENT_CLOSED_REQUEST
from engine.application import GameService
from litestar.testing import TestClient
from litestar.types import Message, ReceiveMessage

from tests.api.http_players import open_game
from tests.api.servers import Server, serving
from tests.api.test_metrics import Samples, parse, value
from tests.patience import PATIENCE

STALLED = 3
REQUESTS = "dodgecity_http_requests_total"
CUT_OFF_POST = b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
ACCESS_POST = re.compile(rb"dodgecity\.access \[\w+\] POST /games (\d+) ")


@pytest.fixture(scope="module")
def short_body_timeout() -> Iterator[Server]:
    with serving("memory://", "--body-timeout", "0.5", "--access-log", "on") as server:
        yield server


def connect(server: Server) -> socket.socket:
    port = int(server.url.rsplit(":", 1)[1])
    sock = socket.create_connection(("127.0.0.1", port), timeout=PATIENCE)
    sock.settimeout(PATIENCE)
    return sock


def scrape(server: Server) -> Samples:
    with connect(server) as sock:
        sock.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200"), head
    return parse(body.decode())


def post_statuses(server: Server) -> list[int]:
    server.log.seek(0)
    return [int(status) for status in ACCESS_POST.findall(server.log.read())]


def statuses_once_logged(server: Server, before: int, count: int) -> list[int]:
    """The statuses of the access lines of POST /games after the first ``before``, once there are
    ``count`` of them (a line is written when the server is done with the request)."""
    deadline = time.monotonic() + PATIENCE
    while True:
        statuses = post_statuses(server)[before:]
        if len(statuses) >= count or time.monotonic() > deadline:
            return statuses
        time.sleep(0.05)


def server_errors(samples: Samples) -> float:
    return sum(n for (name, labels), n in samples.items() if name == REQUESTS and dict(labels)["status"].startswith("5"))


def post_games(samples: Samples, status: int) -> float:
    return value(samples, REQUESTS, method="POST", route="/games", status=str(status))


def closed_by_server(sock: socket.socket) -> bool:
    try:
        return sock.recv(65536) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_given_posts_whose_bodies_stall_when_the_body_timeout_cuts_them_off_then_they_count_and_log_as_client_aborts_not_500(
    short_body_timeout: Server,
) -> None:
    before = scrape(short_body_timeout)
    logged = len(post_statuses(short_body_timeout))
    sockets = [connect(short_body_timeout) for _ in range(STALLED)]
    try:
        for sock in sockets:
            sock.sendall(CUT_OFF_POST)
        assert all(closed_by_server(sock) for sock in sockets)
    finally:
        for sock in sockets:
            sock.close()
    statuses = statuses_once_logged(short_body_timeout, logged, STALLED)
    after = scrape(short_body_timeout)
    assert statuses == [CLIENT_CLOSED_REQUEST] * STALLED
    assert post_games(after, CLIENT_CLOSED_REQUEST) - post_games(before, CLIENT_CLOSED_REQUEST) == STALLED
    assert server_errors(after) == server_errors(before)


def test_given_a_client_that_hangs_up_before_its_body_arrived_then_the_request_counts_and_logs_as_a_client_abort(
    short_body_timeout: Server,
) -> None:
    before = scrape(short_body_timeout)
    logged = len(post_statuses(short_body_timeout))
    with connect(short_body_timeout) as sock:
        sock.sendall(CUT_OFF_POST)
    statuses = statuses_once_logged(short_body_timeout, logged, 1)
    after = scrape(short_body_timeout)
    assert statuses == [CLIENT_CLOSED_REQUEST]
    assert post_games(after, CLIENT_CLOSED_REQUEST) - post_games(before, CLIENT_CLOSED_REQUEST) == 1
    assert server_errors(after) == server_errors(before)


def test_given_a_body_cut_off_and_a_request_that_fails_unexpectedly_then_only_the_failure_counts_as_500() -> None:
    games = GameService("memory://")

    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("a bug")

    app = create_app(games)
    with TestClient(app) as client:
        game = open_game(client, 2, "aborts")
        games.seat_view = broken  # type: ignore[method-assign,assignment]
        assert client.get(f"/games/{game.game_id}").status_code == 500
        with client.portal() as portal:
            portal.call(_post_cut_off, app)
        samples = parse(client.get("/metrics").text)
    games.close()
    assert value(samples, REQUESTS, method="GET", route="/games/{game_id}", status="500") == 1
    assert post_games(samples, CLIENT_CLOSED_REQUEST) == 1
    assert post_games(samples, 500) == 0


async def _post_cut_off(app: Any) -> None:
    """A POST /games straight through the ASGI app, whose client hangs up after a part of its
    body, as uvicorn tells an app when the connection is lost."""
    messages: list[ReceiveMessage] = [
        {"type": "http.request", "body": b"{", "more_body": True},
        {"type": "http.disconnect"},
    ]

    async def receive() -> ReceiveMessage:
        if len(messages) > 1:
            return messages.pop(0)
        return messages[0]

    async def send(_: Message) -> None:
        return  # the connection is gone: nothing reaches the client

    scope = {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/games",
        "raw_path": b"/games",
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"x"), (b"content-type", b"application/json"), (b"content-length", b"100")],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 80),
        "state": {},
    }
    await app(scope, receive, send)
