"""The command line never answers with a traceback: a bad file, a bad database URL, a bad option
or a failure of ours is one line on standard error and a non-zero exit.

``dodgecity import`` refuses the same corrupted records as ``POST /games/records``, in the same
words: every body of the bad-input corpus (``api/bad_inputs/requests.json``) and the records the
records tests corrupt (``api/test_records_api.py``) are sent to both."""

from __future__ import annotations

import json
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from api.app import create_app
from api.settings import ApiSettings
from engine.application import GameService
from engine.transfer import UNVERIFIABLE
from entrypoints import cli
from entrypoints.cli import main
from litestar.testing import TestClient

from tests.api.bad_inputs.corpus import _joined, corpus
from tests.api.servers import run_cli

GOLDEN = Path(__file__).parent / "golden" / "bang" / "3p-simulated-random.json"
A_GAME = "00000000-0000-4000-8000-000000000000"
#: Nobody listens on port 1 of this host: a PostgreSQL server that cannot be reached.
UNREACHABLE_POSTGRES = "postgresql://user:secret@127.0.0.1:1/games"


def _changed(change: Callable[[dict[str, Any]], None]) -> bytes:
    record = json.loads(GOLDEN.read_bytes())
    change(record)
    return json.dumps(record, indent=1).encode()


def _corrupted_records() -> dict[str, bytes]:
    """Each corrupted record by name: the corpus's bodies, then records corrupted as the records
    tests do, then the probes of the issue."""
    files = {f"corpus: {entry.name}": _joined(entry.body) for entry in corpus() if entry.method == "POST" and entry.body is not None}
    golden = GOLDEN.read_bytes()
    files |= {
        "a record cut in half": golden[: len(golden) // 2],
        "a partial record": json.dumps({"format": "dodgecity-partial-record", "importable": False, "events": []}).encode(),
        "an event's time changed": _changed(lambda r: r["events"][5].update(recorded_at="2000-01-01T00:00:00+00:00")),
        "no events": _changed(lambda r: r.update(events=[])),
        "a format version to come": _changed(lambda r: r.update(format_version=99)),
        "a header that disagrees with its first event": _changed(lambda r: r.update(seats=7)),
        "an event of an unknown type": _changed(lambda r: r["events"][0].update(type="x.Y")),
        "an event missing its fields": _changed(lambda r: r["events"][3].update(event={"x": 1})),
        "a player's name that is a number": _changed(lambda r: r["players"].__setitem__(0, 5)),
        "a game id that is no UUID": _changed(lambda r: r.update(game_id="nope")),
        "a key given twice": golden.replace(b'"format": ', b'"format": "x", "format": ', 1),
        "not UTF-8 (the issue's probe)": b'{"format": "\xff"}',
        "nested 100000 deep": b'{"format": "dodgecity-game-record", "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        "nested 33 deep in a record": golden.replace(b'"players": ', b'"x": ' + b"[" * 32 + b"]" * 32 + b', "players": ', 1),
    }
    return files


CORRUPTED = _corrupted_records()


@pytest.fixture(scope="module")
def http() -> Iterator[TestClient]:  # type: ignore[type-arg]
    """The HTTP import, without the per-address allowance the many refusals would spend."""
    games = GameService("memory://")
    with TestClient(create_app(games, settings=ApiSettings(game_limit=None))) as client:
        yield client
    games.close()


def _refused(capsys: pytest.CaptureFixture[str], *arguments: str, status: int = 1) -> str:
    """The one line on standard error of a command refused with exit ``status``."""
    assert main(list(arguments)) == status
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("dodgecity: "), err
    return lines[0].removeprefix("dodgecity: ")


@pytest.mark.parametrize("name", list(CORRUPTED))
def test_given_a_corrupted_record_when_imported_by_the_cli_and_over_http_then_both_refuse_it_in_the_same_words(
    name: str,
    http: TestClient,  # type: ignore[type-arg]
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = CORRUPTED[name]
    answer = http.post("/games/records", content=data, headers={"Content-Type": "application/json"})
    assert answer.status_code in {400, 422}, answer.text
    record = tmp_path / "record.json"
    record.write_bytes(data)
    database = tmp_path / "games.db"

    said = _refused(capsys, "import", str(record), "--db", f"sqlite:///{database}")

    assert said == answer.json()["detail"].replace("the request body", "the game record", 1)
    assert not database.exists()


def test_given_the_issues_file_that_is_not_utf8_when_imported_then_one_line_and_no_traceback(
    tmp_path: Path,
) -> None:
    record = tmp_path / "bad.json"
    record.write_bytes(b'{"format": "\xff"}')

    ran = run_cli("import", str(record), "--db", f"sqlite:///{tmp_path / 'x.db'}")

    assert ran.returncode == 1
    assert ran.stderr == "dodgecity: the game record is not UTF-8\n"


@pytest.fixture
def unopenable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A file that cannot be opened for reading, whoever runs the test (root reads any file
    whatever its mode): a socket's."""
    monkeypatch.chdir(tmp_path)  # a socket's path must be short
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as listening:
        listening.bind("record.json")
        yield "record.json"


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda d: str(d / "missing.json"), "cannot read {}: No such file or directory"),
        (str, "cannot read {}: Is a directory"),
        (lambda d: str(d / "a.json" / "b.json"), "cannot read {}: No such file or directory"),
        (lambda d: _written(d / "empty.json", b""), "the game record is empty"),
        (lambda d: _written(d / "blank.json", b" \n\t"), "the game record is empty"),
    ],
    ids=["missing", "a folder", "in a missing folder", "empty", "only white space"],
)
def test_given_a_file_that_is_no_record_when_imported_then_one_line_naming_it(
    make: Callable[[Path], str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = make(tmp_path)
    assert _refused(capsys, "import", path, "--db", "memory://") == said.format(path)


def test_given_a_file_that_cannot_be_opened_when_imported_then_one_line_naming_it(
    unopenable: str, capsys: pytest.CaptureFixture[str]
) -> None:
    said = _refused(capsys, "import", unopenable, "--db", "memory://")
    assert said == "cannot read record.json: No such device or address"


def _written(path: Path, data: bytes) -> str:
    path.write_bytes(data)
    return str(path)


#: Every command that opens a database, with what it needs besides.
DATABASE_COMMANDS = [
    ["import", str(GOLDEN)],
    ["verify", "--all"],
    ["verify", A_GAME],
    ["export", A_GAME],
    ["replay", A_GAME],
    ["state", A_GAME],
    ["games"],
    ["leaderboard"],
    ["projections", "rebuild"],
    ["simulate", "--games", "1", "--seed", "bad database"],
    ["serve", "--port", "1"],  # never reached: the database fails first
]
COMMAND_IDS = [" ".join(command[:2]).replace(str(GOLDEN), "FILE") for command in DATABASE_COMMANDS]


@pytest.mark.parametrize("command", DATABASE_COMMANDS, ids=COMMAND_IDS)
def test_given_an_unknown_kind_of_database_url_when_any_command_runs_then_one_line_and_exit_2(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    said = _refused(capsys, *command, "--db", "mysql://games", status=2)
    assert said.startswith("unsupported database URL 'mysql://games'")


@pytest.mark.parametrize("command", DATABASE_COMMANDS, ids=COMMAND_IDS)
def test_given_a_database_in_a_missing_folder_when_any_command_runs_then_one_line_naming_it(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "nowhere" / "games.db"

    said = _refused(capsys, *command, "--db", f"sqlite:///{path}")

    assert said in {
        f"no folder {path.parent} for the database {path}: create it first",
        f"no database at {path} (give --db or $DODGECITY_DB)",  # commands that only read
    }
    assert not path.parent.exists()


@pytest.mark.parametrize("command", DATABASE_COMMANDS, ids=COMMAND_IDS)
def test_given_an_unreachable_postgresql_when_any_command_runs_then_one_line_without_the_password(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    said = _refused(capsys, *command, "--db", UNREACHABLE_POSTGRES)
    assert said.startswith("cannot open the database postgresql://user@127.0.0.1:1/games: ")
    assert "secret" not in said
    assert "\\x0a" not in said  # the driver's two lines, joined rather than escaped


@pytest.mark.parametrize(
    "arguments",
    [
        ["export", A_GAME, "--db", "memory://", "-o", "{dir}/nowhere/game.json"],
        ["openapi", "-o", "{dir}/nowhere/openapi.json"],
        ["openapi", "-o", "{dir}"],
        ["openapi", "-o", "{dir}/openapi.json", "--rulesets-dir", "{dir}/openapi.json"],
    ],
    ids=["export into a missing folder", "openapi into a missing folder", "openapi onto a folder", "rulesets onto a file"],
)
def test_given_an_output_that_cannot_be_written_when_writing_then_one_line_naming_it(
    arguments: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if arguments[0] == "export":  # a game to export, in a database that outlives the command
        database = f"sqlite:///{tmp_path / 'games.db'}"
        assert main(["simulate", "--games", "1", "--seed", "export", "--db", database, "--json"]) == 0
        game = GameService(database)
        arguments = [*arguments[:1], str(game.game_ids()[0]), "--db", database, *arguments[4:]]
        game.close()
        capsys.readouterr()
    filled = [argument.replace("{dir}", str(tmp_path)) for argument in arguments]

    said = _refused(capsys, *filled)

    assert said.startswith(("cannot write ", "cannot make the folder ")), said


def test_given_a_negative_offset_when_listing_games_then_argparse_refuses_it_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = f"sqlite:///{tmp_path / 'games.db'}"
    GameService(database).close()
    with pytest.raises(SystemExit) as exited:
        main(["games", "--offset", "-1", "--db", database])
    assert exited.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == ("dodgecity games: error: argument --offset: must be 0 or more")


def test_given_a_failure_nobody_foresaw_when_a_command_runs_then_one_line_unless_debug_asks_for_the_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(_app: GameService, _args: object) -> int:
        raise RuntimeError("a bug of ours")

    monkeypatch.setitem(cli._STORED_COMMANDS, "leaderboard", (broken, False))

    said = _refused(capsys, "leaderboard", "--db", "memory://")
    assert said == "unexpected error: RuntimeError: a bug of ours (dodgecity --debug shows where)"

    assert main(["--debug", "leaderboard", "--db", "memory://"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("Traceback (most recent call last):")
    assert err.endswith("\ndodgecity: unexpected error: RuntimeError: a bug of ours\n")


def test_given_a_record_whose_check_crashes_when_imported_then_it_is_refused_as_unverifiable_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def crashing(*_args: object, **_options: object) -> None:
        raise RecursionError("a history the rules trip over")

    monkeypatch.setattr("engine.transfer.verify", crashing)

    said = _refused(capsys, "import", str(GOLDEN), "--db", "memory://")

    assert said == f"{UNVERIFIABLE} (dodgecity --debug shows where)"
