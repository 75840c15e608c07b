"""Dog Eat Dog's computer players play whole games at every table size, with and without the
engine variants, and every invariant of the game holds after every action; the money that
moves between players' accounts is kept (engine/dogeatdog/invariants.py)."""

from __future__ import annotations

import pytest
from domain.aggregates.game import AnyGame
from domain.events.dogeatdog import DogEatDogSettings
from engine.dogeatdog.heuristic import HeuristicPlayer
from engine.dogeatdog.invariants import MONEY_KEEPING_EVENTS, transfer_violations, violations
from engine.dogeatdog.kit import ENDS, FIGURES, KIT
from engine.kit import Player
from engine.players import RandomPlayer
from engine.simulation import GameResult, play_game

EVERY_VARIANT = DogEatDogSettings(honour=True, kickback=True, auction_sealed=True, embezzle_own_turn=True, open_info=True)


def played(seats: int, seed: str, lineup: str, settings: DogEatDogSettings | None = None) -> tuple[AnyGame, GameResult]:
    """A game of ``seats`` players, ``lineup`` naming each seat's kind in turn (H heuristic, R
    random, repeated around the table), every invariant checked after every action."""
    players: list[Player] = [
        HeuristicPlayer(f"{seed}/{seat}", KIT.progress_check())
        if lineup[seat % len(lineup)] == "H"
        else RandomPlayer(f"{seed}/{seat}", KIT.progress_check())
        for seat in range(seats)
    ]
    return play_game(KIT, seats, seed, seats=players, check=True, settings=settings)


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
@pytest.mark.parametrize("settings", [None, EVERY_VARIANT], ids=["standard", "every-variant"])
def test_given_heuristic_and_random_players_at_3_to_6_seats_when_playing_to_the_end_then_every_invariant_holds_after_every_action(
    seats: int, settings: DogEatDogSettings | None
) -> None:
    """[SETUP-PLAYERS] [COMP-MONEY] [ACQ-LIMIT-2] [END-SWISS-150] [END-WINNER]"""
    game, result = played(seats, f"mixed-{seats}-{settings is None}", "HR", settings)

    assert result.error is None
    assert game.is_over
    assert result.end_reason is not None
    assert result.end_reason != "END-LIMIT"  # the rules' own ends, not the last safeguard
    assert result.capped_turns == 0  # every player ended each of its turns itself
    assert result.winners
    events = game.collect_events()
    assert transfer_violations(events) == []
    assert any(isinstance(event, MONEY_KEEPING_EVENTS) for event in events)
    assert violations(game.state) == []


@pytest.mark.parametrize("lineup", ["H", "R"])
def test_given_only_heuristic_or_only_random_players_when_playing_to_the_end_then_every_invariant_holds_after_every_action(
    lineup: str,
) -> None:
    game, result = played(4, f"alike-{lineup}", lineup)

    assert result.error is None
    assert game.is_over
    assert transfer_violations(game.collect_events()) == []


def test_given_only_heuristic_players_then_they_keep_their_business_going_and_most_games_end_by_the_swiss_target() -> None:
    """[END-SWISS-150]: four heuristic players produce and embezzle until one wins by the target,
    in most games, rather than stalling ([END-STALL]) or going bankrupt ([BANKRUPT-OUT])."""
    results = [played(4, f"heuristic-table-{game}", "H")[1] for game in range(10)]

    assert all(result.error is None for result in results)
    by_target = [result for result in results if result.end_reason == "END-SWISS-150"]
    assert len(by_target) >= 8, [result.end_reason for result in results]
    assert all(result.statistics["swiss_top"] >= 150 for result in by_target)


def test_given_the_kit_then_it_names_its_players_its_figures_and_what_ends_a_turn() -> None:
    _, result = played(3, "figures", "HR")

    assert set(KIT.bots) == {"random", "heuristic"}
    assert KIT.stand_in_kind == "heuristic"
    assert KIT.progress_unit == "round"
    assert set(result.statistics) == set(FIGURES)
    assert sum(result.statistics[figure] for figure, _ in ENDS.values()) == 1  # one end, named
    summary = KIT.summary_statistics([result.statistics, result.statistics])
    assert summary["rounds"] == summary["rounds_median"] == result.statistics["rounds"]
    lines = KIT.statistics_lines({**summary, "average_actions": 1.0, "average_events": 2.0})
    assert any("Swiss accounts" in line for line in lines)
    assert any(line.startswith("ended by:") and "100.0%" in line for line in lines)


def test_given_games_of_many_lengths_then_the_summary_has_the_share_of_each_end_and_the_median_and_90th_percentile_of_the_rounds() -> None:
    """[END-SWISS-150] [END-STALL]: the figures the rules' balance review reports."""
    per_game = [{"rounds": rounds, "target_reached": int(rounds < 10), "ended_stall": int(rounds >= 10)} for rounds in range(1, 21)]

    summary = KIT.summary_statistics(per_game)

    assert (summary["rounds_median"], summary["rounds_p90"]) == (10.5, 19)
    assert (summary["target_reached"], summary["ended_stall"], summary["ended_round_limit"]) == (0.45, 0.55, 0.0)
    ended = next(
        line for line in KIT.statistics_lines({**summary, "average_actions": 1.0, "average_events": 2.0}) if line.startswith("ended by:")
    )
    assert "45.0% Swiss target" in ended
    assert "55.0% two quiet rounds" in ended
    assert "round 100" not in ended  # an end no game reached is not told


def test_given_an_ended_game_then_each_seat_is_counted_in_the_division_it_plays_or_gave_up_or_went_bankrupt_in() -> None:
    """[REORG-RESTART] [BANKRUPT-OUT]: wins are counted by division (``simulate``)."""
    game, _ = played(4, "divisions", "R")
    playing, reorganising, bankrupt, restarted = game.state.players
    playing.division, playing.gave_up = "dk_mart", None
    reorganising.division, reorganising.gave_up = None, "we_steel"
    bankrupt.division, bankrupt.gave_up, bankrupt.in_game = "goo_pont_plastics", None, False
    restarted.division, restarted.gave_up = "waste_mismanagement", "substandard_oil"

    assert KIT.seat_roles(game) == ("dk_mart", "we_steel", "goo_pont_plastics", "waste_mismanagement")
    assert KIT.role_name == "division"


class RecordingPlayer:
    """Asks a heuristic player through ``decide``, on the view the API serves, and notes the
    kinds of decision it was asked and any answer that was not offered."""

    def __init__(self, seed: str) -> None:
        self.player = HeuristicPlayer(seed, KIT.progress_check())
        self.kinds: set[str] = set()
        self.off_list: list[object] = []

    def choose(self, game: AnyGame, seat: int) -> object:
        view = game.view(seat)
        actions = game.legal_actions(seat)
        action = self.player.decide(view, actions)
        self.kinds.add(next(d.kind for d in view.awaiting if d.seat == seat))
        if action not in actions:
            self.off_list.append(action)
        return action


def test_given_games_with_every_variant_then_the_heuristic_answers_every_kind_of_decision_it_meets_with_an_offered_action() -> None:
    """[TURN-DECISIONS]"""
    kinds: set[str] = set()
    for game in range(4):
        seed = f"kinds-{game}"
        recorders = [RecordingPlayer(f"{seed}/{seat}") for seat in range(0, 5, 2)]
        players: list[Player] = [RandomPlayer(f"{seed}/{seat}", KIT.progress_check()) for seat in range(5)]
        players[0], players[2], players[4] = recorders
        settings = EVERY_VARIANT if game % 2 else None
        _, result = play_game(KIT, 5, seed, seats=players, check=True, settings=settings)
        assert result.error is None
        for recorder in recorders:
            assert recorder.off_list == []
            kinds |= recorder.kinds

    assert kinds >= {
        "division",
        "window",
        "acquisition",
        "price",
        "sell",
        "staff",
        "produce",
        "exploit",
        "answer_offer",
        "card",
        "bribe",
        "invoke",
        "comply",
        "pollute",
    }
