"""The shapes of the OpenAPI document that client generators read: a client generated from it
(openapi-python-client, ``tests/client/``) must come out without warnings and be usable as it is.

Only the document changes here, never what the server sends or accepts:

- A body that may be left out (``POST /games/{id}/start``, ``POST /games/{id}/bots``) is an
  optional request body (``requestBody.required: false``), not a required one that may be
  ``null``: generators made callers pass ``body=None`` to leave it out. The server still takes a
  ``null`` body as none (older clients send it), but the document no longer offers it: with it,
  openapi-python-client sends its "unset" marker as JSON and fails.
- Response fields the server always sends are ``required``. A msgspec Struct encodes every
  field unless it is ``omit_defaults``, so every property of such a Struct that only answers
  carry (never a request body) is required; litestar marks each field with a default optional,
  which made generated models read ``originator_version`` as "maybe absent, default 0".
- A query parameter's enum that a component already names refers to it, and the ruleset
  filters share one ``RulesetName`` component: generators made one identical enum class per
  parameter.
- The live stream: one message is the ``StreamMessage`` component (a model to read messages
  into), and the answer may also be read as the stream's whole text, which is what a generated
  client does: it reads an answer whole, so it can only wait for the stream to close and hand
  back its text (its parser took the text for a message, and failed). The operation tells a
  developer to open it with a Server-Sent Events client instead.
- Who may call without a token. The reads a spectator may make (``[{bearer}, {}]`` on their
  routes: a token or none) give that security as the document's default and declare none of
  their own; the operations that take no token say so with an empty ``security``, and those
  that need one keep theirs. Every reader of OpenAPI takes the same meaning from both forms, but
  openapi-python-client takes any security an operation declares, even one whose alternatives
  include the anonymous ``{}``, as needing a token (its functions then take only an
  ``AuthenticatedClient``), and it reads no document-wide default: so a spectator's plain
  ``Client`` is accepted exactly where the server accepts no token. Swagger UI still sends an
  authorized token to those reads.
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Iterator
from typing import Any

import msgspec
from litestar import Litestar

from api.document.operations import operations

REF = "#/components/schemas/{name}"

#: The operations whose body may be left out (the server takes no body, or null, as none).
OPTIONAL_BODIES = ("addBot", "startGame")

#: Fields of an ``omit_defaults`` event that the store sets on every event it keeps (the game's
#: id, and a version from 1 up), so they never equal their defaults and are always sent.
ALWAYS_SET = ("originator_id", "originator_version")

STREAM_OPERATION = ("/games/{game_id}/stream", "get")
STREAM_MESSAGE = "StreamMessage"
STREAM_TEXT_DESCRIPTION = (
    "The whole stream's text, as a client that reads the answer whole receives it once the "
    "stream has closed: the messages one after another, each a `StreamMessage`."
)
STREAM_CLIENT_NOTE = (
    "Open it with a Server-Sent Events client (a browser's `EventSource`, Python's "
    "`httpx-sse`) and read each message as a `StreamMessage` as it comes. A generated client's "
    "call reads the answer whole: it returns only once the stream has closed (after an ended "
    "game's last event, or the server's idle limit), so use it to fetch an ended game's stream "
    "in one piece, and GET /games/{game_id}/events to poll a running game."
)


def shape_document(app: Litestar, document: dict[str, Any]) -> None:
    """Give the document the shapes above (it is the served document, changed in place)."""
    _optional_bodies(document)
    _require_always_sent_fields(app, document)
    _shared_parameter_enums(document)
    _stream_messages(document)
    _optional_token_by_default(document)


def _optional_bodies(document: dict[str, Any]) -> None:
    for operation in operations(document):
        if operation.get("operationId") not in OPTIONAL_BODIES:
            continue
        body = operation["requestBody"]
        body["required"] = False
        media = body["content"]["application/json"]
        variants = media["schema"].get("oneOf") or media["schema"].get("anyOf") or [media["schema"]]
        bodies = [variant for variant in variants if variant.get("type") != "null"]
        # anyOf, as document.py gives the games' bodies: they may overlap
        media["schema"] = bodies[0] if len(bodies) == 1 else {"anyOf": bodies}


def _require_always_sent_fields(app: Litestar, document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    in_requests = _reachable(schemas, _request_roots(document))
    for struct in _answer_structs(app):
        name = struct.__name__
        schema = schemas.get(name)
        if schema is None or name in in_requests:
            continue  # a request body's fields keep their defaults: a client may leave them out
        properties = set(schema.get("properties", {}))
        fields = msgspec.structs.fields(struct)
        config = struct.__struct_config__
        encoded = {field.encode_name for field in fields}
        if config.tag_field is not None:
            encoded.add(config.tag_field)
        if properties != encoded:
            continue  # not the Struct this component was made from
        if config.omit_defaults:
            always = {field.encode_name for field in fields if field.required}
            always |= {name for name in ALWAYS_SET if name in properties}
        else:
            always = properties
        if config.tag_field is not None:
            always.add(config.tag_field)
        required = set(schema.get("required", [])) | always
        # in the order of the properties, as litestar lists them
        schema["required"] = [name for name in schema["properties"] if name in required]
        for name in always:
            # a default tells what an absent value means, and these are never absent
            schema["properties"][name].pop("default", None)


def _answer_structs(app: Litestar) -> list[type[msgspec.Struct]]:
    """Every msgspec Struct an answer of the app may hold, nested ones included."""
    found: dict[type[msgspec.Struct], None] = {}
    for route in app.routes:
        for handler in getattr(route, "route_handlers", ()):
            _collect_structs(handler.parsed_fn_signature.return_type.annotation, found)
            for response in (getattr(handler, "responses", None) or {}).values():
                _collect_structs(response.data_container, found)
    return list(found)


def _collect_structs(annotation: Any, found: dict[type[msgspec.Struct], None]) -> None:
    if isinstance(annotation, type) and issubclass(annotation, msgspec.Struct):
        if annotation in found:
            return
        found[annotation] = None
        for field in msgspec.structs.fields(annotation):
            _collect_structs(field.type, found)
        return
    for argument in typing.get_args(annotation):
        _collect_structs(argument, found)


def _request_roots(document: dict[str, Any]) -> Iterator[str]:
    for operation in operations(document):
        yield from _refs([operation.get("requestBody", {}), operation.get("parameters", [])])


def _reachable(schemas: dict[str, Any], roots: Iterable[str]) -> set[str]:
    seen: set[str] = set()
    waiting = list(roots)
    while waiting:
        name = waiting.pop()
        if name not in seen and name in schemas:
            seen.add(name)
            waiting.extend(_refs(schemas[name]))
    return seen


def _refs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield node["$ref"].rpartition("/")[2]
        for value in node.values():
            yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


def _shared_parameter_enums(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    named = {
        tuple(sorted(schema["enum"])): name
        for name, schema in sorted(schemas.items())
        if set(schema) <= {"enum", "type", "title", "description"} and "enum" in schema
    }
    for operation in operations(document):
        for parameter in operation.get("parameters", []):
            schema = parameter["schema"]
            if "enum" not in schema:
                continue
            if parameter["name"] == "ruleset":
                schemas["RulesetName"] = {
                    "type": "string",
                    "enum": sorted(schema["enum"]),
                    "title": "RulesetName",
                    "description": "The name of a game this server plays (`GET /rulesets`).",
                }
                parameter["schema"] = {"$ref": REF.format(name="RulesetName")}
            elif tuple(sorted(schema["enum"])) in named:
                name = named[tuple(sorted(schema["enum"]))]
                parameter["schema"] = {"$ref": REF.format(name=name)}


def _stream_messages(document: dict[str, Any]) -> None:
    path, method = STREAM_OPERATION
    operation = document["paths"][path][method]
    media = operation["responses"]["200"]["content"]["text/event-stream"]
    message = media["schema"]
    document["components"]["schemas"][STREAM_MESSAGE] = {**message, "title": STREAM_MESSAGE}
    # Before OpenAPI 3.2 (whose itemSchema 3.1 may not hold), the schema of an event stream is
    # that of each message (schemathesis checks every message against it). A generated client
    # reads the answer whole instead, as text: the string variant is what it gets.
    media["schema"] = {
        "anyOf": [
            {"$ref": REF.format(name=STREAM_MESSAGE)},
            {"type": "string", "description": STREAM_TEXT_DESCRIPTION},
        ]
    }
    description = operation.get("description", "").strip()
    operation["description"] = f"{description}\n\n{STREAM_CLIENT_NOTE}".strip()


def _optional_token_by_default(document: dict[str, Any]) -> None:
    optional = [op["security"] for op in operations(document) if {} in op.get("security", [])]
    if not optional:
        return
    default = optional[0]
    document["security"] = default
    for operation in operations(document):
        security = operation.get("security")
        if security is None:
            operation["security"] = []  # no token is read: said against the default
        elif security == default:
            del operation["security"]
