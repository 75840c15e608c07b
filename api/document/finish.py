"""Finishing the OpenAPI document litestar generates, where it says less than the app does.

- The request bodies' schemas are msgspec's own, replacing litestar's: litestar drops
  ``minimum: 0`` (a falsy bound) and never publishes ``forbid_unknown_fields`` as
  ``additionalProperties: false``, so clients and contract tests would think wrong input valid.
  A body that depends on the game (``api/wire.py``) is taken as a plain object by its handler;
  here it becomes each served game's own type (one of them, when a server plays several).
- An optional header or query parameter is absent when not sent; it is never ``null`` (a header
  cannot carry JSON's null), so its schema loses the ``null`` litestar gives it.
- Response headers get the schema OpenAPI requires (litestar cannot give one).
- The live stream's answer is described (litestar leaves its schema empty).
- The links of ``api/document/links.py``.
- Tuples get their length and an ``items`` schema (litestar gives neither, msgspec ``false``).
- The words (``api/document/text.py``): summaries, tags, descriptions, the problem types.
- The examples (``api/document/examples.py``), recorded from real games.

It works on the document as served (a dict), once, when the app is built.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import version as package_version
from typing import Any

import msgspec
from litestar import Litestar
from litestar._openapi.plugin import OpenAPIPlugin  # the one place the served document lives

from api.clock import TimeoutClaim
from api.document.examples import add_examples
from api.document.links import add_links
from api.document.operations import operations
from api.document.shapes import shape_document
from api.document.text import add_text, struct_types
from api.schemas import StartRequest
from api.wire import GameApi, ServedGames

#: The document's ``info.version``: the package's own version, so that one number names what a
#: client talks to (docs/WIRE.md); a change of the wire bumps it in ``pyproject.toml``.
API_VERSION = package_version("dodgecity-engine")
REF_TEMPLATE = "#/components/schemas/{name}"
#: The operations whose body is each game's own: that body's type, and whether it may be absent.
GAME_BODIES: dict[str, tuple[Callable[[GameApi], type[msgspec.Struct]], bool]] = {
    "createGame": (lambda game: game.new_game, False),
    "joinGame": (lambda game: game.new_player, False),
    "addBot": (lambda game: game.new_bot, True),
    "performAction": (lambda game: game.wire.action_request, False),
}


def served_document(app: Litestar) -> dict[str, Any]:
    """The OpenAPI document the app serves at /schema/openapi.json (and its docs page shows)."""
    return app.plugins.get(OpenAPIPlugin).provide_openapi_schema()


def finish_document(app: Litestar, served: ServedGames) -> None:
    document = served_document(app)
    game_bodies = [body(game) for body, _ in GAME_BODIES.values() for game in served]
    _, request_components = msgspec.json.schema_components(
        [*game_bodies, StartRequest, TimeoutClaim], ref_template=REF_TEMPLATE
    )
    document["components"]["schemas"].update(request_components)
    for game in served:
        for name, extra in game.schema_extras.items():
            document["components"]["schemas"][name].update(extra)
    for operation in operations(document):
        if operation.get("operationId") in GAME_BODIES:
            body, optional = GAME_BODIES[operation["operationId"]]
            refs = [{"$ref": REF_TEMPLATE.format(name=body(game).__name__)} for game in served]
            if optional:
                refs.append({"type": "null"})
            # anyOf, not oneOf: the games' bodies may overlap (a seat's name alone fits any
            # game's), and the server decodes a body by the one game it is for.
            schema = refs[0] if len(refs) == 1 else {"anyOf": refs}
            operation["requestBody"]["content"]["application/json"]["schema"] = schema
    for parameter in _parameters(document):
        if parameter["in"] in {"header", "query"} and not parameter.get("required", False):
            parameter["schema"] = _without_null(parameter["schema"])
    for header in _response_headers(document):
        header.setdefault("schema", {"type": "string"})
    stream = document["paths"]["/games/{game_id}/stream"]["get"]["responses"]
    stream["200"]["content"]["text/event-stream"]["schema"] = _stream_schema(document)
    stream["204"] = {
        "description": "The game has ended and the stream was resumed after its last event: "
        "nothing more will come."
    }
    add_links(document)
    _close_tuples(document)
    shape_document(app, document)
    add_text(
        document,
        struct_types(),
        {name: words for game in served for name, words in game.schema_words.items()},
    )
    add_examples(document, list(served.names))


STREAM_DESCRIPTION = (
    "Server-Sent Events (text/event-stream). This schema is one message: one per game event, "
    "`id` its version, `event` its name and `data` its JSON on one line, exactly as in the "
    "`events` of GET /games/{game_id}/events for the same caller. An event's name has one "
    "scheme for every game: `<ruleset>.<Event>` for the game's own events "
    "(`<ruleset>` as in the game's views) and `kernel.<Event>` for the kernel's "
    "(`kernel.ClockSet`); `<Event>` is the last part of the data's `type`. In a game played "
    "on a clock, each batch of events is followed by a message whose `event` is `clock`, "
    "`id` the last event's version and `data` the game's clock after it (a `ClockView`, as "
    "the `clock` of GET /games/{game_id}), so that a client keeps its running clocks right "
    "without reading the game again. A quiet stream also sends a comment line "
    "(`: keep-alive`) every 15 seconds, and closes after the game's last event or once it "
    "has been quiet for the server's idle limit; resume with `Last-Event-ID`."
)
#: The schema of the data of the stream's ``clock`` message (api/streams/route.py).
CLOCK_VIEW = "ClockView"


def _stream_schema(document: dict[str, Any]) -> dict[str, Any]:
    """One message of the stream: its fields, and ``data`` as the JSON of any event the events
    pages hold (the same types, for every game served) or of the game's clock."""
    pages = document["paths"]["/games/{game_id}/events"]["get"]["responses"]["200"]["content"]
    page_schema = pages["application/json"]["schema"]
    schemas = document["components"]["schemas"]
    events: list[dict[str, Any]] = []
    for page in page_schema.get("oneOf", page_schema.get("anyOf", [page_schema])):
        items = schemas[page["$ref"].rpartition("/")[2]]["properties"]["events"]["items"]
        # once each: every game's events hold the kernel's
        events.extend(
            event
            for event in items.get("oneOf", items.get("anyOf", [items]))
            if event not in events
        )
    return {
        "type": "object",
        "description": STREAM_DESCRIPTION,
        "required": ["id", "event", "data"],
        "properties": {
            "id": {
                "type": "string",
                "pattern": "^[0-9]+$",
                "description": "the event's version (a `clock` message: the last event's)",
            },
            "event": {
                "type": "string",
                "description": "the event's name, `<ruleset>.<Event>` or `kernel.<Event>` "
                "(the same scheme for every game), or `clock` for the game's clock",
                "pattern": r"^(clock|[a-z][a-z0-9]*\.[A-Z][A-Za-z0-9]*)$",
            },
            "data": {
                "type": "string",
                "description": "the event, or the game's clock, as JSON",
                "contentMediaType": "application/json",
                "contentSchema": {
                    "anyOf": [*events, {"$ref": REF_TEMPLATE.format(name=CLOCK_VIEW)}]
                },
            },
        },
    }


def _close_tuples(document: dict[str, Any]) -> None:
    """A fixed-length tuple (``prefixItems``) with its length and, as ``items``, the schema its
    members share (the ``anyOf`` of theirs): litestar gives neither, msgspec writes
    ``items: false``. With ``maxItems`` the length of ``prefixItems`` the three say the same,
    but OpenAPI linters want an ``items`` schema beside every array's ``type`` (Spectral's
    ``array-items`` reads ``false`` as missing), and generated clients type the tuple as a list
    of that schema."""
    for schema in _schemas_in(document):
        members = schema.get("prefixItems")
        if not isinstance(members, list) or schema.get("items", False) is not False:
            continue
        schema.setdefault("minItems", len(members))
        schema.setdefault("maxItems", len(members))
        if schema["maxItems"] != len(members):
            continue  # items: false would say more than the length does: leave it
        distinct = [member for index, member in enumerate(members) if member not in members[:index]]
        schema["items"] = distinct[0] if len(distinct) == 1 else {"anyOf": distinct}


def _schemas_in(node: Any) -> list[dict[str, Any]]:
    """Every JSON object in ``node``, however deep (the schemas among them)."""
    found: list[dict[str, Any]] = []
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.append(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def _response_headers(document: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        header
        for operation in operations(document)
        for answer in operation.get("responses", {}).values()
        for header in answer.get("headers", {}).values()
    ]


def _parameters(document: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        parameter
        for operation in operations(document)
        for parameter in operation.get("parameters", [])
    ]


def _without_null(schema: dict[str, Any]) -> dict[str, Any]:
    if isinstance(schema.get("type"), list) and "null" in schema["type"]:
        # litestar's rendering of an optional Literal: an enum with null in it
        kinds = [kind for kind in schema["type"] if kind != "null"]
        schema = {**schema, "type": kinds[0] if len(kinds) == 1 else kinds}
        if "enum" in schema:
            schema["enum"] = [value for value in schema["enum"] if value is not None]
        return schema
    variants = schema.get("oneOf")
    if not variants:
        return schema
    kept = [variant for variant in variants if variant.get("type") != "null"]
    if len(kept) != 1:
        return schema
    rest = {key: value for key, value in schema.items() if key != "oneOf"}
    return {**rest, **kept[0]}
