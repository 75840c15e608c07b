"""The clock's routes: claiming a seat's timeout, and handing a seat to the computer player and
taking it back (``docs/CLOCK.md``).

The server's own timer takes timeouts as they fall due; these let the players and the host not
wait for it. Every refusal of the rules is a problem naming the rule and records nothing; every
answer is the game as the caller now sees it, as ``POST …/actions`` answers.

The stand-in routes share one path, so they are written ``async`` and hand their store work to
:func:`in_worker_thread` (``api/http/threads.py`` says why).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, NoReturn
from uuid import UUID

from litestar import Request, Response, delete, post
from litestar.exceptions import NotAuthorizedException
from litestar.params import FromPath, JSONBody, PathParameter

from api.clock import MAX_SEAT, TimeoutClaim
from api.dependencies import ServicesController
from api.http.auth import CHALLENGE, REQUIRED_BEARER, caller_of
from api.http.bodies import STRICT_BODY
from api.http.game_requests import ETAG, IfMatch, caller_view, precondition, served_game, viewed
from api.http.problems import ForbiddenByRuleError, problem_responses
from api.http.threads import in_worker_thread
from api.schemas import ZERO_MINIMUM
from engine.application import GameService
from engine.credentials import Caller

if TYPE_CHECKING:
    import msgspec

    from api.wire import ServedGames

    AnyCallerView = msgspec.Struct

Seat = Annotated[
    int,
    PathParameter(
        ge=0,
        le=MAX_SEAT,
        schema_extra={**ZERO_MINIMUM, "maximum": MAX_SEAT},  # litestar writes bounds as floats
        description="The seat's number, from 0, in the order the seats were taken.",
    ),
]


class TimeoutsController(ServicesController):
    path = "/games/{game_id:uuid}"
    tags = ["play"]

    @post(
        "/timeouts",
        operation_id="claimTimeout",
        response_headers=[ETAG],
        opt={STRICT_BODY: TimeoutClaim},
        sync_to_thread=True,
        status_code=200,
        responses=problem_responses(400, 401, 404, 409, 412, 413, 415, 429, 503),
        security=REQUIRED_BEARER,
    )
    def claim_timeout(
        self,
        *,
        game_id: FromPath[UUID],
        data: JSONBody[TimeoutClaim],
        request: Request[Any, Any, Any],
        if_match: IfMatch = None,
    ) -> Response[AnyCallerView]:
        """Claim that `seat`'s time has run out, as a chess player claims a flag: the rules take
        their default decision in its place (`kernel.DecisionTimedOut`, with `claimed_by` the
        caller's seat, or null for the host, then the decision's own events), and after the
        seat's timeouts in a row a computer player takes the seat. Any seat's token of the game
        or the host's; answers the game as the caller now sees it, with its actions.

        Refused with 409 naming the rule, changing nothing: `CLOCK-EARLY` before the seat's
        deadline (`clock.seats[seat].deadline` in the game's view), `CLOCK-NOT-ASKED` for a
        seat asked no decision, `CLOCK-NONE` for a game played without a clock. No token, or
        one naming nobody in the game, is 401. A stale version is 409 (`expected_version`) or
        412 (`If-Match`)."""
        games = self.services.games
        caller = caller_of(games, game_id, request)
        if caller.seat is None and not caller.host:
            raise NotAuthorizedException(
                detail="a timeout is claimed with the token of a seat or of the host",
                headers=CHALLENGE,
            )
        wanted = precondition(games, game_id, if_match, data.expected_version)
        with wanted.answered():
            games.time_out(
                game_id, data.seat, claimed_by=caller.seat, expected_version=wanted.version
            )
        return _as_seen(games, self.services.served, game_id, caller)

    @post(
        "/seats/{seat:int}/stand-in",
        operation_id="handSeatToBot",
        response_headers=[ETAG],
        status_code=200,
        responses=problem_responses(400, 401, 403, 404, 409, 412, 429, 503),
        security=REQUIRED_BEARER,
    )
    async def hand_to_bot(
        self,
        *,
        game_id: FromPath[UUID],
        seat: Seat,
        request: Request[Any, Any, Any],
        if_match: IfMatch = None,
    ) -> Response[AnyCallerView]:
        """Hand `seat`, whose time has run out, to the clock's computer player at once, without
        waiting for its timeouts in a row (`kernel.SeatHandedToBot`, reason `host`): the server
        plays the seat from then on, until its player takes it back. The host's token only (a
        seat's is 403 naming `CLOCK-HAND-OVER`); answers the game as the host sees it.

        Refused with 409 naming the rule, changing nothing: `CLOCK-EARLY` before the seat's
        deadline, `CLOCK-HAND-OVER` for a bot's seat, a seat already stood in for or no seat
        at all, `CLOCK-NONE` for a game played without a clock. A stale `If-Match` is 412."""
        games, served = self.services.games, self.services.served

        def hand_over() -> Response[Any]:
            caller = caller_of(games, game_id, request)
            if not caller.host:
                _refuse(caller, "CLOCK-HAND-OVER", "only the host hands a seat over")
            wanted = precondition(games, game_id, if_match, None)
            with wanted.answered():
                games.hand_to_bot(game_id, seat, expected_version=wanted.version)
            return _as_seen(games, served, game_id, caller)

        return await in_worker_thread(hand_over)

    @delete(
        "/seats/{seat:int}/stand-in",
        operation_id="takeSeatBack",
        response_headers=[ETAG],
        status_code=200,
        responses=problem_responses(400, 401, 403, 404, 409, 412, 429, 503),
        security=REQUIRED_BEARER,
    )
    async def take_back(
        self,
        *,
        game_id: FromPath[UUID],
        seat: Seat,
        request: Request[Any, Any, Any],
        if_match: IfMatch = None,
    ) -> Response[AnyCallerView]:
        """Play `seat` again instead of the computer player standing in for it
        (`kernel.SeatTakenBack`). Acting with the seat's token (POST …/actions) takes it back
        too, before the action. That seat's own token only: another seat's token or the
        host's is 403 naming `CLOCK-TAKE-BACK`. Answers the game as the seat sees it, with its
        actions.

        A seat nobody stands in for is 409 naming `CLOCK-TAKE-BACK`, changing nothing. A stale
        `If-Match` is 412."""
        games, served = self.services.games, self.services.served

        def take_back() -> Response[Any]:
            caller = caller_of(games, game_id, request)
            if caller.seat != seat:
                _refuse(caller, "CLOCK-TAKE-BACK", "only the seat's own token takes it back")
            wanted = precondition(games, game_id, if_match, None)
            with wanted.answered():
                games.take_back(game_id, seat, expected_version=wanted.version)
            return _as_seen(games, served, game_id, caller)

        return await in_worker_thread(take_back)


def _refuse(caller: Caller, rule: str, reason: str) -> NoReturn:
    """401 without a token, else 403 naming the rule that keeps this token from it."""
    if caller.seat is None and not caller.host:
        raise NotAuthorizedException(detail=f"{reason}: send it", headers=CHALLENGE)
    raise ForbiddenByRuleError(rule, reason)


def _as_seen(
    games: GameService, served: ServedGames, game_id: UUID, caller: Caller
) -> Response[Any]:
    seen = games.seat_view(game_id, caller.seat)
    shown = caller_view(served_game(served, seen.ruleset), seen, games.fairness(game_id))
    return viewed(shown, seen.version)
