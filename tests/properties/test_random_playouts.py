"""Complete random games for every player count, with the engine's invariants checked after every
single step, every event round-tripped through its JSON encoding, and the game rebuilt from its
events at the end."""

from __future__ import annotations

import random
from uuid import UUID

import pytest
from domain.aggregates.game import project_game
from domain.dodgecity.ruleset import DodgeCityGame, empty_game, open_game
from domain.events.dodgecity import DomainEvent
from engine.dodgecity.invariants import violations
from engine.players import RandomPlayer
from engine.records import decode_event, encode_event
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

GAMES_PER_PLAYER_COUNT = 75
MAX_STEPS = 20_000


def play_checked(players: int, seed: int) -> tuple[DodgeCityGame, list[DomainEvent]]:
    game = open_game(UUID(int=seed + 1), seed=str(seed), max_players=players)
    for seat in range(players):
        game.join(f"p{seat}")
    game.start()
    chooser = RandomPlayer(seed)
    order = random.Random(seed)
    events = game.collect_events()
    for _ in range(MAX_STEPS):
        if game.is_over:
            break
        pending = game.pending()
        assert pending, "a running game must wait for someone"
        seat = order.choice(pending).seat
        game.act(seat, chooser.choose(game, seat))
        assert violations(game.state) == []
        events += game.collect_events()
    assert game.is_over, f"no end after {MAX_STEPS} steps"
    return game, events


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@settings(
    max_examples=GAMES_PER_PLAYER_COUNT,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_given_random_players_when_playing_to_the_end_then_every_invariant_holds(players: int, seed: int) -> None:
    game, events = play_checked(players, seed)

    assert [e.originator_version for e in events] == list(range(1, game.version + 1))
    for event in events:
        assert decode_event(type(event).__name__, encode_event(event)) == event
    rebuilt = project_game(empty_game(events[0].originator_id), events)
    assert rebuilt.state == game.state
    assert rebuilt.version == game.version
