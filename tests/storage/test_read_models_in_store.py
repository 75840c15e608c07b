"""The read models kept by the application, next to the events in the same database: equal to a
fold of the log, readable right after a command, identical after a rebuild, exactly once across
restarts and processes."""

from __future__ import annotations

import random
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from domain.dodgecity.actions import BuyStone
from engine.application import GameService
from engine.players import RandomPlayer
from engine.records import CreateCommand
from projections import read_models
from projections.dodgecity import READ_MODELS
from projections.dodgecity import read_models as dodgecity
from projections.plugin import installed_read_models
from projections.store import wanted_versions

from tests.storage.games import recorded_game

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "dodgecity-2026-11" / "games.db"


@pytest.fixture
def app(database_url: str) -> Iterator[GameService]:
    application = GameService(database_url)
    yield application
    application.close()


def _play_partly(app: GameService, players: int, seed: str, actions: int) -> UUID:
    game_id = app.create_game(ruleset="dodgecity", seats=players, seed=seed)
    for seat in range(players):
        app.join(game_id, f"partial{seat}")
    app.start(game_id)
    player, order = RandomPlayer(seed), random.Random(seed)
    for _ in range(actions):
        seat, action = app.read(game_id, lambda g: (s := order.choice(g.pending()).seat, player.choose(g, s)))
        app.act(game_id, seat, action)
    return game_id


def _fill(app: GameService) -> list[UUID]:
    ids = []
    for index, players in enumerate([2, 3, 4, 5]):
        game, commands = recorded_game(players, f"fold-{index}")
        app.store_game(game.id, commands)
        ids.append(game.id)
    ids.append(_play_partly(app, 3, "partial", 40))
    ids.append(app.create_game(ruleset="dodgecity", seats=4, seed="lobby"))
    return ids


def test_given_stored_games_then_every_read_model_equals_the_fold_of_the_log(app: GameService) -> None:
    ids = _fill(app)
    app.projections.catch_up()

    expected_leaderboard: dict[str, tuple[int, int, int]] = {}
    for game_id in ids:
        game = app.game_at(game_id)
        assert app.projections.board(game_id) == dodgecity.board(game_id, game.state)
        assert app.projections.scores(game_id) == dodgecity.scores(game_id, game.state)
        records = app.records(game_id)
        opening = records[0].command
        assert isinstance(opening, CreateCommand)
        summary = read_models.game_summary(
            game_id,
            game.rules,
            game.state,
            seats=game.rules.opening(records[0].event()).seats,
            pass_number=READ_MODELS.progress(game.state),
            version=game.version,
            created_at=records[0].recorded_at,
            updated_at=records[-1].recorded_at,
            seed_commitment=opening.seed_commitment,
            seed_chosen=opening.seed_chosen,
        )
        assert summary in app.projections.games(limit=100).items
        assert summary in app.projections.games(ruleset="dodgecity", limit=100).items
        if game.is_over:
            for row in read_models.leaderboard_contribution(game.rules, game.state):
                played, won, points = expected_leaderboard.get(row.name, (0, 0, 0))
                expected_leaderboard[row.name] = (played + row.played, won + row.won, points + row.points)
    board = app.projections.leaderboard(limit=100)
    assert {r.name: (r.played, r.won, r.points) for r in board} == expected_leaderboard
    assert app.projections.leaderboard(ruleset="dodgecity", limit=100) == board
    assert sum(won for _, won, _ in expected_leaderboard.values()) >= 4, "every ended game has a winner"
    assert app.projections.games(status="running").total == 1
    assert app.projections.games(status="lobby").total == 1
    assert app.projections.games(status="ended").total == 4


def test_given_the_read_models_when_rebuilt_then_identical_tables(app: GameService) -> None:
    _fill(app)
    app.projections.catch_up()
    before = app.projections.dump()

    app.projections.rebuild()

    assert app.projections.dump() == before
    assert before["games"], "the tables were not empty"


def test_given_a_command_when_it_returns_then_the_caller_reads_it_from_the_read_models(app: GameService) -> None:
    game_id = _play_partly(app, 2, "ryw", 0)
    for _ in range(200):
        buys = app.read(game_id, lambda g: [(d.seat, a) for d in g.pending() for a in g.legal_actions(d.seat) if isinstance(a, BuyStone)])
        if buys:
            break
        seat, action = app.read(game_id, lambda g: (g.pending()[0].seat, g.legal_actions(g.pending()[0].seat)[0]))
        app.act(game_id, seat, action)
    seat, buy = buys[0]

    version = app.act(game_id, seat, buy)

    board = app.projections.board(game_id)
    assert board is not None
    assert any(s.building == buy.building and (s.row, s.col) == (buy.row, buy.col) and s.seat == seat for s in board.stones)
    summary = next(g for g in app.projections.games().items if g.game_id == game_id)
    assert summary.version == version


def test_given_a_restart_and_a_second_process_then_each_event_is_projected_exactly_once(durable_url: str) -> None:
    first = GameService(durable_url)
    game, commands = recorded_game(3, "restart-1")
    first.store_game(game.id, commands)
    first.close()

    second, third = GameService(durable_url), GameService(durable_url)
    try:
        other, more = recorded_game(2, "restart-2")
        second.store_game(other.id, more)
        assert second.projections.board(other.id) is not None  # a read catches the second one up
        assert third.projections.catch_up() == 0, "the third process finds nothing left to do"
        tables = third.projections.dump()
        third.projections.rebuild()
        assert third.projections.dump() == tables
        played = {row.name: row.played for row in third.projections.leaderboard()}
        assert played == {"bot0": 2, "bot1": 2, "bot2": 1}
    finally:
        second.close()
        third.close()


def test_given_commands_just_stored_when_the_application_closes_then_the_read_models_hold_them(durable_url: str) -> None:
    # The background projector gathers commands for a moment; closing must not drop that moment.
    first = GameService(durable_url)
    game_id = _play_partly(first, 3, "closing", 30)
    stored = first.recorder.max_notification_id()
    first.close()
    first.close()  # closing again does nothing

    second = GameService(durable_url, project_after_commands=False)
    try:
        assert second.projections.position() == stored, "position() reads the tracking row, without catching up"
        assert second.projections.catch_up() == 0
        assert second.projections.game(game_id) is not None
    finally:
        second.close()


def _old_tables(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """The read-model rows a database of the first layout holds, as the code of its day wrote them."""
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return {
            table: sorted(connection.execute(f"SELECT * FROM {table}").fetchall())
            for table in ("games", "board_buildings", "board_stones", "scores", "leaderboard")
        }
    finally:
        connection.close()


def test_given_a_database_of_the_first_layout_when_the_application_opens_it_then_the_read_models_are_rebuilt_and_answer_as_before(
    tmp_path: Path,
) -> None:
    copy = tmp_path / "games.db"
    shutil.copyfile(FIXTURE, copy)
    old = _old_tables(copy)
    assert all(old.values()), "the fixture held read models"

    app = GameService(f"sqlite:///{copy}", project_after_commands=False)
    try:
        assert app.projections.catch_up() == 0, "opening projected the whole log"
        tables = app.projections.dump()
        page = app.projections.games(limit=100)
        answers = {item.game_id: (app.projections.board(item.game_id), app.projections.scores(item.game_id)) for item in page.items}
        folded = {game_id: app.game_at(game_id).state for game_id in answers}
    finally:
        app.close()

    # Every row the old tables held is there again, each game's in Dodge City's own tables and
    # every game list line with its ruleset.
    assert tables["dodgecity_board_buildings"] == old["board_buildings"]
    assert tables["dodgecity_board_stones"] == old["board_stones"]
    assert tables["dodgecity_scores"] == old["scores"]
    assert sorted((row[0], *row[2:-4]) for row in tables["games"]) == old["games"]
    # Stored before seed commitments: none is shown, nor whether the seed was chosen.
    assert {row[-4:-2] for row in tables["games"]} == {(None, None)}
    # Played there, not imported: every game counts on the leaderboard as before.
    assert {row[-1] for row in tables["games"]} == {0}
    assert {row[1] for row in tables["games"]} == {"dodgecity"}
    assert sorted((row[1], *row[3:]) for row in tables["leaderboard"]) == old["leaderboard"]
    assert {row[2] for row in tables["leaderboard"]} == {0}
    assert {row[0] for row in tables["leaderboard"]} == {"dodgecity"}
    assert dict(tables["read_model_schema"]) == wanted_versions(installed_read_models())
    assert page.total == len(old["games"])
    for game_id, (board, scores) in answers.items():
        assert board == dodgecity.board(game_id, folded[game_id])
        assert scores == dodgecity.scores(game_id, folded[game_id])
    connection = sqlite3.connect(copy)
    try:
        left = {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        connection.close()
    assert left.isdisjoint({"board_buildings", "board_stones", "scores"})
