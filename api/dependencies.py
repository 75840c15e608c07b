"""What the handlers are given: one object, injected by litestar as ``services``.

One dependency rather than one per service: litestar resolves several dependencies of a handler
concurrently, each in a task of its own, which cost every request a tenth of its time (measured
with benchmarks/compare.py on make bench-api) for objects that never change while the app runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the controllers import this module, and one of them defines GameWakeups
    from api.idempotency import CreatedGames
    from api.stream import GameWakeups
    from api.wire import ServedGames
    from engine.application import GameService


class Services:
    """A plain class, not a dataclass: litestar hands a dataclass to msgspec, which would read
    its fields and convert every one of them at every request."""

    __slots__ = ("created", "games", "served", "stream_idle_seconds", "wakeups")

    def __init__(
        self,
        games: GameService,
        served: ServedGames,
        created: CreatedGames,
        wakeups: GameWakeups,
        stream_idle_seconds: float,
    ) -> None:
        self.games = games  # the application service: every command and read of a game
        self.served = served  # the games this app serves, and their wire types
        self.created = created  # the answers to POST /games by idempotency key
        self.wakeups = wakeups  # wakes a game's live streams when this process changes it
        self.stream_idle_seconds = stream_idle_seconds  # how long a quiet stream stays open
