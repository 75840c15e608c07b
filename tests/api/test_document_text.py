"""The OpenAPI document as served says what the API does: every operation has a summary in words
and a description, an example of its request body and of each answer; every parameter and every
schema has a description; every example is valid against its schema. An operation added without
words or examples fails here until it has them (``api/document/text.py``,
``scripts/record-document-examples``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from api.document.text import PROBLEM_TYPES
from api.routes.rulesets import installed_game_apis
from jsonschema import Draft202012Validator, FormatChecker  # type: ignore[import-untyped]

Json = dict[str, Any]


ROOT = Path(__file__).parents[2]


def _committed(path: str) -> Json:
    """A committed document: tests/api/test_contract.py holds each byte for byte equal to what
    the app serves, so reading them here checks the served words without building five apps
    while the tests are collected."""
    document: Json = json.loads((ROOT / path).read_text(encoding="utf-8"))
    return document


DOCUMENTS = {
    "every game": _committed("openapi/openapi.json"),
    **{game.name: _committed(f"openapi/rulesets/{game.name}.json") for game in installed_game_apis()},
}
DOCUMENT = DOCUMENTS["every game"]


def _operations(document: Json) -> Iterator[tuple[str, Json]]:
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if isinstance(operation, dict):
                yield f"{method.upper()} {path}", operation


OPERATIONS = dict(_operations(DOCUMENT))


def _examples(document: Json) -> Iterator[tuple[str, Json, Any]]:
    """Every example of a request body or an answer: where, its schema and its value."""
    for where, operation in _operations(document):
        contents = [("request", operation.get("requestBody", {}).get("content", {}))]
        contents += [(status, answer.get("content", {})) for status, answer in operation["responses"].items()]
        for label, content in contents:
            for media_type, media in content.items():
                for name, example in media.get("examples", {}).items():
                    yield f"{where} {label} {media_type} {name}", media["schema"], example["value"]


@pytest.mark.parametrize("where", list(OPERATIONS))
def test_given_the_document_when_an_operation_is_read_then_it_has_a_summary_in_words_and_a_description(
    where: str,
) -> None:
    operation = OPERATIONS[where]
    assert " " in operation.get("summary", ""), f"{where}: summary {operation.get('summary')!r} is not in words"
    assert operation["summary"] != operation["operationId"]
    assert len(operation.get("description", "")) > len(operation["summary"])
    assert operation.get("tags"), where


@pytest.mark.parametrize("where", list(OPERATIONS))
def test_given_the_document_when_an_operation_is_read_then_its_body_and_every_answer_have_examples(
    where: str,
) -> None:
    operation = OPERATIONS[where]
    missing = [
        f"{label} {media_type}"
        for label, content in [
            ("request", operation.get("requestBody", {}).get("content", {})),
            *((status, answer.get("content", {})) for status, answer in operation["responses"].items()),
        ]
        for media_type, media in content.items()
        if not media.get("examples")
    ]
    assert missing == [], f"{where}: no example for {missing}"


def test_given_the_document_then_every_parameter_has_a_description() -> None:
    missing = [
        f"{where} {parameter['in']} {parameter['name']}"
        for where, operation in OPERATIONS.items()
        for parameter in operation.get("parameters", [])
        if not parameter.get("description")
    ]
    assert missing == []


def test_given_the_document_then_every_schema_and_every_tag_has_a_description() -> None:
    schemas = DOCUMENT["components"]["schemas"]
    assert [name for name, schema in schemas.items() if not schema.get("description")] == []
    used = {tag for operation in OPERATIONS.values() for tag in operation["tags"]}
    assert {tag["name"] for tag in DOCUMENT["tags"] if tag.get("description")} == used


def test_given_the_document_then_it_lists_every_problem_type_with_its_meaning() -> None:
    text = DOCUMENT["info"]["description"]
    for problem in PROBLEM_TYPES:
        assert f"`{problem.uri}` ({problem.status} {problem.title}): {problem.meaning}" in text
    assert "problem types" in DOCUMENT["components"]["schemas"]["Problem"]["description"]


EXAMPLES = {
    f"{served}: {where}": (served, schema, value) for served, document in DOCUMENTS.items() for where, schema, value in _examples(document)
}


@pytest.mark.parametrize("where", list(EXAMPLES))
def test_given_an_example_in_a_document_when_validated_against_its_schema_then_it_is_valid(where: str) -> None:
    served, schema, value = EXAMPLES[where]
    # The schema's $refs point into the document's components: validate from a root that holds them.
    rooted = {"allOf": [schema], "components": DOCUMENTS[served]["components"]}
    errors = [error.message for error in Draft202012Validator(rooted, format_checker=FormatChecker()).iter_errors(value)]
    assert errors == []


def test_given_a_wrong_example_when_validated_then_the_check_finds_it() -> None:
    """The validation above can fail: a game view without its version is refused."""
    _served, schema, value = next(item for where, item in EXAMPLES.items() if where.startswith("every game: GET /games/{game_id} 200"))
    rooted = {"allOf": [schema], "components": DOCUMENT["components"]}
    wrong = {key: item for key, item in value.items() if key != "version"}
    assert list(Draft202012Validator(rooted).iter_errors(wrong)) != []
