"""Golden game records of every game: proof that stored games survive every change of the engine.

Each record in ``tests/golden/<ruleset>/`` was exported once and must never change. A change to
the engine that stops one of them from importing or verifying, or that plays its entry
differently, breaks games people have stored: that is a defect whatever else it improves.

Records are written in today's format (``game-record`` version 3, docs/WIRE.md) whatever format
they were read from, so a golden record of an older format exports again as the same game in
today's header: the same events, hashes and commands byte for byte, and the same facts in the
header. A game played again from its entry exports exactly what its golden record exports.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from engine.application import GameService
from engine.audit import verify
from engine.transfer import export_record, read_record
from entrypoints.cli import main

from tests.golden.records import SETS, GoldenGame, GoldenSet, make_record

GOLDEN = [(golden_set, golden) for golden_set in SETS for golden in golden_set.games()]
IDS = [f"{golden_set.ruleset}-{golden.file.removesuffix('.json')}" for golden_set, golden in GOLDEN]


@pytest.mark.parametrize("golden_set", SETS, ids=lambda golden_set: golden_set.ruleset)
def test_given_the_golden_set_then_it_covers_every_player_count_variants_and_bot_seats(
    golden_set: GoldenSet,
) -> None:
    games = golden_set.games()
    # What today's engine records is pinned for every player count, both ways of making a game
    # and variants; records made before a deliberate change stay besides them.
    replaying = [golden for golden in games if golden.replays]
    assert {golden.players for golden in replaying} == golden_set.player_counts
    assert {golden.how for golden in replaying} == {"simulate", "bot_seats"}
    assert any(golden.variants for golden in replaying)
    on_disk = sorted(path.name for path in golden_set.folder.glob("*p-*.json"))
    assert on_disk == sorted(golden.file for golden in games)


@pytest.mark.parametrize(("golden_set", "golden"), GOLDEN, ids=IDS)
def test_given_a_golden_record_when_imported_then_it_verifies_and_exports_the_same_game(golden_set: GoldenSet, golden: GoldenGame) -> None:
    data = (golden_set.folder / golden.file).read_bytes()
    game_id, records = read_record(data)  # checks the format, the chain and a re-run of the rules
    app = GameService("memory://")
    try:
        app.insert_records(game_id, records)
        stored = app.records(game_id)
        assert verify(game_id, stored).ok
        assert app.read(game_id, lambda game: game.is_over)
        exported = export_record(game_id, stored)
    finally:
        app.close()
    assert read_record(exported) == (game_id, records)  # every event, hash and command
    golden_header, header = _header(data), _header(exported)
    assert (header["format"], header["format_version"]) == ("game-record", 3)
    assert header["ruleset"] == golden_set.ruleset
    assert {key: header[key] for key in ("game_id", "rules_version", "players")} == {
        key: golden_header[key] for key in ("game_id", "rules_version", "players")
    }
    old = golden_header["format_version"] == 1
    assert header["seats"] == golden_header["max_players" if old else "seats"]
    assert header["settings"] == golden_header["variants" if old else "settings"]
    assert [_without_spaces(event) for event in header["events"]] == [_without_spaces(event) for event in golden_header["events"]]
    assert export_record(*read_record(exported)) == exported  # today's format exports the same bytes ever after


def _header(data: bytes) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(data)
    return document


def _without_spaces(event: dict[str, Any]) -> str:
    return json.dumps(event, sort_keys=True)


REPLAYING = [(golden_set, golden) for golden_set, golden in GOLDEN if golden.replays]


@pytest.mark.parametrize(
    ("golden_set", "golden"),
    REPLAYING,
    ids=[f"{s.ruleset}-{g.file.removesuffix('.json')}" for s, g in REPLAYING],
)
def test_given_a_golden_entry_when_played_again_then_the_record_is_byte_identical(golden_set: GoldenSet, golden: GoldenGame) -> None:
    golden_game = read_record((golden_set.folder / golden.file).read_bytes())
    assert make_record(golden_set, golden) == export_record(*golden_game)


def test_given_every_golden_record_when_imported_by_the_command_line_then_verify_all_passes(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'golden.db'}"
    for golden_set, golden in GOLDEN:
        assert main(["import", str(golden_set.folder / golden.file), "--db", url]) == 0
    assert main(["verify", "--all", "--db", url]) == 0
