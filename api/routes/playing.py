"""Playing: a game as the caller may see it, the actions its seat may take, and acting.

Every handler here reaches the store, so every one runs in a worker thread (``sync_to_thread``,
or ``in_worker_thread``, where litestar would hop twice and on the hot path of acting: its hop
costs less): the synchronous event store never blocks the event loop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from uuid import UUID

from litestar import Request, Response, get, post
from litestar.params import FromPath, JSONBody

from api.dependencies import ServicesController
from api.http.auth import OPTIONAL_BEARER, REQUIRED_BEARER, caller_of, seat_of
from api.http.bodies import STRICT_BODY
from api.http.game_requests import (
    ETAG,
    NOT_MODIFIED,
    REPLAYED,
    IdempotencyKey,
    IfMatch,
    IfNoneMatch,
    body_of,
    caller_view,
    game_of,
    precondition,
    ready_to_send,
    served_game,
    viewed,
)
from api.http.problems import problem_responses
from api.http.threads import in_worker_thread

if TYPE_CHECKING:
    import msgspec

    AnyCallerView = msgspec.Struct
    AnyLegalActions = msgspec.Struct


class PlayController(ServicesController):
    path = "/games/{game_id:uuid}"
    tags = ["play"]

    @get(
        operation_id="getGame",
        response_headers=[ETAG],
        sync_to_thread=True,
        responses={**NOT_MODIFIED, **problem_responses(400, 401, 404, 429, 503)},
        security=OPTIONAL_BEARER,
    )
    def game(
        self,
        *,
        game_id: FromPath[UUID],
        request: Request[Any, Any, Any],
        if_none_match: IfNoneMatch = None,
    ) -> Response[AnyCallerView]:
        """The game now, as the caller may see it: everything public, plus the caller's own hand
        and commitment and the actions it may take now with a seat token. Without a token you
        are a spectator; a token that names nobody in the game is 401, never a spectator view.
        The `ETag` begins with the version; with `If-None-Match` holding it, an unchanged view
        is a 304."""
        games, served = self.services.games, self.services.served
        caller = caller_of(games, game_id, request)
        seen = games.seat_view(game_id, caller.seat)
        game = served_game(served, seen.ruleset)
        shown = caller_view(game, seen, games.fairness(game_id))
        return viewed(shown, seen.version, if_none_match=if_none_match)

    @get(
        "/actions",
        operation_id="listActions",
        responses=problem_responses(400, 401, 404, 429, 503),
        security=OPTIONAL_BEARER,
    )
    async def legal_actions(
        self,
        *,
        game_id: FromPath[UUID],
        request: Request[Any, Any, Any],
    ) -> AnyLegalActions:
        """Every action the caller's seat may take now, each a body ready to POST to
        `/games/{game_id}/actions` (with the `expected_version` filled in). Send the seat's
        token; the list is empty for spectators (no token), the host, and seats the game does
        not await. A token that names nobody in the game is 401."""
        games, served = self.services.games, self.services.served

        def listed() -> Any:
            seat = caller_of(games, game_id, request).seat
            name, version, actions = games.read(
                game_id,
                lambda game: (
                    game.rules.name,
                    game.version,
                    [] if seat is None else game.legal_actions(seat),
                ),
            )
            game = served_game(served, name)
            return game.wire.legal_actions(
                game_id=game_id,
                version=version,
                seat=seat,
                actions=ready_to_send(game, actions, version),
            )

        return await in_worker_thread(listed)

    @post(
        "/actions",
        operation_id="performAction",
        response_headers=[ETAG, REPLAYED],
        opt={STRICT_BODY: dict[str, Any]},
        status_code=200,
        responses=problem_responses(400, 401, 403, 404, 409, 412, 413, 415, 429, 503),
        security=REQUIRED_BEARER,
    )
    async def act(
        self,
        *,
        game_id: FromPath[UUID],
        data: JSONBody[dict[str, Any]],
        request: Request[Any, Any, Any],
        idempotency_key: IdempotencyKey = None,
        if_match: IfMatch = None,
    ) -> Response[AnyCallerView]:
        """Perform one action as the token's seat; answers the game as that seat now sees it,
        with the actions it may take next.

        A refused action is 409 with the rule's id and changes nothing. A stale version is 409
        (`expected_version`) or 412 (`If-Match`), with the current version in the body. In a
        simultaneous decision (the start and duel commitments), other seats' commitments since
        `expected_version` do not make it stale: everyone commits at once and independently;
        `If-Match` still asks for the very version."""
        games, served = self.services.games, self.services.served

        def acted() -> Response[AnyCallerView]:
            game = game_of(served, games, game_id)
            body: Any = body_of(
                served, game, data, lambda api: api.wire.action_request, "an action"
            )
            seat = seat_of(caller_of(games, game_id, request))
            wanted = precondition(games, game_id, if_match, body.expected_version)
            with wanted.answered():
                performed = games.perform(
                    game_id,
                    seat,
                    body.action,
                    expected_version=wanted.version,
                    idempotency_key=idempotency_key,
                    exact=wanted.exact,
                )
            seen = performed.seen
            if not performed.replayed:
                self.services.metrics.action(game.name)
            shown = caller_view(game, seen, games.fairness(game_id))
            return viewed(shown, seen.version, replayed=performed.replayed)

        return await in_worker_thread(acted)
