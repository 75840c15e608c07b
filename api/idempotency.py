"""Remembering the answers to ``POST /games`` by idempotency key.

Actions need nothing here: their keys are stored with the command in the event log, per seat, so
any process answers a retry from there and only that seat's token can repeat one. A created
game's first answer holds its host token, which is never stored anywhere; so that answer is kept
in this process's memory only, for a day. A retry that finds the game but not the answer (a
restart, another worker) is refused with a 409 that says so, and still never opens a second game:
the key names the game's id.

A key belongs to the client that sent it (its scope: the client address, the one identity an
anonymous creation has), and names a game only together with that scope and a server secret
(an HMAC): another client repeating a key gets a game of its own, never the first one's answer
and token, and nobody can work out a game's id from a key to open that game first. A key must be
at least :data:`MIN_KEY_LENGTH` characters, as a UUID is (122 random bits): a short one is
refused, since a key guessed by a client sharing the address would hand over the token.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from uuid import UUID

import msgspec

from api.schemas import CreatedGame

KEEP_SECONDS = 24 * 3600
MAX_KEPT = 10_000
MIN_KEY_LENGTH = 16
SECRET_BYTES = 32


class WeakIdempotencyKeyError(ValueError):
    def __init__(self) -> None:
        super().__init__(
            f"an Idempotency-Key on POST /games must be at least {MIN_KEY_LENGTH} characters of "
            "random text, such as a UUID: a guessable key would let someone else take the game"
        )


def fingerprint(request: msgspec.Struct) -> str:
    """What the request asked for, so a key reused for a different request is caught."""
    return hashlib.sha256(msgspec.json.encode(request)).hexdigest()


class IdempotencyKeyMismatchError(Exception):
    def __init__(self) -> None:
        super().__init__(
            "this Idempotency-Key was already used for a different request; use a new key"
        )


class CreatedGames:
    """The game id each (scope, key) names, and a bounded, expiring, thread-safe map from
    (scope, key) to the first answer."""

    def __init__(
        self,
        secret: bytes | None = None,
        keep_seconds: float = KEEP_SECONDS,
        max_kept: int = MAX_KEPT,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        # Without a shared secret, this app's own: a retry reaching another process (which
        # has another secret) would open a second game; ``dodgecity serve`` shares one.
        self._secret = secret if secret is not None else secrets.token_bytes(SECRET_BYTES)
        self._keep = keep_seconds
        self._max = max_kept
        self._clock = clock
        self._lock = threading.Lock()
        self._answers: OrderedDict[str, tuple[float, str, CreatedGame]] = OrderedDict()

    def game_id(self, scope: str, key: str) -> UUID:
        """The game ``key`` names when sent by ``scope``: unpredictable without the secret."""
        if len(key) < MIN_KEY_LENGTH:
            raise WeakIdempotencyKeyError
        return UUID(bytes=self._mac(scope, key)[:16], version=4)

    def get(self, scope: str, key: str, request_print: str) -> CreatedGame | None:
        """The first answer for ``key`` from ``scope``; raises if the key came with a different
        request."""
        with self._lock:
            self._expire()
            kept = self._answers.get(self._mac(scope, key).hex())
        if kept is None:
            return None
        _, kept_print, answer = kept
        if kept_print != request_print:
            raise IdempotencyKeyMismatchError
        return answer

    def put(self, scope: str, key: str, request_print: str, answer: CreatedGame) -> None:
        with self._lock:
            self._answers[self._mac(scope, key).hex()] = (self._clock(), request_print, answer)
            while len(self._answers) > self._max:
                self._answers.popitem(last=False)

    def _mac(self, scope: str, key: str) -> bytes:
        # Length-prefixed, so no (scope, key) pair can be spelt as another.
        message = f"{len(scope)}:{scope}{key}".encode()
        return hmac.new(self._secret, message, hashlib.sha256).digest()

    def _expire(self) -> None:
        cutoff = self._clock() - self._keep
        while self._answers:
            stored_at = next(iter(self._answers.values()))[0]
            if stored_at >= cutoff:
                return
            self._answers.popitem(last=False)
