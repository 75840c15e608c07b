"""What rules code works with while handling one command: the state, a way to record an event
(which applies it at once), and the random source."""

from __future__ import annotations

from collections.abc import Callable

from domain.dodgecity.decisions import Decision
from domain.dodgecity.state import GameState
from domain.events.dodgecity import DomainEvent
from domain.random_source import RandomSource


class GameOver(Exception):  # noqa: N818 - a control-flow signal, not an error
    """Raised after ``GameEnded`` is recorded, to unwind whatever the command was doing."""


class Context:
    def __init__(
        self,
        state: GameState,
        record: Callable[[DomainEvent], None],
        random_source: Callable[[], RandomSource],
    ) -> None:
        self.state = state
        self._record = record
        self._random_source = random_source
        self._rng: RandomSource | None = None
        self.emitted = 0
        #: The decisions awaited when the flow stopped, for the aggregate to keep.
        self.awaiting: list[Decision] | None = None

    def emit(self, event: DomainEvent) -> None:
        self._record(event)
        self.emitted += 1

    @property
    def rng(self) -> RandomSource:
        if self._rng is None:
            self._rng = self._random_source()
        return self._rng
