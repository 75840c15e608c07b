"""The read-model tables: the kernel's (the game list, the leaderboards of players and of teams)
and every game's own, the tracked log position, the schema version, writes and queries.

Every function works inside a transaction it is given, so the caller decides what commits
together: a batch's rows and its new position always do. Game ids are stored as text and tuples as
JSON text, which reads back the same on SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple
from uuid import UUID

import msgspec

from domain.ruleset import GameStatus
from projections.plugin import ReadModels, Table
from projections.read_models import GamesPage, GameSummary, LeaderboardRow, TeamRow
from projections.sql import Row, Transaction

#: The tracking row of these read models; one row, so every batch locks the same row.
TRACKING_NAME = "read_models"

#: The schema row of the kernel's own tables; each game's row is named after its ruleset.
KERNEL_SCHEMA = "kernel"
#: The version of the kernel's tables. The first had none stored: a game list without rulesets,
#: and one game's tables beside it. 2: rulesets, and each game's tables named after its ruleset.
#: 3: the leaderboard of teams. 4: each game's seed commitment, whether its seed was chosen, and
#: the seed once the game has ended. 5: whether each game was imported, the leaderboards' lines
#: kept apart by it, and names shown escaped (``domain.names.shown_name``).
SCHEMA_VERSION = 5

#: The kernel's read-model tables and their columns, in the order they are created and dumped.
COLUMNS: dict[str, tuple[str, ...]] = {
    "games": (
        "game_id",
        "ruleset",
        "status",
        "max_players",
        "players",
        "pass_number",
        "version",
        "end_reason",
        "winners",
        "created_at",
        "updated_at",
        "seed_commitment",
        "seed_chosen",
        "seed",
        "imported",
    ),
    "leaderboard": ("ruleset", "name", "imported", "played", "won", "points"),
    "team_leaderboard": ("ruleset", "team", "imported", "played", "won"),
}
#: Where the projector keeps its position and the versions of the tables it wrote.
TRACKING_COLUMNS: dict[str, tuple[str, ...]] = {
    "projection_tracking": ("name", "position"),
    "read_model_schema": ("name", "version"),
}

_CREATE_TRACKING = (
    """CREATE TABLE IF NOT EXISTS projection_tracking (
        name TEXT PRIMARY KEY,
        position BIGINT NOT NULL)""",
    # The row exists before any batch runs, so the first batches of two processes lock the same
    # row instead of both finding none.
    """INSERT INTO projection_tracking (name, position) VALUES (?, 0)
        ON CONFLICT (name) DO NOTHING""",
    """CREATE TABLE IF NOT EXISTS read_model_schema (
        name TEXT PRIMARY KEY,
        version INTEGER NOT NULL)""",
)

_CREATE_KERNEL = (
    """CREATE TABLE IF NOT EXISTS games (
        game_id TEXT PRIMARY KEY,
        ruleset TEXT NOT NULL,
        status TEXT NOT NULL,
        max_players INTEGER NOT NULL,
        players TEXT NOT NULL,
        pass_number INTEGER NOT NULL,
        version INTEGER NOT NULL,
        end_reason TEXT,
        winners TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        seed_commitment TEXT,
        seed_chosen INTEGER,
        seed TEXT,
        imported INTEGER NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS games_newest ON games (created_at DESC, game_id)",
    "CREATE INDEX IF NOT EXISTS games_by_status ON games (status, created_at DESC, game_id)",
    """CREATE INDEX IF NOT EXISTS games_by_ruleset
        ON games (ruleset, status, created_at DESC, game_id)""",
    # A name's games played here and its imported games are lines of their own (``imported`` 0
    # or 1), added up on reading when imported games are asked for.
    """CREATE TABLE IF NOT EXISTS leaderboard (
        ruleset TEXT NOT NULL,
        name TEXT NOT NULL,
        imported INTEGER NOT NULL,
        played INTEGER NOT NULL,
        won INTEGER NOT NULL,
        points INTEGER NOT NULL,
        PRIMARY KEY (ruleset, name, imported))""",
    """CREATE TABLE IF NOT EXISTS team_leaderboard (
        ruleset TEXT NOT NULL,
        team TEXT NOT NULL,
        imported INTEGER NOT NULL,
        played INTEGER NOT NULL,
        won INTEGER NOT NULL,
        PRIMARY KEY (ruleset, team, imported))""",
)


class GameRows(NamedTuple):
    """A game's rows as written, per table of its own, so the next write can touch only what
    changed; and its line of the game list."""

    game_id: str
    tables: dict[str, frozenset[Row]]
    summary: Row


# -- the schema ------------------------------------------------------------------------------


def create_tracking(tx: Transaction) -> None:
    """The tracking row and the schema versions' table, if missing."""
    for statement in _CREATE_TRACKING:
        tx.execute(statement, (TRACKING_NAME,) if "?" in statement else ())


def schema_versions(tx: Transaction) -> dict[str, int]:
    """The version each set of tables was written with (none before versions were stored)."""
    return {name: int(version) for name, version in tx.query("SELECT * FROM read_model_schema")}


def wanted_versions(games: Iterable[ReadModels]) -> dict[str, int]:
    return {KERNEL_SCHEMA: SCHEMA_VERSION, **{game.ruleset: game.version for game in games}}


def outdated(stored: Mapping[str, int], wanted: Mapping[str, int]) -> bool:
    """Whether some tables are missing or older than this code writes them."""
    return any(stored.get(name, 0) < version for name, version in wanted.items())


def drop_tables(tx: Transaction, games: Iterable[ReadModels]) -> None:
    """Drop every read-model table known, the ones earlier versions wrote included."""
    for game in games:
        for name in (*(table.name for table in game.tables()), *game.retired_tables):
            tx.execute(f"DROP TABLE IF EXISTS {name}")
    for name in COLUMNS:
        tx.execute(f"DROP TABLE IF EXISTS {name}")


def create_tables(tx: Transaction, games: Iterable[ReadModels]) -> None:
    """Create every read-model table that is missing."""
    for statement in _CREATE_KERNEL:
        tx.execute(statement)
    for game in games:
        for table in game.tables():
            for statement in table.create:
                tx.execute(statement)


def set_versions(tx: Transaction, versions: Mapping[str, int]) -> None:
    tx.executemany(
        """INSERT INTO read_model_schema (name, version) VALUES (?, ?)
            ON CONFLICT (name) DO UPDATE SET version = excluded.version""",
        list(versions.items()),
    )


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


def wipe(tx: Transaction, games: Iterable[ReadModels]) -> None:
    """Empty every read model and start the position over (the tracking row stays, locked)."""
    for name in (*COLUMNS, *(table.name for game in games for table in game.tables())):
        tx.execute(f"DELETE FROM {name}")
    set_position(tx, 0)


# -- writing ---------------------------------------------------------------------------------


def _json(value: object) -> str:
    return msgspec.json.encode(value).decode()


def write_games(
    tx: Transaction,
    updates: Sequence[tuple[GameRows | None, GameRows]],
    tables: Mapping[str, Table],
) -> None:
    """Bring each game's rows from what was written before to the new rows.

    When the rows written before are not known (None), the game's rows are all replaced; when they
    are, only rows that differ are deleted and inserted, which keeps the usual batch, a command's
    few events, to a few small statements. The number of statements does not grow with the number
    of games."""
    for name, table in tables.items():
        mine = [(old, new) for old, new in updates if name in new.tables]
        if not mine:
            continue
        tx.executemany(
            f"DELETE FROM {name} WHERE game_id = ?",
            [(new.game_id,) for old, new in mine if not old],
        )
        gone: list[Row] = []
        added: list[Row] = []
        for old, new in mine:
            before = old.tables[name] if old is not None else frozenset()
            after = new.tables[name]
            gone.extend(row[: table.key_width] for row in before - after)
            added.extend(after - before)
        key = " AND ".join(f"{column} = ?" for column in table.columns[: table.key_width])
        tx.executemany(f"DELETE FROM {name} WHERE {key}", gone)
        tx.executemany(_insert(name, table.columns), added)
    tx.executemany(_UPSERT_GAME, [new.summary for _old, new in updates])


def _insert(table: str, columns: Sequence[str]) -> str:
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})"


# created_at, what was published about the seed and whether the game was imported are kept from
# the insert: a later batch may no longer know the game's first event.
_UPSERT_GAME = (
    _insert("games", COLUMNS["games"])
    + """
    ON CONFLICT (game_id) DO UPDATE SET
        ruleset = excluded.ruleset,
        status = excluded.status,
        max_players = excluded.max_players,
        players = excluded.players,
        pass_number = excluded.pass_number,
        version = excluded.version,
        end_reason = excluded.end_reason,
        winners = excluded.winners,
        updated_at = excluded.updated_at,
        seed = excluded.seed"""
)


def game_row(summary: GameSummary) -> Row:
    # Enums are written as their values explicitly: a driver may otherwise pick an enum's name.
    return (
        str(summary.game_id),
        summary.ruleset,
        summary.status.value,
        summary.max_players,
        _json(summary.players),
        summary.pass_number,
        summary.version,
        summary.end_reason,
        _json(summary.winners),
        summary.created_at,
        summary.updated_at,
        summary.seed_commitment,
        None if summary.seed_chosen is None else int(summary.seed_chosen),
        summary.seed,
        int(summary.imported),
    )


def add_to_leaderboard(tx: Transaction, rows: Sequence[tuple[str, bool, LeaderboardRow]]) -> None:
    """Add each ``(ruleset, imported, row)`` to that ruleset's line of the row's name, for
    imported games or for games played here."""
    tx.executemany(
        _insert("leaderboard", COLUMNS["leaderboard"])
        + """
        ON CONFLICT (ruleset, name, imported) DO UPDATE SET
            played = leaderboard.played + excluded.played,
            won = leaderboard.won + excluded.won,
            points = leaderboard.points + excluded.points""",
        [
            (ruleset, row.name, int(imported), row.played, row.won, row.points)
            for ruleset, imported, row in rows
        ],
    )


def add_to_team_leaderboard(tx: Transaction, rows: Sequence[tuple[bool, TeamRow]]) -> None:
    """Add each ``(imported, row)`` to its ruleset's line of its team, for imported games or for
    games played here."""
    tx.executemany(
        _insert("team_leaderboard", COLUMNS["team_leaderboard"])
        + """
        ON CONFLICT (ruleset, team, imported) DO UPDATE SET
            played = team_leaderboard.played + excluded.played,
            won = team_leaderboard.won + excluded.won""",
        [(row.ruleset, row.team, int(imported), row.played, row.won) for imported, row in rows],
    )


# -- reading ---------------------------------------------------------------------------------


def ruleset_of(tx: Transaction, game_id: UUID) -> str | None:
    """The ruleset of a game the read models know, else None."""
    rows = tx.query("SELECT ruleset FROM games WHERE game_id = ?", (str(game_id),))
    return str(rows[0][0]) if rows else None


class Opening(NamedTuple):
    """What a game's first event told, as its line of the game list keeps it."""

    ruleset: str
    seats: int
    imported: bool


def openings(tx: Transaction, game_ids: Sequence[UUID]) -> dict[UUID, Opening]:
    """The ruleset, seats and import mark of each of ``game_ids`` the game list holds."""
    found: dict[UUID, Opening] = {}
    for start in range(0, len(game_ids), _IDS_PER_QUERY):
        chunk = [str(game_id) for game_id in game_ids[start : start + _IDS_PER_QUERY]]
        rows = tx.query(
            "SELECT game_id, ruleset, max_players, imported FROM games"
            f" WHERE game_id IN ({', '.join('?' for _ in chunk)})",
            chunk,
        )
        found.update(
            {
                UUID(game_id): Opening(ruleset, int(seats), bool(imported))
                for game_id, ruleset, seats, imported in rows
            }
        )
    return found


#: Ids in one ``IN`` list, far below any backend's limit on parameters.
_IDS_PER_QUERY = 500


def load_games(
    tx: Transaction, *, status: str | None, ruleset: str | None, limit: int, offset: int
) -> GamesPage:
    """Newest first; games created at the same time come in game id order, so pages are stable."""
    wanted = {
        column: str(value)
        for column, value in (("status", status), ("ruleset", ruleset))
        if value is not None
    }
    where = "WHERE " + " AND ".join(f"{column} = ?" for column in wanted) if wanted else ""
    params = tuple(wanted.values())
    columns = ", ".join(COLUMNS["games"])
    rows = tx.query(
        f"SELECT {columns} FROM games {where} ORDER BY created_at DESC, game_id LIMIT ? OFFSET ?",
        (*params, limit, offset),
    )
    total = tx.query(f"SELECT COUNT(*) FROM games {where}", params)[0][0]
    return GamesPage(items=tuple(_summary(row) for row in rows), total=int(total))


def count_running(tx: Transaction) -> dict[str, int]:
    """The games started and not ended, by ruleset (rulesets with none are left out)."""
    rows = tx.query(
        "SELECT ruleset, COUNT(*) FROM games WHERE status = ? GROUP BY ruleset",
        (GameStatus.RUNNING.value,),
    )
    return {str(ruleset): int(count) for ruleset, count in rows}


def load_game(tx: Transaction, game_id: UUID) -> GameSummary | None:
    columns = ", ".join(COLUMNS["games"])
    rows = tx.query(f"SELECT {columns} FROM games WHERE game_id = ?", (str(game_id),))
    return _summary(rows[0]) if rows else None


def _summary(row: Row) -> GameSummary:
    game_id, ruleset, status, max_players, players, pass_number, version = row[:7]
    end_reason, winners, created_at, updated_at, commitment, chosen, seed, imported = row[7:]
    return GameSummary(
        game_id=UUID(game_id),
        ruleset=ruleset,
        status=GameStatus(status),
        max_players=max_players,
        players=msgspec.json.decode(players, type=tuple[str, ...]),
        pass_number=pass_number,
        version=version,
        end_reason=end_reason,
        winners=msgspec.json.decode(winners, type=tuple[int, ...]),
        created_at=created_at,
        updated_at=updated_at,
        seed_commitment=commitment,
        seed_chosen=None if chosen is None else bool(chosen),
        seed=seed,
        imported=bool(imported),
    )


def _counted(ruleset: str | None, imported: bool) -> tuple[str, tuple[str, ...]]:
    """The ``WHERE`` clause of the leaderboards' lines counted: of ``ruleset`` (every one when
    None), and of games played here unless ``imported`` asks for imported games too."""
    wanted = [("ruleset = ?", ruleset)] if ruleset is not None else []
    clauses = [clause for clause, _ in wanted] + ([] if imported else ["imported = 0"])
    where = "WHERE " + " AND ".join(clauses) if clauses else ""
    return where, tuple(str(value) for _, value in wanted)


def load_leaderboard(
    tx: Transaction, *, ruleset: str | None, imported: bool, limit: int, offset: int
) -> list[LeaderboardRow]:
    """One line per name: its games of ``ruleset``, or of every ruleset added up when None; its
    games played here, and its imported games too when ``imported``."""
    where, params = _counted(ruleset, imported)
    rows = tx.query(
        "SELECT name, SUM(played), SUM(won), SUM(points) FROM leaderboard"
        f" {where} GROUP BY name ORDER BY SUM(won) DESC, SUM(points) DESC, name LIMIT ? OFFSET ?",
        (*params, limit, offset),
    )
    return [
        LeaderboardRow(name=name, played=int(p), won=int(w), points=int(pts))
        for name, p, w, pts in rows
    ]


def load_team_leaderboard(
    tx: Transaction, *, ruleset: str | None, imported: bool, limit: int, offset: int
) -> list[TeamRow]:
    """One line per ruleset and team: by games won, then fewer games played (the better record at
    equal wins), then ruleset and team, so pages are stable. Teams of different rulesets are
    never added up: a name means a side only within its own game. Games played here, and
    imported games too when ``imported``."""
    where, params = _counted(ruleset, imported)
    rows = tx.query(
        f"SELECT ruleset, team, SUM(played), SUM(won) FROM team_leaderboard {where}"
        " GROUP BY ruleset, team"
        " ORDER BY SUM(won) DESC, SUM(played), ruleset, team LIMIT ? OFFSET ?",
        (*params, limit, offset),
    )
    return [
        TeamRow(ruleset=str(name), team=str(team), played=int(played), won=int(won))
        for name, team, played, won in rows
    ]


def dump(tx: Transaction, games: Iterable[ReadModels]) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in a fixed order, for comparing two databases' contents."""
    tables = {
        **COLUMNS,
        **{table.name: table.columns for game in games for table in game.tables()},
        **TRACKING_COLUMNS,
    }
    return {
        table: [
            tuple(row)
            for row in tx.query(
                f"SELECT * FROM {table} ORDER BY {', '.join(str(i + 1) for i in range(len(cols)))}"
            )
        ]
        for table, cols in tables.items()
    }
