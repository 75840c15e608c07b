"""Request bodies decoded strictly.

litestar converts bodies in msgspec's lax mode, which turns ``0`` into ``false`` and ``"5"`` into
``5``. A client sending the wrong type should hear about it, so a handler names its body type in
``opt[STRICT_BODY]`` and this hook decodes the raw body strictly first, answering 400 with the
field's path when the type is wrong. The handler's own ``data`` then only ever sees valid input.

Strict, but as JSON Schema counts: ``4.0`` is an integer there, so it is one here too.

Before decoding, a body is refused when it is not JSON by its ``Content-Type`` (415), when it
nests deeper than any real body (400: decoders recurse, and a deep enough body exhausts the
stack), and after decoding when it is not UTF-8 or names one key twice in an object (400:
decoders disagree on which of the two counts, so the answer would depend on who reads it).
"""

from __future__ import annotations

import json
import re
from typing import Any

import msgspec
from litestar import Request
from litestar.exceptions import HTTPException, ValidationException
from litestar.status_codes import HTTP_415_UNSUPPORTED_MEDIA_TYPE

STRICT_BODY = "strict_body"

#: Real bodies nest three or four levels (an action's fields); the limit is far above them and
#: far below the depth at which decoding would recurse too deep.
MAX_DEPTH = 32

# A JSON string as one token (so brackets inside it do not count), or one bracket.
_STRING_OR_BRACKET = re.compile(rb'"(?:[^"\\]++|\\.)*+"|[\[\]{}]', re.DOTALL)
_OPENING = frozenset(b"[{")
#: The strict type of a body whose own type depends on the game: any JSON object.
_ANY_OBJECT = dict[str, Any]


async def decode_strictly(request: Request[Any, Any, Any]) -> None:
    body_type = request.route_handler.opt.get(STRICT_BODY)
    if body_type is None:
        return
    raw = await request.body()
    if not raw.strip():
        return  # an absent body: the handler's own signature says whether that is allowed
    require_json_media_type(request)
    if nesting_depth(raw) > MAX_DEPTH:
        raise ValidationException(
            detail=f"the request body nests deeper than {MAX_DEPTH} levels of arrays and objects"
        )
    value = decode_once(raw)
    if body_type == _ANY_OBJECT and isinstance(value, dict):
        return  # decoded JSON, every object is one: nothing to convert (a third of this check)
    strictly(value, body_type)


def decode_once(raw: bytes) -> Any:
    """``raw`` decoded in one pass that also refuses a key given twice in one object (each
    object's keys are seen in order, before they become a dict) and the non-JSON constants
    ``NaN`` and ``Infinity``; the bytes must be UTF-8 (decoded as such first, so no other
    encoding is guessed)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ValidationException(detail="the request body is not UTF-8") from None
    try:
        return json.loads(
            text, object_pairs_hook=_without_repeated_keys, parse_constant=_not_json_constant
        )
    except json.JSONDecodeError as error:
        raise ValidationException(detail=f"the request body is not JSON: {error}") from None


def _not_json_constant(name: str) -> Any:
    raise ValidationException(detail=f"the request body is not JSON: {name} is no JSON value")


def require_json_media_type(request: Request[Any, Any, Any]) -> None:
    """A body sent as JSON (``application/json``, ``application/*+json``, in UTF-8) or with no
    ``Content-Type`` at all, which is taken as JSON: every body here is JSON, and a hand-written
    request (curl) often names none. Anything else is a 415 rather than a guess."""
    if "content-type" not in request.headers:
        return
    media_type, options = request.content_type
    kind, _, subtype = media_type.lower().partition("/")
    is_json = kind == "application" and (subtype == "json" or subtype.endswith("+json"))
    charset = options.get("charset", "utf-8").lower().strip('"')
    if not is_json or charset not in {"utf-8", "utf8"}:
        raise HTTPException(
            status_code=HTTP_415_UNSUPPORTED_MEDIA_TYPE,
            detail="send the body as JSON: 'Content-Type: application/json' (UTF-8)",
            headers={"Accept-Post": "application/json"},
        )


def nesting_depth(raw: bytes) -> int:
    """The deepest nesting of arrays and objects in ``raw``, counted without recursion and
    without decoding, so that any body, however deep, costs one pass over its bytes."""
    depth = deepest = 0
    for match in _STRING_OR_BRACKET.finditer(raw):
        bracket = match[0]
        if len(bracket) != 1:
            continue  # a string
        if bracket[0] in _OPENING:
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _without_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            raise invalid_body(f"the key {key!r} is given twice in one object")
        seen.add(key)
    return dict(pairs)


def strictly(value: Any, body_type: Any) -> Any:
    """``value`` (a body decoded from JSON) converted to ``body_type`` strictly, or a 400 naming
    the field that is wrong.

    Handlers of a body whose type depends on the game (its ruleset's actions, settings, seat
    attributes) take it as a plain object and convert it here once they know the game."""
    try:
        return msgspec.convert(_integral(value), type=body_type, strict=True)
    except msgspec.ValidationError as error:
        raise invalid_body(str(error)) from None


def invalid_body(message: str) -> ValidationException:
    where = message.rpartition(" - at `")[2].rstrip("`") if " - at `" in message else "$"
    return ValidationException(
        detail=f"the request body is invalid: {message}",
        extra=[{"key": where, "message": message, "source": "body"}],
    )


def _integral(value: Any) -> Any:
    """``value`` with every float that is a whole number turned into an int, all the way down
    (bodies are at most ``MAX_DEPTH`` deep, so the recursion is bounded)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_integral(item) for item in value]
    if isinstance(value, dict):
        return {key: _integral(item) for key, item in value.items()}
    return value
