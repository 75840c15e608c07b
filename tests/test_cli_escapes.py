"""What the command line prints from the store cannot drive the terminal: a name stored before
names were checked (or imported from elsewhere) holding ESC, a carriage return, a right-to-left
override or a NUL is printed as escapes by ``games``, ``leaderboard``, ``replay`` and ``state``,
and ``state`` stays JSON, its view showing the name escaped as every view does."""

from __future__ import annotations

import json
from pathlib import Path
from uuid import uuid4

import pytest
from domain.aggregates.game import AnyGame, Game
from domain.events.base import DomainEvent
from domain.names import shown_name
from domain.registry import default_registry
from engine.application import GameService
from engine.kit import kit_for
from engine.records import Command, StartCommand, act_command, create_command, join_command
from entrypoints.cli import main

#: Clears the screen, sets the window title, hides what came before and reverses the rest.
EVIL = "\x1b[2J\x1b]0;owned\x07\rx\u202ey\x00z\x9b31m"
RAW = ("\x1b", "\x07", "\r", "\u202e", "\x00", "\x9b")


@pytest.fixture
def url(tmp_path: Path) -> str:
    """A store holding one ended game whose first seat has the evil name, as an older server
    (which checked no names, [TABLE-NAME]) stored it: played in process with the check off,
    every command recorded as a server records it, then stored whole."""
    database = f"sqlite:///{tmp_path / 'games.db'}"
    game_id = uuid4()
    game: AnyGame = Game.create(game_id, default_registry().get("dodgecity"), seed="escapes", seats=2)
    commands: list[tuple[Command, list[DomainEvent]]] = [(create_command(game_id, "escapes", chosen=True), game.collect_events())]
    for name in (EVIL, "plain"):
        game.join(name, None, bot="random", check_name=False)
        commands.append((join_command(name, None, bot="random"), game.collect_events()))
    game.start()
    commands.append((StartCommand(), game.collect_events()))
    player = kit_for("dodgecity").bot("random", "escapes")
    while not game.is_over:
        seat = next(decision.seat for decision in game.pending() if game.legal_actions(decision.seat))
        action = player.choose(game, seat)
        game.act(seat, action)
        commands.append((act_command(seat, action), game.collect_events()))
    app = GameService(database)
    try:
        app.store_game(game_id, commands)
        assert app.read(game_id, lambda stored: stored.is_over)
    finally:
        app.close()
    return database


def _printed(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    assert main(list(arguments)) == 0
    out = capsys.readouterr().out
    assert not [char for char in RAW if char in out], out
    return out


def test_given_a_stored_name_with_terminal_controls_when_listed_then_it_is_printed_escaped(
    url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    games = _printed(capsys, "games", "--db", url)
    assert "\\x1b[2J\\x1b]0;owned\\x07\\x0dx\\u202ey\\x00z\\x9b31m, plain" in games
    board = _printed(capsys, "leaderboard", "--db", url)
    assert "\\x1b[2J" in board


def test_given_a_stored_name_with_terminal_controls_when_replayed_then_every_line_is_printed_escaped(
    url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = _game_id(url)
    replay = _printed(capsys, "replay", game_id, "--db", url)
    assert "\\x1b[2J\\x1b]0;owned" in replay


def test_given_a_stored_name_with_terminal_controls_when_its_state_is_printed_then_it_is_the_same_json_with_escapes(
    url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    state = _printed(capsys, "state", _game_id(url), "--db", url)
    # A view shows a stored name the rule refuses escaped ([TABLE-NAME], domain/names.py).
    assert json.loads(state)["players"][0]["name"] == shown_name(EVIL)
    assert "\\u202e" in state


def _game_id(url: str) -> str:
    app = GameService(url)
    try:
        return str(app.game_ids()[0])
    finally:
        app.close()
