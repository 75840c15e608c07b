"""The application service: the only code that talks to the eventsourcing library.

It loads a game, lets the aggregate decide, seals the new events into the hash chain and appends
them to the store chosen by the database URL. Around that it keeps what makes it fast and safe:

- an LRU cache of loaded games, fast-forwarded from the store before every use, so a command
  costs the same at step 500 as at step 5 and other processes' writes are never missed
  (``engine/game_cache.py``);
- a lock per game, so writes to one game are serialised in this process while different games
  proceed in parallel (``engine/game_locks.py``);
- a gate that refuses calls for a moment once the store has failed to answer, rather than let
  each wait out the database's timeout (``engine/store_gate.py``);
- optimistic concurrency: a command may name the version its caller saw; a stale one, or another
  process winning the race to the same version, is a :class:`VersionConflictError`, never a lost
  or duplicated event;
- the read models, caught up by a background thread moments after each command, and by every
  read-model query before it reads (read-your-writes without making commands wait for them).
"""

from __future__ import annotations

import functools
import logging
import secrets
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar
from uuid import UUID, uuid4

import psycopg
import psycopg.sql
from eventsourcing.application import Application
from eventsourcing.persistence import IntegrityError, PersistenceError, StoredEvent

from domain.aggregates.game import AnyGame, Game
from domain.events.base import DomainEvent
from domain.names import with_names_shown
from domain.registry import AnyRules, Registry, default_registry, topic_of
from domain.ruleset import GameStatus
from domain.table import ClockSettings, ClockView
from engine.credentials import Caller
from engine.database import STORE_TIMEOUT_SECONDS, Backend, Database, resolve
from engine.fairness import SeedFairness, new_seed_nonce
from engine.game_cache import GameCache, LoadedGame
from engine.game_locks import GameLocks
from engine.import_marks import IMPORTED_AT, ImportMarks
from engine.kit import GameKit, kit_for
from engine.notifications import install_trigger
from engine.players import BotSeat, bot_name
from engine.records import (
    GENESIS,
    AbandonCommand,
    Command,
    CreateCommand,
    HandOverCommand,
    Record,
    StartCommand,
    TableCommand,
    TakeBackCommand,
    TimeoutCommand,
    act_command,
    create_command,
    decode_action,
    envelope_bytes,
    join_command,
    open_envelope,
    run_table_command,
    seal,
    seal_game,
)
from engine.snapshots import (
    SNAPSHOT_INTERVAL,
    SnapshotShelf,
    StoredSnapshot,
    Taken,
    UnusableSnapshotError,
    snapshot_key,
)
from engine.snapshots import decode as decode_snapshot
from engine.snapshots import encode as encode_snapshot
from engine.store_gate import (
    STORE_PAUSE_SECONDS,
    UNREACHABLE,
    StoreGate,
    StoreUnavailableError,
    note_stale,
)
from projections import Projections
from projections.background import BackgroundProjector
from projections.feed import Notification
from projections.sql import PostgresDatabase, SQLiteDatabase

log = logging.getLogger(__name__)

T = TypeVar("T")
Clock = Callable[[], datetime]


class GameNotFoundError(LookupError):
    def __init__(self, game_id: UUID) -> None:
        super().__init__(f"no game {game_id} in this store")
        self.game_id = game_id


class VersionOutOfRangeError(LookupError):
    def __init__(self, game_id: UUID, version: int, latest: int) -> None:
        super().__init__(
            f"game {game_id} has versions 0 to {latest}; there is no version {version}"
        )
        self.game_id = game_id
        self.version = version
        self.latest = latest


class VersionConflictError(Exception):
    """The caller acted on a version of the game that is no longer the latest."""

    def __init__(
        self, game_id: UUID, expected: int, actual: int | None, *, store_clash: bool = False
    ) -> None:
        actual_text = "a newer version" if actual is None else f"version {actual}"
        super().__init__(
            f"game {game_id} is at {actual_text}, not version {expected}: reload and retry"
        )
        self.game_id = game_id
        self.expected = expected
        self.actual = actual
        self.store_clash = store_clash  # another process stored that version first


class GameExistsError(Exception):
    def __init__(self, game_id: UUID) -> None:
        super().__init__(f"game {game_id} already exists in this store")
        self.game_id = game_id


class UnknownBotKindError(ValueError):
    """A bot seat of a kind its game has no computer player for."""

    def __init__(self, ruleset: str, kind: str, kinds: Sequence[str]) -> None:
        super().__init__(f"{ruleset} has no bot kind {kind!r}: use {', '.join(kinds)}")
        self.kind = kind


class IdempotencyKeyReusedError(Exception):
    """An idempotency key already used for a different request by the same seat."""

    def __init__(self, game_id: UUID, key: str) -> None:
        super().__init__(
            f"the idempotency key {key!r} was already used for a different action in game "
            f"{game_id}; use a new key for a new request"
        )
        self.game_id = game_id


@dataclass(frozen=True)
class SeatView:
    """The game as one viewer may see it, and what that viewer may do in it now (nothing for a
    spectator or a seat not awaited): one read gives a client all it needs to act."""

    view: Any  # the ruleset's view
    actions: list[Any]  # the ruleset's actions
    version: int  # the game's version both are of
    ruleset: str  # the name of the game's ruleset
    clock: ClockView | None = None  # the game's clock at that version, None without one
    imported: bool = False  # stored from a game record, not played here (engine/import_marks.py)


def _seen_by(game: AnyGame, viewer: int | None, *, imported: bool) -> SeatView:
    actions = [] if viewer is None else game.legal_actions(viewer)
    return SeatView(
        game.view(viewer), actions, game.version, game.rules.name, game.clock_view(), imported
    )


@dataclass(frozen=True)
class Performed:
    """The answer to an action: the game's version after it, the actor's view of it and what
    the actor may do next.

    ``replayed`` says the action had already been performed with the same idempotency key, and
    this is the answer the first request got."""

    version: int
    seen: SeatView
    replayed: bool


def utc_now() -> datetime:
    return datetime.now(UTC)


class GameService(Application[UUID]):
    # The event store's tables are named after the application: stored games pin this name.
    name = "DodgeCity"

    def __init__(
        self,
        database: Database | str | None = None,
        *,
        cache_size: int = 512,
        project_after_commands: bool = True,
        clock: Clock = utc_now,
        registry: Registry | None = None,
        store_pause: float = STORE_PAUSE_SECONDS,
        read_only: bool = False,
        lock_timeout: int = STORE_TIMEOUT_SECONDS,
        seed_nonces: Callable[[], str] = new_seed_nonce,
        snapshot_interval: int = SNAPSHOT_INTERVAL,
    ) -> None:
        """``seed_nonces`` draws the secret nonce each new game commits to with its seed
        (``engine/fairness.py``): injected only where a test must make the same bytes again.
        ``snapshot_interval``: a game's snapshot is kept once it is that many events past its
        last one (``engine/snapshots.py``); 0 keeps and reads none, every game is folded."""
        self.database = database if isinstance(database, Database) else resolve(database)
        #: The games this store plays; a stored game's ruleset is read from its first event.
        self.registry = registry or default_registry()
        self.snapshot_interval = max(0, snapshot_interval)
        self._cache = GameCache(cache_size)
        self._locks = GameLocks()
        self._clock = clock
        self._seed_nonces = seed_nonces
        self._listeners: list[Callable[[UUID], None]] = []
        self._closed = False
        self._gate = StoreGate(store_pause)
        self.project_after_commands = project_after_commands
        #: A process that only reads (the CLI's verify, export, games …) on SQLite: nothing it
        #: does writes or takes the write lock, the read models included (they are read as far
        #: as they were projected), and it waits at most ``lock_timeout`` seconds for a lock.
        self.read_only = read_only = read_only and self.database.backend is Backend.SQLITE
        try:
            with nullcontext() if read_only else _creating_tables(self.database):
                env = self.database.event_store_env(read_only=read_only, lock_timeout=lock_timeout)
                super().__init__(env=env)
                self.projections = Projections(
                    _projection_database(self.database, read_only, lock_timeout),
                    self,
                    catch_up_on_read=not read_only,
                    read_only=read_only,
                    registry=self.registry,
                )
                self._projector = BackgroundProjector(self.projections.catch_up)
        except (PersistenceError, psycopg.Error, sqlite3.Error, OSError) as error:
            raise StoreUnavailableError(
                f"cannot open the database {self.database.describe()}: {error}"
            ) from None

    def close(self) -> None:
        """Stop following the log, leave the read models caught up if the store allows, close.
        Closing again does nothing."""
        if self._closed:
            return
        self._closed = True
        self._projector.close()
        try:
            if not self.read_only:
                self.projections.catch_up()
        except Exception:  # closing goes on: the next process to read catches them up
            log.exception("the read models could not catch up before closing")
        self.projections.close()
        super().close()

    def now(self) -> datetime:
        """The time a command would be recorded at now: the service's clock (injected in
        tests), which the server's own timer (``engine/deadlines.py``) keeps time by."""
        return self._clock()

    # -- commands -------------------------------------------------------------------------

    def create_game(
        self,
        *,
        ruleset: str,
        seats: int,
        settings: Any = None,
        seed: str | None = None,
        game_id: UUID | None = None,
        host_credential: str | None = None,
        bots: Sequence[BotSeat] = (),
        clock: ClockSettings | None = None,
    ) -> UUID:
        """Open a game of ``ruleset`` with ``seats`` seats and the ruleset's ``settings`` (None:
        its defaults). Without a seed, an unguessable one is drawn (secret until the end); a
        seed given is recorded as chosen, and shown so to the players. Either way the game
        commits to its seed and a secret nonce drawn for it (``engine/fairness.py``), both shown
        once the game has ended.

        ``host_credential`` is the hash of the token that may start the game. ``bots`` take the
        first seats, in the same write: a game is never stored with only some of them.
        ``clock`` puts the game on a clock (``domain/table.py``): RuleViolation
        ``CLOCK-LIMITS`` outside its limits."""
        chosen = bool(seed)
        drawn = seed or secrets.token_hex(16)
        kit = kit_for(ruleset)
        now = self._clock()
        game: AnyGame = Game.create(
            game_id or uuid4(),
            self.registry.get(ruleset),
            seed=drawn,
            seats=seats,
            settings=settings,
            clock=clock,
            stand_in=kit.stand_in_kind,
            at=now,
        )
        # Each bot's seat is its own join command, as if the host had added it, so an audit
        # re-runs every command; all are stored in one write.
        opening = create_command(
            game.id,
            drawn,
            chosen=chosen,
            host_credential=host_credential,
            nonce=self._seed_nonces(),
        )
        commands: list[tuple[Command, list[DomainEvent]]] = [(opening, game.collect_events())]
        for bot in bots:
            _check_kind(kit, bot)
            name = bot.name or bot_name(kit.bot_names, (seat.name for seat in game.seats()))
            game.join(name, bot.attributes, bot=bot.kind, at=now)
            commands.append(
                (join_command(name, bot.attributes, bot=bot.kind), game.collect_events())
            )
        with self._locks.hold(game.id):
            try:
                # Created here, so not imported: a stale read of it needs no store to say so.
                self._store(LoadedGame(game, GENESIS, imported=False), commands, now)
            except VersionConflictError:
                raise GameExistsError(game.id) from None
        self._committed(game.id)
        return game.id

    def join(
        self,
        game_id: UUID,
        name: str,
        attributes: Any = None,
        *,
        expected_version: int | None = None,
        credential: str | None = None,
    ) -> int:
        """Take the next seat with the ruleset's seat ``attributes`` (a colour); returns it.
        ``credential`` is the hash of the seat's token."""
        return self._execute(
            game_id,
            expected_version,
            join_command(name, attributes, credential=credential),
            lambda game, now: game.join(name, attributes, at=now),
        )

    def add_bot(self, game_id: UUID, bot: BotSeat, *, expected_version: int | None = None) -> int:
        """Give the next seat to a computer player; returns the seat. Nobody holds a token
        for it: the server plays it (``engine.bot_seats``)."""
        kit = kit_for(self.ruleset_of(game_id))
        _check_kind(kit, bot)
        name = bot.name or self.read(
            game_id, lambda game: bot_name(kit.bot_names, (seat.name for seat in game.seats()))
        )
        return self._execute(
            game_id,
            expected_version,
            join_command(name, bot.attributes, bot=bot.kind),
            lambda game, now: game.join(name, bot.attributes, bot=bot.kind, at=now),
        )

    def start(self, game_id: UUID, *, expected_version: int | None = None) -> int:
        """Start the game; returns its new version."""

        def start(game: AnyGame, now: datetime) -> int:
            game.start(at=now)
            return game.version

        return self._execute(game_id, expected_version, StartCommand(), start)

    def time_out(
        self,
        game_id: UUID,
        seat: int,
        *,
        claimed_by: int | None = None,
        expected_version: int | None = None,
    ) -> int:
        """Take the rules' default decision for ``seat``, whose time has run out; returns the
        game's new version. RuleViolation (``CLOCK-…``) if it has not, or the game has no clock.
        ``claimed_by`` is the seat claiming it; None for the server's own timer."""
        command = TimeoutCommand(seat=seat, claimed_by=claimed_by)
        return self._table_command(game_id, command, expected_version)

    def hand_to_bot(self, game_id: UUID, seat: int, *, expected_version: int | None = None) -> int:
        """The host hands ``seat``, whose time has run out, to the clock's computer player."""
        return self._table_command(game_id, HandOverCommand(seat=seat), expected_version)

    def take_back(self, game_id: UUID, seat: int, *, expected_version: int | None = None) -> int:
        """``seat``'s player plays it again, instead of the computer player standing in."""
        return self._table_command(game_id, TakeBackCommand(seat=seat), expected_version)

    def abandon(
        self, game_id: UUID, *, after_seconds: int, expected_version: int | None = None
    ) -> int:
        """Close a game that has not started within ``after_seconds`` of its creation."""
        command = AbandonCommand(after_seconds=after_seconds)
        return self._table_command(game_id, command, expected_version)

    def _table_command(
        self, game_id: UUID, command: TableCommand, expected_version: int | None
    ) -> int:
        def run(game: AnyGame, now: datetime) -> int:
            run_table_command(game, command, now)
            return game.version

        return self._execute(game_id, expected_version, command, run)

    def clock(self, game_id: UUID) -> ClockView | None:
        """The game's clock as everyone sees it; None for a game without one."""
        return self.read(game_id, lambda game: game.clock_view())

    def act(
        self, game_id: UUID, seat: int, action: Any, *, expected_version: int | None = None
    ) -> int:
        """Perform ``action`` for ``seat``; returns the game's new version.

        Raises RuleViolation (recording nothing) if the rules refuse it."""

        def perform(game: AnyGame, now: datetime) -> int:
            game.act(seat, action, at=now)
            return game.version

        return self._execute(game_id, expected_version, act_command(seat, action), perform)

    def perform(
        self,
        game_id: UUID,
        seat: int,
        action: Any,
        *,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        exact: bool = False,
        stand_in: bool = False,
    ) -> Performed:
        """Perform ``action`` for ``seat`` at most once per ``idempotency_key``; ``stand_in``
        when the computer player standing in for the seat's absent player acts.

        ``expected_version`` older than the latest is a :class:`VersionConflictError`, unless
        only other seats' commitments to the simultaneous decision ``seat`` is making came since
        (and ``exact`` does not ask for the very version, as HTTP's ``If-Match`` does).

        A repeated key with the same action is answered as the first request was, from the log,
        without acting again, even if the first request was served by another process; the same
        key with a different action is an :class:`IdempotencyKeyReusedError`."""
        for attempt in (1, 2):
            try:
                return self._perform_once(
                    game_id,
                    seat,
                    action,
                    expected_version,
                    idempotency_key,
                    exact=exact,
                    stand_in=stand_in,
                )
            except VersionConflictError as conflict:
                # Another process stored a command first. If it was this very request (a retry
                # racing its original), the next attempt finds it in the log and replays it.
                if not conflict.store_clash or idempotency_key is None or attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def _perform_once(
        self,
        game_id: UUID,
        seat: int,
        action: Any,
        expected_version: int | None,
        idempotency_key: str | None,
        *,
        exact: bool,
        stand_in: bool = False,
    ) -> Performed:
        def replay(loaded: LoadedGame) -> Performed | None:
            """The first answer, if this key already performed this action."""
            past = loaded.access.performed.get((seat, idempotency_key or ""))
            if past is None:
                return None
            if decode_action(loaded.game.rules, past.action) != action:
                raise IdempotencyKeyReusedError(game_id, idempotency_key or "")
            version = loaded.access.last_version_of_command_at(
                past.first_version, loaded.game.version
            )
            seen = _seen_by(self.game_at(game_id, version), seat, imported=imported)
            return Performed(version, seen, True)

        def perform(game: AnyGame, now: datetime) -> Performed:
            game.act(seat, action, at=now, stand_in=stand_in)
            return Performed(game.version, _seen_by(game, seat, imported=imported), False)

        imported = self.is_imported(game_id)

        return self._execute(
            game_id,
            expected_version,
            act_command(seat, action, idempotency_key, stand_in=stand_in),
            perform,
            answer_first=replay if idempotency_key is not None else None,
            still_current=None if exact else self._only_others_committed(seat),
        )

    def _only_others_committed(self, seat: int) -> Callable[[LoadedGame, int], bool]:
        """Whether ``seat``'s expected version is older than the latest only by events its
        ruleset says change nothing ``seat`` may do or see (``Rules.tolerates_stale``): other
        seats' secret commitments to the simultaneous decision ``seat`` is still making.

        Everyone commits at once, independently: what the others committed is hidden, so it
        must not make ``seat`` read the game again and retry, nor depend on whose request
        arrived first."""

        def still_current(loaded: LoadedGame, expected: int) -> bool:
            game = loaded.game
            newer = game.version - expected
            # Asked before reading the events since: most stale requests fail here.
            if newer <= 0 or not any(
                d.seat == seat and game.rules.simultaneous(d) for d in game.pending()
            ):
                return False
            since = [record.event() for record in self._select(game.id, after=expected)]
            return len(since) == newer and game.rules.tolerates_stale(game.state, seat, since)

        return still_current

    def cached_caller(self, game_id: UUID, token: str) -> Caller | None:
        """Whom ``token`` names in the game if this process has the game loaded, without
        reaching the store: None for a token naming nobody or a game not loaded. Cheap enough
        for the event loop (the rate limit asks it of every request)."""
        cached = self._cache.get(game_id)
        return None if cached is None else cached.access.identify(game_id, token)

    def cached_clock_and_status(self, game_id: UUID) -> tuple[bool, GameStatus] | None:
        """Whether the game has a clock, and its status, as this process last saw it, without
        reaching the store (None: not loaded here). A clock is chosen at creation and never
        changes, so the answer about it is final; the status may be behind another process's."""
        cached = self._cache.get(game_id)
        if cached is None:
            return None
        return cached.game.table.clock is not None, cached.game.status

    def identify(self, game_id: UUID, token: str) -> Caller | None:
        """Whom ``token`` names in the game: its host, a seat, or nobody (None)."""
        cached = self._cache.get(game_id)
        if cached is not None:
            # Credentials never change once stored: a match in the cached game is final, and
            # only a miss (perhaps a seat taken through another process) needs the store.
            caller = cached.access.identify(game_id, token)
            if caller is not None:
                return caller
        with self._locks.hold(game_id):
            return self._load(game_id, stale_ok=True).access.identify(game_id, token)

    def fairness(self, game_id: UUID) -> SeedFairness:
        """What the game's players are told about its seed: the commitment published at its
        creation, whether its creator chose it, and the seed and the nonce committed to with it
        once the game has ended."""
        # Under the game's lock: a command plays on the cached game before its events are
        # stored, so without it the seed of a game ending now could be shown before (or
        # without) the end being stored. A cached game another process ended is only behind:
        # its seed is shown a moment later, never too early.
        with self._locks.hold(game_id):
            loaded = self._cache.get(game_id) or self._load(game_id)
            opening = loaded.access.opening
            committed, chosen = _published(opening)
            game = loaded.game
            if not game.is_over:
                return SeedFairness(commitment=committed, chosen=chosen, seed=None)
            return SeedFairness(
                commitment=committed,
                chosen=chosen,
                seed=game.rules.seed_of(game.state),
                nonce=opening.seed_nonce if opening is not None else None,
            )

    def _execute(
        self,
        game_id: UUID,
        expected_version: int | None,
        command: Command,
        body: Callable[[AnyGame, datetime], T],
        *,
        answer_first: Callable[[LoadedGame], T | None] | None = None,
        still_current: Callable[[LoadedGame, int], bool] | None = None,
    ) -> T:
        """Run ``body`` on the latest game, with the time the command is recorded at, and
        store the events it recorded as ``command``.

        ``answer_first`` may answer instead, before the version is checked, storing nothing (a
        request already performed). ``still_current(loaded, expected)`` may accept an expected
        version older than the latest."""
        with self._locks.hold(game_id):
            loaded = self._load(game_id)
            now = self._clock()
            if answer_first is not None:
                answer = answer_first(loaded)
                if answer is not None:
                    return answer
            if (
                expected_version is not None
                and expected_version != loaded.game.version
                and not (still_current is not None and still_current(loaded, expected_version))
            ):
                raise VersionConflictError(game_id, expected_version, loaded.game.version)
            try:
                result = body(loaded.game, now)
            except BaseException:
                # A refused action changes nothing, but anything else may have left the cached
                # game half-changed: drop it, the store is the truth.
                if loaded.game.collect_events():
                    self._cache.evict(game_id)
                raise
            self._store(loaded, [(command, loaded.game.collect_events())], now)
        self._committed(game_id)
        return result

    def _append(self, loaded: LoadedGame, command: Command) -> None:
        """Store the events the cached game recorded as ``command``, recorded now."""
        self._store(loaded, [(command, loaded.game.collect_events())], self._clock())

    def _store(
        self,
        loaded: LoadedGame,
        commands: Sequence[tuple[Command, list[DomainEvent]]],
        now: datetime,
    ) -> None:
        """Seal the events each command recorded into the chain and store them in one write,
        recorded at ``now`` (the time the game's clock was told)."""
        game = loaded.game
        recorded_at = now.isoformat()
        records: list[Record] = []
        head = loaded.head
        for command, events in commands:
            records.extend(seal(events, head, recorded_at, command))
            head = records[-1].hash if records else head
        if not records:
            return
        try:
            self._gate.reach(
                lambda: self.recorder.insert_events([_stored(game.id, r) for r in records])
            )
        except IntegrityError:
            self._cache.evict(game.id)
            raise VersionConflictError(
                game.id,
                records[0].version - 1,
                self._latest_or_none(game.id),
                store_clash=True,
            ) from None
        except UNREACHABLE:
            # Nothing was stored, but the cached game has played the command in memory.
            self._keep_as_stored(loaded)
            raise
        except BaseException:
            self._cache.evict(game.id)
            raise
        loaded.head = records[-1].hash
        for command, events in commands:
            if events:
                loaded.access.note(command, events[0])
        self._cache.put(game.id, loaded)
        self._snapshot_if_due(loaded)

    def on_commit(self, listener: Callable[[UUID], None]) -> None:
        """Call ``listener(game_id)`` after each command this process stores, from the thread
        that stored it; live streams wake on it."""
        self._listeners.append(listener)

    def off_commit(self, listener: Callable[[UUID], None]) -> None:
        """Stop calling ``listener``; one that was never added is ignored."""
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _committed(self, game_id: UUID) -> None:
        if self.project_after_commands:
            self._projector.poke()
        for listener in self._listeners:
            listener(game_id)

    def cached_without_computer_players(self, game_id: UUID) -> bool:
        """Whether the game, as this process holds it after its last command here, has no seat
        played by a computer player (no bot seat, nobody stood in for); False when not held.
        Only a command gives a seat to a computer player, and every command here is followed
        by the listeners of :meth:`on_commit`: to them, the answer is final until the next."""
        cached = self._cache.get(game_id)
        if cached is None:
            return False
        game = cached.game
        return not game.table.stand_ins and not any(seat.bot for seat in game.seats())

    def events_after(self, game_id: UUID, after: int) -> tuple[list[DomainEvent], int, bool]:
        """Every stored event after version ``after``, as stored but for names shown escaped
        (``domain.names.shown_name``), the game's latest version and whether it has ended: for a
        caller that shows the same events to many viewers, each through the ruleset's
        ``event_view`` (live streams). Nothing newer: no events read."""
        latest, ended, odd = self.read(
            game_id, lambda game: (game.version, game.is_over, game.odd_names())
        )
        if latest <= after:
            return [], latest, ended
        stored = self._select(game_id, after=after, upto=latest)
        return [with_names_shown(r.event(), odd) for r in stored], latest, ended

    # -- loading --------------------------------------------------------------------------

    def _load(self, game_id: UUID, *, stale_ok: bool = False) -> LoadedGame:
        """The latest game, from the cache brought up to date, else folded from the store.

        ``stale_ok`` (reads only, never commands): if the store cannot be reached, the cached
        game as last seen, noted in :data:`engine.store_gate.stale_reads`."""
        if stale_ok:
            try:
                return self._load(game_id)
            except UNREACHABLE:
                cached = self._last_seen(game_id)
                if cached is None:
                    raise
                return cached
        loaded = self._cache.get(game_id)
        if loaded is None:
            loaded = self._from_snapshot(game_id) or self._folded(game_id)
            # Known with the game, so that a stale read of it (the store down) knows it too.
            loaded.imported = self._imported_at(game_id) is not None
            self._cache.put(game_id, loaded)
            self._snapshot_if_due(loaded)
            return loaded
        if self.database.backend is Backend.MEMORY:
            # Nobody else writes to this process's memory: the cached game is the latest.
            return loaded
        loaded.follow(self._select(game_id, after=loaded.game.version))
        return loaded

    def _folded(self, game_id: UUID) -> LoadedGame:
        """The latest game folded from every stored event."""
        records = self.records(game_id)
        rules = self._rules_of(records[0])
        loaded = LoadedGame(Game(game_id, rules), GENESIS)
        loaded.rules_version = rules.opening(records[0].event()).rules_version
        loaded.follow(records)
        return loaded

    # -- snapshots (engine/snapshots.py): a cache, never a fact ---------------------------

    def _from_snapshot(self, game_id: UUID) -> LoadedGame | None:
        """The latest game from its snapshot and the events stored since; None if snapshots
        are off, or the game has none this code may use (then it is folded: only time is
        lost, and a store that does not answer is reported by the fold's own read)."""
        if not self.snapshot_interval or self._gate.down:
            return None
        try:
            kept = self._shelf().latest_snapshot(game_id)
        except Exception as error:  # a snapshot that cannot be read only costs a fold
            _log_unusable(game_id, error)
            return None
        if kept is None:
            return None
        # The game's ruleset and rules version, from its first event as always.
        first = self._select(game_id, upto=1)
        if not first:
            raise GameNotFoundError(game_id)
        rules = self._rules_of(first[0])
        rules_version = rules.opening(first[0].event()).rules_version
        try:
            if kept.key != snapshot_key(rules, rules_version):
                raise UnusableSnapshotError("it was written by other code, or for other rules")
            taken = decode_snapshot(kept.data, rules, game_id)
            if taken.version != kept.version:
                raise UnusableSnapshotError("it holds another version than it is kept at")
        except Exception as error:  # whatever is wrong with a snapshot, it only costs a fold
            _log_unusable(game_id, error)
            return None
        # The event it was taken after, and those since.
        records = self._select(game_id, after=taken.version - 1)
        problem = _not_of(taken, records)
        if problem is not None:
            _log_unusable(game_id, UnusableSnapshotError(problem))
            return None
        game: AnyGame = Game(game_id, rules)
        game.version, game.state, game.table = taken.version, taken.state, taken.table
        loaded = LoadedGame(game, taken.head, taken.access)
        loaded.snapshot_version, loaded.rules_version = taken.version, rules_version
        loaded.follow(records[1:])
        return loaded

    def _snapshot_if_due(self, loaded: LoadedGame) -> None:
        """Keep a snapshot of ``loaded``, the latest game stored at a command's end, once it is
        the interval past its last one. A snapshot that cannot be kept is only time lost at the
        next opening: the command or read goes on."""
        game = loaded.game
        interval = self.snapshot_interval
        if not interval or self.read_only or game.version - loaded.snapshot_version < interval:
            return
        try:
            if loaded.rules_version is None:
                first = self._select(game.id, upto=1)
                loaded.rules_version = game.rules.opening(first[0].event()).rules_version
            key = snapshot_key(game.rules, loaded.rules_version)
            taken = Taken(game.id, game.version, loaded.head, game.state, game.table, loaded.access)
            self._shelf().keep_snapshot(
                game.id, StoredSnapshot(game.version, key, encode_snapshot(taken))
            )
        except Exception as error:  # a cache that fails to fill costs time, never the command
            log.warning("could not keep a snapshot of game %s: %s", game.id, type(error).__name__)
            return
        loaded.snapshot_version = game.version

    def _shelf(self) -> SnapshotShelf:
        shelf = self.recorder
        if not isinstance(shelf, SnapshotShelf):
            raise TypeError(f"the event store's recorder {type(shelf).__name__} keeps no snapshots")
        return shelf

    def _keep_as_stored(self, loaded: LoadedGame) -> None:
        """Give the cached ``loaded``, whose game played a command the store did not take, the
        game as stored instead, so that reads go on being served from the cache while writes
        fail.

        Dropping it instead left nothing to serve: under a SQLite file locked by another
        process, every read of a game whose write had just failed was a 503 until the pause
        ended. The game is read past the gate, which that failure has just closed: a locked
        SQLite file is still read (WAL). A database that does not answer at all fails this
        read too, and the game is dropped (it answers 503 until the store is back)."""
        game_id = loaded.game.id
        try:
            records = self._select(game_id, gated=False)
        except UNREACHABLE:
            records = []
        if not records:
            self._cache.evict(game_id)
            return
        stored = LoadedGame(Game(game_id, self._rules_of(records[0])), GENESIS)
        stored.follow(records)
        loaded.game, loaded.head, loaded.access = stored.game, stored.head, stored.access

    def _last_seen(self, game_id: UUID) -> LoadedGame | None:
        """The cached game as this process last saw it, noted in
        :data:`engine.store_gate.stale_reads` (the store could not be reached); None if it is
        not cached."""
        cached = self._cache.get(game_id)
        if cached is not None:
            note_stale(game_id)
        return cached

    def read(self, game_id: UUID, reader: Callable[[AnyGame], T]) -> T:
        """Run ``reader`` on the latest game while no command can change it."""
        with self._locks.hold(game_id):
            return reader(self._load(game_id, stale_ok=True).game)

    def game_at(self, game_id: UUID, version: int | None = None) -> AnyGame:
        """A private copy of the game after event ``version`` (the latest if None)."""
        if version is None:
            return self._fold(game_id, self.records(game_id))
        latest = self.latest_version(game_id)
        if not 0 <= version <= latest:
            raise VersionOutOfRangeError(game_id, version, latest)
        if version == 0:
            return Game(game_id, self._rules_of(self._select(game_id, upto=1)[0]))
        return self._fold(game_id, self._select(game_id, upto=version))

    def _fold(self, game_id: UUID, records: Sequence[Record]) -> AnyGame:
        if not records:
            raise GameNotFoundError(game_id)
        loaded = LoadedGame(Game(game_id, self._rules_of(records[0])), GENESIS)
        loaded.follow(records, note_access=False)
        return loaded.game

    def _rules_of(self, first: Record) -> AnyRules:
        """The ruleset of the game whose first stored record is ``first``."""
        return self.registry.of_topic(first.type)

    def ruleset_of(self, game_id: UUID) -> AnyRules:
        """The ruleset game ``game_id`` is played by."""
        cached = self._cache.get(game_id)
        if cached is not None:
            # A game's ruleset is named by its first event and never changes: a cached game
            # answers without catching up with the store. Asked before every action is decoded
            # (api/http/game_requests.py ``game_of``), that read was one more query per
            # POST /actions.
            return cached.game.rules
        return self.read(game_id, lambda game: game.rules)

    def _latest_or_none(self, game_id: UUID) -> int | None:
        """The stored version after a clash, for the answer; None if even that read fails."""
        try:
            return self.latest_version(game_id)
        except Exception:  # the clash is the news; a failed read must not hide it
            log.exception("could not read the version of game %s after a clash", game_id)
            return None

    def latest_version(self, game_id: UUID) -> int:
        try:
            last = self._gate.reach(
                lambda: self.recorder.select_events(game_id, desc=True, limit=1)
            )
        except UNREACHABLE:
            cached = self._last_seen(game_id)
            if cached is None:
                raise
            return cached.game.version
        if not last:
            raise GameNotFoundError(game_id)
        return last[0].originator_version

    @property
    def store_down(self) -> bool:
        """Whether the store failed to answer a moment ago (requests are refused at once)."""
        return self._gate.down

    def store_answers(self) -> None:
        """Ask the store one cheap question, even while requests are refused at once; raises
        if it does not answer, and once it does, requests reach the store again."""
        self._gate.probe(self.recorder.max_notification_id)

    def seat_view(self, game_id: UUID, viewer: int | None) -> SeatView:
        """The latest game as ``viewer`` may see it, with what ``viewer`` may do now."""
        with self._locks.hold(game_id):
            loaded = self._load(game_id, stale_ok=True)
            return _seen_by(loaded.game, viewer, imported=self._imported_of(loaded))

    def is_imported(self, game_id: UUID) -> bool:
        """Whether the game was stored from a game record rather than played here (it then
        counts on no leaderboard unless asked for); known with the game once it is loaded."""
        cached = self._cache.get(game_id)
        if cached is not None and cached.imported is not None:
            return cached.imported
        with self._locks.hold(game_id):
            return self._imported_of(self._load(game_id, stale_ok=True))

    def _imported_of(self, loaded: LoadedGame) -> bool:
        if loaded.imported is None:
            loaded.imported = self._imported_at(loaded.game.id) is not None
        return loaded.imported

    def _imported_at(self, game_id: UUID) -> str | None:
        marks = self._marks()
        return self._gate.reach(lambda: marks.imported_at(game_id))

    def _marks(self) -> ImportMarks:
        marks = self.recorder
        if not isinstance(marks, ImportMarks):
            raise TypeError(f"the event store's recorder {type(marks).__name__} keeps no marks")
        return marks

    def view(
        self,
        game_id: UUID,
        viewer: int | None,
        version: int | None = None,
        *,
        as_played: bool = False,
    ) -> Any:
        """The game as ``viewer`` may see it, now or after event ``version``.

        Once the game has ended, its earlier steps show everything too, unless ``as_played``
        asks for what ``viewer`` could see at that step."""
        return self.view_and_clock(game_id, viewer, version, as_played=as_played)[0]

    def view_and_clock(
        self,
        game_id: UUID,
        viewer: int | None,
        version: int | None = None,
        *,
        as_played: bool = False,
    ) -> tuple[Any, ClockView | None]:
        """:meth:`view`, with the game's clock at the same version (None without a clock),
        from one read of the game."""
        if version is None:
            return self.read(game_id, lambda game: (game.view(viewer), game.clock_view()))
        ended = self.read(game_id, lambda game: game.is_over)
        game = self.game_at(game_id, version)
        return game.view(viewer, reveal_all=ended and not as_played), game.clock_view()

    def records(self, game_id: UUID) -> list[Record]:
        """Every stored event of a game, in order, with its hash and command."""
        records = self._select(game_id)
        if not records:
            raise GameNotFoundError(game_id)
        return records

    def domain_events(self, game_id: UUID) -> list[DomainEvent]:
        return [record.event() for record in self.records(game_id)]

    def events_page(
        self, game_id: UUID, viewer: int | None, *, after: int = 0, limit: int = 100
    ) -> tuple[list[DomainEvent], int]:
        """Up to ``limit`` events after version ``after`` as ``viewer`` may see them, and the
        game's latest version. A name stored before names were checked is shown escaped."""
        latest, ended, odd = self.read(
            game_id, lambda game: (game.version, game.is_over, game.odd_names())
        )
        if not 0 <= after <= latest:
            raise VersionOutOfRangeError(game_id, after, latest)
        if limit < 1:
            raise ValueError("limit must be at least 1")
        # Nothing newer needs no read: a client caught up (a live stream resumed at the latest
        # event) is answered from the cache alone, also while the store does not answer.
        page = (
            []
            if after == latest
            else self._select(game_id, after=after, upto=min(latest, after + limit))
        )
        shown = self.ruleset_of(game_id).event_view
        return [
            with_names_shown(shown(r.event(), viewer, game_ended=ended), odd) for r in page
        ], latest

    def _select(
        self,
        game_id: UUID,
        *,
        after: int | None = None,
        upto: int | None = None,
        gated: bool = True,
    ) -> list[Record]:
        """The game's stored records after ``after`` up to ``upto``; ``gated`` False reads even
        while requests are refused at once (:class:`StoreGate`), without opening the gate."""

        def select() -> Sequence[StoredEvent]:
            return self.recorder.select_events(game_id, gt=after, lte=upto)

        return [
            open_envelope(stored.topic, stored.originator_version, stored.state)
            for stored in (self._gate.reach(select) if gated else select())
        ]

    def game_ids(self) -> list[UUID]:
        """Every stored game, oldest first, from the log of every ruleset's first events."""
        openings = [topic_of(rules.opening_event) for rules in self.registry.rulesets()]
        ids: list[UUID] = []
        position = 0
        while True:
            page = self._gate.reach(
                functools.partial(
                    self.recorder.select_notifications,
                    position,
                    1000,
                    topics=openings,
                    inclusive_of_start=False,
                )
            )
            if not page:
                return ids
            ids.extend(_as_uuid(n.originator_id) for n in page)
            position = page[-1].id

    # -- storing whole games (imports, simulations) -----------------------------------------

    def store_game(
        self,
        game_id: UUID,
        commands: Sequence[tuple[Command, list[DomainEvent]]],
        recorded_at: str | None = None,
    ) -> None:
        """Store a game played elsewhere: each command with the events it recorded, all
        recorded at ``recorded_at`` (an ISO 8601 time; now if None)."""
        stamp = recorded_at or self._clock().isoformat()
        self.insert_records(game_id, seal_game(commands, stamp))

    def insert_records(self, game_id: UUID, records: Sequence[Record]) -> None:
        """Append a whole game's records at once, as a game played here (a simulation's, say);
        refuses a game id the store already has."""
        self._insert_records(game_id, records, {})

    def import_records(self, game_id: UUID, records: Sequence[Record]) -> None:
        """Store a game from its verified record, marked as imported in the same write
        (``engine/import_marks.py``): it is shown as imported and counts on no leaderboard
        unless the caller asks for imported games. Refuses a game id the store already has."""
        self._insert_records(game_id, records, {IMPORTED_AT: self._clock().isoformat()})

    def _insert_records(
        self, game_id: UUID, records: Sequence[Record], options: dict[str, str]
    ) -> None:
        with self._locks.hold(game_id):
            if self.recorder.select_events(game_id, limit=1):
                raise GameExistsError(game_id)
            try:
                self.recorder.insert_events(
                    [_stored(game_id, record) for record in records], **options
                )
            except IntegrityError:
                raise GameExistsError(game_id) from None
        self._committed(game_id)

    # -- the feed the projections read ----------------------------------------------------

    def notifications_after(self, position: int, limit: int) -> list[Notification]:
        page = self._gate.reach(
            lambda: self.recorder.select_notifications(position, limit, inclusive_of_start=False)
        )
        # Asked only of a page holding games' first events: a game's mark is stored with them.
        opened = [_as_uuid(n.originator_id) for n in page if n.originator_version == 1]
        marks = self._marks()
        imported = self._gate.reach(lambda: marks.imported_among(opened)) if opened else set()
        notifications = []
        for stored in page:
            record = open_envelope(stored.topic, stored.originator_version, stored.state)
            committed, chosen = _published(record.command)
            game_id = _as_uuid(stored.originator_id)
            notifications.append(
                Notification(
                    position=stored.id,
                    game_id=game_id,
                    version=record.version,
                    recorded_at=record.recorded_at,
                    event=record.event(),
                    seed_commitment=committed,
                    seed_chosen=chosen,
                    imported=record.version == 1 and game_id in imported,
                )
            )
        return notifications

    def state_at(self, game_id: UUID, version: int) -> Any:
        return self.game_at(game_id, version).state


def _not_of(taken: Taken, records: Sequence[Record]) -> str | None:
    """Why a snapshot is not of the stored game whose records from its version on are
    ``records``; None if it is: the event at its version holds the hash it was taken after
    (the same history), and the events since begin with a command."""
    if not records or records[0].version != taken.version:
        return "the game has no event at its version"
    if records[0].hash != taken.head:
        return "it was taken of another history"
    if len(records) > 1 and records[1].command is None:
        return "it was not taken at a command's end"
    return None


def _log_unusable(game_id: UUID, error: Exception) -> None:
    # Why, never what: a snapshot holds hidden information (hands, seeds, pile order).
    reason = str(error) if isinstance(error, UnusableSnapshotError) else type(error).__name__
    log.warning("game %s is folded from its events: its snapshot is unusable (%s)", game_id, reason)


def _published(command: Command | None) -> tuple[str | None, bool | None]:
    """The seed commitment a create command published and whether the seed was chosen; neither
    for any other command, nor for a game created before they were recorded."""
    if not isinstance(command, CreateCommand) or command.seed_commitment is None:
        return None, None
    return command.seed_commitment, command.seed_chosen


def _check_kind(kit: GameKit, bot: BotSeat) -> None:
    if bot.kind not in kit.bots:
        raise UnknownBotKindError(kit.name, bot.kind, tuple(kit.bots))


def _stored(game_id: UUID, record: Record) -> StoredEvent:
    return StoredEvent(
        originator_id=game_id,
        originator_version=record.version,
        topic=record.type,
        state=envelope_bytes(record),
    )


def _as_uuid(value: UUID | str) -> UUID:
    return value if isinstance(value, UUID) else UUID(value)


#: Any fixed number: the PostgreSQL advisory lock every process takes while creating tables.
_TABLES_LOCK = 0x0D0D6E


@contextmanager
def _creating_tables(database: Database) -> Iterator[None]:
    """Let one process at a time create the schema and tables.

    PostgreSQL's ``CREATE … IF NOT EXISTS`` is not safe when two sessions run it at once ("tuple
    concurrently updated"): several workers or hosts starting together on a new database would
    fail. An advisory lock held while creating makes the others wait and then find it all done.
    SQLite serialises this itself."""
    if database.backend is not Backend.POSTGRESQL:
        yield
        return
    with psycopg.connect(database.postgres_conninfo(), autocommit=True) as connection:
        connection.execute("SELECT pg_advisory_lock(%s)", (_TABLES_LOCK,))
        try:
            if database.schema:  # the event store expects the schema to exist
                connection.execute(
                    psycopg.sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(
                        psycopg.sql.Identifier(database.schema)
                    )
                )
            yield
            # Other processes' commands wake this one's live streams (engine/notifications.py).
            install_trigger(connection, database.schema, f"{GameService.name.lower()}_events")
        finally:
            connection.execute("SELECT pg_advisory_unlock(%s)", (_TABLES_LOCK,))


def _projection_database(
    database: Database, read_only: bool = False, lock_timeout: int = STORE_TIMEOUT_SECONDS
) -> SQLiteDatabase | PostgresDatabase:
    if database.backend is Backend.MEMORY:
        return SQLiteDatabase(":memory:")
    if database.backend is Backend.SQLITE:
        return SQLiteDatabase(
            database.sqlite_path, read_only=read_only, busy_timeout_ms=lock_timeout * 1000
        )
    return PostgresDatabase(database.postgres_conninfo(), schema=database.schema or None)
