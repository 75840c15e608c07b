"""Dog Eat Dog's board read model (projections/dogeatdog): the projector keeps it equal to a fold of
each game's events, whether the game has ended, is running or is cut short midway, and it shows
only what a spectator sees: no Swiss account and no embezzled amount before the end, no deck
order ([SEE-PUBLIC], [SEE-PRIVATE], [SEE-SECRET])."""

from __future__ import annotations

from uuid import UUID

import msgspec
import pytest
from domain.dogeatdog.ruleset import DOGEATDOG
from domain.dogeatdog.state import DogEatDogState, Embezzlement
from domain.events.base import DomainEvent
from domain.events.dogeatdog import DogEatDogSettings
from domain.registry import Registry
from domain.ruleset import GameStatus
from engine.dogeatdog.kit import KIT
from engine.simulation import play_game
from projections.dogeatdog import READ_MODELS
from projections.dogeatdog.read_models import board
from projections.projector import Projections

from tests.projections.databases import OpenDatabase
from tests.projections.memory_feed import Command, MemoryFeed, interleave, notifications
from tests.rulesets.dogeatdog.builders import replayed, setup_history

ENDED = UUID(int=0xD0)
RUNNING = UUID(int=0xD1)


def _commands(game_id: UUID, players: int, seed: str) -> list[Command]:
    commands: list[Command] = []
    _game, result = play_game(KIT, players, seed, game_id=game_id, log=lambda _command, events: commands.append(events))
    assert result.error is None, result.error
    return commands


def fold(events: list[DomainEvent]) -> DogEatDogState:
    state = DOGEATDOG.new_state()
    for event in events:
        DOGEATDOG.evolve(state, event)
    return state


def _log(cut: int) -> tuple[MemoryFeed, dict[UUID, list[DomainEvent]]]:
    """Two games of random players interleaved: one to its end, one cut after ``cut`` commands."""
    ended = _commands(ENDED, 3, "board-ended")
    running = _commands(RUNNING, 4, "board-running")[:cut]
    feed = MemoryFeed(notifications(interleave([ended, running], "board")))
    return feed, {game_id: feed.events_of(game_id) for game_id in (ENDED, RUNNING)}


def test_given_a_game_ended_and_one_running_when_projected_in_small_batches_then_each_board_is_the_fold_of_its_events(
    open_database: OpenDatabase,
) -> None:
    feed, events = _log(cut=300)
    # The game's rules and read models, named rather than found installed.
    projections = Projections(open_database("main"), feed, batch_size=97, registry=Registry([DOGEATDOG]), games=[READ_MODELS])

    projections.catch_up()

    for game_id, mine in events.items():
        assert projections.read_model(game_id, "dogeatdog-board") == board(game_id, fold(mine))
    ended = projections.read_model(ENDED, "dogeatdog-board")
    assert ended.turn_seat is None
    assert ended.end_reason is not None
    assert all(seat.swiss is not None for seat in ended.seats)  # the end shows all ([SEE-END])
    running = projections.read_model(RUNNING, "dogeatdog-board")
    assert fold(events[RUNNING]).status is GameStatus.RUNNING
    assert running.turn_seat is not None
    assert running.round >= 1
    assert [seat.swiss for seat in running.seats] == [None] * 4
    assert {square.square for square in running.squares} == set("ABCDEFGHIJKLMNOP")
    assert {law.owner for law in running.laws} >= {None}  # the setup's public law at least
    assert projections.games(ruleset="dogeatdog").total == 2
    assert READ_MODELS.progress(fold(events[RUNNING])) == running.round


def _secret_state(swiss: int, amount: int, deck: list[str] | None = None) -> DogEatDogState:
    state = replayed(setup_history())
    state.players[1].swiss = swiss
    state.players[1].corporate = 20
    state.embezzlement = Embezzlement(seat=1, amount=amount, asked=[2])
    if deck is not None:
        state.deck = deck
    return state


@pytest.mark.rule("SEE-PRIVATE")
@pytest.mark.rule("SEE-SECRET")
def test_given_twin_running_games_differing_in_a_swiss_balance_an_embezzled_amount_and_the_decks_order_then_their_boards_are_byte_for_byte_alike() -> (
    None
):
    first = _secret_state(swiss=37, amount=9)
    second = _secret_state(swiss=0, amount=2, deck=list(reversed(first.deck)))
    assert first.deck != second.deck

    made = board(UUID(int=1), first)

    assert msgspec.json.encode(made) == msgspec.json.encode(board(UUID(int=1), second))
    assert [seat.swiss for seat in made.seats] == [None] * len(first.players)
    assert made.seats[1].corporate is None  # undisclosed while it awaits its holders ([EMBEZZLE-AMOUNT])
    assert made.seats[0].corporate is not None
    assert made.deck_size == len(first.deck)


@pytest.mark.rule("VAR-OPEN-INFO")
def test_given_open_information_then_the_board_shows_every_swiss_balance_as_the_views_do() -> None:
    state = replayed(setup_history(settings=DogEatDogSettings(open_info=True)))
    state.players[0].swiss = 12

    assert board(UUID(int=1), state).seats[0].swiss == 12
