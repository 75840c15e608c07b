"""One watcher per watched game in this process: all the game's live streams wait on it.

A watcher reads nothing while nothing happens. Woken (a command stored by this process, a
notification from PostgreSQL of one stored by another process, or, on SQLite only, its slow
poll), it reads the new events once, keeps the latest of them, and wakes every stream of the
game. Each stream then shows itself those events as its own viewer may see them (the ruleset's
``event_view``, as ``GET …/events`` does), so 3,000 streams on one game cost one store read per
command, not 3,000 a second. A stream that is behind what the watcher keeps (resuming from long
ago) reads its own page, as before.

A game on a clock has its clock read with its news, once for all its streams: each stream sends
it after the events of a batch (``api/streams/route.py``). A game without one (its clock is
chosen at its creation, never later) costs no read for it.

Wakeups come from any thread; the watchers live on the event loop of the app that made them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any
from uuid import UUID

from api.http.threads import in_worker_thread
from domain.events.base import DomainEvent
from domain.table import ClockView
from engine.application import GameService

log = logging.getLogger(__name__)

#: The events a watcher keeps for its streams: a stream further behind reads the store itself.
KEPT_EVENTS = 200

EventView = Callable[..., Any]  # the ruleset's event_view(event, viewer, *, game_ended)


class GameWatcher:
    """The latest events of one game, read once for all its streams."""

    def __init__(self, games: GameService, game_id: UUID) -> None:
        self._games = games
        self.game_id = game_id
        self.streams = 0  # the streams waiting on it; it is dropped at 0
        self.version: int | None = None  # the latest version read; None until the first read
        self.ended = False
        self._kept: list[DomainEvent] = []  # the events up to ``version``, as stored
        self._clocked = False  # whether the game is played on a clock
        #: The clock after event ``version``; None without one, or when the game moved on
        #: between reading its news and its clock (the news of that move brings it).
        self._clock: ClockView | None = None
        self._event_view: EventView | None = None
        self._changed = asyncio.Event()
        self._reading: asyncio.Task[None] | None = None
        self._read_again = False
        self._poll: asyncio.Task[None] | None = None

    # -- waking --------------------------------------------------------------------------------

    def wake(self) -> None:
        """Read what is new (on the loop). A wake while reading reads once more afterwards, so
        nothing stored after a read began is missed, and a burst of wakes costs two reads."""
        if self._reading is not None:
            self._read_again = True
            return
        self._reading = asyncio.get_running_loop().create_task(self._read())

    def poll_every(self, seconds: float) -> None:
        """Also wake every ``seconds`` (SQLite's other worker processes cannot announce)."""
        self._poll = asyncio.get_running_loop().create_task(self._polling(seconds))

    def stop(self) -> None:
        for task in (self._reading, self._poll):
            if task is not None:
                task.cancel()

    async def _polling(self, seconds: float) -> None:
        while True:
            await asyncio.sleep(seconds)
            self.wake()

    async def _read(self) -> None:
        try:
            while True:
                self._read_again = False
                try:
                    await self._read_once()
                except Exception as error:  # the store is down, say: the next wake retries
                    log.warning("could not read the news of game %s: %s", self.game_id, error)
                if not self._read_again:
                    return
        finally:
            self._reading = None

    async def _read_once(self) -> None:
        known = self.version
        if known is None:
            latest, ended, clock, view = await in_worker_thread(self._first_read)
            self._event_view = view
            self._clocked = clock is not None
            self._record([], latest, ended, clock)
            return
        news, latest, ended, clock = await in_worker_thread(lambda: self._news(known))
        if latest != self.version or ended != self.ended:
            self._record(news, latest, ended, clock)

    def _first_read(self) -> tuple[int, bool, ClockView | None, EventView]:
        latest, ended, clock = self._games.read(
            self.game_id, lambda game: (game.version, game.is_over, game.clock_view())
        )
        return latest, ended, clock, self._games.ruleset_of(self.game_id).event_view

    def _news(self, known: int) -> tuple[list[DomainEvent], int, bool, ClockView | None]:
        news, latest, ended = self._games.events_after(self.game_id, known)
        if not self._clocked or latest == known:
            return news, latest, ended, None
        version, clock = self._games.read(
            self.game_id, lambda game: (game.version, game.clock_view())
        )
        return news, latest, ended, clock if version == latest else None

    def _record(
        self, news: list[DomainEvent], latest: int, ended: bool, clock: ClockView | None
    ) -> None:
        self._kept = (self._kept + news)[-KEPT_EVENTS:]
        if self._kept and self._kept[-1].originator_version != latest:
            self._kept = []  # not contiguous up to latest (cannot happen; never guess)
        self.version, self.ended, self._clock = latest, ended, clock
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    # -- what the streams ask ------------------------------------------------------------------

    async def wait_beyond(self, position: int) -> None:
        """Until the game is known to be past version ``position``."""
        while self.version is None or self.version <= position:
            await self._changed.wait()

    def clock_after(self, position: int) -> ClockView | None:
        """The game's clock after event ``position``, if the game is on one and that is the
        latest event read; else None (a stream further on, or behind, sends none yet)."""
        return self._clock if position == self.version else None

    def kept_after(self, position: int, viewer: int | None) -> tuple[list[Any], bool] | None:
        """The kept events after ``position`` as ``viewer`` may see them, and whether the last
        of them ended the game; None if the watcher does not keep them all (read the store)."""
        if self.version is None or self._event_view is None or position > self.version:
            return None
        first = self.version - len(self._kept) + 1  # the oldest version kept
        if position + 1 < first:
            return None
        view = self._event_view
        news = [
            view(event, viewer, game_ended=self.ended)
            for event in self._kept[position + 1 - first :]
        ]
        return news, bool(news) and self.ended


class GameWatchers:
    """The watchers of one app, one per game with an open stream."""

    def __init__(self, games: GameService, *, poll_seconds: float | None) -> None:
        self._games = games
        self._poll_seconds = poll_seconds
        self._watchers: dict[UUID, GameWatcher] = {}
        self._loop: asyncio.AbstractEventLoop | None = None

    def join(self, game_id: UUID) -> GameWatcher:
        """The game's watcher, for one more stream (on the loop); :meth:`leave` when done."""
        self._loop = asyncio.get_running_loop()
        watcher = self._watchers.get(game_id)
        if watcher is None:
            watcher = self._watchers[game_id] = GameWatcher(self._games, game_id)
            watcher.wake()  # learn where the game is
            if self._poll_seconds is not None:
                watcher.poll_every(self._poll_seconds)
        watcher.streams += 1
        return watcher

    def leave(self, watcher: GameWatcher) -> None:
        """One stream less on ``watcher`` (from any thread: a stream collected unstarted)."""
        try:
            on_loop = asyncio.get_running_loop() is self._loop
        except RuntimeError:
            on_loop = False
        if on_loop:
            self._leave(watcher)
        else:
            self._call_on_loop(lambda: self._leave(watcher))

    def _leave(self, watcher: GameWatcher) -> None:
        watcher.streams -= 1
        if watcher.streams <= 0 and self._watchers.get(watcher.game_id) is watcher:
            del self._watchers[watcher.game_id]
            watcher.stop()

    def watched(self) -> int:
        return len(self._watchers)

    def notify(self, game_id: UUID) -> None:
        """A command for the game was stored (called from any thread)."""
        if game_id in self._watchers:  # a dict lookup is atomic: no lock for the common miss
            self._call_on_loop(lambda: self._wake(game_id))

    def notify_all(self) -> None:
        """Anything may have been stored (the listener reconnected): read every game again."""
        self._call_on_loop(self._wake_all)

    def _wake(self, game_id: UUID) -> None:
        watcher = self._watchers.get(game_id)
        if watcher is not None:
            watcher.wake()

    def _wake_all(self) -> None:
        for watcher in list(self._watchers.values()):
            watcher.wake()

    def _call_on_loop(self, call: Callable[[], None]) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: nobody to wake
            loop.call_soon_threadsafe(call)
