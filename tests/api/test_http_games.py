"""Complete games through HTTP only: a real server, one random client per seat, then the CLI's
verify and projections rebuild on the database the server wrote."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.api.http_players import (
    Accepted,
    Json,
    SeatedGame,
    all_events,
    assert_tiles,
    client_for,
    open_game,
    play_round_robin,
    view_of,
)
from tests.api.servers import run_cli, serving

PLAYER_COUNTS = (2, 3, 4, 5)


def _check_game(client_view: Json, scores: Json, listed: Json, game: SeatedGame, accepted: list[Accepted], *, events: list[Json]) -> None:
    assert client_view["status"] == "ended"
    assert client_view["end_reason"] is not None
    assert client_view["winners"], "an ended game has winners"
    assert listed["status"] == "ended"
    assert listed["version"] == client_view["version"]
    assert listed["winners"] == client_view["winners"]
    # The scores read model agrees with the live game about every player.
    seen = {p["seat"]: (p["name"], p["points"], p["money"], list(p["value_discs"])) for p in client_view["players"]}
    scored = {p["seat"]: (p["name"], p["points"], p["money"], list(p["value_discs"])) for p in scores["players"]}
    assert scored == seen
    assert len(seen) == game.players
    # Every event after the start came from exactly one accepted action.
    assert_tiles(accepted, game.start_version + 1, client_view["version"], events)


def test_given_one_random_http_client_per_seat_then_games_of_2_to_5_players_end_and_verify(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'http-games.db'}"
    played: list[tuple[SeatedGame, Json]] = []
    with serving(url) as server, client_for(server.url) as client:
        for players in PLAYER_COUNTS:
            game = open_game(client, players, f"http-games-{players}")
            final, accepted = play_round_robin(client, game, f"http-games-{players}")
            scores = client.get(f"/games/{game.game_id}/scores")
            assert scores.status_code == 200, scores.text
            listed = {g["game_id"]: g for g in client.get("/games", params={"status": "ended", "limit": 100}).json()["items"]}
            events = all_events(client, game.game_id)
            _check_game(final, scores.json(), listed[game.game_id], game, accepted, events=events)

            assert [e["originator_version"] for e in events] == list(range(1, final["version"] + 1))
            assert events[0]["type"] == "GameCreated"
            assert events[-1]["type"] == "GameEnded"
            # A seat's own view after the end shows every hand, as a spectator's does.
            assert view_of(client, game.game_id, game.tokens[0])["version"] == final["version"]
            board = client.get(f"/games/{game.game_id}/board")
            assert board.status_code == 200, board.text
            played.append((game, final))
        health = client.get("/health").json()
        assert health["projected_position"] >= sum(final["version"] for _, final in played)

    verified = run_cli("verify", "--all", "--db", url)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert f"{len(PLAYER_COUNTS)} games verified, 0 failed" in verified.stdout
    rebuilt = run_cli("projections", "rebuild", "--db", url)
    assert rebuilt.returncode == 0, rebuilt.stdout + rebuilt.stderr
    assert "tables identical" in rebuilt.stdout
    listing = run_cli("games", "--status", "ended", "--db", url)
    assert listing.returncode == 0, listing.stderr
    for game, _final in played:
        assert game.game_id in listing.stdout


@pytest.mark.parametrize("players", [3])
def test_given_the_same_seeds_then_an_http_game_plays_the_same_way_twice(tmp_path: Path, players: int) -> None:
    """Deterministic enough to debug: the same game seed and client seeds give the same game."""
    finals: list[tuple[int, list[tuple[int, int, str]]]] = []
    for run in range(2):
        with serving(f"sqlite:///{tmp_path / f'again-{run}.db'}") as server, client_for(server.url) as client:
            game = open_game(client, players, "same-seed")
            final, accepted = play_round_robin(client, game, "same-clients", max_actions=5000)
            finals.append((final["version"], [(a.seat, a.version, str(a.action)) for a in accepted]))
    assert finals[0] == finals[1]
