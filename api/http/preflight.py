"""A refused CORS preflight answered in the API's one problem shape.

litestar's CORS middleware sits outside everything else of the app and answers a preflight from an
origin, method or header it does not allow with ``400 text/plain`` ("Disallowed CORS …"), which no
exception handler sees. This hook, which every message of an answer passes (the request wrapper
of ``api/http/request_log.py`` calls it), rewrites exactly that answer: a 400 to an ``OPTIONS``
request with a plain-text body. Every other answer of the API is already problem details, so
nothing else matches.
"""

from __future__ import annotations

import msgspec
from litestar.enums import HttpMethod, ScopeType
from litestar.types import Message, Scope

from api.http.problems import MEDIA_TYPE, problem

_REWRITTEN = "engine.preflight_problem"  # scope key: the body to send in place of the text


def refused_preflight_as_problem(message: Message, scope: Scope) -> None:
    if scope["type"] != ScopeType.HTTP or scope["method"] != HttpMethod.OPTIONS:
        return
    if message["type"] == "http.response.start":
        headers = dict(message.get("headers", ()))
        if message["status"] != 400 or not headers.get(b"content-type", b"").startswith(
            b"text/plain"
        ):
            return
        refusal = problem(
            400,
            "bad-request",
            "CORS preflight refused: this server's CORS settings do not allow this origin, "
            "method or one of these request headers",
            instance=scope["path"],
        )
        body = msgspec.json.encode(refusal)
        scope[_REWRITTEN] = body  # type: ignore[literal-required]
        kept = [
            (name, value)
            for name, value in message.get("headers", ())
            if name.lower() not in (b"content-type", b"content-length")
        ]
        message["headers"] = [
            *kept,
            (b"content-type", MEDIA_TYPE.encode()),
            (b"content-length", str(len(body)).encode()),
        ]
    elif message["type"] == "http.response.body" and _REWRITTEN in scope:
        message["body"] = scope.pop(_REWRITTEN)  # type: ignore[misc]
        message["more_body"] = False
