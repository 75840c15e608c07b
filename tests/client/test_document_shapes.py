"""The shapes client generators read in the served document (api/document/shapes.py): each one
made a generated client trip before."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from api.routes.rulesets import installed_game_apis

ROOT = Path(__file__).parents[2]

#: The whole server's document, and each ruleset's alone, as committed: tests/api/test_contract.py
#: holds each byte for byte equal to what the app serves.
DOCUMENTS = {
    "openapi": json.loads((ROOT / "openapi/openapi.json").read_text(encoding="utf-8")),
    **{game.name: json.loads((ROOT / f"openapi/rulesets/{game.name}.json").read_text(encoding="utf-8")) for game in installed_game_apis()},
}


def _operations(document: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if isinstance(operation, dict):
                yield f"{method.upper()} {path}", operation


def _nodes(node: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from _nodes(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _nodes(value, f"{where}/{index}")


@pytest.mark.parametrize("name", DOCUMENTS)
def test_given_the_bodies_a_caller_may_leave_out_then_they_are_optional_and_never_offer_null(
    name: str,
) -> None:
    operations = dict(_operations(DOCUMENTS[name]))
    for key in ("POST /games/{game_id}/start", "POST /games/{game_id}/bots"):
        body = operations[key]["requestBody"]
        assert body["required"] is False, key
        assert '"null"' not in json.dumps(body), key
    # the others stay required
    assert operations["POST /games"]["requestBody"]["required"] is True


@pytest.mark.parametrize("name", DOCUMENTS)
def test_given_any_event_then_its_originator_id_and_version_are_required_without_a_default(
    name: str,
) -> None:
    schemas = DOCUMENTS[name]["components"]["schemas"]
    events = [(component, schema) for component, schema in schemas.items() if "originator_version" in schema.get("properties", {})]
    assert len(events) > 20
    for component, schema in events:
        for field in ("originator_id", "originator_version"):
            assert field in schema["required"], component
            assert "default" not in schema["properties"][field], component


@pytest.mark.parametrize("name", DOCUMENTS)
def test_given_an_answer_whose_struct_sends_every_field_then_every_property_is_required(
    name: str,
) -> None:
    schemas = DOCUMENTS[name]["components"]["schemas"]
    # GameSummary (the lobby list) has fields with defaults, all sent; Problem leaves out those
    # it does not need (omit_defaults), and an action is a request body too.
    assert set(schemas["GameSummary"]["required"]) == set(schemas["GameSummary"]["properties"])
    assert "rule" not in schemas["Problem"]["required"]
    actions = [schemas[name] for name in ("PlaceStone", "BangPlayCard", "DogEatDogProposeTrade") if name in schemas]
    assert actions
    for action in actions:
        assert set(action["required"]) < set(action["properties"])


@pytest.mark.parametrize("name", DOCUMENTS)
def test_given_the_document_then_no_type_array_holds_null_and_no_schema_is_a_boolean(
    name: str,
) -> None:
    for where, node in _nodes(DOCUMENTS[name]):
        assert not (isinstance(node.get("type"), list) and "null" in node["type"]), where
        for keyword in ("items", "not", "contains", "propertyNames"):
            assert not isinstance(node.get(keyword), bool), f"{where}/{keyword}"


@pytest.mark.parametrize("name", DOCUMENTS)
def test_given_a_query_parameter_with_an_enum_then_it_refers_to_a_component(name: str) -> None:
    found = 0
    for key, operation in _operations(DOCUMENTS[name]):
        for parameter in operation.get("parameters", []):
            if parameter["in"] == "query" and parameter["name"] in {"status", "ruleset"}:
                found += 1
                assert set(parameter["schema"]) == {"$ref"}, f"{key} {parameter['name']}"
    assert found >= 4  # the list's two filters and the leaderboards' rulesets


@pytest.mark.parametrize("name", DOCUMENTS)
def test_given_the_stream_then_one_message_is_a_component_and_the_whole_answer_may_be_text(
    name: str,
) -> None:
    document = DOCUMENTS[name]
    operation = document["paths"]["/games/{game_id}/stream"]["get"]
    media = operation["responses"]["200"]["content"]["text/event-stream"]
    # each message (as schemathesis reads it), or the whole text (as a generated client does)
    message_or_text = media["schema"]["anyOf"]
    assert message_or_text[0] == {"$ref": "#/components/schemas/StreamMessage"}
    assert message_or_text[1]["type"] == "string"
    message = document["components"]["schemas"]["StreamMessage"]
    assert message["required"] == ["id", "event", "data"]
    assert "EventSource" in operation["description"]


@pytest.mark.parametrize("name", DOCUMENTS)
def test_given_the_links_then_none_passes_a_header_and_secured_operations_say_their_security(
    name: str,
) -> None:
    document = DOCUMENTS[name]
    operations = {operation["operationId"]: operation for _, operation in _operations(document)}
    linked = 0
    for _, operation in _operations(document):
        for answer in operation["responses"].values():
            for link in answer.get("links", {}).values():
                linked += 1
                assert all(not key.startswith("header.") for key in link.get("parameters", {}))
                assert "Authorization" not in json.dumps(link["parameters"])
                target = operations[link["operationId"]]
                assert "Authorization" not in [p["name"] for p in target.get("parameters", [])]
    assert linked >= 8
    assert operations["startGame"].get("security")


@pytest.mark.parametrize("name", ["openapi", "dodgecity"])
def test_given_dodge_citys_new_game_body_then_it_is_one_object_that_refuses_both_settings_names(
    name: str,
) -> None:
    new_game = DOCUMENTS[name]["components"]["schemas"]["NewGame"]
    # a body-wide anyOf made generators split it into two models, neither with `players`
    assert "anyOf" not in new_game
    assert "oneOf" not in new_game
    assert {"players", "seed", "settings", "variants"} <= set(new_game["properties"])
    either_null = new_game["allOf"][0]["anyOf"]
    assert {"properties": {"variants": {"type": "null"}}} in either_null
