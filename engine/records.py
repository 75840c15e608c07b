"""How one stored event is kept: the domain event inside an envelope that chains it to the last.

The event store's ``state`` column holds an :class:`Envelope`: the event's JSON, when it was
recorded, the command that caused it (on the first event of each command only), and a SHA-256 hash
over the previous event's hash, the event type, its version, the time, the command and the payload.
Changing, dropping or reordering any stored event breaks every hash after it, which ``verify``
detects; re-running the recorded commands through the rules catches a rewritten chain too.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import Annotated, Any
from uuid import UUID

import msgspec

from domain.aggregates.game import AnyGame
from domain.events.base import DomainEvent
from domain.registry import AnyRules, UnknownTopicError, default_registry, topic_of
from engine.fairness import NONCE_PATTERN, seed_commitment

#: The ``previous`` hash of a game's first event.
GENESIS = "0" * 64


# Fields added after the first release default to None and are left out of the JSON when None
# (omit_defaults), so the commands stored before them encode, and hash, exactly as they did.


class CreateCommand(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, tag="create"):
    """Open a game; its settings are in the first event it recorded.

    ``host_credential`` is the hash of the host's token (``engine/credentials.py``), never
    the token itself.

    ``seed_commitment`` is the hash of the game's seed and ``seed_nonce`` published at
    creation (``engine/fairness.py``), and ``seed_chosen`` says the creator chose the seed rather
    than the server drawing it. Games created before they were recorded have neither; games
    created before nonces (and simulated games, see ``create_command``) have no nonce. The
    nonce is as secret as the seed: no player, spectator or host is shown this command before
    the game ends (a running game's record leaves commands out, ``api/routes/records.py``)."""

    host_credential: str | None = None
    seed_commitment: str | None = None
    seed_chosen: bool = False
    seed_nonce: Annotated[str, msgspec.Meta(pattern=NONCE_PATTERN)] | None = None


class JoinCommand(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, tag="join"):
    """Take a seat; ``credential`` is the hash of the seat's token, never the token. A bot
    seat names its ``bot`` kind and has no credential: only the server plays it.

    ``colour`` holds the seat's attributes in the ruleset's own terms. The first game named it
    after its only attribute and always wrote it, null included; stored hashes pin both, so it
    keeps that name, and a ruleset whose seats have no attributes leaves it out (UNSET)."""

    name: str
    colour: Any | msgspec.UnsetType = msgspec.UNSET
    credential: str | None = None
    bot: str | None = None

    @property
    def attributes(self) -> Any:
        return None if self.colour is msgspec.UNSET else self.colour


class StartCommand(msgspec.Struct, frozen=True, tag="start"):
    pass


class ActCommand(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, tag="act"):
    """``seat`` performs ``action``; ``idempotency_key`` is the client's key for the request,
    so a retry is answered from the log instead of acting twice. ``stand_in`` says the
    computer player standing in for the seat's absent player acted (a person's own action on
    such a seat takes it back)."""

    seat: int
    action: msgspec.Raw  # the action's JSON as sent: read with its game's action type
    idempotency_key: str | None = None
    stand_in: bool = False


class TimeoutCommand(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, tag="timeout"):
    """``seat``'s time ran out: the rules decide in its place. ``claimed_by`` is the seat that
    claimed it, None for the server's own timer."""

    seat: int
    claimed_by: int | None = None


class HandOverCommand(msgspec.Struct, frozen=True, kw_only=True, tag="hand-over"):
    """The host hands ``seat``, whose time ran out, to the clock's computer player."""

    seat: int


class TakeBackCommand(msgspec.Struct, frozen=True, kw_only=True, tag="take-back"):
    """``seat``'s player plays it again."""

    seat: int


class AbandonCommand(msgspec.Struct, frozen=True, kw_only=True, tag="abandon"):
    """Close a game that did not start within ``after_seconds``."""

    after_seconds: int


Command = (
    CreateCommand
    | JoinCommand
    | StartCommand
    | ActCommand
    | TimeoutCommand
    | HandOverCommand
    | TakeBackCommand
    | AbandonCommand
)


#: The kernel's commands about the table around a game: its clock, its absent players, its
#: abandonment.
TableCommand = TimeoutCommand | HandOverCommand | TakeBackCommand | AbandonCommand


def run_table_command(game: AnyGame, command: TableCommand, at: datetime) -> None:
    """Perform ``command`` on ``game`` at ``at``: as the service performs it, and as ``verify``
    re-runs it at its recorded time."""
    if isinstance(command, TimeoutCommand):
        game.time_out(command.seat, at=at, claimed_by=command.claimed_by)
    elif isinstance(command, HandOverCommand):
        game.hand_to_bot(command.seat, at=at)
    elif isinstance(command, TakeBackCommand):
        game.take_back(command.seat, at=at)
    else:
        game.abandon(after_seconds=command.after_seconds, at=at)


def decider(command: Command | None) -> tuple[int | None, bool]:
    """The seat whose decision ``command`` is (None: nobody's) and whether its own player made
    it: what the clock needs of a stored command (``Game.replay``)."""
    if isinstance(command, ActCommand):
        return command.seat, not command.stand_in
    if isinstance(command, TimeoutCommand):
        return command.seat, False
    return None, True


def act_command(
    seat: int, action: Any, idempotency_key: str | None = None, *, stand_in: bool = False
) -> ActCommand:
    """The record of ``seat`` performing ``action``."""
    return ActCommand(
        seat=seat,
        action=msgspec.Raw(_encoder.encode(action)),
        idempotency_key=idempotency_key,
        stand_in=stand_in,
    )


def create_command(
    game_id: UUID,
    seed: str,
    *,
    chosen: bool,
    host_credential: str | None = None,
    nonce: str | None = None,
) -> CreateCommand:
    """The record of opening game ``game_id`` with ``seed``, committing to the seed and
    ``nonce``. A game shown to anyone while it runs needs a nonce (``new_seed_nonce``); one
    stored only once it has ended, as the simulator stores its games, may go without: its seed
    is public from the first moment anyone sees it, and its record stays the same bytes for the
    same seed."""
    return CreateCommand(
        host_credential=host_credential,
        seed_commitment=seed_commitment(game_id, seed, nonce),
        seed_chosen=chosen,
        seed_nonce=nonce,
    )


def join_command(
    name: str, attributes: Any, *, credential: str | None = None, bot: str | None = None
) -> JoinCommand:
    """The record of a seat taken with ``attributes`` (None written as null: see JoinCommand)."""
    return JoinCommand(name=name, colour=attributes, credential=credential, bot=bot)


class Envelope(msgspec.Struct, frozen=True, kw_only=True):
    hash: str
    recorded_at: str
    command: Command | None = None
    event: msgspec.Raw


class Record(msgspec.Struct, frozen=True, kw_only=True):
    """One stored event, decoded: what audits, exports and projections read."""

    version: int
    type: str
    hash: str
    recorded_at: str
    command: Command | None
    payload: bytes  # the event's JSON exactly as stored

    def event(self) -> DomainEvent:
        return decode_event(self.type, self.payload)


class CorruptRecordError(ValueError):
    """A stored or imported event that cannot be read back."""


_encoder = msgspec.json.Encoder()
_envelope_decoder = msgspec.json.Decoder(Envelope)
_event_decoders: dict[str, msgspec.json.Decoder[Any]] = {}
_action_decoders: dict[str, msgspec.json.Decoder[Any]] = {}


def encode_event(event: DomainEvent) -> bytes:
    return _encoder.encode(event)


def decode_event(event_type: str, payload: bytes) -> DomainEvent:
    """The event of topic ``event_type`` stored as ``payload``, read by its own game's class."""
    decoder = _event_decoders.get(event_type)
    if decoder is None:
        try:
            decoder = msgspec.json.Decoder(default_registry().event_type(event_type))
        except UnknownTopicError:
            raise CorruptRecordError(f"unknown event type {event_type!r}") from None
        _event_decoders[event_type] = decoder
    try:
        event: DomainEvent = decoder.decode(payload)
    except msgspec.DecodeError as error:
        raise CorruptRecordError(f"unreadable {event_type} event: {error}") from error
    return event


def decode_action(rules: AnyRules, action: msgspec.Raw) -> Any:
    """A recorded action read as one of ``rules``' actions; CorruptRecordError if it is none."""
    decoder = _action_decoders.get(rules.name)
    if decoder is None:
        decoder = _action_decoders[rules.name] = msgspec.json.Decoder(rules.action_type)
    try:
        return decoder.decode(action)
    except msgspec.DecodeError as error:
        raise CorruptRecordError(f"unreadable {rules.name} action: {error}") from error


def canonical_command(rules: AnyRules, command: Command | None) -> Command | None:
    """``command`` with its action's JSON as the store keeps it, read with ``rules``' action
    type and written again. A game record may be re-indented or its keys re-ordered; the hash
    is over the form the engine writes."""
    if not isinstance(command, ActCommand):
        return command
    action = msgspec.Raw(_encoder.encode(decode_action(rules, command.action)))
    return msgspec.structs.replace(command, action=action)


def encode_command(command: Command | None) -> bytes:
    return b"null" if command is None else _encoder.encode(command)


def chain_hash(
    previous: str,
    *,
    event_type: str,
    version: int,
    recorded_at: str,
    command: Command | None,
    payload: bytes,
) -> str:
    digest = hashlib.sha256()
    for part in (previous, event_type, str(version), recorded_at):
        digest.update(part.encode())
        digest.update(b"\x1f")  # unit separator: no field can run into the next
    digest.update(encode_command(command))
    digest.update(b"\x1f")
    digest.update(payload)
    return digest.hexdigest()


def seal(
    events: list[DomainEvent], previous: str, recorded_at: str, command: Command
) -> list[Record]:
    """Records for the events one command produced, chained on from ``previous``."""
    records = []
    for index, event in enumerate(events):
        event_type = topic_of(type(event))
        payload = encode_event(event)
        cause = command if index == 0 else None
        previous = chain_hash(
            previous,
            event_type=event_type,
            version=event.originator_version,
            recorded_at=recorded_at,
            command=cause,
            payload=payload,
        )
        records.append(
            Record(
                version=event.originator_version,
                type=event_type,
                hash=previous,
                recorded_at=recorded_at,
                command=cause,
                payload=payload,
            )
        )
    return records


def seal_game(
    commands: Sequence[tuple[Command, list[DomainEvent]]], recorded_at: str
) -> list[Record]:
    """Records for a whole game, command after command, in one chain from the genesis."""
    records: list[Record] = []
    head = GENESIS
    for command, events in commands:
        records.extend(seal(events, head, recorded_at, command))
        if records:
            head = records[-1].hash
    return records


def by_command(records: Sequence[Record]) -> Iterator[tuple[Command | None, Sequence[Record]]]:
    """``records`` a command at a time: each command with the records of the events it
    recorded (a command's first record holds it; None for records before any command, which
    only a list cut short at its start has)."""
    start = 0
    for index in range(1, len(records) + 1):
        if index == len(records) or records[index].command is not None:
            yield records[start].command, records[start:index]
            start = index


def envelope_bytes(record: Record) -> bytes:
    return _encoder.encode(
        Envelope(
            hash=record.hash,
            recorded_at=record.recorded_at,
            command=record.command,
            event=msgspec.Raw(record.payload),
        )
    )


def open_envelope(event_type: str, version: int, state: bytes) -> Record:
    try:
        envelope = _envelope_decoder.decode(state)
    except msgspec.DecodeError as error:
        raise CorruptRecordError(f"event {version}: unreadable envelope: {error}") from error
    return Record(
        version=version,
        type=event_type,
        hash=envelope.hash,
        recorded_at=envelope.recorded_at,
        command=envelope.command,
        payload=bytes(envelope.event),
    )
