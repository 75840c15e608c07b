"""How long a test waits for something it expects to happen: one generous bound for every wait.

A bound here only keeps a failing test from hanging. It is never a measure of speed: a test waits
for the event itself (a line in a log, a closed socket, a status) and goes on the moment it comes,
so a busy machine makes a passing test slower, never failing. ``docs/TEST-TIMING.md`` lists every
wait of the suite and why it holds under load.
"""

from __future__ import annotations

import time
from collections.abc import Callable

#: Seconds to wait for a server, a thread or a browser to do what the test expects. Longer than
#: a process start or a bot game on a loaded two-core machine by a wide margin.
PATIENCE = 60.0


def wait_until(condition: Callable[[], object], *, seconds: float = PATIENCE, interval: float = 0.05) -> bool:
    """Poll ``condition()`` until it is true or ``seconds`` pass; whether it became true."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(interval)
    return bool(condition())
