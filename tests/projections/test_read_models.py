"""What one game's state puts in the read models, where the state alone decides it."""

from __future__ import annotations

from uuid import UUID

from domain.dodgecity.state import GameState, Player
from domain.events.dodgecity import Colour

from projections import read_models

GAME = UUID(int=7)


def game_with(points: list[list[int]], winners: tuple[int, ...]) -> GameState:
    colours = list(Colour)
    players = [Player(seat=seat, name=f"p{seat}", colour=colours[seat], value_discs=discs) for seat, discs in enumerate(points)]
    return GameState(game_id=GAME, players=players, winners=winners)


def test_given_tied_points_below_the_winner_then_ranks_skip_after_the_tie() -> None:
    state = game_with([[5, 4], [3, 3], [2, 4], [1]], winners=(0,))

    ranks = [player.rank for player in read_models.scores(GAME, state).players]

    assert ranks == [1, 2, 2, 4]


def test_given_a_tie_duel_decided_the_winner_then_the_winner_ranks_above_an_equal_score() -> None:
    state = game_with([[5, 2], [4, 3], [1]], winners=(1,))

    ranks = [player.rank for player in read_models.scores(GAME, state).players]

    assert ranks == [2, 1, 3]


def test_given_a_shared_win_then_both_winners_rank_first() -> None:
    state = game_with([[5], [5], [3]], winners=(0, 1))

    ranks = [player.rank for player in read_models.scores(GAME, state).players]

    assert ranks == [1, 1, 3]


def test_given_a_name_sitting_twice_then_the_leaderboard_counts_both_seats_in_one_row() -> None:
    state = game_with([[5], [3], [4]], winners=(0,))
    state.players[2].name = "p0"

    rows = read_models.leaderboard_contribution(state)

    assert rows == (
        read_models.LeaderboardRow(name="p0", played=2, won=1, points=9),
        read_models.LeaderboardRow(name="p1", played=1, won=0, points=3),
    )
