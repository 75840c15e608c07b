"""Players that choose actions for a seat. The random player picks uniformly among legal actions."""

from __future__ import annotations

import random
from typing import Protocol

from domain.actions import Action
from domain.aggregates.game import Game


class Player(Protocol):
    def choose(self, game: Game, seat: int) -> Action: ...


class RandomPlayer:
    """Uniform over the seat's legal actions; reproducible from its seed."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._random = random.Random(seed)

    def choose(self, game: Game, seat: int) -> Action:
        actions = game.legal_actions(seat)
        return actions[self._random.randrange(len(actions))]
