"""The API against its own OpenAPI document: every operation, every default schemathesis check,
on an app holding real stored games; and the committed document equal to the live one."""

from __future__ import annotations

from pathlib import Path

import schemathesis
from api.app import create_app
from api.server import openapi_document
from dodgecity.application import DodgeCityApplication
from dodgecity.simulation import simulate
from hypothesis import HealthCheck, settings

COMMITTED = Path(__file__).parents[2] / "openapi" / "openapi.json"

_games = DodgeCityApplication("memory://")
simulate(3, 3, "contract", store=_games.store_game)
# Built at module level: schemathesis's pytest fixture loader does not work under pytest 9.
schema = schemathesis.openapi.from_asgi("/schema/openapi.json", create_app(_games))


@schema.parametrize()
@settings(max_examples=40, suppress_health_check=list(HealthCheck), deadline=None)
def test_given_any_request_then_the_response_matches_the_document(case: schemathesis.Case) -> None:  # type: ignore[type-arg]
    case.call_and_validate()


def test_given_the_live_app_then_the_committed_openapi_document_is_current() -> None:
    assert COMMITTED.read_bytes() == openapi_document(), "run: .venv/bin/dodgecity openapi --output openapi/openapi.json"
