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
        msgspec.convert(_integral(msgspec.json.decode(raw)), type=body_type, strict=True)
    except msgspec.ValidationError as error:
        message = str(error)
        where = message.rpartition(" - at `")[2].rstrip("`") if " - at `" in message else "$"
        raise ValidationException(
            detail=f"the request body is invalid: {message}",
            extra=[{"key": where, "message": message, "source": "body"}],
        ) from None
    except msgspec.DecodeError as error:
        raise ValidationException(detail=f"the request body is not JSON: {error}") from None


def _integral(value: Any) -> Any:
    """``value`` with every float that is a whole number turned into an int, all the way down."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_integral(item) for item in value]
    if isinstance(value, dict):
        return {key: _integral(item) for key, item in value.items()}
    return value
