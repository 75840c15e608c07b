"""Bot seats: the server plays the seats the host gave to computer players.

After each command this process stores, the game is looked at: for every bot seat the game waits
for, the bot gets what the seat's own token would get from ``GET /games/{id}`` (the seat's view
and its legal actions), decides, and its choice goes through
:meth:`GameService.perform`, the path every person's action takes. The events it records
are ordinary events of that seat, and the command is stored as the seat's.

One thread plays every game's bots, so a bot never holds up a request, and two bots never compete
for the store. Games are taken in the order they became due.

Each decision is made by a fresh bot seeded with the game, the seat and the version: a game makes
the same choices whichever process plays it and however often the server restarts.

Across processes and restarts: each process plays after the commands it stored, and at startup
(:meth:`BotSeats.resume`) it looks at every running game, so a bot that was due when a server
stopped plays when it is back. Two processes acting for one bot race on the version; the loser
reads the game again and finds the next decision, or none.

A choice the rules refuse (a bot's bug) is logged and replaced by a random legal action, so a game
never stalls on a bot; a failing store is retried after a pause that doubles up to a limit.

No bot plays for ever inside one turn. Each seat's bots share one progress check per seat, kept
here (``engine/players.py``: a fresh bot per decision would forget the states it acted from), and
once a seat has recorded ``turn_cap`` actions in one turn (the kit's ``turn_of``, public facts
only), the rules' default decision (``Rules.default_action``, what the clock takes) plays the rest
of its turn: an ordinary action of the seat, which verify re-runs like any other. Reaching the
cap is logged as a warning and counted (``on_turn_cap``). Both are this process's memory: after a
restart a turn is counted afresh.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import partial
from typing import Any
from uuid import UUID

from domain.aggregates.game import AnyGame
from domain.errors import RuleViolation
from engine.application import GameService, VersionConflictError
from engine.kit import GameKit, kit_for
from engine.players import TURN_CAP, ProgressCheck, TurnCount

log = logging.getLogger(__name__)

#: Running games read per page at startup.
RESUME_PAGE = 200
#: Seats whose turn this process remembers at most (the least recently played are forgotten).
REMEMBERED_SEATS = 4096


@dataclass
class _Seat:
    """What this process remembers of one seat played by a computer player."""

    progress: ProgressCheck[Any]
    count: TurnCount = field(default_factory=TurnCount)


@dataclass(frozen=True)
class _Move:
    seat: int
    action: Any
    version: int
    offered: list[Any]
    stand_in: bool  # playing for an absent player, not a bot seat of its own
    memory: _Seat


class BotSeats:
    """Plays the bot seats of the games ``games`` stores; :meth:`close` stops it."""

    def __init__(
        self,
        games: GameService,
        *,
        retry_after: float = 0.5,
        retry_limit: float = 30.0,
        turn_cap: int = TURN_CAP,
        on_turn_cap: Callable[[str], None] | None = None,
    ) -> None:
        """``turn_cap``: the actions one seat may record in one turn before the rules' default
        decisions play the rest of it; ``on_turn_cap(ruleset)`` is told each time a seat
        reaches it (a metric)."""
        self._games = games
        self._retry_after = retry_after
        self._retry_limit = retry_limit
        self._turn_cap = turn_cap
        self._on_turn_cap = on_turn_cap
        self._seats: OrderedDict[tuple[UUID, int], _Seat] = OrderedDict()  # the bot thread's
        self._due: dict[UUID, float] = {}  # game → when to look at it (time.monotonic)
        self._failures: dict[UUID, int] = {}
        self._busy = False
        self._closed = False
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._work, name="bots", daemon=True)
        self._thread.start()
        games.on_commit(self.wake)

    # -- scheduling -----------------------------------------------------------------------

    def wake(self, game_id: UUID) -> None:
        """Look at ``game_id`` as soon as possible (called after each command stored), unless
        it is known here to have no seat a computer player plays: most games, whose every
        command otherwise woke this thread to read the game for nothing."""
        if self._games.cached_without_computer_players(game_id):
            return
        self._schedule(game_id, time.monotonic())

    def resume(self) -> int:
        """Look at every running game (after a start or restart); returns how many."""
        found = 0
        offset = 0
        while True:
            page = self._games.projections.games(status="running", limit=RESUME_PAGE, offset=offset)
            for summary in page.items:
                self.wake(summary.game_id)
            found += len(page.items)
            offset += RESUME_PAGE
            if len(page.items) < RESUME_PAGE:
                return found

    def wait_idle(self, timeout: float) -> bool:
        """Wait until no bot is due to act; False if ``timeout`` seconds passed first. A game
        waiting to retry after a failure counts as due."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while self._due or self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._changed.wait(left)
            return True

    def close(self) -> None:
        """Stop after the decision in hand; games still due are played at the next start."""
        self._games.off_commit(self.wake)
        with self._changed:
            self._closed = True
            self._changed.notify_all()
        if threading.current_thread() is not self._thread:
            self._thread.join()

    def _schedule(self, game_id: UUID, when: float) -> None:
        with self._changed:
            if self._closed:
                return
            self._due[game_id] = min(when, self._due.get(game_id, when))
            self._changed.notify_all()

    # -- the bot thread -------------------------------------------------------------------

    def _work(self) -> None:
        while True:
            game_id = self._next_due()
            if game_id is None:
                return
            try:
                self._play(game_id)
            except Exception:
                failures = self._failures.get(game_id, 0) + 1
                self._failures[game_id] = failures
                pause = min(self._retry_after * 2 ** (failures - 1), self._retry_limit)
                log.exception("a bot of game %s could not act; retrying in %.1f s", game_id, pause)
                self._schedule(game_id, time.monotonic() + pause)
            else:
                self._failures.pop(game_id, None)
            finally:
                with self._changed:
                    self._busy = False
                    self._changed.notify_all()

    def _next_due(self) -> UUID | None:
        """The game due first, once it is due; None when closed."""
        with self._changed:
            while not self._closed:
                if self._due:
                    game_id, when = min(self._due.items(), key=lambda item: item[1])
                    wait = when - time.monotonic()
                    if wait <= 0:
                        del self._due[game_id]
                        self._busy = True
                        return game_id
                    self._changed.wait(wait)
                else:
                    self._changed.wait()
            return None

    def _play(self, game_id: UUID) -> None:
        """Act for the game's awaited bot seats until it awaits none (or a person)."""
        while not self._closed:
            move = self._decide(game_id)
            if move is None:
                return
            try:
                version = self._perform(game_id, move, move.action)
            except VersionConflictError:
                continue  # someone moved meanwhile (another process's bot, a person): look again
            except RuleViolation:
                log.exception(
                    "the rules refused bot seat %d of game %s; it plays at random",
                    move.seat,
                    game_id,
                )
                fallback = random.Random(f"{game_id}/{move.seat}/{move.version}")
                try:
                    version = self._perform(game_id, move, fallback.choice(move.offered))
                except VersionConflictError:
                    continue
            move.memory.count.recorded(version)

    def _perform(self, game_id: UUID, move: _Move, action: Any) -> int:
        performed = self._games.perform(
            game_id,
            move.seat,
            action,
            expected_version=move.version,
            stand_in=move.stand_in,
        )
        return performed.version

    def _decide(self, game_id: UUID) -> _Move | None:
        """The first awaited bot seat's choice, from that seat's view alone; None if no bot is
        awaited. The decision is made outside the game's lock."""
        # Asked after every command of every game, most without bots: a look at the pending
        # decisions, not a whole view of the game.
        for seat, kind, stand_in, kit, turn in self._games.read(game_id, _awaited_bots):
            seen = self._games.seat_view(game_id, seat)
            if not seen.actions:
                continue
            memory = self._memory(game_id, seat, kit)
            played = memory.count.before(turn, seen.version)
            if played >= self._turn_cap:
                if played == self._turn_cap:
                    self._reached_cap(game_id, seat, kit)
                default = self._games.read(game_id, partial(_default, seat=seat))
                if default is None:
                    continue  # the seat is no longer asked: whoever moved woke this game again
                version, action = default
                return _Move(seat, action, version, seen.actions, stand_in, memory)
            bot = kit.bot(kind, f"{game_id}/{seat}/{seen.version}", memory.progress)
            choice = bot.decide(seen.view, seen.actions)
            return _Move(seat, choice, seen.version, seen.actions, stand_in, memory)
        return None

    def _memory(self, game_id: UUID, seat: int, kit: GameKit) -> _Seat:
        key = (game_id, seat)
        memory = self._seats.get(key)
        if memory is None:
            memory = self._seats[key] = _Seat(kit.progress_check())
            if len(self._seats) > REMEMBERED_SEATS:
                self._seats.popitem(last=False)
        else:
            self._seats.move_to_end(key)
        return memory

    def _reached_cap(self, game_id: UUID, seat: int, kit: GameKit) -> None:
        log.warning(
            "bot seat %d of %s game %s recorded %d actions in one turn: the rules' default "
            "decisions play the rest of it",
            seat,
            kit.name,
            game_id,
            self._turn_cap,
        )
        if self._on_turn_cap is not None:
            self._on_turn_cap(kit.name)


def _default(game: AnyGame, seat: int) -> tuple[int, Any] | None:
    """The rules' default decision for ``seat`` now, with the version it is taken at; None if
    the seat is not asked."""
    if seat not in game.asked():
        return None
    return game.version, game.rules.default_action(game.state, seat, game.pending())


def _awaited_bots(game: AnyGame) -> list[tuple[int, str, bool, GameKit, Hashable]]:
    """The seats played by a computer player that the game waits for, each once, in seat
    order (none unless it is running): bot seats, and the seats of absent players a computer
    player stands in for. Each with its kind of bot, whether it stands in, the kit, and the
    turn the game is in."""
    pending = game.pending()
    if not pending:
        return []
    stand_ins = game.table.stand_ins
    awaited = sorted({d.seat for d in pending if game.controller(d.seat) is not None})
    if not awaited:
        return []
    kit = kit_for(game.rules)
    turn = kit.turn_of(game)
    return [(seat, game.controller(seat) or "", seat in stand_ins, kit, turn) for seat in awaited]
