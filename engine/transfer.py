"""The portable game record: one game's whole history as a JSON file, and reading it back.

A record holds every event with its hash, time and command, plus the ruleset, rules version,
seats and settings in a header for people and tools that only want those. Importing checks
everything before writing anything: the format, the header against the first event, the hash
chain, and a re-run of every command through the rules; only a record that passes all of them is
stored, in one write.

A record is complete: it includes every hand and the seed. Share records of running games only with
whoever may see everything.

Every game is written in one format whatever its game (docs/WIRE.md): ``format`` is
``game-record``, ``format_version`` 3, and the header names the ``ruleset`` and says ``seats``
and ``settings``. Records written before keep importing and verifying: they name the format
``dodgecity-game-record``, after the project, in version 1 (games of the first ruleset only,
which its first event names; the header calls the seats ``max_players`` and the settings
``variants``) or version 2 (the header of version 3). A game exported again is written in
version 3 whatever it was imported from: its events, hashes and commands, the part ``verify``
checks, are the same bytes; only the header's words are today's.

A game this server stored from a record (``engine/import_marks.py``) is exported with
``"imported": true`` in the header and its events unchanged; a game played here has no such
field, so its record stays byte for byte what it always was. Reading takes the field, and ignores
it: whatever a record says, the importing server marks the game it stores as imported.
"""

from __future__ import annotations

from collections.abc import Sequence
from uuid import UUID

import msgspec

from domain.aggregates.game import Game
from domain.names import RULE as NAME_RULE
from domain.names import name_problem
from domain.registry import AnyRules, UnknownTopicError, default_registry, topic_of
from engine.audit import verify
from engine.records import (
    Command,
    CorruptRecordError,
    JoinCommand,
    Record,
    canonical_command,
    decode_event,
    encode_event,
)

#: The game-record format every game is exported in, named after no game.
FORMAT = "game-record"
FORMAT_VERSION = 3
#: The format's name before version 3 (after the project); its records keep importing.
LEGACY_FORMAT = "dodgecity-game-record"
#: Every (format, version) this engine reads.
READABLE: tuple[tuple[str, int], ...] = ((LEGACY_FORMAT, 1), (LEGACY_FORMAT, 2), (FORMAT, 3))


class RecordedEvent(msgspec.Struct, frozen=True, kw_only=True):
    version: int
    type: str
    recorded_at: str
    hash: str
    command: Command | None = None
    event: msgspec.Raw


class GameRecord(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    format: str
    format_version: int
    game_id: UUID
    #: Exported by a server that had imported the game; left out for games played there.
    imported: bool = False
    ruleset: str | msgspec.UnsetType = msgspec.UNSET  # versions 2 and 3
    rules_version: str
    max_players: int | msgspec.UnsetType = msgspec.UNSET  # version 1: the seats
    variants: msgspec.Raw | msgspec.UnsetType = msgspec.UNSET  # version 1: the settings
    seats: int | msgspec.UnsetType = msgspec.UNSET  # versions 2 and 3
    settings: msgspec.Raw | msgspec.UnsetType = msgspec.UNSET  # versions 2 and 3
    players: list[str]
    events: list[RecordedEvent]


class _Header(msgspec.Struct, kw_only=True):
    """Just enough to tell a game record from any other JSON file."""

    format: str | None = None
    format_version: int | None = None


class RecordRejectedError(ValueError):
    """A game record that cannot be imported; the message says what is wrong with it."""


#: Why a record is refused when checking it failed in a way no check foresaw.
UNVERIFIABLE = "the game record could not be verified: replaying it failed"


def export_record(game_id: UUID, records: Sequence[Record], *, imported: bool = False) -> bytes:
    """The game's record; ``imported`` when the game was stored here from a record."""
    rules = _ruleset_named_by(records[0].type, records[0].version)
    created = records[0].event()
    if not isinstance(created, rules.opening_event):
        raise RecordRejectedError(f"game {game_id} does not begin with its opening event")
    opened = rules.opening(created)
    game = Game(game_id, rules)
    for stored in records:
        game.apply(stored.event())
    record = GameRecord(
        format=FORMAT,
        format_version=FORMAT_VERSION,
        game_id=game_id,
        imported=imported,
        ruleset=rules.name,
        rules_version=opened.rules_version,
        seats=opened.seats,
        settings=msgspec.Raw(msgspec.json.encode(opened.settings)),
        players=[seat.name for seat in game.seats()],
        events=[
            RecordedEvent(
                version=r.version,
                type=r.type,
                recorded_at=r.recorded_at,
                hash=r.hash,
                command=r.command,
                event=msgspec.Raw(r.payload),
            )
            for r in records
        ],
    )
    return msgspec.json.format(msgspec.json.encode(record), indent=1) + b"\n"


def read_record(data: bytes, *, commitment: str | None = None) -> tuple[UUID, list[Record]]:
    """The game id and records in ``data``, fully checked; raises RecordRejectedError.
    ``commitment`` is a seed commitment a player was shown: the game must be the one it is to."""
    try:
        header = msgspec.json.decode(data, type=_Header)
    except msgspec.DecodeError as error:
        raise RecordRejectedError(f"not a game record: {error}") from None
    if header.format not in (FORMAT, LEGACY_FORMAT):
        raise RecordRejectedError(
            f"not a game record: format is {header.format!r}, expected {FORMAT!r}"
        )
    if (header.format, header.format_version) not in READABLE:
        versions = [str(version) for name, version in READABLE if name == header.format]
        raise RecordRejectedError(
            f"{header.format} format version {header.format_version} is not supported "
            f"(this engine reads versions {', '.join(versions)})"
        )
    try:
        record = msgspec.json.decode(data, type=GameRecord)
    except msgspec.DecodeError as error:
        raise RecordRejectedError(f"malformed game record: {error}") from None
    if not record.events:
        raise RecordRejectedError("the game record has no events")
    rules = _ruleset_named_by(record.events[0].type, record.events[0].version)
    records = [_canonical(rules, entry) for entry in record.events]
    _check_header(rules, record, records)
    _check_names(records)
    verdict = verify(record.game_id, records, commitment=commitment)
    if not verdict.ok:
        raise RecordRejectedError(
            f"game record fails verification at version {verdict.version}: {verdict.problem}"
        )
    return record.game_id, records


def read_untrusted_record(
    data: bytes, *, commitment: str | None = None
) -> tuple[UUID, list[Record]]:
    """``read_record`` for a record anyone may have made: a failure its checks do not foresee (a
    crafted history the rules trip over) refuses the record too, rather than escaping as a crash.
    The refusal's ``__cause__`` is that failure, a bug of ours for the caller to log."""
    try:
        return read_record(data, commitment=commitment)
    except RecordRejectedError:
        raise
    except Exception as error:
        raise RecordRejectedError(UNVERIFIABLE) from error


def _canonical(rules: AnyRules, entry: RecordedEvent) -> Record:
    """The stored form of an exported event: its payload re-encoded exactly as it was hashed
    (the file may be pretty-printed or re-indented; the event's content may not change)."""
    try:
        payload = encode_event(decode_event(entry.type, bytes(entry.event)))
        command = canonical_command(rules, entry.command)
    except CorruptRecordError as error:
        raise RecordRejectedError(f"event {entry.version}: {error}") from None
    return Record(
        version=entry.version,
        type=entry.type,
        hash=entry.hash,
        recorded_at=entry.recorded_at,
        command=command,
        payload=payload,
    )


def _ruleset_named_by(topic: str, version: int) -> AnyRules:
    """The ruleset whose game begins with an event of ``topic``."""
    try:
        return default_registry().of_topic(topic)
    except UnknownTopicError as error:
        raise RecordRejectedError(f"event {version}: {error}") from None


def _check_names(records: Sequence[Record]) -> None:
    """Refuse a record whose seat names are not printable text ([TABLE-NAME]): ``verify``
    re-runs stored joins as they were taken, so an import checks the names a live join would."""
    seat = 0
    for record in records:
        if not isinstance(record.command, JoinCommand):
            continue
        seat += 1
        problem = name_problem(record.command.name)
        if problem is not None:
            raise RecordRejectedError(
                f"event {record.version}: the name of seat {seat} is refused "
                f"([{NAME_RULE}] {problem})"
            )


def _check_header(rules: AnyRules, record: GameRecord, records: Sequence[Record]) -> None:
    created = records[0].event()
    if not isinstance(created, rules.opening_event):
        raise RecordRejectedError(
            f"the game record does not begin with {topic_of(rules.opening_event)}"
        )
    opened = rules.opening(created)
    v1 = record.format_version == 1
    seats = record.max_players if v1 else record.seats
    settings = record.variants if v1 else record.settings
    try:
        read = (
            msgspec.UNSET
            if isinstance(settings, msgspec.UnsetType)
            else msgspec.json.decode(settings, type=rules.settings_type)
        )
    except msgspec.DecodeError as error:
        raise RecordRejectedError(f"malformed game record: {error}") from None
    mismatches = [
        name
        for name, in_header, in_event in (
            ("ruleset", rules.name if v1 else record.ruleset, rules.name),
            ("rules_version", record.rules_version, opened.rules_version),
            ("max_players" if v1 else "seats", seats, opened.seats),
            ("variants" if v1 else "settings", read, opened.settings),
        )
        if in_header != in_event
    ]
    if mismatches:
        raise RecordRejectedError(
            f"the header disagrees with the {topic_of(rules.opening_event)} event on: "
            + ", ".join(mismatches)
        )
