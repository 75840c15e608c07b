"""The game locks: one lock per game, so that writes to one game are serialised in this process
while different games proceed in parallel.
"""

from __future__ import annotations

import threading
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

    def hold(self, game_id: UUID) -> _Held:
        """``with locks.hold(game_id):`` runs its block holding the game's lock.

        A small class rather than a ``@contextmanager`` generator: every command and read takes
        two or three of these, and the generator's machinery cost more than the lock."""
        return _Held(self, game_id)

    def _enter(self, game_id: UUID) -> _CountedLock:
        with self._guard:
            entry = self._locks.get(game_id)
            if entry is None:
                entry = self._locks[game_id] = _CountedLock()
            entry.users += 1
        return entry

    def _leave(self, game_id: UUID, entry: _CountedLock) -> None:
        with self._guard:
            entry.users -= 1
            if entry.users == 0:
                del self._locks[game_id]

    def __len__(self) -> int:
        """Games whose lock somebody holds or waits for now."""
        with self._guard:
            return len(self._locks)


class _CountedLock:
    __slots__ = ("lock", "users")

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.users = 0  # holding or waiting; changed only under the map's guard


class _Held:
    """One holding of a game's lock: counted in while it waits and holds, out once let go."""

    __slots__ = ("_entry", "_game_id", "_locks")

    def __init__(self, locks: GameLocks, game_id: UUID) -> None:
        self._locks = locks
        self._game_id = game_id

    def __enter__(self) -> None:
        entry = self._entry = self._locks._enter(self._game_id)
        try:
            entry.lock.acquire()
        except BaseException:  # interrupted while waiting: counted out again
            self._locks._leave(self._game_id, entry)
            raise

    def __exit__(self, *_exception: object) -> None:
        entry = self._entry
        try:
            entry.lock.release()
        finally:
            self._locks._leave(self._game_id, entry)
