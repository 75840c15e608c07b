"""``GET /metrics``: this process's counters in the Prometheus text format (version 0.0.4).

Written here rather than with a client library: a handful of counters, one histogram and a few
gauges read at scrape time need no dependency, and the request path stays a few dict updates.

Every figure is **per process**: with ``serve --workers N`` each worker counts what it answered,
and a scrape reaches whichever worker the connection lands on (scrape each worker, or run one).
The gauges read from the database (games running, projection lag) are the same in every worker.

No label ever comes from user input: requests are labelled by the route template litestar
matched (``/games/{game_id}``), every path no route serves as :data:`UNMATCHED`, and methods
outside the HTTP ones as ``OTHER``; rulesets are the served ones; problem types are ours.

A request whose client went away before it was answered (a body that stalled past
``--body-timeout``, a hang-up) is counted with ``status="499"``, nginx's "client closed
request", never as a 5xx: the status stays a number, so a ``5..`` alert counts only the server's
own failures and no client can set one off (``api/request_log.py`` decides it).
"""

from __future__ import annotations

import bisect
import threading
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from litestar import Request, Response, get

from api.dependencies import ServicesController
from api.problems import TYPE_BASE, Problem, problem_responses
from api.threads import in_worker_thread

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
PREFIX = "dodgecity_"
UNMATCHED = "unmatched"  # the route label of every path no route serves
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
#: Latency buckets, seconds: a read takes about a millisecond, an action a few, a stream minutes.
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 60.0)
CONFLICT_STATUSES = frozenset({409, 412})

ExceptionHandler = Callable[[Request[Any, Any, Any], Any], Response[Any]]


class Metrics:
    """The counters of one app. Requests are counted on the event loop only; actions (counted
    in the store's worker threads) and conflicts under a lock."""

    def __init__(self) -> None:
        self._requests: dict[tuple[str, str, int], int] = {}
        # Per route: the count in each bucket (not cumulative; the last is +Inf), and the sum.
        self._latency: dict[str, list[int]] = {}
        self._latency_sum: dict[str, float] = {}
        self._actions: dict[str, int] = {}
        self._conflicts: dict[tuple[int, str], int] = {}
        self._turn_caps: dict[str, int] = {}
        self._lock = threading.Lock()

    def request(self, method: str, route: str | None, status: int, seconds: float) -> None:
        route = route or UNMATCHED
        key = (method if method in _METHODS else "OTHER", route, status)
        self._requests[key] = self._requests.get(key, 0) + 1
        buckets = self._latency.get(route)
        if buckets is None:
            buckets = self._latency[route] = [0] * (len(BUCKETS) + 1)
            self._latency_sum[route] = 0.0
        buckets[bisect.bisect_left(BUCKETS, seconds)] += 1
        self._latency_sum[route] += seconds

    def action(self, ruleset: str) -> None:
        with self._lock:
            self._actions[ruleset] = self._actions.get(ruleset, 0) + 1

    def bot_turn_cap(self, ruleset: str) -> None:
        """A bot seat reached the cap on its actions in one turn (told by the bot thread)."""
        with self._lock:
            self._turn_caps[ruleset] = self._turn_caps.get(ruleset, 0) + 1

    def conflict(self, status: int, kind: str) -> None:
        with self._lock:
            self._conflicts[status, kind] = self._conflicts.get((status, kind), 0) + 1

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

    def render(
        self,
        *,
        rulesets: Iterable[str],
        open_streams: int,
        store: StoreFigures | None,
    ) -> str:
        lines: list[str] = []
        _family(
            lines,
            "http_requests_total",
            "counter",
            "HTTP requests answered by this process, by method, route template and status.",
            (
                ({"method": m, "route": r, "status": str(s)}, n)
                for (m, r, s), n in sorted(self._requests.items())
            ),
        )
        name = PREFIX + "http_request_duration_seconds"
        lines.append(
            f"# HELP {name} Time to answer a request, by route template (a stream's "
            "is its whole life)."
        )
        lines.append(f"# TYPE {name} histogram")
        for route, buckets in sorted(self._latency.items()):
            total = 0
            for bound, count in zip((*BUCKETS, None), buckets, strict=True):
                total += count
                le = "+Inf" if bound is None else repr(bound)
                lines.append(f"{name}_bucket{_labels({'route': route, 'le': le})} {total}")
            lines.append(f"{name}_sum{_labels({'route': route})} {self._latency_sum[route]!r}")
            lines.append(f"{name}_count{_labels({'route': route})} {total}")
        with self._lock:
            actions = dict(self._actions)
            conflicts = dict(self._conflicts)
            turn_caps = dict(self._turn_caps)
        names = sorted(set(rulesets))
        _family(
            lines,
            "actions_total",
            "counter",
            "Actions performed through POST /games/{game_id}/actions by this process, by ruleset.",
            (({"ruleset": r}, actions.get(r, 0)) for r in sorted({*names, *actions})),
        )
        _family(
            lines,
            "conflicts_total",
            "counter",
            "Requests answered 409 or 412 by this process, by status and problem type.",
            (({"status": str(s), "type": t}, n) for (s, t), n in sorted(conflicts.items())),
        )
        _family(
            lines,
            "bot_turn_cap_reached_total",
            "counter",
            "Turns in which a bot seat played by this process recorded as many actions as the "
            "cap allows, the rules' default decisions playing the rest, by ruleset.",
            (({"ruleset": r}, turn_caps.get(r, 0)) for r in sorted({*names, *turn_caps})),
        )
        _family(
            lines,
            "open_streams",
            "gauge",
            "Live event streams open in this process.",
            [({}, open_streams)],
        )
        _family(
            lines,
            "store_up",
            "gauge",
            "1 if the database answered this scrape, else 0 (and the figures read from it are "
            "left out).",
            [({}, 0 if store is None else 1)],
        )
        if store is not None:
            _family(
                lines,
                "games_running",
                "gauge",
                "Games started and not ended, by ruleset (from the read models).",
                (
                    ({"ruleset": r}, store.running.get(r, 0))
                    for r in sorted({*names, *store.running})
                ),
            )
            _family(
                lines,
                "projection_lag_events",
                "gauge",
                "Events stored that the read models have not projected yet.",
                [({}, store.lag)],
            )
        return "\n".join(lines) + "\n"


class StoreFigures:
    """What a scrape reads from the database."""

    __slots__ = ("lag", "running")

    def __init__(self, running: dict[str, int], lag: int) -> None:
        self.running = running
        self.lag = lag


def _family(
    lines: list[str],
    name: str,
    kind: str,
    help_text: str,
    samples: Iterable[tuple[dict[str, str], int | float]],
) -> None:
    name = PREFIX + name
    lines.append(f"# HELP {name} {help_text}")
    lines.append(f"# TYPE {name} {kind}")
    lines.extend(f"{name}{_labels(labels)} {value}" for labels, value in samples)


def _labels(labels: Mapping[str, str]) -> str:
    if not labels:
        return ""
    inner = ",".join(f'{key}="{_escaped(value)}"' for key, value in labels.items())
    return "{" + inner + "}"


def _escaped(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


class MetricsController(ServicesController):
    @get(
        "/metrics",
        operation_id="metrics",
        summary="Server metrics for Prometheus",
        media_type=CONTENT_TYPE,
        responses=problem_responses(429),
        tags=["service"],
    )
    async def metrics(self) -> Response[str]:
        """This process's metrics in the Prometheus text format (version 0.0.4): requests by
        method, route template and status; request latency by route template; actions
        performed by ruleset; 409 and 412 answers by problem type; open streams; and, read
        from the database, games running by ruleset and the projection lag (events stored
        that the read models have not projected yet). Counters are per process: with several
        worker processes, each counts its own. Labels are route templates and names the
        server chose, never anything a client sent. `dodgecity serve --metrics off` turns
        this off."""
        services = self.services
        store: StoreFigures | None = None
        if not services.games.store_down:
            try:
                store = await in_worker_thread(lambda: read_store_figures(services.games))
            except Exception:  # the database does not answer: say so, count the rest
                store = None
        text = services.metrics.render(
            rulesets=services.served.names,
            open_streams=services.stream_slots.open_streams(),
            store=store,
        )
        return Response(text, media_type=CONTENT_TYPE)


def read_store_figures(games: Any) -> StoreFigures:
    """Games running by ruleset and the projection lag, read from the database."""
    projections = games.projections
    position = projections.position()
    stored = games.recorder.max_notification_id() or 0
    return StoreFigures(projections.running_by_ruleset(), max(0, stored - position))
