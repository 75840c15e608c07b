"""Dog Eat Dog over HTTP beside the other games: it is offered at ``GET /rulesets`` with its
printed material, which says plainly what is designed for this engine and not published; a game
of it is opened with its own bodies, played to the end by bot seats and by an outside client,
and verifies; its board read model is served at ``GET /games/{id}/dogeatdog-board`` with no
Swiss balance before the end; its results reach the leaderboard; and every type it adds to the
OpenAPI document is named ``DogEatDog…``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

import pytest
from api.app import create_app
from api.document.finish import served_document
from api.dodgecity import API as DODGECITY_API
from api.dogeatdog import API as DOGEATDOG_API
from domain.dogeatdog.catalog import board, red_tape
from domain.dogeatdog.ruleset import DOGEATDOG
from domain.offers import AnswerOffer, WithdrawOffer
from domain.ruleset import GameStatus, Outcome, SeatResult
from engine.application import GameService
from engine.audit import verify
from engine.bot_seats import BotSeats
from engine.remote import play_remote
from litestar import Litestar
from litestar.testing import TestClient

from tests.patience import PATIENCE, wait_until

Client = TestClient[Litestar]
#: The kernel's types Dog Eat Dog's schemas name, unprefixed: its trades are the kernel's offers,
#: whose generic type the document names after its parameter's full name.
KERNEL_TYPES = {kind.__name__ for kind in (GameStatus, Outcome, SeatResult, AnswerOffer, WithdrawOffer)} | {
    "Offer_domain.events.dogeatdog.trade.DogEatDogTradeSide_"
}


@pytest.fixture
def games() -> Iterator[GameService]:
    service = GameService("memory://")
    yield service
    service.close()


@pytest.fixture
def client(games: GameService) -> Iterator[Client]:
    with TestClient(create_app(games)) as test_client:
        yield test_client


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _started(client: Client, players: int, seed: str) -> tuple[str, list[str]]:
    created = client.post("/games", json={"ruleset": "dogeatdog", "players": players, "seed": seed}).json()
    game_id = created["game_id"]
    names = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")[:players]
    tokens = [client.post(f"/games/{game_id}/players", json={"name": name}).json()["token"] for name in names]
    assert client.post(f"/games/{game_id}/start", headers=_bearer(created["host_token"])).status_code == 200
    return game_id, tokens


@pytest.mark.rule("COMP-REDTAPE")
@pytest.mark.rule("BOARD-TRACK")
@pytest.mark.rule("BOARD-MAP")
def test_given_the_installed_games_then_dogeatdog_is_offered_with_printed_material_that_says_what_is_designed_here(client: Client) -> None:
    offered = {item["name"]: item for item in client.get("/rulesets").json()}
    mine = offered["dogeatdog"]
    assert (mine["title"], mine["min_seats"], mine["max_seats"], mine["default"]) == ("Dog Eat Dog", 3, 6, False)
    assert mine["bot_kinds"] == ["heuristic", "random"]
    assert "open_info" in mine["settings_schema"]["$defs"]["DogEatDogSettings"]["properties"]

    material = client.get("/rulesets/dogeatdog").json()

    assert material["rules_version"] == DOGEATDOG.rules_version
    assert "not publicly documented" in material["notice"]
    assert "designed for this engine" in material["notice"]
    assert [part.split(":")[0] for part in material["designed_parts"][:4]] == ["the board", "the map", "the laws", "the cards"]
    assert [space["id"] for space in material["track"]] == [space.id for space in board().track.spaces]
    assert len(material["track"]) == 20
    assert [square["id"] for square in material["squares"]] == list("ABCDEFGHIJKLMNOP")
    assert len(material["officials"]) + len(material["current_events"]) == len(red_tape().card_ids()) == 40
    # Every law and every square's icons are ours, and the answer says so record by record.
    assert all(official["designed"] for official in material["officials"])
    assert all(square["designed"] for square in material["squares"])
    assert all(
        aspect["source"] == "designed"
        for official in material["officials"]
        for aspect in official["provenance"]
        if aspect["aspect"] in {"name", "law"}
    )
    # Every space's position is ours; Geneva itself and what it does are the seed's.
    assert all(space["designed"] for space in material["track"])
    geneva = {aspect["aspect"]: aspect["source"] for aspect in material["track"][0]["provenance"]}
    assert (material["track"][0]["name"], geneva) == ("Geneva", {"identity": "seed", "position": "designed", "effect": "seed"})
    assert all(not division["designed"] for division in material["divisions"])


def test_given_a_new_dogeatdog_game_with_too_many_seats_then_400_and_dodge_citys_colour_is_409(client: Client) -> None:
    assert client.post("/games", json={"ruleset": "dogeatdog", "players": 7}).status_code == 400
    assert client.post("/games", json={"ruleset": "dogeatdog", "players": 2}).status_code == 400
    created = client.post("/games", json={"ruleset": "dogeatdog", "players": 3, "seed": "x"}).json()
    colour = client.post(f"/games/{created['game_id']}/players", json={"name": "Ann", "colour": "red"})
    assert colour.status_code == 409
    assert colour.json()["type"].endswith("/wrong-ruleset")
    unknown = client.post("/games", json={"ruleset": "dogeatdog", "settings": {"target": 99}})
    assert unknown.status_code == 400


@pytest.mark.rule("SEE-PUBLIC")
@pytest.mark.rule("SEE-PRIVATE")
def test_given_a_running_game_then_its_board_shows_what_a_spectator_sees_and_no_swiss_balance(client: Client) -> None:
    game_id, tokens = _started(client, 4, "board")
    view = client.get(f"/games/{game_id}").json()

    answer = client.get(f"/games/{game_id}/dogeatdog-board")

    assert answer.status_code == 200
    shown = answer.json()
    assert UUID(shown["game_id"]) == UUID(game_id)
    assert shown["deck_size"] == view["deck_size"]
    assert [law["card"] for law in shown["laws"] if law["owner"] is None] == view["public_laws"]
    for row, seat in zip(shown["seats"], view["seats"], strict=True):
        assert (row["name"], row["division"], row["corporate"], row["workers"]) == (
            seat["name"],
            seat["division"],
            seat["corporate"],
            seat["workers"],
        )
        assert row["swiss"] is None
    for row, square in zip(shown["squares"], view["squares"], strict=True):
        assert (row["square"], row["stage"], row["markers"], row["controller"]) == (
            square["id"],
            square["stage"],
            square["markers"],
            square["controller"],
        )
    assert client.get(f"/games/{game_id}", headers=_bearer(tokens[0])).json()["seats"][0]["swiss"] is not None


def test_given_a_game_of_another_ruleset_then_it_has_no_dogeatdog_board_and_a_dogeatdog_game_has_no_other_games_read_model(
    client: Client,
) -> None:
    created = client.post("/games", json={"players": 2}).json()
    assert client.get(f"/games/{created['game_id']}/dogeatdog-board").status_code == 404
    assert client.get(f"/games/{UUID(int=7)}/dogeatdog-board").status_code == 404
    game_id, _ = _started(client, 3, "other read models")
    for other in ("board", "scores", "table"):
        assert client.get(f"/games/{game_id}/{other}").status_code == 404, other


def test_given_a_game_of_bot_seats_played_to_its_end_then_the_leaderboard_counts_its_results_and_the_board_shows_the_end(
    games: GameService, client: Client
) -> None:
    created = client.post(
        "/games",
        json={"ruleset": "dogeatdog", "players": 3, "seed": "bots", "bots": [{"kind": "heuristic"}, {"kind": "random"}, {}]},
    )
    assert created.status_code == 201, created.text
    game_id = created.json()["game_id"]
    seats = BotSeats(games)
    try:
        assert client.post(f"/games/{game_id}/start", headers=_bearer(created.json()["host_token"])).status_code == 200
        assert seats.wait_idle(PATIENCE)
    finally:
        seats.close()
    final = client.get(f"/games/{game_id}").json()
    assert final["status"] == "ended"
    assert verify(UUID(game_id), games.records(UUID(game_id))).ok
    leaderboard = client.get("/leaderboard", params={"ruleset": "dogeatdog"}).json()
    assert sum(row["played"] for row in leaderboard) == 3
    assert sum(row["won"] for row in leaderboard) == len(final["outcome"]["winners"])
    ended = client.get(f"/games/{game_id}/dogeatdog-board").json()
    assert ended["turn_seat"] is None
    assert ended["end_reason"] is not None
    assert [row["swiss"] for row in ended["seats"]] == [seat["swiss"] for seat in final["seats"]]
    assert client.get("/games", params={"ruleset": "dogeatdog"}).json()["items"][0]["pass_number"] == ended["round"]


def test_given_the_games_served_then_every_type_dogeatdog_adds_to_the_document_is_named_dogeatdog_and_none_of_dodgecity_changes(
    games: GameService,
) -> None:
    alone = served_document(create_app(games, served=[DODGECITY_API]))["components"]["schemas"]
    both = served_document(create_app(games, served=[DODGECITY_API, DOGEATDOG_API]))["components"]["schemas"]
    assert both["RulesetName"]["enum"] == ["dodgecity", "dogeatdog"]
    assert "#/components/schemas/DogEatDogTradeProposed" in json.dumps(both["StreamMessage"])
    for name, schema in alone.items():
        if name in {"RulesetName", "StreamMessage"}:
            continue
        assert both.get(name) == schema, f"Dodge City's {name} changed when Dog Eat Dog was served"
    added = set(both) - set(alone)
    assert {
        "DogEatDogGameView",
        "DogEatDogCallerView",
        "DogEatDogActionRequest",
        "DogEatDogNewGame",
        "DogEatDogNewPlayer",
        "DogEatDogCatalog",
        "DogEatDogBoard",
        "DogEatDogProposeTrade",
        "DogEatDogDecisionKind",
        "DogEatDogStep",
    } <= added
    assert {name for name in added if not name.startswith("DogEatDog")} <= KERNEL_TYPES


class MovedClock:
    """The time the service stamps its commands with: where the test last put it."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 27, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def test_given_a_game_on_a_clock_when_an_outside_client_plays_a_seat_over_http_then_it_ends_verifies_exports_and_imports() -> None:
    """The outside bot (engine/remote.py) plays Ann's seat over the public API alone, the server's
    bots the other two, on a clock whose first decision of hers runs out and is claimed; the
    stored game then verifies, its record exports over HTTP and imports into another server,
    where it verifies again and ends the same, and steps replay as Dog Eat Dog."""
    time = MovedClock()
    games = GameService("memory://", clock=time)
    elsewhere = GameService("memory://")
    # The test client hands over a stream only once it has closed: a quiet stream closes soon,
    # so the outside bot reads the game again (a real client reads the stream as it comes).
    with TestClient(create_app(games, stream_idle_seconds=0.05)) as client, TestClient(create_app(elsewhere)) as other:
        created = client.post(
            "/games",
            json={
                "ruleset": "dogeatdog",
                "players": 3,
                "seed": "outside",
                "bots": [{"kind": "heuristic"}, {"kind": "random"}],
                "clock": {"decision_seconds": 60, "reserve_seconds": 30, "bot_after_timeouts": 3},
            },
        )
        assert created.status_code == 201, created.text
        game_id, host = created.json()["game_id"], _bearer(created.json()["host_token"])
        joined = client.post(f"/games/{game_id}/players", json={"name": "Ann"}).json()
        token, ann = joined["token"], joined["seat"]
        assert client.post(f"/games/{game_id}/start", headers=host).status_code == 200

        def ann_asked() -> dict[str, Any] | None:
            clock = client.get(f"/games/{game_id}").json()["clock"]
            return next((seat for seat in clock["seats"] if seat["seat"] == ann and seat["decision"] is not None), None)

        assert wait_until(lambda: ann_asked() is not None)
        asked = ann_asked()
        assert asked is not None
        time.now = datetime.fromisoformat(asked["deadline"])  # at the deadline, the time has run out
        claimed = client.post(f"/games/{game_id}/timeouts", json={"seat": ann}, headers=host)
        assert claimed.status_code == 200, claimed.text

        client.headers["Authorization"] = f"Bearer {token}"
        result = play_remote(client, game_id, "random", seed="outside", wait_seconds=5)
        final = client.get(f"/games/{game_id}").json()
        assert (result.ruleset, final["status"]) == ("dogeatdog", "ended")
        assert list(result.winners) == final["outcome"]["winners"]
        assert verify(UUID(game_id), games.records(UUID(game_id))).ok
        kinds = [event["type"] for event in client.get(f"/games/{game_id}/events", params={"limit": 500}).json()["events"]]
        assert {"kernel.ClockSet", "kernel.DecisionTimedOut"} <= set(kinds)

        record = client.get(f"/games/{game_id}/record")
        assert record.status_code == 200, record.text
        imported = other.post("/games/records", content=record.content, headers={"Content-Type": "application/json"})
        assert imported.status_code == 201, imported.text
        assert verify(UUID(game_id), elsewhere.records(UUID(game_id))).ok
        there = other.get(f"/games/{game_id}").json()
        assert (there["status"], there["outcome"]["winners"], there["version"]) == ("ended", final["outcome"]["winners"], final["version"])
        again = other.get(f"/games/{game_id}/record")
        assert again.status_code == 200, again.text
        assert again.json()["events"] == record.json()["events"]
        for version in (1, final["version"] // 2, final["version"]):
            step = client.get(f"/games/{game_id}/states/{version}")
            assert (step.status_code, step.json()["ruleset"], step.json()["version"]) == (200, "dogeatdog", version)
        told = client.get(f"/games/{game_id}/narration", params={"limit": 50}).json()["entries"]
        assert told[0]["text"] == "A game of Dog Eat Dog for 3 players was opened."
    games.close()
    elsewhere.close()
