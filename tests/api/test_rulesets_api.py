"""The games a server plays, over HTTP: ``GET /rulesets``, each game's printed material, the
``ruleset`` of a new game and of every answer about it, and the ``?ruleset=`` filters. Today's
clients, which name no ruleset, keep getting Dodge City."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from api.app import create_app
from domain.dodgecity.ruleset import RULES_VERSION
from engine.application import GameService
from engine.simulation import simulate
from litestar import Litestar
from litestar.testing import TestClient

Client = TestClient[Litestar]


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    """Stored Dodge City games and the app serving them, started once for the module: each test
    looks at the games it opens, or at the list before and after a refusal, or at what every
    game shares (their ruleset); playing the games and building the app (its OpenAPI document)
    took about 0.4 s of CPU for each of the 17 tests before."""
    games = GameService("memory://")
    simulate(2, 2, "rulesets-api", store=games.store_game, ruleset="dodgecity")
    with TestClient(create_app(games, close_on_shutdown=True)) as test_client:
        yield test_client


def test_given_the_installed_games_then_get_rulesets_lists_dodgecity_with_its_seats_settings_and_bots(client: Client) -> None:
    listed = client.get("/rulesets")
    assert listed.status_code == 200
    offered = {item["name"]: item for item in listed.json()}
    assert set(offered) == {"bang", "dodgecity", "dogeatdog"}
    dodgecity = offered["dodgecity"]
    assert dodgecity["name"] == "dodgecity"
    assert dodgecity["title"] == "Dodge City"
    assert dodgecity["rules_version"] == RULES_VERSION
    assert (dodgecity["min_seats"], dodgecity["max_seats"]) == (2, 5)
    assert dodgecity["default"] is True
    assert dodgecity["bot_kinds"] == ["heuristic", "random"]
    assert {"deck", "landmarks_bridge", "max_passes"} <= dodgecity["settings_schema"]["$defs"]["Variants"]["properties"].keys()


def test_given_a_ruleset_then_its_printed_material_is_the_catalog_which_stays_an_alias(client: Client) -> None:
    material = client.get("/rulesets/dodgecity")
    assert material.status_code == 200
    assert material.json() == client.get("/catalog").json()
    assert material.json()["rules_version"] == RULES_VERSION


def test_given_an_unknown_ruleset_then_its_printed_material_is_a_404_problem_naming_the_games_played(client: Client) -> None:
    answer = client.get("/rulesets/chess")
    assert answer.status_code == 404
    assert answer.headers["content-type"].startswith("application/problem+json")
    assert answer.json()["type"].endswith("/ruleset-not-found")
    assert "dodgecity" in answer.json()["detail"]


def test_given_a_new_game_naming_dodgecity_then_the_answer_the_view_and_the_list_carry_the_ruleset(client: Client) -> None:
    created = client.post("/games", json={"ruleset": "dodgecity", "players": 2, "seed": "named"})
    assert created.status_code == 201
    assert created.json()["ruleset"] == "dodgecity"
    game_id = created.json()["game_id"]
    assert client.get(f"/games/{game_id}").json()["ruleset"] == "dodgecity"
    assert client.get(f"/games/{game_id}/states/1").json()["ruleset"] == "dodgecity"
    listed = {game["game_id"]: game["ruleset"] for game in client.get("/games").json()["items"]}
    assert listed[game_id] == "dodgecity"


def test_given_a_new_game_naming_no_ruleset_then_it_is_dodgecity_as_before(client: Client) -> None:
    created = client.post("/games", json={"players": 3})
    assert created.status_code == 201
    assert created.json()["ruleset"] == "dodgecity"
    assert client.get(f"/games/{created.json()['game_id']}").json()["max_players"] == 3


def test_given_settings_or_their_older_name_variants_then_both_open_the_same_game_and_both_at_once_is_a_400(client: Client) -> None:
    chosen = {"deck": "variant_44", "max_passes": 3}
    by_settings = client.post("/games", json={"players": 2, "settings": chosen}).json()["game_id"]
    by_variants = client.post("/games", json={"players": 2, "variants": chosen}).json()["game_id"]
    seen = [client.get(f"/games/{game_id}").json()["variants"] for game_id in (by_settings, by_variants)]
    assert seen[0] == seen[1]
    assert (seen[0]["deck"], seen[0]["max_passes"]) == ("variant_44", 3)
    before = client.get("/games").json()["total"]
    both = client.post("/games", json={"players": 2, "settings": chosen, "variants": chosen})
    assert both.status_code == 400
    assert "not both" in both.json()["detail"]
    assert client.get("/games").json()["total"] == before


@pytest.mark.parametrize("ruleset", ["chess", "", "DODGECITY", 7, None])
def test_given_a_new_game_of_an_unknown_ruleset_then_it_is_a_400_naming_the_field_and_nothing_is_opened(
    client: Client, ruleset: object
) -> None:
    before = client.get("/games").json()["total"]
    refused = client.post("/games", json={"ruleset": ruleset, "players": 2})
    assert refused.status_code == 400
    assert refused.json()["invalid_params"][0]["name"] == "$.ruleset"
    assert client.get("/games").json()["total"] == before


def test_given_the_ruleset_filter_then_the_game_list_and_leaderboard_keep_the_games_of_that_ruleset(client: Client) -> None:
    everything = client.get("/games").json()
    assert client.get("/games", params={"ruleset": "dodgecity"}).json() == everything
    assert client.get("/leaderboard", params={"ruleset": "dodgecity"}).json() == client.get("/leaderboard").json()
    assert client.get("/leaderboard/teams", params={"ruleset": "dodgecity"}).json() == []
    for path in ("/games", "/leaderboard", "/leaderboard/teams"):
        unknown = client.get(path, params={"ruleset": "chess"})
        assert unknown.status_code == 400, path
        assert unknown.json()["invalid_params"][0]["name"] == "ruleset"


@pytest.mark.parametrize("query", ["ruleset=null", "status=null", "ruleset=dodgecity&ruleset=dodgecity"])
def test_given_a_query_parameter_twice_or_as_null_then_it_is_a_400_not_a_silent_default(client: Client, query: str) -> None:
    answer = client.get(f"/games?{query}")
    assert answer.status_code == 400
    assert answer.json()["type"].endswith("/invalid-request")


@pytest.mark.parametrize("path", ["/games", "/games/00000000-0000-0000-0000-000000000001/actions"])
def test_given_a_path_served_by_a_get_and_a_post_then_options_allows_both(client: Client, path: str) -> None:
    answer = client.options(path)
    assert answer.status_code == 204
    assert answer.headers["allow"] == "GET, OPTIONS, POST"
