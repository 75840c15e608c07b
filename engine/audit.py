"""Verifying a stored game: the hash chain, then every recorded command re-run through the rules.

The chain proves no stored event was changed, dropped or reordered after it was written. Re-running
the commands proves the history is what the rules make of those commands: from the first event on,
each command is given to a fresh game and the events it records must equal, byte for byte, the
events stored for it. The first step where either check fails is reported.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from uuid import UUID

import msgspec

from domain.aggregates.game import AnyGame, Game
from domain.errors import RuleViolation
from domain.events.base import DomainEvent
from domain.events.kernel import ClockSet
from domain.registry import UnknownTopicError, default_registry, topic_of
from domain.table import ClockSettings, parse_time
from engine.fairness import MalformedNonceError, seed_commitment
from engine.records import (
    GENESIS,
    ActCommand,
    Command,
    CorruptRecordError,
    CreateCommand,
    JoinCommand,
    Record,
    StartCommand,
    chain_hash,
    decode_action,
    encode_event,
    run_table_command,
)


class Verdict(msgspec.Struct, frozen=True, kw_only=True):
    game_id: str
    events: int
    ok: bool
    version: int | None = None  # the first step that does not check out
    problem: str | None = None
    #: The seed commitment the game recorded at creation, checked against its seed; None for a
    #: game created before commitments were recorded.
    seed_commitment: str | None = None
    seed_chosen: bool = False
    #: Whether the commitment is over a secret nonce too; False for games recorded before nonces,
    #: checked by the formula they were recorded with (engine/fairness.py).
    seed_nonced: bool = False

    def describe(self) -> str:
        """One line for the verdict, and for a game that checks out a second on its seed."""
        if not self.ok:
            return f"{self.game_id}: FAILED at version {self.version}: {self.problem}"
        if self.seed_commitment is None:
            seed = "predates seed commitments: its seed was not committed to"
        else:
            chosen = ", a seed its creator chose" if self.seed_chosen else ""
            what = "the seed and its nonce match" if self.seed_nonced else "the seed matches"
            seed = f"{what} the commitment {self.seed_commitment}{chosen}"
        return (
            f"{self.game_id}: ok, {self.events} events, chain and rules agree\n"
            f"{self.game_id}: {seed}"
        )


class _HistoryMismatchError(Exception):
    def __init__(self, version: int, problem: str) -> None:
        super().__init__(problem)
        self.version = version
        self.problem = problem


def verify(game_id: UUID, records: Sequence[Record], *, commitment: str | None = None) -> Verdict:
    """Check the chain, the seed against the commitment recorded at creation, and every
    command against the rules. ``commitment`` is one a player was shown: it must be the one
    recorded (or, for a game that recorded none, the hash of its seed)."""
    try:
        check_chain(game_id, records)
        opening = check_commitment(game_id, records, commitment)
        check_rules(game_id, records)
    except _HistoryMismatchError as found:
        return Verdict(
            game_id=str(game_id),
            events=len(records),
            ok=False,
            version=found.version,
            problem=found.problem,
        )
    return Verdict(
        game_id=str(game_id),
        events=len(records),
        ok=True,
        seed_commitment=opening.seed_commitment,
        seed_chosen=opening.seed_chosen,
        seed_nonced=opening.seed_nonce is not None,
    )


def check_commitment(
    game_id: UUID, records: Sequence[Record], shown: str | None = None
) -> CreateCommand:
    """The game's create command, once its recorded seed commitment is found to be the hash of
    the seed its first event holds (with the nonce the command holds, or by the formula from
    before nonces for a game that recorded none), and ``shown`` (a commitment a player saw) to
    be that one.

    Checked before the rules are re-run: a seed swapped after the commitment was published is
    reported as such, at the first event, even when the chain was sealed again over it."""
    first = records[0]
    opening = first.command
    if not isinstance(opening, CreateCommand):
        raise _HistoryMismatchError(first.version, "the first command does not create the game")
    try:
        rules = default_registry().of_topic(first.type)
    except UnknownTopicError as error:
        raise _HistoryMismatchError(first.version, str(error)) from None
    created = first.event()
    if not isinstance(created, rules.opening_event):
        raise _HistoryMismatchError(first.version, "a game is created only by its first event")
    if opening.seed_nonce is not None and opening.seed_commitment is None:
        raise _HistoryMismatchError(first.version, "a seed nonce was recorded with no commitment")
    try:
        actual = seed_commitment(game_id, rules.opening(created).seed, opening.seed_nonce)
    except MalformedNonceError:
        raise _HistoryMismatchError(
            first.version, "the seed nonce recorded at creation is not 64 lowercase hex digits"
        ) from None
    recorded = opening.seed_commitment
    if recorded is not None and recorded != actual:
        raise _HistoryMismatchError(
            first.version, "the seed is not the one committed to when the game was created"
        )
    if shown is not None and shown.strip().lower() != (recorded or actual):
        raise _HistoryMismatchError(
            first.version,
            "the commitment given is not this game's: the seed is not the one you were shown a "
            "commitment to",
        )
    return opening


def check_chain(game_id: UUID, records: Sequence[Record]) -> None:
    if not records:
        raise _HistoryMismatchError(0, "the game has no events")
    previous = GENESIS
    for expected_version, record in enumerate(records, start=1):
        if record.version != expected_version:
            raise _HistoryMismatchError(
                expected_version, f"found version {record.version} where {expected_version} belongs"
            )
        try:
            event = record.event()
        except CorruptRecordError as error:
            raise _HistoryMismatchError(record.version, str(error)) from None
        if topic_of(type(event)) != record.type:
            raise _HistoryMismatchError(
                record.version, f"stored as {record.type} but holds {topic_of(type(event))}"
            )
        if event.originator_id != game_id or event.originator_version != record.version:
            raise _HistoryMismatchError(
                record.version,
                f"the event names game {event.originator_id} version {event.originator_version}",
            )
        digest = chain_hash(
            previous,
            event_type=record.type,
            version=record.version,
            recorded_at=record.recorded_at,
            command=record.command,
            payload=record.payload,
        )
        if digest != record.hash:
            raise _HistoryMismatchError(
                record.version, "hash mismatch: the event or one before it was altered"
            )
        previous = record.hash


def check_rules(game_id: UUID, records: Sequence[Record]) -> None:
    """Re-run every recorded command and compare what the rules record with what is stored."""
    game: AnyGame | None = None
    index = 0
    while index < len(records):
        first = records[index]
        command = first.command
        if command is None:
            raise _HistoryMismatchError(first.version, "an event no command recorded")
        end = index + 1
        while end < len(records) and records[end].command is None:
            end += 1
        stored = records[index:end]
        game = _run(game_id, game, command, stored)
        _compare(game.collect_events(), stored)
        index = end


def _run(
    game_id: UUID, game: AnyGame | None, command: Command, stored: Sequence[Record]
) -> AnyGame:
    """Re-run ``command`` at the time it was recorded: a timeout is taken again at its recorded
    time, which the rules refuse if it came before the seat's deadline ([CLOCK-RECORDED])."""
    version = stored[0].version
    try:
        at = parse_time(stored[0].recorded_at)
    except ValueError:
        raise _HistoryMismatchError(version, "the time it was recorded at is unreadable") from None
    try:
        if isinstance(command, CreateCommand):
            if game is not None:
                raise _HistoryMismatchError(version, "a game is created only by its first event")
            return _reopen(game_id, stored, at)
        if game is None:
            raise _HistoryMismatchError(version, "the first command does not create the game")
        if isinstance(command, JoinCommand):
            # A stored name is re-run as it was taken: a game recorded before [TABLE-NAME] keeps
            # verifying; an import checks its names itself (engine/transfer.py).
            game.join(command.name, command.attributes, bot=command.bot, at=at, check_name=False)
        elif isinstance(command, StartCommand):
            game.start(at=at)
        elif isinstance(command, ActCommand):
            action = decode_action(game.rules, command.action)
            game.act(command.seat, action, at=at, stand_in=command.stand_in)
        else:
            run_table_command(game, command, at)
    except RuleViolation as refused:
        raise _HistoryMismatchError(
            version, f"the rules refuse the recorded command: [{refused.rule}] {refused.reason}"
        ) from None
    except CorruptRecordError as error:
        raise _HistoryMismatchError(version, str(error)) from None
    return game


def _reopen(game_id: UUID, stored: Sequence[Record], at: datetime) -> AnyGame:
    """The game opened again as its first event says it was: by the ruleset its topic names,
    with the same seats, settings and seed, played by the rules version it was recorded under
    (a game of an older version re-runs by the reading it was played with), on the clock the
    command recorded after it, if any."""
    first = stored[0]
    clock = stored[1].event() if len(stored) > 1 else None
    try:
        rules = default_registry().of_topic(first.type)
    except UnknownTopicError as error:
        raise _HistoryMismatchError(first.version, str(error)) from None
    created = first.event()
    if not isinstance(created, rules.opening_event):
        raise _HistoryMismatchError(first.version, "a game is created only by its first event")
    opened = rules.opening(created)
    if opened.rules_version not in rules.rules_versions:
        raise _HistoryMismatchError(
            first.version,
            f"recorded under rules version {opened.rules_version}; "
            f"this engine implements {', '.join(rules.rules_versions)}",
        )
    return Game.create(
        game_id,
        rules,
        seed=opened.seed,
        seats=opened.seats,
        settings=opened.settings,
        rules_version=opened.rules_version,
        clock=_settings_of(clock) if isinstance(clock, ClockSet) else None,
        stand_in=clock.stand_in if isinstance(clock, ClockSet) else "",
        at=at,
    )


def _settings_of(clock: ClockSet) -> ClockSettings:
    return ClockSettings(
        decision_seconds=clock.decision_seconds,
        reserve_seconds=clock.reserve_seconds,
        bot_after_timeouts=clock.bot_after_timeouts,
    )


def _differing_fields(produced: DomainEvent, stored: DomainEvent) -> list[str]:
    mine = msgspec.to_builtins(produced)
    theirs = msgspec.to_builtins(stored)
    return sorted(key for key in mine.keys() | theirs.keys() if mine.get(key) != theirs.get(key))


def _compare(produced: list[DomainEvent], stored: Sequence[Record]) -> None:
    for event, record in zip(produced, stored, strict=False):
        name = topic_of(type(event))
        if name != record.type:
            raise _HistoryMismatchError(
                record.version, f"stored {record.type} but the rules record {name}"
            )
        if encode_event(event) != record.payload:
            # Name the fields, never their values: they may be cards nobody may see yet.
            raise _HistoryMismatchError(
                record.version,
                f"stored {name} differs from what the rules record in: "
                + ", ".join(_differing_fields(event, record.event())),
            )
    if len(produced) != len(stored):
        version = stored[0].version + min(len(produced), len(stored))
        raise _HistoryMismatchError(
            version,
            f"the command recorded {len(stored)} events but the rules record {len(produced)}",
        )
