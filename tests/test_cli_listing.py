"""What ``dodgecity`` says of itself and lists of a store holding both games: ``--version``
prints the installed package's version; ``games`` names each game's game and tells its status
in that game's words, and ``--ruleset`` keeps one game's; ``leaderboard`` never adds the games
up, one table per game unless ``--ruleset`` asks for one."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
from pathlib import Path

import pytest
from engine.application import GameService
from engine.players import BotSeat
from entrypoints.cli import main

#: The console script ``pyproject.toml`` installs, beside this interpreter.
DODGECITY = Path(sys.executable).parent / "dodgecity"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A store with two ended games of each game, played by ``simulate`` as a user would."""
    url = f"sqlite:///{tmp_path_factory.mktemp('listing') / 'games.db'}"
    for ruleset, players in (("dodgecity", "3"), ("bang", "4")):
        argv = ["simulate", "--ruleset", ruleset, "--players", players, "--games", "2"]
        assert main([*argv, "--seed", f"listing-{ruleset}", "--db", url, "--progress", "never"]) == 0
    return url


def _out(capsys: pytest.CaptureFixture[str], *arguments: str) -> list[str]:
    assert main(list(arguments)) == 0
    return capsys.readouterr().out.splitlines()


def test_given_the_installed_command_when_asked_its_version_then_it_prints_the_packages_and_exits_0() -> None:
    done = subprocess.run([str(DODGECITY), "--version"], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"dodgecity {importlib.metadata.version('dodgecity-engine')}\n"
    assert re.fullmatch(r"dodgecity \d+\.\d+\.\d+\S*\n", done.stdout)


def test_given_both_games_stored_when_listed_then_each_line_names_its_game_and_its_progress_in_its_words(
    store: str, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _out(capsys, "games", "--db", store)
    assert lines[-1] == "4 of 4 games"
    games = [line.split()[1] for line in lines[:-1]]
    assert sorted(games) == ["bang", "bang", "dodgecity", "dodgecity"]
    for line in lines[:-1]:
        progress = re.search(r"\s(ended, (pass|turn) [1-9]\d*)\s", line)
        assert progress is not None, line
        assert progress.group(2) == ("turn" if line.split()[1] == "bang" else "pass"), line


@pytest.mark.parametrize("ruleset", ["bang", "dodgecity"])
def test_given_both_games_stored_when_listed_with_a_ruleset_then_only_that_games_games(
    ruleset: str, store: str, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _out(capsys, "games", "--ruleset", ruleset, "--db", store)
    assert lines[-1] == "2 of 2 games"
    assert [line.split()[1] for line in lines[:-1]] == [ruleset, ruleset]


def test_given_an_unknown_ruleset_when_listing_then_a_message_naming_the_games_and_exit_2(
    store: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in ("games", "leaderboard"):
        with pytest.raises(SystemExit) as exit_:
            main([command, "--ruleset", "chess", "--db", store])
        assert exit_.value.code == 2
        err = capsys.readouterr().err
        assert "invalid choice: 'chess'" in err
        assert "'bang', 'dodgecity'" in err


def _tables(lines: list[str]) -> dict[str, list[str]]:
    """The leaderboard's tables by their heading, each its rows below the column names."""
    tables: dict[str, list[str]] = {}
    for block in "\n".join(lines).split("\n\n"):
        heading, columns, *rows = block.splitlines()
        assert columns.split() == ["player", "played", "won", "points"]
        tables[heading] = rows
    return tables


def test_given_both_games_stored_when_the_leaderboard_is_asked_then_one_table_per_game_never_added_up(
    store: str, capsys: pytest.CaptureFixture[str]
) -> None:
    tables = _tables(_out(capsys, "leaderboard", "--db", store))
    assert list(tables) == ["BANG! – Dodge City (bang)", "Dodge City (dodgecity)"]
    # The same bot names sat at both games: two games each in each table, not four in one.
    for heading, rows in tables.items():
        assert rows, heading
        assert {int(row.split()[1]) for row in rows} == {2}, (heading, rows)


def test_given_both_games_stored_when_the_leaderboard_of_a_ruleset_is_asked_then_its_table_alone(
    store: str, capsys: pytest.CaptureFixture[str]
) -> None:
    every = _tables(_out(capsys, "leaderboard", "--db", store))
    only = _tables(_out(capsys, "leaderboard", "--ruleset", "bang", "--limit", "2", "--db", store))
    assert list(only) == ["BANG! – Dodge City (bang)"]
    assert only["BANG! – Dodge City (bang)"] == every["BANG! – Dodge City (bang)"][:2]


def test_given_no_ended_game_when_the_leaderboard_is_asked_then_it_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'empty.db'}"
    assert main(["simulate", "--games", "1", "--players", "2", "--seed", "e", "--db", url, "--progress", "never"]) == 0
    capsys.readouterr()
    assert _out(capsys, "leaderboard", "--ruleset", "bang", "--db", url) == [
        "BANG! – Dodge City (bang)",
        "player                   played   won points",
    ]
    assert _out(capsys, "games", "--ruleset", "bang", "--db", url) == ["0 of 0 games"]


def test_given_a_game_in_the_lobby_and_one_begun_when_listed_then_the_lobby_alone_and_the_turn_being_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    games = GameService(url)
    try:
        waiting = games.create_game(ruleset="dodgecity", seats=3, seed="waiting")
        begun = games.create_game(ruleset="bang", seats=4, seed="begun", bots=[BotSeat("random") for _ in range(4)])
        games.start(begun)
        games.projections.catch_up()
    finally:
        games.close()
    lines = {line.split()[0]: line for line in _out(capsys, "games", "--db", url)[:-1]}
    assert re.search(r"\sdodgecity\s+lobby\s+v", lines[str(waiting)]), lines[str(waiting)]
    assert re.search(r"\sbang\s+running, turn 1\s+v", lines[str(begun)]), lines[str(begun)]
    running = _out(capsys, "games", "--status", "running", "--ruleset", "bang", "--db", url)
    assert [line.split()[0] for line in running[:-1]] == [str(begun)]
