"""The game clock over HTTP (docs/CLOCK.md), for Dodge City and BANG!: a game created on a clock
shows it in every view and keeps to its limits, timeouts are claimed too early and in time, the
host hands a timed-out seat to the computer player and only the seat's own token takes it back
(or acting with it does), the deadlines move with the game, and the live stream sends the clock
after each batch of events.

Time is the service's own clock, moved by the tests (``GameService(clock=...)``), never the
machine's. The test client is never entered, so the app's lifespan does not run: the server's own
players (its bots, its stand-ins and its timer, which keeps time by the same moved clock) never
start, and nothing acts but the requests of the test.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

import pytest
from api.app import create_app
from api.settings import ApiSettings
from engine.application import GameService
from litestar import Litestar
from litestar.testing import TestClient

from tests.api.test_play_api import bearer, is_problem, read_stream

Client = TestClient[Litestar]
Json = dict[str, Any]

#: The seats each game is played with here: its smallest table.
PLAYERS = {"dodgecity": 2, "bang": 3}
RULESETS = list(PLAYERS)
CLOCK = {"decision_seconds": 60, "reserve_seconds": 120, "bot_after_timeouts": 2}
T0 = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


class MovedClock:
    """The time the service stamps its commands with: where the test last put it."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def move(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)

    def past(self, deadline: str) -> None:
        self.now = datetime.fromisoformat(deadline)  # at the deadline, the time has run out


@dataclass(frozen=True)
class Table:
    """A game opened over HTTP and every token handed out for it."""

    game_id: str
    host: dict[str, str]  # the host's Authorization header
    seats: tuple[dict[str, str], ...]  # each seat's, in seat order

    @property
    def url(self) -> str:
        return f"/games/{self.game_id}"


@dataclass(frozen=True)
class Served:
    """A store on a moved clock, and the app serving it."""

    time: MovedClock
    games: GameService
    app: Litestar

    @classmethod
    def start(cls) -> Served:
        time = MovedClock()
        games = GameService("memory://", clock=time)
        unlimited = ApiSettings(game_limit=None, bot_limit=None)
        return cls(time, games, create_app(games, settings=unlimited, stream_idle_seconds=0.05))


@pytest.fixture(scope="module")
def shared_store() -> Iterator[Served]:
    served = Served.start()
    yield served
    served.games.close()


@pytest.fixture
def served(request: pytest.FixtureRequest, shared_store: Served) -> Iterator[Served]:
    """The store and app a test plays on. A test that looks only at the games it opens (their ids
    are its own) shares the module's, its clock put back to T0: building an app, its OpenAPI
    document, takes about 0.4 s of CPU, which each of these tests once paid. A test that asks for
    ``games`` looks at every game in the store, and gets a store and app of its own."""
    if "games" not in request.fixturenames:
        shared_store.time.now = T0
        yield shared_store
        return
    own = Served.start()
    yield own
    own.games.close()


@pytest.fixture
def time(served: Served) -> MovedClock:
    return served.time


@pytest.fixture
def games(served: Served) -> GameService:
    return served.games


@pytest.fixture
def client(served: Served) -> Client:
    return TestClient(served.app)


def open_table(client: Client, ruleset: str, clock: Json | None = CLOCK, *, start: bool = True) -> Table:
    body: Json = {"ruleset": ruleset, "players": PLAYERS[ruleset], "seed": f"clock-{ruleset}"}
    if clock is not None:
        body["clock"] = clock
    created = client.post("/games", json=body)
    assert created.status_code == 201, created.text
    game_id, host = created.json()["game_id"], bearer(created.json()["host_token"])
    names = ["Ann", "Bob", "Cid"][: PLAYERS[ruleset]]
    seats = tuple(bearer(client.post(f"/games/{game_id}/players", json={"name": name}).json()["token"]) for name in names)
    if start:
        assert client.post(f"/games/{game_id}/start", headers=host).status_code == 200
    return Table(game_id, host, seats)


def view(client: Client, table: Table, headers: dict[str, str] | None = None) -> Json:
    seen = client.get(table.url, headers=headers or {})
    assert seen.status_code == 200, seen.text
    shown: Json = seen.json()
    return shown


def asked(client: Client, table: Table) -> list[Json]:
    """The clocks of the seats asked a decision now, in seat order."""
    return [seat for seat in view(client, table)["clock"]["seats"] if seat["decision"] is not None]


def events(client: Client, table: Table) -> list[Json]:
    page = client.get(f"{table.url}/events", params={"limit": 500})
    assert page.status_code == 200, page.text
    found: list[Json] = page.json()["events"]
    return found


def claim(client: Client, table: Table, seat: int, headers: dict[str, str], **extra: Any) -> Any:
    return client.post(f"{table.url}/timeouts", json={"seat": seat, **extra}, headers=headers)


def other_than(table: Table, seat: int) -> int:
    return (seat + 1) % len(table.seats)


def timed_out_seat(client: Client, table: Table, time: MovedClock) -> int:
    """The first seat asked a decision, with its time run out."""
    first = asked(client, table)[0]
    time.past(first["deadline"])
    seat: int = first["seat"]
    return seat


def stood_in(client: Client, table: Table, time: MovedClock) -> int:
    """A seat whose time ran out, handed to the computer player by the host."""
    seat = timed_out_seat(client, table, time)
    handed = client.post(f"{table.url}/seats/{seat}/stand-in", headers=table.host)
    assert handed.status_code == 200, handed.text
    return seat


# -- creating a game on a clock -----------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_given_a_clock_in_its_limits_when_a_game_is_created_then_every_view_shows_it_and_every_asked_seat_has_a_deadline(
    client: Client, ruleset: str
) -> None:
    """[CLOCK-SETTINGS] [CLOCK-VISIBLE] [CLOCK-DEADLINE]"""
    table = open_table(client, ruleset)
    assert events(client, table)[1]["type"] == "kernel.ClockSet"  # right after the game's first event
    clocks = [view(client, table, headers)["clock"] for headers in (None, table.host, *table.seats)]
    assert all(clock == clocks[0] for clock in clocks)  # everyone sees the same clock
    clock = clocks[0]
    assert (clock["decision_seconds"], clock["reserve_seconds"], clock["bot_after_timeouts"]) == (60, 120, 2)
    assert clock["stand_in"] == "heuristic"
    assert [seat["seat"] for seat in clock["seats"]] == list(range(PLAYERS[ruleset]))
    first = asked(client, table)[0]
    assert first["asked_at"] == T0.isoformat()
    assert first["deadline"] == (T0 + timedelta(seconds=60 + 120)).isoformat()
    assert (first["reserve_seconds"], first["stand_in"], first["timeouts_in_row"]) == (120, None, 0)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_given_a_game_created_without_a_clock_then_its_views_show_none_and_a_timeout_claimed_is_409_clock_none(
    client: Client, ruleset: str
) -> None:
    """[CLOCK-NONE]"""
    table = open_table(client, ruleset, clock=None)
    before = view(client, table)
    assert before["clock"] is None
    assert not any(event["type"].startswith("kernel.") for event in events(client, table))
    refused = claim(client, table, 0, table.seats[1])
    assert is_problem(refused, 409, "rule-violation")["rule"] == "CLOCK-NONE"
    assert is_problem(client.post(f"{table.url}/seats/0/stand-in", headers=table.host), 409, "rule-violation")["rule"] == "CLOCK-NONE"
    assert view(client, table) == before


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("decision_seconds", 4),
        ("decision_seconds", 7 * 24 * 3600 + 1),
        ("reserve_seconds", -1),
        ("reserve_seconds", 30 * 24 * 3600 + 1),
        ("bot_after_timeouts", 0),
        ("bot_after_timeouts", 11),
    ],
)
def test_given_a_clock_outside_its_limits_when_a_game_is_created_then_it_is_a_422_naming_clock_limits_and_no_game_is_stored(
    client: Client, served: Served, ruleset: str, field: str, value: int
) -> None:
    """[CLOCK-LIMITS]"""
    stored, listed = served.games.game_ids(), client.get("/games").json()["total"]
    body = {"ruleset": ruleset, "players": PLAYERS[ruleset], "clock": {**CLOCK, field: value}}
    refused = client.post("/games", json=body)
    assert is_problem(refused, 422, "rule-violation")["rule"] == "CLOCK-LIMITS"
    assert field in refused.json()["detail"]
    assert served.games.game_ids() == stored
    assert client.get("/games").json()["total"] == listed


@pytest.mark.parametrize("ruleset", RULESETS)
def test_given_a_clock_at_its_limits_when_a_game_is_created_then_it_is_created(client: Client, ruleset: str) -> None:
    """[CLOCK-LIMITS]"""
    for clock in (
        {"decision_seconds": 5},
        {"decision_seconds": 7 * 24 * 3600, "reserve_seconds": 30 * 24 * 3600, "bot_after_timeouts": 10},
    ):
        table = open_table(client, ruleset, clock, start=False)
        shown = view(client, table)["clock"]
        assert shown["decision_seconds"] == clock["decision_seconds"]
        assert (shown["reserve_seconds"], shown["bot_after_timeouts"]) == (
            clock.get("reserve_seconds", 0),
            clock.get("bot_after_timeouts", 3),
        )


def test_given_a_clock_with_an_unknown_field_or_a_wrong_type_when_a_game_is_created_then_it_is_a_400_naming_it(client: Client) -> None:
    unknown = client.post("/games", json={"players": 2, "clock": {"decision_seconds": 60, "increment": 5}})
    assert "increment" in is_problem(unknown, 400, "invalid-request")["detail"]
    wrong = client.post("/games", json={"players": 2, "clock": {"decision_seconds": "60"}})
    assert "$.clock.decision_seconds" in is_problem(wrong, 400, "invalid-request")["detail"]


# -- claiming a timeout -------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_given_a_seat_before_its_deadline_when_its_timeout_is_claimed_then_409_clock_early_and_nothing_is_recorded(
    client: Client, time: MovedClock, ruleset: str
) -> None:
    """[CLOCK-EARLY]"""
    table = open_table(client, ruleset)
    first = asked(client, table)[0]
    time.past(first["deadline"])
    time.move(-1)
    before = view(client, table)
    refused = claim(client, table, first["seat"], table.seats[other_than(table, first["seat"])])
    assert is_problem(refused, 409, "rule-violation")["rule"] == "CLOCK-EARLY"
    assert view(client, table) == before


@pytest.mark.parametrize("ruleset", RULESETS)
def test_given_a_seat_past_its_deadline_when_another_seat_claims_its_timeout_then_the_rules_decide_for_it_and_the_timeout_names_the_claimant(
    client: Client, time: MovedClock, ruleset: str
) -> None:
    """[CLOCK-CLAIM] [CLOCK-TIMEOUT]"""
    table = open_table(client, ruleset)
    seat = timed_out_seat(client, table, time)
    claimant = other_than(table, seat)
    before = view(client, table)["version"]
    answer = claim(client, table, seat, table.seats[claimant], expected_version=before)
    assert answer.status_code == 200, answer.text
    seen = answer.json()
    assert seen["version"] > before
    assert answer.headers["etag"].startswith(f'"{seen["version"]}-')
    assert seen == view(client, table, table.seats[claimant])  # the game as the claimant sees it
    timed_out = [event for event in events(client, table) if event["type"] == "kernel.DecisionTimedOut"]
    assert [(event["seat"], event["claimed_by"], event["in_row"], event["at"]) for event in timed_out] == [
        (seat, claimant, 1, time.now.isoformat())
    ]
    assert timed_out[0]["originator_version"] == before + 1  # the default decision's events follow it
    assert seen["clock"]["seats"][seat]["timeouts_in_row"] == 1


@pytest.mark.parametrize("ruleset", RULESETS)
def test_given_a_seat_past_its_deadline_when_the_host_claims_its_timeout_then_it_is_taken_claimed_by_no_seat(
    client: Client, time: MovedClock, ruleset: str
) -> None:
    """[CLOCK-CLAIM]"""
    table = open_table(client, ruleset)
    seat = timed_out_seat(client, table, time)
    answer = claim(client, table, seat, table.host)
    assert answer.status_code == 200, answer.text
    assert answer.json()["actions"] == []  # the host's view: no seat's actions
    timed_out = [event for event in events(client, table) if event["type"] == "kernel.DecisionTimedOut"]
    assert [(event["seat"], event["claimed_by"]) for event in timed_out] == [(seat, None)]


def test_given_a_timeout_claim_without_a_token_or_with_a_stranger_token_then_401_and_nothing_is_recorded(
    client: Client, time: MovedClock
) -> None:
    table = open_table(client, "dodgecity")
    seat = timed_out_seat(client, table, time)
    before = view(client, table)
    assert is_problem(claim(client, table, seat, {}), 401, "unauthorized")
    assert is_problem(claim(client, table, seat, bearer("nobody-at-this-table")), 401, "unauthorized")
    elsewhere = open_table(client, "dodgecity", start=False)
    assert is_problem(claim(client, table, seat, elsewhere.host), 401, "unauthorized")
    assert view(client, table) == before


@pytest.mark.parametrize("ruleset", RULESETS)
def test_given_a_seat_asked_nothing_when_its_timeout_is_claimed_then_409_clock_not_asked_and_nothing_is_recorded(
    client: Client, time: MovedClock, ruleset: str
) -> None:
    """[CLOCK-NOT-ASKED]"""
    table = open_table(client, ruleset)
    waiting = {seat["seat"] for seat in asked(client, table)}
    idle = next((seat for seat in range(len(table.seats)) if seat not in waiting), len(table.seats))
    time.move(30 * 24 * 3600)
    before = view(client, table)
    refused = claim(client, table, idle, table.host)
    assert is_problem(refused, 409, "rule-violation")["rule"] == "CLOCK-NOT-ASKED"
    assert view(client, table) == before


def test_given_a_stale_version_when_a_timeout_is_claimed_then_409_or_412_and_nothing_is_recorded(client: Client, time: MovedClock) -> None:
    table = open_table(client, "dodgecity")
    seat = timed_out_seat(client, table, time)
    before = view(client, table)
    stale = before["version"] - 1
    assert (
        is_problem(claim(client, table, seat, table.host, expected_version=stale), 409, "version-conflict")["current_version"]
        == before["version"]
    )
    precondition = client.post(f"{table.url}/timeouts", json={"seat": seat}, headers={**table.host, "If-Match": f'"{stale}"'})
    assert is_problem(precondition, 412, "version-conflict")["current_version"] == before["version"]
    assert view(client, table) == before


# -- handing a seat to the computer player and taking it back -----------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_given_a_seat_whose_time_ran_out_when_the_host_hands_it_over_then_the_clock_shows_the_computer_player_standing_in(
    client: Client, time: MovedClock, ruleset: str
) -> None:
    """[CLOCK-HAND-OVER]"""
    table = open_table(client, ruleset)
    first = asked(client, table)[0]
    seat, url = first["seat"], f"{table.url}/seats/{first['seat']}/stand-in"
    before = view(client, table)
    assert is_problem(client.post(url, headers=table.host), 409, "rule-violation")["rule"] == "CLOCK-EARLY"
    time.past(first["deadline"])
    assert is_problem(client.post(url, headers=table.seats[seat]), 403, "forbidden")["rule"] == "CLOCK-HAND-OVER"
    assert is_problem(client.post(url), 401, "unauthorized")
    assert view(client, table) == before
    handed = client.post(url, headers=table.host)
    assert handed.status_code == 200, handed.text
    assert handed.json()["version"] == before["version"] + 1
    assert handed.json()["clock"]["seats"][seat]["stand_in"] == "heuristic"
    assert events(client, table)[-1] | {"originator_id": None} == {
        "type": "kernel.SeatHandedToBot",
        "originator_id": None,
        "originator_version": before["version"] + 1,
        "seat": seat,
        "bot": "heuristic",
        "reason": "host",
    }
    again = client.post(url, headers=table.host)
    assert is_problem(again, 409, "rule-violation")["rule"] == "CLOCK-HAND-OVER"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_given_a_stood_in_seat_when_another_seats_token_takes_it_back_then_403_naming_clock_take_back_and_nothing_is_recorded(
    client: Client, time: MovedClock, ruleset: str
) -> None:
    """[CLOCK-TAKE-BACK]"""
    table = open_table(client, ruleset)
    seat = stood_in(client, table, time)
    url = f"{table.url}/seats/{seat}/stand-in"
    before = view(client, table)
    for headers in (table.seats[other_than(table, seat)], table.host):
        assert is_problem(client.delete(url, headers=headers), 403, "forbidden")["rule"] == "CLOCK-TAKE-BACK"
    assert is_problem(client.delete(url), 401, "unauthorized")
    assert view(client, table) == before
    assert before["clock"]["seats"][seat]["stand_in"] == "heuristic"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_given_a_stood_in_seat_when_its_own_token_takes_it_back_then_its_player_plays_it_again(
    client: Client, time: MovedClock, ruleset: str
) -> None:
    """[CLOCK-TAKE-BACK]"""
    table = open_table(client, ruleset)
    seat = stood_in(client, table, time)
    url = f"{table.url}/seats/{seat}/stand-in"
    taken = client.delete(url, headers=table.seats[seat])
    assert taken.status_code == 200, taken.text
    assert taken.json()["clock"]["seats"][seat]["stand_in"] is None
    assert taken.json()["actions"]  # the seat's own view: its decision is its own again
    assert events(client, table)[-1]["type"] == "kernel.SeatTakenBack"
    again = client.delete(url, headers=table.seats[seat])
    assert is_problem(again, 409, "rule-violation")["rule"] == "CLOCK-TAKE-BACK"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_given_a_stood_in_seat_when_its_player_acts_then_the_seat_is_taken_back_before_the_action(
    client: Client, time: MovedClock, ruleset: str
) -> None:
    """[CLOCK-TAKE-BACK]"""
    table = open_table(client, ruleset)
    seat = stood_in(client, table, time)
    before = view(client, table, table.seats[seat])
    acted = client.post(f"{table.url}/actions", json=before["actions"][0], headers=table.seats[seat])
    assert acted.status_code == 200, acted.text
    assert acted.json()["clock"]["seats"][seat]["stand_in"] is None
    after = events(client, table)[before["version"] :]
    assert after[0]["type"] == "kernel.SeatTakenBack"
    assert (after[0]["seat"], after[0]["originator_version"]) == (seat, before["version"] + 1)
    assert len(after) > 1  # the action's own events follow


# -- the clock as the game moves ------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_given_a_game_on_a_clock_when_seats_act_then_each_new_decision_gets_its_deadline_from_the_time_of_the_action(
    client: Client, time: MovedClock, ruleset: str
) -> None:
    """[CLOCK-DEADLINE]"""
    table = open_table(client, ruleset)
    for _ in range(6):
        first = asked(client, table)[0]
        time.move(10)
        seen = view(client, table, table.seats[first["seat"]])
        acted = client.post(f"{table.url}/actions", json=seen["actions"][0], headers=table.seats[first["seat"]])
        assert acted.status_code == 200, acted.text
        clock = acted.json()["clock"]
        assert clock == view(client, table)["clock"]  # the answer's clock is the game's
        opened = [seat for seat in clock["seats"] if seat["asked_at"] == time.now.isoformat()]
        if opened:
            break
    assert opened, "no decision opened after six actions"
    for seat in opened:
        assert seat["deadline"] == (time.now + timedelta(seconds=60 + seat["reserve_seconds"])).isoformat()
        assert seat["deadline"] > first["deadline"]


def test_given_a_past_state_of_a_game_on_a_clock_then_its_clock_is_the_clock_of_that_state(client: Client, time: MovedClock) -> None:
    """[CLOCK-RECORDED]"""
    table = open_table(client, "dodgecity")
    started = view(client, table)
    seat = timed_out_seat(client, table, time)
    assert claim(client, table, seat, table.host).status_code == 200
    past = client.get(f"{table.url}/states/{started['version']}")
    assert past.status_code == 200, past.text
    assert past.json()["clock"] == started["clock"]
    assert client.get(f"{table.url}/states/1").json()["clock"] is None  # before kernel.ClockSet


# -- the live stream ------------------------------------------------------------------------------


def clock_messages(messages: list[Any]) -> list[Any]:
    return [message for message in messages if message.event == "clock"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_given_a_game_on_a_clock_when_its_stream_is_read_then_each_batch_of_events_is_followed_by_the_clock(
    client: Client, time: MovedClock, ruleset: str
) -> None:
    """[CLOCK-VISIBLE]"""
    table = open_table(client, ruleset)
    started = view(client, table)
    messages = read_stream(client, f"{table.url}/stream")
    assert [message.id for message in messages[:-1]] == list(range(1, started["version"] + 1))
    assert messages[-1].event == "clock"
    assert (messages[-1].id, messages[-1].data) == (started["version"], started["clock"])
    opened = events(client, table)[0]["type"].rpartition(".")[2]
    assert [message.event for message in messages[:2]] == [f"{ruleset}.{opened}", "kernel.ClockSet"]

    seat = timed_out_seat(client, table, time)
    assert claim(client, table, seat, table.host).status_code == 200
    now = view(client, table)
    news = read_stream(client, f"{table.url}/stream", headers=table.seats[seat], params={"after": started["version"]})
    assert news[0].event == "kernel.DecisionTimedOut"
    assert [message.id for message in news[:-1]] == list(range(started["version"] + 1, now["version"] + 1))
    assert clock_messages(news) == [news[-1]]
    assert (news[-1].id, news[-1].data) == (now["version"], now["clock"])


def test_given_a_game_without_a_clock_when_its_stream_is_read_then_it_sends_only_events(client: Client) -> None:
    table = open_table(client, "dodgecity", clock=None)
    messages = read_stream(client, f"{table.url}/stream")
    assert messages
    assert clock_messages(messages) == []


# -- abandoned games in the lobby -----------------------------------------------------------------


def test_given_an_abandoned_game_when_the_lobby_lists_games_by_status_then_it_is_listed_as_abandoned(
    client: Client, games: GameService, time: MovedClock
) -> None:
    """[TABLE-ABANDONED]"""
    table = open_table(client, "dodgecity", start=False)
    open_table(client, "bang", start=False)
    time.move(24 * 3600)
    games.abandon(UUID(table.game_id), after_seconds=24 * 3600)
    listed = client.get("/games", params={"status": "abandoned"})
    assert listed.status_code == 200, listed.text
    assert [(item["game_id"], item["status"]) for item in listed.json()["items"]] == [(table.game_id, "abandoned")]
    assert sorted(item["status"] for item in client.get("/games").json()["items"]) == ["abandoned", "lobby"]
    # The game itself says so too, to everyone, though its ruleset never saw it start.
    assert client.get(f"/games/{table.game_id}").json()["status"] == "abandoned"
