"""A one-line progress bar for long command-line runs, redrawn in place on a terminal."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

#: Redraw at most this often: drawing every game of a fast run would cost more than the games.
REDRAW_SECONDS = 0.1


class ProgressBar:
    """``bar(done)`` redraws ``[#####     ] done/total games, rate/s, ETA``; ``bar.close()`` ends
    the line. The clock is a parameter so that tests can drive it."""

    def __init__(
        self,
        total: int,
        stream: TextIO,
        *,
        width: int = 30,
        unit: str = "games",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._total = max(total, 1)
        self._stream = stream
        self._width = width
        self._unit = unit
        self._clock = clock
        self._started = clock()
        self._drawn_at: float | None = None
        self._done = 0

    def __call__(self, done: int) -> None:
        self._done = done
        now = self._clock()
        finished = done >= self._total
        if not finished and self._drawn_at is not None and now - self._drawn_at < REDRAW_SECONDS:
            return
        self._drawn_at = now
        self._stream.write("\r" + self.line(done, now - self._started))
        self._stream.flush()

    def line(self, done: int, elapsed: float) -> str:
        filled = self._width * min(done, self._total) // self._total
        bar = "#" * filled + " " * (self._width - filled)
        rate = done / elapsed if elapsed > 0 else 0.0
        remaining = (self._total - done) / rate if rate > 0 else None
        eta = "" if remaining is None or done >= self._total else f", {remaining:.0f} s left"
        return f"[{bar}] {done}/{self._total} {self._unit}, {rate:.1f}/s{eta}"

    def close(self) -> None:
        if self._drawn_at is not None:
            self._stream.write("\n")
            self._stream.flush()
