"""The words of the OpenAPI document: what each operation is called, what its tags, parameters,
schemas and problem types mean.

The handlers' docstrings are the operations' descriptions (``use_handler_docstrings``); what is
here is what litestar cannot take from the code: a summary in words for each operation (keyed by
its ``operationId``), the tags' meaning, the parameters' and schemas' descriptions where the code
has none, and the problem types each error answer may carry. :func:`add_text` writes them into the
document as served; ``tests/api/test_document_text.py`` fails for an operation, parameter or
schema left without words.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

import msgspec

from api.document.operations import operations
from api.http.problems import TYPE_BASE

#: A short phrase in words per operation (Spectral's and the docs page's "summary").
SUMMARIES: dict[str, str] = {
    "health": "Check the server and its database",
    "listRulesets": "List the games this server plays",
    "getRuleset": "Get a game's printed material",
    "listGames": "List games (the lobby)",
    "createGame": "Create a game",
    "joinGame": "Join a game: take a seat",
    "addBot": "Seat a computer player",
    "startGame": "Start a game",
    "getGame": "Get a game as the caller sees it",
    "listActions": "List the caller's legal actions",
    "performAction": "Perform an action",
    "claimTimeout": "Claim a seat's timeout",
    "handSeatToBot": "Hand a timed-out seat to the computer player",
    "takeSeatBack": "Take a seat back from the computer player",
    "streamEvents": "Follow a game's events live (Server-Sent Events)",
    "listEvents": "List a game's events",
    "listNarration": "List a game's events told in words",
    "getState": "Get a game as it was after an event (replay)",
    "getLeaderboard": "List the players' leaderboard",
    "getTeamLeaderboard": "List the teams' leaderboard",
}

TAGS: list[dict[str, str]] = [
    {"name": "reference", "description": "The games this server plays and their printed material."},
    {"name": "games", "description": "The list of games, for a lobby."},
    {
        "name": "lobby",
        "description": "Create a game, take seats (people and computer players), start it.",
    },
    {
        "name": "play",
        "description": "See a game, list and perform your seat's actions, follow it live, "
        "claim a timeout, hand a seat to the computer player and take it back.",
    },
    {
        "name": "replay",
        "description": "A game's events, told as data or in words, and the game after any event.",
    },
    {
        "name": "records",
        "description": "Complete game records: download one (the same file as `dodgecity export`) "
        "and import one, verified before anything is stored.",
    },
    {
        "name": "read models",
        "description": "Views built from every game's events: boards, scores, leaderboards.",
    },
    {"name": "service", "description": "The server's own health."},
]

CONTACT = {"name": "Dodge City Engine", "url": "https://dodgecity.invalid/"}
LICENSE = {"name": "MIT", "identifier": "MIT"}

#: Parameters whose meaning is the same on every operation, where the code gave none.
PARAMETERS: dict[tuple[str, str], str] = {
    ("path", "game_id"): "The game's id, as answered by POST /games (`game_id`).",
    ("path", "ruleset"): "A game's name, as GET /rulesets lists it (its `name`).",
    ("query", "status"): "Only games in this stage: `lobby` (taking seats), `running`, `ended` "
    "or `abandoned` (closed before it started).",
}


#: Fields whose meaning is the same in every schema that has them, where the type gave none.
PROPERTIES: dict[str, str] = {
    "game_id": "The game's id.",
    "ruleset": "The game's ruleset: its name in GET /rulesets.",
    "version": "The game's version: the number of its latest event.",
    "seat": "A seat's number, from 0, in the order the seats were taken.",
    "expected_version": "The version the game must be at for this to apply (else 409 "
    "`version-conflict`): the `version` of the last answer seen.",
    "originator_id": "The game's id.",
    "originator_version": "The event's version: its number in the game, from 1.",
    "latest_version": "The game's latest version.",
    "next_after": "The `after` of the next page; null when this page reaches the latest event.",
    "seed_commitment": "SHA-256 (hex) of `seed-commitment-v2:<game_id>:<seed_nonce>:<seed>` "
    "(games recorded before nonces: of `<game_id>:<seed>`), published at creation: once the "
    "game has ended and its seed and nonce are shown, anyone can check it.",
    "seed_chosen": "Whether the game's creator chose the seed (every player is told so).",
}
#: Fields of one schema, where the type gave none.
SCHEMA_PROPERTIES: dict[str, dict[str, str]] = {
    "CreatedGame": {
        "host_token": "The host's token, shown only here: send it as `Authorization: Bearer "
        "<token>` to seat bots and start the game.",
    },
    "SeatTaken": {
        "token": "The seat's token, shown only here: send it as `Authorization: Bearer "
        "<token>` to see the seat's hand and act as the seat.",
    },
    "LegalActions": {
        "actions": "Each a body ready to send to POST /games/{game_id}/actions; empty when "
        "the game does not await the caller.",
    },
    "GamesPage": {"items": "The games of this page.", "total": "How many games match in all."},
    "Health": {
        "status": "`ok`, or `degraded` when the database did not answer within a second.",
        "database": "The backend: `memory`, `sqlite` or `postgresql`.",
        "projected_position": "How far the read models have projected the stored events.",
    },
    "Problem": {
        "type": "The problem type: one of the URIs listed in the document's description.",
        "title": "The HTTP status's phrase.",
        "status": "The HTTP status code.",
        "detail": "What went wrong, in words (never hidden game information).",
        "instance": "The path of the request.",
        "rule": "The id of the rule (RULES.md, CLOCK.md) that refuses the request: always for "
        "`rule-violation`, and for a `forbidden` that a rule decides (`CLOCK-TAKE-BACK`).",
        "current_version": "For `version-conflict` and `version-not-found`: the game's version.",
        "invalid_params": "For `invalid-request`: each invalid field and why.",
    },
    "InvalidParam": {
        "name": "Where: a body path (`$.bots[1].name`), a parameter's or a header's name.",
        "reason": "What is wrong with it.",
    },
    "ClockView": {
        "decision_seconds": "Seconds for each decision.",
        "reserve_seconds": "Each seat's reserve at the start, in seconds.",
        "bot_after_timeouts": "Timeouts in a row after which a computer player takes the seat.",
        "stand_in": "The kind of computer player that takes an absent player's seat.",
        "seats": "Every seat's clock, in seat order.",
    },
    "SeatClock": {
        "reserve_seconds": "The seconds of reserve left, before the decision in hand draws on it.",
        "decision": "The kind of decision the seat is asked now; null while it is asked none.",
        "asked_at": "When the decision was asked (ISO 8601, UTC); null while none is asked.",
        "deadline": "When the seat's time runs out (ISO 8601, UTC): the decision's seconds and "
        "the reserve left after `asked_at`. At or after it, anyone of the game may claim the "
        "timeout (POST /games/{game_id}/timeouts). Null while no decision is asked.",
        "stand_in": "The kind of computer player playing the seat for its absent player; null "
        "while its player plays it (a bot seat's own kind is in the game's seats).",
        "timeouts_in_row": "The seat's timeouts since it last decided itself.",
    },
    "DecisionTimedOut": {
        "decision": "The kind of decision the seat did not make in time.",
        "deadline": "When its time ran out (ISO 8601).",
        "at": "When the timeout was taken (ISO 8601).",
        "in_row": "The seat's timeouts since it last decided itself, this one included.",
        "claimed_by": "The seat that claimed the timeout; null when the server's timer or "
        "the host took it.",
    },
    "SeatHandedToBot": {
        "bot": "The kind of computer player that plays the seat now.",
        "reason": "`timeouts` (the seat's timeouts in a row) or `host` (the host's word).",
    },
    "TimeoutClaim": {"seat": "The seat whose time has run out, from 0."},
}


@dataclass(frozen=True)
class ProblemType:
    kind: str
    status: int
    meaning: str

    @property
    def uri(self) -> str:
        return TYPE_BASE + self.kind

    @property
    def title(self) -> str:
        return HTTPStatus(self.status).phrase


def _generic(status: int) -> str:
    """The problem type of a plain HTTP error (``api/http/problems.py``'s ``on_http``)."""
    return HTTPStatus(status).phrase.lower().replace(" ", "-")


#: Every problem type the API answers with, and when.
PROBLEM_TYPES: list[ProblemType] = [
    ProblemType(
        "invalid-request",
        400,
        "The body, a path or query parameter or a header is malformed or out of range; "
        "`invalid_params` names each field (`$.name`) and what is wrong with it.",
    ),
    ProblemType(
        _generic(400),
        400,
        "A request the server cannot read otherwise: a bad `If-Match` or `Last-Event-ID`, "
        "a refused CORS preflight.",
    ),
    ProblemType(
        _generic(401),
        401,
        "The `Authorization` header is not `Bearer <token>`, or the token names nobody in this "
        "game (never taken as a spectator), or the operation needs a token and none was sent.",
    ),
    ProblemType(
        _generic(403),
        403,
        "The token is valid but may not do this: a seat starting the game, seating a bot or "
        "handing a seat over, the host acting for a seat, another seat's token taking a seat "
        "back; where a rule decides it, `rule` names it.",
    ),
    ProblemType("game-not-found", 404, "No game has this id."),
    ProblemType("ruleset-not-found", 404, "This server plays no game of that name."),
    ProblemType(
        "version-not-found",
        404,
        "The game has no such version yet; `current_version` is its latest.",
    ),
    ProblemType(_generic(404), 404, "No such path."),
    ProblemType(
        "rule-violation",
        409,
        "The rules refuse the action now; `rule` is the id of the rule (RULES.md) and nothing "
        "changed. Also a lobby refusal (the game is full, already started, too few seats).",
    ),
    ProblemType(
        "rule-violation",
        422,
        "Settings outside their limits, such as a clock's (`rule` is `CLOCK-LIMITS`): nothing "
        "was created.",
    ),
    ProblemType(
        "version-conflict",
        409,
        "`expected_version` is not the game's version (someone else moved first); "
        "`current_version` is the game's. Answered 412 when the version was sent as `If-Match`.",
    ),
    ProblemType(
        "version-conflict",
        412,
        "The `If-Match` ETag is not the game's version; `current_version` is the game's.",
    ),
    ProblemType(
        "wrong-ruleset",
        409,
        "The body is well formed for another game this server plays, not for this game's.",
    ),
    ProblemType(
        "idempotency-key-reused",
        409,
        "The `Idempotency-Key` was used before with another body (or by another seat).",
    ),
    ProblemType(
        "idempotency-key-used",
        409,
        "A game was already created with this `Idempotency-Key` from another client; its host "
        "token was shown once, to the first request.",
    ),
    ProblemType(_generic(413), 413, "The body is larger than the server's limit."),
    ProblemType(
        _generic(415),
        415,
        "The body is not sent as JSON in UTF-8 (`Content-Type: application/json`).",
    ),
    ProblemType(
        _generic(429),
        429,
        "Too many requests, games, bots or open streams from this client; retry after "
        "`Retry-After` seconds.",
    ),
    ProblemType(
        "store-unavailable",
        503,
        "The game store did not answer; nothing changed, retry after `Retry-After` seconds.",
    ),
    ProblemType(
        "internal-error",
        500,
        "A fault of the server's own (logged for its operators); never expected.",
    ),
]


def problem_types_text() -> str:
    """The problem types as a Markdown list, for the document's top-level description."""
    lines = [
        "## Problem types",
        "",
        "Every error is an RFC 9457 problem-details body (`application/problem+json`); its "
        f"`type` is one of these URIs (identifiers under `{TYPE_BASE}`, not pages to fetch):",
        "",
    ]
    lines += [
        f"- `{problem.uri}` ({problem.status} {problem.title}): {problem.meaning}"
        for problem in PROBLEM_TYPES
    ]
    return "\n".join(lines)


def _types_of(status: int) -> list[ProblemType]:
    return [problem for problem in PROBLEM_TYPES if problem.status == status]


#: Schemas whose type has no docstring (litestar's enums of Literal types, views without one).
SCHEMAS: dict[str, str] = {
    "Problem": "An RFC 9457 problem-details body: every error the API answers. `type` is one of "
    "the problem types listed in the document's description.",
    "InvalidParam": "One field of a request that is invalid, and why.",
    "Health": "Whether the server and its database answer.",
    "CreatedGame": "A new game: its id and the host token (shown once: keep it).",
    "SeatTaken": "A seat taken: its number and its token (shown once: keep it).",
    "BotSeated": "A seat given to a computer player: its number (a bot has no token).",
    "StartRequest": "Starting a game: optionally the version the host expects it to be at.",
    "GamesPage": "One page of the game list, newest first.",
    "GameSummary": "One game in the game list.",
    "LeaderboardRow": "One player of the leaderboard.",
    "EndReason": "Why a game ended.",
    "GameStatus": "A game's stage: `lobby` (taking seats), `running`, `ended`, or `abandoned` "
    "(closed because it never started).",
}


def add_text(
    document: dict[str, Any], types: dict[str, type], game_words: Mapping[str, str]
) -> None:
    """Write the words into ``document``; ``types`` are the Python types of its schemas by
    name, whose docstrings describe the schemas that have no description yet; ``game_words``
    are the served games' own descriptions of their schemas (``GameApi.schema_words``)."""
    document["info"]["description"] += "\n\n" + problem_types_text()
    document["info"].setdefault("contact", CONTACT)
    document["info"].setdefault("license", LICENSE)
    used = {tag for operation in operations(document) for tag in operation.get("tags", [])}
    document["tags"] = [tag for tag in TAGS if tag["name"] in used]
    for operation in operations(document):
        summary = SUMMARIES.get(operation.get("operationId", ""))
        if summary is not None:
            operation["summary"] = summary
        for parameter in operation.get("parameters", []):
            words = PARAMETERS.get((parameter["in"], parameter["name"]))
            if words is not None and not parameter.get("description"):
                parameter["description"] = words
        for status, answer in operation.get("responses", {}).items():
            kinds = _types_of(int(status)) if status.isdigit() else []
            content = answer.get("content", {})
            if kinds and "application/problem+json" in content:
                listed = ", ".join(f"`{problem.kind}`" for problem in kinds)
                answer["description"] = f"{HTTPStatus(int(status)).phrase}: problem type {listed}"
    for name, schema in document["components"]["schemas"].items():
        if schema.get("description"):
            continue
        words = SCHEMAS.get(name) or game_words.get(name) or _docstring(types.get(name))
        if words:
            schema["description"] = words
    for name, schema in document["components"]["schemas"].items():
        own = SCHEMA_PROPERTIES.get(name, {})
        for field, field_schema in schema.get("properties", {}).items():
            words = own.get(field) or PROPERTIES.get(field)
            if words and not field_schema.get("description"):
                field_schema["description"] = words


def _docstring(kind: type | None) -> str | None:
    if kind is None or not kind.__doc__:
        return None
    if issubclass(kind, enum.Enum) and kind.__doc__ == enum.Enum.__doc__:
        return None
    return " ".join(kind.__doc__.split())


PROJECT_PACKAGES = frozenset({"api", "domain", "engine", "entrypoints", "projections"})


def struct_types() -> dict[str, type]:
    """The project's msgspec Struct and Enum types, by name: the schemas litestar made from them
    are named after them. A name two types share is left out (its words come from
    :data:`SCHEMAS`); so are types defined elsewhere (tests, libraries), so that the document
    is the same whatever else is loaded."""
    found: dict[str, set[type]] = {}
    for kind in [*_subclasses(msgspec.Struct), *_subclasses(enum.Enum)]:
        if kind.__module__.partition(".")[0] in PROJECT_PACKAGES:
            found.setdefault(kind.__name__, set()).add(kind)
    return {name: next(iter(kinds)) for name, kinds in found.items() if len(kinds) == 1}


def _subclasses(root: type) -> Iterator[type]:
    kinds: list[type] = root.__subclasses__()
    for kind in kinds:
        yield kind
        yield from _subclasses(kind)
