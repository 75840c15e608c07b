"""The lobby: open a game of any ruleset served, take seats, seat bots, start it.

Bodies naming a game's own settings or seat attributes arrive as plain JSON objects and are
decoded strictly with that game's types once the game is known (``api/wire.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal
from uuid import UUID, uuid4

from litestar import Request, Response, get, post
from litestar.exceptions import ValidationException
from litestar.params import FromPath, FromQuery, HeaderParameter, JSONBody, QueryParameter

from api.clock import clock_settings
from api.dependencies import ServicesController
from api.http.auth import REQUIRED_BEARER, caller_of, require_host
from api.http.bodies import STRICT_BODY, strictly
from api.http.game_requests import (
    ETAG,
    LOCATION,
    REPLAYED,
    body_of,
    game_of,
    game_view,
    named_game,
    served_game,
    viewed,
)
from api.http.idempotency import (
    MIN_KEY_LENGTH,
    AnswerGoneError,
    WeakIdempotencyKeyError,
    fingerprint,
)
from api.http.limits import address_of
from api.http.names import check_name
from api.http.problems import IdempotentCreationError, problem_responses
from api.http.threads import in_worker_thread
from api.routes.read_models import Limit, Offset
from api.schemas import BotSeated, CreatedGame, SeatTaken, StartRequest
from api.wire import GameApi
from engine.credentials import credential_hash, new_token
from engine.players import BotSeat
from projections.read_models import GamesPage

if TYPE_CHECKING:
    import msgspec

    AnyGameView = msgspec.Struct
    RulesetName = str

GameStatus = Literal["lobby", "running", "ended", "abandoned"]

#: A creation's key is this client's own and must be hard to guess (api/http/idempotency.py).
CreationKey = Annotated[
    str | None,
    HeaderParameter(
        name="Idempotency-Key",
        min_length=MIN_KEY_LENGTH,
        max_length=255,
        description=f"a unique key of {MIN_KEY_LENGTH} or more random characters (a UUID); "
        "a retry from the same client with the same key and body gets the first answer "
        "instead of opening another game; from another client it names another game",
        required=False,
    ),
]


class LobbyController(ServicesController):
    @get(
        "/games",
        operation_id="listGames",
        responses=problem_responses(400, 429, 503),
        tags=["games"],
    )
    async def list_games(
        self,
        *,
        status: FromQuery[GameStatus | None] = None,
        ruleset: Annotated[
            RulesetName | None, QueryParameter(description="only games of this ruleset")
        ] = None,
        limit: Limit = 50,
        offset: Offset = 0,
    ) -> GamesPage:
        """The game list (lobby), newest first, from the games read model: each game's
        ruleset, stage, seats, players and result. Filter by `status` and `ruleset`; page with
        `limit` and `offset`. Anyone may ask, without a token."""
        games = self.services.games
        return await in_worker_thread(
            lambda: games.projections.games(
                status=status, ruleset=ruleset, limit=limit, offset=offset
            )
        )

    @post(
        "/games",
        operation_id="createGame",
        response_headers=[LOCATION, REPLAYED],
        opt={STRICT_BODY: dict[str, Any]},
        sync_to_thread=True,
        status_code=201,
        responses=problem_responses(400, 409, 413, 415, 422, 429, 503),
        tags=["lobby"],
    )
    def create_game(
        self,
        *,
        data: JSONBody[dict[str, Any]],
        request: Request[Any, Any, Any],
        idempotency_key: CreationKey = None,
    ) -> Response[CreatedGame]:
        """Open a game and get its host token (shown once): the host starts the game.

        `ruleset` names the game (GET /rulesets); without it, the server's default.
        `bots` seats computer players first; the server plays them as soon as the game awaits
        them. `clock` plays it on a clock (without it, none): a clock outside its limits is 422
        with the rule's id (`CLOCK-LIMITS`), and no game is created. Other refusals (a variant
        the rules do not know, more bots than seats) are 409 with the rule's id. Each client
        address may open a limited number of games and bot seats in a while (429 with
        `Retry-After` beyond). An `Idempotency-Key` (16 characters or more, a UUID) makes a
        retry from the same client get the first answer."""
        games, served, created = self.services.games, self.services.served, self.services.created
        game = named_game(served, data)
        body: Any = strictly(data, game.new_game)
        for index, bot in enumerate(body.bots):
            check_name(bot.name, f"$.bots[{index}].name")
        clock = clock_settings(body.clock)

        def create(game_id: UUID, host_token: str) -> CreatedGame:
            # Charged only for work about to be done: a replayed answer costs nothing.
            self.services.limits.charge(request, games=1, bots=len(body.bots))
            games.create_game(
                ruleset=game.name,
                seats=body.players,
                settings=game.settings_of(body),
                seed=body.seed,
                game_id=game_id,
                host_credential=credential_hash(game_id, host_token),
                bots=[_bot_seat(game, bot) for bot in body.bots],
                clock=clock,
            )
            return recall(game_id, host_token)

        def recall(game_id: UUID, host_token: str) -> CreatedGame:
            fairness = games.fairness(game_id)
            return CreatedGame(
                game_id=game_id,
                ruleset=game.name,
                version=1,
                host_token=host_token,
                seed_commitment=fairness.commitment or "",
                seed_chosen=bool(fairness.chosen),
            )

        if idempotency_key is None:
            return _created(create(uuid4(), new_token()), replayed=False)
        try:
            # A key is this client's own: the same key from elsewhere names another game.
            names = created.names(address_of(request.scope), idempotency_key)
        except WeakIdempotencyKeyError as weak:
            raise ValidationException(
                detail=str(weak), extra=[{"key": "Idempotency-Key", "message": str(weak)}]
            ) from None
        try:
            answer, replayed = created.once(
                names, fingerprint(game.name, body), create=create, recall=recall
            )
        except AnswerGoneError as gone:
            raise IdempotentCreationError(gone.game_id) from None
        return _created(answer, replayed=replayed)

    @post(
        "/games/{game_id:uuid}/players",
        operation_id="joinGame",
        response_headers=[LOCATION],
        opt={STRICT_BODY: dict[str, Any]},
        sync_to_thread=True,
        status_code=201,
        responses=problem_responses(400, 404, 409, 413, 415, 429, 503),
        tags=["lobby"],
    )
    def join(
        self,
        *,
        game_id: FromPath[UUID],
        data: JSONBody[dict[str, Any]],
    ) -> Response[SeatTaken]:
        """Take the next free seat and get its token (shown once). No token is needed: anyone
        may join a game in the lobby. 409 (`rule-violation`) when every seat is taken or the
        game has started; 400 for a name that is not printable text.

        Every request as this seat carries the token: `Authorization: Bearer <token>`."""
        games, served = self.services.games, self.services.served
        game = game_of(served, games, game_id)
        body: Any = body_of(served, game, data, lambda api: api.new_player, "a seat's body")
        check_name(body.name, "$.name")
        token = new_token()
        seat = games.join(
            game_id,
            body.name,
            game.attributes_of(body),
            credential=credential_hash(game_id, token),
        )
        version = games.latest_version(game_id)
        return Response(
            SeatTaken(game_id=game_id, seat=seat, version=version, token=token),
            status_code=201,
            headers={"Location": f"/games/{game_id}"},
        )

    @post(
        "/games/{game_id:uuid}/bots",
        operation_id="addBot",
        response_headers=[LOCATION],
        opt={STRICT_BODY: dict[str, Any] | None},
        sync_to_thread=True,
        status_code=201,
        responses=problem_responses(400, 401, 403, 404, 409, 413, 415, 429, 503),
        security=REQUIRED_BEARER,
        tags=["lobby"],
    )
    def add_bot(
        self,
        *,
        game_id: FromPath[UUID],
        request: Request[Any, Any, Any],
        data: JSONBody[dict[str, Any] | None] = None,
    ) -> Response[BotSeated]:
        """Give the next free seat to a computer player (host token only, before the start).
        The server plays it through the same rules and command path as a person; no token is
        handed out for it. Each client address may seat a limited number of bots in a while
        (429 with `Retry-After` beyond)."""
        games, served = self.services.games, self.services.served
        require_host(caller_of(games, game_id, request), to="seat a bot")
        game = game_of(served, games, game_id)
        wanted: Any = body_of(served, game, data or {}, lambda api: api.new_bot, "a bot's body")
        check_name(wanted.name, "$.name")
        # Per address, not per host token: anyone can open games and hold their host tokens.
        self.services.limits.charge(request, bots=1)
        seat = games.add_bot(game_id, _bot_seat(game, wanted))
        version, name = games.read(
            game_id, lambda played: (played.version, played.seats()[seat].name)
        )
        return Response(
            BotSeated(game_id=game_id, seat=seat, version=version, kind=wanted.kind, name=name),
            status_code=201,
            headers={"Location": f"/games/{game_id}"},
        )

    @post(
        "/games/{game_id:uuid}/start",
        operation_id="startGame",
        response_headers=[ETAG],
        opt={STRICT_BODY: StartRequest | None},
        sync_to_thread=True,
        status_code=200,
        responses=problem_responses(400, 401, 403, 404, 409, 413, 415, 429, 503),
        security=REQUIRED_BEARER,
        tags=["lobby"],
    )
    def start(
        self,
        *,
        game_id: FromPath[UUID],
        request: Request[Any, Any, Any],
        data: JSONBody[StartRequest | None] = None,
    ) -> Response[AnyGameView]:
        """Start the game (host token only), once at least two seats are taken; answers the
        game as the host sees it, its version also the `ETag`. A seat's token is 403; a game
        that already started or lacks players is 409 (`rule-violation`); a stale
        `expected_version` is 409 (`version-conflict`)."""
        games, served = self.services.games, self.services.served
        require_host(caller_of(games, game_id, request))
        games.start(game_id, expected_version=data.expected_version if data else None)
        seen = games.seat_view(game_id, None)
        shown = game_view(
            served_game(served, seen.ruleset),
            seen.view,
            games.fairness(game_id),
            seen.clock,
            imported=seen.imported,
        )
        return viewed(shown, seen.version)


def _bot_seat(game: GameApi, bot: Any) -> BotSeat:
    return BotSeat(kind=bot.kind, name=bot.name, attributes=game.attributes_of(bot))


def _created(body: CreatedGame, *, replayed: bool) -> Response[CreatedGame]:
    headers = {"Location": f"/games/{body.game_id}"}
    if replayed:
        headers["Idempotent-Replayed"] = "true"
    return Response(body, status_code=201, headers=headers)
