"""The leaderboard of teams over HTTP, ``GET /leaderboard/teams``: BANG! games played to their end
by bots count once for each team that sat in them and as won for the team whose seats won, as
each game's own outcome tells; Dodge City's games, which have no teams, add nothing; paged and
filtered by ruleset as ``GET /leaderboard`` is."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from api.app import create_app
from engine.application import GameService
from engine.simulation import simulate
from litestar import Litestar
from litestar.testing import TestClient

Client = TestClient[Litestar]

BANG_GAMES = 3


@pytest.fixture
def client() -> Iterator[Client]:
    games = GameService("memory://")
    simulate(BANG_GAMES, 4, "teams-api", store=games.store_game, ruleset="bang")
    simulate(1, 3, "teams-api-three", store=games.store_game, ruleset="bang")
    simulate(2, 2, "teams-api-city", store=games.store_game, ruleset="dodgecity")
    with TestClient(create_app(games, close_on_shutdown=True)) as test_client:
        yield test_client


def expected_rows(client: Client) -> list[dict[str, Any]]:
    """Each ended game's teams counted from the outcome its own view shows, best first."""
    totals: dict[tuple[str, str], dict[str, Any]] = {}
    for summary in client.get("/games", params={"status": "ended", "limit": 100}).json()["items"]:
        game = client.get(f"/games/{summary['game_id']}").json()
        # Dodge City's view shows no outcome of seats with teams: its games add nothing.
        results = game["outcome"]["results"] if "outcome" in game else []
        for team in {result["team"] for result in results if result["team"] is not None}:
            row = totals.setdefault((game["ruleset"], team), {"ruleset": game["ruleset"], "team": team, "played": 0, "won": 0})
            row["played"] += 1
            row["won"] += any(result["won"] for result in results if result["team"] == team)
    return sorted(totals.values(), key=lambda row: (-row["won"], row["played"], row["ruleset"], row["team"]))


def test_given_ended_bang_and_dodgecity_games_when_reading_the_team_leaderboard_then_each_team_counts_each_game_it_sat_in_once(
    client: Client,
) -> None:
    answer = client.get("/leaderboard/teams")

    assert answer.status_code == 200
    rows = answer.json()
    assert rows == expected_rows(client)
    assert client.get("/leaderboard/teams", params={"ruleset": "bang"}).json() == rows
    assert client.get("/leaderboard/teams", params={"ruleset": "dodgecity"}).json() == []
    played = {row["team"]: row["played"] for row in rows}
    # Four-seat games have two outlaws and the sheriff with a deputy or not: one count each.
    assert (played["law"], played["outlaws"], played["renegade"]) == (BANG_GAMES, BANG_GAMES, BANG_GAMES + 1)
    assert sum(row["won"] for row in rows) == BANG_GAMES + 1  # one team wins each game


def test_given_the_team_leaderboard_when_paged_then_the_pages_are_slices_of_the_whole(client: Client) -> None:
    whole = client.get("/leaderboard/teams").json()

    pages = [client.get("/leaderboard/teams", params={"limit": 2, "offset": offset}).json() for offset in range(0, len(whole), 2)]

    assert [row for page in pages for row in page] == whole
    assert len(pages) > 1


@pytest.mark.parametrize("query", [{"ruleset": "chess"}, {"limit": 0}, {"limit": 101}, {"offset": -1}])
def test_given_an_unknown_ruleset_or_a_page_out_of_bounds_then_the_team_leaderboard_is_a_400(client: Client, query: dict[str, Any]) -> None:
    answer = client.get("/leaderboard/teams", params=query)

    assert answer.status_code == 400
    assert answer.headers["content-type"].startswith("application/problem+json")
    assert answer.json()["invalid_params"][0]["name"] == next(iter(query))
