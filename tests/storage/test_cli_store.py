"""The storage commands of ``dodgecity``: simulate into a database, list, replay, state, verify,
export, import and rebuild; and bad input that gets a message, a non-zero exit and no change."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest
from entrypoints.cli import main


@pytest.fixture
def db(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    assert main(["simulate", "--games", "3", "--players", "3", "--seed", "cli", "--db", url]) == 0
    return url


def _game_ids(url: str, capsys: pytest.CaptureFixture[str]) -> list[str]:
    capsys.readouterr()
    assert main(["games", "--db", url]) == 0
    return re.findall(r"^([0-9a-f-]{36})", capsys.readouterr().out, flags=re.MULTILINE)


def test_given_simulated_games_in_a_database_then_listed_verified_and_replayable(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    ids = _game_ids(db, capsys)
    assert len(ids) == 3

    assert main(["verify", "--all", "--db", db]) == 0
    out = capsys.readouterr().out
    assert out.count(": ok,") == 3
    assert "3 games verified, 0 failed" in out

    assert main(["replay", ids[0], "--db", db]) == 0
    replay = capsys.readouterr().out
    assert "   1  " in replay
    assert "The game ended" in replay
    assert "hidden" not in replay


def test_given_a_running_game_when_replayed_as_a_seat_then_other_hands_stay_hidden(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from engine.application import GameService

    url = f"sqlite:///{tmp_path / 'running.db'}"
    app = GameService(url)
    game_id = app.create_game(ruleset="dodgecity", seats=2, seed="running")
    app.join(game_id, "Ann")
    app.join(game_id, "Bob")
    app.start(game_id)
    bobs_hand = app.read(game_id, lambda game: list(game.state.players[1].hand))
    app.close()

    assert main(["replay", str(game_id), "--as", "0", "--db", url]) == 0
    out = capsys.readouterr().out
    assert "Ann" in out
    for card in bobs_hand:
        assert re.search(rf"\b{card}\b", out) is None

    assert main(["state", str(game_id), "--as", "1", "--db", url]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["players"][1]["hand"] == bobs_hand
    assert view["players"][0]["hand"] is None


def test_given_a_game_when_exported_and_imported_into_another_database_then_it_verifies(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = _game_ids(db, capsys)[0]
    record = tmp_path / "game.json"
    assert main(["export", game_id, "--output", str(record), "--db", db]) == 0
    other = f"sqlite:///{tmp_path / 'other.db'}"

    assert main(["import", str(record), "--db", other]) == 0
    assert main(["verify", game_id, "--db", other]) == 0
    assert _game_ids(other, capsys) == [game_id]

    assert main(["import", str(record), "--db", other]) == 1
    assert "already exists" in capsys.readouterr().err


def test_given_a_tampered_event_in_the_store_when_verified_then_exit_1_naming_the_step(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = _game_ids(db, capsys)[0]
    path = db.removeprefix("sqlite:///")
    with sqlite3.connect(path) as connection:
        (state,) = connection.execute(
            "SELECT state FROM stored_events WHERE originator_id = ? AND originator_version = 60",
            (game_id.replace("-", ""),),
        ).fetchone()
        envelope = json.loads(state)
        envelope["event"]["originator_version"] = 600  # rewritten history
        tampered = json.dumps(envelope).encode()
        assert tampered != state
        connection.execute(
            "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = 60",
            (tampered, game_id.replace("-", "")),
        )

    assert main(["verify", game_id, "--db", db]) == 1
    assert "FAILED at version 60" in capsys.readouterr().out
    assert main(["verify", "--all", "--db", db]) == 1
    assert "3 games verified, 1 failed" in capsys.readouterr().out


def test_given_the_newest_events_cut_off_when_verified_then_the_read_models_show_it(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    game_id = _game_ids(db, capsys)[2]
    with sqlite3.connect(db.removeprefix("sqlite:///")) as connection:
        connection.execute("DELETE FROM stored_events WHERE originator_id = ? AND originator_version > 100", (game_id.replace("-", ""),))

    assert main(["verify", game_id, "--db", db]) == 1
    out = capsys.readouterr().out
    assert "FAILED after version 100: the read models saw version" in out
    assert "the newest events were removed" in out
    assert ": ok" not in out


def test_given_an_unreadable_event_in_the_store_then_verify_and_replay_fail_clearly(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    game_id = _game_ids(db, capsys)[1]
    with sqlite3.connect(db.removeprefix("sqlite:///")) as connection:
        connection.execute(
            "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = 7",
            (b"\x00garbage", game_id.replace("-", "")),
        )

    assert main(["verify", game_id, "--db", db]) == 1
    assert "FAILED: event 7: unreadable envelope" in capsys.readouterr().out
    assert main(["replay", game_id, "--db", db]) == 1
    assert "event 7: unreadable envelope" in capsys.readouterr().err


def test_given_an_ended_game_then_earlier_steps_show_everything_unless_as_played(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    game_id = _game_ids(db, capsys)[0]
    assert main(["state", game_id, "--version", "20", "--as", "0", "--db", db]) == 0
    revealed = json.loads(capsys.readouterr().out)
    assert all(p["hand"] is not None for p in revealed["players"])
    assert main(["state", game_id, "--version", "20", "--as", "0", "--as-played", "--db", db]) == 0
    as_played = json.loads(capsys.readouterr().out)
    assert as_played["players"][0]["hand"] is not None
    assert as_played["players"][1]["hand"] is None


def test_given_the_read_models_when_rebuilt_then_identical(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["projections", "rebuild", "--db", db]) == 0
    assert "tables identical to before the rebuild" in capsys.readouterr().out
    assert main(["leaderboard", "--db", db]) == 0
    assert "bot0" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["verify", "00000000-0000-0000-0000-000000000000"], 1, "no game 00000000-0000-0000-0000-000000000000"),
        (["replay", "00000000-0000-0000-0000-000000000000"], 1, "no game"),
        (["export", "00000000-0000-0000-0000-000000000000"], 1, "no game"),
        (["state", "00000000-0000-0000-0000-000000000000"], 1, "no game"),
        (["replay", "not-a-uuid"], 2, "is not a game id"),
        (["verify"], 2, "one of the arguments"),
    ],
)
def test_given_bad_input_when_running_then_message_and_non_zero_exit(
    db: str, argv: list[str], code: int, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if code == 2:
        with pytest.raises(SystemExit) as exited:
            main([*argv, "--db", db])
        assert exited.value.code == 2
    else:
        assert main([*argv, "--db", db]) == code
    assert message in capsys.readouterr().err


def test_given_versions_out_of_range_then_exit_1(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    game_id = _game_ids(db, capsys)[0]
    assert main(["state", game_id, "--version", "999999", "--db", db]) == 1
    assert "there is no version 999999" in capsys.readouterr().err
    assert main(["replay", game_id, "--to", "-1", "--db", db]) == 1
    assert "there is no version -1" in capsys.readouterr().err


def test_given_a_bad_database_then_exit_codes_and_nothing_created(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nowhere.db"
    assert main(["games", "--db", f"sqlite:///{missing}"]) == 1
    assert "no database at" in capsys.readouterr().err
    assert not missing.exists()
    assert main(["games", "--db", "mysql://x/y"]) == 2
    assert "unsupported database URL" in capsys.readouterr().err


def test_given_a_rejected_import_then_exit_1_and_no_database_created(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something-else"}')
    target = tmp_path / "target.db"
    assert main(["import", str(bad), "--db", f"sqlite:///{target}"]) == 1
    # The same words as POST /games/records answers the same file with.
    refused = capsys.readouterr().err
    assert refused.startswith("dodgecity: the game record is invalid:")
    assert "`$.format`" in refused
    assert not target.exists()
    assert main(["import", str(tmp_path / "missing.json"), "--db", f"sqlite:///{target}"]) == 1
    assert "cannot read" in capsys.readouterr().err
