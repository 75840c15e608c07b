"""How each golden BANG! – Dodge City game record is made, from the entry in its manifest.

Two ways, both exactly as the product makes games:

- ``simulate``: the simulator's own path (``dodgecity simulate --ruleset bang --games 1 --seed S --db …``):
  a game between computer players, stored with the simulator's logical recording time;
- ``bot_seats``: a game opened through the application with settings (variants) and every seat a bot
  seat, started, and played to the end by the server's bot-seat player, at a fixed clock.

Both are deterministic, so the same entry always makes the same bytes; the golden test checks
that it still does.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from uuid import UUID

import msgspec
from domain.events.bang import BangSettings
from engine.application import GameService
from engine.bot_seats import BotSeats
from engine.players import BotSeat
from engine.simulation import simulate, simulated_game_id
from engine.transfer import export_record

FOLDER = Path(__file__).parent / "bang"
MANIFEST = FOLDER / "manifest.json"

#: The clock of every bot-seat game: a fixed time, so the records are the same every run.
FIXED_TIME = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)

#: How long a bot-seat game may take to play to its end on a slow machine.
PLAY_TIMEOUT_SECONDS = 120.0


class GoldenGame(msgspec.Struct, frozen=True, kw_only=True):
    file: str
    how: str
    players: int
    seed: str
    bots: list[str]
    variants: dict[str, Any] = {}


class Manifest(msgspec.Struct, frozen=True, kw_only=True):
    about: str
    games: list[GoldenGame]


def golden_games() -> list[GoldenGame]:
    return msgspec.json.decode(MANIFEST.read_bytes(), type=Manifest).games


def make_record(golden: GoldenGame) -> bytes:
    """The exported game record the entry describes, made afresh."""
    if golden.how == "simulate":
        return _simulated(golden)
    if golden.how == "bot_seats":
        return _played_by_bot_seats(golden)
    raise ValueError(f"unknown way to make a golden game: {golden.how!r}")


def _simulated(golden: GoldenGame) -> bytes:
    app = GameService("memory://")
    try:
        summary = simulate(1, golden.players, golden.seed, store=app.store_game, ruleset="bang", bots=golden.bots)
        if summary.failed:
            raise RuntimeError(f"the simulated game failed: {summary.errors}")
        (game_id,) = app.game_ids()
        return export_record(game_id, app.records(game_id))
    finally:
        app.close()


def _played_by_bot_seats(golden: GoldenGame) -> bytes:
    app = GameService("memory://", clock=lambda: FIXED_TIME)
    seats = BotSeats(app)
    try:
        game_id: UUID = app.create_game(
            ruleset="bang",
            seats=golden.players,
            settings=msgspec.convert(golden.variants, BangSettings),
            seed=golden.seed,
            game_id=simulated_game_id(golden.seed),
            bots=[BotSeat(kind) for kind in golden.bots],
        )
        app.start(game_id)
        if not seats.wait_idle(PLAY_TIMEOUT_SECONDS):
            raise RuntimeError(f"the bots did not finish {golden.file} in time")
        if not app.read(game_id, lambda game: game.is_over):
            raise RuntimeError(f"{golden.file} did not end")
        return export_record(game_id, app.records(game_id))
    finally:
        seats.close()
        app.close()


def write_all() -> None:
    """Make every record of the manifest (only when a new golden game is added: existing
    records must never change)."""
    for golden in golden_games():
        path = FOLDER / golden.file
        if path.exists():
            continue
        path.write_bytes(make_record(golden))
        print(f"wrote {path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    write_all()
