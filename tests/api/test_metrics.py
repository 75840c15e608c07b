"""``GET /metrics``: the Prometheus text format parsed line by line, its counters moved by real
requests, in-process and against a real server, and labels that never come from a client."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from uuid import uuid4

import httpx
import pytest
from api.app import create_app
from api.settings import ApiSettings
from engine.application import GameService
from litestar.testing import TestClient

from tests.api.http_players import bearer, open_game
from tests.api.servers import serving
from tests.patience import PATIENCE, wait_until

# One sample line of the text format (0.0.4): a name, optional labels, a value.
_SAMPLE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*)\})? (\S+)$')
_LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"')

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def parse(text: str) -> Samples:
    """Every sample, checking each line is a comment (HELP/TYPE) or a valid sample, and that each
    sample's family was typed before it."""
    samples: Samples = {}
    typed: dict[str, str] = {}
    for line in text.splitlines():
        if line.startswith("# TYPE "):
            _, _, name, kind = line.split(" ")
            assert kind in {"counter", "gauge", "histogram"}
            typed[name] = kind
            continue
        if line.startswith("# HELP "):
            continue
        match = _SAMPLE.match(line)
        assert match, f"not a sample line: {line!r}"
        name, labels, value = match.groups()
        family = re.sub(r"_(bucket|sum|count)$", "", name) if name not in typed else name
        assert family in typed, f"{name} has no TYPE line before it"
        key = (name, frozenset(_LABEL.findall(labels or "")))
        assert key not in samples, f"{line!r} twice"
        samples[key] = float(value)
    return samples


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def scrape(client: Any) -> Samples:
    answer = client.get("/metrics")
    assert answer.status_code == 200, answer.text
    # The text format's type, its charset said once (litestar adds one to any text/ type).
    assert answer.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8"
    return parse(answer.text)


@pytest.fixture
def client() -> Iterator[TestClient[Any]]:
    games = GameService("memory://")
    with TestClient(create_app(games, stream_idle_seconds=0.1)) as test_client:
        yield test_client
    games.close()


def test_given_requests_when_scraping_then_they_are_counted_by_method_route_template_and_status_with_latency(
    client: TestClient[Any],
) -> None:
    before = scrape(client)
    game = open_game(client, 2, "metrics")
    for _ in range(3):
        assert client.get(f"/games/{game.game_id}").status_code == 200
    assert client.get(f"/games/{uuid4()}").status_code == 404
    after = scrape(client)
    route = "/games/{game_id}"
    count = "dodgecity_http_requests_total"
    ok = value(after, count, method="GET", route=route, status="200") - value(before, count, method="GET", route=route, status="200")
    missing = value(after, count, method="GET", route=route, status="404") - value(before, count, method="GET", route=route, status="404")
    assert (ok, missing) == (3, 1)
    assert value(after, count, method="POST", route="/games/{game_id}/players", status="201") == 2
    latency = "dodgecity_http_request_duration_seconds"
    assert value(after, f"{latency}_count", route=route) == 4
    assert value(after, f"{latency}_bucket", route=route, le="+Inf") == 4
    assert value(after, f"{latency}_sum", route=route) > 0
    assert not any(game.game_id in label for _, labels in after for _, label in labels)


def test_given_paths_and_methods_no_route_serves_when_scraping_then_they_share_one_label_each(client: TestClient[Any]) -> None:
    for path in ("/nothing", "/nothing/else", f"/{uuid4()}", "/games/x/y/z"):
        client.get(path)
    client.request("BREW", "/games")
    samples = scrape(client)
    routes = {dict(labels).get("route") for name, labels in samples if name == "dodgecity_http_requests_total"}
    assert routes == {"unmatched"}
    assert value(samples, "dodgecity_http_requests_total", method="GET", route="unmatched", status="404") == 4
    assert value(samples, "dodgecity_http_requests_total", method="OTHER", route="unmatched", status="405") == 1


def test_given_actions_and_conflicts_when_scraping_then_actions_count_by_ruleset_and_conflicts_by_problem_type(
    client: TestClient[Any],
) -> None:
    game = open_game(client, 2, "conflicts")
    actions = client.get(f"/games/{game.game_id}/actions", headers=bearer(game.tokens[0])).json()["actions"]
    stale = {**actions[0], "expected_version": 1}
    assert client.post(f"/games/{game.game_id}/actions", json=stale, headers=bearer(game.tokens[0])).status_code == 409
    assert client.post(f"/games/{game.game_id}/actions", json=actions[0], headers=bearer(game.tokens[0])).status_code == 200
    if_match = {"If-Match": '"1"', **bearer(game.tokens[1])}
    others = client.get(f"/games/{game.game_id}/actions", headers=bearer(game.tokens[1])).json()["actions"]
    assert client.post(f"/games/{game.game_id}/actions", json={**others[0], "expected_version": None}, headers=if_match).status_code == 412
    samples = scrape(client)
    assert value(samples, "dodgecity_actions_total", ruleset="dodgecity") == 1
    assert value(samples, "dodgecity_actions_total", ruleset="bang") == 0
    assert value(samples, "dodgecity_conflicts_total", status="409", type="version-conflict") == 1
    assert value(samples, "dodgecity_conflicts_total", status="412", type="version-conflict") == 1


def test_given_commands_not_yet_projected_when_scraping_then_the_lag_counts_them_and_falls_to_zero_once_the_read_models_catch_up() -> None:
    games = GameService("memory://", project_after_commands=False)  # projected only on reads
    with TestClient(create_app(games)) as client:
        open_game(client, 2, "one")
        open_game(client, 2, "two")
        client.post("/games", json={"ruleset": "bang", "players": 4})  # in the lobby: not running
        behind = scrape(client)
        stored = games.recorder.max_notification_id()
        assert value(behind, "dodgecity_projection_lag_events") == stored - client.get("/health").json()["projected_position"]
        assert value(behind, "dodgecity_projection_lag_events") > 0
        assert client.get("/games").status_code == 200  # a read of the read models catches them up
        caught_up = scrape(client)
    games.close()
    assert value(caught_up, "dodgecity_projection_lag_events") == 0
    assert value(caught_up, "dodgecity_games_running", ruleset="dodgecity") == 2
    assert value(caught_up, "dodgecity_games_running", ruleset="bang") == 0
    assert value(caught_up, "dodgecity_store_up") == 1


def test_given_metrics_off_then_there_is_no_metrics_route() -> None:
    games = GameService("memory://")
    with TestClient(create_app(games, settings=ApiSettings(metrics=False))) as off:
        assert off.get("/metrics").status_code == 404
    games.close()


def test_given_a_real_server_with_an_open_stream_when_scraping_then_open_streams_and_request_counters_move() -> None:
    with serving("memory://") as server, httpx.Client(base_url=server.url, timeout=PATIENCE) as http:
        game = open_game(http, 2, "real")
        before = parse(http.get("/metrics").text)
        assert value(before, "dodgecity_open_streams") == 0
        streaming = httpx.Client(base_url=server.url, timeout=httpx.Timeout(PATIENCE, read=None))
        with streaming, streaming.stream("GET", f"/games/{game.game_id}/stream") as response:
            assert response.status_code == 200
            during = parse(http.get("/metrics").text)
        assert value(during, "dodgecity_open_streams") == 1
        got = value(during, "dodgecity_http_requests_total", method="GET", route="/metrics", status="200")
        assert got == value(before, "dodgecity_http_requests_total", method="GET", route="/metrics", status="200") + 1
        # The gauge is read from the read models, which the server projects in the background:
        # once they have caught up (lag 0), the started game counts.
        projected = during

        def caught_up() -> bool:
            nonlocal projected
            projected = parse(http.get("/metrics").text)
            return value(projected, "dodgecity_projection_lag_events") == 0

        assert wait_until(caught_up, interval=0.1)
        assert value(projected, "dodgecity_games_running", ruleset="dodgecity") == 1
