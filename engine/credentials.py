"""Who may do what in a game: the host's and each seat's secret token, kept only as hashes.

A token is a random secret handed out once (when the game is created, when a seat is taken). The
store keeps ``credential_hash(game, token)`` in the command that handed it out, inside the same
write as the game's own events, so a seat and its credential can never be stored apart. The game
id is part of the hash: a token is worthless in any other game, even one with the same seats.

:class:`Access` is what the application learns from a game's commands as it reads them: the
credential hashes, and the idempotency keys of actions already performed.
"""

from __future__ import annotations

import bisect
import hashlib
import hmac
import secrets
from array import array
from dataclasses import dataclass, field
from uuid import UUID

import msgspec

from domain.events.base import DomainEvent
from engine.records import ActCommand, Command, CreateCommand, JoinCommand

#: The only characters a token may have: what ``token_urlsafe`` produces.
TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
TOKEN_BYTES = 32


def new_token() -> str:
    """A fresh secret: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def credential_hash(game_id: UUID, token: str) -> str:
    return hashlib.sha256(f"{game_id}\x1f{token}".encode()).hexdigest()


@dataclass(frozen=True)
class Caller:
    """Whom a token names in one game: the host, or the holder of one seat."""

    seat: int | None = None
    host: bool = False


@dataclass(frozen=True)
class PastAction:
    """An action performed with an idempotency key, and where its events start."""

    action: msgspec.Raw  # as recorded; read it with the game's action type
    first_version: int


@dataclass
class Access:
    host: str | None = None
    seats: dict[int, str] = field(default_factory=dict)
    joined: int = 0  # seats taken: each stored join command took the next one
    performed: dict[tuple[int, str], PastAction] = field(default_factory=dict)
    #: The first version of each command: an array, not a list, as a long game has tens of
    #: thousands, and a snapshot (engine/snapshots.py) reads them back as one block of bytes.
    command_starts: array[int] = field(default_factory=lambda: array("q"))
    opening: CreateCommand | None = None  # what its creator published about the seed, too

    def note(self, command: Command | None, first_event: DomainEvent) -> None:
        """Learn from a stored command and the first event it recorded."""
        if command is None:
            return
        first_version = first_event.originator_version
        self.command_starts.append(first_version)
        if isinstance(command, CreateCommand):
            self.host = command.host_credential
            self.opening = command
        elif isinstance(command, JoinCommand):
            if command.credential:
                self.seats[self.joined] = command.credential
            self.joined += 1
        elif isinstance(command, ActCommand) and command.idempotency_key:
            key = (command.seat, command.idempotency_key)
            self.performed[key] = PastAction(command.action, first_version)

    def identify(self, game_id: UUID, token: str) -> Caller | None:
        """The caller ``token`` names in this game, or None if it names nobody here."""
        hashed = credential_hash(game_id, token)
        # Compare against every credential, always, in constant time per comparison, so the
        # answer's timing says nothing about which hash came close.
        found: Caller | None = None
        if self.host is not None and hmac.compare_digest(self.host, hashed):
            found = Caller(host=True)
        for seat, credential in tuple(self.seats.items()):  # a copy: a join may add one
            if hmac.compare_digest(credential, hashed):
                found = Caller(seat=seat)
        return found

    def last_version_of_command_at(self, first_version: int, latest: int) -> int:
        """The version a command that started at ``first_version`` left the game at."""
        index = bisect.bisect_right(self.command_starts, first_version)
        return self.command_starts[index] - 1 if index < len(self.command_starts) else latest
