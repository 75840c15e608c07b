"""What the game routes share: their headers, paging parameters, and the game a path names with
its bodies.

``GameApi`` and the bodies of a stored game come from its ruleset, read from the store; a game
of a ruleset this server does not serve is answered like an unknown ruleset.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any
from uuid import UUID

import msgspec
from litestar import Response
from litestar.datastructures import ResponseHeader
from litestar.exceptions import ClientException, ValidationException
from litestar.params import HeaderParameter, QueryParameter

from api.bodies import invalid_body, strictly
from api.problems import AnotherGamesBodyError
from api.schemas import ZERO_MINIMUM
from api.wire import GameApi, ServedGames
from domain.registry import UnknownRulesetError
from engine.application import GameService, SeatView
from engine.fairness import SeedFairness

MAX_EVENTS_PAGE = 500

IdempotencyKey = Annotated[
    str | None,
    HeaderParameter(
        name="Idempotency-Key",
        min_length=1,
        max_length=255,
        description="any unique string (a UUID); a retry with the same key gets the first "
        "answer instead of acting again",
        required=False,
    ),
]
IfMatch = Annotated[
    str | None,
    HeaderParameter(
        name="If-Match",
        pattern=r'^(\*|"[0-9]{1,10}")?$',
        description='the ETag of GET /games/{game_id} (the version, quoted: "12"); a stale '
        "one is answered 412",
        required=False,
    ),
]
EventsLimit = Annotated[int, QueryParameter(ge=1, le=MAX_EVENTS_PAGE, description="page size")]
After = Annotated[
    int, QueryParameter(ge=0, schema_extra=ZERO_MINIMUM, le=1_000_000_000, description="a version")
]

ETAG = ResponseHeader(
    name="ETag",
    description='the version of the game, quoted ("12"): send it back as If-Match',
    documentation_only=True,
)
LOCATION = ResponseHeader(
    name="Location",
    description="the game's URL",
    documentation_only=True,
)
REPLAYED = ResponseHeader(
    name="Idempotent-Replayed",
    description="true when this is the first answer to an earlier request with the same "
    "Idempotency-Key",
    documentation_only=True,
)


def etag(version: int) -> str:
    return f'"{version}"'


def viewed(body: msgspec.Struct, version: int, *, replayed: bool = False) -> Response[Any]:
    """A view of the game, with its version as the ETag; it differs per token."""
    headers = {"ETag": etag(version), "Vary": "Authorization"}
    if replayed:
        headers["Idempotent-Replayed"] = "true"
    return Response(body, headers=headers)


def expected_version(if_match: str | None) -> int | None:
    """The version ``If-Match`` names; None for none, an empty one, or ``*`` (any version)."""
    if if_match is None or if_match.strip() in {"", "*"}:
        return None
    tag = if_match.strip()
    if not (len(tag) >= 3 and tag[0] == tag[-1] == '"' and tag[1:-1].isdigit()):
        raise ClientException(
            detail='If-Match must be one ETag as GET /games/{game_id} sends it, such as "12"'
        )
    return int(tag[1:-1])


def game_of(served: ServedGames, games: GameService, game_id: UUID) -> GameApi:
    """The API of the game ``game_id`` is played by (404 for an unknown game)."""
    return served_game(served, games.ruleset_of(game_id).name)


def served_game(served: ServedGames, name: str) -> GameApi:
    game = served.get(name)
    if game is None:
        raise UnknownRulesetError(name, served.names)
    return game


def named_game(served: ServedGames, body: dict[str, Any]) -> GameApi:
    """The game a ``POST /games`` body names in ``ruleset``, else the server's default."""
    name = body.get("ruleset", served.default)
    if name is None:
        raise invalid_body(
            f"name the game to play: `ruleset` is one of {', '.join(served.names)} - at `$.ruleset`"
        )
    game = served.get(name) if isinstance(name, str) else None
    if game is None:
        raise invalid_body(
            f"no ruleset {name!r}: this server plays {', '.join(served.names)} - at `$.ruleset`"
        )
    return game


def body_of(
    served: ServedGames, game: GameApi, data: Any, part: Callable[[GameApi], Any], what: str
) -> Any:
    """``data`` decoded strictly as ``part(game)``, the game's own type of this body.

    The whole server's document offers every game's bodies, so a body can be valid there and
    still not be this game's: one another served game would take is answered 409
    (``…/wrong-ruleset``), not 400 — it is well formed, for the wrong game."""
    try:
        return strictly(data, part(game))
    except ValidationException:
        for other in served:
            if other is not game and _takes(part(other), data):
                raise AnotherGamesBodyError(game.name, other.name, what) from None
        raise


def _takes(body_type: Any, data: Any) -> bool:
    try:
        strictly(data, body_type)
    except ValidationException:
        return False
    return True


def ready_to_send(game: GameApi, actions: list[Any], version: int) -> list[msgspec.Struct]:
    body = game.wire.action_request
    return [body(action=action, expected_version=version) for action in actions]


def game_view(game: GameApi, view: msgspec.Struct, fairness: SeedFairness) -> msgspec.Struct:
    """The rules' view of the game as the API answers it: with the game's ``ruleset`` and what
    players are told of its seed."""
    return game.wire.view(**_with_seed(view, fairness), ruleset=game.name)


def caller_view(game: GameApi, seen: SeatView, fairness: SeedFairness) -> msgspec.Struct:
    return game.wire.caller_view(
        **_with_seed(seen.view, fairness),
        ruleset=game.name,
        actions=ready_to_send(game, seen.actions, seen.version),
    )


def _with_seed(view: msgspec.Struct, fairness: SeedFairness) -> dict[str, Any]:
    """The view's fields and what players are told of the seed; a game whose own view shows
    its seed (once it has ended) is told the same by the kernel's field of that name."""
    return {**msgspec.structs.asdict(view), **seed_fields(fairness)}


def seed_fields(fairness: SeedFairness) -> dict[str, Any]:
    return {
        "seed_commitment": fairness.commitment,
        "seed_chosen": fairness.chosen,
        "seed": fairness.seed,
    }
