"""The event store in this process's memory: the eventsourcing library's, keeping which games
were imported (``engine/import_marks.py``) beside the events, under the same lock as their insert,
so that in memory too no game is seen without its mark; and the games' snapshots
(``engine/snapshots.py``), for a game the application's cache has let go."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import ApplicationRecorder, StoredEvent
from eventsourcing.popo import POPOApplicationRecorder, POPOFactory

from engine.import_marks import IMPORTED_AT
from engine.snapshots import StoredSnapshot

#: How the eventsourcing library names this factory (module, then class).
FACTORY_TOPIC = f"{__name__}:MarkingPOPOFactory"


class MarkingPOPORecorder(POPOApplicationRecorder):
    def __init__(self) -> None:
        super().__init__()
        self._imported: dict[UUID, str] = {}
        self._marks_lock = threading.Lock()
        self._snapshots: dict[UUID, StoredSnapshot] = {}

    def _update_table(
        self, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        # Called under the library's lock once the events are known to be new: a clash stores
        # no mark.
        notification_ids = super()._update_table(stored_events, **kwargs)
        imported_at = kwargs.get(IMPORTED_AT)
        if imported_at is not None and stored_events:
            with self._marks_lock:
                self._imported[_as_uuid(stored_events[0].originator_id)] = imported_at
        return notification_ids

    def imported_at(self, game_id: UUID) -> str | None:
        with self._marks_lock:
            return self._imported.get(game_id)

    def imported_among(self, game_ids: Sequence[UUID]) -> set[UUID]:
        with self._marks_lock:
            return {game_id for game_id in game_ids if game_id in self._imported}

    def latest_snapshot(self, game_id: UUID) -> StoredSnapshot | None:
        with self._marks_lock:
            return self._snapshots.get(game_id)

    def keep_snapshot(self, game_id: UUID, snapshot: StoredSnapshot) -> None:
        with self._marks_lock:
            self._snapshots[game_id] = snapshot


class MarkingPOPOFactory(POPOFactory):
    def application_recorder(self) -> ApplicationRecorder:
        return MarkingPOPORecorder()


def _as_uuid(value: UUID | str) -> UUID:
    return value if isinstance(value, UUID) else UUID(value)
