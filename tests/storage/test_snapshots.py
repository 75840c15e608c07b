"""Snapshots (engine/snapshots.py) are a cache, never a fact.

A game opened from its snapshot is the game folded from its events, for every ruleset and store;
a snapshot that is corrupt, unreadable, of other code, rules, game or history is ignored (the
game is folded, and the snapshot written again); verify, export and import never read one; and
only the application's opening of a game reads them at all.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import logging
import os
import pickle
import random
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from domain.aggregates.game import AnyGame
from engine import snapshots
from engine.application import GameService
from engine.audit import verify
from engine.credentials import Caller, credential_hash, new_token
from engine.records import Record, encode_event
from engine.snapshots import SnapshotShelf, StoredSnapshot, Taken, decode, encode, snapshot_key
from engine.transfer import export_record, read_record
from entrypoints.cli import main

from tests.conformance.engine_games import install_toy
from tests.conformance.playouts import asked_now
from tests.storage.games import sealed
from tests.storage.long_games import quiet_bang

install_toy()

ROOT = Path(__file__).resolve().parents[2]
OLD_DATABASE = ROOT / "tests" / "fixtures" / "dodgecity-2026-11" / "games.db"
#: (ruleset, seats, random actions played) of the games opened step by step.
GAMES = [("dodgecity", 3, 150), ("bang", 4, 150), ("toy", 2, 40)]


def _shelf(app: GameService) -> SnapshotShelf:
    shelf = app.recorder
    assert isinstance(shelf, SnapshotShelf)
    return shelf


def _opened(app: GameService, game_id: UUID) -> AnyGame:
    """The game as the application opens it (``cache_size=0``: from the store every time)."""
    return app.read(game_id, lambda game: game)


def _play_first_legal(app: GameService, game_id: UUID) -> None:
    """The first seat asked plays its first legal action."""

    def first(game: AnyGame) -> tuple[int, Any]:
        seat = game.pending()[0].seat
        return seat, game.legal_actions(seat)[0]

    seat, action = app.read(game_id, first)
    app.act(game_id, seat, action)


def _assert_same_game(opened: AnyGame, folded: AnyGame) -> None:
    """What every caller reads of a game, and what its next command records, are the same."""
    assert opened is not folded
    assert (opened.version, opened.state, opened.table) == (folded.version, folded.state, folded.table)
    assert opened.pending() == folded.pending()
    assert opened.clock_view() == folded.clock_view()
    for viewer in [None, *range(len(folded.seats()))]:
        assert opened.view(viewer) == folded.view(viewer)
        if viewer is not None:
            assert opened.legal_actions(viewer) == folded.legal_actions(viewer)
    pending = folded.pending()
    actions = folded.legal_actions(pending[0].seat) if pending and not folded.is_over else []
    if not actions:
        return
    for game in (opened, folded):
        game.act(pending[0].seat, actions[0])
    assert [encode_event(e) for e in opened.collect_events()] == [encode_event(e) for e in folded.collect_events()]


# -- opened from a snapshot == folded from the events ------------------------------------------


@pytest.mark.parametrize(("ruleset", "seats", "steps"), GAMES, ids=[g[0] for g in GAMES])
def test_given_snapshots_every_few_events_when_a_game_is_opened_as_it_is_played_then_it_is_the_game_folded_from_its_events(
    database_url: str, ruleset: str, seats: int, steps: int
) -> None:
    app = GameService(database_url, cache_size=0, snapshot_interval=7)
    try:
        game_id = app.create_game(ruleset=ruleset, seats=seats, seed=f"snap-{ruleset}")
        tokens = [new_token() for _ in range(seats)]
        for seat, token in enumerate(tokens):
            app.join(game_id, f"player {seat}", credential=credential_hash(game_id, token))
        app.start(game_id)
        choose = random.Random(ruleset)
        first_key: tuple[int, Any, str] | None = None
        for step in range(steps):
            if app.read(game_id, lambda game: game.is_over):
                break
            asked = app.read(game_id, lambda game: [d.seat for d in asked_now(game, game.pending())])
            seat = asked[choose.randrange(len(asked))]
            seen = app.seat_view(game_id, seat)
            action = seen.actions[choose.randrange(len(seen.actions))]
            app.perform(game_id, seat, action, idempotency_key=f"step {step}")
            first_key = first_key or (seat, action, f"step {step}")
            if step % 10 == 0:
                _assert_same_game(_opened(app, game_id), app.game_at(game_id))
        _assert_same_game(_opened(app, game_id), app.game_at(game_id))

        kept = _shelf(app).latest_snapshot(game_id)
        assert kept is not None
        assert 7 <= kept.version <= app.latest_version(game_id)
        # What the game's commands said is in the snapshot too: tokens and idempotency keys.
        assert [app.identify(game_id, token) for token in tokens] == [Caller(seat=s) for s in range(seats)]
        assert first_key is not None
        seat, action, key = first_key
        assert app.perform(game_id, seat, action, idempotency_key=key).replayed
    finally:
        app.close()


def test_given_a_game_of_50_000_events_when_it_is_opened_again_then_it_opens_from_its_snapshot_as_folded_and_plays_on(
    durable_url: str,
) -> None:
    game, commands = quiet_bang(50_000)
    writer = GameService(durable_url, cache_size=0)
    try:
        writer.insert_records(game.id, sealed(commands))  # one write, on every store
        assert _shelf(writer).latest_snapshot(game.id) is None  # stored whole: not opened yet
        assert writer.read(game.id, lambda g: g.version) == game.version  # folded, then kept
        kept = _shelf(writer).latest_snapshot(game.id)
        assert kept is not None
        assert kept.version == game.version
    finally:
        writer.close()

    app = GameService(durable_url, cache_size=0)
    try:
        _assert_same_game(_opened(app, game.id), app.game_at(game.id))
        for _ in range(20):  # a few commands more, stored after the snapshot
            _play_first_legal(app, game.id)
        _assert_same_game(_opened(app, game.id), app.game_at(game.id))
        assert verify(game.id, app.records(game.id)).ok
    finally:
        app.close()


def test_given_an_interval_when_commands_are_stored_then_a_snapshot_is_kept_at_a_commands_end_once_the_game_is_that_far_past_the_last(
    database_url: str,
) -> None:
    app = GameService(database_url, snapshot_interval=25)
    try:
        game_id = app.create_game(ruleset="bang", seats=4, seed="interval")
        for seat in range(4):
            app.join(game_id, f"p{seat}")
        app.start(game_id)
        last = 0  # the version of the latest snapshot kept
        while app.latest_version(game_id) < 200:
            _play_first_legal(app, game_id)
            latest = app.latest_version(game_id)
            kept = _shelf(app).latest_snapshot(game_id)
            if latest - last >= 25:  # taken by the command just stored, at its end
                assert kept is not None
                assert kept.version == latest
                last = latest
            else:
                assert (0 if kept is None else kept.version) == last
        assert last >= 175
    finally:
        app.close()


def test_given_snapshots_off_when_games_are_played_and_opened_then_none_is_kept(database_url: str) -> None:
    app = GameService(database_url, cache_size=0, snapshot_interval=0)
    try:
        game, commands = quiet_bang(300)
        app.store_game(game.id, commands)
        assert app.read(game.id, lambda g: g.version) == game.version
        assert _shelf(app).latest_snapshot(game.id) is None
    finally:
        app.close()


# -- a bad snapshot only costs time ------------------------------------------------------------


def _genuine(app: GameService, game_id: UUID) -> tuple[StoredSnapshot, Taken]:
    """The game's snapshot as this code keeps it (written by opening the game)."""
    app.read(game_id, lambda g: g.version)
    kept = _shelf(app).latest_snapshot(game_id)
    assert kept is not None
    return kept, decode(kept.data, app.registry.get("bang"), game_id)


def _digest(payload: bytes) -> bytes:
    return hashlib.blake2b(payload, digest_size=32).digest()


def _plant(app: GameService, game_id: UUID, snapshot: StoredSnapshot) -> None:
    """Make ``snapshot`` the game's kept one (the latest written replaces the kept one)."""
    shelf = _shelf(app)
    shelf.keep_snapshot(game_id, snapshot)
    kept = shelf.latest_snapshot(game_id)
    assert kept is not None
    assert (kept.version, kept.key, kept.data) == (snapshot.version, snapshot.key, snapshot.data)


class _RunsACommand:
    """A pickle that would run a shell command if the unpickler let it name ``os.system``."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Callable[..., Any], tuple[str]]:
        return os.system, (f"touch {self.marker}",)


def _bad_snapshots(kept: StoredSnapshot, taken: Taken, records: list[Record], other_game: UUID, marker: Path) -> dict[str, StoredSnapshot]:
    rules = taken.state.rules_version
    # An event that is not a command's last: a snapshot there would split a command.
    inside = next(r for r, after in itertools.pairwise(records) if after.command is None)
    mid_command = dataclasses.replace(taken, version=inside.version, head=inside.hash)
    code = kept.key.rpartition("|")[2]
    flipped = bytearray(kept.data)
    flipped[len(flipped) // 2] ^= 0xFF
    forged_head = encode(dataclasses.replace(taken, head="0" * 64))
    of_other_game = encode(dataclasses.replace(taken, game_id=other_game))
    return {
        "corrupt": StoredSnapshot(kept.version, kept.key, bytes(flipped)),
        "truncated": StoredSnapshot(kept.version, kept.key, kept.data[:40]),
        "not a pickle": StoredSnapshot(kept.version, kept.key, _digest(b"not a pickle") + b"not a pickle"),
        "names os.system": StoredSnapshot(kept.version, kept.key, _digest(p := pickle.dumps(_RunsACommand(marker))) + p),
        "not a snapshot": StoredSnapshot(kept.version, kept.key, _digest(p := pickle.dumps({"a": 1})) + p),
        "other code": StoredSnapshot(kept.version, f"bang|{rules}|{'0' * 32}", kept.data),
        "other rules version": StoredSnapshot(kept.version, f"bang|0.{rules}|{code}", kept.data),
        "unknown ruleset": StoredSnapshot(kept.version, f"chess|{rules}|{code}", kept.data),
        "other history": StoredSnapshot(kept.version, kept.key, forged_head),
        "other game": StoredSnapshot(kept.version, kept.key, of_other_game),
        "version not stored": StoredSnapshot(
            kept.version + 10_000, kept.key, encode(dataclasses.replace(taken, version=taken.version + 10_000))
        ),
        "kept at another version": StoredSnapshot(kept.version - 1, kept.key, kept.data),
        "taken inside a command": StoredSnapshot(inside.version, kept.key, encode(mid_command)),
    }


BAD = [
    "corrupt",
    "truncated",
    "not a pickle",
    "names os.system",
    "not a snapshot",
    "other code",
    "other rules version",
    "unknown ruleset",
    "other history",
    "other game",
    "version not stored",
    "kept at another version",
    "taken inside a command",
]


@pytest.mark.parametrize("bad", BAD)
def test_given_a_bad_snapshot_when_the_game_is_opened_then_it_is_folded_from_its_events_and_the_snapshot_written_again(
    database_url: str, bad: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    app = GameService(database_url, cache_size=0, snapshot_interval=100)
    try:
        # A seed no log line could spell by chance (a game id is hex, and "bad" is hex).
        game, commands = quiet_bang(400, seed="seed-never-logged-xq")
        app.store_game(game.id, commands)
        other, other_commands = quiet_bang(400, seed="other")
        app.store_game(other.id, other_commands)
        kept, taken = _genuine(app, game.id)
        marker = tmp_path / "ran"
        _plant(app, game.id, _bad_snapshots(kept, taken, app.records(game.id), other.id, marker)[bad])

        with caplog.at_level(logging.WARNING, logger="engine.application"):
            opened = _opened(app, game.id)

        _assert_same_game(opened, app.game_at(game.id))
        assert not marker.exists()
        assert f"game {game.id} is folded from its events" in caplog.text
        # The log says why, never what: no seed, no card of anyone's hand.
        assert game.state.seed not in caplog.text
        assert not any(card in caplog.text for player in game.state.players for card in player.hand)
        rewritten = _shelf(app).latest_snapshot(game.id)
        assert rewritten is not None
        assert (rewritten.version, rewritten.key) == (game.version, snapshot_key(game.rules, taken.state.rules_version))
        assert decode(rewritten.data, game.rules, game.id).state == game.state
    finally:
        app.close()


def test_given_a_snapshot_table_that_cannot_be_read_when_a_game_is_opened_then_it_is_folded(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    app = GameService(url, cache_size=0, snapshot_interval=100)
    try:
        game, commands = quiet_bang(300)
        app.store_game(game.id, commands)
        with sqlite3.connect(tmp_path / "games.db") as connection:
            connection.execute(f"DROP TABLE {snapshots.TABLE}")
        with caplog.at_level(logging.WARNING, logger="engine.application"):
            _assert_same_game(_opened(app, game.id), app.game_at(game.id))
        assert "could not keep a snapshot" in caplog.text
    finally:
        app.close()


# -- verify, export and import never read a snapshot -------------------------------------------


def test_given_a_deliberately_wrong_snapshot_the_server_trusts_then_verify_export_and_import_are_unchanged(
    durable_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = GameService(durable_url, cache_size=0, snapshot_interval=100)
    try:
        game, commands = quiet_bang(500, seed="wrong")
        app.store_game(game.id, commands, recorded_at="2026-11-26T12:00:00+00:00")
        verdict = verify(game.id, app.records(game.id))
        exported = export_record(game.id, app.records(game.id))
        kept, taken = _genuine(app, game.id)
        wrong = dataclasses.replace(taken)
        wrong.state.players[0].name = "Forged"
        wrong.state.players[0].hand = ["forged card"]
        _plant(app, game.id, StoredSnapshot(kept.version, kept.key, encode(wrong)))
        # The snapshot is one the server would open the game from, so ignoring it means something.
        assert app.read(game.id, lambda g: g.state.players[0].name) == "Forged"

        assert verify(game.id, app.records(game.id)) == verdict
        assert export_record(game.id, app.records(game.id)) == exported
    finally:
        app.close()

    capsys.readouterr()
    assert main(["verify", str(game.id), "--db", durable_url]) == 0
    assert "FAILED" not in capsys.readouterr().out
    assert main(["export", str(game.id), "--db", durable_url]) == 0
    assert capsys.readouterr().out.encode() == exported

    record = tmp_path / "record.json"
    record.write_bytes(exported)
    fresh = f"sqlite:///{tmp_path / 'imported.db'}"
    assert main(["import", str(record), "--db", fresh]) == 0
    imported_app = GameService(fresh, cache_size=0)
    try:
        game_id, records = read_record(exported)
        assert export_record(game_id, imported_app.records(game_id), imported=True) == export_record(game_id, records, imported=True)
        assert verify(game_id, imported_app.records(game_id)).ok
        assert imported_app.read(game_id, lambda g: g.state.players[0].name) == game.state.players[0].name
    finally:
        imported_app.close()


def test_given_the_code_base_then_only_the_opening_of_a_game_and_the_stores_name_the_snapshot_shelf() -> None:
    readers = {
        path.relative_to(ROOT).as_posix()
        for folder in ("api", "engine", "entrypoints", "projections", "domain")
        for path in (ROOT / folder).rglob("*.py")
        if "latest_snapshot" in path.read_text() or "keep_snapshot" in path.read_text()
    }
    assert readers == {
        "engine/application.py",
        "engine/snapshots.py",
        "engine/sqlite_events.py",
        "engine/postgres_events.py",
        "engine/memory_events.py",
    }


# -- the shelf ---------------------------------------------------------------------------------


def test_given_a_kept_snapshot_when_another_is_kept_then_it_replaces_it_and_no_other_games(database_url: str) -> None:
    app = GameService(database_url)
    try:
        game, commands = quiet_bang(50)
        app.store_game(game.id, commands)
        other, other_commands = quiet_bang(50, seed="other")
        app.store_game(other.id, other_commands)
        shelf = _shelf(app)
        assert shelf.latest_snapshot(game.id) is None

        def kept() -> tuple[int, str, bytes]:
            found = shelf.latest_snapshot(game.id)
            assert found is not None
            return found.version, found.key, found.data

        shelf.keep_snapshot(game.id, StoredSnapshot(20, "k", b"twenty"))
        assert kept() == (20, "k", b"twenty")
        shelf.keep_snapshot(game.id, StoredSnapshot(30, "k", b"thirty"))
        assert kept() == (30, "k", b"thirty")
        shelf.keep_snapshot(game.id, StoredSnapshot(5, "new code", b"five"))
        assert kept() == (5, "new code", b"five")
        assert shelf.latest_snapshot(other.id) is None
    finally:
        app.close()


# -- older databases ---------------------------------------------------------------------------


@pytest.fixture
def old_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "games.db"
    shutil.copyfile(OLD_DATABASE, copy)
    return copy


def _tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as connection:
        return {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def test_given_a_database_from_before_snapshots_when_read_only_then_games_open_and_nothing_is_written(old_copy: Path) -> None:
    before = _tables(old_copy)
    assert snapshots.TABLE not in before
    app = GameService(f"sqlite:///{old_copy}", read_only=True, cache_size=0, snapshot_interval=1)
    try:
        for game_id in app.game_ids():
            _assert_same_game(_opened(app, game_id), app.game_at(game_id))
    finally:
        app.close()
    assert _tables(old_copy) == before


def test_given_a_database_from_before_snapshots_when_served_then_its_games_are_kept_as_snapshots_and_still_verify(old_copy: Path) -> None:
    app = GameService(f"sqlite:///{old_copy}", cache_size=0, snapshot_interval=1)
    try:
        for game_id in app.game_ids():
            _assert_same_game(_opened(app, game_id), app.game_at(game_id))
            kept = _shelf(app).latest_snapshot(game_id)
            assert kept is not None
            assert kept.version == app.latest_version(game_id)
            assert verify(game_id, app.records(game_id)).ok
    finally:
        app.close()
