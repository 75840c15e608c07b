"""Finishing the OpenAPI document litestar generates, where it says less than the app does.

- The request bodies' schemas are msgspec's own, replacing litestar's: litestar drops
  ``minimum: 0`` (a falsy bound) and never publishes ``forbid_unknown_fields`` as
  ``additionalProperties: false``, so clients and contract tests would think wrong input valid.
- An optional header or query parameter is absent when not sent; it is never ``null`` (a header
  cannot carry JSON's null), so its schema loses the ``null`` litestar gives it.
- Response headers get the schema OpenAPI requires (litestar cannot give one).
- The live stream's answer is described (litestar leaves its schema empty).
- The links of ``api/links.py``.

It works on the document as served (a dict), once, when the app is built.
"""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Litestar
from litestar._openapi.plugin import OpenAPIPlugin  # the one place the served document lives

from api.links import add_links
from api.schemas import ActionRequest, NewGame, NewPlayer, StartRequest

REQUEST_TYPES = (NewGame, NewPlayer, StartRequest, ActionRequest)
REF_TEMPLATE = "#/components/schemas/{name}"


def served_document(app: Litestar) -> dict[str, Any]:
    """The OpenAPI document the app serves at /schema/openapi.json (and its docs page shows)."""
    return app.plugins.get(OpenAPIPlugin).provide_openapi_schema()


def finish_document(app: Litestar) -> None:
    document = served_document(app)
    _, request_components = msgspec.json.schema_components(REQUEST_TYPES, ref_template=REF_TEMPLATE)
    document["components"]["schemas"].update(request_components)
    for parameter in _parameters(document):
        if parameter["in"] in {"header", "query"} and not parameter.get("required", False):
            parameter["schema"] = _without_null(parameter["schema"])
    for header in _response_headers(document):
        header.setdefault("schema", {"type": "string"})
    stream = document["paths"]["/games/{game_id}/stream"]["get"]["responses"]
    stream["200"]["content"]["text/event-stream"]["schema"] = STREAM_SCHEMA
    stream["204"] = {
        "description": "The game has ended and the stream was resumed after its last event: "
        "nothing more will come."
    }
    add_links(document)


STREAM_SCHEMA = {
    "type": "string",
    "description": "Server-Sent Events, one per game event: `id` is its version, `event` its type "
    "and `data` its JSON, as in the `events` of GET /games/{game_id}/events.",
}


def _operations(document: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        operation
        for item in document["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict)
    ]


def _response_headers(document: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        header
        for operation in _operations(document)
        for answer in operation.get("responses", {}).values()
        for header in answer.get("headers", {}).values()
    ]


def _parameters(document: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        parameter
        for operation in _operations(document)
        for parameter in operation.get("parameters", [])
    ]


def _without_null(schema: dict[str, Any]) -> dict[str, Any]:
    variants = schema.get("oneOf")
    if not variants:
        return schema
    kept = [variant for variant in variants if variant.get("type") != "null"]
    if len(kept) != 1:
        return schema
    rest = {key: value for key, value in schema.items() if key != "oneOf"}
    return {**rest, **kept[0]}
