"""The CLI's reading commands (verify, export, games, replay, state, leaderboard) on a SQLite file a
server is writing to: they never take the write lock, and a lock another process holds is waited
for at most ``--lock-timeout`` seconds, then "the database is busy", never a traceback.

They used to catch the read models up, as a write (on opening, on reading them, on closing): a
write lock taken under a server playing bot games, a rebuild of every read model when the versions
differed, and a catch-up loop that chases a log the server keeps growing.
"""

from __future__ import annotations

import sqlite3
import subprocess
from pathlib import Path

import httpx
import pytest

from tests.api.http_players import bearer
from tests.api.servers import run_cli, serving

#: The reading commands, and whether each takes a game id.
READING = (("verify", True), ("export", True), ("replay", True), ("state", True), ("games", False), ("leaderboard", False))


def _reading(command: str, takes_game: bool, game_id: str, url: str, *options: str) -> subprocess.CompletedProcess[str]:
    return run_cli(command, *([game_id] if takes_game else []), "--db", url, *options)


@pytest.fixture
def ended_game(tmp_path: Path) -> tuple[str, str]:
    """A SQLite file holding one ended game (played by the CLI), and the game's id."""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    played = run_cli("simulate", "--games", "1", "--players", "2", "--seed", "locks", "--db", url)
    assert played.returncode == 0, played.stderr
    listed = run_cli("games", "--db", url)
    return url, listed.stdout.split()[0]


def test_given_a_server_playing_bot_games_on_the_file_then_every_reading_command_completes(
    ended_game: tuple[str, str],
) -> None:
    url, game_id = ended_game
    with serving(url, "--game-limit", "off", "--bot-limit", "off") as server:
        client = httpx.Client(base_url=server.url, timeout=60)
        playing = []
        for seed in range(4):
            created = client.post("/games", json={"players": 3, "seed": f"busy-{seed}", "bots": [{"kind": "random"}] * 3})
            assert created.status_code == 201, created.text
            game, host = created.json()["game_id"], created.json()["host_token"]
            assert client.post(f"/games/{game}/start", headers=bearer(host)).status_code == 200
            playing.append(game)
        versions = [client.get(f"/games/{game}").json()["version"] for game in playing]
        for command, takes_game in READING:
            done = _reading(command, takes_game, game_id, url)
            assert done.returncode == 0, (command, done.stderr)
            assert "Traceback" not in done.stderr
        verified = _reading("verify", True, game_id, url)
        assert f"{game_id}: " in verified.stdout
        # The server wrote meanwhile: its games moved on while the commands ran.
        now = [client.get(f"/games/{game}").json()["version"] for game in playing]
        assert any(after > before for before, after in zip(versions, now, strict=True))


def test_given_the_write_lock_held_by_another_process_then_reading_commands_still_complete(
    ended_game: tuple[str, str],
) -> None:
    """A SQLite file in WAL mode is read while another process writes: a reader that took the
    write lock waited for it, and gave up with "database is locked"."""
    url, game_id = ended_game
    other = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        for command, takes_game in READING:
            done = _reading(command, takes_game, game_id, url, "--lock-timeout", "1")
            assert done.returncode == 0, (command, done.stderr)
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_given_the_file_held_exclusively_then_verify_gives_up_after_the_lock_timeout_with_a_message(
    ended_game: tuple[str, str],
) -> None:
    """Nobody may even read it (a process holding it in exclusive locking mode): verify waits at
    most --lock-timeout, then says the database is busy, exit 1, no traceback."""
    url, game_id = ended_game
    holder = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
    try:
        holder.execute("PRAGMA locking_mode = EXCLUSIVE")
        holder.execute("BEGIN EXCLUSIVE")
        done = _reading("verify", True, game_id, url, "--lock-timeout", "1")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith("dodgecity: the database is busy: "), done.stderr
    assert "--lock-timeout" in done.stderr
    assert "Traceback" not in done.stderr
    assert _reading("verify", True, game_id, url).returncode == 0  # released: it verifies


def test_given_a_bad_lock_timeout_then_usage_error() -> None:
    done = run_cli("verify", "--all", "--lock-timeout", "0")
    assert done.returncode == 2
    assert "must be at least 1" in done.stderr
