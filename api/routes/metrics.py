"""``GET /metrics``'s route: the counters ``api/http/metrics.py`` keeps, written for a scrape.

Apart from the counters so that they need no controller: the app's services hold the counters,
and the controller reads the services.
"""

from __future__ import annotations

from litestar import Response, get

from api.dependencies import ServicesController
from api.http.metrics import CONTENT_TYPE, StoreFigures, read_store_figures
from api.http.problems import problem_responses
from api.http.threads import in_worker_thread


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
        """The server's metrics in the Prometheus text format (version 0.0.4): requests by
        method, route template and status; request latency by route template; actions
        performed by ruleset; 409 and 412 answers by problem type; open streams; and, read
        from the database, games running by ruleset and the projection lag (events stored
        that the read models have not projected yet). With several worker processes, one
        scrape counts what every worker did. Labels are route templates and names the
        server chose, never anything a client sent. `dodgecity serve --metrics off` turns
        this off."""
        services = self.services
        store: StoreFigures | None = None
        if not services.games.store_down:
            try:
                store = await in_worker_thread(lambda: read_store_figures(services.games))
            except Exception:  # the database does not answer: say so, count the rest
                store = None
        text = services.metrics.render(rulesets=services.served.names, store=store)
        # litestar adds "; charset=utf-8" to a text/ type itself: given CONTENT_TYPE whole, the
        # header said it twice.
        return Response(text, media_type=CONTENT_TYPE.removesuffix("; charset=utf-8"))
