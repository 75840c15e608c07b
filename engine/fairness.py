"""Provably fair randomness: a game's seed is committed to when the game is created, and shown
when it ends.

Every shuffle and lot of a game derives from its seed, so whoever knows the seed early knows every
pile. The server draws an unguessable seed and keeps it secret until the end, but players have
only its word that it did not pick one to suit somebody. So at creation it publishes
``seed_commitment(game_id, seed, nonce)``, a SHA-256 hash: it binds the server to the seed without
telling it. When the game ends the seed and the nonce are shown, and anyone can hash them again
and compare with the commitment they saw at the start::

    printf '%s:%s:%s:%s' seed-commitment-v2 GAME_ID NONCE SEED | sha256sum

The nonce is 256 secret random bits drawn for the game and kept exactly as secret as the seed
(it is in the game's create command, which nobody is shown before the end). Without it a seed
the creator chose, such as ``4711``, would be found from its commitment by trying seeds; with it
no guess can be checked. The game id is part of the hash so that one commitment cannot serve two
games. The fields cannot run into each other: the tag is fixed, the id is a 36-character UUID,
the nonce exactly 64 lowercase hex digits, and the seed is whatever follows; the tag also tells
this formula from any later one.

Games created before nonces were committed to ``sha256("<id>:<seed>")``
(``printf '%s:%s' GAME_ID SEED | sha256sum``); they record no nonce and keep verifying by that
formula. A seed the creator chose is marked as chosen: whoever chose it knows every pile.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from uuid import UUID

#: Names the formula inside what is hashed, so a future formula can be told apart.
COMMITMENT_TAG = "seed-commitment-v2"
#: How many random bytes a nonce has: 256 bits, written as 64 hex digits.
NONCE_BYTES = 32
#: What a nonce looks like; the fixed width is what keeps the hashed fields apart.
NONCE_PATTERN = f"^[0-9a-f]{{{2 * NONCE_BYTES}}}$"
_NONCE = re.compile(NONCE_PATTERN)


class MalformedNonceError(ValueError):
    """A nonce that is not 64 lowercase hex digits: no commitment is computed over it."""


def new_seed_nonce() -> str:
    """A fresh secret nonce for a new game's commitment."""
    return secrets.token_hex(NONCE_BYTES)


def seed_commitment(game_id: UUID, seed: str, nonce: str | None) -> str:
    """The commitment to ``seed`` published for game ``game_id``, hex: over the tag, the id, the
    nonce and the seed joined by colons; for a game recorded with no ``nonce``, the formula
    from before nonces, SHA-256 of ``"<id>:<seed>"``."""
    if nonce is None:
        return hashlib.sha256(f"{game_id}:{seed}".encode()).hexdigest()
    if not _NONCE.fullmatch(nonce):
        raise MalformedNonceError("the seed nonce is not 64 lowercase hex digits")
    return hashlib.sha256(f"{COMMITMENT_TAG}:{game_id}:{nonce}:{seed}".encode()).hexdigest()


@dataclass(frozen=True)
class SeedFairness:
    """What players are told about a game's seed."""

    #: The commitment recorded at creation; None for a game created before commitments were.
    commitment: str | None
    #: Whether the creator chose the seed; None when that was not recorded (the same old games).
    chosen: bool | None
    #: The seed itself, once the game has ended; None before.
    seed: str | None
    #: The nonce committed to with the seed, shown with it once the game has ended; None before,
    #: and for games recorded before nonces.
    nonce: str | None = None
