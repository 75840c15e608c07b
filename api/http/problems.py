"""Every error the API answers is one RFC 9457 problem-details body of one shape.

Handlers raise the application's own errors (or litestar's); this module turns each into a status
and a ``Problem``. Nothing here ever echoes hidden game information: messages come from errors
that are written to be safe to show.
"""

from __future__ import annotations

import logging
import sqlite3
from http import HTTPStatus
from typing import Any
from uuid import UUID

import msgspec
import psycopg
from eventsourcing import persistence
from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.openapi.datastructures import ResponseSpec
from litestar.types import ExceptionHandlersMap

from api.http.idempotency import IdempotencyKeyMismatchError
from domain.errors import RuleViolation
from domain.registry import UnknownRulesetError
from engine.application import (
    GameExistsError,
    GameNotFoundError,
    IdempotencyKeyReusedError,
    VersionConflictError,
    VersionOutOfRangeError,
)
from engine.store_gate import StoreUnavailableError
from engine.transfer import RecordRejectedError

log = logging.getLogger(__name__)

MEDIA_TYPE = "application/problem+json"
TYPE_BASE = "https://dodgecity.invalid/problems/"  # identifiers, not pages to fetch


class InvalidParam(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    reason: str


class Problem(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    type: str
    title: str
    status: int
    detail: str
    instance: str | None = None
    rule: str | None = None  # the id of the rule (RULES.md, CLOCK.md) that refuses
    current_version: int | None = None  # the game's version, on a version conflict
    invalid_params: tuple[InvalidParam, ...] = ()


#: Rules whose refusal is not a conflict with the game's state, and their status: settings
#: outside their limits are content the server understood and cannot play (422); every other
#: rule's refusal is 409.
RULE_STATUSES: dict[str, int] = {"CLOCK-LIMITS": 422}


class ForbiddenByRuleError(Exception):
    """A valid token that a rule does not let do this (another seat's token taking a seat
    back): 403, naming the rule."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"[{rule}] {reason}")
        self.rule = rule
        self.reason = reason


class PreconditionFailedError(Exception):
    """A stale ``If-Match``: the same conflict as a stale ``expected_version``, answered 412."""

    def __init__(self, conflict: VersionConflictError) -> None:
        super().__init__(str(conflict))
        self.actual = conflict.actual


class AnotherGamesBodyError(Exception):
    """A body that is well formed for another game this server plays, sent to a game of this
    one (one game's action sent to a game of another): the request is valid, the game it names
    is not one it applies to."""

    def __init__(self, game: str, other: str, what: str) -> None:
        super().__init__(
            f"this game is played by the ruleset {game!r}; the body is {what} of {other!r}"
        )


class IdempotentCreationError(Exception):
    def __init__(self, game_id: UUID) -> None:
        super().__init__(
            f"game {game_id} was already created with this Idempotency-Key; its host token "
            "was shown once, in the answer to the first request"
        )


def problem_responses(*statuses: int) -> dict[int, ResponseSpec]:
    """The OpenAPI description of an operation's error answers: all one problem shape."""
    return {
        status: ResponseSpec(
            data_container=Problem,
            description=f"{HTTPStatus(status).phrase}: problem details (RFC 9457)",
            media_type=MEDIA_TYPE,
            generate_examples=False,
        )
        for status in statuses
    }


def problem(status: int, kind: str, detail: str, **extra: Any) -> Problem:
    return Problem(
        type=TYPE_BASE + kind,
        title=HTTPStatus(status).phrase,
        status=status,
        detail=detail,
        **extra,
    )


def _respond(request: Request[Any, Any, Any], body: Problem) -> Response[Problem]:
    body = msgspec.structs.replace(body, instance=request.url.path)
    return Response(body, status_code=body.status, media_type=MEDIA_TYPE)


def on_rule_violation(request: Request[Any, Any, Any], error: RuleViolation) -> Response[Problem]:
    status = RULE_STATUSES.get(error.rule, 409)
    return _respond(request, problem(status, "rule-violation", error.reason, rule=error.rule))


def on_forbidden_by_rule(
    request: Request[Any, Any, Any], error: ForbiddenByRuleError
) -> Response[Problem]:
    return _respond(request, problem(403, "forbidden", error.reason, rule=error.rule))


def on_not_found(request: Request[Any, Any, Any], error: GameNotFoundError) -> Response[Problem]:
    return _respond(request, problem(404, "game-not-found", str(error)))


def on_unknown_ruleset(
    request: Request[Any, Any, Any], error: UnknownRulesetError
) -> Response[Problem]:
    return _respond(request, problem(404, "ruleset-not-found", str(error)))


def on_version_out_of_range(
    request: Request[Any, Any, Any], error: VersionOutOfRangeError
) -> Response[Problem]:
    return _respond(
        request, problem(404, "version-not-found", str(error), current_version=error.latest)
    )


def on_conflict(request: Request[Any, Any, Any], error: VersionConflictError) -> Response[Problem]:
    return _respond(
        request, problem(409, "version-conflict", str(error), current_version=error.actual)
    )


def on_precondition_failed(
    request: Request[Any, Any, Any], error: PreconditionFailedError
) -> Response[Problem]:
    return _respond(
        request, problem(412, "version-conflict", str(error), current_version=error.actual)
    )


def on_key_reused(
    request: Request[Any, Any, Any], error: IdempotencyKeyReusedError | IdempotencyKeyMismatchError
) -> Response[Problem]:
    return _respond(request, problem(409, "idempotency-key-reused", str(error)))


def on_another_games_body(
    request: Request[Any, Any, Any], error: AnotherGamesBodyError
) -> Response[Problem]:
    return _respond(request, problem(409, "wrong-ruleset", str(error)))


def on_idempotent_creation(
    request: Request[Any, Any, Any], error: IdempotentCreationError
) -> Response[Problem]:
    return _respond(request, problem(409, "idempotency-key-used", str(error)))


def on_record_rejected(
    request: Request[Any, Any, Any], error: RecordRejectedError
) -> Response[Problem]:
    # What is wrong with a record the caller sent: its own content, never another game's.
    return _respond(request, problem(422, "record-rejected", str(error)))


def on_game_exists(request: Request[Any, Any, Any], error: GameExistsError) -> Response[Problem]:
    return _respond(
        request,
        problem(409, "game-exists", f"game {error.game_id} is already stored here: not imported"),
    )


def on_store_unavailable(request: Request[Any, Any, Any], error: Exception) -> Response[Problem]:
    # The database went away or is busy: the request changed nothing and may be retried.
    log.error("store unavailable serving %s %s: %s", request.method, request.url.path, error)
    response = _respond(
        request, problem(503, "store-unavailable", "the game store is unavailable; retry soon")
    )
    response.headers["Retry-After"] = "1"
    return response


def on_validation(request: Request[Any, Any, Any], error: ValidationException) -> Response[Problem]:
    params = tuple(
        InvalidParam(
            name=str(item.get("key") or item.get("source") or ""), reason=str(item["message"])
        )
        for item in (error.extra if isinstance(error.extra, list) else [])
        if isinstance(item, dict) and "message" in item
    )
    return _respond(
        request,
        problem(
            400, "invalid-request", error.detail or "the request is invalid", invalid_params=params
        ),
    )


def on_http(request: Request[Any, Any, Any], error: HTTPException) -> Response[Problem]:
    status = error.status_code
    kind = HTTPStatus(status).phrase.lower().replace(" ", "-")
    response = _respond(request, problem(status, kind, error.detail or HTTPStatus(status).phrase))
    if error.headers:
        response.headers.update(error.headers)
    return response


def on_unexpected(request: Request[Any, Any, Any], error: Exception) -> Response[Problem]:
    # Logged with its traceback for operators; the client learns only that it was ours.
    log.exception(
        "unexpected error serving %s %s", request.method, request.url.path, exc_info=error
    )
    return _respond(request, problem(500, "internal-error", "an unexpected error occurred"))


EXCEPTION_HANDLERS: ExceptionHandlersMap = {
    RuleViolation: on_rule_violation,
    ForbiddenByRuleError: on_forbidden_by_rule,
    GameNotFoundError: on_not_found,
    UnknownRulesetError: on_unknown_ruleset,
    VersionOutOfRangeError: on_version_out_of_range,
    VersionConflictError: on_conflict,
    PreconditionFailedError: on_precondition_failed,
    IdempotencyKeyReusedError: on_key_reused,
    IdempotencyKeyMismatchError: on_key_reused,
    IdempotentCreationError: on_idempotent_creation,
    AnotherGamesBodyError: on_another_games_body,
    RecordRejectedError: on_record_rejected,
    GameExistsError: on_game_exists,
    StoreUnavailableError: on_store_unavailable,
    # Failures of the database after it was opened (gone, locked, dropped, refused): the event
    # store's own errors and the drivers' (the read models use the drivers directly). Version
    # clashes never get here: the application turns them into VersionConflictError.
    persistence.PersistenceError: on_store_unavailable,
    psycopg.Error: on_store_unavailable,
    sqlite3.Error: on_store_unavailable,
    ValidationException: on_validation,
    HTTPException: on_http,
    Exception: on_unexpected,
}
