"""Stream tickets: a browser's ``EventSource`` follows a game as a seat without its token in a URL.

``EventSource`` cannot send an ``Authorization`` header, and a long-lived token in a URL ends up
in histories, proxies' logs and ``Referer`` headers. So a page trades its token for a ticket
(``POST /games/{game_id}/stream-tickets``) and opens ``GET /games/{game_id}/stream?ticket=…``:
the stream then shows exactly what the token would see.

A ticket is ``v1.<game>.<seat>.<expiry>.<nonce>.<mac>``: the game's id (32 hex digits), the seat
(``h`` for the host's token, which sees what a spectator sees), the Unix second it expires, 16
random hex digits, and an HMAC-SHA256 of all that under the server's ticket secret. Nothing in it
is secret but the MAC; it names no token and cannot be turned into one.

Guarantees:

- **Short-lived**: refused :data:`TICKET_SECONDS` after it was issued.
- **Bound**: to its game (refused on another game's stream) and to its seat (it shows that seat's
  view, never another's).
- **Accepted by every worker**: the secret is derived from the server's secret, which the
  processes of ``dodgecity serve`` share and a restart keeps (``entrypoints/server_secret.py``),
  so a ticket issued by one worker opens a stream on another, and before a restart after it.
- **Single use per worker process**: each process remembers the nonces it accepted until they
  expire, and refuses them again. With ``--workers N`` a stolen ticket could open at most N
  streams in its 30 seconds, each showing only what its own seat may see. A browser that loses its
  stream asks for a new ticket (``EventSource``'s own reconnection with the used one is refused).

Every refusal reads the same ("invalid or expired ticket"): it never says which check failed.
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

import attrs
from litestar.exceptions import NotAuthorizedException

TICKET_SECONDS = 30
SECRET_BYTES = 32
NONCE_HEX = 16
MAX_TICKET_LENGTH = 160  # a ticket is about 130 characters; anything longer is junk
HOST = "h"
VERSION = "v1"
#: What every refused ticket is told, whatever the reason.
REFUSAL = "invalid or expired ticket"
#: Unexpired used nonces kept at most (a few MB). Beyond, tickets are refused rather than a used
#: one forgotten early: reaching it takes over 3,000 streams opened a second for 30 seconds.
MAX_USED = 100_000


def invalid_ticket() -> NotAuthorizedException:
    return NotAuthorizedException(
        detail=REFUSAL, headers={"WWW-Authenticate": 'Bearer realm="dodgecity"'}
    )


@attrs.frozen
class Redeemed:
    """Whom an accepted ticket stands for in its game."""

    game_id: UUID
    seat: int | None  # None: the host's token, which sees what a spectator sees


class StreamTickets:
    """Issues and redeems the tickets of one process. Thread-safe."""

    def __init__(
        self,
        secret: bytes | None = None,
        *,
        seconds: int = TICKET_SECONDS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        # Without a shared secret, this process's own: its tickets open streams only here.
        self._key = hmac.new(
            secret if secret is not None else secrets.token_bytes(SECRET_BYTES),
            b"dodgecity stream tickets",
            hashlib.sha256,
        ).digest()
        self._seconds = seconds
        self._clock = clock  # wall time: the expiry must mean the same in every process
        self._used: OrderedDict[str, int] = OrderedDict()  # nonce -> expiry, oldest first
        self._lock = threading.Lock()

    @property
    def seconds(self) -> int:
        return self._seconds

    def issue(self, game_id: UUID, seat: int | None) -> str:
        expiry = int(self._clock()) + self._seconds
        who = HOST if seat is None else str(seat)
        body = f"{VERSION}.{game_id.hex}.{who}.{expiry}.{secrets.token_hex(NONCE_HEX // 2)}"
        return f"{body}.{self._mac(body)}"

    def redeem(self, game_id: UUID, ticket: str) -> Redeemed:
        """Whom ``ticket`` stands for on ``game_id``'s stream, spending it; a 401 if it is
        malformed, forged, expired, already spent here or for another game."""
        if len(ticket) > MAX_TICKET_LENGTH or not ticket.isascii():
            raise invalid_ticket()
        body, _, mac = ticket.rpartition(".")
        parts = body.split(".")
        if len(parts) != 5 or not hmac.compare_digest(mac, self._mac(body)):
            raise invalid_ticket()
        version, game, who, expiry_text, nonce = parts
        now = int(self._clock())
        if version != VERSION or game != game_id.hex or not expiry_text.isdigit():
            raise invalid_ticket()
        expiry = int(expiry_text)
        if expiry < now:
            raise invalid_ticket()
        with self._lock:
            self._forget_expired(now)
            if nonce in self._used or len(self._used) >= MAX_USED:
                raise invalid_ticket()
            self._used[nonce] = expiry
        return Redeemed(game_id, None if who == HOST else int(who))

    def _mac(self, body: str) -> str:
        return hmac.new(self._key, body.encode(), hashlib.sha256).hexdigest()

    def _forget_expired(self, now: int) -> None:
        # Every ticket lives as long, so nonces expire in the order they were used, give or take
        # the second; one still valid at the front keeps the rest a moment longer, never shorter.
        while self._used:
            first_expiry = next(iter(self._used.values()))
            if first_expiry >= now:
                return
            self._used.popitem(last=False)
