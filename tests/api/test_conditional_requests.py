"""If-None-Match against a real server: a caller holding the body it would get is answered 304
with the ETag and no body, on the game, any step of it, and its record; a tag confirms only the
body it was sent with, so a seat's tag never confirms a spectator's body nor another seat's."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.api.http_players import bearer, client_for
from tests.api.servers import Server, start_server

RULESETS = ["dodgecity", "bang"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start_server(f"sqlite:///{tmp_path_factory.mktemp('etags') / 'games.db'}", "--game-limit", "off")
    yield running
    running.stop()


@pytest.fixture
def client(server: Server) -> Iterator[httpx.Client]:
    with client_for(server.url) as http:
        yield http


def _running_game(client: httpx.Client, ruleset: str) -> tuple[str, list[str]]:
    game = client.post("/games", json={"ruleset": ruleset, "players": 3}).json()
    tokens = [client.post(f"/games/{game['game_id']}/players", json={"name": name}).json()["token"] for name in ("Ann", "Ben", "Cid")]
    assert client.post(f"/games/{game['game_id']}/start", headers=bearer(game["host_token"])).status_code == 200
    return str(game["game_id"]), tokens


def _paths(game_id: str) -> list[str]:
    return [f"/games/{game_id}", f"/games/{game_id}/states/3", f"/games/{game_id}/record"]


def _not_modified(answer: httpx.Response, tag: str) -> None:
    assert answer.status_code == 304, answer.text
    assert answer.headers["etag"] == tag
    assert answer.content == b""


@pytest.mark.parametrize("ruleset", RULESETS)
def test_given_the_etag_of_the_body_held_when_it_is_sent_as_if_none_match_then_the_answer_is_304_without_a_body(
    client: httpx.Client, ruleset: str
) -> None:
    game_id, tokens = _running_game(client, ruleset)
    for path in _paths(game_id):
        for headers in ({}, bearer(tokens[0])):
            first = client.get(path, headers=headers)
            assert first.status_code == 200
            tag = first.headers["etag"]
            assert first.headers["vary"] == "Authorization"
            _not_modified(client.get(path, headers=headers | {"If-None-Match": tag}), tag)
            # Weak comparison: W/"x" matches "x"; any tag of a list may match; "*" matches any.
            _not_modified(client.get(path, headers=headers | {"If-None-Match": f"W/{tag}"}), tag)
            _not_modified(client.get(path, headers=headers | {"If-None-Match": f'"1-0000000000000000", {tag}'}), tag)
            _not_modified(client.get(path, headers=headers | {"If-None-Match": "*"}), tag)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_given_a_tag_that_is_not_the_body_held_when_sent_then_the_whole_body_is_answered(client: httpx.Client, ruleset: str) -> None:
    game_id, _ = _running_game(client, ruleset)
    for path in _paths(game_id):
        tag = client.get(path).headers["etag"]
        version = tag.strip('"').partition("-")[0]
        for other in ('"nothing"', f'"{version}"', f'"{version}-0000000000000000"', tag.strip('"'), ""):
            answer = client.get(path, headers={"If-None-Match": other})
            assert answer.status_code == 200, other
            assert answer.headers["etag"] == tag
            assert answer.json()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_given_another_callers_tag_when_sent_then_it_never_confirms_a_body_of_another_view(client: httpx.Client, ruleset: str) -> None:
    game_id, tokens = _running_game(client, ruleset)
    callers = [{}, *(bearer(token) for token in tokens)]
    for path in _paths(game_id):
        answers = [client.get(path, headers=headers) for headers in callers]
        tags = [answer.headers["etag"] for answer in answers]
        # The same version, four views (a spectator's and each seat's own hand): four tags.
        assert len({tag.partition("-")[0] for tag in tags}) == 1
        assert len(set(tags)) == len(callers)
        for index, headers in enumerate(callers):
            for other, tag in enumerate(tags):
                answer = client.get(path, headers=headers | {"If-None-Match": tag})
                if other == index:
                    assert answer.status_code == 304
                else:
                    assert answer.status_code == 200
                    assert answer.content == answers[index].content


def test_given_a_tag_of_an_older_version_when_the_game_moved_on_then_the_new_body_is_answered_and_the_tag_still_works_as_if_match(
    client: httpx.Client,
) -> None:
    game_id, tokens = _running_game(client, "dodgecity")
    seat = next(i for i, token in enumerate(tokens) if client.get(f"/games/{game_id}/actions", headers=bearer(token)).json()["actions"])
    held = client.get(f"/games/{game_id}", headers=bearer(tokens[seat]))
    action = held.json()["actions"][0]["action"]
    acted = client.post(
        f"/games/{game_id}/actions", json={"action": action}, headers=bearer(tokens[seat]) | {"If-Match": held.headers["etag"]}
    )
    assert acted.status_code == 200, acted.text
    now = client.get(f"/games/{game_id}", headers=bearer(tokens[seat]) | {"If-None-Match": held.headers["etag"]})
    assert now.status_code == 200
    assert now.json()["version"] > held.json()["version"]
    # The answer to the action is the view a GET gives now: the same tag.
    assert now.headers["etag"] == acted.headers["etag"]
    _not_modified(
        client.get(f"/games/{game_id}", headers=bearer(tokens[seat]) | {"If-None-Match": acted.headers["etag"]}), acted.headers["etag"]
    )
