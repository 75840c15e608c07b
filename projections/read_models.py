"""What each read model holds for one game, computed from the game's folded state.

Pure functions, no I/O: the store writes what these return, and tests compare the store with them,
so "projection == fold" is checkable row by row. Rows are ordered here (buildings in board order,
stones by building and cell, players by seat) so that a loaded read model compares equal.
"""

from __future__ import annotations

from uuid import UUID

import msgspec

from domain.dodgecity.catalog import BUILDINGS
from domain.dodgecity.figures import Figure, building_value
from domain.dodgecity.state import BuildingStatus, GameState, Player, Status
from domain.events.dodgecity import Colour, EndReason


class BuildingRow(msgspec.Struct, frozen=True, kw_only=True):
    building: str
    name: str
    figure: Figure | None  # None until a card claims the building
    value: int | None  # points it scores; known once its figure is
    status: BuildingStatus
    scored_by: int | None


class StoneRow(msgspec.Struct, frozen=True, kw_only=True):
    building: str
    row: int
    col: int
    seat: int
    colour: Colour


class Board(msgspec.Struct, frozen=True, kw_only=True):
    game_id: UUID
    buildings: tuple[BuildingRow, ...]
    stones: tuple[StoneRow, ...]


class ScoreRow(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    name: str
    colour: Colour
    points: int
    money: int
    value_discs: tuple[int, ...]
    rank: int


class Scores(msgspec.Struct, frozen=True, kw_only=True):
    game_id: UUID
    players: tuple[ScoreRow, ...]


class GameSummary(msgspec.Struct, frozen=True, kw_only=True):
    """One line of the lobby list."""

    game_id: UUID
    status: Status
    max_players: int
    players: tuple[str, ...]  # names in seat order
    pass_number: int
    version: int  # of the game's latest event
    end_reason: EndReason | None
    winners: tuple[int, ...]
    created_at: str  # recorded_at of the game's first event
    updated_at: str  # recorded_at of its latest event


class GamesPage(msgspec.Struct, frozen=True, kw_only=True):
    items: tuple[GameSummary, ...]
    total: int  # games matching the filter, not just this page


class LeaderboardRow(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    played: int
    won: int
    points: int


def board(game_id: UUID, state: GameState) -> Board:
    """The buildings in play (none before the start) and every stone on them."""
    buildings = tuple(
        BuildingRow(
            building=building.id,
            name=BUILDINGS[building.id].name,
            figure=building.figure,
            value=None if building.figure is None else building_value(building.figure),
            status=building.status,
            scored_by=building.scored_by,
        )
        for building in state.buildings.values()
    )
    stones = tuple(
        StoneRow(
            building=building.id, row=row, col=col, seat=seat, colour=state.players[seat].colour
        )
        for building in state.buildings.values()
        for (row, col), seat in sorted(building.stones.items())
    )
    return Board(game_id=game_id, buildings=buildings, stones=stones)


def scores(game_id: UUID, state: GameState) -> Scores:
    ranks = _competition_ranks(state)
    players = tuple(
        ScoreRow(
            seat=player.seat,
            name=player.name,
            colour=player.colour,
            points=player.points,
            money=player.money,
            value_discs=tuple(player.value_discs),
            rank=ranks[player.seat],
        )
        for player in state.players
    )
    return Scores(game_id=game_id, players=players)


def _competition_ranks(state: GameState) -> dict[int, int]:
    """Standard competition ranking (1, 2, 2, 4): winners first, as the final tie duel may have put
    a player ahead of another with as many points; then by points."""

    def key(player: Player) -> tuple[bool, int]:
        return (player.seat in state.winners, player.points)

    keys = [key(player) for player in state.players]
    return {
        player.seat: 1 + sum(1 for other in keys if other > key(player)) for player in state.players
    }


def game_summary(
    game_id: UUID, state: GameState, *, version: int, created_at: str, updated_at: str
) -> GameSummary:
    return GameSummary(
        game_id=game_id,
        status=state.status,
        max_players=state.max_players,
        players=tuple(player.name for player in state.players),
        pass_number=state.pass_number,
        version=version,
        end_reason=state.end_reason,
        winners=state.winners,
        created_at=created_at,
        updated_at=updated_at,
    )


def leaderboard_contribution(state: GameState) -> tuple[LeaderboardRow, ...]:
    """What an ended game adds to the leaderboard, one row per name in seat order.

    Seats are summed by name, so a name that sat twice in one game counts twice; this also keeps
    one row per name, which an upsert of the whole contribution needs."""
    by_name: dict[str, LeaderboardRow] = {}
    for player in state.players:
        seen = by_name.get(player.name, LeaderboardRow(name=player.name, played=0, won=0, points=0))
        by_name[player.name] = LeaderboardRow(
            name=player.name,
            played=seen.played + 1,
            won=seen.won + (1 if player.seat in state.winners else 0),
            points=seen.points + player.points,
        )
    return tuple(by_name.values())
