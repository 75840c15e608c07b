"""The OpenAPI document's examples: a request and an answer of every operation, and the problems
each may answer, all recorded from real games by ``scripts/record-document-examples`` into
``api/document/examples.json``.

An example of a game's own body is kept under that game's name and shown only in documents
that serve it (``openapi/rulesets/<game>.json`` holds only its own); one the same for every game
is kept under ``*``. ``tests/api/test_document_text.py`` validates every example against its
schema, so an example a change of shape made wrong fails there.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

EXAMPLES_FILE = Path(__file__).with_name("examples.json")
#: The key of an example that is the same whatever the game.
ANY = "*"
#: Lists in examples are cut to this many items: enough to show an item, short enough to read.
LIST_ITEMS = 3
PROBLEM_MEDIA_TYPE = "application/problem+json"
#: Values the problems' ``instance`` shows for a path's parameters.
PATH_VALUES = {
    "{game_id}": "0b0c8a8e-5f7e-4d55-9d5e-3f1e2a6c7b10",
    "{version}": "12",
    "{seat}": "1",
}
#: Problem types that only an operation with this path parameter answers.
NEEDS_PARAMETER = {
    "game-not-found": "{game_id}",
    "ruleset-not-found": "{ruleset}",
    "version-not-found": "{version}",
}


def shortened(value: Any) -> Any:
    """``value`` with every list longer than :data:`LIST_ITEMS` cut to that many items."""
    if isinstance(value, dict):
        return {key: shortened(item) for key, item in value.items()}
    if isinstance(value, list):
        return [shortened(item) for item in value[:LIST_ITEMS]]
    return value


@cache
def _recorded() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(EXAMPLES_FILE.read_text(encoding="utf-8"))
    return loaded


def add_examples(document: dict[str, Any], games: list[str]) -> None:
    """Write the recorded examples for ``games`` (the names of the games served) into
    ``document``: under each request body and each answer, as named ``examples``."""
    recorded = _recorded()
    for path, item in document["paths"].items():
        for operation in item.values():
            if not isinstance(operation, dict):
                continue
            examples = recorded["operations"].get(operation.get("operationId"), {})
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body is not None and "request" in examples:
                _set(body, examples["request"], games)
            for status, answer in operation.get("responses", {}).items():
                for media_type, content in answer.get("content", {}).items():
                    if media_type == PROBLEM_MEDIA_TYPE:
                        problems = {**recorded["problems"], **examples.get("problems", {})}
                        _set_problems(content, path, int(status), problems, games[0])
                    elif status in examples.get("responses", {}):
                        _set(content, examples["responses"][status], games)


def _set(content: dict[str, Any], by_game: dict[str, Any], games: list[str]) -> None:
    named = {
        game: {"summary": _summary(game), "value": value}
        for game, value in by_game.items()
        if game == ANY or game in games
    }
    if named:
        content["examples"] = named


def _summary(game: str) -> str:
    return "An example" if game == ANY else f"A game of {game}"


def _set_problems(
    content: dict[str, Any],
    path: str,
    status: int,
    problems: dict[str, dict[str, Any]],
    ruleset: str,
) -> None:
    """Each problem of ``status`` that fits ``path``, with the path as its ``instance`` (a
    ruleset's name is the first game served)."""
    of_status = {
        key.partition("@")[0]: problem
        for key, problem in problems.items()
        if problem["status"] == status
    }
    if not of_status:
        return
    fitting = {
        kind: problem
        for kind, problem in of_status.items()
        if NEEDS_PARAMETER.get(kind, "") in path
    }
    instance = path
    for parameter, value in {**PATH_VALUES, "{ruleset}": ruleset}.items():
        instance = instance.replace(parameter, value)
    content["examples"] = {
        kind: {"summary": kind, "value": {**problem, "instance": instance}}
        for kind, problem in (fitting or of_status).items()
    }
