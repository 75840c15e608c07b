"""What the game routes share: their headers, paging parameters, and the game a path names with
its bodies.

``GameApi`` and the bodies of a stored game come from its ruleset, read from the store; a game
of a ruleset this server does not serve is answered like an unknown ruleset.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Annotated, Any
from uuid import UUID

import msgspec
from litestar import MediaType, Response
from litestar.datastructures import ResponseHeader
from litestar.exceptions import ClientException, ValidationException
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import HeaderParameter, QueryParameter
from litestar.serialization import encode_json
from litestar.status_codes import HTTP_304_NOT_MODIFIED

from api.http.bodies import invalid_body, strictly
from api.http.problems import AnotherGamesBodyError, PreconditionFailedError
from api.schemas import ZERO_MINIMUM
from api.wire import GameApi, ServedGames
from domain.registry import UnknownRulesetError
from domain.table import ClockView
from engine.application import GameService, SeatView, VersionConflictError
from engine.fairness import SeedFairness

MAX_EVENTS_PAGE = 500
DIGEST_LENGTH = 16  # hex digits of a body's SHA-256 in its ETag: 64 bits tell versions apart
_IF_MATCH_TAG = re.compile(rf'"([0-9]{{1,10}})(?:-[0-9a-f]{{{DIGEST_LENGTH}}})?"')

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
        pattern=r'^(\*|"[0-9]{1,10}(-[0-9a-f]{16})?")?$',
        description='the ETag of GET /games/{game_id} ("12-…", or the version alone: "12"); '
        "its version counts, and a stale one is answered 412",
        required=False,
    ),
]
EventsLimit = Annotated[int, QueryParameter(ge=1, le=MAX_EVENTS_PAGE, description="page size")]
After = Annotated[
    int, QueryParameter(ge=0, schema_extra=ZERO_MINIMUM, le=1_000_000_000, description="a version")
]

IfNoneMatch = Annotated[
    str | None,
    HeaderParameter(
        name="If-None-Match",
        max_length=4096,
        description="ETags of bodies the caller holds (or `*`): when one matches (weakly, "
        "RFC 9110) the body this caller would get now, the answer is 304 without a body",
        required=False,
    ),
]

ETAG = ResponseHeader(
    name="ETag",
    description='the version of the game and a digest of this body, quoted ("12-…"): send it '
    "back as If-Match (its version counts) or If-None-Match (304 while the body is the same)",
    documentation_only=True,
)
#: The answer to a GET whose If-None-Match holds the body the caller would get: no body.
NOT_MODIFIED = {
    304: ResponseSpec(
        data_container=None,
        description="Not Modified: the body the caller holds (its ETag was in If-None-Match) "
        "is still the one it would get; the ETag is sent again, the body is not",
        generate_examples=False,
    )
}
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


def viewed(
    body: msgspec.Struct,
    version: int,
    *,
    replayed: bool = False,
    if_none_match: str | None = None,
) -> Response[Any]:
    """A view of the game, tagged with its version and the digest of its bytes (so callers who
    see different things never share a tag), or 304 when ``if_none_match`` holds that tag."""
    return tagged(encode_json(body), version, replayed=replayed, if_none_match=if_none_match)


def tagged(
    content: bytes,
    version: int,
    *,
    replayed: bool = False,
    if_none_match: str | None = None,
    headers: dict[str, str] | None = None,
) -> Response[Any]:
    """``content`` (JSON) answered with its entity tag, or 304 with the tag and no body when the
    caller already holds it."""
    tag = entity_tag(version, content)
    sent = {**(headers or {}), "ETag": tag, "Vary": "Authorization"}
    if replayed:
        sent["Idempotent-Replayed"] = "true"
    if none_match(if_none_match, tag):
        return Response(b"", status_code=HTTP_304_NOT_MODIFIED, headers=sent)
    return Response(content, media_type=MediaType.JSON, headers=sent)


def expected_version(if_match: str | None) -> int | None:
    """The version ``If-Match`` names; None for none, an empty one, or ``*`` (any version).

    A tag is the version alone (``"12"``, as tags were before they carried a digest) or an
    ETag as answered (``"12-…"``): only its version counts, since acting depends on the game's
    version, not on which view of it the caller holds."""
    if if_match is None or if_match.strip() in {"", "*"}:
        return None
    found = _IF_MATCH_TAG.fullmatch(if_match.strip())
    if found is None:
        raise ClientException(
            detail='If-Match must be one ETag as GET /games/{game_id} sends it, such as "12" '
            'or "12-0123456789abcdef"'
        )
    return int(found[1])


@dataclass(frozen=True)
class Precondition:
    """The version a command must find the game at (None: any), and whether it was asked for
    by ``If-Match`` (``exact``: that very version, and a stale one is 412) or by the body's
    ``expected_version`` (409)."""

    version: int | None
    exact: bool

    @contextmanager
    def answered(self) -> Iterator[None]:
        """Around the command: a stale ``If-Match`` is answered 412, not 409."""
        try:
            yield
        except VersionConflictError as conflict:
            if self.exact:
                raise PreconditionFailedError(conflict) from None
            raise


def precondition(
    games: GameService, game_id: UUID, if_match: str | None, expected: int | None
) -> Precondition:
    """The version a command asks for by ``If-Match`` and by its body's ``expected_version``.
    Both given and different cannot both be current: the stale one is answered, acting on
    neither."""
    named = expected_version(if_match)
    if named is not None and expected is not None and named != expected:
        current = games.latest_version(game_id)
        if named != current:
            raise PreconditionFailedError(VersionConflictError(game_id, named, current))
        raise VersionConflictError(game_id, expected, current)
    return Precondition(named if named is not None else expected, exact=named is not None)


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


def game_view(
    game: GameApi,
    view: msgspec.Struct,
    fairness: SeedFairness,
    clock: ClockView | None,
    *,
    imported: bool,
) -> msgspec.Struct:
    """The rules' view of the game as the API answers it: with the game's ``ruleset``, what
    players are told of its seed, its clock (of the same version as ``view``) and whether it
    was imported from a game record."""
    return game.wire.view(
        **_with_seed(view, fairness), ruleset=game.name, clock=clock, imported=imported
    )


def caller_view(game: GameApi, seen: SeatView, fairness: SeedFairness) -> msgspec.Struct:
    """The game as ``seen`` by the caller, with its clock, whether it was imported, and the
    caller's actions ready to send."""
    return game.wire.caller_view(
        **_with_seed(seen.view, fairness),
        ruleset=game.name,
        clock=seen.clock,
        imported=seen.imported,
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
        # Only beside the seed: a view of a step as it was played hides the seed again, and the
        # nonce must go with it.
        "seed_nonce": fairness.nonce if fairness.seed is not None else None,
    }


def entity_tag(version: int, content: bytes) -> str:
    """A strong ETag: the game's version, which ``If-Match`` reads, and a digest of the body,
    which tells apart what different callers see of the same version (a seat's own hand, a
    spectator's blanks, a step before and after the end revealed it)."""
    return f'"{version}-{body_digest(content)[:DIGEST_LENGTH]}"'


#: Bytes hashed per call: ``hashlib`` lets go of the interpreter lock while it hashes 2,048
#: bytes or more at once, and a game's view is some kilobytes.
_HASHED_AT_ONCE = 2047


def body_digest(content: bytes) -> str:
    """SHA-256 of ``content`` in hex, hashed in pieces too short for ``hashlib`` to let go of
    the interpreter lock: the store's thread, which hashes each answer, would then wait for the
    event loop to hand it back, a switch between threads for a hash of a few microseconds."""
    if len(content) <= _HASHED_AT_ONCE:
        return hashlib.sha256(content).hexdigest()
    digest = hashlib.sha256()
    view = memoryview(content)
    for start in range(0, len(content), _HASHED_AT_ONCE):
        digest.update(view[start : start + _HASHED_AT_ONCE])
    return digest.hexdigest()


def none_match(if_none_match: str | None, tag: str) -> bool:
    """Whether ``If-None-Match`` holds ``tag``: ``*``, or a listed tag equal to it by weak
    comparison (RFC 9110 8.8.3.2: ``W/"x"`` matches ``"x"``), as a GET's condition compares."""
    if if_none_match is None:
        return False
    listed = [candidate.strip() for candidate in if_none_match.split(",")]
    if "*" in listed:
        return True
    opaque = tag.removeprefix("W/")
    return any(candidate.removeprefix("W/") == opaque for candidate in listed)
