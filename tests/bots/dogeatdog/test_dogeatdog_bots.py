"""Dog Eat Dog's computer players play whole games at every table size, with and without the
engine variants, and every invariant of the game holds after every action; the money that
moves between players' accounts is kept (engine/dogeatdog/invariants.py)."""

from __future__ import annotations

import pytest
from domain.aggregates.game import AnyGame
from domain.events.dogeatdog import DogEatDogSettings
from engine.dogeatdog.heuristic import HeuristicPlayer
from engine.dogeatdog.invariants import MONEY_KEEPING_EVENTS, transfer_violations, violations
from engine.dogeatdog.kit import KIT
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


def test_given_only_heuristic_players_then_they_keep_their_business_going_and_one_reaches_the_swiss_target() -> None:
    """[END-SWISS-150]: four heuristic players produce and embezzle until one wins by the target,
    rather than stalling ([END-STALL]) or going bankrupt ([BANKRUPT-OUT])."""
    _, result = played(4, "alike-H", "H")

    assert result.end_reason == "END-SWISS-150"
    assert result.statistics["swiss_top"] >= 150
    assert result.statistics["bankrupt"] == 0


def test_given_the_kit_then_it_names_its_players_its_figures_and_what_ends_a_turn() -> None:
    _, result = played(3, "figures", "HR")

    assert set(KIT.bots) == {"random", "heuristic"}
    assert KIT.stand_in_kind == "heuristic"
    assert KIT.progress_unit == "round"
    assert set(result.statistics) == {"rounds", "turns", "swiss_total", "swiss_top", "target_reached", "bankrupt", "stage_3"}
    summary = KIT.summary_statistics([result.statistics, result.statistics])
    assert summary["rounds"] == result.statistics["rounds"]
    lines = KIT.statistics_lines({**summary, "average_actions": 1.0, "average_events": 2.0})
    assert any("Swiss accounts" in line for line in lines)
