"""Every event class round-trips through the event store unchanged, in memory, in SQLite and in
PostgreSQL, and a game loaded from the store is the game that was played, at every step."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any
from uuid import UUID, uuid4

import msgspec
import msgspec.inspect as mi
import pytest
from domain.dodgecity.actions import Action
from domain.dodgecity.ruleset import DodgeCityGame
from domain.events.dodgecity import ALL_EVENT_TYPES, DomainEvent
from engine.application import GameNotFoundError, GameService
from engine.players import RandomPlayer
from engine.records import CreateCommand


def sample_value(info: mi.Type) -> Any:
    """A non-default value of a msgspec type, for building sample events."""
    if isinstance(info, mi.UnionType):
        return sample_value(next(t for t in info.types if not isinstance(t, mi.NoneType)))
    if isinstance(info, mi.IntType):
        return 3
    if isinstance(info, mi.BoolType):
        return True
    if isinstance(info, mi.StrType):
        return "C07"
    if isinstance(info, mi.UUIDType):
        return uuid4()
    if isinstance(info, mi.EnumType):
        return list(info.cls)[-1]
    if isinstance(info, mi.VarTupleType):
        return (sample_value(info.item_type), sample_value(info.item_type))
    if isinstance(info, mi.TupleType):
        return tuple(sample_value(t) for t in info.item_types)
    if isinstance(info, mi.StructType):
        return info.cls(**{f.name: sample_value(f.type) for f in info.fields})
    raise NotImplementedError(info)


def sample_events(game_id: UUID) -> list[DomainEvent]:
    events = []
    for version, cls in enumerate(ALL_EVENT_TYPES, start=1):
        info = mi.type_info(cls)
        assert isinstance(info, mi.StructType)
        fields = {f.name: sample_value(f.type) for f in info.fields}
        fields.update(originator_id=game_id, originator_version=version)
        events.append(cls(**fields))
    return events


@pytest.fixture
def app(database_url: str) -> Iterator[GameService]:
    # Sample events are not a playable game: keep the read models out of it.
    application = GameService(database_url, project_after_commands=False)
    yield application
    application.close()


def test_given_one_event_of_every_class_when_stored_and_read_back_then_identical(
    app: GameService,
) -> None:
    game_id = uuid4()
    events = sample_events(game_id)
    app.store_game(game_id, [(CreateCommand(), events)])

    loaded = app.domain_events(game_id)

    assert loaded == events
    assert [type(e) for e in loaded] == list(ALL_EVENT_TYPES)
    for original, back in zip(events, loaded, strict=True):
        assert msgspec.json.encode(back) == msgspec.json.encode(original)


@pytest.mark.parametrize("players", [2, 5])
def test_given_a_game_played_through_the_store_when_loaded_then_same_state_at_every_step(app: GameService, players: int) -> None:
    game_id = app.create_game(ruleset="dodgecity", seats=players, seed="store")
    for seat in range(players):
        app.join(game_id, f"p{seat}")
    app.start(game_id)
    chooser, order = RandomPlayer(players), random.Random(players)
    states = {}
    while not app.read(game_id, lambda game: game.is_over):
        seat, action = app.read(game_id, lambda game: _choose(game, chooser, order))
        version = app.act(game_id, seat, action)
        if version % 97 == 0:
            states[version] = app.read(game_id, lambda game: copy.deepcopy(game.state))

    final = app.read(game_id, lambda game: copy.deepcopy(game.state))
    assert app.game_at(game_id).state == final
    history = app.domain_events(game_id)
    assert [e.originator_version for e in history] == list(range(1, len(history) + 1))
    assert states, "the game was long enough to sample states"
    for version, state in states.items():
        assert app.game_at(game_id, version).state == state


def _choose(game: DodgeCityGame, chooser: RandomPlayer, order: random.Random) -> tuple[int, Action]:
    seat = order.choice(game.pending()).seat
    return seat, chooser.choose(game, seat)


def test_given_an_unknown_game_when_loading_then_a_clear_not_found_error(
    app: GameService,
) -> None:
    missing = uuid4()
    with pytest.raises(GameNotFoundError, match=str(missing)):
        app.game_at(missing)
    with pytest.raises(GameNotFoundError, match=str(missing)):
        app.read(missing, lambda game: game.version)
