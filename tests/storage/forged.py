"""What a forger who rewrote a stored game would store: the records with the hash chain computed
again over whatever they now hold, so that only the rules, the times or the commitment can give
the change away."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from engine.records import GENESIS, Record, chain_hash


def resealed(records: Sequence[Record]) -> list[Record]:
    previous = GENESIS
    sealed = []
    for record in records:
        previous = chain_hash(
            previous,
            event_type=record.type,
            version=record.version,
            recorded_at=record.recorded_at,
            command=record.command,
            payload=record.payload,
        )
        sealed.append(msgspec.structs.replace(record, hash=previous))
    return sealed
