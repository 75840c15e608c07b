"""Which stored games were imported from a game record rather than played on this server.

An imported game's events are stored exactly as its record holds them (their hashes depend on
every byte), so the mark cannot be one of them: it is a row of its own beside the events, the
game's id and when it was imported, written in the same transaction as the game's events (an
import stores a whole game in one write), so no game is ever stored without its mark or marked
without its events. Each event store's recorder keeps the marks (``engine/sqlite_events.py``,
``engine/postgres_events.py``, ``engine/memory_events.py``); the read models ask for them through
the application's feed, so rebuilding them from the log keeps every mark.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable
from uuid import UUID

#: The keyword of ``insert_events`` that marks the game being inserted as imported at that time
#: (an ISO 8601 text): the eventsourcing library hands its recorders' keywords to the hook that
#: runs inside the insert's transaction.
IMPORTED_AT = "imported_at"
#: The table of marks, beside the events' table.
TABLE = "imported_games"


@runtime_checkable
class ImportMarks(Protocol):
    """What a recorder that keeps import marks answers."""

    def imported_at(self, game_id: UUID) -> str | None:
        """When the game was imported; None for a game played here (or not stored)."""
        ...

    def imported_among(self, game_ids: Sequence[UUID]) -> set[UUID]:
        """Those of ``game_ids`` that were imported."""
        ...
