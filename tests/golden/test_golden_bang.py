"""Golden BANG! – Dodge City game records: proof that stored games survive every change of the engine.

Each record in ``tests/golden/bang/`` was exported once and must never change. A change to
the engine that stops one of them from importing or verifying, or that plays its entry
differently, breaks games people have stored: that is a defect whatever else it improves.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from engine.application import GameService
from engine.audit import verify
from engine.transfer import export_record, read_record
from entrypoints.cli import main

from tests.golden.bang_games import FOLDER, GoldenGame, golden_games, make_record

GOLDEN = golden_games()


def _id(golden: GoldenGame) -> str:
    return golden.file.removesuffix(".json")


def test_given_the_golden_set_then_it_covers_every_player_count_variants_and_bot_seats() -> None:
    assert {golden.players for golden in GOLDEN} == {3, 4, 5, 6, 7}
    assert {golden.how for golden in GOLDEN} == {"simulate", "bot_seats"}
    assert any(golden.variants for golden in GOLDEN)
    assert sorted(path.name for path in FOLDER.glob("*p-*.json")) == sorted(golden.file for golden in GOLDEN)


@pytest.mark.parametrize("golden", GOLDEN, ids=_id)
def test_given_a_golden_record_when_imported_then_it_verifies_and_exports_the_same_bytes(
    golden: GoldenGame,
) -> None:
    data = (FOLDER / golden.file).read_bytes()
    game_id, records = read_record(data)  # checks the format, the chain and a re-run of the rules
    app = GameService("memory://")
    try:
        app.insert_records(game_id, records)
        stored = app.records(game_id)
        assert verify(game_id, stored).ok
        assert app.read(game_id, lambda game: game.is_over)
        assert export_record(game_id, stored) == data
    finally:
        app.close()


@pytest.mark.parametrize("golden", GOLDEN, ids=_id)
def test_given_a_golden_entry_when_played_again_then_the_record_is_byte_identical(
    golden: GoldenGame,
) -> None:
    assert make_record(golden) == (FOLDER / golden.file).read_bytes()


def test_given_every_golden_record_when_imported_by_the_command_line_then_verify_all_passes(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'golden.db'}"
    for golden in GOLDEN:
        assert main(["import", str(FOLDER / golden.file), "--db", url]) == 0
    assert main(["verify", "--all", "--db", url]) == 0
