"""Who is calling: the bearer token of a request, resolved to the host or a seat of one game.

No token is a spectator. A token that names nobody in this game is a 401, never a silent
spectator view: a client with a typo in its token should hear about it. Having a valid token that
may not do the thing asked (the host acting for a seat, a seat starting the game) is a 403.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from litestar import Request
from litestar.exceptions import NotAuthorizedException, PermissionDeniedException
from litestar.openapi.spec import SecurityScheme

from engine.application import GameService
from engine.credentials import TOKEN_ALPHABET, Caller

SPECTATOR = Caller()
CHALLENGE = {"WWW-Authenticate": 'Bearer realm="dodgecity"'}
MAX_TOKEN_LENGTH = 128
_TOKEN_CHARACTERS = frozenset(TOKEN_ALPHABET)

#: The OpenAPI security scheme every operation that reads a token declares.
BEARER = "bearer"
SECURITY_SCHEMES = {
    BEARER: SecurityScheme(
        type="http",
        scheme="bearer",
        description="The host token from POST /games or a seat token from POST "
        "/games/{game_id}/players. Without one, you are a spectator.",
    )
}
#: Optional authentication: a token, or none at all (a spectator).
OPTIONAL_BEARER: list[dict[str, list[str]]] = [{BEARER: []}, {}]
REQUIRED_BEARER: list[dict[str, list[str]]] = [{BEARER: []}]


def bearer_token(request: Request[Any, Any, Any]) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise NotAuthorizedException(
            detail="send the token as 'Authorization: Bearer <token>'", headers=CHALLENGE
        )
    return token


def caller_of(games: GameService, game_id: UUID, request: Request[Any, Any, Any]) -> Caller:
    """The caller in ``game_id``: a spectator without a token, else whom the token names."""
    token = bearer_token(request)
    if token is None:
        games.latest_version(game_id)  # an unknown game is a 404 for everyone
        return SPECTATOR
    caller = None
    if len(token) <= MAX_TOKEN_LENGTH and _TOKEN_CHARACTERS.issuperset(token):
        caller = games.identify(game_id, token)
    if caller is None:
        raise NotAuthorizedException(
            detail="this token belongs to no seat and no host of this game", headers=CHALLENGE
        )
    return caller


def seat_of(caller: Caller) -> int:
    """The seat a caller acts for; only a seat's token may act."""
    if caller.seat is None:
        if caller.host:
            raise PermissionDeniedException(
                detail="the host token cannot act for a seat: use the seat's own token"
            )
        raise NotAuthorizedException(
            detail="acting needs the token of the seat whose decision it is", headers=CHALLENGE
        )
    return caller.seat


def require_host(caller: Caller, *, to: str = "start the game") -> None:
    """Only the host may do what was asked; ``to`` says what (``"start the game"``), so that a
    refusal speaks of the request it refuses."""
    if not caller.host:
        if caller.seat is None:
            raise NotAuthorizedException(
                detail=f"the host token is needed to {to}", headers=CHALLENGE
            )
        raise PermissionDeniedException(detail=f"only the host may {to}")
