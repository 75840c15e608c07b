"""Request bodies decoded strictly.

litestar converts bodies in msgspec's lax mode, which turns ``0`` into ``false`` and ``"5"`` into
``5``. A client sending the wrong type should hear about it, so a handler names its body type in
``opt[STRICT_BODY]`` and this hook decodes the raw body strictly first, answering 400 with the
field's path when the type is wrong. The handler's own ``data`` then only ever sees valid input.

Strict, but as JSON Schema counts: ``4.0`` is an integer there, so it is one here too.
"""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request
from litestar.exceptions import ValidationException

STRICT_BODY = "strict_body"


async def decode_strictly(request: Request[Any, Any, Any]) -> None:
    body_type = request.route_handler.opt.get(STRICT_BODY)
    if body_type is None:
        return
    raw = await request.body()
    if not raw.strip():
        return  # an absent body: the handler's own signature says whether that is allowed
    try:
        decoded = msgspec.json.decode(raw)
    except msgspec.DecodeError as error:
        raise ValidationException(detail=f"the request body is not JSON: {error}") from None
    strictly(decoded, body_type)


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
    """``value`` with every float that is a whole number turned into an int, all the way down."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_integral(item) for item in value]
    if isinstance(value, dict):
        return {key: _integral(item) for key, item in value.items()}
    return value
