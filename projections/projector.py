"""Keeping the read models up to date with the event log, exactly once, for every game.

Each game is folded by its own ruleset, found from the topic of its first event. Every game gets
the kernel's read models (the game list and the leaderboards of players and of teams); a game
whose ruleset registers read models of its own (``projections/plugin.py``) gets those too, in that
ruleset's tables.

A batch is one transaction: it locks the tracking row, folds the batch's events into the states of
the games they belong to, rewrites those games' rows and moves the tracked position past the batch.
Either all of that commits or none of it, so a restart resumes where the last commit left off, and
a second projector (thread or process) waiting on the lock finds the position moved and skips
what the first one did.
"""

from __future__ import annotations

import copy
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from typing import Any
from uuid import UUID

from attrs import Factory, define

from domain.events.kernel import GameAbandoned
from domain.registry import AnyRules, Registry, default_registry, topic_of
from domain.ruleset import GameStatus
from projections import read_models, store
from projections.feed import EventFeed, Notification
from projections.plugin import ReadModels, Table, installed_read_models
from projections.read_models import GamesPage, GameSummary, LeaderboardRow, TeamRow
from projections.sql import Database, Row, Transaction

#: Games whose folded state is kept between batches; others are fetched from the feed again.
CACHED_GAMES = 1024

#: Equal to no change key, so that a read model not written yet has its rows made.
_NEVER = object()


@define
class _Folded:
    """A game's state after its event ``version`` (the state itself does not know its version),
    what it is played by, and the rows last written from it, when this projector wrote them."""

    rules: AnyRules
    own: ReadModels | None  # the ruleset's own read models, if it has any
    seats: int
    state: Any
    version: int
    written: store.GameRows | None = None
    #: What each read model with a change key looked like when ``written`` was made.
    keys: dict[str, object] = Factory(dict)
    #: Closed by the kernel before it started (``kernel.GameAbandoned``): the ruleset's state
    #: does not know it.
    abandoned: bool = False
    #: Stored from a game record (the feed says so on the game's first event): its end adds to
    #: the leaderboards' lines of imported games.
    imported: bool = False


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
    ended_before: bool  # whether the game had ended before the batch
    created_at: str | None  # known only when the batch holds the game's first event
    updated_at: str
    # Known, like created_at, only from the game's first event: only an insert writes them.
    seed_commitment: str | None = None
    seed_chosen: bool | None = None

    def ended(self) -> bool:
        """Whether the game ended in this batch."""
        folded = self.folded
        return not self.ended_before and folded.rules.status(folded.state) is GameStatus.ENDED

    def rows(self, game_id: UUID) -> tuple[store.GameRows, dict[str, object]]:
        """The game's rows now, and the change keys they were made from."""
        folded = self.folded
        state, own = folded.state, folded.own
        summary = read_models.game_summary(
            game_id,
            folded.rules,
            state,
            seats=folded.seats,
            pass_number=0 if own is None else own.progress(state),
            version=folded.version,
            # Only an insert writes created_at, and the game's row is inserted by the batch that
            # holds its first event; otherwise this value is ignored.
            created_at=self.created_at or self.updated_at,
            updated_at=self.updated_at,
            seed_commitment=self.seed_commitment,
            seed_chosen=self.seed_chosen,
            abandoned=folded.abandoned,
            imported=folded.imported,
        )
        tables: dict[str, frozenset[Row]] = {}
        keys: dict[str, object] = {}
        written = self.written_before
        for model in () if own is None else own.models:
            if model.change_key is not None:
                key = keys[model.name] = model.change_key(state)
                if written is not None and folded.keys.get(model.name, _NEVER) == key:
                    # Unchanged since written: keep the rows rather than make them again.
                    for table in model.tables:
                        tables[table.name] = written.tables[table.name]
                    continue
            for name, rows in model.rows(game_id, state).items():
                tables[name] = frozenset(rows)
        return store.GameRows(str(game_id), tables, store.game_row(summary)), keys


class ReadModelsOutdatedError(Exception):
    """A reader that never writes found read models older than this code writes, or none."""


class Projections:
    """The kernel's read models (the game list, the leaderboards of players and of teams), every
    game's own, and the projector feeding them.

    Safe to share between threads; several instances (or processes) may share one database.
    With ``catch_up_on_read``, every query of a read model first projects whatever the log holds
    beyond it, so a caller reads its own writes however far behind the projector was.

    Opening a database whose read models were written by an older version of the tables (or of
    no version: the first) drops them all and projects the whole log again before anything else,
    in one transaction: a second process opening it meanwhile waits, then finds it done.
    """

    def __init__(
        self,
        database: Database,
        feed: EventFeed,
        *,
        batch_size: int = 1000,
        catch_up_on_read: bool = False,
        registry: Registry | None = None,
        games: Iterable[ReadModels] | None = None,
        read_only: bool = False,
    ) -> None:
        """``registry`` tells each game's ruleset (default: every installed ruleset); ``games``
        are the rulesets' own read models (default: every installed one). ``read_only``: a
        reader that never writes (the CLI's reading commands) finds the tables as this code
        writes them, or is refused, instead of creating or rebuilding them."""
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        self._catch_up_on_read = catch_up_on_read
        self._database = database
        self._feed = feed
        self._batch_size = batch_size
        self._registry = registry or default_registry()
        self._games = {
            own.ruleset: own for own in (installed_read_models() if games is None else games)
        }
        self._tables: dict[str, Table] = {
            table.name: table for own in self._games.values() for table in own.tables()
        }
        self._cache = _StateCache(CACHED_GAMES)
        self._lock = threading.Lock()  # one batch at a time in this process: the cache is shared
        self._outdated = False
        if read_only:
            self._check_tables()
        else:
            self._open_tables()
        # The last position seen committed. Positions only grow, so an empty feed after it means
        # there is nothing to do, found without touching the read-model database.
        self._seen = 0 if self._outdated else self.position()

    def _open_tables(self) -> None:
        """Create what is missing; rebuild every table when any is older than this code's."""
        games = list(self._games.values())
        wanted = store.wanted_versions(games)
        with self._database.schema_change() as tx:
            store.create_tracking(tx)
            if not store.outdated(store.schema_versions(tx), wanted):
                store.create_tables(tx, games)
                return
            projected = store.lock_position(tx)
            store.drop_tables(tx, games)
            store.create_tables(tx, games)
            if projected:  # else the tables were empty, and catching up fills them
                self._project_log(tx)
            store.set_versions(tx, wanted)

    def _check_tables(self) -> None:
        """A reader's opening: read models older than this code writes, or none, are refused
        at the first read (``ReadModelsOutdatedError``); the event log stays readable."""
        try:
            with self._database.read() as tx:
                stored = store.schema_versions(tx)
        except sqlite3.OperationalError as error:  # read-only readers are SQLite's
            if "no such table" not in str(error):
                raise
            stored = {}  # read models older than stored versions
        self._outdated = store.outdated(stored, store.wanted_versions(self._games.values()))

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
            try:
                with self._database.write() as tx:
                    store.lock_position(tx)
                    store.wipe(tx, self._games.values())
                    position, total = self._project_log(tx)
            except BaseException:
                self._cache.clear()
                raise
            self._seen = position
            return total

    def _project_log(self, tx: Transaction) -> tuple[int, int]:
        """Project the whole log into empty tables; returns the position reached and how many
        events were projected."""
        position = total = 0
        while notifications := self._feed.notifications_after(position, self._batch_size):
            # From the start of the log with an empty cache, every game's first event is its
            # opening: preparing reads nothing more from the store.
            self._project(tx, notifications, set(), self._prepare(notifications, tx))
            position = notifications[-1].position
            total += len(notifications)
        store.set_position(tx, position)
        return position, total

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
            change = changes.get(notification.game_id)
            if change is None:
                before = ready[notification.game_id]
                # A state fetched afresh from the feed knows no rows: another projector may have
                # written this game since this one last did.
                change = changes[notification.game_id] = _GameChange(
                    before,
                    written_before=before.written,
                    ended_before=before.rules.status(before.state) is GameStatus.ENDED,
                    created_at=None,
                    updated_at=notification.recorded_at,
                )
            self._fold(notification, ready)
            change.updated_at = notification.recorded_at
            if notification.version == 1:
                change.created_at = notification.recorded_at
                change.seed_commitment = notification.seed_commitment
                change.seed_chosen = notification.seed_chosen
        made = {game: change.rows(game) for game, change in changes.items()}
        updates = [(change.written_before, made[game][0]) for game, change in changes.items()]
        store.write_games(tx, updates, self._tables)
        # Remembered before the commit: if the transaction fails, every touched game is forgotten.
        for game, change in changes.items():
            change.folded.written, change.folded.keys = made[game]
        ended = [change.folded for change in changes.values() if change.ended()]
        store.add_to_leaderboard(
            tx,
            [
                (folded.rules.name, folded.imported, row)
                for folded in ended
                for row in read_models.leaderboard_contribution(folded.rules, folded.state)
            ],
        )
        store.add_to_team_leaderboard(
            tx,
            [
                (folded.imported, row)
                for folded in ended
                for row in read_models.team_contribution(folded.rules, folded.state)
            ],
        )

    def _prepare(
        self, notifications: Sequence[Notification], tx: Transaction | None = None
    ) -> dict[UUID, _Folded]:
        """Each game of the batch folded up to just before its first event in the batch; ``tx``
        is the transaction the batch is written in, when it is open already."""
        firsts: dict[UUID, Notification] = {}
        for notification in notifications:
            firsts.setdefault(notification.game_id, notification)
        ready: dict[UUID, _Folded] = {}
        midway: list[Notification] = []
        for game_id, first in firsts.items():
            folded = self._cache.get(game_id)
            if folded is not None and folded.version == first.version - 1:
                ready[game_id] = folded
            elif first.version == 1:
                rules = self._registry.of_topic(topic_of(type(first.event)))
                seats = rules.opening(first.event).seats
                ready[game_id] = self._folded(rules, seats, rules.new_state(), 0, first.imported)
            elif folded is not None:  # known, but another projector wrote it since
                ready[game_id] = self._fetched(folded.rules, folded.seats, first, folded.imported)
            else:
                midway.append(first)
        if midway:
            openings = self._openings([first.game_id for first in midway], tx)
            for first in midway:
                opening = openings[first.game_id]
                ready[first.game_id] = self._fetched(
                    self._registry.get(opening.ruleset), opening.seats, first, opening.imported
                )
        return ready

    def _folded(
        self, rules: AnyRules, seats: int, state: Any, version: int, imported: bool
    ) -> _Folded:
        return _Folded(rules, self._games.get(rules.name), seats, state, version, imported=imported)

    def _fetched(self, rules: AnyRules, seats: int, first: Notification, imported: bool) -> _Folded:
        """The game just before ``first``, folded by the feed."""
        state = self._feed.state_at(first.game_id, first.version - 1)
        # Folding changes a state in place, and the feed may keep what it hands out.
        return self._folded(rules, seats, copy.deepcopy(state), first.version - 1, imported)

    def _openings(
        self, game_ids: Sequence[UUID], tx: Transaction | None
    ) -> dict[UUID, store.Opening]:
        """The ruleset and seats of games met midway in the log, from their lines in the game
        list: a game's first event comes before any other in the log, so it was projected
        already, by this projector or another."""
        if tx is None:
            with self._database.read() as read:
                found = store.openings(read, game_ids)
        else:
            found = store.openings(tx, game_ids)
        missing = [str(game_id) for game_id in game_ids if game_id not in found]
        if missing:
            raise LookupError(
                f"games met midway in the log have no line in the game list: {missing}; "
                "rebuild the read models"
            )
        return found

    def _fold(self, notification: Notification, ready: dict[UUID, _Folded]) -> None:
        """Fold the event into the game's state prepared for the batch."""
        folded = ready[notification.game_id]
        if folded.version != notification.version - 1:
            raise AssertionError(
                f"game {notification.game_id}: event {notification.version} does not follow "
                f"version {folded.version} in the feed"
            )
        event = notification.event
        if event.__class__ is GameAbandoned:  # no call: every event of every game comes here
            folded.abandoned = True
        folded.rules.evolve(folded.state, event)
        folded.version = notification.version
        self._cache.put(notification.game_id, folded)

    # -- reading ---------------------------------------------------------------------------

    def position(self) -> int:
        """The log position up to which the read models are complete."""
        with self._database.read() as tx:
            return store.read_position(tx)

    def running_by_ruleset(self) -> dict[str, int]:
        """The games running, by ruleset, as far as the read models have projected (no catching
        up first: the metrics that ask report the lag beside it)."""
        with self._database.read() as tx:
            return store.count_running(tx)

    def _fresh(self) -> None:
        if self._outdated:
            raise ReadModelsOutdatedError(
                "the read models in this database were written by another version of the "
                "engine: start the server, or run the command line's `projections rebuild`, to "
                "rebuild them"
            )
        if self._catch_up_on_read:
            self.catch_up()

    def read_model(self, game_id: UUID, name: str) -> Any:
        """One game's read model ``name`` of its ruleset's own (its ``ReadModel.answer``), or
        None when no such game is known or its ruleset has no read model so named."""
        self._fresh()
        with self._database.read() as tx:
            ruleset = store.ruleset_of(tx, game_id)
            own = None if ruleset is None else self._games.get(ruleset)
            model = None if own is None else own.model(name)
            return None if model is None else model.load(tx, game_id)

    def board(self, game_id: UUID) -> Any:
        """The game's ``board`` read model; None for an unknown game or a ruleset without one."""
        return self.read_model(game_id, "board")

    def scores(self, game_id: UUID) -> Any:
        """The game's ``scores`` read model; None for an unknown game or a ruleset without."""
        return self.read_model(game_id, "scores")

    def game(self, game_id: UUID) -> GameSummary | None:
        """One game's line of the game list."""
        self._fresh()
        with self._database.read() as tx:
            return store.load_game(tx, game_id)

    def games(
        self,
        *,
        status: str | None = None,
        ruleset: str | None = None,
        limit: int = 50,
        offset: int = 0,
    ) -> GamesPage:
        """The game list, newest first, optionally only games in one status, of one ruleset."""
        _check_page(limit, offset)
        self._fresh()
        with self._database.read() as tx:
            return store.load_games(tx, status=status, ruleset=ruleset, limit=limit, offset=offset)

    def leaderboard(
        self,
        *,
        ruleset: str | None = None,
        imported: bool = False,
        limit: int = 50,
        offset: int = 0,
    ) -> list[LeaderboardRow]:
        """Players by games won, then points, then name; ended games only. With ``ruleset``, the
        games of that ruleset; without, every game of every ruleset, a name's games, wins and
        points added up across rulesets (a point is whatever each game scores). Games played
        here only, unless ``imported`` adds the games imported from records."""
        _check_page(limit, offset)
        self._fresh()
        with self._database.read() as tx:
            return store.load_leaderboard(
                tx, ruleset=ruleset, imported=imported, limit=limit, offset=offset
            )

    def team_leaderboard(
        self,
        *,
        ruleset: str | None = None,
        imported: bool = False,
        limit: int = 50,
        offset: int = 0,
    ) -> list[TeamRow]:
        """Teams by games won, then fewer games played, ended games only; with ``ruleset``, the
        teams of that ruleset, else every ruleset's, each ruleset's teams on lines of their own.
        A game whose seats have no team adds nothing. Games played here only, unless
        ``imported`` adds the games imported from records."""
        _check_page(limit, offset)
        self._fresh()
        with self._database.read() as tx:
            return store.load_team_leaderboard(
                tx, ruleset=ruleset, imported=imported, limit=limit, offset=offset
            )

    def dump(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every table's rows, sorted, every game's own tables and the tracking rows included."""
        with self._database.read() as tx:
            return store.dump(tx, self._games.values())

    def close(self) -> None:
        """Close the database this was given; it is not usable afterwards."""
        self._database.close()


def _check_page(limit: int, offset: int) -> None:
    # SQLite reads a negative limit as "no limit" where PostgreSQL refuses it: refuse it on both.
    if limit < 0 or offset < 0:
        raise ValueError("limit and offset must not be negative")
