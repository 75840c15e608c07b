"""Imported games over HTTP and on the command line (issue 29, item 1): a game stored from a game
record is marked as imported in the game list, in every view and in its record, and counts on
no leaderboard unless the caller asks for imported games (``?imported=true``, ``leaderboard
--imported``); a game played here always counts. The probe: five records of bot games under a
made-up name, imported, made that name "played 5, won ..." on the leaderboard; now it is not there
unless asked for."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import pytest
from api.app import create_app
from api.settings import ApiSettings
from domain.aggregates.game import AnyGame, Game
from domain.events.base import DomainEvent
from domain.registry import default_registry
from engine.application import GameService
from engine.kit import kit_for
from engine.records import Command, StartCommand, act_command, create_command, join_command
from engine.simulation import simulate
from engine.transfer import export_record
from entrypoints.cli import main
from litestar import Litestar
from litestar.testing import TestClient

Client = TestClient[Litestar]
Commands = list[tuple[Command, list[DomainEvent]]]
JSON = {"Content-Type": "application/json"}
MADE_UP = "Mallory"
IMPORTS = 5


def played_elsewhere(seed: str, names: tuple[str, ...], *, ruleset: str = "dodgecity", check_names: bool = True) -> tuple[UUID, Commands]:
    """A game played to its end by random bots sitting under ``names``, every command recorded
    as a server records it; ``check_names`` False plays it as an older server did, which
    checked no names ([TABLE-NAME])."""
    game_id = uuid4()
    game: AnyGame = Game.create(game_id, default_registry().get(ruleset), seed=seed, seats=len(names))
    commands: Commands = [(create_command(game_id, seed, chosen=True), game.collect_events())]
    for name in names:
        game.join(name, None, bot="random", check_name=check_names)
        commands.append((join_command(name, None, bot="random"), game.collect_events()))
    game.start()
    commands.append((StartCommand(), game.collect_events()))
    player = kit_for(ruleset).bot("random", seed)
    while not game.is_over:
        seat = next(decision.seat for decision in game.pending() if game.legal_actions(decision.seat))
        action = player.choose(game, seat)
        game.act(seat, action)
        commands.append((act_command(seat, action), game.collect_events()))
    return game_id, commands


def records_made_elsewhere(count: int, names: tuple[str, ...], seed: str) -> list[tuple[UUID, bytes]]:
    """``count`` game records exported by another server."""
    elsewhere = GameService("memory://")
    try:
        made = []
        for index in range(count):
            game_id, commands = played_elsewhere(f"{seed}-{index}", names)
            elsewhere.store_game(game_id, commands)
            made.append((game_id, export_record(game_id, elsewhere.records(game_id))))
        return made
    finally:
        elsewhere.close()


@pytest.fixture
def games() -> Iterator[GameService]:
    service = GameService("memory://")
    yield service
    service.close()


@pytest.fixture
def client(games: GameService) -> Iterator[Client]:
    with TestClient(create_app(games, settings=ApiSettings(game_limit=None))) as test_client:
        yield test_client


def _imported(client: Client, record: bytes) -> str:
    answer = client.post("/games/records", content=record, headers=JSON)
    assert answer.status_code == 201, answer.text
    return str(answer.json()["game_id"])


def _names(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {row["name"]: row for row in rows}


def test_given_five_imported_records_of_bot_games_under_a_made_up_name_when_reading_the_leaderboard_then_the_name_counts_only_when_imported_games_are_asked_for(
    client: Client, games: GameService
) -> None:
    for _, record in records_made_elsewhere(IMPORTS, (MADE_UP, "Trent"), "probe"):
        _imported(client, record)
    here, commands = played_elsewhere("played-here", ("Ann", "Bob"))
    games.store_game(here, commands)  # as a game played on this server is stored

    board = _names(client.get("/leaderboard").json())
    assert MADE_UP not in board
    assert "Trent" not in board
    assert board["Ann"]["played"] == board["Bob"]["played"] == 1
    assert client.get("/leaderboard", params={"ruleset": "dodgecity"}).json() == client.get("/leaderboard").json()

    everyone = _names(client.get("/leaderboard", params={"imported": "true"}).json())
    assert everyone[MADE_UP]["played"] == everyone["Trent"]["played"] == IMPORTS
    assert everyone[MADE_UP]["won"] + everyone["Trent"]["won"] >= IMPORTS
    assert everyone["Ann"] == board["Ann"]


def test_given_imported_bang_games_when_reading_the_team_leaderboard_then_their_teams_count_only_when_asked_for(
    client: Client, games: GameService
) -> None:
    elsewhere = GameService("memory://")
    try:
        simulate(2, 4, "teams-elsewhere", store=elsewhere.store_game, ruleset="bang")
        records = [export_record(game_id, elsewhere.records(game_id)) for game_id in elsewhere.game_ids()]
    finally:
        elsewhere.close()
    for record in records:
        _imported(client, record)

    assert client.get("/leaderboard/teams").json() == []
    teams = client.get("/leaderboard/teams", params={"imported": "true"}).json()
    assert sum(row["played"] for row in teams) >= len(records)
    assert {row["ruleset"] for row in teams} == {"bang"}

    simulate(1, 4, "teams-here", store=games.store_game, ruleset="bang")
    here = client.get("/leaderboard/teams").json()
    everything = client.get("/leaderboard/teams", params={"imported": "true"}).json()
    assert here
    assert sum(row["played"] for row in here) < sum(row["played"] for row in everything)


def test_given_an_imported_game_and_one_played_here_then_the_list_the_views_and_the_records_say_which_is_which(
    client: Client, games: GameService
) -> None:
    [(game_id, record)] = records_made_elsewhere(1, (MADE_UP, "Trent"), "marks")
    imported = _imported(client, record)
    here, commands = played_elsewhere("marks-here", ("Ann", "Bob"))
    games.store_game(here, commands)

    listed = {item["game_id"]: item["imported"] for item in client.get("/games").json()["items"]}
    assert listed == {imported: True, str(here): False}
    for shown, mark in ((imported, True), (str(here), False)):
        assert client.get(f"/games/{shown}").json()["imported"] is mark
        assert client.get(f"/games/{shown}/states/3").json()["imported"] is mark

    downloaded = client.get(f"/games/{imported}/record")
    assert json.loads(downloaded.content) == {**json.loads(record), "imported": True}
    # Importing a record that says it was imported is fine: it is marked here all the same.
    other = GameService("memory://")
    try:
        with TestClient(create_app(other, settings=ApiSettings(game_limit=None))) as second:
            assert _imported(second, downloaded.content) == str(game_id)
            assert second.get(f"/games/{game_id}").json()["imported"] is True
            assert second.get(f"/games/{game_id}/record").content == downloaded.content
    finally:
        other.close()
    played = client.get(f"/games/{here}/record").content
    assert "imported" not in json.loads(played)
    assert played == export_record(here, games.records(here))


def test_given_an_imported_game_when_the_server_restarts_then_it_is_still_marked_and_off_the_leaderboard(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    [(game_id, record)] = records_made_elsewhere(1, (MADE_UP, "Trent"), "restart")
    first = GameService(url)
    with TestClient(create_app(first, settings=ApiSettings(game_limit=None), close_on_shutdown=True)) as client:
        _imported(client, record)

    again = GameService(url)
    with TestClient(create_app(again, settings=ApiSettings(game_limit=None), close_on_shutdown=True)) as client:
        assert client.get(f"/games/{game_id}").json()["imported"] is True
        assert client.get("/games").json()["items"][0]["imported"] is True
        assert client.get("/leaderboard").json() == []
        assert MADE_UP in _names(client.get("/leaderboard", params={"imported": "true"}).json())


def test_given_a_record_imported_by_the_command_line_then_games_marks_it_and_leaderboard_counts_it_only_with_imported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    [(game_id, record)] = records_made_elsewhere(1, (MADE_UP, "Trent"), "cli")
    saved = tmp_path / "record.json"
    saved.write_bytes(record)
    assert main(["import", str(saved), "--db", url]) == 0
    assert "marked as imported" in capsys.readouterr().out

    assert main(["games", "--db", url]) == 0
    [line] = [line for line in capsys.readouterr().out.splitlines() if str(game_id) in line]
    assert line.endswith("(imported)")
    assert main(["leaderboard", "--db", url]) == 0
    assert MADE_UP not in capsys.readouterr().out
    assert main(["leaderboard", "--imported", "--db", url]) == 0
    assert MADE_UP in capsys.readouterr().out
    exported = tmp_path / "again.json"
    assert main(["export", str(game_id), "--db", url, "--output", str(exported)]) == 0
    assert json.loads(exported.read_bytes()) == {**json.loads(record), "imported": True}
