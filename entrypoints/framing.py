"""Where a client's requests begin and end in the bytes it sends, as far as the connection
timeouts need to know (:mod:`entrypoints.connection_guard`): is a request head due, a body, or
nothing (the request is whole, or none has begun).

It reads the head's end (the blank line) and its framing headers only; the HTTP parser behind it
reads everything, refuses what is malformed and answers. So the two never need to agree on a
malformed request: a head this cannot read is taken as one without a body, and the parser
refuses it. A chunked body is taken as whole at the first ``0`` chunk followed by the blank
line; should such bytes stand inside a chunk's data, its body deadline ends early, which only
forgoes a timeout, never cuts off a request.
"""

from __future__ import annotations

import enum

#: A request head larger than this is refused unread: real heads here are well under 8 KiB.
MAX_HEAD_BYTES = 64 * 1024
_END_OF_HEAD = b"\r\n\r\n"
_LAST_CHUNK = b"\r\n0\r\n\r\n"  # the previous chunk's line end, then the zero-size chunk


class Waiting(enum.Enum):
    """What a connection waits for from its client."""

    HEAD = "head"
    BODY = "body"


class RequestFraming:
    """Follows one connection's requests through the bytes received, in order."""

    def __init__(self) -> None:
        self.waiting_for: Waiting | None = Waiting.HEAD  # a head is due once connected
        self._head = bytearray()  # the head received so far
        self._left = 0  # bytes of a body of known length still due
        self._chunked = False
        self._tail = b""  # a chunked body's last bytes, to find its end across reads

    def feed(self, data: bytes) -> bool:
        """Account for ``data``; False if a request head grew beyond :data:`MAX_HEAD_BYTES`."""
        while data:
            if self.waiting_for is Waiting.BODY:
                data = self._body(data)
                continue
            self.waiting_for = Waiting.HEAD
            searched = max(0, len(self._head) - 3)
            self._head += data
            end = self._head.find(_END_OF_HEAD, searched)
            if end < 0:
                return len(self._head) <= MAX_HEAD_BYTES
            data = bytes(self._head[end + 4 :])
            self._begin_body(bytes(self._head[:end]))
            self._head.clear()
        return True

    def _begin_body(self, head: bytes) -> None:
        length, chunked = _framing(head)
        self._chunked, self._left, self._tail = chunked, length, b"\r\n"
        self.waiting_for = Waiting.BODY if chunked or length else None

    def _body(self, data: bytes) -> bytes:
        """Take the body's bytes out of ``data``; the rest, if any, begins the next request."""
        if not self._chunked:
            taken = min(self._left, len(data))
            self._left -= taken
            if not self._left:
                self.waiting_for = None
            return data[taken:]
        seen = self._tail + data
        end = seen.find(_LAST_CHUNK)
        if end < 0:
            self._tail = seen[-(len(_LAST_CHUNK) - 1) :]
            return b""
        self.waiting_for = None
        return seen[end + len(_LAST_CHUNK) :]


def _framing(head: bytes) -> tuple[int, bool]:
    """The body length a head announces, and whether its body comes in chunks."""
    length, chunked = 0, False
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        name = name.strip().lower()
        if name == b"content-length":
            try:
                length = max(0, int(value.strip()))
            except ValueError:
                return 0, False  # malformed: the parser refuses it
        elif name == b"transfer-encoding" and b"chunked" in value.lower():
            chunked = True
    return (0, True) if chunked else (length, False)
