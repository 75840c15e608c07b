"""Answering a retried ``POST /games`` the same, from any worker of one server and after a restart.

Actions need nothing here: their keys are stored with the command in the event log, per seat, so
any process answers a retry from there and only that seat's token can repeat one.

A creation's key belongs to the client that sent it (its scope: the client address, the one
identity an anonymous creation has). Everything a key names is an HMAC of the scope and the key
under the server's secret, so another client repeating a key gets a game of its own, and nobody
can work out anything from a key without the secret:

- **the game's id**: a retry can never open a second game, in any process, since the id is taken;
- **the host token**: derived, never stored. Every request with the key holds the same token
  whichever worker serves it, and the database holds nothing that opens the game. Keeping a
  random token encrypted instead would need the first request's answer written before anyone
  could replay it; a derived one lets any request that finds the game answer with it;
- **the kept answer's name** (``engine/kept_answers.py``): the first answer, without its token,
  with the request's fingerprint, in the database every worker reads, for :data:`KEEP_SECONDS`.

The first request with a key claims it in the database, then creates the game and keeps the
answer. A retry meanwhile waits for that answer (at most :data:`WAIT_SECONDS`, then 503 with
``Retry-After``) rather than being refused; a retry whose first request died unanswered (its
worker killed) takes the claim over after :data:`ABANDONED_SECONDS` and finishes the work, under
the same id. The same key with another request is 409. Once the key's lifetime is over its answer
is gone: a retry then finds its game but not what was asked, and is refused with 409.

The server secret survives a restart (``dodgecity serve --secret-file``), and so do the answers.
A key must be at least :data:`MIN_KEY_LENGTH` characters, as a UUID is (122 random bits): a short
one is refused, since a key guessed by a client sharing the address would hand over the token.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable
from uuid import UUID

import attrs
import msgspec
from litestar.exceptions import ServiceUnavailableException

from api.schemas import CreatedGame
from engine.application import GameExistsError
from engine.kept_answers import KeptAnswers, KeptRow

log = logging.getLogger(__name__)

KEEP_SECONDS = 24 * 3600
MIN_KEY_LENGTH = 16
SECRET_BYTES = 32
#: How long a retry waits for the first request with its key to answer: creating a game takes
#: milliseconds, or up to the store's own time-out (2 s) a few times over when it is busy.
WAIT_SECONDS = 10.0
#: A claim still unanswered this long after it was made belongs to a request that is gone.
ABANDONED_SECONDS = 30.0
POLL_SECONDS = 0.02

#: Makes the game the first request asked for, with the id and host token given; raises
#: GameExistsError when the id is taken.
Create = Callable[[UUID, str], CreatedGame]
#: The answer about a stored game, with the host token given.
Recall = Callable[[UUID, str], CreatedGame]


class WeakIdempotencyKeyError(ValueError):
    def __init__(self) -> None:
        super().__init__(
            f"an Idempotency-Key on POST /games must be at least {MIN_KEY_LENGTH} characters of "
            "random text, such as a UUID: a guessable key would let someone else take the game"
        )


class IdempotencyKeyMismatchError(Exception):
    def __init__(self) -> None:
        super().__init__(
            "this Idempotency-Key was already used for a different request; use a new key"
        )


class AnswerGoneError(Exception):
    """The key's game exists but what its first request asked is no longer kept."""

    def __init__(self, game_id: UUID) -> None:
        super().__init__(f"game {game_id} was created with this key over a day ago")
        self.game_id = game_id


def fingerprint(ruleset: str, request: msgspec.Struct) -> str:
    """What the request asked for, so a key reused for a different request is caught."""
    return hashlib.sha256(ruleset.encode() + b"\x1f" + msgspec.json.encode(request)).hexdigest()


@attrs.frozen
class KeyNames:
    """What one (scope, key) names."""

    game_id: UUID
    host_token: str
    kept: str  # the kept answer's row


class CreatedGames:
    """Creates a game once per (scope, key) and answers every request with that key alike."""

    def __init__(
        self,
        kept: KeptAnswers,
        secret: bytes | None = None,
        *,
        keep_seconds: float = KEEP_SECONDS,
        wait_seconds: float = WAIT_SECONDS,
        abandoned_seconds: float = ABANDONED_SECONDS,
        clock: Callable[[], float] = time.time,
        pause: Callable[[float], None] = time.sleep,
    ) -> None:
        # Without the server's secret, this app's own: a retry reaching another process (which
        # has another secret) would open a second game; ``dodgecity serve`` shares one.
        self._secret = secret if secret is not None else secrets.token_bytes(SECRET_BYTES)
        self._kept = kept
        self._keep = keep_seconds
        self._wait = wait_seconds
        self._abandoned = abandoned_seconds
        self._clock = clock  # wall-clock seconds: claims are compared across processes
        self._pause = pause

    def names(self, scope: str, key: str) -> KeyNames:
        """What ``key`` names when sent by ``scope``: unpredictable without the secret."""
        if len(key) < MIN_KEY_LENGTH:
            raise WeakIdempotencyKeyError
        token = base64.urlsafe_b64encode(self._mac("host-token", scope, key)).rstrip(b"=")
        return KeyNames(
            game_id=UUID(bytes=self._mac("game-id", scope, key)[:16], version=4),
            host_token=token.decode(),
            kept=self._mac("kept-answer", scope, key).hex(),
        )

    def once(
        self, names: KeyNames, request_print: str, create: Create, recall: Recall
    ) -> tuple[CreatedGame, bool]:
        """The answer to a request with ``names``' key, and whether it is a replay: ``create``
        is called by the first request only (or by the one that takes over its claim)."""
        holder = secrets.token_hex(8)
        deadline = time.monotonic() + self._wait
        inserted, row = self._claim(names, request_print, holder)
        while True:
            if row is not None:
                if row.fingerprint != request_print:
                    raise IdempotencyKeyMismatchError
                if row.answer is not None:
                    return _with_token(row.answer, names, recall), True
                if row.holder == holder:
                    return self._first(
                        names, holder, inserted=inserted, create=create, recall=recall
                    )
            if time.monotonic() >= deadline:
                raise ServiceUnavailableException(
                    detail="the first request with this Idempotency-Key is still creating its "
                    "game; retry soon",
                    headers={"Retry-After": "1"},
                )
            self._pause(POLL_SECONDS)
            row = self._kept.read(names.kept)
            if row is None or self._abandoned_claim(row, request_print):
                inserted, row = self._claim(names, request_print, holder)

    def _first(
        self, names: KeyNames, holder: str, *, inserted: bool, create: Create, recall: Recall
    ) -> tuple[CreatedGame, bool]:
        try:
            answer, replayed = create(names.game_id, names.host_token), False
        except GameExistsError:
            kept = self._kept.read(names.kept)
            if inserted and kept is not None and kept.holder == holder:
                # Nobody else held this key since it had no row: the game is older than it.
                self._release(names, holder)
                raise AnswerGoneError(names.game_id) from None
            # A request that held the key before this one created the game, and is gone.
            answer, replayed = recall(names.game_id, names.host_token), True
        except BaseException:
            self._release(names, holder)
            raise
        try:
            self._kept.answer(names.kept, _without_token(answer))
        except Exception:
            # The game exists and this client gets its answer; a retry takes the claim over
            # once it is abandoned, and answers the same.
            log.exception("the answer to game %s could not be kept", names.game_id)
        return answer, replayed

    def _claim(
        self, names: KeyNames, request_print: str, holder: str
    ) -> tuple[bool, KeptRow | None]:
        now = self._clock()
        claim = self._kept.claim(
            names.kept,
            request_print,
            holder,
            now=now,
            expired_before=now - self._keep,
            abandoned_before=now - self._abandoned,
        )
        return claim.inserted, claim.row

    def _abandoned_claim(self, row: KeptRow, request_print: str) -> bool:
        return (
            row.answer is None
            and row.fingerprint == request_print
            and row.claimed_at < self._clock() - self._abandoned
        )

    def _release(self, names: KeyNames, holder: str) -> None:
        try:
            self._kept.release(names.kept, holder)
        except Exception:  # the request's own error is the one to report; the claim is
            log.exception("the claim on game %s could not be released", names.game_id)

    def _mac(self, label: str, scope: str, key: str) -> bytes:
        # Labelled and length-prefixed, so no (label, scope, key) can be spelt as another.
        message = f"{label}\x1f{len(scope)}:{scope}{key}".encode()
        return hmac.new(self._secret, message, hashlib.sha256).digest()


def _without_token(answer: CreatedGame) -> str:
    return msgspec.json.encode(msgspec.structs.replace(answer, host_token="")).decode()


def _with_token(kept: str, names: KeyNames, recall: Recall) -> CreatedGame:
    try:
        answer = msgspec.json.decode(kept, type=CreatedGame)
    except msgspec.ValidationError:  # kept by an older server, in another shape
        return recall(names.game_id, names.host_token)
    return msgspec.structs.replace(answer, host_token=names.host_token)
