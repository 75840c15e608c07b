"""Catching the read models up from a thread of their own, so that commands never wait for them.

Projecting one command's events right after storing them cost more than storing them did
(measured: 0.25 ms of a 0.62 ms command on SQLite), almost all of it the fixed cost of a batch.
Gathered for a moment and projected together, the same events cost 8-9 µs each. Readers lose
nothing: every read-model query catches up first (``Projections(catch_up_on_read=True)``), so
what a caller wrote is in what it reads next.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)

#: How long the thread lets commands gather before one batch projects them all. A game's
#: summary row is written once per batch however many of its commands the batch holds: at 0.25 s
#: rather than 0.05 s, an action of a real ruleset cost the server about 10% less CPU
#: (``benchmarks/bench_api.py --before``, two checkouts differing only in this), and a reader
#: that finds the batch not yet run catches up itself first, as it always has.
GATHER_SECONDS = 0.25
STOP_SECONDS = 30.0


class BackgroundProjector:
    """Runs ``catch_up`` in a daemon thread soon after each :meth:`poke`, never concurrently
    with itself; pokes that arrive while it runs make it run once more."""

    def __init__(
        self, catch_up: Callable[[], object], *, gather_seconds: float = GATHER_SECONDS
    ) -> None:
        self._catch_up = catch_up
        self._gather_seconds = gather_seconds
        # One lock over both flags: a stop can never slip between reading one and the other.
        self._changed = threading.Condition()
        self._wanted = False
        self._stopping = False
        self._thread: threading.Thread | None = None

    def poke(self) -> None:
        """Ask for a catch-up soon; the thread starts on the first poke.

        A poke while a catch-up is already asked for (the thread gathering, or about to) does
        nothing: the batch to come takes its events too. Waking the thread for each of them
        only to let it wait again cost the API about 8% of its CPU per action (a futex call
        and a switch of threads per command)."""
        if self._wanted:
            # Read without the lock: the thread clears the flag, under the lock, only before it
            # reads the store, so a command stored before this read is in the batch to come.
            return
        with self._changed:
            if self._stopping or self._wanted:
                return
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="read-model projector", daemon=True
                )
                self._thread.start()
            self._wanted = True
            self._changed.notify()

    def close(self) -> None:
        """Stop the thread, after the batch in flight if any; later pokes do nothing."""
        with self._changed:
            self._stopping = True
            self._changed.notify()
            thread = self._thread
        if thread is not None:
            thread.join(STOP_SECONDS)
            if thread.is_alive():
                log.error("the read-model projector did not stop within %s s", STOP_SECONDS)

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._wanted or self._stopping)
                # Let the commands arriving together share one batch; a stop cuts this short.
                self._changed.wait_for(lambda: self._stopping, self._gather_seconds)
                if self._stopping:
                    return
                self._wanted = False  # before catching up: a command stored meanwhile asks again
            try:
                self._catch_up()
            except Exception:  # the events are stored; the next poke or read retries
                log.exception("the read models could not catch up; they will on the next try")
