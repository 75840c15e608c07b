"""Games of every ruleset in one log: each folded by its own rules, each in the kernel's game list
and leaderboard with its ruleset, and only a ruleset with read models of its own in tables of its
own. Toy poker (tests/kernel/toy) is the ruleset without any."""

from __future__ import annotations

from collections import Counter
from functools import cache
from uuid import UUID

import pytest
from domain.ruleset import GameStatus
from projections.dodgecity import READ_MODELS
from projections.feed import Notification
from projections.projector import Projections

from tests.projections.databases import OpenDatabase
from tests.projections.memory_feed import (
    RULESETS,
    MemoryFeed,
    expected_board,
    expected_leaderboard,
    expected_scores,
    expected_summary,
    notifications,
    play,
    play_toy,
    random_log,
)
from tests.projections.test_projector import FlakyFeed, assert_tables_match_fold

TOY_ENDED, TOY_LOBBY, CITY_ENDED = UUID(int=0x70), UUID(int=0x71), UUID(int=0x72)


@cache
def mixed_games() -> tuple[Notification, ...]:
    """Fifteen games, every third one of toy poker."""
    return tuple(random_log(15, seed="rulesets", toy_every=3))


@cache
def three_games() -> tuple[Notification, ...]:
    """An ended game of toy poker and one of Dodge City with a name in common, and a game of toy
    poker in the lobby."""
    games = [
        play_toy(TOY_ENDED, names=["ann", "bob"], seed="toy-ended"),
        play(CITY_ENDED, names=["ann", "cy"], seed="ended-2"),
        play_toy(TOY_LOBBY, names=["dee"], seed="toy-lobby"),
    ]
    return tuple(notifications(event for commands in games for command in commands for event in command))


def projected(open_database: OpenDatabase, log: tuple[Notification, ...]) -> tuple[Projections, MemoryFeed]:
    feed = MemoryFeed(log)
    projections = Projections(open_database("main"), feed, registry=RULESETS)
    projections.catch_up()
    return projections, feed


def test_given_games_of_two_rulesets_when_catching_up_then_every_table_equals_the_fold_of_each_game_by_its_rules(
    open_database: OpenDatabase,
) -> None:
    projections, feed = projected(open_database, mixed_games())

    assert_tables_match_fold(projections, feed)
    rulesets = Counter((s.ruleset, s.status) for s in projections.games(limit=100).items)
    assert {ruleset for ruleset, _ in rulesets} == {"dodgecity", "toy"}
    assert rulesets[("toy", GameStatus.ENDED)] > 0  # toy games reached the leaderboard too


def test_given_games_of_two_rulesets_when_listing_one_ruleset_then_only_its_games_come_newest_first(open_database: OpenDatabase) -> None:
    projections, feed = projected(open_database, mixed_games())

    toy = projections.games(ruleset="toy", limit=100)
    ended_toy = projections.games(ruleset="toy", status="ended", limit=100)

    expected = sorted((expected_summary(feed, g) for g in feed.game_ids()), key=lambda s: (s.created_at, str(s.game_id)))
    newest_first = sorted(expected, key=lambda s: s.created_at, reverse=True)
    assert list(toy.items) == [s for s in newest_first if s.ruleset == "toy"]
    assert toy.total == len(toy.items) == 5
    assert list(ended_toy.items) == [s for s in toy.items if s.status is GameStatus.ENDED]
    assert ended_toy.total == len(ended_toy.items)
    assert projections.games(ruleset="dodgecity", limit=100).total == 10
    assert projections.games(ruleset="bang").total == 0


def test_given_ended_games_of_two_rulesets_when_reading_the_leaderboard_then_a_ruleset_counts_its_own_and_none_adds_them_up(
    open_database: OpenDatabase,
) -> None:
    projections, feed = projected(open_database, three_games())

    everything = projections.leaderboard()
    toy = projections.leaderboard(ruleset="toy")
    city = projections.leaderboard(ruleset="dodgecity")

    assert toy == expected_leaderboard(feed, "toy")
    assert city == expected_leaderboard(feed, "dodgecity")
    assert everything == expected_leaderboard(feed)
    (ann,) = [row for row in everything if row.name == "ann"]
    (toy_ann,) = [row for row in toy if row.name == "ann"]
    (city_ann,) = [row for row in city if row.name == "ann"]
    assert (ann.played, ann.won, ann.points) == (2, toy_ann.won + city_ann.won, toy_ann.points + city_ann.points)
    assert projections.leaderboard(ruleset="bang") == []


def test_given_a_ruleset_without_read_models_of_its_own_when_projected_then_it_has_a_line_in_the_game_list_and_nothing_else(
    open_database: OpenDatabase,
) -> None:
    projections, feed = projected(open_database, three_games())

    summary = projections.game(TOY_ENDED)

    assert summary == expected_summary(feed, TOY_ENDED)
    assert summary is not None
    assert (summary.ruleset, summary.status, summary.max_players, summary.players) == ("toy", GameStatus.ENDED, 2, ("ann", "bob"))
    assert summary.pass_number == 0
    assert len(summary.winners) == 1
    assert summary.end_reason is not None
    lobby = projections.game(TOY_LOBBY)
    assert lobby is not None
    assert (lobby.status, lobby.players, lobby.winners, lobby.end_reason) == (GameStatus.LOBBY, ("dee",), (), None)
    assert projections.board(TOY_ENDED) is None
    assert projections.scores(TOY_ENDED) is None
    assert projections.read_model(TOY_ENDED, "anything") is None
    own_tables = [table.name for table in READ_MODELS.tables()]
    dump = projections.dump()
    assert {row[0] for table in own_tables for row in dump[table]} == {str(CITY_ENDED)}
    assert projections.board(CITY_ENDED) == expected_board(feed, CITY_ENDED)
    assert projections.scores(CITY_ENDED) == expected_scores(feed, CITY_ENDED)


def cut_in_a_toy_game(log: tuple[Notification, ...]) -> int:
    """Where to cut the log so that the first game of toy poker has two events on either side."""
    toy_game = UUID(int=3)
    return next(index for index, n in enumerate(log) if (n.game_id, n.version) == (toy_game, 2)) + 1


def test_given_games_of_two_rulesets_first_met_midway_when_a_new_projector_resumes_then_each_is_folded_by_its_own_rules(
    open_database: OpenDatabase,
) -> None:
    log = mixed_games()
    half = cut_in_a_toy_game(log)
    memory = MemoryFeed(log[:half])
    Projections(open_database("main"), memory, registry=RULESETS).catch_up()
    memory.append(log[half:])
    feed = FlakyFeed(memory)

    resumed = Projections(open_database("main"), feed, registry=RULESETS)
    assert resumed.catch_up() == len(log) - half

    assert_tables_match_fold(resumed, memory)
    midway = {n.game_id for n in log[half:] if n.version > 1} - {n.game_id for n in log[half:] if n.version == 1}
    assert {expected_summary(memory, game).ruleset for game in midway} == {"dodgecity", "toy"}
    # Its ruleset and seats from its line in the game list; only its state from the feed.
    assert feed.calls["state_at"] == len(midway)
    reference = Projections(open_database("reference"), MemoryFeed(log), registry=RULESETS)
    reference.catch_up()
    assert resumed.dump() == reference.dump()


def test_given_a_game_met_midway_without_a_line_in_the_game_list_when_catching_up_then_it_fails_until_a_rebuild(
    open_database: OpenDatabase,
) -> None:
    log = mixed_games()
    half = cut_in_a_toy_game(log)
    memory = MemoryFeed(log[:half])
    Projections(open_database("main"), memory, registry=RULESETS).catch_up()
    memory.append(log[half:])
    with open_database("main").write() as tx:  # damage: the toy game's line is lost
        tx.execute("DELETE FROM games WHERE game_id = ?", (str(UUID(int=3)),))
    projections = Projections(open_database("main"), memory, registry=RULESETS)
    before = projections.dump()

    with pytest.raises(LookupError, match="rebuild the read models"):
        projections.catch_up()

    assert projections.dump() == before
    assert projections.rebuild() == len(log)
    assert_tables_match_fold(projections, memory)


def test_given_games_of_two_rulesets_when_rebuilt_then_the_tables_are_those_projected_event_by_event(open_database: OpenDatabase) -> None:
    log = mixed_games()
    feed = MemoryFeed()
    projections = Projections(open_database("main"), feed, registry=RULESETS, batch_size=64)
    for start in range(0, len(log), 300):
        feed.append(log[start : start + 300])
        projections.catch_up()
    incremental = projections.dump()

    assert projections.rebuild() == len(log)

    assert projections.dump() == incremental


@pytest.mark.parametrize("name", ["board", "scores"])
def test_given_an_unknown_game_when_asking_a_read_model_of_a_game_then_none(open_database: OpenDatabase, name: str) -> None:
    projections, _feed = projected(open_database, three_games())

    assert projections.read_model(UUID(int=0xDEAD), name) is None
