"""PostgreSQL stopped under a running server, as a crash or a pulled cable would: requests are
answered 503 with ``Retry-After`` instead of hanging, ``/health`` says "degraded", a game this
process has loaded is still served as last seen, and once the server is back everything works
again with nothing lost or doubled.

The server is a cluster of the test's own (``tests/postgres_cluster.py``): stopping the shared one
would fail every other test."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from api.app import create_app
from engine.application import GameService
from litestar import Litestar
from litestar.testing import TestClient

from tests.patience import PATIENCE, wait_until
from tests.postgres_cluster import Cluster, server_programs, throwaway_cluster

#: No request may take longer: a database that does not answer must never hang a client (a hang
#: is for ever; a busy machine is only slower, so the bound is the suite's generous one).
CLIENT_TIMEOUT_SECONDS = PATIENCE


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    if server_programs() is None:
        if os.environ.get("DODGECITY_REQUIRE_POSTGRES"):
            pytest.fail("CI requires PostgreSQL, but its server programs are not installed")
        pytest.skip("PostgreSQL's server programs are not installed")
    with throwaway_cluster() as own:
        yield own


def _wait_healthy(client: TestClient[Litestar]) -> None:
    if not wait_until(lambda: client.get("/health").json()["status"] == "ok", interval=0.1):
        raise AssertionError("the server did not find its database again")


def test_given_postgresql_stopped_then_requests_get_503_health_is_degraded_cached_games_are_served_and_all_recovers(
    cluster: Cluster,
) -> None:
    games = GameService(cluster.url)
    with TestClient(create_app(games, close_on_shutdown=True), timeout=CLIENT_TIMEOUT_SECONDS) as client:
        created = client.post("/games", json={"players": 3, "seed": "outage"}).json()
        game = f"/games/{created['game_id']}"
        joined = client.post(f"{game}/players", json={"name": "Ann"})
        assert joined.status_code == 201
        ann = {"Authorization": f"Bearer {joined.json()['token']}"}
        version = client.get(game).json()["version"]  # loaded: this process has it cached
        cluster.stop()
        try:
            refused = client.post("/games", json={"players": 2})
            assert refused.status_code == 503, refused.text
            assert "retry-after" in refused.headers
            assert refused.json()["type"].endswith("/store-unavailable")
            health = client.get("/health")
            assert health.status_code == 200
            assert health.json()["status"] == "degraded"
            assert client.post(f"{game}/players", json={"name": "Ben"}).status_code == 503
            # The reads the cached game answers (docs/RELIABILITY.md), also after a write to it failed.
            for path, headers in (("", {}), ("", ann), ("/actions", ann), (f"/events?after={version}", ann)):
                seen = client.get(f"{game}{path}", headers=headers)
                assert seen.status_code == 200, (path, seen.text)
                assert seen.headers["served-stale"] == "true"
            assert [player["name"] for player in client.get(game).json()["players"]] == ["Ann"]
            assert client.get(f"{game}/events").status_code == 503  # stored events: not cached
        finally:
            cluster.start()
        _wait_healthy(client)
        assert client.post(f"{game}/players", json={"name": "Ben"}).json()["seat"] == 1
        fresh = client.get(game)
        assert "served-stale" not in fresh.headers
        assert [player["name"] for player in fresh.json()["players"]] == ["Ann", "Ben"]
