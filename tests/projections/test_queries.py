"""The read models answer with the values the game's own events announce, for a game in the lobby,
one being played and one that has ended."""

from __future__ import annotations

from uuid import UUID

import msgspec
import pytest
from domain.dodgecity.catalog import BUILDINGS, BUILDINGS_BY_PLAYER_COUNT
from domain.dodgecity.figures import building_value
from domain.dodgecity.ruleset import open_game
from domain.dodgecity.state import BuildingStatus
from domain.events.dodgecity import (
    BuildingClaimed,
    BuildingNeutralised,
    BuildingScored,
    Colour,
    DomainEvent,
    GameEnded,
)
from domain.ruleset import GameStatus
from projections.dodgecity.read_models import Board
from projections.projector import Projections
from projections.read_models import LeaderboardRow

from tests.projections.databases import OpenDatabase
from tests.projections.memory_feed import MemoryFeed, notifications, play

LOBBY, ENDED, RUNNING, UNKNOWN = UUID(int=0xA), UUID(int=0xB), UUID(int=0xC), UUID(int=0xD)
#: The ended and the running game were created at the same moment, before the lobby game.
SAME_MOMENT = "2025-03-01T11:00:00+00:00"


def lobby_game() -> list[DomainEvent]:
    game = open_game(LOBBY, seed="lobby", max_players=3)
    game.join("ann")
    game.join("bob")
    return game.collect_events()


def flat(commands: list[list[DomainEvent]]) -> list[DomainEvent]:
    return [event for command in commands for event in command]


@pytest.fixture
def feed() -> MemoryFeed:
    ended = flat(play(ENDED, names=["ann", "cy"], seed="ended-3"))
    running = flat(play(RUNNING, names=["bob", "cy", "dee"], seed="running", actions=40))
    log = notifications([*ended, *running, *lobby_game()])
    return MemoryFeed(msgspec.structs.replace(n, recorded_at=SAME_MOMENT) if n.version == 1 and n.game_id != LOBBY else n for n in log)


@pytest.fixture
def projections(open_database: OpenDatabase, feed: MemoryFeed) -> Projections:
    projections = Projections(open_database("main"), feed)
    projections.catch_up()
    return projections


def game_ended(feed: MemoryFeed) -> GameEnded:
    ended = feed.events_of(ENDED)[-1]
    assert isinstance(ended, GameEnded)
    return ended


def test_given_three_games_when_listing_them_then_the_newest_come_first_and_equal_moments_go_by_game_id(projections: Projections) -> None:
    page = projections.games()

    assert [summary.game_id for summary in page.items] == [LOBBY, ENDED, RUNNING]
    assert page.total == 3


def test_given_three_games_when_listing_a_page_then_the_total_counts_every_game_matching(projections: Projections) -> None:
    assert [s.game_id for s in projections.games(limit=1, offset=1).items] == [ENDED]
    assert projections.games(limit=1, offset=1).total == 3
    assert projections.games(status="running", limit=5, offset=1).items == ()
    assert projections.games(status="running", limit=5, offset=1).total == 1


def test_given_an_ended_game_when_listing_ended_games_then_its_line_tells_how_it_ended(projections: Projections, feed: MemoryFeed) -> None:
    page = projections.games(status="ended")

    assert page.total == 1
    (summary,) = page.items
    ended = game_ended(feed)
    assert (summary.game_id, summary.ruleset, summary.status, summary.max_players) == (ENDED, "dodgecity", GameStatus.ENDED, 2)
    assert summary.players == ("ann", "cy")
    assert (summary.end_reason, summary.winners) == (ended.reason, ended.winners)
    assert summary.version == ended.originator_version == len(feed.events_of(ENDED))
    assert summary.pass_number >= 1
    assert summary.created_at == SAME_MOMENT
    assert summary.updated_at == [n.recorded_at for n in feed.log if n.game_id == ENDED][-1]


def test_given_a_game_in_the_lobby_then_it_has_seats_and_scores_but_no_board(projections: Projections) -> None:
    (summary,) = projections.games(status="lobby").items
    scores = projections.scores(LOBBY)

    assert (summary.game_id, summary.players, summary.max_players) == (LOBBY, ("ann", "bob"), 3)
    assert (summary.version, summary.pass_number, summary.end_reason, summary.winners) == (3, 0, None, ())
    assert projections.board(LOBBY) == Board(game_id=LOBBY, buildings=(), stones=())
    assert scores is not None
    assert [(p.name, p.colour, p.points, p.money, p.value_discs, p.rank) for p in scores.players] == [
        ("ann", Colour.RED, 0, 0, (), 1),
        ("bob", Colour.BLUE, 0, 0, (), 1),
    ]


def test_given_an_ended_game_then_its_board_shows_which_buildings_were_scored_by_whom(projections: Projections, feed: MemoryFeed) -> None:
    events = feed.events_of(ENDED)
    figures = {e.building: e.figure for e in events if isinstance(e, BuildingClaimed)}
    scored_by = {e.building: e.seat for e in events if isinstance(e, BuildingScored)}
    neutral = {e.building for e in events if isinstance(e, BuildingNeutralised)}

    board = projections.board(ENDED)

    assert board is not None
    assert [b.building for b in board.buildings] == list(BUILDINGS_BY_PLAYER_COUNT[2])
    assert scored_by  # the game scored something: the checks below are not vacuous
    for building in board.buildings:
        assert building.name == BUILDINGS[building.building].name
        assert building.figure == figures.get(building.building)
        assert building.value == (building_value(building.figure) if building.figure else None)
        assert building.scored_by == scored_by.get(building.building)
        if building.building in scored_by:
            assert building.status is BuildingStatus.SCORED
        elif building.building in neutral:
            assert building.status is BuildingStatus.NEUTRAL
        else:
            assert building.status is BuildingStatus.OPEN
    closed = {b.building for b in board.buildings if b.status is not BuildingStatus.OPEN}
    assert not [stone for stone in board.stones if stone.building in closed]


def test_given_a_running_game_then_every_stone_shows_its_owners_colour_once_per_cell(projections: Projections) -> None:
    board = projections.board(RUNNING)

    assert board is not None
    assert board.stones  # forty actions in, stones are on the board
    seat_colours = [Colour.RED, Colour.BLUE, Colour.GREEN]  # chosen in join order
    assert all(stone.colour is seat_colours[stone.seat] for stone in board.stones)
    cells = [(stone.building, stone.row, stone.col) for stone in board.stones]
    assert len(cells) == len(set(cells))


def test_given_an_ended_game_then_its_scores_are_the_announced_points_with_the_winners_ranked_first(
    projections: Projections, feed: MemoryFeed
) -> None:
    ended = game_ended(feed)

    scores = projections.scores(ENDED)

    assert scores is not None
    assert [(p.seat, p.name, p.colour) for p in scores.players] == [(0, "ann", Colour.RED), (1, "cy", Colour.BLUE)]
    assert tuple(p.points for p in scores.players) == ended.points
    assert all(sum(p.value_discs) == p.points for p in scores.players)
    assert {p.seat for p in scores.players if p.rank == 1} == set(ended.winners)


def test_given_one_ended_game_then_the_leaderboard_holds_its_players_winner_first(projections: Projections, feed: MemoryFeed) -> None:
    ended = game_ended(feed)
    rows = [
        LeaderboardRow(name=name, played=1, won=int(seat in ended.winners), points=ended.points[seat])
        for seat, name in enumerate(["ann", "cy"])
    ]
    expected = sorted(rows, key=lambda row: (-row.won, -row.points, row.name))

    assert projections.leaderboard() == expected
    assert projections.leaderboard(limit=1, offset=1) == expected[1:]


def test_given_an_unknown_game_then_it_has_no_board_and_no_scores(projections: Projections) -> None:
    assert projections.board(UNKNOWN) is None
    assert projections.scores(UNKNOWN) is None


def test_given_a_negative_page_bound_then_the_query_is_refused_on_every_backend(projections: Projections) -> None:
    with pytest.raises(ValueError, match="negative"):
        projections.games(limit=-1)
    with pytest.raises(ValueError, match="negative"):
        projections.leaderboard(offset=-1)
