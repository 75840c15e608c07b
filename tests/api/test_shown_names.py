"""Names stored before names were checked ([TABLE-NAME], issue 29 item 2): a game an older server
stored with seats named ``"\\x1b[31mEvil\\x1b[0m"``, ``"Ann\\nBen"`` and ``"\\u202eRTL"`` keeps
verifying and exports byte for byte as stored, while everything the API answers about it (the
game list, its views now and at any step, its events, its narration, its scores, the
leaderboard) shows each
name escaped (``domain.names.shown_name``), holding no character the name rule refuses."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import pytest
from api.app import create_app
from api.settings import ApiSettings
from domain.names import name_problem, shown_name
from engine.application import GameService
from engine.audit import verify
from engine.transfer import export_record
from litestar import Litestar
from litestar.testing import TestClient

from tests.api.test_imported_games import played_elsewhere

Client = TestClient[Litestar]
ODD = ("\x1b[31mEvil\x1b[0m", "Ann\nBen", "\u202eRTL")


@pytest.fixture
def stored() -> Iterator[tuple[GameService, UUID]]:
    """A store holding one ended game with the odd names, stored as an older server did."""
    games = GameService("memory://")
    game_id, commands = played_elsewhere("odd-names", ODD, check_names=False)
    games.store_game(game_id, commands)
    yield games, game_id
    games.close()


@pytest.fixture
def client(stored: tuple[GameService, UUID]) -> Iterator[Client]:
    with TestClient(create_app(stored[0], settings=ApiSettings(game_limit=None))) as test_client:
        yield test_client


def strings(value: Any) -> Iterator[str]:
    """Every string in a decoded JSON answer, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def assert_printable(answer: Any) -> None:
    refused = [text for text in strings(answer) if name_problem(text) is not None]
    assert refused == []


@pytest.mark.rule("TABLE-NAME")
def test_given_a_stored_game_with_names_that_are_not_printable_when_read_over_http_then_every_answer_shows_them_escaped_and_the_record_keeps_them(
    client: Client, stored: tuple[GameService, UUID]
) -> None:
    games, game_id = stored
    shown = [shown_name(name) for name in ODD]
    latest = client.get(f"/games/{game_id}").json()["version"]

    answers = {
        "list": client.get("/games").json(),
        "view": client.get(f"/games/{game_id}").json(),
        "step": client.get(f"/games/{game_id}/states/{len(ODD) + 1}").json(),
        "events": client.get(f"/games/{game_id}/events", params={"limit": 500}).json(),
        "narration": client.get(f"/games/{game_id}/narration", params={"limit": 500}).json(),
        "leaderboard": client.get("/leaderboard").json(),
        "scores": client.get(f"/games/{game_id}/scores").json(),
    }

    for answer in answers.values():
        assert_printable(answer)
    assert list(answers["list"]["items"][0]["players"]) == shown
    assert [player["name"] for player in answers["view"]["players"]] == shown
    assert [player["name"] for player in answers["step"]["players"]] == shown
    assert {row["name"] for row in answers["leaderboard"]} == set(shown)
    assert {row["name"] for row in answers["scores"]["players"]} == set(shown)
    told = " ".join(entry["text"] for entry in answers["narration"]["entries"])
    assert all(name in told for name in shown)
    assert latest > len(ODD)
    # The game itself is as stored: it verifies, and its record holds the names byte for byte.
    assert verify(game_id, games.records(game_id)).ok
    downloaded = client.get(f"/games/{game_id}/record").content
    assert downloaded == export_record(game_id, games.records(game_id))
    assert json.loads(downloaded)["players"] == list(ODD)
