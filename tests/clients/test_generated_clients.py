"""Clients generated from the committed Dodge City document, as a developer makes them
(docs/CLIENTS.md), type-check strictly and play: a small program for each
(``tests/clients/programs/``) creates a game, takes a seat, seats a bot, plays to the end with
the seat's token, then replays the game as a spectator with no token at all (its events page by
page, the game after every event, the narration, the record, the stream).

- Python: openapi-python-client (the dev extra) generates the package; ``mypy --strict`` checks
  the program against it; the program runs with the project's interpreter.
- TypeScript: openapi-typescript generates the paths' types; ``tsc --strict`` checks the program
  (openapi-fetch typed by them) and compiles it; node runs it. The npm tools come from
  ``tests/clients/programs/package-lock.json`` through ``npm ci`` (again only when the lock
  changes). Without npm the test fails in CI (``CI`` set) and is skipped elsewhere, saying why.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.api.servers import Server, serving
from tests.npm_tools import installed_from_lock, node_tool
from tests.patience import PATIENCE

REPOSITORY = Path(__file__).parents[2]
DOCUMENT = REPOSITORY / "openapi" / "rulesets" / "dodgecity.json"
PROGRAMS = Path(__file__).parent / "programs"
NODE_MODULES = PROGRAMS / "node_modules"
#: Generating, installing, checking or compiling, on a loaded machine: seconds, not minutes.
TOOL_SECONDS = 300
#: A game of one pass against a random bot, and its replay: a few hundred requests.
PROGRAM_SECONDS = 300
#: The shortest game of two seats and one pass has more events than this.
FEWEST_EVENTS = 20


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with serving("memory://", "--game-limit", "off", "--bot-limit", "off") as served:
        yield served


def _run(command: list[str], *, cwd: Path, env: dict[str, str] | None = None, seconds: float = TOOL_SECONDS) -> str:
    """Run ``command``; answer what it printed, which must end with exit status 0."""
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=seconds, check=False)
    printed = done.stdout + done.stderr
    assert done.returncode == 0, f"{' '.join(command)} (exit {done.returncode}):\n{printed}"
    return printed


def _summary(printed: str) -> dict[str, object]:
    """The JSON summary a program prints last."""
    return dict(json.loads(printed.strip().splitlines()[-1]))


def _check_replay(summary: dict[str, object], server: Server) -> None:
    """The program's spectator read the whole game: as many events, states (one more: before the
    first), narration lines, record events and stream messages as the game, by the server's own
    word, has events."""
    game = httpx.get(f"{server.url}/games/{summary['game_id']}", timeout=PATIENCE).json()
    assert game["status"] == "ended"
    version = game["version"]
    assert version > FEWEST_EVENTS
    assert summary == {
        "game_id": game["game_id"],
        "status": "ended",
        "version": version,
        "events": version,
        "states": version + 1,
        "narration": version,
        "record_events": version,
        "streamed": version,
    }


def test_given_the_python_client_generated_from_the_document_when_a_program_plays_and_replays_a_game_then_mypy_strict_passes_and_a_spectator_reads_it_all(
    server: Server, tmp_path: Path
) -> None:
    bin_dir = Path(sys.executable).parent
    # its post-hooks run ruff (check --fix, format): the venv's
    tools = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    _run(
        [
            str(bin_dir / "openapi-python-client"),
            "generate",
            "--path",
            str(DOCUMENT),
            "--output-path",
            "dodgecity_client",
            "--meta",
            "none",
        ],
        cwd=tmp_path,
        env=tools,
    )
    program = PROGRAMS / "play_and_replay.py"
    checked = _run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            str(PROGRAMS / "mypy.ini"),
            "--cache-dir",
            str(tmp_path / ".mypy_cache"),
            str(program),
        ],
        cwd=tmp_path,  # no project configuration above it: the program's own alone
        env={**tools, "MYPYPATH": str(tmp_path)},
    )
    assert checked.strip() == "Success: no issues found in 1 source file"

    played = _run(
        [sys.executable, str(program), server.url],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        seconds=PROGRAM_SECONDS,
    )
    _check_replay(_summary(played), server)


def _tool(name: str) -> str:
    return node_tool(name, "type-checks a TypeScript client generated with npm tools")


@pytest.fixture(scope="module")
def node_modules() -> Path:
    """The pinned npm tools, installed from the committed lock file."""
    return installed_from_lock(PROGRAMS, "type-checks a TypeScript client generated with npm tools")


def test_given_typescript_types_generated_from_the_document_when_a_program_plays_and_replays_a_game_then_tsc_strict_passes_and_a_spectator_reads_it_all(
    server: Server, node_modules: Path, tmp_path: Path
) -> None:
    node = _tool("node")
    # A project of its own, as a developer's: the program, its compiler settings, the tools.
    for name in ("play_and_replay.mts", "tsconfig.json"):
        shutil.copy(PROGRAMS / name, tmp_path / name)
    (tmp_path / "node_modules").symlink_to(node_modules)
    tools = node_modules / ".bin"
    _run(
        # request bodies' fields with a default stay optional (see docs/CLIENTS.md)
        [str(tools / "openapi-typescript"), str(DOCUMENT), "--default-non-nullable", "false", "-o", "dodgecity-api.d.ts"],
        cwd=tmp_path,
    )
    compiled = _run([str(tools / "tsc"), "--project", "tsconfig.json", "--strict", "--pretty", "false"], cwd=tmp_path)
    assert compiled.strip() == ""

    played = _run([node, str(tmp_path / "built" / "play_and_replay.mjs"), server.url], cwd=tmp_path, seconds=PROGRAM_SECONDS)
    _check_replay(_summary(played), server)
