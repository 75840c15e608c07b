"""The game cache: the games this process has loaded, each with what it knows of the game beyond
its events, kept in a small LRU and fast-forwarded from the store before every use.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from uuid import UUID

from domain.aggregates.game import AnyGame
from domain.table import parse_time
from engine.credentials import Access
from engine.records import CreateCommand, Record, by_command, decider


@dataclass
class LoadedGame:
    """A game this process loaded, with what the service knows of it beside its events: the hash
    its next event chains to, who may act in it, and what it has read of the store about it."""

    game: AnyGame
    head: str  # hash of the game's last stored event
    access: Access = field(default_factory=Access)
    #: Whether the game was imported (engine/import_marks.py), None until asked: stored with
    #: its events, it never changes, so once known a cached game answers without the store.
    imported: bool | None = None
    #: The version of the game's latest snapshot this process knows stored (engine/snapshots.py).
    snapshot_version: int = 0
    #: The rules version the game is played by, None until a snapshot needs it.
    rules_version: str | None = None

    def follow(self, records: Sequence[Record], *, note_access: bool = True) -> None:
        """Apply stored events read back from the store. A game on a clock is replayed a
        command at a time (the store keeps a command's events together), each settling the
        clock at its recorded time; any other game an event at a time, as fast as that goes.
        ``note_access`` False leaves the credentials unread (a private copy of the game)."""
        start = 0
        if self.game.version == 0:
            # The opening command is the one that may put the game on a clock.
            opening = next((group for _, group in by_command(records)), None)
            if opening is None:
                return
            self._follow_command(opening, note_access)
            start = len(opening)
        if self.game.table.clock is not None:
            for _, group in by_command(records[start:]):
                self._follow_command(group, note_access)
            return
        apply, note = self.game.apply, self.access.note
        for record in records[start:]:
            event = record.event()
            apply(event)
            if note_access:
                note(record.command, event)
        if len(records) > start:
            self.head = records[-1].hash

    def _follow_command(self, group: Sequence[Record], note_access: bool) -> None:
        command = group[0].command
        events = [record.event() for record in group]
        game = self.game
        timed = game.table.clock is not None or isinstance(command, CreateCommand)
        actor, by_itself = decider(command)
        game.replay(
            events,
            at=parse_time(group[0].recorded_at) if timed else None,
            actor=actor,
            by_itself=by_itself,
        )
        if note_access:
            for record, event in zip(group, events, strict=True):
                self.access.note(record.command, event)
        self.head = group[-1].hash


class GameCache:
    """A small thread-safe LRU of loaded games."""

    def __init__(self, maxsize: int) -> None:
        self._maxsize = maxsize
        self._items: OrderedDict[UUID, LoadedGame] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: UUID) -> LoadedGame | None:
        with self._lock:
            loaded = self._items.get(game_id)
            if loaded is not None:
                self._items.move_to_end(game_id)
            return loaded

    def put(self, game_id: UUID, loaded: LoadedGame) -> None:
        if self._maxsize <= 0:
            return
        with self._lock:
            self._items[game_id] = loaded
            self._items.move_to_end(game_id)
            while len(self._items) > self._maxsize:
                self._items.popitem(last=False)

    def evict(self, game_id: UUID) -> None:
        with self._lock:
            self._items.pop(game_id, None)
