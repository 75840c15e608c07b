"""``GET /metrics``: the server's counters in the Prometheus text format (version 0.0.4), kept
and written by ``prometheus_client``.

One process counts on its own. Several worker processes (``dodgecity serve --workers N``) count
in prometheus_client's multi-process mode: the serve command makes a folder for the run and
names it in ``PROMETHEUS_MULTIPROC_DIR`` before the workers start (``entrypoints/metrics_dir.py``),
each worker writes its figures to its own files there, and a scrape, whichever worker answers it,
reads and adds up every worker's. The open-streams gauge is a live sum: the streams open in
every running worker. A worker killed outright leaves its last count of open streams in the
folder until the server stops (prometheus_client's ``mark_process_dead`` is for a supervisor that
knows the worker died; uvicorn's does not tell). The gauges read from the database at the scrape
(games running, projection lag, store up) are the same in every worker, so the scraping worker
reads them alone.

No label ever comes from user input: requests are labelled by the route template litestar
matched (``/games/{game_id}``), every path no route serves as :data:`UNMATCHED`, and methods
outside the HTTP ones as ``OTHER``; rulesets are the served ones; problem types are ours.

A request whose client went away before it was answered (a body that stalled past
``--body-timeout``, a hang-up) is counted with ``status="499"``, nginx's "client closed
request", never as a 5xx: the status stays a number, so a ``5..`` alert counts only the server's
own failures and no client can set one off (``api/http/request_log.py`` decides it).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from litestar import Request, Response
from prometheus_client import (
    CONTENT_TYPE_PLAIN_0_0_4,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.metrics import disable_created_metrics
from prometheus_client.metrics_core import GaugeMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector

from api.http.problems import TYPE_BASE, Problem

#: The variable that puts prometheus_client in multi-process mode: read when it is first imported.
MULTIPROCESS_VARIABLE = "PROMETHEUS_MULTIPROC_DIR"
CONTENT_TYPE = CONTENT_TYPE_PLAIN_0_0_4  # "text/plain; version=0.0.4; charset=utf-8"
PREFIX = "dodgecity_"
UNMATCHED = "unmatched"  # the route label of every path no route serves
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
#: Latency buckets, seconds: a read takes about a millisecond, an action a few, a stream minutes.
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 60.0)
CONFLICT_STATUSES = frozenset({409, 412})

ExceptionHandler = Callable[[Request[Any, Any, Any], Any], Response[Any]]

# A ``_created`` series beside every counter and histogram (the time it was made, per process)
# is not part of what /metrics documents, and means nothing summed over workers.
disable_created_metrics()  # type: ignore[no-untyped-call]  # the library's are untyped


class Metrics:
    """The counters of one app. Thread-safe (prometheus_client's own locks): requests are counted
    on the event loop, actions and bot turns in the store's worker threads.

    In multi-process mode (``PROMETHEUS_MULTIPROC_DIR`` set) the figures go to this process's
    files in that folder, where two apps in one process would count as one: ``dodgecity serve``
    makes one app per worker."""

    def __init__(self) -> None:
        self._directory = os.environ.get(MULTIPROCESS_VARIABLE) or None
        self._series: dict[tuple[str, str | None, int], tuple[Counter, Histogram]] = {}
        self._action_series: dict[str, Counter] = {}  # by ruleset, as ``_series``
        # Every app its own registry: the tests make many apps in one process.
        registry = CollectorRegistry(auto_describe=True)
        self._registry = registry
        self._requests = Counter(
            PREFIX + "http_requests",
            "HTTP requests answered by every worker process, by method, route template and status.",
            ("method", "route", "status"),
            registry=registry,
        )
        self._latency = Histogram(
            PREFIX + "http_request_duration_seconds",
            "Time to answer a request, by route template (a stream's is its whole life).",
            ("route",),
            buckets=BUCKETS,
            registry=registry,
        )
        self._actions = Counter(
            PREFIX + "actions",
            "Actions performed through POST /games/{game_id}/actions by every worker process, "
            "by ruleset.",
            ("ruleset",),
            registry=registry,
        )
        self._conflicts = Counter(
            PREFIX + "conflicts",
            "Requests answered 409 or 412 by every worker process, by status and problem type.",
            ("status", "type"),
            registry=registry,
        )
        self._turn_caps = Counter(
            PREFIX + "bot_turn_cap_reached",
            "Turns in which a bot seat recorded as many actions as the cap allows, the rules' "
            "default decisions playing the rest, by ruleset.",
            ("ruleset",),
            registry=registry,
        )
        self._streams = Gauge(
            PREFIX + "open_streams",
            "Live event streams open in every running worker process.",
            registry=registry,
            multiprocess_mode="livesum",
        )

    def request(self, method: str, route: str | None, status: int, seconds: float) -> None:
        key = (method, route, status)
        series = self._series.get(key)
        if series is None:
            series = self._series[key] = self._request_series(method, route, status)
        requests, latency = series
        requests.inc()
        latency.observe(seconds)

    def _request_series(
        self, method: str, route: str | None, status: int
    ) -> tuple[Counter, Histogram]:
        """The counter and the histogram a request of this kind moves: looked up once per kind
        (``labels`` costs more than the count itself). Kinds are few: methods, route templates
        and statuses are the server's, never a client's."""
        route = route or UNMATCHED
        method = method if method in _METHODS else "OTHER"
        return self._requests.labels(method, route, str(status)), self._latency.labels(route)

    def stream_opened(self) -> None:
        """A live event stream began to be answered (told by ``api/http/request_log.py``)."""
        self._streams.inc()

    def stream_closed(self) -> None:
        self._streams.dec()

    def action(self, ruleset: str) -> None:
        series = self._action_series.get(ruleset)
        if series is None:
            series = self._action_series[ruleset] = self._actions.labels(ruleset)
        series.inc()

    def bot_turn_cap(self, ruleset: str) -> None:
        """A bot seat reached the cap on its actions in one turn (told by the bot thread)."""
        self._turn_caps.labels(ruleset).inc()

    def conflict(self, status: int, kind: str) -> None:
        self._conflicts.labels(str(status), kind).inc()

    def counting_conflicts(self, handlers: Mapping[Any, ExceptionHandler]) -> dict[Any, Any]:
        """The exception handlers, each also counting the 409 and 412 problems it answers by
        their problem type."""
        return {error: self._counting(handler) for error, handler in handlers.items()}

    def _counting(self, handler: ExceptionHandler) -> Callable[..., Response[Any]]:
        def handle(request: Request[Any, Any, Any], error: Exception) -> Response[Any]:
            response = handler(request, error)
            content = response.content
            if response.status_code in CONFLICT_STATUSES and isinstance(content, Problem):
                self.conflict(response.status_code, content.type.removeprefix(TYPE_BASE))
            return response

        return handle

    def render(self, *, rulesets: Iterable[str], store: StoreFigures | None) -> str:
        """The text of a scrape: every worker's counters (this process's alone when there is
        one), then the figures read from the database."""
        names = sorted(set(rulesets))
        for name in names:  # every served game is listed, at 0 until it counts
            self._actions.labels(name)
            self._turn_caps.labels(name)
        counted = (
            self._registry
            if self._directory is None
            else MultiProcessCollector(None, path=self._directory)  # type: ignore[no-untyped-call]
        )
        scraped = generate_latest(counted) + generate_latest(_StoreCollector(names, store))
        return scraped.decode()


class StoreFigures:
    """What a scrape reads from the database."""

    __slots__ = ("lag", "running")

    def __init__(self, running: dict[str, int], lag: int) -> None:
        self.running = running
        self.lag = lag


class _StoreCollector:
    """The gauges of one scrape read from the database: the same whichever worker reads them."""

    def __init__(self, rulesets: list[str], store: StoreFigures | None) -> None:
        self._rulesets = rulesets
        self._store = store

    def collect(self) -> Iterator[Metric]:
        store = self._store
        yield GaugeMetricFamily(
            PREFIX + "store_up",
            "1 if the database answered this scrape, else 0 (and the figures read from it are "
            "left out).",
            value=0 if store is None else 1,
        )
        if store is None:
            return
        running = GaugeMetricFamily(
            PREFIX + "games_running",
            "Games started and not ended, by ruleset (from the read models).",
            labels=("ruleset",),
        )
        for name in sorted({*self._rulesets, *store.running}):
            running.add_metric((name,), store.running.get(name, 0))
        yield running
        yield GaugeMetricFamily(
            PREFIX + "projection_lag_events",
            "Events stored that the read models have not projected yet.",
            value=store.lag,
        )


def read_store_figures(games: Any) -> StoreFigures:
    """Games running by ruleset and the projection lag, read from the database."""
    projections = games.projections
    position = projections.position()
    stored = games.recorder.max_notification_id() or 0
    return StoreFigures(projections.running_by_ruleset(), max(0, stored - position))
