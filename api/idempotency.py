"""Remembering the answers to ``POST /games`` by idempotency key.

Actions need nothing here: their keys are stored with the command in the event log, so any
process answers a retry from there. A created game's first answer holds its host token, which is
never stored anywhere; so that answer is kept in this process's memory only, for a day. A retry
that finds the game but not the answer (a restart, another worker) is refused with a 409 that
says so, and still never opens a second game: the key names the game's id.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

import msgspec

from api.schemas import CreatedGame

KEEP_SECONDS = 24 * 3600
MAX_KEPT = 10_000


def fingerprint(request: msgspec.Struct) -> str:
    """What the request asked for, so a key reused for a different request is caught."""
    return hashlib.sha256(msgspec.json.encode(request)).hexdigest()


class IdempotencyKeyMismatchError(Exception):
    def __init__(self) -> None:
        super().__init__(
            "this Idempotency-Key was already used for a different request; use a new key"
        )


class CreatedGames:
    """A bounded, expiring, thread-safe map from idempotency key to the first answer."""

    def __init__(
        self,
        keep_seconds: float = KEEP_SECONDS,
        max_kept: int = MAX_KEPT,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._keep = keep_seconds
        self._max = max_kept
        self._clock = clock
        self._lock = threading.Lock()
        self._answers: OrderedDict[str, tuple[float, str, CreatedGame]] = OrderedDict()

    def get(self, key: str, request_print: str) -> CreatedGame | None:
        """The first answer for ``key``; raises if the key came with a different request."""
        with self._lock:
            self._expire()
            kept = self._answers.get(key)
        if kept is None:
            return None
        _, kept_print, answer = kept
        if kept_print != request_print:
            raise IdempotencyKeyMismatchError
        return answer

    def put(self, key: str, request_print: str, answer: CreatedGame) -> None:
        with self._lock:
            self._answers[key] = (self._clock(), request_print, answer)
            while len(self._answers) > self._max:
                self._answers.popitem(last=False)

    def _expire(self) -> None:
        cutoff = self._clock() - self._keep
        while self._answers:
            stored_at = next(iter(self._answers.values()))[0]
            if stored_at >= cutoff:
                return
            self._answers.popitem(last=False)
