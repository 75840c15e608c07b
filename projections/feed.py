"""What projections read: the event log in its global order, one stored event at a time.

The application provides a feed; projections never touch the event store themselves, so the same
projection code runs on every backend.
"""

from __future__ import annotations

from typing import Any, Protocol
from uuid import UUID

import msgspec

from domain.events.base import DomainEvent


class Notification(msgspec.Struct, frozen=True, kw_only=True):
    """One stored event and where it sits in the log."""

    position: int  # global, increasing; there may be gaps
    game_id: UUID
    version: int  # the event's version within its game, 1 for the game's first event
    recorded_at: str  # ISO 8601 UTC, as stored with the event
    event: DomainEvent
    #: On a game's first event: the seed commitment published when it was created, and whether
    #: its creator chose the seed (engine/fairness.py); None for games that recorded neither.
    seed_commitment: str | None = None
    seed_chosen: bool | None = None
    #: On a game's first event: whether the game was imported from a game record rather than
    #: played on this server (engine/import_marks.py); it then counts on no leaderboard unless
    #: a reader asks for imported games.
    imported: bool = False


class EventFeed(Protocol):
    def notifications_after(self, position: int, limit: int) -> list[Notification]:
        """Up to ``limit`` stored events with a position greater than ``position``, in order."""
        ...

    def state_at(self, game_id: UUID, version: int) -> Any:
        """The game's state after its event ``version``, folded from the log by its ruleset."""
        ...
