"""The page's files as the server serves them: a game's module folder is served like the shell's
files, nothing outside the list made at startup is (however the name is spelled), and the shell
names no game (design: ENGINE.md, principle 2) while every installed game has a module."""

from __future__ import annotations

import http.client
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from api.app import create_app
from api.routes.frontend import CONTENT_SECURITY_POLICY
from api.routes.rulesets import installed_game_apis
from domain.registry import default_registry
from engine.application import GameService
from litestar import Litestar
from litestar.testing import TestClient

from tests.api.servers import Server, serving
from tests.patience import PATIENCE

PLAY = Path(__file__).parents[2] / "api" / "play"
#: What the shell may spell after the project's name, because browsers' stored data pins it.
PINNED = [
    r'"dodgecity\.game\."',  # seats.js: the localStorage key every remembered seat is under
]
Client = TestClient[Litestar]
#: What a game's module must export (api/play/README.md).
REQUIRED_EXPORTS = ["eventTypes", "settingsForm", "describeDecision", "describeAction", "render"]


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    games = GameService("memory://")
    with TestClient(create_app(games)) as client:
        yield client
    games.close()


def _games() -> set[str]:
    return {*default_registry().names(), "bang"}


def _shell_files() -> list[Path]:
    return sorted(path for pattern in ("*.js", "*.html", "*.css") for path in PLAY.glob(pattern))


def test_given_a_file_in_a_games_folder_when_it_is_fetched_then_it_is_served_like_the_shells_files(client: Client) -> None:
    board = client.get("/play/dodgecity/board.js")

    assert board.status_code == 200
    assert board.text == (PLAY / "dodgecity" / "board.js").read_text(encoding="utf-8")
    assert board.headers["content-type"] == "text/javascript; charset=utf-8"
    assert board.headers["x-content-type-options"] == "nosniff"
    assert board.headers["cache-control"] == "no-cache"
    assert client.get("/play/dodgecity/board.js", headers={"If-None-Match": board.headers["etag"]}).status_code == 304
    assert client.get("/play/dodgecity/game.css").headers["content-type"] == "text/css; charset=utf-8"
    assert client.get("/play").headers["content-security-policy"] == CONTENT_SECURITY_POLICY


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
    connection = http.client.HTTPConnection(host, int(port), timeout=PATIENCE)
    try:
        connection.request("GET", address)
        answer = connection.getresponse()
        answer.read()
    finally:
        connection.close()

    assert answer.status == 404
    assert (answer.getheader("content-type") or "").startswith("application/problem+json")


@pytest.mark.parametrize("path", _shell_files(), ids=lambda path: path.name)
def test_given_a_file_of_the_shell_then_it_names_no_game(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for pinned in PINNED:
        text = re.sub(pinned, "", text)

    assert [word for word in {*_games(), "dodge"} if re.search(word, text, re.IGNORECASE)] == []


# Installed games (entry points), not the registry: tests register the toy, which has no page.
@pytest.mark.parametrize("game", sorted(game.name for game in installed_game_apis()))
def test_given_an_installed_game_then_the_page_has_its_module_with_every_required_export(game: str) -> None:
    module = PLAY / game / "game.js"
    assert module.is_file(), f"no page for {game}: api/play/{game}/game.js is missing"
    text = module.read_text(encoding="utf-8")
    exported = {
        *re.findall(r"^export (?:async )?(?:function|const|let|class) (\w+)", text, re.MULTILINE),
        *(name.strip() for names in re.findall(r"^export \{([^}]*)\}", text, re.MULTILINE) for name in names.split(",")),
    }

    assert [name for name in REQUIRED_EXPORTS if name not in exported] == []


@pytest.mark.parametrize("game", sorted(game.name for game in installed_game_apis()))
def test_given_an_installed_game_then_its_module_names_every_event_its_stream_may_send(game: str) -> None:
    """EventSource tells only listeners registered by name: a module must list every event, by
    its class name (what the stream sends) or by its tag (from which the module derives it)."""
    rules = next(api.rules for api in installed_game_apis() if api.name == game)
    text = "\n".join(path.read_text(encoding="utf-8") for path in (PLAY / game).glob("*.js"))

    missing = [
        event.__name__
        for event in rules.event_types
        if f'"{event.__name__}"' not in text and f'"{event.__struct_config__.tag}"' not in text
    ]

    assert missing == []
