"""The leaderboard of teams: every ended game of a game played in teams (BANG!, here played to its
end by random players) counts once for each team that had a seat in it, and as won for the team
whose seats won; games whose seats have no team (Dodge City, toy poker) add nothing. The expected
rows are counted from each game's own outcome (``expected_team_leaderboard``)."""

from __future__ import annotations

from functools import cache
from uuid import UUID

from projections.feed import Notification
from projections.projector import Projections
from projections.store import KERNEL_SCHEMA, SCHEMA_VERSION

from tests.projections.databases import OpenDatabase
from tests.projections.memory_feed import (
    RULESETS,
    MemoryFeed,
    expected_team_leaderboard,
    interleave,
    notifications,
    play,
    play_bang,
    play_toy,
)
from tests.projections.test_projector import assert_tables_match_fold

#: Seats of each BANG! game played: the smallest game (each seat its own team), and larger ones.
BANG_SEATS = (4, 5, 3, 7, 4, 6)


@cache
def games_with_and_without_teams() -> tuple[Notification, ...]:
    """BANG! games of every size interleaved with an ended game of Dodge City and of toy poker."""
    played = [play_bang(UUID(int=0xB0 + index), players=seats, seed=f"teams-{index}") for index, seats in enumerate(BANG_SEATS)]
    played.append(play(UUID(int=0xC0), names=["ann", "bob"], seed="teams-city"))
    played.append(play_toy(UUID(int=0xD0), names=["ann", "cy"], seed="teams-toy"))
    return tuple(notifications(interleave(played, "teams")))


def projected(open_database: OpenDatabase, *, batch_size: int = 1000) -> tuple[Projections, MemoryFeed]:
    feed = MemoryFeed(games_with_and_without_teams())
    projections = Projections(open_database("main"), feed, registry=RULESETS, batch_size=batch_size)
    projections.catch_up()
    return projections, feed


def test_given_ended_games_with_and_without_teams_when_caught_up_then_each_team_counts_the_games_it_played_and_won(
    open_database: OpenDatabase,
) -> None:
    projections, feed = projected(open_database)

    everything = projections.team_leaderboard(limit=100)
    bang = projections.team_leaderboard(ruleset="bang", limit=100)

    assert everything == expected_team_leaderboard(feed)
    assert bang == expected_team_leaderboard(feed, "bang") == everything
    assert projections.team_leaderboard(ruleset="dodgecity") == []
    assert projections.team_leaderboard(ruleset="toy") == []
    # A team with several seats counts a game once, not once per seat; exactly one team wins each
    # game. With four seats or more every game has the law, the outlaws and a renegade; with three
    # each seat is a team named after its role: the renegade, the deputy and the outlaw.
    larger = sum(1 for seats in BANG_SEATS if seats >= 4)
    smallest = len(BANG_SEATS) - larger
    assert {row.team: row.played for row in bang} == {
        "law": larger,
        "outlaws": larger,
        "renegade": len(BANG_SEATS),
        "deputy": smallest,
        "outlaw": smallest,
    }
    assert sum(row.won for row in bang) == len(BANG_SEATS)
    assert_tables_match_fold(projections, feed)


def test_given_the_team_leaderboard_when_read_in_pages_then_the_pages_are_slices_of_the_whole(open_database: OpenDatabase) -> None:
    projections, _feed = projected(open_database)
    whole = projections.team_leaderboard(limit=100)

    pages = [projections.team_leaderboard(limit=2, offset=offset) for offset in range(0, len(whole) + 2, 2)]

    assert [row for page in pages for row in page] == whole
    assert pages[-1] == []
    assert len(whole) > 2


def test_given_games_ending_in_different_batches_when_rebuilt_then_the_team_rows_are_those_projected_batch_by_batch(
    open_database: OpenDatabase,
) -> None:
    projections, feed = projected(open_database, batch_size=37)
    incremental = projections.dump()

    assert projections.rebuild() == len(feed.log)

    assert projections.dump() == incremental
    assert projections.team_leaderboard(limit=100) == expected_team_leaderboard(feed)


def test_given_a_database_of_the_version_before_teams_when_opened_then_it_is_rebuilt_with_the_team_rows(
    open_database: OpenDatabase,
) -> None:
    feed = MemoryFeed(games_with_and_without_teams())
    Projections(open_database("old"), feed, registry=RULESETS).catch_up()
    with open_database("old").write() as tx:  # as the code before the teams left it
        tx.execute("DROP TABLE team_leaderboard")
        tx.execute("UPDATE read_model_schema SET version = 2 WHERE name = ?", (KERNEL_SCHEMA,))
        tx.execute("UPDATE leaderboard SET won = won + 7")  # what only a rebuild repairs

    reopened = Projections(open_database("old"), feed, registry=RULESETS)

    assert reopened.catch_up() == 0  # projected on opening
    assert reopened.team_leaderboard(limit=100) == expected_team_leaderboard(feed)
    assert dict(reopened.dump()["read_model_schema"])[KERNEL_SCHEMA] == SCHEMA_VERSION == 5
    assert_tables_match_fold(reopened, feed)
