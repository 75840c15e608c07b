"""Every ruleset through the engine: stored command by command, verified, exported and imported,
replayed at any step, on every store. The toy ruleset proves the engine needs nothing of Dodge
City's: it runs through the same application as any installed game.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from uuid import UUID

import msgspec
import pytest
from domain.aggregates.game import AnyGame, Game, project_game
from engine.application import GameService
from engine.audit import verify
from engine.kit import kit_for
from engine.simulation import simulate
from engine.transfer import export_record, read_record

from tests.conformance.engine_games import install_toy
from tests.conformance.playouts import asked_now

install_toy()

#: (ruleset, seats) of the games played through the store.
GAMES = [("dodgecity", 2), ("dodgecity", 4), ("bang", 3), ("bang", 5), ("dogeatdog", 3), ("dogeatdog", 5), ("toy", 2)]


@pytest.fixture
def store(database_url: str) -> Iterator[GameService]:
    app = GameService(database_url)
    yield app
    app.close()


def _play(app: GameService, ruleset: str, seats: int, seed: str) -> UUID:
    """A random game stored in ``app`` command by command, every action chosen from what its
    seat is shown; returns its id."""
    game_id = app.create_game(ruleset=ruleset, seats=seats, seed=seed)
    for seat in range(seats):
        app.join(game_id, f"player {seat}")
    app.start(game_id)
    choose = random.Random(seed)
    while not app.read(game_id, lambda game: game.is_over):
        asked = app.read(game_id, lambda game: [d.seat for d in asked_now(game, game.pending())])
        seat = asked[choose.randrange(len(asked))]
        seen = app.seat_view(game_id, seat)
        action = seen.actions[choose.randrange(len(seen.actions))]
        app.perform(game_id, seat, action, expected_version=seen.version)
    return game_id


def _folded(app: GameService, game_id: UUID, version: int) -> AnyGame:
    records = app.records(game_id)
    game: AnyGame = Game(game_id, app.registry.of_topic(records[0].type))
    return project_game(game, (r.event() for r in records[:version]))


@pytest.mark.parametrize(("ruleset", "seats"), GAMES, ids=[f"{r}-{s}" for r, s in GAMES])
def test_given_a_game_played_through_the_store_then_it_verifies_exports_and_replays(store: GameService, ruleset: str, seats: int) -> None:
    game_id = _play(store, ruleset, seats, f"engine-{ruleset}-{seats}")
    records = store.records(game_id)

    assert store.ruleset_of(game_id).name == ruleset
    summary = store.projections.game(game_id)
    assert summary is not None
    assert (summary.ruleset, summary.status, summary.version) == (ruleset, "ended", records[-1].version)
    assert [g.game_id for g in store.projections.games(ruleset=ruleset).items] == [game_id]
    assert store.projections.games(ruleset="no-such-game").items == ()
    assert verify(game_id, records).ok
    outcome = store.read(game_id, lambda game: game.outcome())
    assert outcome is not None
    assert outcome.winners
    latest = records[-1].version
    for version in sorted({1, 2, latest // 3, latest // 2, latest}):
        assert store.game_at(game_id, version).state == _folded(store, game_id, version).state

    exported = export_record(game_id, records)
    imported_id, imported = read_record(exported)
    target = GameService("memory://")
    try:
        target.insert_records(imported_id, imported)
        assert verify(imported_id, target.records(imported_id)).ok
        assert export_record(imported_id, target.records(imported_id)) == exported
        assert target.read(imported_id, lambda game: game.outcome()) == outcome
    finally:
        target.close()


@pytest.mark.parametrize("ruleset", ["dodgecity", "bang", "dogeatdog", "toy"])
def test_given_a_ruleset_then_its_records_name_it_and_its_kit_plays_it(ruleset: str) -> None:
    kit = kit_for(ruleset)
    summary = simulate(4, kit.rules.min_seats, f"kit-{ruleset}", ruleset=ruleset, check=True)
    assert summary.ruleset == ruleset
    assert summary.failed == 0, summary.errors
    assert sum(summary.end_reasons.values()) == 4


def test_given_a_record_of_the_toy_then_it_is_a_game_record_of_format_version_3_naming_its_ruleset(
    store: GameService,
) -> None:
    game_id = _play(store, "toy", 2, "record-toy")
    header = msgspec.json.decode(export_record(game_id, store.records(game_id)))
    assert (header["format"], header["format_version"]) == ("game-record", 3)  # docs/WIRE.md
    assert (header["ruleset"], header["seats"]) == ("toy", 2)
    assert "max_players" not in header
    assert "variants" not in header
