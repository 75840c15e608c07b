"""Malformed input is always a 4xx problem: every request of the bad-input corpus
(``bad_inputs/requests.json``) gets the status it names and an RFC 9457 body, never a 5xx and
never a hang; in-process first, then once through a real served server, whose HTTP layer hands
paths and headers over differently."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from api.app import create_app
from api.http.bodies import MAX_DEPTH, nesting_depth
from engine.application import GameService
from engine.simulation import simulate
from litestar.testing import TestClient

from tests.api.bad_inputs.corpus import BadRequest, corpus, stored_games, wrong_answer
from tests.api.servers import serving

ENTRIES = corpus()


@pytest.fixture(scope="module")
def client_and_games() -> Iterator[tuple[TestClient, dict[str, str]]]:  # type: ignore[type-arg]
    games = GameService("memory://")
    simulate(2, 3, "bad input", store=games.store_game, ruleset="dodgecity")
    with TestClient(create_app(games, stream_idle_seconds=0.05), timeout=30) as client:
        yield client, stored_games(client)
    games.close()


@pytest.mark.parametrize("entry", ENTRIES, ids=[entry.name for entry in ENTRIES])
def test_given_a_bad_request_when_sent_then_it_is_answered_with_its_4xx_problem(
    client_and_games: tuple[TestClient, dict[str, str]],  # type: ignore[type-arg]
    entry: BadRequest,
) -> None:
    client, names = client_and_games
    assert wrong_answer(entry, entry.send(client, names)) is None


def test_given_the_corpus_then_it_asks_for_client_errors_only_and_names_each_entry_once() -> None:
    assert all(400 <= entry.status < 500 for entry in ENTRIES)
    assert len({entry.name for entry in ENTRIES}) == len(ENTRIES)


def test_given_a_served_server_when_sent_the_whole_corpus_then_every_answer_is_its_4xx_problem(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    games = GameService(url)
    simulate(1, 3, "bad input", store=games.store_game, ruleset="dodgecity")
    games.close()
    with serving(url) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        names = stored_games(client)
        wrong = [wrong_answer(entry, entry.send(client, names)) for entry in ENTRIES]
    assert [answer for answer in wrong if answer] == []


@pytest.mark.parametrize(
    ("body", "depth"),
    [
        (b"{}", 1),
        (b'{"a": [1, {"b": []}]}', 4),
        (b'{"a": "[[[[{{{{"}', 1),  # brackets inside a string do not nest
        (b'{"a": "\\"[[["}', 1),  # nor after an escaped quote
        (b"[" * 100_000, 100_000),
        (b"", 0),
    ],
)
def test_given_a_body_when_its_nesting_is_measured_then_only_brackets_outside_strings_count(body: bytes, depth: int) -> None:
    assert nesting_depth(body) == depth


def test_given_a_body_nested_exactly_to_the_limit_when_creating_a_game_then_the_depth_is_not_what_refuses_it(
    client_and_games: tuple[TestClient, dict[str, str]],  # type: ignore[type-arg]
) -> None:
    client, _ = client_and_games
    body = b'{"bots": ' + b"[" * (MAX_DEPTH - 1) + b"]" * (MAX_DEPTH - 1) + b"}"
    answer = client.post("/games", content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 400
    assert "nests deeper" not in answer.json()["detail"]


@pytest.mark.parametrize(
    "headers",
    [
        {"Content-Type": "application/json"},
        {"Content-Type": "application/json; charset=utf-8"},
        {"Content-Type": "Application/JSON; charset=UTF-8"},
        {"Content-Type": "application/vnd.dodgecity+json"},
        {},  # none at all, as a hand-written request often sends: taken as JSON
    ],
    ids=["json", "json-utf8", "json-capitals", "vendor-json", "none"],
)
def test_given_a_json_body_when_sent_with_a_json_media_type_or_none_then_the_game_is_created(
    client_and_games: tuple[TestClient, dict[str, str]],  # type: ignore[type-arg]
    headers: dict[str, str],
) -> None:
    client, _ = client_and_games
    answer = client.post("/games", content=b'{"players": 3}', headers=headers)
    assert answer.status_code == 201, answer.text


@pytest.mark.parametrize(("token", "status"), [(None, 401), ("lobby_seat", 403)])
def test_given_no_host_token_when_seating_a_bot_then_the_refusal_speaks_of_seating_a_bot(
    client_and_games: tuple[TestClient, dict[str, str]],  # type: ignore[type-arg]
    token: str | None,
    status: int,
) -> None:
    client, names = client_and_games
    headers = {"Authorization": f"Bearer {names[token]}"} if token else {}
    answer = client.post(f"/games/{names['lobby']}/bots", json={}, headers=headers)
    assert answer.status_code == status
    assert "seat a bot" in answer.json()["detail"]
    assert "start" not in answer.json()["detail"]
