"""The kernel's read models on the API: the leaderboards of players and of teams, of every game
served or of one ruleset (the game list is the lobby's, ``api/routes/lobby.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from litestar import get
from litestar.params import QueryParameter

from api.dependencies import ServicesController
from api.http.problems import problem_responses
from api.schemas import ZERO_MINIMUM
from projections.read_models import LeaderboardRow, TeamRow

if TYPE_CHECKING:
    RulesetName = str

MAX_PAGE = 100
MAX_OFFSET = 1_000_000_000  # beyond any real list, and within every database's integers

Limit = Annotated[int, QueryParameter(ge=1, le=MAX_PAGE, description="page size")]
Offset = Annotated[
    int, QueryParameter(ge=0, schema_extra=ZERO_MINIMUM, le=MAX_OFFSET, description="items to skip")
]
#: Games imported from records were played elsewhere, by whoever made them: they count only
#: when asked for.
Imported = Annotated[
    bool,
    QueryParameter(
        description="count the games imported from game records (POST /games/records, "
        "`dodgecity import`) too; by default only games played on this server count"
    ),
]


class ReadModelsController(ServicesController):
    @get(
        "/leaderboard",
        operation_id="getLeaderboard",
        sync_to_thread=True,
        responses=problem_responses(400, 429, 503),
        tags=["read models"],
    )
    def leaderboard(
        self,
        *,
        ruleset: Annotated[
            RulesetName | None,
            QueryParameter(description="only games of this ruleset; without, of every one"),
        ] = None,
        imported: Imported = False,
        limit: Limit = 50,
        offset: Offset = 0,
    ) -> list[LeaderboardRow]:
        """Players by games won, then points, across every ended game played on this server
        (of one ruleset with `ruleset`; imported games too with `imported=true`), a page at a
        time. Anyone may ask, without a token."""
        games = self.services.games
        return games.projections.leaderboard(
            ruleset=ruleset, imported=imported, limit=limit, offset=offset
        )

    @get(
        "/leaderboard/teams",
        operation_id="getTeamLeaderboard",
        sync_to_thread=True,
        responses=problem_responses(400, 429, 503),
        tags=["read models"],
    )
    def team_leaderboard(
        self,
        *,
        ruleset: Annotated[
            RulesetName | None,
            QueryParameter(description="only teams of this ruleset; without, of every one"),
        ] = None,
        imported: Imported = False,
        limit: Limit = 50,
        offset: Offset = 0,
    ) -> list[TeamRow]:
        """Teams by games won, then fewer games played, across every ended game played on this
        server of a game played in teams (imported games too with `imported=true`); each
        ruleset's teams on lines of their own. Anyone may ask, without a token."""
        games = self.services.games
        return games.projections.team_leaderboard(
            ruleset=ruleset, imported=imported, limit=limit, offset=offset
        )
