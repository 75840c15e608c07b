"""The server's own timer: it takes the timeouts of the games on a clock and closes the tables
that never started.

A game on a clock (``domain/table.py``) gives every seat asked a decision a deadline worked out
from recorded times. When a person's seat lets it pass, this takes the rules' default decision
in its place through :meth:`GameService.time_out`, the command a seat claiming the timeout uses
([CLOCK-CLAIM]); after the seat's timeouts in a row the kernel hands it to a computer player,
which :mod:`engine.bot_seats` then plays. Seats a computer plays (bot seats, stand-ins) are left
to that thread: it acts at once, and a timeout would only race it. A game still in the lobby
``abandon_after`` seconds after it was created is closed with :meth:`GameService.abandon`
([TABLE-ABANDONED]).

One thread keeps every game's time, built as :class:`engine.bot_seats.BotSeats` is: after each
command this process stores (:meth:`Deadlines.wake`) it reads that game's deadlines again and
keeps the earliest; it sleeps until the earliest due, at most ``check_every`` seconds, and wakes
early for news. Time is the service's own clock (:meth:`GameService.now`), the one commands are
recorded at; a test injects it, advances it and calls :meth:`Deadlines.poke`.

Exactly one timeout per deadline, across threads, processes and hosts: each is taken at the
version it was read from (``expected_version``). Whoever else acted first (a person, another
process's timer) makes it a :class:`VersionConflictError`, or a refusal ``CLOCK-EARLY`` /
``CLOCK-NOT-ASKED``: the game is read again and its next deadline kept, never a second timeout.
Games are read again before any deadline fires, and due deadlines fire earliest first: a server
stopped for an hour takes every overdue timeout once, in the order they fell due.

Across processes: at startup :meth:`Deadlines.resume` reads every running and lobby game, so the
deadlines of games played while no server ran are found. On PostgreSQL other processes'
commands wake this one through the listener the API runs (``api/app.py``). On SQLite other
worker processes cannot announce theirs: give ``rescan_seconds`` and every game is read again
that often, so a deadline set through another worker is still kept (late by that much at most,
unless that worker's own timer takes it first).

A store that fails is retried after a pause that doubles up to a limit. Each timeout and each
abandoned table is logged with public facts only: the game, the seat and the deadline.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Final, Literal
from uuid import UUID

from domain.aggregates.game import AnyGame
from domain.errors import RuleViolation
from domain.ruleset import GameStatus
from domain.table import parse_time
from engine.application import GameNotFoundError, GameService, VersionConflictError

log = logging.getLogger(__name__)

#: Games read per page of the game list when resuming.
RESUME_PAGE = 200
#: The default wait for a lobby game to start: a day ([TABLE-ABANDONED]).
ABANDON_AFTER_SECONDS = 24 * 3600.0
#: How often SQLite's servers read every game again (``rescan_seconds``).
SQLITE_RESCAN_SECONDS = 30.0
#: Refusals that mean someone else acted first or the clocks disagree: read the game again.
_RACED = frozenset({"CLOCK-EARLY", "CLOCK-NOT-ASKED", "TABLE-ABANDONED"})
_RESCAN: Final = "rescan"


@dataclass(frozen=True, order=True)
class _Due:
    """A game's earliest deadline; ordered by time, then game and seat, so a tie fires the same
    way in every process."""

    when: datetime
    game: str  # the game id as text, for the order
    seat: int  # the seat timed out; -1: close the lobby game
    game_id: UUID = field(compare=False)
    version: int = field(compare=False)  # the version the deadline was read at

    @property
    def abandons(self) -> bool:
        return self.seat < 0


@dataclass(frozen=True)
class _Seen:
    version: int
    status: GameStatus
    deadlines: dict[int, datetime]


def _clock_of(game: AnyGame) -> _Seen:
    """The game's version, status and the deadlines of the seats people play."""
    status = game.status
    deadlines: dict[int, datetime] = {}
    if status is GameStatus.RUNNING:
        deadlines = {
            seat: when
            for seat, when in game.table.deadlines().items()
            if game.controller(seat) is None
        }
    return _Seen(game.version, status, deadlines)


class Deadlines:
    """Keeps the time of the games ``games`` stores; :meth:`close` stops it.

    ``abandon_after``: seconds a game may stay in the lobby (None: for ever). ``rescan_seconds``:
    read every game again this often (None: never; SQLite's several workers need it).
    ``check_every``: the longest the thread sleeps without looking at the time (a clock that
    jumps). ``retry_after`` and ``retry_limit``: the first and the longest pause after the
    store fails."""

    def __init__(
        self,
        games: GameService,
        *,
        abandon_after: float | None = ABANDON_AFTER_SECONDS,
        rescan_seconds: float | None = None,
        check_every: float = 30.0,
        retry_after: float = 0.5,
        retry_limit: float = 30.0,
    ) -> None:
        if abandon_after is not None and abandon_after <= 0:
            raise ValueError("abandon_after must be above 0, or None for never")
        self._games = games
        self._abandon_after = abandon_after
        self._rescan_seconds = rescan_seconds
        self._check_every = check_every
        self._retry_after = retry_after
        self._retry_limit = retry_limit
        self._looks: dict[UUID, float] = {}  # game → when to read it again (time.monotonic)
        self._due: dict[UUID, _Due] = {}  # game → its earliest deadline
        self._created: dict[UUID, datetime] = {}  # lobby games' creation, which never changes
        self._failures: dict[UUID, int] = {}
        self._rescan_at = None if rescan_seconds is None else time.monotonic() + rescan_seconds
        self._rescan_failures = 0
        self._busy = False
        self._closed = False
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._work, name="deadlines", daemon=True)
        self._thread.start()
        games.on_commit(self.wake)

    # -- telling it ------------------------------------------------------------------------

    def wake(self, game_id: UUID) -> None:
        """Read ``game_id``'s deadlines again as soon as possible (after each command stored).

        A game this process holds that has no clock and is not waiting in the lobby can have
        no deadline: it is not read again (after every command of every game, that read was a
        query to the store on SQLite and PostgreSQL)."""
        facts = self._games.cached_clock_and_status(game_id)
        if facts is not None:
            clocked, status = facts
            waiting = status is GameStatus.LOBBY and self._abandon_after is not None
            with self._changed:
                known = game_id in self._due or game_id in self._looks
            if not clocked and not waiting and not known:
                return
        self._look_at([game_id], time.monotonic())

    def poke(self) -> None:
        """Look at the time now: a deadline due by the service's clock fires at once."""
        with self._changed:
            self._changed.notify_all()

    def rescan(self) -> None:
        """Read every running and lobby game again soon, in this object's thread (after news
        from other processes may have been missed)."""
        with self._changed:
            self._rescan_at = time.monotonic()
            self._changed.notify_all()

    def resume(self) -> int:
        """Read every running game, and every lobby game if tables are closed, again (after a
        start or restart); returns how many."""
        found = self._listed()
        self._look_at(found, time.monotonic())
        return len(found)

    def wait_idle(self, timeout: float) -> bool:
        """Wait until no game is to be read, no deadline is due by the service's clock and
        nothing is being done; False if ``timeout`` seconds passed first. A game waiting to be
        read again after a failure counts as work."""
        end = time.monotonic() + timeout
        with self._changed:
            self._changed.notify_all()  # the clock may have moved: the thread looks at it
            while self._looks or self._busy or self._rescan_due() or self._overdue():
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._changed.wait(left)
            return True

    def close(self) -> None:
        """Stop after the timeout in hand; deadlines still due are kept at the next start."""
        self._games.off_commit(self.wake)
        with self._changed:
            self._closed = True
            self._changed.notify_all()
        if threading.current_thread() is not self._thread:
            self._thread.join()

    def _look_at(self, game_ids: list[UUID], when: float) -> None:
        with self._changed:
            if self._closed:
                return
            for game_id in game_ids:
                self._looks[game_id] = min(when, self._looks.get(game_id, when))
            self._changed.notify_all()

    def _listed(self) -> list[UUID]:
        """Every game that may have a deadline: running ones, and lobby ones if tables close."""
        statuses = [GameStatus.RUNNING]
        if self._abandon_after is not None:
            statuses.append(GameStatus.LOBBY)
        found: dict[UUID, None] = {}  # ordered, and a game listed twice (it moved) read once
        for status in statuses:
            offset = 0
            while True:
                page = self._games.projections.games(
                    status=status.value, limit=RESUME_PAGE, offset=offset
                )
                found.update((summary.game_id, None) for summary in page.items)
                offset += RESUME_PAGE
                if len(page.items) < RESUME_PAGE:
                    break
        return list(found)

    # -- the thread ------------------------------------------------------------------------

    def _rescan_due(self) -> bool:
        return self._rescan_at is not None and self._rescan_at <= time.monotonic()

    def _overdue(self) -> bool:
        if not self._due:
            return False
        return min(self._due.values()).when <= self._games.now()

    def _work(self) -> None:
        while True:
            job = self._next()
            if job is None:
                return
            try:
                if job == _RESCAN:
                    self._rescan()
                elif isinstance(job, _Due):
                    self._fire(job)
                else:
                    self._look(job)
            except Exception:  # the thread must live on: log and carry on with the next game
                log.exception("the server's timer failed on %s", job)
            finally:
                with self._changed:
                    self._busy = False
                    self._changed.notify_all()

    def _next(self) -> UUID | _Due | Literal["rescan"] | None:
        """The next thing to do, once it is due: a rescan, then games to read, then the earliest
        due deadline (so every game is read before a deadline fires); None when closed."""
        with self._changed:
            while not self._closed:
                moment = time.monotonic()
                if self._rescan_due():
                    self._rescan_at = None
                    self._busy = True
                    return _RESCAN
                waits = [self._check_every]
                if self._rescan_at is not None:
                    waits.append(self._rescan_at - moment)
                if self._looks:
                    game_id, when = min(self._looks.items(), key=lambda item: item[1])
                    if when <= moment:
                        del self._looks[game_id]
                        self._busy = True
                        return game_id
                    waits.append(when - moment)
                if self._due:
                    due = min(self._due.values())
                    left = (due.when - self._games.now()).total_seconds()
                    if left <= 0:
                        del self._due[due.game_id]
                        self._busy = True
                        return due
                    waits.append(left)
                self._changed.wait(max(min(waits), 0.001))
            return None

    def _look(self, game_id: UUID) -> None:
        """Read the game's deadlines and keep its earliest."""
        try:
            seen = self._games.read(game_id, _clock_of)
            due = self._earliest(game_id, seen)
        except GameNotFoundError:
            due = None
        except Exception:
            self._retry(game_id, "could not be read")
            return
        self._failures.pop(game_id, None)
        with self._changed:
            if due is None:
                self._due.pop(game_id, None)
            else:
                self._due[game_id] = due

    def _earliest(self, game_id: UUID, seen: _Seen) -> _Due | None:
        if seen.status is not GameStatus.LOBBY:
            self._created.pop(game_id, None)
        if seen.deadlines:
            seat, when = min(seen.deadlines.items(), key=lambda item: (item[1], item[0]))
            return _Due(when, str(game_id), seat, game_id, seen.version)
        if seen.status is GameStatus.LOBBY and self._abandon_after is not None:
            created = self._created.get(game_id)
            if created is None:
                # The recorded time of the game's first record: the store's, not the read
                # model's, which may lag; a lobby game has only a few records.
                created = parse_time(self._games.records(game_id)[0].recorded_at)
                self._created[game_id] = created
            when = created + timedelta(seconds=self._abandon_after)
            return _Due(when, str(game_id), -1, game_id, seen.version)
        return None

    def _fire(self, due: _Due) -> None:
        game_id = due.game_id
        try:
            if due.abandons:
                self._games.abandon(
                    game_id,
                    after_seconds=int(self._abandon_after or 0),
                    expected_version=due.version,
                )
            else:
                self._games.time_out(game_id, due.seat, expected_version=due.version)
        except VersionConflictError:
            self.wake(game_id)  # someone acted first: the game has other deadlines now
            return
        except RuleViolation as refused:
            if refused.rule == "CLOCK-EARLY":
                # Not due by the clock the command was stamped with, which moved back since
                # it was read: look again a moment later rather than spin.
                self._look_at([game_id], time.monotonic() + self._retry_after)
            elif refused.rule in _RACED:
                self.wake(game_id)
            else:
                # A ruleset that refuses its own default: retrying cannot help. The game's
                # next command wakes it again. The rule's id only: its reason may name cards
                # the seat holds, which no log may show.
                log.error(
                    "the rules refused the timeout of seat %d of game %s: [%s]",
                    due.seat,
                    game_id,
                    refused.rule,
                )
            return
        except Exception:
            self._retry(game_id, "could not be timed out")
            return
        self._failures.pop(game_id, None)
        if due.abandons:
            log.info("game %s closed: not started by %s", game_id, due.when.isoformat())
        else:
            log.info(
                "game %s: seat %d timed out (deadline %s)", game_id, due.seat, due.when.isoformat()
            )

    def _retry(self, game_id: UUID, what: str) -> None:
        failures = self._failures.get(game_id, 0) + 1
        self._failures[game_id] = failures
        pause = min(self._retry_after * 2 ** (failures - 1), self._retry_limit)
        log.exception("game %s %s; trying again in %.1f s", game_id, what, pause)
        self._look_at([game_id], time.monotonic() + pause)

    def _rescan(self) -> None:
        try:
            found = self._listed()
        except Exception:
            self._rescan_failures += 1
            pause = min(self._retry_after * 2 ** (self._rescan_failures - 1), self._retry_limit)
            log.exception("the games could not be listed; trying again in %.1f s", pause)
            with self._changed:
                self._rescan_at = time.monotonic() + pause
            return
        self._rescan_failures = 0
        self._look_at(found, time.monotonic())
        if self._rescan_seconds is not None:
            with self._changed:
                if self._rescan_at is None:
                    self._rescan_at = time.monotonic() + self._rescan_seconds
