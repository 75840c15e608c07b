"""The game locks: one lock per game, so that writes to one game are serialised in this process
while different games proceed in parallel.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from uuid import UUID


class GameLocks:
    """One lock per game while anybody holds or waits for it.

    A game's entry is made by the first caller and dropped by the last one out, so the map holds
    only the games in use at this moment: asking about any number of ids, existing or not, leaves
    nothing behind. Every caller for one game meanwhile shares the entry, so two never run at
    once; a caller after the last one out makes a new lock, which nobody else holds."""

    def __init__(self) -> None:
        self._locks: dict[UUID, _CountedLock] = {}
        self._guard = threading.Lock()

    @contextmanager
    def hold(self, game_id: UUID) -> Iterator[None]:
        with self._guard:
            entry = self._locks.get(game_id)
            if entry is None:
                entry = self._locks[game_id] = _CountedLock()
            entry.users += 1
        try:
            with entry.lock:
                yield
        finally:
            with self._guard:
                entry.users -= 1
                if entry.users == 0:
                    del self._locks[game_id]

    def __len__(self) -> int:
        """Games whose lock somebody holds or waits for now."""
        with self._guard:
            return len(self._locks)


@dataclass(eq=False)
class _CountedLock:
    lock: threading.Lock = field(default_factory=threading.Lock)
    users: int = 0  # holding or waiting; changed only under the map's guard
