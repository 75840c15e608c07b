"""The ``dodgecity simulate`` command: summaries, JSON output, reproducibility and bad input."""

from __future__ import annotations

import json

import pytest
from dodgecity.cli import main


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
