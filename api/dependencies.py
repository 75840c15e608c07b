"""What the handlers are given: the app's services, as ``self.services`` of their controller.

The controllers are written once, and each app serves subclasses of them made by ``serving``
that carry its own services as a class attribute, rather than injecting the services into
every call: litestar's dependency injection (resolving the dependency, then parsing it through
the handler's signature model) cost every request a tenth of its time on ``make bench-api``
(benchmarks/compare.py) for objects that never change while the app runs. Two apps in one
process (the tests make many) each keep their own.

A game's own routes (``GameApi.routes``) are plain handlers: they still ask for ``services``
by injection, which only they pay for.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar, TypeVar

from litestar import Controller

if TYPE_CHECKING:  # the controllers import this module
    from api.http.idempotency import CreatedGames
    from api.http.limits import WorkLimits
    from api.http.metrics import Metrics
    from api.routes.health import HealthCheck
    from api.streams.slots import StreamSlots
    from api.streams.tickets import StreamTickets
    from api.streams.watchers import GameWatchers
    from api.wire import ServedGames
    from engine.application import GameService


class Services:
    """A plain class, not a dataclass: litestar hands an injected dataclass to msgspec, which
    would read its fields and convert every one of them at every request."""

    __slots__ = (
        "created",
        "games",
        "health",
        "limits",
        "metrics",
        "served",
        "stream_idle_seconds",
        "stream_slots",
        "tickets",
        "watchers",
    )

    def __init__(  # noqa: PLR0917 - each is named once, where the app is made
        self,
        games: GameService,
        served: ServedGames,
        created: CreatedGames,
        watchers: GameWatchers,
        stream_idle_seconds: float,
        stream_slots: StreamSlots,
        *,
        limits: WorkLimits,
        health: HealthCheck,
        tickets: StreamTickets,
        metrics: Metrics,
    ) -> None:
        self.games = games  # the application service: every command and read of a game
        self.served = served  # the games this app serves, and their wire types
        self.created = created  # the answers to POST /games by idempotency key
        self.watchers = watchers  # one per game with live streams: wakes them on its news
        self.stream_idle_seconds = stream_idle_seconds  # how long a quiet stream stays open
        self.stream_slots = stream_slots  # the live streams each client holds open
        self.limits = limits  # each address's allowance of new games and bot seats
        self.health = health  # answers /health within a second whatever the database does
        self.tickets = tickets  # issues and redeems the tickets that open a seat's stream
        self.metrics = metrics  # this process's counters, for GET /metrics


class ServicesController(Controller):
    """A controller whose handlers use the app's services; only ``serving``'s subclasses of it
    are registered."""

    services: ClassVar[Services]


Served = TypeVar("Served", bound=ServicesController)


def serving(services: Services, controllers: Iterable[type[Served]]) -> list[type[Served]]:
    """Each controller as a subclass of the same name that serves ``services``."""
    return [
        type(
            controller.__name__,
            (controller,),
            {"services": services, "__module__": controller.__module__},
        )
        for controller in controllers
    ]
