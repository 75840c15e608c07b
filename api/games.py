"""Playing over HTTP: create, join and start a game, see it, list and perform actions, read its
events and any past step.

Every handler here reaches the store, so every one runs in a worker thread (``sync_to_thread=True``,
or ``in_worker_thread`` where litestar would hop twice): the synchronous event store never blocks
the event loop.
"""

from __future__ import annotations

from typing import Annotated, Any, TypeVar
from uuid import UUID, uuid4, uuid5

from litestar import Request, Response, get, post
from litestar.datastructures import ResponseHeader
from litestar.exceptions import ClientException
from litestar.handlers import HTTPRouteHandler
from litestar.params import FromPath, HeaderParameter, JSONBody, PathParameter, QueryParameter

from api.auth import OPTIONAL_BEARER, REQUIRED_BEARER, caller_of, require_host, seat_of
from api.bodies import STRICT_BODY
from api.idempotency import CreatedGames, fingerprint
from api.problems import IdempotentCreationError, PreconditionFailedError, problem_responses
from api.schemas import (
    ZERO_MINIMUM,
    ActionRequest,
    BotSeated,
    CallerView,
    CreatedGame,
    EventsPage,
    LegalActions,
    NarrationPage,
    NewBot,
    NewGame,
    NewPlayer,
    SeatTaken,
    StartRequest,
    Told,
    Version,
)
from api.threads import in_worker_thread
from domain.dodgecity.actions import Action
from domain.dodgecity.narration import describe
from domain.dodgecity.views import GameView
from engine.application import (
    GameExistsError,
    GameService,
    SeatView,
    VersionConflictError,
)
from engine.credentials import credential_hash, new_token
from engine.players import BotSeat

MAX_EVENTS_PAGE = 500
#: Game ids made from idempotency keys live in their own namespace (any fixed UUID would do).
IDEMPOTENT_GAMES = UUID("6c1b0f4e-3d0a-4f53-9a55-1f0cde0d6c17")

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


Viewed = TypeVar("Viewed", bound=GameView)


def etag(version: int) -> str:
    return f'"{version}"'


def _viewed(view: Viewed, *, replayed: bool = False) -> Response[Viewed]:
    headers = {"ETag": etag(view.version), "Vary": "Authorization"}
    if replayed:
        headers["Idempotent-Replayed"] = "true"
    return Response(view, headers=headers)


def _ready_to_send(actions: list[Action], version: int) -> list[ActionRequest]:
    return [ActionRequest(action=a, expected_version=version) for a in actions]  # type: ignore[arg-type]


def _seen(seen: SeatView, *, replayed: bool = False) -> Response[CallerView]:
    body = CallerView.of(seen.view, _ready_to_send(seen.actions, seen.view.version))
    return _viewed(body, replayed=replayed)


def _expected_version(if_match: str | None) -> int | None:
    """The version ``If-Match`` names; None for none, an empty one, or ``*`` (any version)."""
    if if_match is None or if_match.strip() in {"", "*"}:
        return None
    tag = if_match.strip()
    if not (len(tag) >= 3 and tag[0] == tag[-1] == '"' and tag[1:-1].isdigit()):
        raise ClientException(
            detail='If-Match must be one ETag as GET /games/{game_id} sends it, such as "12"'
        )
    return int(tag[1:-1])


def game_routes(games: GameService, created: CreatedGames) -> list[HTTPRouteHandler]:
    @post(
        "/games",
        operation_id="createGame",
        response_headers=[LOCATION, REPLAYED],
        opt={STRICT_BODY: NewGame},
        sync_to_thread=True,
        status_code=201,
        responses=problem_responses(400, 409, 413, 429, 503),
        tags=["lobby"],
    )
    def create_game(
        data: JSONBody[NewGame], idempotency_key: IdempotencyKey = None
    ) -> Response[CreatedGame]:
        """Open a game and get its host token (shown once): the host starts the game.

        `bots` seats computer players first; the server plays them as soon as the game awaits
        them. Refusals (a variant the rules do not know, more bots than seats) are 409 with the
        rule's id."""
        key_print = fingerprint(data)
        if idempotency_key is not None:
            earlier = created.get(idempotency_key, key_print)
            if earlier is not None:
                return _created(earlier, replayed=True)
        host_token = new_token()
        # A key names its game, so a retry can never open a second one, in any process.
        game_id = uuid5(IDEMPOTENT_GAMES, idempotency_key) if idempotency_key else uuid4()
        try:
            games.create_game(
                ruleset="dodgecity",
                seats=data.players,
                settings=data.variants,
                seed=data.seed,
                game_id=game_id,
                host_credential=credential_hash(game_id, host_token),
                bots=[_bot_seat(bot) for bot in data.bots],
            )
        except GameExistsError as exists:
            # Only a repeated key makes an existing id. The first request may have finished
            # meanwhile in this process; else its answer, and token, were given elsewhere.
            earlier = created.get(idempotency_key or "", key_print)
            if earlier is not None:
                return _created(earlier, replayed=True)
            raise IdempotentCreationError(exists.game_id) from None
        body = CreatedGame(game_id=game_id, version=1, host_token=host_token)
        if idempotency_key is not None:
            created.put(idempotency_key, key_print, body)
        return _created(body, replayed=False)

    @post(
        "/games/{game_id:uuid}/players",
        operation_id="joinGame",
        response_headers=[LOCATION],
        opt={STRICT_BODY: NewPlayer},
        sync_to_thread=True,
        status_code=201,
        responses=problem_responses(400, 404, 409, 413, 429, 503),
        tags=["lobby"],
    )
    def join(game_id: FromPath[UUID], data: JSONBody[NewPlayer]) -> Response[SeatTaken]:
        """Take the next free seat and get its token (shown once).

        Every request as this seat carries the token: `Authorization: Bearer <token>`."""
        token = new_token()
        seat = games.join(
            game_id, data.name, data.colour, credential=credential_hash(game_id, token)
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
        opt={STRICT_BODY: NewBot | None},
        sync_to_thread=True,
        status_code=201,
        responses=problem_responses(400, 401, 403, 404, 409, 413, 429, 503),
        security=REQUIRED_BEARER,
        tags=["lobby"],
    )
    def add_bot(
        game_id: FromPath[UUID],
        request: Request[Any, Any, Any],
        data: JSONBody[NewBot | None] = None,
    ) -> Response[BotSeated]:
        """Give the next free seat to a computer player (host token only, before the start).
        The server plays it through the same rules and command path as a person; no token is
        handed out for it."""
        require_host(caller_of(games, game_id, request))
        wanted = data or NewBot()
        seat = games.add_bot(game_id, _bot_seat(wanted))
        version, name = games.read(
            game_id, lambda game: (game.version, game.state.players[seat].name)
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
        responses=problem_responses(400, 401, 403, 404, 409, 413, 429, 503),
        security=REQUIRED_BEARER,
        tags=["lobby"],
    )
    def start(
        game_id: FromPath[UUID],
        request: Request[Any, Any, Any],
        data: JSONBody[StartRequest | None] = None,
    ) -> Response[GameView]:
        """Start the game (host token only), once at least two seats are taken."""
        require_host(caller_of(games, game_id, request))
        games.start(game_id, expected_version=data.expected_version if data else None)
        return _viewed(games.view(game_id, None))

    @get(
        "/games/{game_id:uuid}",
        operation_id="getGame",
        response_headers=[ETAG],
        sync_to_thread=True,
        responses=problem_responses(400, 401, 404, 429, 503),
        security=OPTIONAL_BEARER,
        tags=["play"],
    )
    def game(game_id: FromPath[UUID], request: Request[Any, Any, Any]) -> Response[CallerView]:
        """The game now, as the caller may see it: everything public, plus the caller's own hand
        and commitment and the actions it may take now with a seat token. The version is also
        the `ETag`."""
        caller = caller_of(games, game_id, request)
        return _seen(games.seat_view(game_id, caller.seat))

    @get(
        "/games/{game_id:uuid}/actions",
        operation_id="listActions",
        responses=problem_responses(400, 401, 404, 429, 503),
        security=OPTIONAL_BEARER,
        tags=["play"],
    )
    async def legal_actions(
        game_id: FromPath[UUID], request: Request[Any, Any, Any]
    ) -> LegalActions:
        """Every action the caller's seat may take now, each a body ready to POST to
        `/games/{game_id}/actions`. Empty for spectators, the host, and seats not awaited."""
        return await in_worker_thread(lambda: _legal_actions(game_id, request))

    def _legal_actions(game_id: UUID, request: Request[Any, Any, Any]) -> LegalActions:
        seat = caller_of(games, game_id, request).seat
        version, actions = games.read(
            game_id,
            lambda game: (game.version, [] if seat is None else game.legal_actions(seat)),
        )
        return LegalActions(
            game_id=game_id,
            version=version,
            seat=seat,
            actions=_ready_to_send(actions, version),
        )

    @post(
        "/games/{game_id:uuid}/actions",
        operation_id="performAction",
        response_headers=[ETAG, REPLAYED],
        opt={STRICT_BODY: ActionRequest},
        sync_to_thread=True,
        status_code=200,
        responses=problem_responses(400, 401, 403, 404, 409, 412, 413, 429, 503),
        security=REQUIRED_BEARER,
        tags=["play"],
    )
    def act(
        game_id: FromPath[UUID],
        data: JSONBody[ActionRequest],
        request: Request[Any, Any, Any],
        idempotency_key: IdempotencyKey = None,
        if_match: IfMatch = None,
    ) -> Response[CallerView]:
        """Perform one action as the token's seat; answers the game as that seat now sees it,
        with the actions it may take next.

        A refused action is 409 with the rule's id and changes nothing. A stale version is 409
        (`expected_version`) or 412 (`If-Match`), with the current version in the body. In a
        simultaneous decision (the start and duel commitments), other seats' commitments since
        `expected_version` do not make it stale: everyone commits at once and independently;
        `If-Match` still asks for the very version."""
        seat = seat_of(caller_of(games, game_id, request))
        precondition = _expected_version(if_match)
        expected = data.expected_version
        if precondition is not None and expected is not None and precondition != expected:
            # They cannot both be current: answer for whichever is stale, acting on neither.
            current = games.latest_version(game_id)
            stale = VersionConflictError(game_id, precondition, current)
            if precondition != current:
                raise PreconditionFailedError(stale)
            raise VersionConflictError(game_id, expected, current)
        try:
            performed = games.perform(
                game_id,
                seat,
                data.action,
                expected_version=precondition if precondition is not None else expected,
                idempotency_key=idempotency_key,
                exact=precondition is not None,
            )
        except VersionConflictError as conflict:
            if precondition is not None:
                raise PreconditionFailedError(conflict) from None
            raise
        return _seen(performed.seen, replayed=performed.replayed)

    @get(
        "/games/{game_id:uuid}/events",
        operation_id="listEvents",
        sync_to_thread=True,
        responses=problem_responses(400, 401, 404, 429, 503),
        security=OPTIONAL_BEARER,
        tags=["replay"],
    )
    def events(
        game_id: FromPath[UUID],
        request: Request[Any, Any, Any],
        after: After = 0,
        limit: EventsLimit = 100,
    ) -> EventsPage:
        """The game's events after version `after`, oldest first, as the caller may see them:
        other seats' cards are `"hidden"` until the game has ended."""
        seat = caller_of(games, game_id, request).seat
        page, latest = games.events_page(game_id, seat, after=after, limit=limit)
        last = page[-1].originator_version if page else after
        return EventsPage(
            game_id=game_id,
            events=page,  # type: ignore[arg-type]
            latest_version=latest,
            next_after=last if last < latest else None,
        )

    @get(
        "/games/{game_id:uuid}/narration",
        operation_id="listNarration",
        sync_to_thread=True,
        responses=problem_responses(400, 401, 404, 429, 503),
        security=OPTIONAL_BEARER,
        tags=["replay"],
    )
    def narration(
        game_id: FromPath[UUID],
        request: Request[Any, Any, Any],
        after: After = 0,
        limit: EventsLimit = 100,
    ) -> NarrationPage:
        """The game's events after version `after`, each told in one English sentence, as the
        caller may see them (a hidden card is "a card face down")."""
        seat = caller_of(games, game_id, request).seat
        page, latest = games.events_page(game_id, seat, after=after, limit=limit)
        names, deck_name = games.read(
            game_id, lambda game: ([p.name for p in game.state.players], game.state.variants.deck)
        )
        last = page[-1].originator_version if page else after
        return NarrationPage(
            game_id=game_id,
            entries=[
                Told(
                    version=event.originator_version,
                    type=type(event).__name__,
                    text=describe(event, names, deck_name=deck_name),
                )
                for event in page
            ],
            latest_version=latest,
            next_after=last if last < latest else None,
        )

    @get(
        "/games/{game_id:uuid}/states/{version:int}",
        operation_id="getState",
        response_headers=[ETAG],
        sync_to_thread=True,
        responses=problem_responses(400, 401, 404, 429, 503),
        security=OPTIONAL_BEARER,
        tags=["replay"],
    )
    def state(
        game_id: FromPath[UUID],
        version: Annotated[
            Version,
            PathParameter(description="0 is before the first event", schema_extra=ZERO_MINIMUM),
        ],
        request: Request[Any, Any, Any],
        as_played: Annotated[
            bool,
            QueryParameter(
                description="once the game has ended, show what the caller saw at the time "
                "instead of everything"
            ),
        ] = False,
    ) -> Response[GameView]:
        """The game after event `version`, as the caller may see it (replay). Once the game has
        ended, every step shows everything, unless `as_played` is set."""
        seat = caller_of(games, game_id, request).seat
        return _viewed(games.view(game_id, seat, version, as_played=as_played))

    return [
        create_game,
        join,
        add_bot,
        start,
        game,
        legal_actions,
        act,
        events,
        narration,
        state,
    ]


def _bot_seat(bot: NewBot) -> BotSeat:
    return BotSeat(kind=bot.kind, name=bot.name, attributes=bot.colour)


def _created(body: CreatedGame, *, replayed: bool) -> Response[CreatedGame]:
    headers = {"Location": f"/games/{body.game_id}"}
    if replayed:
        headers["Idempotent-Replayed"] = "true"
    return Response(body, status_code=201, headers=headers)
