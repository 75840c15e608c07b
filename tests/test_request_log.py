"""Request ids and the server's own access log: a real ``dodgecity serve`` and its log lines, text
and JSON; what must never be logged; the id in the lines written while a request fails."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator
from typing import Any
from uuid import uuid4

import httpx
import pytest
from api.app import create_app
from api.http.request_log import JsonFormatter, RequestIdFilter
from api.settings import ApiSettings
from engine.application import GameService
from litestar.testing import TestClient

from tests.api.http_players import bearer, open_game
from tests.api.servers import Server, serving
from tests.patience import PATIENCE, wait_until

HEX_ID = re.compile(r"^[0-9a-f]{32}$")


def json_lines(server: Server) -> list[dict[str, Any]]:
    """The server's log lines that are JSON objects (its first two lines, printed before logging
    is set up, are plain text)."""
    server.log.seek(0)
    text = server.log.read().decode()
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def access_lines(server: Server) -> list[dict[str, Any]]:
    return [line for line in json_lines(server) if line["logger"] == "dodgecity.access"]


def access_lines_of(server: Server, request_id: str) -> list[dict[str, Any]]:
    """The access lines of one request. A line is written once the answer has gone, so the
    client may read the log before it is there: look again until it is."""
    wait_until(lambda: any(line["request_id"] == request_id for line in access_lines(server)))
    return [line for line in access_lines(server) if line["request_id"] == request_id]


@pytest.fixture(scope="module")
def json_server() -> Iterator[Server]:
    with serving("memory://", "--log-format", "json") as server:
        yield server


def test_given_json_logs_when_a_request_is_answered_then_one_json_line_names_its_id_method_route_status_and_duration(
    json_server: Server,
) -> None:
    with httpx.Client(base_url=json_server.url, timeout=PATIENCE) as http:
        game = open_game(http, 2, "logs")
        answer = http.get(f"/games/{game.game_id}")
    request_id = answer.headers["X-Request-ID"]
    assert HEX_ID.match(request_id)
    (line,) = access_lines_of(json_server, request_id)
    assert line["method"] == "GET"
    assert line["route"] == "/games/{game_id}"
    assert line["path"] == f"/games/{game.game_id}"
    assert line["status"] == 200
    assert line["duration_ms"] >= 0
    assert line["level"] == "INFO"
    assert line["time"].endswith("Z")
    # uvicorn's own lines are in the same format, and its access log is gone
    assert any(line["logger"].startswith("uvicorn") for line in json_lines(json_server))
    assert not any(line["logger"] == "uvicorn.access" for line in json_lines(json_server))


@pytest.mark.parametrize(
    ("sent", "kept"),
    [
        ("trace-2f1a.7:b_C", True),
        ("x" * 64, True),
        ("x" * 65, False),
        ("two words", False),
        ("new\\nline", False),
        ("é", False),
    ],
)
def test_given_an_incoming_request_id_then_a_sane_one_is_kept_and_anything_else_replaced(
    json_server: Server, sent: str, kept: bool
) -> None:
    answer = httpx.get(f"{json_server.url}/health", headers={b"X-Request-ID": sent.encode()})
    answered = answer.headers["X-Request-ID"]
    assert (answered == sent) is kept
    if not kept:
        assert HEX_ID.match(answered)
    assert [line["path"] for line in access_lines_of(json_server, answered)] == ["/health"]


def test_given_tickets_tokens_and_query_strings_when_requests_carry_them_then_no_log_line_holds_them(json_server: Server) -> None:
    secret_query = "ticket-" + uuid4().hex
    with httpx.Client(base_url=json_server.url, timeout=PATIENCE) as http:
        game = open_game(http, 2, "secrets")
        issued = http.post(f"/games/{game.game_id}/stream-tickets", headers=bearer(game.tokens[0])).json()["ticket"]
        refused = http.get(f"/games/{game.game_id}/stream", params={"ticket": secret_query})
        assert refused.status_code == 401
        with http.stream("GET", f"/games/{game.game_id}/stream", params={"ticket": issued}) as stream:
            assert stream.status_code == 200
        last = http.get(f"/games/{game.game_id}", headers=bearer(game.tokens[1]))
    assert access_lines_of(json_server, last.headers["X-Request-ID"])  # every line is written
    json_server.log.seek(0)
    logged = json_server.log.read().decode()
    for secret in (secret_query, issued, *game.tokens, game.host_token, "?", "Bearer"):
        assert secret not in logged
    # A stream's line is written when the server sees it closed.
    wait_until(lambda: len(stream_statuses(json_server)) >= 2)
    assert stream_statuses(json_server)[:2] == [401, 200]


def stream_statuses(server: Server) -> list[int]:
    return [line["status"] for line in access_lines(server) if line["route"] == "/games/{game_id}/stream"]


def test_given_a_path_with_a_newline_when_logged_then_it_stays_one_escaped_line(json_server: Server) -> None:
    answer = httpx.get(f"{json_server.url}/games/%0A%7B%22forged%22%3A1%7D")
    assert answer.status_code == 404
    (line,) = access_lines_of(json_server, answer.headers["X-Request-ID"])
    assert line["route"] is None
    assert "\n" not in line["path"]
    assert not any("forged" in entry for entry in json_lines(json_server))


def test_given_text_logs_with_the_access_log_off_when_requests_are_answered_then_no_access_line_but_the_id_is_answered() -> None:
    with serving("memory://", "--access-log", "off") as server:
        answer = httpx.get(f"{server.url}/rulesets")
        server.log.seek(0)
        text = server.log.read().decode()
    assert HEX_ID.match(answer.headers["X-Request-ID"])
    assert "dodgecity.access" not in text
    assert "/rulesets" not in text
    assert re.search(r"^\d{4}-\d\d-\d\dT[0-9:.]+Z INFO uvicorn\.error \[-\] ", text, re.MULTILINE)


def test_given_text_logs_when_a_request_is_answered_then_its_line_carries_its_id() -> None:
    with serving("memory://") as server:
        answer = httpx.get(f"{server.url}/rulesets", headers={"X-Request-ID": "abc-123"})
        server.log.seek(0)
        text = server.log.read().decode()
    assert answer.headers["X-Request-ID"] == "abc-123"
    assert re.search(r"^\S+Z INFO dodgecity\.access \[abc-123\] GET /rulesets 200 [0-9.]+ ms$", text, re.MULTILINE)


def test_given_a_request_that_fails_unexpectedly_then_the_lines_logged_while_handling_it_carry_its_id(
    caplog: pytest.LogCaptureFixture,
) -> None:
    games = GameService("memory://")

    def broken(*_: object, **__: object) -> None:
        logging.getLogger("engine.application").warning("about to fail")  # from a worker thread
        raise RuntimeError("a bug")

    with TestClient(create_app(games)) as client:
        game = open_game(client, 2, "broken")
        games.seat_view = broken  # type: ignore[method-assign,assignment]
        caplog.handler.addFilter(RequestIdFilter())
        with caplog.at_level(logging.INFO):
            answer = client.get(f"/games/{game.game_id}")
    games.close()
    assert answer.status_code == 500
    request_id = answer.headers["X-Request-ID"]
    ours = [record for record in caplog.records if getattr(record, "request_id", None) == request_id]
    assert {record.name for record in ours} >= {"engine.application", "api.http.problems"}
    failure = next(record for record in ours if record.name == "api.http.problems")
    formatted = json.loads(JsonFormatter().format(failure))
    assert formatted["request_id"] == request_id
    assert formatted["level"] == "ERROR"
    assert "RuntimeError: a bug" in formatted["exception"]


def test_given_a_browser_origin_when_it_reads_an_answer_then_the_request_id_header_is_exposed() -> None:
    games = GameService("memory://")
    with TestClient(create_app(games, settings=ApiSettings(cors_origins=("http://localhost:5173",)))) as client:
        answer = client.get("/rulesets", headers={"Origin": "http://localhost:5173"})
    games.close()
    assert "x-request-id" in answer.headers["Access-Control-Expose-Headers"].lower()
    assert HEX_ID.match(answer.headers["X-Request-ID"])
