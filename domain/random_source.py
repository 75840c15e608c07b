"""The random source the rules draw from. Outcomes are recorded in events, never re-drawn on replay
([SETUP-RANDOM])."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")


class RandomSource(Protocol):
    def shuffled(self, items: Sequence[T]) -> list[T]: ...

    def pick(self, items: Sequence[T]) -> T: ...


class SeededRandom:
    """A reproducible source: the same seed text gives the same outcomes on every Python 3."""

    def __init__(self, seed: str) -> None:
        self._random = random.Random(seed)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        result = list(items)
        self._random.shuffle(result)
        return result

    def pick(self, items: Sequence[T]) -> T:
        return items[self._random.randrange(len(items))]
