"""The ``dodgecity simulate`` command: summaries, JSON output, reproducibility and bad input."""

from __future__ import annotations

import io
import json
from pathlib import Path

import msgspec
import pytest
from engine.application import GameService
from engine.audit import verify
from engine.dodgecity.kit import KIT
from engine.progress import ProgressBar
from engine.simulation import lineup, wilson
from engine.transfer import export_record
from entrypoints.cli import main


def test_given_a_seed_when_simulating_then_every_game_ends_and_json_reports_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--games", "5", "--players", "3", "--seed", "7", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 5
    assert summary["failed"] == 0
    assert sum(summary["end_reasons"].values()) == 5
    assert sum(summary["wins_by_seat"].values()) == pytest.approx(5)
    assert summary["games_per_second"] > 0


def test_given_the_same_seed_when_simulating_twice_then_the_same_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    outputs = []
    for _ in range(2):
        main(["simulate", "--games", "3", "--players", "4", "--seed", "same", "--json"])
        summary = json.loads(capsys.readouterr().out)
        outputs.append({k: v for k, v in summary.items() if k not in ("seconds", "games_per_second", "events_per_second")})
    assert outputs[0] == outputs[1]


def test_given_text_output_when_simulating_then_a_readable_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--games", "2", "--players", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "2 games of 2 players" in out
    assert "wins by seat" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--players", "6"],
        ["simulate", "--games", "0"],
        ["simulate", "--players", "two"],
        ["fly"],
    ],
)
def test_given_bad_arguments_when_running_then_a_message_and_a_nonzero_exit(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code != 0
    assert "error" in capsys.readouterr().err


def test_given_bot_kinds_then_each_seat_gets_one_and_the_line_up_turns_each_game() -> None:
    assert lineup(KIT, ["heuristic", "random"], 4, 0) == ("heuristic", "random", "random", "random")
    assert lineup(KIT, ["heuristic", "random"], 4, 1) == ("random", "random", "random", "heuristic")
    assert lineup(KIT, ["random"], 3, 7) == ("random",) * 3
    seats = [lineup(KIT, ["heuristic", "random"], 4, index).index("heuristic") for index in range(8)]
    assert sorted(seats) == [0, 0, 1, 1, 2, 2, 3, 3], "every seat is played equally often"
    for bad in ([], ["random"] * 5, ["chess"]):
        with pytest.raises(ValueError, match="bots must name"):
            lineup(KIT, bad, 4, 0)


def test_given_several_jobs_then_the_same_games_as_one_job(capsys: pytest.CaptureFixture[str]) -> None:
    summaries = []
    for jobs in ("1", "2"):
        assert main(["simulate", "--games", "6", "--players", "3", "--seed", "jobs", "--jobs", jobs, "--json"]) == 0
        summary = json.loads(capsys.readouterr().out)
        summaries.append({k: v for k, v in summary.items() if k not in ("seconds", "games_per_second", "events_per_second")})
    assert summaries[0] == summaries[1]
    assert summaries[0]["bots"]["random"]["games"] == 18


def test_given_bot_kinds_when_simulating_then_the_summary_counts_wins_per_kind_with_an_interval(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--games", "8", "--players", "2", "--bots", "random", "--seed", "kinds", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)["bots"]["random"]
    assert record["games"] == 16
    assert record["wins"] == pytest.approx(8)
    assert record["win_rate"] == pytest.approx(0.5)
    assert record["low"] < 0.5 < record["high"]
    assert main(["simulate", "--games", "2", "--players", "2", "--seed", "kinds"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out
    assert "95% interval" in out


def test_given_a_share_then_wilsons_interval_holds_it_and_narrows_with_more_games() -> None:
    low, high = wilson(30, 100)
    assert low < 0.3 < high
    assert (low, high) == pytest.approx((0.2189, 0.3958), abs=1e-4)  # the textbook figures for 30/100
    wide, narrow = wilson(3, 10), wilson(300, 1000)
    assert wide[1] - wide[0] > narrow[1] - narrow[0]
    assert wilson(0, 0) == (0.0, 1.0)


def test_given_progress_always_then_a_bar_on_standard_error_ending_at_the_total(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "3", "--players", "2", "--seed", "bar", "--progress", "always"]) == 0
    err = capsys.readouterr().err
    assert err.endswith("\n")
    assert err.rstrip().split("\r")[-1].startswith("[" + "#" * 30 + "] 3/3 games")


def test_given_a_fast_run_then_the_bar_redraws_at_most_ten_times_a_second() -> None:
    now = [0.0]
    stream = io.StringIO()
    bar = ProgressBar(100, stream, width=10, clock=lambda: now[0])
    for done in range(1, 101):
        now[0] += 0.001  # a game a millisecond: 0.1 s for all
        bar(done)
    bar.close()
    drawn = stream.getvalue().split("\r")[1:]
    assert len(drawn) == 2, drawn  # the first game, then the last
    assert drawn[-1] == "[##########] 100/100 games, 1000.0/s\n"
    assert bar.line(50, 1.0) == "[#####     ] 50/100 games, 50.0/s, 1 s left"


@pytest.mark.parametrize("argv", [["--bots", "random,chess"], ["--jobs", "0"], ["--jobs", "1000"], ["--progress", "sometimes"]])
def test_given_bad_simulation_options_then_a_message_and_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", *argv])
    assert exit_.value.code == 2
    assert "error" in capsys.readouterr().err


def test_given_the_same_seed_when_storing_simulations_in_two_databases_then_the_stored_records_are_identical_byte_for_byte(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Game ids are named by the seeds and a seeded run records at a logical time, so the same
    seed stores the same bytes (ids, payloads, commands, times and hash chains), whatever --jobs."""
    stored = []
    for name, jobs in (("one", "1"), ("two", "2")):
        url = f"sqlite:///{tmp_path / name}.db"
        assert (
            main(
                [
                    "simulate",
                    "--games",
                    "4",
                    "--players",
                    "3",
                    "--seed",
                    "bytes",
                    "--db",
                    url,
                    "--jobs",
                    jobs,
                    "--bots",
                    "heuristic,random",
                    "--progress",
                    "never",
                ]
            )
            == 0
        )
        app = GameService(url)
        try:
            stored.append({game_id: export_record(game_id, app.records(game_id)) for game_id in app.game_ids()})
            assert all(verify(game_id, app.records(game_id)).ok for game_id in app.game_ids())
        finally:
            app.close()
    assert len(stored[0]) == 4
    assert stored[0] == stored[1]
    first = msgspec.json.decode(next(iter(stored[0].values())))
    assert {e["recorded_at"] for e in first["events"]} <= {f"1970-01-01T00:00:0{i}+00:00" for i in range(4)}
    capsys.readouterr()


def test_given_a_seed_already_stored_when_simulating_into_the_same_database_then_a_message_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    assert main(["simulate", "--games", "1", "--players", "2", "--seed", "again", "--db", url, "--progress", "never"]) == 0
    capsys.readouterr()
    assert main(["simulate", "--games", "1", "--players", "2", "--seed", "again", "--db", url, "--progress", "never"]) == 1
    assert "already exists" in capsys.readouterr().err
