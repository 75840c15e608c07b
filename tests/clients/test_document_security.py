"""Who the committed OpenAPI documents say may call without a token (api/document/shapes.py):
the reads a spectator makes take a token or none through the document's default security, so
that client generators give them a plain client; the operations that read no token say so; the
ones that need a token keep their own requirement."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

REPOSITORY = Path(__file__).parents[2]
DOCUMENTS = [REPOSITORY / "openapi" / "openapi.json", *sorted((REPOSITORY / "openapi" / "rulesets").glob("*.json"))]
BEARER: dict[str, list[str]] = {"bearer": []}
#: The reads whose handlers take a missing token as a spectator (api/http/auth.py's caller_of).
SPECTATOR_READS = {"getGame", "listActions", "listEvents", "listNarration", "getState", "getRecord", "streamEvents"}
#: The operations refused without the host's or a seat's token.
TOKEN_NEEDED = {"performAction", "addBot", "startGame", "issueStreamTicket", "claimTimeout", "handSeatToBot", "takeSeatBack"}


def _operations(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {
        operation["operationId"]: operation
        for item in document["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict)
    }


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda path: path.stem)
def test_given_a_committed_document_then_exactly_the_spectators_reads_may_go_without_a_token_and_declare_no_security_of_their_own(
    path: Path,
) -> None:
    document = json.loads(path.read_text())
    operations = _operations(document)
    assert document["security"] == [BEARER, {}]
    # what each operation asks for: its own security, or the document's
    asked = {name: operation.get("security", document["security"]) for name, operation in operations.items()}
    assert {name for name, security in asked.items() if {} in security} == SPECTATOR_READS
    # openapi-python-client reads an operation's own security alone: none lets a plain Client call
    assert not any("security" in operations[name] for name in SPECTATOR_READS)
    assert {name for name, security in asked.items() if security == [BEARER]} == TOKEN_NEEDED
    others = set(operations) - SPECTATOR_READS - TOKEN_NEEDED
    assert others >= {"createGame", "joinGame", "listGames", "health"}
    assert all(operations[name]["security"] == [] for name in others)
