"""Game records: export from one store, import into another, and refusals that change nothing."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from domain.dodgecity.ruleset import RULES_VERSION, DodgeCityGame
from engine.application import GameExistsError, GameService
from engine.audit import verify
from engine.transfer import RecordRejectedError, export_record, read_record

from tests.storage.games import recorded_game


@pytest.fixture
def source() -> Iterator[GameService]:
    app = GameService("memory://")
    yield app
    app.close()


@pytest.fixture
def target(database_url: str) -> Iterator[GameService]:
    app = GameService(database_url)
    yield app
    app.close()


def _stored_game(app: GameService, players: int, seed: str) -> tuple[DodgeCityGame, bytes]:
    game, commands = recorded_game(players, seed)
    app.store_game(game.id, commands)
    return game, export_record(game.id, app.records(game.id))


def test_given_an_exported_game_when_imported_elsewhere_then_it_replays_to_the_same_state(source: GameService, target: GameService) -> None:
    game, data = _stored_game(source, 4, "travel")

    game_id, records = read_record(data)
    target.insert_records(game_id, records)

    assert game_id == game.id
    assert target.game_at(game_id).state == game.state
    assert target.records(game_id) == source.records(game_id)
    assert verify(game_id, target.records(game_id)).ok
    assert target.projections.scores(game_id) == source.projections.scores(game_id)


def test_given_a_record_when_exported_then_readable_json_with_header(source: GameService) -> None:
    game, data = _stored_game(source, 2, "header")

    document = json.loads(data)

    assert (document["format"], document["format_version"]) == ("game-record", 3)
    assert (document["ruleset"], document["seats"]) == ("dodgecity", 2)
    assert document["game_id"] == str(game.id)
    assert document["rules_version"] == RULES_VERSION
    assert document["players"] == ["bot0", "bot1"]
    assert [e["version"] for e in document["events"]] == list(range(1, len(document["events"]) + 1))
    commitment = hashlib.sha256(f"{game.id}:header".encode()).hexdigest()
    assert document["events"][0]["command"] == {"type": "create", "seed_commitment": commitment, "seed_chosen": True}


def test_given_a_reformatted_record_when_imported_then_accepted(source: GameService) -> None:
    _game, data = _stored_game(source, 2, "reindent")
    compact = json.dumps(json.loads(data), separators=(",", ":"), sort_keys=True).encode()

    game_id, records = read_record(compact)

    assert verify(game_id, records).ok


def _edited(data: bytes, edit: object) -> bytes:
    document = json.loads(data)
    edit(document)  # type: ignore[operator]
    return json.dumps(document).encode()


def _cheaper_stone(document: dict) -> None:  # type: ignore[type-arg]
    bought = next(e for e in document["events"] if e["type"] == "StoneBought")
    bought["event"]["price"] = 0


def _foreign_event(document: dict) -> None:  # type: ignore[type-arg]
    document["events"][5]["event"]["originator_id"] = "00000000-0000-0000-0000-000000000001"


def _header_lies(document: dict) -> None:  # type: ignore[type-arg]
    document["seats"] = 5 if document["seats"] != 5 else 4


def _no_events(document: dict) -> None:  # type: ignore[type-arg]
    document["events"] = []


def _unknown_event_type(document: dict) -> None:  # type: ignore[type-arg]
    document["events"][3]["type"] = "DragonSlain"


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (_cheaper_stone, "fails verification at version .*: hash mismatch"),
        (_foreign_event, "fails verification at version 6: the event names game 00000000-0000-0000-0000-000000000001"),
        (_header_lies, "header disagrees with the GameCreated event on: seats"),
        (_no_events, "has no events"),
        (_unknown_event_type, "unknown event type 'DragonSlain'"),
    ],
)
def test_given_a_corrupted_record_when_imported_then_rejected_and_the_store_unchanged(
    source: GameService, target: GameService, edit: object, message: str
) -> None:
    _game, data = _stored_game(source, 3, "corrupt")

    with pytest.raises(RecordRejectedError, match=message):
        read_record(_edited(data, edit))

    assert target.game_ids() == []


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"not json at all", "not a game record"),
        (b'{"format": "chess-pgn", "format_version": 1}', "format is 'chess-pgn'"),
        (b"[1, 2, 3]", "not a game record"),
        (b'{"format": "dodgecity-game-record", "format_version": 99}', "format version 99 is not supported"),
        (b'{"format": "game-record", "format_version": 2}', "game-record format version 2 is not supported"),
        (b'{"format": "dodgecity-game-record", "format_version": 3}', "dodgecity-game-record format version 3 is not supported"),
        (b'{"format": "dodgecity-game-record", "format_version": 1, "game_id": "x"}', "malformed game record"),
    ],
)
def test_given_a_foreign_file_when_imported_then_rejected(data: bytes, message: str) -> None:
    with pytest.raises(RecordRejectedError, match=message):
        read_record(data)


def test_given_a_game_already_in_the_store_when_imported_again_then_refused_and_unchanged(
    source: GameService, target: GameService, tmp_path: Path
) -> None:
    _game, data = _stored_game(source, 2, "twice")
    game_id, records = read_record(data)
    target.insert_records(game_id, records)
    before = target.records(game_id)

    with pytest.raises(GameExistsError, match=str(game_id)):
        target.insert_records(game_id, records)

    assert target.records(game_id) == before
