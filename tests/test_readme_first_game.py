"""The README's first game in curl, run as it is written against a real ``dodgecity serve``: the
first requests a newcomer copies must work (issue 27). Only the server's address is changed.

It needs ``bash``, ``curl`` and ``jq``, as the README says; without them the test is skipped and
says which is missing, unless ``DODGECITY_REQUIRE_CURL=1`` (set by CI, which installs them) says
it must run, and then it fails.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.api.servers import serving
from tests.patience import PATIENCE

README = Path(__file__).parents[1] / "README.md"


def first_game_script() -> str:
    """The shell block under the README's "A first game with curl" heading."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## A first game with curl") :]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL)
    assert block is not None, "the first-game section has no sh block"
    return block.group(1)


def json_values(output: str) -> list[Any]:
    """Every JSON value jq printed, in order."""
    decoder = json.JSONDecoder()
    values, position = [], 0
    while (position := _skip_space(output, position)) < len(output):
        value, position = decoder.raw_decode(output, position)
        values.append(value)
    return values


def _skip_space(text: str, position: int) -> int:
    while position < len(text) and text[position].isspace():
        position += 1
    return position


def test_given_a_served_api_when_the_readme_first_game_is_run_then_every_request_answers_as_it_says(
    tmp_path: Path,
) -> None:
    missing = [tool for tool in ("bash", "curl", "jq") if shutil.which(tool) is None]
    if missing:
        needs = f"the README's first game needs {', '.join(missing)}"
        if os.environ.get("DODGECITY_REQUIRE_CURL") == "1":
            pytest.fail(needs)
        pytest.skip(needs)
    script = first_game_script()
    assert re.search(r"^API=http://127\.0\.0\.1:8000$", script, re.MULTILINE), "the block sets API first"
    with serving(f"sqlite:///{tmp_path / 'games.db'}") as server:
        run = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", script.replace("http://127.0.0.1:8000", server.url, 1)],
            capture_output=True,
            text=True,
            timeout=PATIENCE,  # only keeps a failing run from hanging (docs/TEST-TIMING.md)
            check=False,
        )
    assert run.returncode == 0, run.stderr
    started, acted, seen, refused = json_values(run.stdout)
    assert started["status"] == "running"
    assert acted["status"] == "running"
    assert acted["version"] > started["version"]
    hands = {player["name"]: player["hand"] for player in seen["players"]}
    assert isinstance(hands.pop("Ann"), list)
    assert list(hands.values()) == [None], "the bot's hand is hidden from Ann"
    assert refused["status"] == 409
    assert refused["rule"]
