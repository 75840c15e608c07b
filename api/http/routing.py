"""What every request goes through once litestar has routed it, before its handler.

- ``OPTIONS`` is answered here, with every method the app serves at the path: litestar 2.25 words
  its automatic answer from the handlers of the first one registered for a path and never
  updates it, so a path served by a GET and a POST registered apart (two controllers, or two
  handlers of one in whatever order litestar takes them) would answer ``Allow: OPTIONS, POST``.
- A query parameter given twice, or as ``null``, is refused: none of ours is a list, and
  litestar would read ``null`` as leaving an optional one out, so ``?status=null`` would list
  every game instead of saying that no status is called that.
- An integer in the path is ASCII digits only: litestar reads it with ``int()``, which also takes
  ``+3``, `` 3``, ``3_0`` and other scripts' digits (``٣``), so one version had many names.
  Anything else names no resource, as a path segment that is no number at all: 404.
- A body is decoded strictly (``api/http/bodies.py``).
"""

from __future__ import annotations

from typing import Any

from litestar import HttpMethod, Request, Response
from litestar.exceptions import NotFoundException, ValidationException
from litestar.status_codes import HTTP_204_NO_CONTENT

from api.http.bodies import decode_strictly
from api.http.stale import start_noting_stale_reads


async def before_handling(request: Request[Any, Any, Any]) -> Response[None] | None:
    start_noting_stale_reads()
    if request.method == HttpMethod.OPTIONS:
        return allowed_methods(request)
    check_integer_segments(request)
    if request.scope["query_string"]:
        check_query(request)
    await decode_strictly(request)
    return None


def allowed_methods(request: Request[Any, Any, Any]) -> Response[None]:
    path = next(iter(request.route_handler.paths))
    methods = request.app.route_handler_method_map.get(path, {})
    return Response(
        None, status_code=HTTP_204_NO_CONTENT, headers={"Allow": ", ".join(sorted(methods))}
    )


def check_integer_segments(request: Request[Any, Any, Any]) -> None:
    """Each path segment read as an integer is ASCII digits, as the path was sent."""
    parsed = request.path_params
    if not any(isinstance(value, int) for value in parsed.values()):
        return
    template: str = request.scope["path_template"]  # "/games/{game_id}/states/{version}"
    for pattern, segment in zip(
        template.split("/"), request.scope["path"].split("/"), strict=False
    ):
        name = pattern.removeprefix("{").removesuffix("}")
        if isinstance(parsed.get(name), int) and not (segment.isascii() and segment.isdigit()):
            raise NotFoundException(detail="a number in the path is written in ASCII digits")


def check_query(request: Request[Any, Any, Any]) -> None:
    for name, values in request.query_params.dict().items():
        if len(values) > 1:
            raise _invalid(name, f"give `{name}` once, not {len(values)} times")
        if values[0] == "null":
            raise _invalid(name, f"`{name}` is never null: leave it out instead")


def _invalid(name: str, message: str) -> ValidationException:
    return ValidationException(
        detail=f"the query is invalid: {message}",
        extra=[{"key": name, "message": message, "source": "query"}],
    )
