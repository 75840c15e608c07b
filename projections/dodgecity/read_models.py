"""What Dodge City's own read models hold for one game, computed from its folded state: the board
(buildings in play and the stones on them) and the scores.

Pure functions, no I/O: the tables store what these return, and tests compare the tables with
them, so "projection == fold" is checkable row by row. Rows are ordered here (buildings in board
order, stones by building and cell, players by seat) so that a loaded read model compares equal.
"""

from __future__ import annotations

from uuid import UUID

import msgspec

from domain.dodgecity.catalog import BUILDINGS
from domain.dodgecity.figures import Figure, building_value
from domain.dodgecity.ruleset import competition_ranks
from domain.dodgecity.state import BuildingStatus, GameState
from domain.events.dodgecity import Colour
from domain.names import shown_name


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
    """Every player's points, money and value discs, and their rank: winners first, as the final
    tie duel may have put a player ahead of another with as many points; then by points."""
    ranks = competition_ranks(state)
    players = tuple(
        ScoreRow(
            seat=player.seat,
            name=shown_name(player.name),  # as every view shows it (domain/names.py)
            colour=player.colour,
            points=player.points,
            money=player.money,
            value_discs=tuple(player.value_discs),
            rank=ranks[player.seat],
        )
        for player in state.players
    )
    return Scores(game_id=game_id, players=players)


def board_key(state: GameState) -> list[object]:
    """Everything the board is made of, cheap to compare, and a copy: folding on leaves it as is."""
    return [
        (b.id, b.figure, b.status, b.scored_by, dict(b.stones)) for b in state.buildings.values()
    ]
