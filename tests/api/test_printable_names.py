"""Player names are printable text: a name holding a control or format character, a line
separator, or a space at either end is a 400 problem naming the field, for a seat, a bot seat
and the bots of a new game, in both games; names in any script are welcome."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from api.app import create_app
from api.settings import ApiSettings
from engine.application import GameService
from litestar import Litestar
from litestar.testing import TestClient

Client = TestClient[Litestar]

REFUSED = [
    "\x1b[2J",  # ESC: clears a terminal
    "nul\x00",
    "two\nlines",
    "bob\n",  # a final newline, which Python's own `$` lets through
    "back\rspace",
    "csi\x9b31m",  # the 8-bit control sequence introducer
    "evil\u202ename",  # right-to-left override
    "zero\u200bwidth",
    "line\u2028sep",
    "private\ue000",
    " bob",
    "bob ",
]
# Beyond the Basic Multilingual Plane everything is welcome (api/http/names.py says why): a flag of
# Scotland is a black flag and tag characters, and a private-use plane shows as a box.
WELCOME = [
    "Zoë Smith",
    "李小龍",
    "Ana María",
    "😀 Lucky",
    "a",
    "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f Scot",
    "\U000f0000",
]
SEATS = {"dodgecity": 2, "bang": 3}


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    """One store and app for the module, started once as a server is: each test looks only at the
    games it opens, and building an app (its OpenAPI document) took about 0.4 s of CPU, once for
    each of the 26 tests before. The limits per address are off, as the tests' games together are
    more than one address may open (the limits are tests/api/test_limits.py's)."""
    games = GameService("memory://")
    with TestClient(create_app(games, settings=ApiSettings(game_limit=None, bot_limit=None))) as test_client:
        yield test_client
    games.close()


def _refused_at(response: httpx.Response, where: str) -> None:
    assert response.status_code == 400, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    problem = response.json()
    assert "a name is printable text" in problem["detail"]
    assert [item["name"] for item in problem["invalid_params"]] == [where]


@pytest.mark.parametrize("ruleset", list(SEATS))
@pytest.mark.parametrize("name", REFUSED, ids=[ascii(name) for name in REFUSED])
def test_given_a_name_that_is_not_printable_text_when_a_seat_or_bot_takes_it_then_it_is_a_400_naming_the_field(
    client: Client, ruleset: str, name: str
) -> None:
    created = client.post("/games", json={"ruleset": ruleset, "players": SEATS[ruleset]})
    assert created.status_code == 201, created.text
    game_id, host = created.json()["game_id"], {"Authorization": f"Bearer {created.json()['host_token']}"}
    _refused_at(client.post(f"/games/{game_id}/players", json={"name": name}), "$.name")
    _refused_at(client.post(f"/games/{game_id}/bots", json={"name": name}, headers=host), "$.name")
    _refused_at(
        client.post("/games", json={"ruleset": ruleset, "players": SEATS[ruleset], "bots": [{}, {"name": name}]}),
        "$.bots[1].name",
    )
    view = client.get(f"/games/{game_id}").json()
    assert view["version"] == 1, "nothing was stored"


@pytest.mark.parametrize("ruleset", list(SEATS))
def test_given_names_in_any_script_when_seats_take_them_then_they_are_seated(client: Client, ruleset: str) -> None:
    for name in WELCOME:
        created = client.post("/games", json={"ruleset": ruleset, "players": SEATS[ruleset], "bots": [{"name": name}]})
        assert created.status_code == 201, created.text
        joined = client.post(f"/games/{created.json()['game_id']}/players", json={"name": name})
        assert joined.status_code == 201, joined.text
