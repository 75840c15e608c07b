"""The read-model tables: their definitions, the tracked log position, writes and queries.

Every function works inside a transaction it is given, so the caller decides what commits
together: a batch's rows and its new position always do. Game ids are stored as text and tuples as
JSON text, which reads back the same on SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple
from uuid import UUID

import msgspec

from domain.dodgecity.figures import Figure
from domain.dodgecity.state import BuildingStatus, Status
from domain.events.dodgecity import Colour, EndReason
from projections.read_models import (
    Board,
    BuildingRow,
    GamesPage,
    GameSummary,
    LeaderboardRow,
    ScoreRow,
    Scores,
    StoneRow,
)
from projections.sql import Database, Row, Transaction

#: The tracking row of these read models; one row, so every batch locks the same row.
TRACKING_NAME = "read_models"

#: Every table and its columns, in the order they are created and dumped.
COLUMNS: dict[str, tuple[str, ...]] = {
    "games": (
        "game_id",
        "status",
        "max_players",
        "players",
        "pass_number",
        "version",
        "end_reason",
        "winners",
        "created_at",
        "updated_at",
    ),
    "board_buildings": (
        "game_id",
        "building",
        "ordinal",
        "name",
        "figure",
        "value",
        "status",
        "scored_by",
    ),
    "board_stones": ("game_id", "building", "row", "col", "seat", "colour"),
    "scores": ("game_id", "seat", "name", "colour", "points", "money", "value_discs", "rank"),
    "leaderboard": ("name", "played", "won", "points"),
    "projection_tracking": ("name", "position"),
}
READ_MODEL_TABLES = tuple(table for table in COLUMNS if table != "projection_tracking")

_CREATE = (
    """CREATE TABLE IF NOT EXISTS games (
        game_id TEXT PRIMARY KEY,
        status TEXT NOT NULL,
        max_players INTEGER NOT NULL,
        players TEXT NOT NULL,
        pass_number INTEGER NOT NULL,
        version INTEGER NOT NULL,
        end_reason TEXT,
        winners TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS games_newest ON games (created_at DESC, game_id)",
    "CREATE INDEX IF NOT EXISTS games_by_status ON games (status, created_at DESC, game_id)",
    """CREATE TABLE IF NOT EXISTS board_buildings (
        game_id TEXT NOT NULL,
        building TEXT NOT NULL,
        ordinal INTEGER NOT NULL,
        name TEXT NOT NULL,
        figure TEXT,
        value INTEGER,
        status TEXT NOT NULL,
        scored_by INTEGER,
        PRIMARY KEY (game_id, building))""",
    """CREATE TABLE IF NOT EXISTS board_stones (
        game_id TEXT NOT NULL,
        building TEXT NOT NULL,
        row INTEGER NOT NULL,
        col INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        colour TEXT NOT NULL,
        PRIMARY KEY (game_id, building, row, col))""",
    """CREATE TABLE IF NOT EXISTS scores (
        game_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        colour TEXT NOT NULL,
        points INTEGER NOT NULL,
        money INTEGER NOT NULL,
        value_discs TEXT NOT NULL,
        rank INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat))""",
    """CREATE TABLE IF NOT EXISTS leaderboard (
        name TEXT PRIMARY KEY,
        played INTEGER NOT NULL,
        won INTEGER NOT NULL,
        points INTEGER NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS leaderboard_ranking ON leaderboard (won DESC, points DESC, name)",
    """CREATE TABLE IF NOT EXISTS projection_tracking (
        name TEXT PRIMARY KEY,
        position BIGINT NOT NULL)""",
    # The row exists before any batch runs, so the first batches of two processes lock the same
    # row instead of both finding none.
    """INSERT INTO projection_tracking (name, position) VALUES (?, 0)
        ON CONFLICT (name) DO NOTHING""",
)


class GameReadModels(NamedTuple):
    """Everything one game contributes to the per-game tables."""

    board: Board
    scores: Scores
    summary: GameSummary


#: The tables holding several rows per game, and how many leading columns make a row's key.
PER_GAME_KEYS: dict[str, int] = {"board_buildings": 2, "board_stones": 4, "scores": 2}


class GameRows(NamedTuple):
    """A game's rows as written, per table, so the next write can touch only what changed."""

    game_id: str
    tables: dict[str, frozenset[Row]]
    summary: Row


def create_tables(database: Database) -> None:
    """Create every table that is missing; safe to run from several processes at once."""
    with database.schema_change() as tx:
        for statement in _CREATE:
            tx.execute(statement, (TRACKING_NAME,) if "?" in statement else ())


# -- the tracked position --------------------------------------------------------------------


def read_position(tx: Transaction) -> int:
    rows = tx.query("SELECT position FROM projection_tracking WHERE name = ?", (TRACKING_NAME,))
    return int(rows[0][0])


def lock_position(tx: Transaction) -> int:
    """The position, with the tracking row locked until the transaction ends: a second writer
    waits here and then reads the position the first one committed."""
    rows = tx.query(
        "SELECT position FROM projection_tracking WHERE name = ?" + tx.for_update,
        (TRACKING_NAME,),
    )
    return int(rows[0][0])


def set_position(tx: Transaction, position: int) -> None:
    tx.execute(
        "UPDATE projection_tracking SET position = ? WHERE name = ?", (position, TRACKING_NAME)
    )


def wipe(tx: Transaction) -> None:
    """Empty every read model and start the position over (the tracking row stays, locked)."""
    for table in READ_MODEL_TABLES:
        tx.execute(f"DELETE FROM {table}")
    set_position(tx, 0)


# -- writing ---------------------------------------------------------------------------------


def _json(value: object) -> str:
    return msgspec.json.encode(value).decode()


def game_rows(models: GameReadModels) -> GameRows:
    return GameRows(
        game_id=str(models.summary.game_id),
        tables={
            "board_buildings": frozenset(_buildings(models)),
            "board_stones": frozenset(_stones(models)),
            "scores": frozenset(_scores(models)),
        },
        summary=_game_row(models.summary),
    )


def write_games(tx: Transaction, updates: Sequence[tuple[GameRows | None, GameRows]]) -> None:
    """Bring each game's rows from what was written before to the new rows.

    When the rows written before are not known (None), the game's rows are all replaced; when they
    are, only rows that differ are deleted and inserted, which keeps the usual batch, a command's
    few events, to a few small statements. The number of statements does not grow with the number
    of games."""
    unknown = [(new.game_id,) for old, new in updates if old is None]
    for table, key_width in PER_GAME_KEYS.items():
        tx.executemany(f"DELETE FROM {table} WHERE game_id = ?", unknown)
        gone: list[Row] = []
        added: list[Row] = []
        for old, new in updates:
            before = old.tables[table] if old is not None else frozenset()
            after = new.tables[table]
            gone.extend(row[:key_width] for row in before - after)
            added.extend(after - before)
        key = " AND ".join(f"{column} = ?" for column in COLUMNS[table][:key_width])
        tx.executemany(f"DELETE FROM {table} WHERE {key}", gone)
        tx.executemany(_insert(table), added)
    tx.executemany(_UPSERT_GAME, [new.summary for _old, new in updates])


def _insert(table: str) -> str:
    columns = COLUMNS[table]
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})"


# Enums are written as their values explicitly: a driver may otherwise pick an enum's name.


def _buildings(game: GameReadModels) -> list[Row]:
    game_id = str(game.board.game_id)
    return [
        (
            game_id,
            b.building,
            ordinal,
            b.name,
            None if b.figure is None else b.figure.value,
            b.value,
            b.status.value,
            b.scored_by,
        )
        for ordinal, b in enumerate(game.board.buildings)
    ]


def _stones(game: GameReadModels) -> list[Row]:
    game_id = str(game.board.game_id)
    return [(game_id, s.building, s.row, s.col, s.seat, s.colour.value) for s in game.board.stones]


def _scores(game: GameReadModels) -> list[Row]:
    game_id = str(game.scores.game_id)
    return [
        (game_id, p.seat, p.name, p.colour.value, p.points, p.money, _json(p.value_discs), p.rank)
        for p in game.scores.players
    ]


# created_at is kept from the insert: a later batch may no longer know when the game began.
_UPSERT_GAME = (
    _insert("games")
    + """
    ON CONFLICT (game_id) DO UPDATE SET
        status = excluded.status,
        max_players = excluded.max_players,
        players = excluded.players,
        pass_number = excluded.pass_number,
        version = excluded.version,
        end_reason = excluded.end_reason,
        winners = excluded.winners,
        updated_at = excluded.updated_at"""
)


def _game_row(summary: GameSummary) -> Row:
    return (
        str(summary.game_id),
        summary.status.value,
        summary.max_players,
        _json(summary.players),
        summary.pass_number,
        summary.version,
        None if summary.end_reason is None else summary.end_reason.value,
        _json(summary.winners),
        summary.created_at,
        summary.updated_at,
    )


def add_to_leaderboard(tx: Transaction, rows: Sequence[LeaderboardRow]) -> None:
    tx.executemany(
        _insert("leaderboard")
        + """
        ON CONFLICT (name) DO UPDATE SET
            played = leaderboard.played + excluded.played,
            won = leaderboard.won + excluded.won,
            points = leaderboard.points + excluded.points""",
        [(row.name, row.played, row.won, row.points) for row in rows],
    )


# -- reading ---------------------------------------------------------------------------------


def _game_exists(tx: Transaction, game_id: UUID) -> bool:
    return bool(tx.query("SELECT 1 FROM games WHERE game_id = ?", (str(game_id),)))


def load_board(tx: Transaction, game_id: UUID) -> Board | None:
    if not _game_exists(tx, game_id):
        return None
    buildings = tx.query(
        "SELECT building, name, figure, value, status, scored_by FROM board_buildings"
        " WHERE game_id = ? ORDER BY ordinal",
        (str(game_id),),
    )
    ordinals = {row[0]: ordinal for ordinal, row in enumerate(buildings)}
    stones = tx.query(
        "SELECT building, row, col, seat, colour FROM board_stones WHERE game_id = ?",
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


def load_scores(tx: Transaction, game_id: UUID) -> Scores | None:
    if not _game_exists(tx, game_id):
        return None
    rows = tx.query(
        "SELECT seat, name, colour, points, money, value_discs, rank FROM scores"
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


def load_games(tx: Transaction, *, status: str | None, limit: int, offset: int) -> GamesPage:
    """Newest first; games created at the same time come in game id order, so pages are stable."""
    where, params = ("WHERE status = ?", (str(status),)) if status is not None else ("", ())
    columns = ", ".join(COLUMNS["games"])
    rows = tx.query(
        f"SELECT {columns} FROM games {where} ORDER BY created_at DESC, game_id LIMIT ? OFFSET ?",
        (*params, limit, offset),
    )
    total = tx.query(f"SELECT COUNT(*) FROM games {where}", params)[0][0]
    return GamesPage(items=tuple(_summary(row) for row in rows), total=int(total))


def load_game(tx: Transaction, game_id: UUID) -> GameSummary | None:
    columns = ", ".join(COLUMNS["games"])
    rows = tx.query(f"SELECT {columns} FROM games WHERE game_id = ?", (str(game_id),))
    return _summary(rows[0]) if rows else None


def _summary(row: Row) -> GameSummary:
    game_id, status, max_players, players, pass_number, version, end_reason, winners = row[:8]
    created_at, updated_at = row[8:]
    return GameSummary(
        game_id=UUID(game_id),
        status=Status(status),
        max_players=max_players,
        players=msgspec.json.decode(players, type=tuple[str, ...]),
        pass_number=pass_number,
        version=version,
        end_reason=None if end_reason is None else EndReason(end_reason),
        winners=msgspec.json.decode(winners, type=tuple[int, ...]),
        created_at=created_at,
        updated_at=updated_at,
    )


def load_leaderboard(tx: Transaction, *, limit: int, offset: int) -> list[LeaderboardRow]:
    rows = tx.query(
        "SELECT name, played, won, points FROM leaderboard"
        " ORDER BY won DESC, points DESC, name LIMIT ? OFFSET ?",
        (limit, offset),
    )
    return [LeaderboardRow(name=name, played=p, won=w, points=pts) for name, p, w, pts in rows]


def dump(tx: Transaction) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in a fixed order, for comparing two databases' contents."""
    return {
        table: [
            tuple(row)
            for row in tx.query(
                f"SELECT * FROM {table} ORDER BY {', '.join(str(i + 1) for i in range(len(cols)))}"
            )
        ]
        for table, cols in COLUMNS.items()
    }
