"""Replay and audit reads: the game at any step as a seat saw it, and the event log page by page,
redacted for the viewer until the game ends ([SEE-PRIVATE], [SEE-SECRET], [SEE-END])."""

from __future__ import annotations

from collections.abc import Iterator
from uuid import UUID

import pytest
from domain.dodgecity.views import HIDDEN
from domain.events.dodgecity import CardsDealt, DrawPileShuffled, GameCreated
from engine.application import GameService, VersionOutOfRangeError

from tests.storage.games import recorded_game


@pytest.fixture
def app(database_url: str) -> Iterator[GameService]:
    application = GameService(database_url)
    yield application
    application.close()


def _running(app: GameService) -> UUID:
    game_id = app.create_game(ruleset="dodgecity", seats=2, seed="replay")
    app.join(game_id, "Ann")
    app.join(game_id, "Bob")
    app.start(game_id)
    return game_id


def test_given_a_running_game_when_paging_events_then_in_order_and_redacted_for_the_viewer(app: GameService) -> None:
    game_id = _running(app)
    latest = app.latest_version(game_id)

    first, reported = app.events_page(game_id, 0, after=0, limit=5)
    rest, _ = app.events_page(game_id, 0, after=5, limit=1000)

    assert reported == latest
    assert [e.originator_version for e in first + rest] == list(range(1, latest + 1))
    created = first[0]
    assert isinstance(created, GameCreated)
    assert created.seed == HIDDEN
    dealt = {e.seat: e for e in first + rest if isinstance(e, CardsDealt)}
    assert HIDDEN not in dealt[0].cards
    assert set(dealt[1].cards) == {HIDDEN}
    assert all(set(e.order) == {HIDDEN} for e in first + rest if isinstance(e, DrawPileShuffled))
    assert app.events_page(game_id, 0, after=latest)[0] == []


def test_given_an_ended_game_when_paging_events_then_nothing_is_hidden(app: GameService) -> None:
    game, commands = recorded_game(3, "ended-replay")
    app.store_game(game.id, commands)

    events, _ = app.events_page(game.id, None, after=0, limit=100)

    assert events == app.domain_events(game.id)[:100]


@pytest.mark.parametrize("after", [-1, 10_000])
def test_given_a_version_out_of_range_then_a_clear_error(app: GameService, after: int) -> None:
    game_id = _running(app)
    with pytest.raises(VersionOutOfRangeError, match=f"there is no version {after}"):
        app.events_page(game_id, None, after=after)
    with pytest.raises(VersionOutOfRangeError, match=f"there is no version {after}"):
        app.view(game_id, None, version=after)


def test_given_any_step_when_viewed_then_the_state_then_as_the_seat_saw_it(app: GameService) -> None:
    game_id = _running(app)
    dealt_at = next(e.originator_version for e in app.domain_events(game_id) if isinstance(e, CardsDealt) and e.seat == 1)

    before = app.view(game_id, 1, version=dealt_at - 1)
    after = app.view(game_id, 1, version=dealt_at)
    spectator = app.view(game_id, None, version=dealt_at)

    assert before.version == dealt_at - 1
    assert before.players[1].hand == ()
    assert after.players[1].hand
    assert HIDDEN not in after.players[1].hand
    assert spectator.players[1].hand is None
    assert spectator.players[1].hand_size == len(after.players[1].hand)
    assert app.view(game_id, None, version=0).players == ()


def test_given_an_ended_game_when_an_early_step_is_viewed_then_everything_shows_unless_as_played(app: GameService) -> None:
    game, commands = recorded_game(2, "ended-view")
    app.store_game(game.id, commands)

    revealed = app.view(game.id, None, version=20)
    as_played = app.view(game.id, None, version=20, as_played=True)

    assert all(p.hand is not None for p in revealed.players)
    assert revealed.secrets is not None
    assert all(p.hand is None for p in as_played.players)
    assert as_played.secrets is None
