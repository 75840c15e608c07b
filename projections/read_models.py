"""What the kernel's read models hold for one game, whatever its ruleset: its line of the game
list, and what its end adds to the leaderboards of players and of teams. Each game's own read
models are in its package (``projections/<game>/``). Names are kept as they are shown
(``domain.names.shown_name``): one stored before names were checked is escaped.

Pure functions over a ruleset and a folded state, no I/O: the store writes what these return, and
tests compare the store with them.
"""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

import msgspec

from domain.names import shown_name
from domain.registry import AnyRules
from domain.ruleset import GameStatus

#: What ``imported`` means wherever a game shows it.
IMPORTED = (
    "true for a game stored from a game record (POST /games/records, `dodgecity import`) rather "
    "than played on this server: it counts on no leaderboard unless asked for with "
    "`imported=true`"
)


class GameSummary(msgspec.Struct, frozen=True, kw_only=True):
    """One line of the lobby list."""

    game_id: UUID
    ruleset: str  # the game's ruleset, as clients name it
    status: GameStatus
    max_players: int  # the game's seats
    players: tuple[str, ...]  # names in seat order
    pass_number: int  # how far the game has gone in its ruleset's words; 0 for one without
    version: int  # of the game's latest event
    end_reason: str | None
    winners: tuple[int, ...]
    created_at: str  # recorded_at of the game's first event
    updated_at: str  # recorded_at of its latest event
    #: SHA-256 (hex) of ``<game_id>:<seed>``, published at creation; null for older games.
    seed_commitment: str | None = None
    #: The creator chose the seed (and knows every shuffle); null when not recorded.
    seed_chosen: bool | None = None
    seed: str | None = None  # once the game has ended: hash it to check the commitment
    imported: Annotated[bool, msgspec.Meta(description=IMPORTED)] = False


class GamesPage(msgspec.Struct, frozen=True, kw_only=True):
    items: tuple[GameSummary, ...]
    total: int  # games matching the filter, not just this page


class LeaderboardRow(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    played: int
    won: int
    points: int


class TeamRow(msgspec.Struct, frozen=True, kw_only=True):
    """One team of one ruleset: the ended games it took part in, and those it won."""

    ruleset: str
    team: str
    played: int
    won: int


def game_summary(
    game_id: UUID,
    rules: AnyRules,
    state: Any,
    *,
    seats: int,
    pass_number: int,
    version: int,
    created_at: str,
    updated_at: str,
    seed_commitment: str | None = None,
    seed_chosen: bool | None = None,
    abandoned: bool = False,
    imported: bool = False,
) -> GameSummary:
    """The game list's line of a game; ``abandoned`` when the kernel closed it before it
    started (its ruleset's state still says it is in the lobby), ``imported`` when it was
    stored from a game record."""
    outcome = rules.outcome(state)
    status = GameStatus.ABANDONED if abandoned else rules.status(state)
    ended = status in (GameStatus.ENDED, GameStatus.ABANDONED)
    return GameSummary(
        game_id=game_id,
        ruleset=rules.name,
        status=status,
        max_players=seats,
        players=tuple(shown_name(seat.name) for seat in rules.seats(state)),
        pass_number=pass_number,
        version=version,
        end_reason=None if outcome is None else outcome.reason,
        winners=() if outcome is None else outcome.winners,
        created_at=created_at,
        updated_at=updated_at,
        seed_commitment=seed_commitment,
        seed_chosen=seed_chosen,
        seed=rules.seed_of(state) if ended else None,
        imported=imported,
    )


def leaderboard_contribution(rules: AnyRules, state: Any) -> tuple[LeaderboardRow, ...]:
    """What an ended game adds to its ruleset's leaderboard, one row per name in seat order; a
    seat's points are its score (0 in a game that keeps none).

    Seats are summed by name, so a name that sat twice in one game counts twice; this also keeps
    one row per name, which an upsert of the whole contribution needs."""
    outcome = rules.outcome(state)
    if outcome is None or rules.status(state) is not GameStatus.ENDED:
        return ()
    names = [shown_name(seat.name) for seat in rules.seats(state)]
    by_name: dict[str, LeaderboardRow] = {}
    for result in outcome.results:
        name = names[result.seat]
        seen = by_name.get(name, LeaderboardRow(name=name, played=0, won=0, points=0))
        by_name[name] = LeaderboardRow(
            name=name,
            played=seen.played + 1,
            won=seen.won + (1 if result.won else 0),
            points=seen.points + (result.score or 0),
        )
    return tuple(by_name.values())


def team_contribution(rules: AnyRules, state: Any) -> tuple[TeamRow, ...]:
    """What an ended game adds to its ruleset's teams, one row per team that took part, in the
    order of its first seat; none when no seat has a team.

    A team counts the game once however many seats it had, and wins it when one of its seats won:
    a team's seats usually share their result, and where a game names two lone seats alike (two
    players of the same role, each playing alone), the name still won that game."""
    outcome = rules.outcome(state)
    if outcome is None or rules.status(state) is not GameStatus.ENDED:
        return ()
    won: dict[str, bool] = {}
    for result in outcome.results:
        if result.team is not None:
            won[result.team] = won.get(result.team, False) or result.won
    return tuple(
        TeamRow(ruleset=rules.name, team=shown_name(team), played=1, won=int(team_won))
        for team, team_won in won.items()
    )
