"""Every request's id, its one access-log line, and the server's log formats.

One pure ASGI wrapper around the whole app (outside litestar's router, so that a path no route
serves is seen too, and outside CORS) gives each request an id: a valid incoming ``X-Request-ID``
is kept (a client or proxy that made one can follow it through), anything else is replaced by a
new random one. The id is answered in the ``X-Request-ID`` header and held in a context variable,
so every log line written while handling the request carries it, in the worker threads too
(``api/http/threads.py`` runs their work in the request's context). When the request is done the
wrapper counts it (``api/http/metrics.py``; a live event stream counts as open while it lasts) and
writes one access-log line (``dodgecity.access``), instead of uvicorn's.

A request whose client went away before it was answered (the connection lost while its body was
still coming, the server's ``--body-timeout`` cutting a stalled body off, or a hang-up while the
handler worked) is a **client abort**: counted and logged with status :data:`CLIENT_CLOSED_REQUEST`,
499, whatever the app then tried to answer (litestar answers a body cut off with a 500 that no
client receives). 499 is nginx's "client closed request", which dashboards and log tools already
read; it keeps the status a number in the metrics and the log, so that ``status=~"5.."`` alerts
count only the server's own failures and a client cannot set them off by stalling its body.

What is never logged: tokens, tickets, ``Authorization`` headers, query strings (a stream ticket
travels in one). A line names the route template and the path, and the path is made printable
(it arrives percent-decoded: a ``%0A`` in it must not start a forged line).

``dodgecity serve --log-format json`` writes one JSON object per line; ``text`` (the default) one
readable line. Both through :func:`logging_config`, handed to uvicorn, which configures each
worker process with it.

Why written here rather than taken from a library (judged against litestar 2.25 and structlog):

- **Nothing offers the wrapper.** litestar has no request ids; its ``LoggingMiddleware`` runs
  inside the router (a path no route serves is never logged), writes a line when a request
  arrives and another when it is answered, and knows neither a client that went away (499 here)
  nor the metrics. structlog formats log lines and binds context variables; the policy of which
  incoming id to keep, what never to log and when a request counts as aborted would stay here.
- **The formatters are two small classes of the standard library's**, and every library this
  server runs logs through the standard library (uvicorn, litestar, eventsourcing): one
  ``dictConfig`` for all of them is what uvicorn takes per worker. With structlog (litestar's
  ``StructLoggingConfig``), their lines would go through its ``ProcessorFormatter`` bridge
  anyway, for the same JSON keys, and it would be a dependency to replace about forty lines.
- **It is cheap where it runs for every request**: the access line is one ``LogRecord`` made
  directly (``benchmarks/bench_request_log.py`` counts its Python calls).
"""

from __future__ import annotations

import json
import logging
import random
import re
import time
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from litestar.enums import ScopeType
from litestar.types import ASGIApp, HTTPScope, Message, Receive, ReceiveMessage, Scope, Send

from api.settings import LogFormat

if TYPE_CHECKING:
    from api.http.metrics import Metrics

HEADER = "X-Request-ID"
_HEADER_KEY = b"x-request-id"
#: An incoming id is kept if it is 1 to 64 of these characters (a UUID, a trace id …).
_VALID_ID = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")
#: How litestar answers a live stream (``ServerSentEvent``): counted as open while it lasts.
_CONTENT_TYPE, _EVENT_STREAM = b"content-type", b"text/event-stream; charset=utf-8"
NO_REQUEST = "-"  # what a line written outside any request carries
ACCESS_LOGGER = "dodgecity.access"
#: The status counted and logged for a request whose client went away before it was answered.
CLIENT_CLOSED_REQUEST = 499

request_id: ContextVar[str] = ContextVar("request_id", default=NO_REQUEST)
access = logging.getLogger(ACCESS_LOGGER)


def new_request_id() -> str:
    """32 random hex digits. An id only tells one request's lines from another's, so it need
    not be unguessable: the interpreter's seeded generator makes it without the system call
    (and the hand-over of the interpreter lock around it) that a secret's bytes cost."""
    return f"{random.getrandbits(128):032x}"


def _incoming_id(scope: HTTPScope) -> str | None:
    for name, value in scope["headers"]:
        if name == _HEADER_KEY:
            text = value.decode("latin-1")
            return text if _VALID_ID.match(text) else None
    return None


def _printable(path: str) -> str:
    """The path with anything but printable ASCII escaped, so one request is one line."""
    if path.isascii() and path.isprintable():
        return path
    return path.encode("unicode_escape").decode("ascii").replace(" ", "\\x20")


#: A hook every message of an answer passes before it is sent, and may change.
AnswerHook = Callable[[Message, Scope], None]


def observed(
    app: ASGIApp,
    metrics: Metrics | None,
    *,
    access_log: bool,
    answer_hooks: Sequence[AnswerHook] = (),
) -> ASGIApp:
    """``app`` with request ids, request metrics and one access-log line per request; each
    message of an answer passes ``answer_hooks`` in turn before it is sent.

    The hooks are called here rather than as litestar's ``before_send`` hooks, whose own
    wrapper of ``send`` awaited each of them for every message of every answer: this wrapper
    already reads each one (some 3% of the time the event loop held the interpreter lock)."""

    async def observe(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await app(scope, receive, send)
            return
        rid = _incoming_id(scope) or new_request_id()
        header = (_HEADER_KEY, rid.encode())
        context = request_id.set(rid)
        started = time.perf_counter()
        status = 500  # if the app fails before answering (litestar answers its own errors)
        answered = False
        aborted = False  # the client went away before the answer started
        streaming = False  # answered with a live event stream

        async def receiving() -> ReceiveMessage:
            nonlocal aborted
            message = await receive()
            if message["type"] == "http.disconnect" and not answered:
                aborted = True
            return message

        async def sending(message: Message) -> None:
            nonlocal status, answered, streaming
            if message["type"] == "http.response.start":
                status = message["status"]
                answered = True
                headers = message.get("headers", ())
                if metrics is not None and (_CONTENT_TYPE, _EVENT_STREAM) in headers:
                    streaming = True  # a live stream, open until the request ends
                    metrics.stream_opened()
                message["headers"] = [*headers, header]
            for hook in answer_hooks:
                hook(message, scope)
            await send(message)

        try:
            await app(scope, receiving, sending)
        finally:
            if aborted:
                status = CLIENT_CLOSED_REQUEST
            seconds = time.perf_counter() - started
            # Set by litestar's router once it matched a route; a path no route serves has none.
            route = scope.get("path_template")
            if metrics is not None:
                if streaming:
                    metrics.stream_closed()
                metrics.request(scope["method"], route, status, seconds)
            if access_log:
                _log_access(scope, route, status, seconds)
            request_id.reset(context)

    return observe


def _log_access(scope: HTTPScope, route: str | None, status: int, seconds: float) -> None:
    if not access.isEnabledFor(logging.INFO):
        return
    method = scope["method"]
    path = _printable(scope["path"])
    duration_ms = round(seconds * 1000, 1)
    client = scope.get("client")
    # Made directly rather than through ``access.info``, which would walk the stack to find its
    # caller's file and line, a line every request pays for and nobody reads; and with its
    # fields set on it at once rather than through ``makeRecord``'s ``extra``, which checks
    # each against the record's own.
    record = logging.LogRecord(
        ACCESS_LOGGER,
        logging.INFO,
        __file__,
        0,
        "%s %s %d %.1f ms",
        (method, path, status, duration_ms),
        None,
    )
    record.method = method
    record.route = route
    record.path = path
    record.status = status
    record.duration_ms = duration_ms
    record.client = client[0] if client else None
    access.handle(record)


# -- formats -----------------------------------------------------------------------------------


class RequestIdFilter(logging.Filter):
    """Gives every record the id of the request being handled (``-`` outside one)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.get()
        return True


#: The last second a line was written in, and its text up to the seconds: the pair is replaced
#: whole, so a thread reads either the old one or the new one.
_last_second: list[tuple[int, str]] = [(-1, "")]


def _time(record: logging.LogRecord) -> str:
    """The record's time in UTC to the millisecond, ``2026-11-27T03:20:05.123Z``: the date and
    the time to the second made once per second, the milliseconds (``record.msecs``, as the
    standard formatter takes them) added to it."""
    second = int(record.created)
    last = _last_second[0]
    if last[0] != second:
        last = (second, datetime.fromtimestamp(second, tz=UTC).strftime("%Y-%m-%dT%H:%M:%S"))
        _last_second[0] = last
    return f"{last[1]}.{int(record.msecs):03d}Z"


#: The fields of an access-log line, written by the JSON format when a record has them.
_ACCESS_FIELDS = ("method", "route", "path", "status", "duration_ms", "client")


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, request_id, and for access lines
    method, route, path, status, duration_ms and client; ``exception`` with a traceback."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": _time(record),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", NO_REQUEST),
        }
        for field in _ACCESS_FIELDS:
            if field in record.__dict__:
                line[field] = record.__dict__[field]
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    """``<time> <level> <logger> [<request id>] <message>``, a traceback below when there is
    one."""

    def format(self, record: logging.LogRecord) -> str:
        line = (
            f"{_time(record)} {record.levelname} {record.name} "
            f"[{getattr(record, 'request_id', NO_REQUEST)}] {record.getMessage()}"
        )
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


def logging_config(log_format: LogFormat) -> dict[str, Any]:
    """The logging configuration of a server process (``logging.config.dictConfig``'s form):
    everything, uvicorn's own lines included, to stderr in ``log_format``."""
    formatter = JsonFormatter if log_format == "json" else TextFormatter
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"request_id": {"()": f"{__name__}.RequestIdFilter"}},
        "formatters": {"main": {"()": f"{__name__}.{formatter.__name__}"}},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stderr",
                "formatter": "main",
                "filters": ["request_id"],
            }
        },
        "root": {"handlers": ["stderr"], "level": "INFO"},
        "loggers": {
            # uvicorn's loggers write through the root's handler, in the same format.
            "uvicorn": {"handlers": [], "level": "INFO", "propagate": True},
            "uvicorn.error": {"handlers": [], "level": "INFO", "propagate": True},
            # Replaced by dodgecity.access (uvicorn's would log query strings: tickets).
            "uvicorn.access": {"handlers": [], "level": "WARNING", "propagate": False},
        },
    }
