"""What rules code works with while handling one command: the state, a way to record an event
(which applies it at once, so the next rule step sees it), and the random source."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from domain.events.base import DomainEvent
from domain.random_source import RandomSource

StateT = TypeVar("StateT")


class GameOver(Exception):  # noqa: N818 - a control-flow signal, not an error
    """Raised by rules code after it recorded the game's end, to unwind whatever the command
    was doing; the aggregate catches it and keeps what was recorded."""


class Context(Generic[StateT]):
    def __init__(
        self,
        state: StateT,
        record: Callable[[DomainEvent], None],
        random_source: Callable[[], RandomSource],
    ) -> None:
        self.state = state
        self._record = record
        self._random_source = random_source
        self._rng: RandomSource | None = None
        self.emitted = 0
        #: The decisions awaited when the rules stopped, for the aggregate to keep (rules that
        #: know them anyway save the aggregate from asking ``pending`` again).
        self.awaiting: list[Any] | None = None

    def emit(self, event: DomainEvent) -> None:
        self._record(event)
        self.emitted += 1

    @property
    def rng(self) -> RandomSource:
        """The command's random source, made on first use: a command that draws nothing costs
        no generator."""
        if self._rng is None:
            self._rng = self._random_source()
        return self._rng
