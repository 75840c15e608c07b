"""Playing over HTTP: the lobby, who may do what, refusals and stale versions, idempotent retries,
events, past states, the live stream, OPTIONS and the offline docs page."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

import httpx
import pytest
from api.app import create_app
from api.settings import ApiSettings
from engine.application import GameService
from litestar import Litestar
from litestar.testing import TestClient

from tests.api.servers import serving
from tests.api.test_streams import DELIVERY_SECONDS, LiveStream
from tests.patience import PATIENCE
from tests.test_rule_coverage import rule_ids

Client = TestClient[Litestar]

PROBLEM_FIELDS = {"type", "title", "status", "detail", "instance"}
STREAM_IDLE_SECONDS = 0.1
#: Longer than the test waits for the stream's end (:data:`PATIENCE`): a stream that has ended
#: by then can only have ended because the game did, however busy the machine.
FINISHED_STREAM_IDLE_SECONDS = 2 * PATIENCE
T = TypeVar("T")


# -- helpers ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """A game opened over HTTP and every token handed out for it."""

    game_id: str
    host: str
    seats: tuple[str, ...]  # seat tokens, in seat order

    @property
    def url(self) -> str:
        return f"/games/{self.game_id}"


@dataclass(frozen=True)
class Message:
    """One Server-Sent Events message."""

    id: int
    event: str
    data: dict[str, Any]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def is_problem(response: httpx.Response, status: int, kind: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body: dict[str, Any] = response.json()
    assert body.keys() >= PROBLEM_FIELDS
    assert body["status"] == status
    assert body["type"].endswith("/" + kind)
    assert body["instance"] == response.request.url.path
    return body


def open_table(
    client: httpx.Client, seed: str, names: tuple[str, ...] = ("Ann", "Bob"), *, players: int | None = None, start: bool = True
) -> Table:
    created = client.post("/games", json={"players": players or len(names), "seed": seed})
    assert created.status_code == 201, created.text
    game_id, host = created.json()["game_id"], created.json()["host_token"]
    seats = []
    for name in names:
        joined = client.post(f"/games/{game_id}/players", json={"name": name})
        assert joined.status_code == 201, joined.text
        seats.append(joined.json()["token"])
    if start:
        assert client.post(f"/games/{game_id}/start", headers=bearer(host)).status_code == 200
    return Table(game_id=game_id, host=host, seats=tuple(seats))


def offered(client: httpx.Client, table: Table, seat: int) -> list[dict[str, Any]]:
    answer = client.get(f"{table.url}/actions", headers=bearer(table.seats[seat]))
    assert answer.status_code == 200, answer.text
    actions: list[dict[str, Any]] = answer.json()["actions"]
    return actions


def game_now(client: Client, table: Table, headers: dict[str, str] | None = None) -> dict[str, Any]:
    """The game as GET /games/{id} answers it, less the caller's next actions (always empty
    for a spectator): what a caller may do is not part of a state."""
    seen: dict[str, Any] = client.get(table.url, headers=headers).json()
    assert seen.pop("actions") == ([] if headers is None else offered(client, table, table.seats.index(headers["Authorization"][7:])))
    return seen


def take_turns(client: Client, table: Table, rng: random.Random, max_actions: int | None = None) -> int:
    """Post, for the first seat offered anything, one of its offered actions; again and again
    until the game ends (or ``max_actions`` were posted). Returns how many were posted."""
    posted = 0
    while max_actions is None or posted < max_actions:
        seat = next((s for s in range(len(table.seats)) if offered(client, table, s)), None)
        assert seat is not None, "a running game offers nobody anything"
        answer = client.post(f"{table.url}/actions", json=rng.choice(offered(client, table, seat)), headers=bearer(table.seats[seat]))
        assert answer.status_code == 200, answer.text
        posted += 1
        if answer.json()["status"] == "ended":
            break
    return posted


def all_events(client: Client, table: Table, headers: dict[str, str] | None = None, limit: int = 500) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    after: int | None = 0
    while after is not None:
        page = client.get(f"{table.url}/events", params={"after": after, "limit": limit}, headers=headers or {})
        assert page.status_code == 200, page.text
        events.extend(page.json()["events"])
        after = page.json()["next_after"]
    return events


def parse_stream(text: str) -> list[Message]:
    messages = []
    for block in text.replace("\r\n", "\n").split("\n\n"):
        fields: dict[str, str] = {}
        for line in block.split("\n"):
            if line and not line.startswith(":"):
                name, _, value = line.partition(":")
                fields[name] = value.removeprefix(" ")
        if "data" in fields:
            messages.append(Message(id=int(fields["id"]), event=fields["event"], data=json.loads(fields["data"])))
    return messages


def read_stream(client: Client, url: str, headers: dict[str, str] | None = None, params: dict[str, int] | None = None) -> list[Message]:
    with client.stream("GET", url, headers=headers or {}, params=params or {}) as response:
        assert response.status_code == 200, response.read()
        assert response.headers["content-type"].startswith("text/event-stream")
        return parse_stream("\n".join(response.iter_lines()) + "\n")


def state_url(table: Table, version: int) -> str:
    return f"{table.url}/states/{version}"


# -- fixtures -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def games() -> Iterator[GameService]:
    """One store for the module: each test opens games of its own in it."""
    store = GameService("memory://")
    yield store
    store.close()


def serve(games: GameService, stream_idle_seconds: float) -> Client:
    # The work limits off: these tests open more games from one client than a person would.
    unlimited = ApiSettings(game_limit=None, bot_limit=None)
    return TestClient(create_app(games, settings=unlimited, stream_idle_seconds=stream_idle_seconds))


@pytest.fixture(scope="module")
def client(games: GameService) -> Iterator[Client]:
    with serve(games, STREAM_IDLE_SECONDS) as test_client:
        yield test_client


@pytest.fixture
def table(client: Client) -> Table:
    """A started two-seat game, in its start round."""
    return open_table(client, "play-api")


@pytest.fixture(scope="module")
def finished(client: Client) -> Table:
    """A whole two-seat game played to its end through the API, with random (seeded) choices."""
    played = open_table(client, "finished-game")
    take_turns(client, played, random.Random("finished-game"))
    return played


# -- the lobby ----------------------------------------------------------------------------------


def test_given_a_new_game_when_two_players_join_and_the_host_starts_then_it_runs_and_each_sees_only_his_hand(client: Client) -> None:
    created = client.post("/games", json={"players": 2, "seed": "lobby"})
    assert created.status_code == 201
    game = created.json()
    assert game["version"] == 1
    assert game["host_token"]
    assert created.headers["location"] == f"/games/{game['game_id']}"
    url = f"/games/{game['game_id']}"
    lobby = client.get(url).json()
    assert (lobby["status"], lobby["players"], lobby["version"]) == ("lobby", [], 1)
    assert game["game_id"] in {g["game_id"] for g in client.get("/games", params={"status": "lobby", "limit": 100}).json()["items"]}

    seats = []
    for expected_seat, (name, colour) in enumerate([("Ann", "green"), ("Bob", None)]):
        joined = client.post(f"{url}/players", json={"name": name} | ({"colour": colour} if colour else {}))
        assert joined.status_code == 201
        assert joined.headers["location"] == url
        assert joined.json() | {"token": ""} == {
            "game_id": game["game_id"],
            "seat": expected_seat,
            "version": 2 + expected_seat,
            "token": "",
        }
        seats.append(joined.json()["token"])
    assert len(set(seats)) == 2
    refused = is_problem(client.post(f"{url}/players", json={"name": "Cid"}), 409, "rule-violation")
    assert refused["rule"] in rule_ids()

    started = client.post(f"{url}/start", headers=bearer(game["host_token"]))
    assert started.status_code == 200
    assert started.json()["status"] == "running"
    assert started.headers["etag"].startswith(f'"{started.json()["version"]}-')
    assert [(p["name"], p["colour"]) for p in started.json()["players"]] == [("Ann", "green"), ("Bob", "red")]
    listed = {g["game_id"]: g for g in client.get("/games", params={"status": "running", "limit": 100}).json()["items"]}
    assert listed[game["game_id"]]["players"] == ["Ann", "Bob"]

    for seat, token in enumerate(seats):
        view = client.get(url, headers=bearer(token)).json()
        assert view["viewer"] == seat
        assert len(view["players"][seat]["hand"]) == view["players"][seat]["hand_size"] > 0
        assert view["players"][1 - seat]["hand"] is None
    spectator = client.get(url).json()
    assert spectator["viewer"] is None
    assert [p["hand"] for p in spectator["players"]] == [None, None]
    assert is_problem(client.post(f"{url}/start", headers=bearer(game["host_token"])), 409, "rule-violation")["rule"] in rule_ids()


# -- who may do what ----------------------------------------------------------------------------


def test_given_no_token_when_starting_then_401_with_a_bearer_challenge(client: Client) -> None:
    lobby = open_table(client, "auth", start=False)
    answer = client.post(f"{lobby.url}/start")
    is_problem(answer, 401, "unauthorized")
    assert answer.headers["www-authenticate"].startswith("Bearer")
    assert client.get(lobby.url).json()["status"] == "lobby"


def test_given_a_seat_token_when_starting_then_403_and_the_game_stays_in_the_lobby(client: Client) -> None:
    lobby = open_table(client, "auth", start=False)
    is_problem(client.post(f"{lobby.url}/start", headers=bearer(lobby.seats[0])), 403, "forbidden")
    assert client.get(lobby.url).json()["status"] == "lobby"


def test_given_fewer_than_two_seats_when_the_host_starts_then_409_naming_the_rule(client: Client) -> None:
    alone = open_table(client, "alone", names=("Ann",), players=2, start=False)
    body = is_problem(client.post(f"{alone.url}/start", headers=bearer(alone.host)), 409, "rule-violation")
    assert body["rule"] == "SETUP-PLAYERS"
    assert body["rule"] in rule_ids()
    assert client.get(alone.url).json()["version"] == 2


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", ""),
        ("GET", "/actions"),
        ("GET", "/events"),
        ("GET", "/states/1"),
        ("GET", "/stream"),
        ("POST", "/actions"),
        ("POST", "/start"),
    ],
)
def test_given_a_token_of_another_game_then_every_endpoint_answers_401(client: Client, table: Table, method: str, path: str) -> None:
    other = open_table(client, "other game")
    body = {"action": {"kind": "end_turn"}} if path == "/actions" and method == "POST" else None
    for token in (*other.seats, other.host):
        answer = client.request(method, table.url + path, headers=bearer(token), json=body)
        is_problem(answer, 401, "unauthorized")
        assert answer.headers["www-authenticate"].startswith("Bearer")


@pytest.mark.parametrize("authorization", ["Bearer not-a-token-of-anyone", "Bearer ", "Basic QW5uOnNlY3JldA==", "Bearer b@d!"])
def test_given_a_malformed_or_unknown_authorization_then_401_never_a_spectator_view(
    client: Client, table: Table, authorization: str
) -> None:
    is_problem(client.get(table.url, headers={"Authorization": authorization}), 401, "unauthorized")


def test_given_the_host_token_when_acting_then_403_and_without_a_token_401(client: Client, table: Table) -> None:
    action = offered(client, table, 0)[0]
    is_problem(client.post(f"{table.url}/actions", json=action, headers=bearer(table.host)), 403, "forbidden")
    no_token = client.post(f"{table.url}/actions", json=action)
    is_problem(no_token, 401, "unauthorized")
    assert no_token.headers["www-authenticate"].startswith("Bearer")
    host_actions = client.get(f"{table.url}/actions", headers=bearer(table.host)).json()
    assert (host_actions["seat"], host_actions["actions"]) == (None, [])
    assert client.get(f"{table.url}/actions").json()["actions"] == []
    assert client.get(table.url).json()["version"] == action["expected_version"]


# -- refusals and stale versions ----------------------------------------------------------------


def test_given_a_refused_action_then_409_naming_the_rule_and_nothing_is_stored(client: Client, table: Table) -> None:
    before = {token: client.get(table.url, headers=bearer(token)).content for token in table.seats}
    spectator_before = client.get(table.url).content
    events_before = client.get(f"{table.url}/events").json()
    hand = client.get(table.url, headers=bearer(table.seats[0])).json()["players"][0]["hand"]
    not_mine = next(f"C{n:02d}" for n in range(1, 33) if f"C{n:02d}" not in hand)

    refusals = [
        {"action": {"kind": "commit_card", "card": not_mine}},  # not in the hand
        {"action": {"kind": "end_turn"}},  # nobody has a turn in the start round
    ]
    for refusal in refusals:
        body = is_problem(client.post(f"{table.url}/actions", json=refusal, headers=bearer(table.seats[0])), 409, "rule-violation")
        assert body["rule"] in rule_ids()

    assert {token: client.get(table.url, headers=bearer(token)).content for token in table.seats} == before
    assert client.get(table.url).content == spectator_before
    assert client.get(f"{table.url}/events").json() == events_before
    # Still fully playable: the refusals left no half-applied change behind.
    assert client.post(f"{table.url}/actions", json=offered(client, table, 0)[0], headers=bearer(table.seats[0])).status_code == 200


def test_given_a_stale_expected_version_then_409_with_the_current_version_and_nothing_stored(client: Client, table: Table) -> None:
    take_turns(client, table, random.Random("past the commitments"), max_actions=2)  # both start cards
    seat = next(s for s in range(2) if offered(client, table, s))
    first = offered(client, table, seat)[0]
    assert client.post(f"{table.url}/actions", json=first, headers=bearer(table.seats[seat])).status_code == 200
    current = client.get(table.url).json()["version"]
    seat = next(s for s in range(2) if offered(client, table, s))
    stale = offered(client, table, seat)[0] | {"expected_version": first["expected_version"]}
    body = is_problem(client.post(f"{table.url}/actions", json=stale, headers=bearer(table.seats[seat])), 409, "version-conflict")
    assert body["current_version"] == current
    assert client.get(table.url).json()["version"] == current


def test_given_a_simultaneous_commitment_then_other_seats_commitments_since_its_version_do_not_make_it_stale(client: Client) -> None:
    """[START-COMMIT] and [DUEL-COMMIT]: everyone commits at once, so the order the requests
    arrive in must not matter; If-Match still asks for the very version."""
    table = open_table(client, "all at once", ("Ann", "Bob", "Cid"))
    chosen = [offered(client, table, seat)[0] for seat in range(3)]
    read_at = {item["expected_version"] for item in chosen}
    assert len(read_at) == 1, "all three were offered their commitment at one version"
    acted = client.post(f"{table.url}/actions", json=chosen[0], headers=bearer(table.seats[0]))
    assert acted.status_code == 200, acted.text
    # Bob's If-Match names the version he read: not the latest any more, so 412.
    tag = {"If-Match": f'"{chosen[1]["expected_version"]}"'}
    refused = client.post(f"{table.url}/actions", json={"action": chosen[1]["action"]}, headers=bearer(table.seats[1]) | tag)
    is_problem(refused, 412, "version-conflict")
    for seat in (1, 2):
        acted = client.post(f"{table.url}/actions", json=chosen[seat], headers=bearer(table.seats[seat]))
        assert acted.status_code == 200, acted.text
    events = all_events(client, table)
    assert sorted(e["seat"] for e in events if e["type"] == "StartCardCommitted") == [0, 1, 2]
    assert any(e["type"] == "StartCardsRevealed" for e in events)
    # Once the commitments are revealed, the version they were chosen at is stale for anything.
    seat = next(s for s in range(3) if offered(client, table, s))
    late = offered(client, table, seat)[0] | {"expected_version": chosen[0]["expected_version"]}
    is_problem(client.post(f"{table.url}/actions", json=late, headers=bearer(table.seats[seat])), 409, "version-conflict")


def test_given_a_seat_token_then_the_game_and_each_action_answer_carry_what_the_seat_may_do_next(client: Client, table: Table) -> None:
    seen = client.get(table.url, headers=bearer(table.seats[0])).json()
    assert seen["actions"] == offered(client, table, 0)
    assert seen["actions"], "a seat awaited for its start card is offered its cards"
    assert client.get(table.url).json()["actions"] == [], "a spectator may do nothing"
    rng = random.Random("next actions")
    for _ in range(12):
        seat = next(s for s in range(2) if offered(client, table, s))
        answer = client.post(f"{table.url}/actions", json=rng.choice(offered(client, table, seat)), headers=bearer(table.seats[seat]))
        assert answer.status_code == 200, answer.text
        assert answer.json()["actions"] == offered(client, table, seat)


def test_given_a_stale_if_match_then_412_with_the_current_version_and_a_current_one_acts(client: Client, table: Table) -> None:
    first = offered(client, table, 0)[0]
    assert client.post(f"{table.url}/actions", json=first, headers=bearer(table.seats[0])).status_code == 200
    current = client.get(table.url)
    version = current.json()["version"]
    action = {"action": offered(client, table, 1)[0]["action"]}
    stale_tag = f'"{first["expected_version"]}"'
    body = is_problem(
        client.post(f"{table.url}/actions", json=action, headers=bearer(table.seats[1]) | {"If-Match": stale_tag}), 412, "version-conflict"
    )
    assert body["current_version"] == version
    assert client.get(table.url).json()["version"] == version
    # A stale expected_version next to a current If-Match is the 409 of the body's field.
    mixed = action | {"expected_version": first["expected_version"]}
    headers = bearer(table.seats[1]) | {"If-Match": current.headers["etag"]}
    assert (
        is_problem(client.post(f"{table.url}/actions", json=mixed, headers=headers), 409, "version-conflict")["current_version"] == version
    )
    acted = client.post(f"{table.url}/actions", json=action, headers=headers)
    assert acted.status_code == 200
    assert acted.json()["version"] > version


def test_given_any_game_view_answered_then_its_etag_begins_with_its_version(client: Client, table: Table) -> None:
    answers = [client.get(table.url), client.get(table.url, headers=bearer(table.seats[1]))]
    answers.append(client.post(f"{table.url}/actions", json=offered(client, table, 1)[0], headers=bearer(table.seats[1])))
    answers.extend(client.get(f"{table.url}/states/{version}") for version in (0, 1, 4, answers[-1].json()["version"]))
    for answer in answers:
        assert answer.status_code == 200
        assert re.fullmatch(rf'"{answer.json()["version"]}-[0-9a-f]{{16}}"', answer.headers["etag"])
    assert [a.json()["version"] for a in answers[3:]] == [0, 1, 4, answers[2].json()["version"]]


# -- idempotency --------------------------------------------------------------------------------


def test_given_an_idempotency_key_when_an_action_is_retried_after_the_game_moved_on_then_the_first_answer_is_replayed(
    client: Client, table: Table
) -> None:
    key = {"Idempotency-Key": "ann-commits-once"}
    action = offered(client, table, 0)[0]
    first = client.post(f"{table.url}/actions", json=action, headers=bearer(table.seats[0]) | key)
    assert first.status_code == 200
    assert "idempotent-replayed" not in first.headers
    take_turns(client, table, random.Random("moves on"), max_actions=6)
    moved_on = client.get(table.url).json()["version"]
    assert moved_on > first.json()["version"]

    for _ in range(2):
        retry = client.post(f"{table.url}/actions", json=action, headers=bearer(table.seats[0]) | key)
        assert retry.status_code == 200
        assert retry.headers["idempotent-replayed"] == "true"
        assert retry.content == first.content
        assert retry.headers["etag"] == first.headers["etag"]
    assert client.get(table.url).json()["version"] == moved_on
    # Only one batch of events was ever stored for the key: the retries stored none.
    events = all_events(client, table)
    assert len(events) == moved_on
    assert [e["originator_version"] for e in events] == list(range(1, moved_on + 1))
    assert sum(e["type"] == "StartCardCommitted" and e["seat"] == 0 for e in events) == 1


def test_given_an_idempotency_key_reused_for_another_action_then_409_and_nothing_stored(client: Client, table: Table) -> None:
    key = {"Idempotency-Key": "k-1"}
    first, second = offered(client, table, 0)[:2]
    assert client.post(f"{table.url}/actions", json=first, headers=bearer(table.seats[0]) | key).status_code == 200
    version = client.get(table.url).json()["version"]
    is_problem(client.post(f"{table.url}/actions", json=second, headers=bearer(table.seats[0]) | key), 409, "idempotency-key-reused")
    assert client.get(table.url).json()["version"] == version
    # Keys are each seat's own: the other seat may use the same one.
    other = client.post(f"{table.url}/actions", json=offered(client, table, 1)[0], headers=bearer(table.seats[1]) | key)
    assert other.status_code == 200
    assert "idempotent-replayed" not in other.headers


def test_given_an_idempotency_key_when_creating_a_game_twice_then_one_game_and_the_same_answer(client: Client) -> None:
    request = {"players": 3, "seed": "idempotent"}
    key = {"Idempotency-Key": "create-once-0123456789"}
    games_before = client.get("/games").json()["total"]
    first = client.post("/games", json=request, headers=key)
    assert first.status_code == 201
    assert "idempotent-replayed" not in first.headers
    retry = client.post("/games", json=request, headers=key)
    assert retry.status_code == 201
    assert retry.headers["idempotent-replayed"] == "true"
    assert retry.json() == first.json()
    assert retry.headers["location"] == first.headers["location"]
    assert client.get("/games").json()["total"] == games_before + 1
    # The host token of the replayed answer works.
    game_id = first.json()["game_id"]
    for name in ("Ann", "Bob"):
        client.post(f"/games/{game_id}/players", json={"name": name})
    assert client.post(f"/games/{game_id}/start", headers=bearer(retry.json()["host_token"])).status_code == 200

    is_problem(client.post("/games", json={"players": 2, "seed": "idempotent"}, headers=key), 409, "idempotency-key-reused")
    assert client.get("/games").json()["total"] == games_before + 1
    other = client.post("/games", json=request, headers={"Idempotency-Key": "another key, 16 characters or more"})
    assert other.status_code == 201
    assert other.json()["game_id"] != game_id
    assert client.get("/games").json()["total"] == games_before + 2


# -- events and past states ---------------------------------------------------------------------


def test_given_a_small_page_size_then_next_after_walks_every_event_exactly_once(client: Client, finished: Table) -> None:
    table = finished
    latest = client.get(table.url).json()["version"]
    versions: list[int] = []
    after: int | None = 0
    pages = 0
    while after is not None:
        page = client.get(f"{table.url}/events", params={"after": after, "limit": 7}).json()
        pages += 1
        assert page["latest_version"] == latest
        assert 1 <= len(page["events"]) <= 7
        assert [e["originator_version"] for e in page["events"]] == list(range(after + 1, after + 1 + len(page["events"])))
        versions.extend(e["originator_version"] for e in page["events"])
        after = page["next_after"]
        assert after is None or after == versions[-1]
    assert versions == list(range(1, latest + 1))
    assert pages == -(-latest // 7)
    assert all("type" in e for e in all_events(client, table))
    tail = client.get(f"{table.url}/events", params={"after": latest}).json()
    assert (tail["events"], tail["next_after"]) == ([], None)


def test_given_versions_beyond_the_latest_then_404_problems(client: Client, finished: Table) -> None:
    table = finished
    latest = client.get(table.url).json()["version"]
    assert is_problem(client.get(f"{table.url}/states/{latest + 1}"), 404, "version-not-found")["current_version"] == latest
    is_problem(client.get(f"{table.url}/events", params={"after": latest + 1}), 404, "version-not-found")
    is_problem(client.get(f"{table.url}/stream", params={"after": latest + 1}), 404, "version-not-found")
    is_problem(client.get(f"{table.url}/stream", headers={"Last-Event-ID": str(latest + 1)}), 404, "version-not-found")
    is_problem(client.get("/games/00000000-0000-0000-0000-000000000000/states/0"), 404, "game-not-found")


def test_given_a_finished_game_then_its_latest_state_is_the_game_itself(client: Client, finished: Table) -> None:
    table = finished
    now = client.get(table.url)
    assert now.json()["status"] == "ended"
    latest = client.get(state_url(table, now.json()["version"]))
    assert latest.json() == game_now(client, table)
    # The same version; the bodies differ (the game's lists its caller's actions), so the digests do.
    assert latest.headers["etag"].partition("-")[0] == now.headers["etag"].partition("-")[0]
    for token in table.seats:
        assert client.get(state_url(table, now.json()["version"]), headers=bearer(token)).json() == game_now(client, table, bearer(token))
        assert offered(client, table, table.seats.index(token)) == []


def test_given_a_finished_game_then_each_state_agrees_with_the_events_that_led_to_it(client: Client, finished: Table) -> None:
    table = finished
    events = all_events(client, table)
    assert events[0]["type"] == "GameCreated"
    assert events[-1]["type"] == "GameEnded"

    def state(version: int) -> dict[str, Any]:
        answer = client.get(state_url(table, version))
        assert answer.status_code == 200
        body: dict[str, Any] = answer.json()
        assert body["version"] == version
        return body

    assert state(0)["players"] == []
    checked: set[str] = set()
    for event in events:
        version, kind = event["originator_version"], event["type"]
        if kind == "PlayerJoined":
            players = state(version)["players"]
            assert len(players) == event["seat"] + 1
            assert (players[-1]["name"], players[-1]["colour"]) == (event["name"], event["colour"])
        elif kind == "GameStarted":
            assert (state(version - 1)["status"], state(version)["status"]) == ("lobby", "running")
            assert [b["id"] for b in state(version)["buildings"]] == event["buildings"]
        elif kind == "DrawPileShuffled" and not event["from_discard"]:
            # The game has ended, so every past step shows its secrets too.
            after = state(version)
            assert after["draw_pile_size"] == len(event["order"])
            assert after["secrets"]["draw_pile"] == event["order"]
        elif kind == "CardsDealt" and kind not in checked:
            before, after = state(version - 1), state(version)
            hand = after["players"][event["seat"]]["hand"]
            assert hand[-len(event["cards"]) :] == event["cards"]
            assert after["draw_pile_size"] == before["draw_pile_size"] - len(event["cards"])
        elif kind == "StartPlayerChosen" and kind not in checked:
            assert state(version)["start_player"] == event["seat"]
        elif kind == "GameEnded":
            after = state(version)
            assert (after["status"], after["end_reason"], after["winners"]) == ("ended", event["reason"], event["winners"])
            assert [p["points"] for p in after["players"]] == event["points"]
        else:
            continue
        checked.add(kind)
    assert checked == {"PlayerJoined", "GameStarted", "DrawPileShuffled", "CardsDealt", "StartPlayerChosen", "GameEnded"}


def test_given_as_played_then_a_past_state_of_a_finished_game_hides_again_what_was_hidden_then(client: Client, finished: Table) -> None:
    table = finished
    dealt = next(e["originator_version"] for e in all_events(client, table) if e["type"] == "CardsDealt")
    everything = client.get(state_url(table, dealt)).json()
    as_played = client.get(state_url(table, dealt), params={"as_played": "true"}).json()
    assert everything["secrets"] is not None
    assert everything["players"][0]["hand"]
    assert as_played["secrets"] is None
    assert [p["hand"] for p in as_played["players"]] == [None, None]
    own = client.get(state_url(table, dealt), params={"as_played": "true"}, headers=bearer(table.seats[0])).json()
    assert own["players"][0]["hand"] == everything["players"][0]["hand"]
    assert own["players"][1]["hand"] is None


def test_given_a_running_game_then_its_latest_state_is_what_each_caller_gets_now(client: Client, table: Table) -> None:
    take_turns(client, table, random.Random("running"), max_actions=12)
    latest = client.get(table.url).json()["version"]
    assert client.get(state_url(table, latest)).json() == game_now(client, table)
    for token in table.seats:
        assert client.get(state_url(table, latest), headers=bearer(token)).json() == game_now(client, table, bearer(token))
    # The past of a running game keeps its secrets: nobody's hand, no piles.
    for version in range(latest + 1):
        past = client.get(state_url(table, version)).json()
        assert past["secrets"] is None
        assert all(p["hand"] is None for p in past["players"])


# -- the stream ---------------------------------------------------------------------------------


def test_given_a_running_game_then_the_stream_sends_its_events_in_order_as_the_events_resource_does(client: Client, table: Table) -> None:
    take_turns(client, table, random.Random("stream"), max_actions=10)
    latest = client.get(table.url).json()["version"]
    for headers in ({}, bearer(table.seats[0]), bearer(table.seats[1])):
        messages = read_stream(client, f"{table.url}/stream", headers)
        assert [m.id for m in messages] == list(range(1, latest + 1))
        events = all_events(client, table, headers)
        assert [m.data for m in messages] == events
        assert [m.event for m in messages] == [f"dodgecity.{e['type']}" for e in events]


def test_given_a_last_event_id_then_the_stream_resumes_after_it_without_repeats_or_gaps(client: Client, table: Table) -> None:
    take_turns(client, table, random.Random("resume"), max_actions=10)
    latest = client.get(table.url).json()["version"]
    everything = read_stream(client, f"{table.url}/stream")
    for cut in (1, latest // 2, latest - 1):
        resumed = read_stream(client, f"{table.url}/stream", {"Last-Event-ID": str(everything[cut - 1].id)})
        assert [m.id for m in resumed] == list(range(cut + 1, latest + 1))
        assert everything[:cut] + resumed == everything
        assert read_stream(client, f"{table.url}/stream", params={"after": cut}) == resumed
    assert read_stream(client, f"{table.url}/stream", {"Last-Event-ID": str(latest)}) == []


def test_given_an_open_stream_when_a_seat_acts_then_the_new_events_arrive_on_it() -> None:
    # A real server: its stream's answer begins before its end, so the seat acts once it is open.
    with serving("memory://") as server, httpx.Client(base_url=server.url, timeout=PATIENCE) as client:
        table = open_table(client, "live")
        before = client.get(table.url).json()["version"]
        action = offered(client, table, 0)[0]
        with LiveStream(server.url, f"{table.url}/stream?after={before}") as stream:
            acted = client.post(f"{table.url}/actions", json=action, headers=bearer(table.seats[0]))
            assert acted.status_code == 200, acted.text
            after = client.get(table.url).json()["version"]
            assert after > before
            messages = [stream.next(DELIVERY_SECONDS) for _ in range(after - before)]
    assert [m.id for m in messages] == list(range(before + 1, after + 1))
    assert messages[0].event == "dodgecity.StartCardCommitted"


def before_the_idle_close(call: Callable[[], T]) -> T:
    """What ``call`` (reading a stream) answers, which must come before the stream could have
    closed for being idle (:data:`FINISHED_STREAM_IDLE_SECONDS`)."""
    pool = ThreadPoolExecutor(max_workers=1)
    try:
        return pool.submit(call).result(timeout=PATIENCE)
    except TimeoutError:
        pytest.fail("the stream of an ended game waited for more events instead of ending")
    finally:
        pool.shutdown(wait=False)


def test_given_a_finished_game_then_its_stream_ends_with_game_ended_without_waiting(games: GameService, finished: Table) -> None:
    table = finished
    with serve(games, FINISHED_STREAM_IDLE_SECONDS) as client:
        latest = client.get(table.url).json()["version"]
        messages = before_the_idle_close(lambda: read_stream(client, f"{table.url}/stream", params={"after": latest - 3}))
    assert [m.id for m in messages] == [latest - 2, latest - 1, latest]
    assert messages[-1].event == "dodgecity.GameEnded"
    assert messages[-1].data["type"] == "GameEnded"


def test_given_a_finished_game_when_resuming_after_its_last_event_then_204_ends_it_at_once(games: GameService, finished: Table) -> None:
    table = finished
    with serve(games, FINISHED_STREAM_IDLE_SECONDS) as client:
        latest = client.get(table.url).json()["version"]
        answer = before_the_idle_close(lambda: client.get(f"{table.url}/stream", headers={"Last-Event-ID": str(latest)}))
    assert answer.status_code == 204  # an EventSource stops reconnecting on 204
    assert answer.content == b""


# -- OPTIONS and the docs page ------------------------------------------------------------------


def test_given_options_on_a_path_with_separate_get_and_post_handlers_then_allow_lists_both(client: Client, table: Table) -> None:
    for path in ("/games", f"{table.url}/actions"):
        answer = client.options(path)
        assert answer.status_code == 204
        assert {m.strip() for m in answer.headers["allow"].split(",")} == {"GET", "POST", "OPTIONS"}


def test_given_the_docs_page_then_every_script_and_stylesheet_it_loads_is_served_by_this_server(client: Client) -> None:
    redirect = client.get("/docs", follow_redirects=False)
    assert redirect.status_code in {302, 303, 307, 308}
    page = client.get(redirect.headers["location"])
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assets = re.findall(r"<script[^>]*\ssrc=[\"']([^\"']+)[\"']", page.text)
    assets += re.findall(r"<link[^>]*\shref=[\"']([^\"']+)[\"']", page.text)
    assert len(assets) >= 3
    for asset in assets:
        assert asset.startswith("/")
        assert not asset.startswith("//"), f"{asset} is on another host"
        served = client.get(asset)
        assert served.status_code == 200, asset
        assert len(served.content) > 1000
    assert client.get("/schema/openapi.json").json()["info"]["title"] == "Dodge City Engine"
