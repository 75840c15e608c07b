"""Computer players of any game, and the seats the host gives them.

A bot decides from what its seat may see (see :class:`engine.kit.Bot`); each game's kinds of
bot are in its kit. The uniform random player plays every game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from domain.aggregates.game import AnyGame

A = TypeVar("A")


class RandomPlayer:
    """Uniform over the seat's legal actions; reproducible from its seed."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._random = random.Random(seed)

    def decide(self, view: Any, actions: Sequence[A]) -> A:
        return actions[self._random.randrange(len(actions))]

    def choose(self, game: AnyGame, seat: int) -> Any:
        # The view would not change a uniform choice.
        actions = game.legal_actions(seat)
        return actions[self._random.randrange(len(actions))]


@dataclass(frozen=True)
class BotSeat:
    """A seat the host gives to a computer player of ``kind`` (one of its game's kit); the
    name defaults to one of the kit's bot names nobody at the table has; ``attributes`` are
    the ruleset's seat attributes (a colour; None: the ruleset's default)."""

    kind: str = "heuristic"
    name: str | None = None
    attributes: Any = None


def bot_name(names: Sequence[str], taken: Iterable[str]) -> str:
    """The first of ``names`` not in ``taken``, else a numbered one."""
    used = set(taken)
    free = (name for name in names if name not in used)
    return next(free, f"Bot {len(used) + 1}")
