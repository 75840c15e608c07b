"""Replay: a game's events as the caller may see them, in JSON or in words, and the game after
any of its events.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Annotated, Any
from uuid import UUID

from litestar import Request, Response, get
from litestar.params import FromPath, PathParameter, QueryParameter

from api.dependencies import ServicesController
from api.http.auth import OPTIONAL_BEARER, caller_of
from api.http.game_requests import (
    ETAG,
    NOT_MODIFIED,
    After,
    EventsLimit,
    IfNoneMatch,
    game_of,
    game_view,
    viewed,
)
from api.http.problems import problem_responses
from api.schemas import ZERO_MINIMUM, NarrationPage, Told, Version
from domain.names import shown_name
from domain.registry import topic_of

if TYPE_CHECKING:
    import msgspec

    AnyEventsPage = msgspec.Struct
    AnyGameView = msgspec.Struct


class ReplayController(ServicesController):
    path = "/games/{game_id:uuid}"
    tags = ["replay"]

    @get(
        "/events",
        operation_id="listEvents",
        sync_to_thread=True,
        responses=problem_responses(400, 401, 404, 429, 503),
        security=OPTIONAL_BEARER,
    )
    def events(
        self,
        *,
        game_id: FromPath[UUID],
        request: Request[Any, Any, Any],
        after: After = 0,
        limit: EventsLimit = 100,
    ) -> AnyEventsPage:
        """The game's events after version `after`, oldest first, a page of at most `limit`, as
        the caller may see them: other seats' cards are `"hidden"` until the game has ended.
        Any token of the game or none (a spectator); `next_after` (when more follow) is the
        `after` of the next page."""
        games, served = self.services.games, self.services.served
        seat = caller_of(games, game_id, request).seat
        page, latest = games.events_page(game_id, seat, after=after, limit=limit)
        last = page[-1].originator_version if page else after
        return game_of(served, games, game_id).wire.events_page(
            game_id=game_id,
            events=page,
            latest_version=latest,
            next_after=last if last < latest else None,
        )

    @get(
        "/narration",
        operation_id="listNarration",
        sync_to_thread=True,
        responses=problem_responses(400, 401, 404, 429, 503),
        security=OPTIONAL_BEARER,
    )
    def narration(
        self,
        *,
        game_id: FromPath[UUID],
        request: Request[Any, Any, Any],
        after: After = 0,
        limit: EventsLimit = 100,
    ) -> NarrationPage:
        """The game's events after version `after`, each told in one English sentence, as the
        caller may see them (a hidden card is "a card face down"). Any token of the game or
        none (a spectator); paged like GET /games/{game_id}/events."""
        games = self.services.games
        seat = caller_of(games, game_id, request).seat
        page, latest = games.events_page(game_id, seat, after=after, limit=limit)
        rules, names, settings = games.read(
            game_id,
            lambda game: (
                game.rules,
                [shown_name(seat.name) for seat in game.seats()],
                game.rules.settings_of(game.state),
            ),
        )
        last = page[-1].originator_version if page else after
        return NarrationPage(
            game_id=game_id,
            entries=[
                Told(
                    version=event.originator_version,
                    type=topic_of(type(event)),  # its `type`, as in GET …/events
                    text=rules.describe(event, names, settings),
                )
                for event in page
            ],
            latest_version=latest,
            next_after=last if last < latest else None,
        )

    @get(
        "/states/{version:int}",
        operation_id="getState",
        response_headers=[ETAG],
        sync_to_thread=True,
        responses={**NOT_MODIFIED, **problem_responses(400, 401, 404, 429, 503)},
        security=OPTIONAL_BEARER,
    )
    def state(
        self,
        *,
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
        if_none_match: IfNoneMatch = None,
    ) -> Response[AnyGameView]:
        """The game after event `version`, as the caller may see it (replay): any token of the
        game or none. Once the game has ended, every step shows everything, unless `as_played`
        is set. 404 (`version-not-found`) for a version the game has not reached. With
        `If-None-Match` holding the `ETag` of the same view, a 304."""
        games, served = self.services.games, self.services.served
        seat = caller_of(games, game_id, request).seat
        view, clock = games.view_and_clock(game_id, seat, version, as_played=as_played)
        fairness = games.fairness(game_id)
        if as_played:  # what the caller saw at that step: the seed was secret then
            fairness = dataclasses.replace(fairness, seed=None)
        imported = games.is_imported(game_id)
        shown = game_view(game_of(served, games, game_id), view, fairness, clock, imported=imported)
        return viewed(shown, view.version, if_none_match=if_none_match)
