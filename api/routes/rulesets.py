"""The games a server offers: ``GET /rulesets`` lists them, ``GET /rulesets/{ruleset}`` serves one
game's printed material.

Games plug in by the ``api.games`` entry point (``pyproject.toml``), each a
:class:`~api.wire.GameApi`; a server serves those whose rules are registered.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

import msgspec
from litestar import get
from litestar.params import FromPath

from api.dependencies import ServicesController
from api.http.problems import problem_responses
from api.wire import GameApi, ServedGames
from domain.registry import UnknownRulesetError, default_registry
from engine.kit import kit_for

if TYPE_CHECKING:
    AnyCatalog = msgspec.Struct

ENTRY_POINT_GROUP = "api.games"


@cache
def installed_game_apis() -> tuple[GameApi, ...]:
    """Every installed game's API whose rules are registered, in the registry's order."""
    loaded = (point.load() for point in entry_points(group=ENTRY_POINT_GROUP))
    found = {game.name: game for game in loaded}
    registry = default_registry()
    return tuple(found[name] for name in registry.names() if name in found)


class RulesetSummary(msgspec.Struct, frozen=True, kw_only=True):
    """One game this server plays: what to name it when creating a game, how many seats it
    takes, the JSON Schema of its settings and the computer players it can seat."""

    name: str  # the `ruleset` of POST /games and of every game's views
    title: str
    rules_version: str
    min_seats: int
    max_seats: int
    default: bool  # the game POST /games opens when it names none
    settings_schema: dict[str, Any]
    bot_kinds: list[str]


def summary(game: GameApi, served: ServedGames) -> RulesetSummary:
    rules = game.rules
    return RulesetSummary(
        name=rules.name,
        title=rules.title,
        rules_version=rules.rules_version,
        min_seats=rules.min_seats,
        max_seats=rules.max_seats,
        default=served.default == rules.name,
        settings_schema=msgspec.json.schema(rules.settings_type),
        bot_kinds=sorted(kit_for(rules.name).bots),
    )


class RulesetsController(ServicesController):
    path = "/rulesets"
    tags = ["reference"]

    @get(operation_id="listRulesets", responses=problem_responses(429))
    async def list_rulesets(self) -> list[RulesetSummary]:
        """The games this server plays: for each, the `ruleset` name to give POST /games,
        its title, rules version, how many seats it takes, the JSON Schema of its settings and
        the computer players it can seat; `default` marks the game created when no `ruleset`
        is given. Anyone may ask, without a token."""
        served = self.services.served
        return [summary(game, served) for game in served]

    @get(
        "/{ruleset:str}",
        operation_id="getRuleset",
        responses=problem_responses(400, 404, 429),
    )
    async def printed_material(self, ruleset: FromPath[str]) -> AnyCatalog:
        """A game's printed material (board, cards, figures …): what a frontend needs to draw
        its games and word their cards. The same for every game of its rules version, so it
        may be cached. Anyone may ask, without a token; 404 (`ruleset-not-found`) for a game
        this server does not play."""
        served = self.services.served
        game = served.get(ruleset)
        if game is None:
            raise UnknownRulesetError(ruleset, served.names)
        return game.catalog()
