"""The mark of an imported game (``engine/import_marks.py``) on every event store: written with the
game's events in one write and kept beside them (the events and their hashes stay the record's),
read back after a restart, kept by a rebuild of the read models; a game stored as played here
(a simulation's) has none, and an import refused as a game that exists leaves none."""

from __future__ import annotations

import json
from collections.abc import Iterator
from uuid import UUID

import pytest
from engine.application import GameExistsError, GameService
from engine.audit import verify
from engine.records import Record
from engine.transfer import export_record, read_record

from tests.storage.games import recorded_game

#: The made-up name the bots of the imported games sit under (issue 29's probe).
MADE_UP = "bot0"


@pytest.fixture
def source() -> Iterator[GameService]:
    app = GameService("memory://")
    yield app
    app.close()


def _record(source: GameService, seed: str) -> tuple[UUID, list[Record], bytes]:
    """A game played elsewhere to its end: its id, its records read back from its export, and the
    export."""
    game, commands = recorded_game(3, seed)
    source.store_game(game.id, commands)
    data = export_record(game.id, source.records(game.id))
    game_id, records = read_record(data)
    return game_id, records, data


def test_given_a_record_when_imported_then_the_game_is_marked_and_its_events_are_the_records(
    source: GameService, database_url: str
) -> None:
    game_id, records, data = _record(source, "marked")
    app = GameService(database_url)
    try:
        app.import_records(game_id, records)

        assert app.is_imported(game_id)
        assert app.records(game_id) == records
        assert verify(game_id, app.records(game_id)).ok
        exported = export_record(game_id, app.records(game_id), imported=True)
        assert json.loads(exported) == {**json.loads(data), "imported": True}
        summary = app.projections.game(game_id)
        assert summary is not None
        assert summary.imported
        assert app.projections.leaderboard() == []
        assert {row.name for row in app.projections.leaderboard(imported=True)} >= {MADE_UP}
    finally:
        app.close()


def test_given_a_game_stored_as_played_here_then_it_is_not_marked_and_counts(source: GameService, database_url: str) -> None:
    game, commands = recorded_game(3, "played-here")
    app = GameService(database_url)
    try:
        app.store_game(game.id, commands)

        assert not app.is_imported(game.id)
        summary = app.projections.game(game.id)
        assert summary is not None
        assert not summary.imported
        assert {row.name for row in app.projections.leaderboard()} >= {MADE_UP}
        assert app.projections.leaderboard() == app.projections.leaderboard(imported=True)
    finally:
        app.close()


def test_given_an_import_of_a_game_id_the_store_has_when_refused_then_no_mark_is_left(source: GameService, database_url: str) -> None:
    game_id, records, _ = _record(source, "clash")
    app = GameService(database_url)
    try:
        app.insert_records(game_id, records)  # the same game, stored as played here first

        with pytest.raises(GameExistsError):
            app.import_records(game_id, records)

        assert not app.is_imported(game_id)
        assert {row.name for row in app.projections.leaderboard()} >= {MADE_UP}
    finally:
        app.close()
    reopened = GameService(database_url) if database_url != "memory://" else None
    if reopened is not None:
        try:
            assert not reopened.is_imported(game_id)
        finally:
            reopened.close()


def test_given_an_imported_game_when_the_store_is_opened_again_and_the_read_models_rebuilt_then_the_mark_stays(
    source: GameService, durable_url: str
) -> None:
    game_id, records, _ = _record(source, "restart")
    played, commands = recorded_game(2, "restart-here")
    first = GameService(durable_url)
    try:
        first.import_records(game_id, records)
        first.store_game(played.id, commands)
        before = first.projections.leaderboard()
    finally:
        first.close()

    again = GameService(durable_url)
    try:
        assert again.is_imported(game_id)
        assert not again.is_imported(played.id)
        assert again.projections.leaderboard() == before
        dumped = again.projections.dump()
        assert again.projections.rebuild() > 0
        assert again.projections.dump() == dumped
        marked = {summary.game_id: summary.imported for summary in again.projections.games().items}
        assert marked == {game_id: True, played.id: False}
        assert again.projections.leaderboard() == before
        assert again.projections.leaderboard(imported=True) != before
    finally:
        again.close()
