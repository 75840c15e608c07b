"""The read models' schema version: a database whose tables are older than the code (or carry no
version, as every database of the first layout) has them all dropped, made anew and filled from
the log when projections open it, in one transaction, however many open it at once; a database
of the current version is opened as it is."""

from __future__ import annotations

import dataclasses
import sqlite3
import threading
from functools import cache

import psycopg
import pytest
from projections.dodgecity import READ_MODELS
from projections.feed import Notification
from projections.plugin import installed_read_models
from projections.projector import Projections
from projections.sql import Database
from projections.store import KERNEL_SCHEMA, SCHEMA_VERSION

from tests.projections.databases import OpenDatabase
from tests.projections.memory_feed import RULESETS, MemoryFeed, random_log
from tests.projections.test_projector import assert_tables_match_fold

#: The read-model tables as the first layout made them (November 2026), without a version.
FIRST_LAYOUT = (
    """CREATE TABLE games (
        game_id TEXT PRIMARY KEY, status TEXT NOT NULL, max_players INTEGER NOT NULL,
        players TEXT NOT NULL, pass_number INTEGER NOT NULL, version INTEGER NOT NULL,
        end_reason TEXT, winners TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)""",
    "CREATE INDEX games_newest ON games (created_at DESC, game_id)",
    "CREATE INDEX games_by_status ON games (status, created_at DESC, game_id)",
    """CREATE TABLE board_buildings (
        game_id TEXT NOT NULL, building TEXT NOT NULL, ordinal INTEGER NOT NULL, name TEXT NOT NULL,
        figure TEXT, value INTEGER, status TEXT NOT NULL, scored_by INTEGER,
        PRIMARY KEY (game_id, building))""",
    """CREATE TABLE board_stones (
        game_id TEXT NOT NULL, building TEXT NOT NULL, row INTEGER NOT NULL, col INTEGER NOT NULL,
        seat INTEGER NOT NULL, colour TEXT NOT NULL, PRIMARY KEY (game_id, building, row, col))""",
    """CREATE TABLE scores (
        game_id TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, colour TEXT NOT NULL,
        points INTEGER NOT NULL, money INTEGER NOT NULL, value_discs TEXT NOT NULL,
        rank INTEGER NOT NULL, PRIMARY KEY (game_id, seat))""",
    "CREATE TABLE leaderboard (name TEXT PRIMARY KEY, played INTEGER NOT NULL, won INTEGER NOT NULL, points INTEGER NOT NULL)",
    "CREATE INDEX leaderboard_ranking ON leaderboard (won DESC, points DESC, name)",
    "CREATE TABLE projection_tracking (name TEXT PRIMARY KEY, position BIGINT NOT NULL)",
)
FIRST_LAYOUT_TABLES = ("board_buildings", "board_stones", "scores")
MissingTable = (sqlite3.OperationalError, psycopg.errors.UndefinedTable)


@cache
def six_games() -> tuple[Notification, ...]:
    return tuple(random_log(6, seed="schema", toy_every=3))


def first_layout(database: Database, projected_up_to: int) -> None:
    """The tables of the first layout, with rows that no game of the log would make."""
    with database.schema_change() as tx:
        for statement in FIRST_LAYOUT:
            tx.execute(statement)
        tx.execute("INSERT INTO projection_tracking (name, position) VALUES ('read_models', ?)", (projected_up_to,))
        tx.execute("INSERT INTO games VALUES ('gone', 'ended', 2, '[]', 1, 9, NULL, '[]', 'then', 'then')")
        tx.execute("INSERT INTO board_stones VALUES ('gone', 'saloon', 0, 0, 1, 'red')")
        tx.execute("INSERT INTO leaderboard VALUES ('ghost', 3, 3, 30)")


def reference(open_database: OpenDatabase, feed: MemoryFeed) -> Projections:
    projections = Projections(open_database("reference"), feed, registry=RULESETS)
    projections.catch_up()
    return projections


def test_given_a_database_of_the_first_layout_when_projections_open_it_then_its_tables_are_made_anew_from_the_log(
    open_database: OpenDatabase,
) -> None:
    feed = MemoryFeed(six_games())
    first_layout(open_database("old"), feed.log[-1].position)

    projections = Projections(open_database("old"), feed, registry=RULESETS)

    assert projections.position() == feed.log[-1].position  # projected on opening, not later
    assert projections.catch_up() == 0
    assert projections.dump() == reference(open_database, feed).dump()
    assert_tables_match_fold(projections, feed)
    schema = dict(projections.dump()["read_model_schema"])
    assert schema == {KERNEL_SCHEMA: SCHEMA_VERSION, **{own.ruleset: own.version for own in installed_read_models()}}
    for table in FIRST_LAYOUT_TABLES:
        with pytest.raises(MissingTable), open_database("old").read() as tx:
            tx.query(f"SELECT * FROM {table}")


def test_given_a_database_of_the_first_layout_that_projected_nothing_when_opened_then_catching_up_fills_the_new_tables(
    open_database: OpenDatabase,
) -> None:
    feed = MemoryFeed(six_games())
    first_layout(open_database("old"), 0)

    projections = Projections(open_database("old"), feed, registry=RULESETS)

    assert projections.position() == 0
    assert projections.catch_up() == len(feed.log)
    assert projections.dump() == reference(open_database, feed).dump()


def test_given_two_projectors_opening_a_database_of_the_first_layout_at_once_then_one_rebuilds_and_both_read_it(
    open_database: OpenDatabase,
) -> None:
    feed = MemoryFeed(six_games())
    first_layout(open_database("old"), feed.log[-1].position)
    opened: list[Projections] = []
    errors: list[BaseException] = []
    ready = threading.Barrier(2)

    def open_it() -> None:
        try:
            ready.wait()
            opened.append(Projections(open_database("old"), feed, registry=RULESETS))
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=open_it) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    expected = reference(open_database, feed).dump()
    assert [projections.dump() for projections in opened] == [expected, expected]
    assert [projections.catch_up() for projections in opened] == [0, 0]


def test_given_a_database_of_the_current_version_when_opened_again_then_its_tables_are_left_as_they_are(
    open_database: OpenDatabase,
) -> None:
    feed = MemoryFeed(six_games())
    Projections(open_database("main"), feed, registry=RULESETS).catch_up()
    with open_database("main").write() as tx:  # what only a rebuild would repair
        tx.execute("UPDATE leaderboard SET won = won + 7")
    damaged = Projections(open_database("main"), feed, registry=RULESETS).dump()

    reopened = Projections(open_database("main"), feed, registry=RULESETS)

    assert reopened.dump() == damaged


def test_given_a_games_read_models_of_a_newer_version_when_opened_then_every_table_is_rebuilt(open_database: OpenDatabase) -> None:
    feed = MemoryFeed(six_games())
    Projections(open_database("main"), feed, registry=RULESETS).catch_up()
    with open_database("main").write() as tx:
        tx.execute("UPDATE leaderboard SET won = won + 7")
        tx.execute("DELETE FROM dodgecity_board_stones")
    newer = dataclasses.replace(READ_MODELS, version=READ_MODELS.version + 1)
    games = [newer if own.ruleset == newer.ruleset else own for own in installed_read_models()]

    reopened = Projections(open_database("main"), feed, registry=RULESETS, games=games)

    expected = reference(open_database, feed).dump()
    versions = {**dict(expected["read_model_schema"]), newer.ruleset: newer.version}
    assert reopened.dump() == {**expected, "read_model_schema": sorted(versions.items())}
    assert_tables_match_fold(reopened, feed)
