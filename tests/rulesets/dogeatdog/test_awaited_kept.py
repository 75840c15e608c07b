"""Every command of Dog Eat Dog hands the aggregate the decisions awaited when it stopped
(``ctx.awaiting``, set by ``flow.advance``), which the aggregate keeps for the game's version
instead of asking ``pending`` again. What it hands over must be what ``pending`` says of the
state the command left, after every kind of command, or the game would ask a stale decision.

Seeded random games at 3 to 6 seats, with and without every engine variant (sealed auctions ask
several bidders at once), are played on the rules directly, each command in its own context."""

from __future__ import annotations

import random
from functools import partial
from uuid import UUID

import pytest
from domain.aggregates.game import Game
from domain.context import Context
from domain.dogeatdog.evolve import apply
from domain.dogeatdog.rules import decisions, flow
from domain.dogeatdog.ruleset import DOGEATDOG
from domain.dogeatdog.state import DogEatDogState
from domain.events.dogeatdog import DogEatDogSettings
from domain.random_source import SeededRandom
from domain.ruleset import GameStatus

EVERY_VARIANT = DogEatDogSettings(honour=True, kickback=True, auction_sealed=True, embezzle_own_turn=True, open_info=True)
MOST_COMMANDS = 20_000


def started(seats: int, settings: DogEatDogSettings | None, seed: str) -> DogEatDogState:
    game = Game.create(UUID(int=seats), DOGEATDOG, seed=seed, seats=seats, settings=settings)
    for seat in range(seats):
        game.join(f"p{seat}")
    game.start()
    state: DogEatDogState = game.state
    return state


def play_checking_what_is_handed_over(state: DogEatDogState, seed: str) -> tuple[int, int]:
    """Play random legal actions to the end; after each, compare what the command handed over
    with ``pending`` of the state it left. How many commands, and how many asked several."""
    chooser = random.Random(seed)
    commands = several = 0
    while state.status is GameStatus.RUNNING and commands < MOST_COMMANDS:
        pending = flow.pending(state)
        decision = pending[chooser.randrange(len(pending))]
        action = chooser.choice(decisions.legal_actions(state, decision))

        ctx = Context(state, partial(apply, state), partial(SeededRandom, f"{seed}:{commands}"))
        decisions.act(ctx, decision.seat, action, pending)
        commands += 1
        assert ctx.awaiting is not None, f"command {commands} ({action!r}) handed nothing over"
        assert ctx.awaiting == flow.pending(state), f"after command {commands} ({action!r})"
        several += len(ctx.awaiting) > 1
    assert state.status is GameStatus.ENDED
    return commands, several


@pytest.mark.parametrize("settings", [None, EVERY_VARIANT], ids=["standard", "every-variant"])
def test_given_random_games_when_each_command_ends_then_it_hands_over_the_decisions_pending_says_are_awaited(
    settings: DogEatDogSettings | None,
) -> None:
    """[TURN-DECISIONS] [VAR-AUCTION-SEALED]"""
    several = 0
    for seats in (3, 4, 5, 6):
        seed = f"kept-{seats}-{settings is None}"
        _commands, asked_at_once = play_checking_what_is_handed_over(started(seats, settings, seed), seed)
        several += asked_at_once
    if settings is EVERY_VARIANT:
        assert several > 0  # sealed auctions were held: several bidders asked at once
