"""The server's cap on the actions one bot seat records in one turn (issue 29 item 11): a bot kind
that never checks its progress loops inside its turn, and the server ends that turn by the rules'
default decisions, says so in a warning and a metric, and the game goes on and verifies."""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from typing import Any
from uuid import UUID

import pytest
from api.http.metrics import Metrics
from domain.aggregates.game import AnyGame
from domain.bang.actions import BangAction, DrawCards, EndPlay, Pass, PlayCard
from domain.bang.catalog import card
from engine.application import GameService
from engine.audit import verify
from engine.bang.kit import KIT
from engine.bot_seats import BotSeats
from engine.players import TURN_CAP, BotSeat, ProgressCheck

from tests.patience import PATIENCE

#: Found by playing seeds in process: with a Drawer in every seat of four, seat 0 (a Sean
#: Mallory at the table hoards every card he draws) is the first to loop, in turn 55.
SEED = "loop-12"
GAME_ID = UUID("6c1f3a52-0d4e-4b7a-9e21-2f8d5a7c9b11")
DRAWING = {"CARD-STAGECOACH", "CARD-WELLS-FARGO"}


class Drawer:
    """A deliberately looping kind of bot: it plays Stagecoach or Wells Fargo whenever it may,
    otherwise ends its phase, passes or draws, and keeps no progress check. Once nearly every
    card is in hands it draws each of the two back with the other, for ever."""

    def __init__(self, seed: int | str | None = None, progress: ProgressCheck[Any] | None = None) -> None:
        pass  # it needs no chance and ignores its progress check

    def decide(self, view: Any, actions: Sequence[BangAction]) -> BangAction:
        for action in actions:
            if isinstance(action, PlayCard) and card(action.card).effect in DRAWING:
                return action
        for kind in (EndPlay, Pass, DrawCards):
            chosen = next((a for a in actions if isinstance(a, kind)), None)
            if chosen is not None:
                return chosen
        return actions[0]

    def choose(self, game: AnyGame, seat: int) -> BangAction:
        return self.decide(game.view(seat), game.legal_actions(seat))


@pytest.fixture(autouse=True)
def drawer_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(KIT.bots, "drawer", Drawer)


@pytest.fixture
def games() -> Iterator[GameService]:
    app = GameService("memory://")
    yield app
    app.close()


def turn_and_asked(game: AnyGame) -> tuple[int, list[int]]:
    return game.state.turn.number, sorted(game.asked())


def play_until_capped(games: GameService, bots: BotSeats, game_id: UUID, caplog: pytest.LogCaptureFixture) -> int:
    """Play the people's seats as Drawers until the bot seat reaches the cap; returns the turn."""
    person = Drawer()
    while not capped(caplog):
        assert bots.wait_idle(PATIENCE), "the bot seat never ended its turn"
        _, asked = games.read(game_id, turn_and_asked)
        assert asked, "the game waits for nobody"
        assert 0 not in asked, "the bot seat is asked while the bots are idle"
        seen = games.seat_view(game_id, asked[0])
        games.perform(game_id, asked[0], person.decide(seen.view, seen.actions), expected_version=seen.view.version)
    assert bots.wait_idle(PATIENCE), "the bot seat never ended its capped turn"
    return games.read(game_id, turn_and_asked)[0]


def capped(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "engine.bot_seats" and "in one turn" in r.getMessage()]


def test_given_a_bot_that_never_ends_its_turn_when_the_server_plays_it_then_the_cap_ends_the_turn_and_the_game_verifies(
    games: GameService, caplog: pytest.LogCaptureFixture
) -> None:
    metrics = Metrics()
    bots = BotSeats(games, on_turn_cap=metrics.bot_turn_cap)
    caplog.set_level(logging.WARNING, logger="engine.bot_seats")
    try:
        game_id = games.create_game(ruleset="bang", seats=4, seed=SEED, game_id=GAME_ID, bots=[BotSeat("drawer")])
        for index in range(1, 4):
            games.join(game_id, f"Person {index}")
        games.start(game_id)
        turn_after = play_until_capped(games, bots, game_id, caplog)
    finally:
        bots.close()
    (warning,) = capped(caplog)
    assert warning.levelno == logging.WARNING
    message = warning.getMessage()
    assert f"bot seat 0 of bang game {game_id} recorded {TURN_CAP} actions in one turn" in message
    # The game went on: the next seat, a person, is asked in the next turn.
    turn, asked = games.read(game_id, turn_and_asked)
    assert (turn, asked) == (turn_after, [1])
    assert 'dodgecity_bot_turn_cap_reached_total{ruleset="bang"} 1.0' in metrics.render(rulesets=["bang", "dodgecity"], store=None)
    assert verify(game_id, games.records(game_id)).ok
