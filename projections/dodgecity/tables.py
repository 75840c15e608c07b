"""Dodge City's read-model tables: their definitions, the rows one game puts in them, and the
board and scores read back from them."""

from __future__ import annotations

from uuid import UUID

import msgspec

from domain.dodgecity.figures import Figure
from domain.dodgecity.state import BuildingStatus, GameState
from domain.events.dodgecity import Colour
from projections.dodgecity.read_models import (
    Board,
    BuildingRow,
    ScoreRow,
    Scores,
    StoneRow,
    board,
    scores,
)
from projections.plugin import Table
from projections.sql import Row, Transaction

BUILDINGS = Table(
    name="dodgecity_board_buildings",
    columns=("game_id", "building", "ordinal", "name", "figure", "value", "status", "scored_by"),
    key_width=2,
    create=(
        """CREATE TABLE IF NOT EXISTS dodgecity_board_buildings (
            game_id TEXT NOT NULL,
            building TEXT NOT NULL,
            ordinal INTEGER NOT NULL,
            name TEXT NOT NULL,
            figure TEXT,
            value INTEGER,
            status TEXT NOT NULL,
            scored_by INTEGER,
            PRIMARY KEY (game_id, building))""",
    ),
)

STONES = Table(
    name="dodgecity_board_stones",
    columns=("game_id", "building", "row", "col", "seat", "colour"),
    key_width=4,
    create=(
        """CREATE TABLE IF NOT EXISTS dodgecity_board_stones (
            game_id TEXT NOT NULL,
            building TEXT NOT NULL,
            row INTEGER NOT NULL,
            col INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            colour TEXT NOT NULL,
            PRIMARY KEY (game_id, building, row, col))""",
    ),
)

SCORES = Table(
    name="dodgecity_scores",
    columns=("game_id", "seat", "name", "colour", "points", "money", "value_discs", "rank"),
    key_width=2,
    create=(
        """CREATE TABLE IF NOT EXISTS dodgecity_scores (
            game_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            colour TEXT NOT NULL,
            points INTEGER NOT NULL,
            money INTEGER NOT NULL,
            value_discs TEXT NOT NULL,
            rank INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat))""",
    ),
)

#: Where the first version kept the board and the scores, before each game had tables of its own.
RETIRED_TABLES = ("board_buildings", "board_stones", "scores")


# -- writing ---------------------------------------------------------------------------------
# Enums are written as their values explicitly: a driver may otherwise pick an enum's name.


def board_rows(game_id: UUID, state: GameState) -> dict[str, list[Row]]:
    made = board(game_id, state)
    game = str(game_id)
    return {
        BUILDINGS.name: [
            (
                game,
                b.building,
                ordinal,
                b.name,
                None if b.figure is None else b.figure.value,
                b.value,
                b.status.value,
                b.scored_by,
            )
            for ordinal, b in enumerate(made.buildings)
        ],
        STONES.name: [
            (game, s.building, s.row, s.col, s.seat, s.colour.value) for s in made.stones
        ],
    }


def score_rows(game_id: UUID, state: GameState) -> dict[str, list[Row]]:
    made = scores(game_id, state)
    game = str(game_id)
    return {
        SCORES.name: [
            (game, p.seat, p.name, p.colour.value, p.points, p.money, _json(p.value_discs), p.rank)
            for p in made.players
        ]
    }


def _json(value: object) -> str:
    return msgspec.json.encode(value).decode()


# -- reading ---------------------------------------------------------------------------------


def load_board(tx: Transaction, game_id: UUID) -> Board:
    buildings = tx.query(
        "SELECT building, name, figure, value, status, scored_by FROM dodgecity_board_buildings"
        " WHERE game_id = ? ORDER BY ordinal",
        (str(game_id),),
    )
    ordinals = {row[0]: ordinal for ordinal, row in enumerate(buildings)}
    stones = tx.query(
        "SELECT building, row, col, seat, colour FROM dodgecity_board_stones WHERE game_id = ?",
        (str(game_id),),
    )
    return Board(
        game_id=game_id,
        buildings=tuple(_building(row) for row in buildings),
        # In board order, then by cell, as read_models.board orders them.
        stones=tuple(
            _stone(row)
            for row in sorted(stones, key=lambda row: (ordinals[row[0]], row[1], row[2]))
        ),
    )


def _building(row: Row) -> BuildingRow:
    building, name, figure, value, status, scored_by = row
    return BuildingRow(
        building=building,
        name=name,
        figure=None if figure is None else Figure(figure),
        value=value,
        status=BuildingStatus(status),
        scored_by=scored_by,
    )


def _stone(row: Row) -> StoneRow:
    building, row_index, col, seat, colour = row
    return StoneRow(building=building, row=row_index, col=col, seat=seat, colour=Colour(colour))


def load_scores(tx: Transaction, game_id: UUID) -> Scores:
    rows = tx.query(
        "SELECT seat, name, colour, points, money, value_discs, rank FROM dodgecity_scores"
        " WHERE game_id = ? ORDER BY seat",
        (str(game_id),),
    )
    return Scores(game_id=game_id, players=tuple(_score(row) for row in rows))


def _score(row: Row) -> ScoreRow:
    seat, name, colour, points, money, value_discs, rank = row
    return ScoreRow(
        seat=seat,
        name=name,
        colour=Colour(colour),
        points=points,
        money=money,
        value_discs=msgspec.json.decode(value_discs, type=tuple[int, ...]),
        rank=rank,
    )
