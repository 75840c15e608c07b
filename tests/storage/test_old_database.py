"""A database stored by the code of November 2026 must keep working, whatever the code becomes.

``tests/fixtures/dodgecity-2026-11/games.db`` was written once, before the code base was
restructured, by simulated games and by games played over HTTP against a real server (its README
says how). Stored games outlive the code that stored them: after any move or rename of modules, that
file must still verify, export and import byte for byte, identify its seats by their old tokens,
honour its old idempotency keys and rebuild its read models unchanged. ``manifest.json`` holds what
the code of the day read back from it. Every test works on a copy: the committed file never changes.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from domain.dodgecity.ruleset import DODGECITY
from engine.application import GameService
from engine.audit import verify
from engine.credentials import Caller
from engine.records import ActCommand, decode_action
from engine.transfer import export_record, read_record
from entrypoints.cli import main

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "dodgecity-2026-11"
HTTP_GAMES = ("played_over_http", "left_running", "left_in_lobby")


@pytest.fixture(scope="module")
def manifest() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((FIXTURE / "manifest.json").read_text())
    return loaded


@pytest.fixture
def old_url(tmp_path: Path) -> str:
    """A copy of the old database, alone in a folder of its own."""
    copy = tmp_path / "games.db"
    shutil.copyfile(FIXTURE / "games.db", copy)
    return f"sqlite:///{copy}"


@pytest.fixture
def app(old_url: str) -> Iterator[GameService]:
    application = GameService(old_url)
    yield application
    application.close()


def _expected(manifest: dict[str, Any]) -> dict[str, tuple[int, str]]:
    return {game["game_id"]: (game["version"], game["last_hash"]) for game in manifest["games"]}


def _http_games(manifest: dict[str, Any]) -> list[dict[str, Any]]:
    return [manifest[name] for name in HTTP_GAMES]


def test_given_the_committed_fixture_when_hashed_then_it_is_the_file_the_manifest_describes(manifest: dict[str, Any]) -> None:
    assert hashlib.sha256((FIXTURE / "games.db").read_bytes()).hexdigest() == manifest["games_db_sha256"]
    assert not (FIXTURE / "games.db-wal").exists(), "the fixture must be one checkpointed file"
    assert {game["status"] for game in manifest["games"]} == {"lobby", "running", "ended"}


def test_given_the_old_database_when_every_game_is_verified_then_each_checks_out_as_the_manifest_says(
    app: GameService, manifest: dict[str, Any]
) -> None:
    found: dict[str, tuple[int, str]] = {}
    for game_id in app.game_ids():
        records = app.records(game_id)
        verdict = verify(game_id, records)
        assert verdict.ok, verdict.describe()
        assert verdict.events == len(records)
        found[str(game_id)] = (records[-1].version, records[-1].hash)

    assert found == _expected(manifest)


def test_given_the_old_database_when_verify_all_runs_then_exit_code_0_for_every_game(
    old_url: str, manifest: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["verify", "--all", "--db", old_url])

    lines = capsys.readouterr().out.splitlines()
    assert code == 0
    assert lines[-1] == f"{len(manifest['games'])} games verified, 0 failed"
    for game_id, (version, _hash) in _expected(manifest).items():
        assert f"{game_id}: ok, {version} events, chain and rules agree" in lines


def test_given_the_old_database_when_each_game_is_exported_and_imported_then_it_verifies_and_exports_the_same_bytes(
    app: GameService, manifest: dict[str, Any]
) -> None:
    fresh = GameService("memory://")
    try:
        for game_id in app.game_ids():
            exported = export_record(game_id, app.records(game_id))
            imported_id, records = read_record(exported)
            fresh.insert_records(imported_id, records)

            assert imported_id == game_id
            assert verify(game_id, fresh.records(game_id)).ok
            assert export_record(game_id, fresh.records(game_id)) == exported
            last = json.loads(exported)["events"][-1]
            assert (last["version"], last["hash"]) == _expected(manifest)[str(game_id)]
        assert {str(game_id) for game_id in fresh.game_ids()} == set(_expected(manifest))
    finally:
        fresh.close()


def test_given_the_old_tokens_when_identified_then_they_name_their_seats_and_hosts_and_nothing_else(
    app: GameService, manifest: dict[str, Any]
) -> None:
    games = _http_games(manifest)
    for game in games:
        game_id = UUID(game["game_id"])
        assert app.identify(game_id, game["host_token"]) == Caller(host=True)
        for person in game["people"]:
            assert app.identify(game_id, person["token"]) == Caller(seat=person["seat"])
        assert app.identify(game_id, secrets.token_urlsafe(32)) is None
    # A token is worthless in any other game.
    ended, running = UUID(games[0]["game_id"]), UUID(games[1]["game_id"])
    assert app.identify(ended, games[1]["host_token"]) is None
    assert app.identify(running, games[0]["people"][0]["token"]) is None


def test_given_old_idempotency_keys_when_their_actions_are_sent_again_then_the_first_answers_come_back_and_nothing_is_stored(
    app: GameService, manifest: dict[str, Any]
) -> None:
    retried = [(UUID(game["game_id"]), entry) for game in _http_games(manifest) for entry in game.get("retried", [])]
    assert retried, "the fixture retried some keys over HTTP"
    for game_id, entry in retried:
        commands = [r.command for r in app.records(game_id) if isinstance(r.command, ActCommand)]
        (command,) = [c for c in commands if c.idempotency_key == entry["idempotency_key"]]

        action = decode_action(DODGECITY, command.action)
        performed = app.perform(game_id, entry["seat"], action, idempotency_key=entry["idempotency_key"])

        assert performed.replayed
        assert performed.version == entry["answered_version"]
        assert app.latest_version(game_id) == _expected(manifest)[str(game_id)][0]


def test_given_the_old_database_when_the_read_models_are_rebuilt_then_the_tables_are_those_it_held(
    old_url: str, manifest: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    before = GameService(old_url)
    try:
        assert before.projections.catch_up() == 0, "the fixture's read models had seen every event"
        held = before.projections.dump()
    finally:
        before.close()

    code = main(["projections", "rebuild", "--db", old_url])

    assert code == 0
    assert capsys.readouterr().out.splitlines() == [
        f"rebuilt every read model from {manifest['total_events']} events",
        "tables identical to before the rebuild",
    ]
    after = GameService(old_url)
    try:
        assert after.projections.dump() == held
    finally:
        after.close()


def test_given_the_old_database_when_the_read_models_are_queried_then_every_game_answers(
    app: GameService, manifest: dict[str, Any]
) -> None:
    for game in manifest["games"]:
        game_id = UUID(game["game_id"])
        summary = app.projections.game(game_id)
        board = app.projections.board(game_id)
        scores = app.projections.scores(game_id)
        assert summary is not None
        assert board is not None
        assert scores is not None
        assert len(scores.players) == len(summary.players) > 0
        if game["status"] == "ended":
            assert summary.winners
            assert {row.seat for row in scores.players if row.rank == 1} == set(summary.winners)
        else:
            assert summary.winners == ()
    played = manifest["played_over_http"]
    played_scores = app.projections.scores(UUID(played["game_id"]))
    assert played_scores is not None
    assert {row.seat for row in played_scores.players if row.rank == 1} == set(played["winners"])
    names = {row.name: row.played for row in app.projections.leaderboard(limit=100)}
    assert all(names.get(person["name"]) == 1 for person in played["people"])


def test_given_the_old_database_when_the_game_list_is_read_then_each_game_has_the_manifests_status_and_version(
    app: GameService, manifest: dict[str, Any]
) -> None:
    page = app.projections.games(limit=100)

    assert page.total == len(manifest["games"])
    assert {str(item.game_id): (str(item.status), item.version) for item in page.items} == {
        game["game_id"]: (game["status"], game["version"]) for game in manifest["games"]
    }
    for status in ("lobby", "running", "ended"):
        wanted = {game["game_id"] for game in manifest["games"] if game["status"] == status}
        assert {str(item.game_id) for item in app.projections.games(status=status, limit=100).items} == wanted
