"""Keeping the read models up to date with the event log, exactly once.

A batch is one transaction: it locks the tracking row, folds the batch's events into the states of
the games they belong to, rewrites those games' rows and moves the tracked position past the batch.
Either all of that commits or none of it, so a restart resumes where the last commit left off, and
a second projector (thread or process) waiting on the lock finds the position moved and skips
what the first one did.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any
from uuid import UUID

from attrs import define

from domain.dodgecity.evolve import evolve
from domain.dodgecity.state import GameState
from domain.events.dodgecity import GameEnded
from projections import read_models, store
from projections.feed import EventFeed, Notification
from projections.read_models import Board, GamesPage, GameSummary, LeaderboardRow, Scores
from projections.sql import Database, Transaction

#: Games whose folded state is kept between batches; others are fetched from the feed again.
CACHED_GAMES = 1024


@define
class _Folded:
    """A game's state after its event ``version`` (the state itself does not know its version),
    and the rows last written from it, when this projector wrote them."""

    state: GameState
    version: int
    written: store.GameRows | None = None
    board_key: list[object] | None = None  # what the board looked like when ``written`` was made


class _StateCache:
    """The most recently used games' folded states."""

    def __init__(self, capacity: int) -> None:
        self._capacity = capacity
        self._games: OrderedDict[UUID, _Folded] = OrderedDict()

    def get(self, game_id: UUID) -> _Folded | None:
        folded = self._games.get(game_id)
        if folded is not None:
            self._games.move_to_end(game_id)
        return folded

    def put(self, game_id: UUID, folded: _Folded) -> None:
        self._games[game_id] = folded
        self._games.move_to_end(game_id)
        while len(self._games) > self._capacity:
            self._games.popitem(last=False)

    def forget(self, game_ids: set[UUID]) -> None:
        for game_id in game_ids:
            self._games.pop(game_id, None)

    def clear(self) -> None:
        self._games.clear()


@define
class _GameChange:
    """What a batch did to one game: its state afterwards and what the game list needs."""

    folded: _Folded
    written_before: store.GameRows | None  # None when the rows in the table are not known
    created_at: str | None  # known only when the batch holds the game's first event
    updated_at: str
    ended: bool = False

    def rows(self, game_id: UUID) -> tuple[store.GameRows, list[object]]:
        """The game's rows now, and the board key they were made from."""
        state = self.folded.state
        summary = read_models.game_summary(
            game_id,
            state,
            version=self.folded.version,
            # Only an insert writes created_at, and the game's row is inserted by the batch that
            # holds its first event; otherwise this value is ignored.
            created_at=self.created_at or self.updated_at,
            updated_at=self.updated_at,
        )
        board_key = _board_key(state)
        written = self.written_before
        if written is not None and board_key == self.folded.board_key:
            # Most commands leave the board as it was: keep its rows rather than rebuild a
            # hundred stones' worth, so a late command costs what an early one does.
            board = read_models.Board(game_id=game_id, buildings=(), stones=())
            rows = store.game_rows(
                store.GameReadModels(
                    board=board, scores=read_models.scores(game_id, state), summary=summary
                )
            )
            for table in ("board_buildings", "board_stones"):
                rows.tables[table] = written.tables[table]
            return rows, board_key
        models = store.GameReadModels(
            board=read_models.board(game_id, state),
            scores=read_models.scores(game_id, state),
            summary=summary,
        )
        return store.game_rows(models), board_key


def _board_key(state: GameState) -> list[object]:
    """Everything the board read model is made of, cheap to compare."""
    return [
        (b.id, b.figure, b.status, b.scored_by, dict(b.stones)) for b in state.buildings.values()
    ]


class Projections:
    """The board, scores, game list and leaderboard read models, and the projector feeding them.

    Safe to share between threads; several instances (or processes) may share one database.
    With ``catch_up_on_read``, every query of a read model first projects whatever the log holds
    beyond it, so a caller reads its own writes however far behind the projector was.
    """

    def __init__(
        self,
        database: Database,
        feed: EventFeed,
        *,
        batch_size: int = 1000,
        catch_up_on_read: bool = False,
    ) -> None:
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        self._catch_up_on_read = catch_up_on_read
        self._database = database
        self._feed = feed
        self._batch_size = batch_size
        self._cache = _StateCache(CACHED_GAMES)
        self._lock = threading.Lock()  # one batch at a time in this process: the cache is shared
        store.create_tables(database)
        # The last position seen committed. Positions only grow, so an empty feed after it means
        # there is nothing to do, found without touching the read-model database.
        self._seen = self.position()

    # -- projecting ------------------------------------------------------------------------

    def catch_up(self) -> int:
        """Project every stored event not yet projected; returns how many this call projected."""
        with self._lock:
            total = 0
            while True:
                projected = self._next_batch()
                total += projected
                if projected < self._batch_size:  # the feed had no more than this
                    return total

    def _next_batch(self) -> int:
        """Project the next batch, if any; returns how many events it held.

        Everything the batch needs from the event store (its notifications, and the state before
        each game's first event in it) is read before the write transaction opens. Reading it
        inside would hold the database's write lock while waiting for the event store's own
        connections, whose writers may be waiting for that very lock (several worker processes on
        one SQLite file deadlocked that way until a timeout broke it)."""
        while True:
            notifications = self._feed.notifications_after(self._seen, self._batch_size)
            if not notifications:
                return 0
            ready = self._prepare(notifications)
            touched: set[UUID] = set()
            try:
                with self._database.write() as tx:
                    position = store.lock_position(tx)
                    if position != self._seen:  # another projector got here first: read again
                        self._seen = position
                        continue
                    self._project(tx, notifications, touched, ready)
                    store.set_position(tx, notifications[-1].position)
            except BaseException:
                self._cache.forget(touched)  # their states are ahead of what was committed
                raise
            self._seen = notifications[-1].position
            return len(notifications)

    def rebuild(self) -> int:
        """Empty every read model and project the whole log again, in one transaction: readers see
        the old tables until the new ones are complete. Returns how many events were projected."""
        with self._lock:
            self._cache.clear()
            position = total = 0
            try:
                with self._database.write() as tx:
                    store.lock_position(tx)
                    store.wipe(tx)
                    while notifications := self._feed.notifications_after(
                        position, self._batch_size
                    ):
                        # From the start of the log with an empty cache, every game's first event
                        # is its creation: preparing reads nothing more from the store.
                        self._project(tx, notifications, set(), self._prepare(notifications))
                        position = notifications[-1].position
                        total += len(notifications)
                    store.set_position(tx, position)
            except BaseException:
                self._cache.clear()
                raise
            self._seen = position
            return total

    def _project(
        self,
        tx: Transaction,
        notifications: Sequence[Notification],
        touched: set[UUID],
        ready: dict[UUID, _Folded],
    ) -> None:
        changes: dict[UUID, _GameChange] = {}
        for notification in notifications:
            touched.add(notification.game_id)
            folded = self._fold(notification, ready)
            change = changes.get(notification.game_id)
            if change is None:
                # A state fetched afresh from the feed knows no rows: another projector may have
                # written this game since this one last did.
                change = changes[notification.game_id] = _GameChange(
                    folded,
                    written_before=folded.written,
                    created_at=None,
                    updated_at=notification.recorded_at,
                )
            change.updated_at = notification.recorded_at
            if notification.version == 1:
                change.created_at = notification.recorded_at
            if isinstance(notification.event, GameEnded):
                change.ended = True
        made = {game: change.rows(game) for game, change in changes.items()}
        updates = [(change.written_before, made[game][0]) for game, change in changes.items()]
        store.write_games(tx, updates)
        # Remembered before the commit: if the transaction fails, every touched game is forgotten.
        for game, change in changes.items():
            change.folded.written, change.folded.board_key = made[game]
        store.add_to_leaderboard(
            tx,
            [
                row
                for change in changes.values()
                if change.ended
                for row in read_models.leaderboard_contribution(change.folded.state)
            ],
        )

    def _prepare(self, notifications: Sequence[Notification]) -> dict[UUID, _Folded]:
        """Each game of the batch folded up to just before its first event in the batch."""
        ready: dict[UUID, _Folded] = {}
        for notification in notifications:
            game_id, version = notification.game_id, notification.version
            if game_id in ready:
                continue
            folded = self._cache.get(game_id)
            if folded is None or folded.version != version - 1:
                folded = _Folded(self._state_before(game_id, version), version - 1)
            ready[game_id] = folded
        return ready

    def _fold(self, notification: Notification, ready: dict[UUID, _Folded]) -> _Folded:
        """The game's state after this event, folded on from the one prepared for the batch."""
        folded = ready[notification.game_id]
        if folded.version != notification.version - 1:
            raise AssertionError(
                f"game {notification.game_id}: event {notification.version} does not follow "
                f"version {folded.version} in the feed"
            )
        evolve(folded.state, notification.event)
        folded.version = notification.version
        self._cache.put(notification.game_id, folded)
        return folded

    def _state_before(self, game_id: UUID, version: int) -> GameState:
        if version == 1:
            return GameState()
        # Folding changes a state in place, and the feed may keep what it hands out.
        return copy.deepcopy(self._feed.state_at(game_id, version - 1))

    # -- reading ---------------------------------------------------------------------------

    def position(self) -> int:
        """The log position up to which the read models are complete."""
        with self._database.read() as tx:
            return store.read_position(tx)

    def _fresh(self) -> None:
        if self._catch_up_on_read:
            self.catch_up()

    def board(self, game_id: UUID) -> Board | None:
        self._fresh()
        with self._database.read() as tx:
            return store.load_board(tx, game_id)

    def scores(self, game_id: UUID) -> Scores | None:
        self._fresh()
        with self._database.read() as tx:
            return store.load_scores(tx, game_id)

    def game(self, game_id: UUID) -> GameSummary | None:
        """One game's line of the game list."""
        self._fresh()
        with self._database.read() as tx:
            return store.load_game(tx, game_id)

    def games(self, *, status: str | None = None, limit: int = 50, offset: int = 0) -> GamesPage:
        """The game list, newest first, optionally only games in one status."""
        _check_page(limit, offset)
        self._fresh()
        with self._database.read() as tx:
            return store.load_games(tx, status=status, limit=limit, offset=offset)

    def leaderboard(self, *, limit: int = 50, offset: int = 0) -> list[LeaderboardRow]:
        """Players by games won, then points, then name; ended games only."""
        _check_page(limit, offset)
        self._fresh()
        with self._database.read() as tx:
            return store.load_leaderboard(tx, limit=limit, offset=offset)

    def dump(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every table's rows, sorted, the tracking row included."""
        with self._database.read() as tx:
            return store.dump(tx)

    def close(self) -> None:
        """Close the database this was given; it is not usable afterwards."""
        self._database.close()


def _check_page(limit: int, offset: int) -> None:
    # SQLite reads a negative limit as "no limit" where PostgreSQL refuses it: refuse it on both.
    if limit < 0 or offset < 0:
        raise ValueError("limit and offset must not be negative")
