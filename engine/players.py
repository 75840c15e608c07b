"""Computer players. Each chooses from what its seat may see: ``decide(view, actions)`` takes the
seat's view of the game and its legal actions, as the REST API serves them, so the same bot plays
in process, as a bot seat on the server, or as an outside client. ``choose(game, seat)`` is the
in-process shortcut used by simulations, and must decide exactly as ``decide`` would."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from domain.aggregates.game import AnyGame
from domain.dodgecity.actions import Action
from domain.dodgecity.views import GameView
from domain.events.dodgecity import Colour
from engine.dodgecity.heuristic import HeuristicPlayer


class Player(Protocol):
    def choose(self, game: AnyGame, seat: int) -> Action: ...


class Bot(Player, Protocol):
    def decide(self, view: GameView, actions: Sequence[Action]) -> Action: ...


class RandomPlayer:
    """Uniform over the seat's legal actions; reproducible from its seed."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._random = random.Random(seed)

    def decide(self, view: GameView, actions: Sequence[Action]) -> Action:
        return actions[self._random.randrange(len(actions))]

    def choose(self, game: AnyGame, seat: int) -> Action:
        actions: list[Action] = game.legal_actions(
            seat
        )  # the view would not change a uniform choice
        return actions[self._random.randrange(len(actions))]


#: Every kind of computer player, by the name the command line and the API use.
BOT_KINDS: dict[str, Callable[[int | str | None], Bot]] = {
    "random": RandomPlayer,
    "heuristic": HeuristicPlayer,
}


#: Names bot seats get when the host gives none: people of the real Dodge City.
BOT_NAMES = ("Wyatt", "Bat", "Doc", "Kitty", "Luke")


@dataclass(frozen=True)
class BotSeat:
    """A seat the host gives to a computer player of ``kind``; the name defaults to one of
    :data:`BOT_NAMES` nobody at the table has, the colour to the first free one."""

    kind: str = "heuristic"
    name: str | None = None
    colour: Colour | None = None

    def __post_init__(self) -> None:
        if self.kind not in BOT_KINDS:
            raise ValueError(f"unknown bot kind {self.kind!r}: use {', '.join(BOT_KINDS)}")


def bot_name(taken: Iterable[str]) -> str:
    """The first of :data:`BOT_NAMES` not in ``taken``."""
    names = set(taken)
    free = (name for name in BOT_NAMES if name not in names)
    return next(free, f"Bot {len(names) + 1}")


def make_player(kind: str, seed: int | str | None) -> Bot:
    """A new player of ``kind`` (one of :data:`BOT_KINDS`), reproducible from ``seed``."""
    try:
        return BOT_KINDS[kind](seed)
    except KeyError:
        raise ValueError(f"unknown bot kind {kind!r}: use {', '.join(BOT_KINDS)}") from None
