"""The API against its own OpenAPI document: every operation, every default schemathesis check,
on an app holding real stored games; and the committed document equal to the live one.

Nothing here builds an app while pytest collects (building one, its OpenAPI document, takes a
good part of a second, paid by every worker): the stateless test is parametrized from the
committed document, which the first test below holds byte for byte equal to the live app's, and
its app is built at its first request; the walk builds its app and loads the live document when
it runs."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any, ClassVar
from uuid import UUID

import msgspec
import schemathesis
from api.app import create_app
from api.routes.rulesets import installed_game_apis
from api.settings import ApiSettings
from engine.application import GameNotFoundError, GameService
from engine.simulation import simulate
from entrypoints.server import openapi_document
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test
from litestar import Litestar
from openapi_spec_validator import validate
from requests.structures import CaseInsensitiveDict

COMMITTED = Path(__file__).parents[2] / "openapi" / "openapi.json"
SCHEMA_PATH = "/schema/openapi.json"
# The work limits off: the fuzzer opens far more games than a client should.
UNLIMITED = ApiSettings(game_limit=None, bot_limit=None)


class StoredGamesApp:
    """The API on a store holding three played games, built at its first request."""

    def __init__(self) -> None:
        self._app: Litestar | None = None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if self._app is None:
            games = GameService("memory://")
            simulate(3, 3, "contract", store=games.store_game, ruleset="dodgecity")
            self._app = create_app(games, settings=UNLIMITED)
        await self._app(scope, receive, send)


# Built at module level: schemathesis's pytest fixture loader does not work under pytest 9.
schema = schemathesis.openapi.from_path(COMMITTED)
schema.app = StoredGamesApp()
schema.location = SCHEMA_PATH  # where the app serves it, as if loaded from the app


@schema.parametrize()
@settings(max_examples=40, suppress_health_check=list(HealthCheck), deadline=None)
def test_given_any_request_then_the_response_matches_the_document(case: schemathesis.Case) -> None:  # type: ignore[type-arg]
    case.call_and_validate()


REGENERATE = "run: .venv/bin/dodgecity openapi --output openapi/openapi.json --rulesets-dir openapi/rulesets"


def test_given_the_live_app_then_the_committed_openapi_document_is_current() -> None:
    assert COMMITTED.read_bytes() == openapi_document(), REGENERATE


def test_given_each_installed_ruleset_then_its_committed_document_is_current_and_no_other_is_committed() -> None:
    folder = COMMITTED.parent / "rulesets"
    installed = [game.name for game in installed_game_apis()]
    assert sorted(path.stem for path in folder.glob("*.json")) == sorted(installed), REGENERATE
    for name in installed:
        assert (folder / f"{name}.json").read_bytes() == openapi_document(name), REGENERATE
        validate(json.loads((folder / f"{name}.json").read_text()))


class FreshApp:
    """The API on an empty store, for the whole walk. Each sequence reaches only the games its own
    answers name (random ids, handed over by the links), so one store serves them all. It was
    once renewed before every sequence, but building the app (its OpenAPI document) took three
    quarters of the walk's time; a sequence hypothesis replays to shrink a failure may now meet
    another server state (an idempotency key an earlier sequence used), which can only make the
    failure harder to shrink, never hide it."""

    def __init__(self) -> None:
        self.games = GameService("memory://")
        self.app = create_app(self.games, settings=UNLIMITED, stream_idle_seconds=0.2)

    def ruleset_of(self, game_id: str) -> str | None:
        try:
            return self.games.ruleset_of(UUID(game_id)).name
        except (ValueError, GameNotFoundError):
            return None

    def awaited_seats(self, game_id: str) -> list[int]:
        try:
            return self.games.read(UUID(game_id), lambda game: [d.seat for d in game.pending()])
        except (ValueError, GameNotFoundError):
            return []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        await self.app(scope, receive, send)


# The walk is kept to the lobby and play operations (the stateless test above covers the rest),
# so that its sequences are long enough to reach a started game and act in it.
WALKED = ["createGame", "joinGame", "startGame", "getGame", "listActions", "performAction", "listEvents"]


class CallerToken:
    """Starts games with their host token, and lists and performs actions with the token of a
    seat the game awaits, as a client whose turn it is would (OpenAPI links cannot carry a
    header). An auth provider, not a hook, so that schemathesis knows these credentials are
    meant to be valid and checks that leaving them out or spoiling them is refused."""

    #: The walk's app; who holds which token, filled from its answers by the walk.
    fresh: ClassVar[FreshApp]
    host_tokens: ClassVar[dict[str, str]] = {}  # game → its host's token
    seat_tokens: ClassVar[dict[tuple[str, int], str]] = {}  # (game, seat) → that seat's token

    def get(self, case: schemathesis.Case, context: object) -> str | None:  # type: ignore[type-arg]
        game_id = str((case.path_parameters or {}).get("game_id"))
        if case.path.endswith("/start"):
            return self.host_tokens.get(game_id)
        if case.path.endswith("/actions"):
            taken = [seat for (game, seat) in self.seat_tokens if game == game_id]
            awaited = [seat for seat in self.fresh.awaited_seats(game_id) if seat in taken]
            if awaited or taken:
                return self.seat_tokens[game_id, (awaited or taken)[0]]
        return None

    def set(self, case: schemathesis.Case, token: str, context: object) -> None:  # type: ignore[type-arg]
        case.headers["Authorization"] = f"Bearer {token}"


class WalkSteps:
    """What the walk does around each call: mixed into the state machine schemathesis makes of
    the document's links (create → join → start → act) when the walk runs."""

    reached: ClassVar[Counter[str]] = Counter()

    def setup(self) -> None:
        CallerToken.host_tokens.clear()
        CallerToken.seat_tokens.clear()

    def before_call(self, case: schemathesis.Case) -> None:  # type: ignore[type-arg]
        # Bot seats are played by a thread of the server, at its own pace: a walk whose games
        # had them would not be the same walk on every run. The stateless test above and
        # test_bot_seats_api.py cover them.
        if case.path == "/games" and case.method == "POST" and isinstance(case.body, dict) and "bots" in case.body:
            # Assigned, not changed in place: schemathesis then checks the body again, so a body
            # that was invalid only in its bots is no longer expected to be refused.
            case.body = {name: value for name, value in case.body.items() if name != "bots"}
        # The one store outlives the sequence (FreshApp): a creation's idempotency key is kept by
        # the server for every later sequence, which would get an earlier sequence's game back
        # and walk on differently when hypothesis runs it again. The stateless test above and
        # test_idempotent_creation.py cover the keys.
        if case.path == "/games" and case.method == "POST" and "Idempotency-Key" in case.headers:
            headers = CaseInsensitiveDict(case.headers)
            del headers["Idempotency-Key"]
            case.headers = headers  # assigned, as the body above, so that the case is checked again
        # A seat's and an action's bodies are each game's own: the document offers every game's
        # (their paths do not say which game), the server decodes a body by the game's own type.
        # A body of another game is made one the document refuses outright ({}), so that it is
        # expected to be refused; one that fits the game is sent as it is.
        game_id = str((case.path_parameters or {}).get("game_id"))
        ruleset = CallerToken.fresh.ruleset_of(game_id) if case.method == "POST" else None
        game = next((g for g in installed_game_apis() if g.name == ruleset), None)
        own = {"/games/{game_id}/players": "new_player", "/games/{game_id}/actions": "action_request"}.get(case.path)
        if game is not None and own is not None and case.body is not None:
            body_type = game.new_player if own == "new_player" else game.wire.action_request
            try:
                msgspec.convert(case.body, body_type, strict=False)
            except msgspec.ValidationError:
                case.body = {}

    def after_call(self, response: Any, case: schemathesis.Case) -> None:  # type: ignore[type-arg]
        self.reached[f"{case.method} {case.path} {response.status_code}"] += 1
        if case.path == "/games" and case.method == "POST" and response.status_code == 201:
            created = response.json()
            CallerToken.host_tokens[created["game_id"]] = created["host_token"]
        if case.path == "/games/{game_id}/players" and response.status_code == 201:
            seat = response.json()
            CallerToken.seat_tokens[seat["game_id"], seat["seat"]] = seat["token"]


def walk() -> type:
    """The stateful walk on a fresh app: the live app's document, its lobby and play operations,
    the callers' tokens, and the steps above."""
    CallerToken.fresh = FreshApp()
    walked = schemathesis.openapi.from_asgi(SCHEMA_PATH, CallerToken.fresh).include(operation_id=WALKED)
    walked.auth(refresh_interval=None)(CallerToken)
    return type("Workflow", (WalkSteps, walked.as_state_machine()), {})


def test_given_linked_sequences_then_every_answer_matches_the_document_and_games_get_played() -> None:
    WalkSteps.reached.clear()
    run_state_machine_as_test(
        walk(),
        settings=settings(
            max_examples=100,
            # 30 steps were enough alone, but in the whole suite the same derandomized walk
            # took other turns (it depends on more than this file) and never acted: 50 act in
            # both (1 accepted action in the suite, 8 alone, measured)
            stateful_step_count=50,
            suppress_health_check=list(HealthCheck),
            deadline=None,
            derandomize=True,  # the same walk on every run: the test cannot pass by luck
        ),
    )
    reached = WalkSteps.reached
    # The walk went all the way: games created, seats taken, a game started and played in.
    assert reached["POST /games 201"] > 0
    assert reached["POST /games/{game_id}/players 201"] > 0
    assert reached["POST /games/{game_id}/start 200"] > 0, reached
    assert reached["POST /games/{game_id}/actions 200"] > 0, sorted(reached.items())


def test_given_the_committed_document_then_it_is_valid_openapi_3_1() -> None:
    document = json.loads(COMMITTED.read_text())
    assert document["openapi"].startswith("3.1")
    validate(document)  # raises, naming the first problem, if the document is not valid


def test_given_the_document_then_every_operation_documents_its_errors_as_problems() -> None:
    document = json.loads(COMMITTED.read_text())
    for path, item in document["paths"].items():
        for method, operation in item.items():
            errors = {status: answer for status, answer in operation["responses"].items() if status >= "400"}
            assert errors, f"{method.upper()} {path} documents no error answers"
            for status, answer in errors.items():
                assert list(answer["content"]) == ["application/problem+json"], (method, path, status)
