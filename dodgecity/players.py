"""Computer players. Each chooses from what its seat may see: ``decide(view, actions)`` takes the
seat's view of the game and its legal actions, as the REST API serves them, so the same bot plays
in process, as a bot seat on the server, or as an outside client. ``choose(game, seat)`` is the
in-process shortcut used by simulations, and must decide exactly as ``decide`` would."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from dodgecity.heuristic import HeuristicPlayer
from domain.actions import Action
from domain.aggregates.game import Game
from domain.views import GameView


class Player(Protocol):
    def choose(self, game: Game, seat: int) -> Action: ...


class Bot(Player, Protocol):
    def decide(self, view: GameView, actions: Sequence[Action]) -> Action: ...


class RandomPlayer:
    """Uniform over the seat's legal actions; reproducible from its seed."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._random = random.Random(seed)

    def decide(self, view: GameView, actions: Sequence[Action]) -> Action:
        return actions[self._random.randrange(len(actions))]

    def choose(self, game: Game, seat: int) -> Action:
        actions = game.legal_actions(seat)  # the view would not change a uniform choice
        return actions[self._random.randrange(len(actions))]


#: Every kind of computer player, by the name the command line and the API use.
BOT_KINDS: dict[str, Callable[[int | str | None], Bot]] = {
    "random": RandomPlayer,
    "heuristic": HeuristicPlayer,
}


def make_player(kind: str, seed: int | str | None) -> Bot:
    """A new player of ``kind`` (one of :data:`BOT_KINDS`), reproducible from ``seed``."""
    try:
        return BOT_KINDS[kind](seed)
    except KeyError:
        raise ValueError(f"unknown bot kind {kind!r}: use {', '.join(BOT_KINDS)}") from None
