"""What one game's state puts in the read models, where the state alone decides it."""

from __future__ import annotations

from uuid import UUID

from domain.dodgecity.ruleset import DODGECITY
from domain.dodgecity.state import Building, GameState, Player, Status
from domain.events.dodgecity import Colour, EndReason
from projections import read_models
from projections.dodgecity import READ_MODELS
from projections.dodgecity import read_models as dodgecity

GAME = UUID(int=7)


def game_with(points: list[list[int]], winners: tuple[int, ...]) -> GameState:
    colours = list(Colour)
    players = [Player(seat=seat, name=f"p{seat}", colour=colours[seat], value_discs=discs) for seat, discs in enumerate(points)]
    return GameState(game_id=GAME, players=players, winners=winners)


def ended(state: GameState) -> GameState:
    state.status, state.end_reason = Status.ENDED, EndReason.POINTS
    return state


def test_given_tied_points_below_the_winner_then_ranks_skip_after_the_tie() -> None:
    state = game_with([[5, 4], [3, 3], [2, 4], [1]], winners=(0,))

    ranks = [player.rank for player in dodgecity.scores(GAME, state).players]

    assert ranks == [1, 2, 2, 4]


def test_given_a_tie_duel_decided_the_winner_then_the_winner_ranks_above_an_equal_score() -> None:
    state = game_with([[5, 2], [4, 3], [1]], winners=(1,))

    ranks = [player.rank for player in dodgecity.scores(GAME, state).players]

    assert ranks == [2, 1, 3]


def test_given_a_shared_win_then_both_winners_rank_first() -> None:
    state = game_with([[5], [5], [3]], winners=(0, 1))

    ranks = [player.rank for player in dodgecity.scores(GAME, state).players]

    assert ranks == [1, 1, 3]


def test_given_a_name_sitting_twice_then_the_leaderboard_counts_both_seats_in_one_row() -> None:
    state = ended(game_with([[5], [3], [4]], winners=(0,)))
    state.players[2].name = "p0"

    rows = read_models.leaderboard_contribution(DODGECITY, state)

    assert rows == (
        read_models.LeaderboardRow(name="p0", played=2, won=1, points=9),
        read_models.LeaderboardRow(name="p1", played=1, won=0, points=3),
    )


def test_given_a_game_not_ended_then_it_adds_nothing_to_the_leaderboard() -> None:
    state = game_with([[5], [3]], winners=())

    assert read_models.leaderboard_contribution(DODGECITY, state) == ()


def test_given_an_ended_game_then_its_line_tells_its_ruleset_seats_pass_and_outcome() -> None:
    state = ended(game_with([[5], [3], [4]], winners=(0,)))
    state.pass_number = 6

    summary = read_models.game_summary(
        GAME, DODGECITY, state, seats=4, pass_number=READ_MODELS.progress(state), version=9, created_at="a", updated_at="b"
    )

    assert (summary.ruleset, summary.status, summary.max_players, summary.players) == ("dodgecity", "ended", 4, ("p0", "p1", "p2"))
    assert (summary.pass_number, summary.end_reason, summary.winners) == (6, "points", (0,))


def test_given_a_board_when_a_stone_is_bought_later_then_the_change_key_taken_before_stays_as_it_was() -> None:
    state = GameState(game_id=GAME)
    state.buildings = {"saloon": Building(id="saloon")}
    key = dodgecity.board_key(state)

    state.buildings["saloon"].stones[(0, 0)] = 1

    assert dodgecity.board_key(state) != key
