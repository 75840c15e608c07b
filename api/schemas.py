"""The bodies the API accepts and answers with whatever the game; each game's own are made in
``api/wire.py`` from its ``api/<game>/`` package.

Requests forbid unknown fields, so a misspelt field is a 400 naming it rather than being ignored.
"""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

import msgspec

Version = Annotated[int, msgspec.Meta(ge=0, le=1_000_000_000)]
#: litestar leaves out a bound of 0 (it tests bounds for truth), so parameters restate it.
ZERO_MINIMUM: dict[str, object] = {"minimum": 0}


class _Request(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


class BotSeated(msgspec.Struct, frozen=True, kw_only=True):
    game_id: UUID
    seat: int
    version: int
    kind: str  # one of its ruleset's bot_kinds (GET /rulesets)
    name: str


class CreatedGame(msgspec.Struct, frozen=True, kw_only=True):
    game_id: UUID
    ruleset: str  # the game it plays (GET /rulesets)
    version: int
    host_token: str  # shown once; start the game with it (Authorization: Bearer …)
    #: SHA-256 (hex) over the game id, a secret nonce and the seed (engine/fairness.py): keep
    #: it, and check the seed and nonce the game shows when it ends against it (or run
    #: ``dodgecity verify GAME --commitment HEX``).
    seed_commitment: str
    seed_chosen: bool  # the request chose the seed: every player is told so


class SeatTaken(msgspec.Struct, frozen=True, kw_only=True):
    game_id: UUID
    seat: int
    version: int
    token: str  # shown once; every request as this seat carries it


class StartRequest(_Request, frozen=True):
    expected_version: Version | None = None


class Told(msgspec.Struct, frozen=True, kw_only=True):
    """One event in words, as the caller may see it."""

    version: int
    type: str  # the event's type, as in GET …/events
    text: str


class NarrationPage(msgspec.Struct, frozen=True, kw_only=True):
    """Events after version ``after`` told in plain English, as the caller may see them: what a
    frontend shows as the game's log."""

    game_id: UUID
    entries: list[Told]
    latest_version: int
    next_after: int | None  # pass as ``after`` for the next page; None when none is left
