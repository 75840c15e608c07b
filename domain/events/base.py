"""The base of every domain event, of every game.

Events are immutable past-tense facts. They hold primitives, enums and tuples only, so that they
encode to JSON and back without loss on every store. ``originator_id`` and ``originator_version``
are stamped by the aggregate when the event is triggered; rules code builds events without them.

Each event is tagged with its class name (``type``), which is also its stored topic: the class
names of every game's events are therefore unique across the registry.
"""

from __future__ import annotations

from uuid import UUID

import msgspec

NO_GAME = UUID(int=0)


class DomainEvent(msgspec.Struct, frozen=True, kw_only=True, tag=True, tag_field="type"):
    originator_id: UUID = NO_GAME
    originator_version: int = 0
