"""The portable game record: one game's whole history as a JSON file, and reading it back.

A record holds every event with its hash, time and command, plus the rules version and settings
in a header for people and tools that only want those. Importing checks everything before writing
anything: the format, the header against the first event, the hash chain, and a re-run of every
command through the rules; only a record that passes all of them is stored, in one write.

A record is complete: it includes every hand and the seed. Share records of running games only with
whoever may see everything.
"""

from __future__ import annotations

from collections.abc import Sequence
from uuid import UUID

import msgspec

from domain.events.dodgecity import GameCreated, PlayerJoined, Variants
from domain.registry import AnyRules, UnknownTopicError, default_registry
from engine.audit import verify
from engine.records import (
    Command,
    CorruptRecordError,
    Record,
    canonical_command,
    decode_event,
    encode_event,
)

FORMAT = "dodgecity-game-record"
FORMAT_VERSION = 1


class RecordedEvent(msgspec.Struct, frozen=True, kw_only=True):
    version: int
    type: str
    recorded_at: str
    hash: str
    command: Command | None = None
    event: msgspec.Raw


class GameRecord(msgspec.Struct, frozen=True, kw_only=True):
    format: str
    format_version: int
    game_id: UUID
    rules_version: str
    max_players: int
    variants: Variants
    players: list[str]
    events: list[RecordedEvent]


class _Header(msgspec.Struct, kw_only=True):
    """Just enough to tell a game record from any other JSON file."""

    format: str | None = None
    format_version: int | None = None


class RecordRejectedError(ValueError):
    """A game record that cannot be imported; the message says what is wrong with it."""


def export_record(game_id: UUID, records: Sequence[Record]) -> bytes:
    created = records[0].event()
    if not isinstance(created, GameCreated):
        raise RecordRejectedError(f"game {game_id} does not begin with GameCreated")
    players = [
        event.name for event in (r.event() for r in records) if isinstance(event, PlayerJoined)
    ]
    record = GameRecord(
        format=FORMAT,
        format_version=FORMAT_VERSION,
        game_id=game_id,
        rules_version=created.rules_version,
        max_players=created.max_players,
        variants=created.variants,
        players=players,
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


def read_record(data: bytes) -> tuple[UUID, list[Record]]:
    """The game id and records in ``data``, fully checked; raises RecordRejectedError."""
    try:
        header = msgspec.json.decode(data, type=_Header)
    except msgspec.DecodeError as error:
        raise RecordRejectedError(f"not a game record: {error}") from None
    if header.format != FORMAT:
        raise RecordRejectedError(
            f"not a game record: format is {header.format!r}, expected {FORMAT!r}"
        )
    if header.format_version != FORMAT_VERSION:
        raise RecordRejectedError(
            f"game record format version {header.format_version} is not supported "
            f"(this engine reads version {FORMAT_VERSION})"
        )
    try:
        record = msgspec.json.decode(data, type=GameRecord)
    except msgspec.DecodeError as error:
        raise RecordRejectedError(f"malformed game record: {error}") from None
    rules = _ruleset_of(record)
    records = [_canonical(rules, entry) for entry in record.events]
    _check_header(record, records)
    verdict = verify(record.game_id, records)
    if not verdict.ok:
        raise RecordRejectedError(
            f"game record fails verification at version {verdict.version}: {verdict.problem}"
        )
    return record.game_id, records


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


def _ruleset_of(record: GameRecord) -> AnyRules:
    """The ruleset the record's first event names."""
    if not record.events:
        raise RecordRejectedError("the game record has no events")
    try:
        return default_registry().of_topic(record.events[0].type)
    except UnknownTopicError as error:
        raise RecordRejectedError(f"event {record.events[0].version}: {error}") from None


def _check_header(record: GameRecord, records: Sequence[Record]) -> None:
    if not records:
        raise RecordRejectedError("the game record has no events")
    created = records[0].event()
    if not isinstance(created, GameCreated):
        raise RecordRejectedError("the game record does not begin with GameCreated")
    mismatches = [
        name
        for name, in_header, in_event in (
            ("rules_version", record.rules_version, created.rules_version),
            ("max_players", record.max_players, created.max_players),
            ("variants", record.variants, created.variants),
        )
        if in_header != in_event
    ]
    if mismatches:
        raise RecordRejectedError(
            "the header disagrees with the GameCreated event on: " + ", ".join(mismatches)
        )
