"""Provably fair randomness: a game's seed is committed to when the game is created, and shown
when it ends.

Every shuffle and lot of a game derives from its seed, so whoever knows the seed early knows every
pile. The server draws an unguessable seed and keeps it secret until the end, but players have
only its word that it did not pick one to suit somebody. So at creation it publishes
``seed_commitment(game_id, seed)``, a SHA-256 hash: it binds the server to the seed without
telling it (finding a seed for a given hash is infeasible). When the game ends the seed is shown,
and anyone can hash it again and compare with the commitment they saw at the start::

    printf '%s:%s' GAME_ID SEED | sha256sum

The game id is part of the hash so that one commitment cannot serve two games. A seed the creator
chose is marked as chosen: it is committed to as well, but whoever chose it knows every pile.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from uuid import UUID


def seed_commitment(game_id: UUID, seed: str) -> str:
    """The commitment to ``seed`` published for game ``game_id``: SHA-256 of ``"<id>:<seed>"``,
    hex. The id is a fixed-length UUID text, so the colon cannot be confused with the seed's."""
    return hashlib.sha256(f"{game_id}:{seed}".encode()).hexdigest()


@dataclass(frozen=True)
class SeedFairness:
    """What players are told about a game's seed."""

    #: The commitment recorded at creation; None for a game created before commitments were.
    commitment: str | None
    #: Whether the creator chose the seed; None when that was not recorded (the same old games).
    chosen: bool | None
    #: The seed itself, once the game has ended; None before.
    seed: str | None
