"""The projector keeps every read model equal to a fold of the log: incrementally or rebuilt, across
restarts, failures and concurrent projectors, each event counted exactly once."""

from __future__ import annotations

import threading
from collections import Counter
from functools import cache
from typing import Any
from uuid import UUID

import pytest
from projections.feed import Notification
from projections.projector import Projections
from projections.sql import Database, SQLiteDatabase

from tests.projections.databases import OpenDatabase
from tests.projections.memory_feed import (
    MemoryFeed,
    expected_board,
    expected_leaderboard,
    expected_scores,
    expected_summary,
    expected_team_leaderboard,
    random_log,
)

Dump = dict[str, list[tuple[Any, ...]]]


@cache
def twelve_games() -> tuple[Notification, ...]:
    return tuple(random_log(12, seed="projections"))


@cache
def five_games() -> tuple[Notification, ...]:
    return tuple(random_log(5, seed="concurrent"))


def assert_tables_match_fold(projections: Projections, feed: MemoryFeed) -> None:
    for game_id in feed.game_ids():
        assert projections.board(game_id) == expected_board(feed, game_id)
        assert projections.scores(game_id) == expected_scores(feed, game_id)
    summaries = sorted((expected_summary(feed, g) for g in feed.game_ids()), key=lambda s: str(s.game_id))
    newest_first = sorted(summaries, key=lambda s: s.created_at, reverse=True)
    page = projections.games(limit=100)
    assert page.total == len(summaries)
    assert list(page.items) == newest_first
    assert projections.leaderboard(limit=100) == expected_leaderboard(feed)
    assert projections.team_leaderboard(limit=100) == expected_team_leaderboard(feed)
    assert projections.position() == feed.log[-1].position


def single_run_dump(database: Database, log: tuple[Notification, ...]) -> Dump:
    projections = Projections(database, MemoryFeed(log))
    projections.catch_up()
    return projections.dump()


class FlakyFeed:
    """The feed, counting the calls of each method; with ``fail_on=(method, n)`` the n-th call of
    that method raises, once."""

    def __init__(self, feed: MemoryFeed, *, fail_on: tuple[str, int] | None = None) -> None:
        self._feed = feed
        self._fail_on = fail_on
        self.calls: Counter[str] = Counter()

    def _call(self, method: str) -> None:
        self.calls[method] += 1
        if (method, self.calls[method]) == self._fail_on:
            raise ConnectionError(f"the event store went away during {method}")

    def notifications_after(self, position: int, limit: int) -> list[Notification]:
        self._call("notifications_after")
        return self._feed.notifications_after(position, limit)

    def state_at(self, game_id: UUID, version: int) -> Any:
        self._call("state_at")
        return self._feed.state_at(game_id, version)


def test_given_interleaved_games_when_catching_up_then_every_table_equals_the_fold_of_each_game(open_database: OpenDatabase) -> None:
    feed = MemoryFeed(twelve_games())
    projections = Projections(open_database("main"), feed, batch_size=500)

    projected = projections.catch_up()

    assert projected == len(feed.log)
    assert_tables_match_fold(projections, feed)
    statuses = {summary.status for summary in projections.games(limit=100).items}
    assert statuses == {"lobby", "running", "ended"}  # the corpus covers every kind of game
    assert projections.catch_up() == 0


def test_given_caught_up_when_nothing_new_is_stored_then_catching_up_asks_the_feed_once_and_nothing_else(
    open_database: OpenDatabase,
) -> None:
    feed = FlakyFeed(MemoryFeed(twelve_games()))
    projections = Projections(open_database("main"), feed)
    projections.catch_up()
    calls_before = feed.calls.copy()

    assert projections.catch_up() == 0

    assert feed.calls - calls_before == Counter({"notifications_after": 1})
    assert feed.calls["state_at"] == 0  # the cache held every game it needed


def test_given_events_arriving_in_chunks_when_rebuilding_then_the_tables_equal_the_incremental_ones(open_database: OpenDatabase) -> None:
    log = twelve_games()
    feed = MemoryFeed()
    projections = Projections(open_database("main"), feed, batch_size=128)
    for start in range(0, len(log), 700):
        feed.append(log[start : start + 700])
        projections.catch_up()
    incremental = projections.dump()
    database = open_database("main")
    with database.write() as tx:  # damage that only a rebuild from the log repairs
        tx.execute("UPDATE leaderboard SET won = won + 7")
        tx.execute("DELETE FROM dodgecity_board_stones")

    rebuilt = projections.rebuild()

    assert rebuilt == len(log)
    assert projections.dump() == incremental
    assert_tables_match_fold(projections, feed)


def test_given_half_the_log_projected_when_a_new_projector_resumes_on_the_same_database_then_nothing_is_counted_twice(
    open_database: OpenDatabase,
) -> None:
    log = twelve_games()
    half = len(log) // 2
    feed = MemoryFeed(log[:half])
    first = Projections(open_database("main"), feed, batch_size=256)
    assert first.catch_up() == half
    first.close()
    feed.append(log[half:])

    resumed = Projections(open_database("main"), feed, batch_size=256)
    projected = resumed.catch_up()

    assert projected == len(log) - half
    assert resumed.dump() == single_run_dump(open_database("reference"), log)
    assert_tables_match_fold(resumed, feed)


def test_given_the_feed_fails_inside_a_batch_when_catching_up_then_nothing_changes_and_the_next_catch_up_completes(
    open_database: OpenDatabase,
) -> None:
    log = twelve_games()
    half = len(log) // 2
    memory = MemoryFeed(log[:half])
    Projections(open_database("main"), memory).catch_up()
    memory.append(log[half:])
    before = Projections(open_database("main"), memory).dump()
    # A new projector knows no game's state yet: its first batch asks the feed for several.
    failing = FlakyFeed(memory, fail_on=("state_at", 3))
    projections = Projections(open_database("main"), failing, batch_size=400)

    with pytest.raises(ConnectionError):
        projections.catch_up()

    assert projections.dump() == before
    assert projections.catch_up() == len(log) - half
    assert_tables_match_fold(projections, memory)


def test_given_the_feed_fails_midway_through_a_rebuild_then_the_old_tables_stay(open_database: OpenDatabase) -> None:
    memory = MemoryFeed(twelve_games())
    Projections(open_database("main"), memory).catch_up()
    # The third page of the log fails, after two pages were written in the rebuild's transaction.
    failing = FlakyFeed(memory, fail_on=("notifications_after", 3))
    projections = Projections(open_database("main"), failing, batch_size=1000)
    before = projections.dump()

    with pytest.raises(ConnectionError):
        projections.rebuild()

    assert projections.dump() == before
    assert projections.rebuild() == len(memory.log)
    assert projections.dump() == before


def test_given_two_projectors_on_one_database_when_catching_up_at_once_then_each_event_is_projected_by_exactly_one(
    open_database: OpenDatabase,
) -> None:
    log = five_games()
    feed = MemoryFeed(log)
    projectors = [Projections(open_database("shared"), feed, batch_size=100) for _ in range(2)]
    projected = [0, 0]
    errors: list[BaseException] = []
    ready = threading.Barrier(len(projectors))

    def run(index: int) -> None:
        try:
            ready.wait()
            projected[index] = projectors[index].catch_up()
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(projectors))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    assert sum(projected) == len(log)
    assert projectors[0].dump() == projectors[1].dump() == single_run_dump(open_database("reference"), log)


def test_given_an_in_memory_sqlite_database_when_another_thread_projects_then_this_thread_reads_the_same_tables() -> None:
    feed = MemoryFeed(five_games())
    projections = Projections(SQLiteDatabase(":memory:"), feed, batch_size=300)
    worker = threading.Thread(target=projections.catch_up)

    worker.start()
    worker.join()

    assert_tables_match_fold(projections, feed)
    projections.close()
