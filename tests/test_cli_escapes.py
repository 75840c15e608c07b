"""What the command line prints from the store cannot drive the terminal: a name stored before
names were checked (or imported from elsewhere) holding ESC, a carriage return, a right-to-left
override or a NUL is printed as escapes by ``games``, ``leaderboard``, ``replay`` and ``state``,
and ``state`` stays the same JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from engine.application import GameService
from engine.bot_seats import BotSeats
from engine.players import BotSeat
from entrypoints.cli import main

#: Clears the screen, sets the window title, hides what came before and reverses the rest.
EVIL = "\x1b[2J\x1b]0;owned\x07\rx\u202ey\x00z\x9b31m"
RAW = ("\x1b", "\x07", "\r", "\u202e", "\x00", "\x9b")


@pytest.fixture
def url(tmp_path: Path) -> str:
    """A store holding one ended game whose first seat has the evil name, as an older server
    (which checked no names) would have stored it: through the engine, which trusts its caller."""
    database = f"sqlite:///{tmp_path / 'games.db'}"
    app = GameService(database)
    seats = BotSeats(app)
    try:
        game_id = app.create_game(
            ruleset="dodgecity",
            seats=2,
            seed="escapes",
            bots=[BotSeat(kind="random", name=EVIL), BotSeat(kind="random", name="plain")],
        )
        app.start(game_id)
        assert seats.wait_idle(120)
        assert app.read(game_id, lambda game: game.is_over)
    finally:
        seats.close()
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
    assert json.loads(state)["players"][0]["name"] == EVIL
    assert "\\u202e" in state
    assert "\\u009b" in state


def _game_id(url: str) -> str:
    app = GameService(url)
    try:
        return str(app.game_ids()[0])
    finally:
        app.close()
