"""BANG! – Dodge City over HTTP beside Dodge City: it is offered at ``GET /rulesets`` with its
printed material, a game of it is opened with its own bodies, played to the end by bot seats,
its table read model is served at ``GET /games/{id}/table``, its results by team reach the
leaderboard, and every type it adds to the OpenAPI document is named ``Bang…``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from uuid import UUID

import pytest
from api.app import create_app
from api.bang import API as BANG_API
from api.document.finish import served_document
from api.dodgecity import API as DODGECITY_API
from domain.bang.catalog import cards, characters
from domain.bang.ruleset import BANG
from domain.ruleset import GameStatus, Outcome, SeatResult
from engine.application import GameService
from engine.audit import verify
from engine.bot_seats import BotSeats
from engine.remote import play_remote
from litestar import Litestar
from litestar.testing import TestClient

Client = TestClient[Litestar]
KERNEL_TYPES = {kind.__name__ for kind in (GameStatus, Outcome, SeatResult)}


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


def test_given_the_installed_games_then_bang_is_offered_with_its_seats_bots_and_printed_material(client: Client) -> None:
    offered = {item["name"]: item for item in client.get("/rulesets").json()}
    bang = offered["bang"]
    assert (bang["title"], bang["min_seats"], bang["max_seats"], bang["default"]) == ("BANG! – Dodge City", 3, 7, False)
    assert bang["bot_kinds"] == ["heuristic", "random"]
    assert "beer_lethal_only" in bang["settings_schema"]["$defs"]["BangSettings"]["properties"]
    material = client.get("/rulesets/bang").json()
    assert material["rules_version"] == BANG.rules_version
    assert [sheet["id"] for sheet in material["cards"]] == list(cards())
    assert len(material["cards"]) == 80
    assert [sheet["id"] for sheet in material["characters"]] == list(characters())
    assert [row["players"] for row in material["roles"]] == [3, 4, 5, 6, 7]


def test_given_a_new_bang_game_with_too_many_seats_then_it_is_a_400_and_a_seat_with_a_colour_is_dodge_citys_body_so_409(
    client: Client,
) -> None:
    assert client.post("/games", json={"ruleset": "bang", "players": 8}).status_code == 400
    created = client.post("/games", json={"ruleset": "bang", "players": 3, "seed": "x"}).json()
    colour = client.post(f"/games/{created['game_id']}/players", json={"name": "Ann", "colour": "red"})
    assert colour.status_code == 409
    assert colour.json()["type"].endswith("/wrong-ruleset")
    hat = client.post(f"/games/{created['game_id']}/players", json={"name": "Ann", "hat": "big"})
    assert hat.status_code == 400
    assert "unknown field `hat`" in hat.json()["detail"]


def test_given_a_running_bang_game_then_its_table_shows_what_everyone_sees_and_no_hidden_role(client: Client) -> None:
    """[HIDDEN-HAND-SIZE] [HIDDEN-IN-PLAY] [HIDDEN-SHERIFF-PUBLIC] [HIDDEN-OTHER-ROLES]"""
    created = client.post("/games", json={"ruleset": "bang", "players": 5, "seed": "table"}).json()
    game_id = created["game_id"]
    for name in ("Ann", "Bob", "Cid", "Dee", "Eve"):
        assert client.post(f"/games/{game_id}/players", json={"name": name}).status_code == 201
    assert client.post(f"/games/{game_id}/start", headers=_bearer(created["host_token"])).status_code == 200
    view = client.get(f"/games/{game_id}").json()

    table = client.get(f"/games/{game_id}/table")

    assert table.status_code == 200
    shown = table.json()
    assert shown["turn_seat"] == view["turn"]["seat"]
    assert shown["draw_pile_size"] == view["draw_pile_size"]
    assert shown["discard_pile_size"] == len(view["discard_pile"])
    for row, seat in zip(shown["seats"], view["seats"], strict=True):
        assert (row["character"], row["life"], row["max_life"], row["hand_size"]) == (
            seat["character"],
            seat["life"],
            seat["max_life"],
            seat["hand_size"],
        )
        assert row["role"] == seat["role"]  # the spectator's view: the Sheriff's alone
        assert row["eliminated"] is False
    assert [row["role"] for row in shown["seats"]].count("sheriff") == 1
    assert [row["role"] for row in shown["seats"]].count(None) == 4


def test_given_a_dodgecity_game_then_it_has_no_table(client: Client) -> None:
    created = client.post("/games", json={"players": 2}).json()
    assert client.get(f"/games/{created['game_id']}/table").status_code == 404


def test_given_a_bang_game_of_bot_seats_played_to_its_end_then_the_leaderboard_counts_its_results(
    games: GameService, client: Client
) -> None:
    created = client.post(
        "/games",
        json={"ruleset": "bang", "players": 4, "seed": "bots", "bots": [{"kind": "heuristic"}, {"kind": "random"}, {}, {"kind": "random"}]},
    )
    assert created.status_code == 201, created.text
    game_id = created.json()["game_id"]
    seats = BotSeats(games)
    try:
        assert client.post(f"/games/{game_id}/start", headers=_bearer(created.json()["host_token"])).status_code == 200
        assert seats.wait_idle(120)
    finally:
        seats.close()
    final = client.get(f"/games/{game_id}").json()
    assert final["status"] == "ended"
    teams = {result["team"] for result in final["outcome"]["results"]}
    assert teams == {"law", "outlaws", "renegade"}
    board = client.get("/leaderboard", params={"ruleset": "bang"}).json()
    assert sum(row["played"] for row in board) == 4
    assert sum(row["won"] for row in board) == len(final["outcome"]["winners"])
    table = client.get(f"/games/{game_id}/table").json()
    assert table["turn_seat"] is None
    assert all(row["role"] is not None for row in table["seats"])


def test_given_both_games_served_then_every_type_bang_adds_to_the_document_is_named_bang_and_none_of_dodgecity_changes(
    games: GameService,
) -> None:
    alone = served_document(create_app(games, served=[DODGECITY_API]))["components"]["schemas"]
    both = served_document(create_app(games, served=[DODGECITY_API, BANG_API]))["components"]["schemas"]
    # Two kernel types list what every game served adds, and so grow with them: the games'
    # names, and a stream message's events.
    assert both["RulesetName"]["enum"] == ["bang", "dodgecity"]
    assert "#/components/schemas/BangCardPlayed" in json.dumps(both["StreamMessage"])
    assert "#/components/schemas/BangCardPlayed" not in json.dumps(alone["StreamMessage"])
    for name, schema in alone.items():
        if name in {"RulesetName", "StreamMessage"}:
            continue
        assert both.get(name) == schema, f"Dodge City's {name} changed when BANG! was served"
    added = set(both) - set(alone)
    assert {
        "BangGameView",
        "BangCallerView",
        "BangActionRequest",
        "BangNewGame",
        "BangNewPlayer",
        "BangCatalog",
        "BangTable",
        "BangPlayCard",
        "BangPass",
    } <= added
    assert {name for name in added if not name.startswith("Bang")} <= KERNEL_TYPES


def test_given_a_bang_game_when_an_outside_client_plays_a_seat_over_http_then_it_ends_and_verifies(
    games: GameService,
) -> None:
    """The outside bot (engine/remote.py) plays seat 0 over the public API alone, the server's bots
    the other two; the stored game then verifies, and every step replays as BANG! ([FLOW-DECISIONS])."""
    # The test client hands over a stream only once it has closed: a quiet stream closes soon,
    # so the outside bot reads the game again (a real client reads the stream as it comes).
    with TestClient(create_app(games, stream_idle_seconds=0.05)) as client:
        created = client.post(
            "/games",
            json={"ruleset": "bang", "players": 3, "seed": "outside", "bots": [{"kind": "heuristic"}, {"kind": "random"}]},
        )
        assert created.status_code == 201, created.text
        game_id = created.json()["game_id"]
        token = client.post(f"/games/{game_id}/players", json={"name": "Ann"}).json()["token"]
        # The app's own bot seats (started with it) play the other two seats.
        assert client.post(f"/games/{game_id}/start", headers=_bearer(created.json()["host_token"])).status_code == 200
        client.headers["Authorization"] = f"Bearer {token}"
        result = play_remote(client, game_id, "heuristic", seed="outside", wait_seconds=5)
        final = client.get(f"/games/{game_id}").json()
        assert (result.ruleset, final["status"]) == ("bang", "ended")
        assert list(result.winners) == final["outcome"]["winners"]
        assert verify(UUID(game_id), games.records(UUID(game_id))).ok
        for version in (1, final["version"] // 2, final["version"]):
            step = client.get(f"/games/{game_id}/states/{version}")
            assert (step.status_code, step.json()["ruleset"], step.json()["version"]) == (200, "bang", version)
