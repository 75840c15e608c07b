"""How each golden game record is made, from the entry in its game's manifest.

Every game has a folder of records, ``tests/golden/<ruleset>/``, and a manifest saying how each
was made. Two ways, both exactly as the product makes games:

- ``simulate``: the simulator's own path (``dodgecity simulate --ruleset R --games 1 --seed S
  --db …``): a game between computer players, stored with the simulator's logical recording time;
- ``bot_seats``: a game opened through the application with settings (variants) and every seat a
  bot seat, started, and played to the end by the server's bot-seat player, at a fixed clock and
  with the secret nonce its seed commitment is over derived from its seed (see ``golden_nonce``).

Both are deterministic, so the same entry always makes the same bytes; the golden test checks
that it still does. ``python -m tests.golden.records`` writes the records a manifest adds (only
new ones: an existing record must never change).

A deliberate change of what new games record (a new rules version, a new field in the record)
makes an entry's game differently from then on. Its record is not made again: it stays, as a game
stored before the change, and must keep importing, verifying and replaying by the reading it was
played with. Its entry is marked ``"replays": false`` (today's engine no longer makes those
bytes), and a new entry with a new file pins what the engine records now.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from uuid import UUID

import msgspec
from domain.events.bang import BangSettings
from domain.events.dodgecity import Variants
from engine.application import GameService
from engine.bot_seats import BotSeats
from engine.players import BotSeat
from engine.simulation import simulate, simulated_game_id
from engine.transfer import export_record

HERE = Path(__file__).parent

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
    #: Whether today's engine makes this record again byte for byte; false for a record made
    #: before a deliberate change of what games record (it is still imported and verified).
    replays: bool = True


class Manifest(msgspec.Struct, frozen=True, kw_only=True):
    about: str
    games: list[GoldenGame]


class GoldenSet(msgspec.Struct, frozen=True, kw_only=True):
    """One game's golden records: its ruleset, the type its variants decode to, and the player
    counts its records must cover."""

    ruleset: str
    settings_type: type[Any]
    player_counts: frozenset[int]

    @property
    def folder(self) -> Path:
        return HERE / self.ruleset

    def games(self) -> list[GoldenGame]:
        return msgspec.json.decode((self.folder / "manifest.json").read_bytes(), type=Manifest).games


SETS = (
    GoldenSet(ruleset="dodgecity", settings_type=Variants, player_counts=frozenset({2, 3, 4, 5})),
    GoldenSet(ruleset="bang", settings_type=BangSettings, player_counts=frozenset(range(3, 8))),
)


def make_record(golden_set: GoldenSet, golden: GoldenGame) -> bytes:
    """The exported game record the entry describes, made afresh."""
    if golden.how == "simulate":
        return _simulated(golden_set, golden)
    if golden.how == "bot_seats":
        return _played_by_bot_seats(golden_set, golden)
    raise ValueError(f"unknown way to make a golden game: {golden.how!r}")


def _simulated(golden_set: GoldenSet, golden: GoldenGame) -> bytes:
    app = GameService("memory://")
    try:
        summary = simulate(
            1,
            golden.players,
            golden.seed,
            store=app.store_game,
            ruleset=golden_set.ruleset,
            bots=golden.bots,
        )
        if summary.failed:
            raise RuntimeError(f"the simulated game failed: {summary.errors}")
        (game_id,) = app.game_ids()
        return export_record(game_id, app.records(game_id))
    finally:
        app.close()


def golden_nonce(seed: str) -> str:
    """The nonce a bot-seat golden game commits to with its seed: a real game draws it at random
    (engine/fairness.py), which no record could be made again from; a golden game is public."""
    return hashlib.sha256(f"golden nonce:{seed}".encode()).hexdigest()


def _played_by_bot_seats(golden_set: GoldenSet, golden: GoldenGame) -> bytes:
    app = GameService("memory://", clock=lambda: FIXED_TIME, seed_nonces=lambda: golden_nonce(golden.seed))
    seats = BotSeats(app)
    try:
        game_id: UUID = app.create_game(
            ruleset=golden_set.ruleset,
            seats=golden.players,
            settings=msgspec.convert(golden.variants, golden_set.settings_type),
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
    """Make every record the manifests list and the folders lack (only when a new golden game
    is added: existing records must never change)."""
    for golden_set in SETS:
        for golden in golden_set.games():
            path = golden_set.folder / golden.file
            if path.exists():
                continue
            path.write_bytes(make_record(golden_set, golden))
            print(f"wrote {path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    write_all()
