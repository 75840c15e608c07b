"""Encoding domain events for the event store with msgspec.

The stored topic is the event's class name (stable across module moves); the payload is the
event's JSON. Decoding goes back to the exact class, so tuples stay tuples and enums stay enums.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

import msgspec
from eventsourcing.persistence import (
    JSONTranscoder,
    Mapper,
    MapperDeserialisationError,
    StoredEvent,
)

from domain.events import EVENT_TYPES_BY_NAME, DomainEvent

_encoder = msgspec.json.Encoder()
_decoders: dict[str, msgspec.json.Decoder[Any]] = {
    name: msgspec.json.Decoder(cls) for name, cls in EVENT_TYPES_BY_NAME.items()
}


def encode_event(event: DomainEvent) -> bytes:
    return _encoder.encode(event)


def decode_event(topic: str, payload: bytes) -> DomainEvent:
    decoder = _decoders.get(topic)
    if decoder is None:
        raise MapperDeserialisationError(f"unknown event type {topic!r}")
    try:
        event: DomainEvent = decoder.decode(payload)
    except msgspec.ValidationError as error:
        raise MapperDeserialisationError(f"bad {topic} payload: {error}") from error
    return event


class MsgspecMapper(Mapper[UUID]):
    def __init__(self) -> None:
        super().__init__(transcoder=JSONTranscoder())

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        event: DomainEvent = domain_event
        return StoredEvent(
            originator_id=event.originator_id,
            originator_version=event.originator_version,
            topic=type(event).__name__,
            state=encode_event(event),
        )

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        return decode_event(stored_event.topic, stored_event.state)
