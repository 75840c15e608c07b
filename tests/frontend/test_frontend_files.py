"""The page's files as the server serves them: files in folders are served like the others, and
nothing outside the list made at startup is, however the name is spelled."""

from __future__ import annotations

import http.client
from collections.abc import Iterator
from pathlib import Path

import pytest
from api.app import create_app
from engine.application import GameService
from litestar import Litestar
from litestar.testing import TestClient

from tests.api.servers import Server, serving

PLAY = Path(__file__).parents[2] / "api" / "play"
Client = TestClient[Litestar]


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    games = GameService("memory://")
    with TestClient(create_app(games)) as client:
        yield client
    games.close()


def test_given_every_file_of_the_frontend_when_fetched_by_its_name_below_play_then_it_is_served(client: Client) -> None:
    files = [path for path in PLAY.rglob("*") if path.suffix in {".html", ".js", ".css", ".svg"}]
    assert PLAY / "index.html" in files

    answers = {str(path.relative_to(PLAY)): client.get(f"/play/{path.relative_to(PLAY).as_posix()}").status_code for path in files}

    assert answers == dict.fromkeys(answers, 200)


#: Names that spell a way out of the folder, or a file that is not the page's: each is sent as it
#: is (no client resolves its dots first) to a real server.
NOT_LISTED = [
    "/play/..%2Fapp.py",
    "/play/%2e%2e/frontend.py",
    "/play/../frontend.py",
    "/play/dodgecity/../../app.py",
    "/play/dodgecity/../play.js/../../app.py",
    "/play/dodgecity/%2e%2e/%2e%2e/app.py",
    "/play/dodgecity%2F..%2F..%2Fapp.py",
    "/play/dodgecity/..%5C..%5Capp.py",
    "/play/%2Fetc%2Fpasswd",
    "/play//etc/passwd",
    "/play/dodgecity/",
    "/play/dodgecity",
    "/play/README.md",
    "/play/dodgecity/nothing.js",
]


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with serving("memory://") as running:
        yield running


@pytest.mark.parametrize("address", NOT_LISTED)
def test_given_a_name_not_listed_at_startup_when_it_is_fetched_then_it_is_not_found(server: Server, address: str) -> None:
    host, port = server.url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=5)
    try:
        connection.request("GET", address)
        answer = connection.getresponse()
        answer.read()
    finally:
        connection.close()

    assert answer.status == 404
    assert (answer.getheader("content-type") or "").startswith("application/problem+json")
