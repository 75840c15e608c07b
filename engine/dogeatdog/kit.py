"""Dog Eat Dog's kit: its computer players, the invariants a simulation checks after every action,
and the figures ``simulate`` sums up (rounds, turns, Swiss accounts at the end, games ended by
the Swiss target, bankruptcies, squares at stage 3). Not registered under ``engine.games`` yet:
it comes with the game's API."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

from domain.aggregates.game import AnyGame
from domain.dogeatdog.ruleset import DOGEATDOG
from engine.dogeatdog.heuristic import HeuristicPlayer, ending
from engine.dogeatdog.invariants import violations
from engine.kit import GameKit
from engine.players import RandomPlayer

#: Names bot seats get when the host gives none: executives of the game's corporate world, who
#: are no division.
BOT_NAMES = ("Gordon", "Ivana", "Montgomery", "Cruella", "Rupert", "Bernie")

#: The figures per game, in the order they are summed and told.
FIGURES = ("rounds", "turns", "swiss_total", "swiss_top", "target_reached", "bankrupt", "stage_3")


def game_statistics(game: AnyGame) -> dict[str, int]:
    state = game.state
    swiss = [player.swiss for player in state.players]
    return {
        "rounds": state.round,
        "turns": state.turn.number,
        "swiss_total": sum(swiss),
        "swiss_top": max(swiss, default=0),
        "target_reached": int(state.end_reason == "END-SWISS-150"),
        "bankrupt": sum(not player.in_game for player in state.players),
        "stage_3": sum(square.stage == 3 for square in state.squares.values()),
    }


def summary_statistics(per_game: Sequence[Mapping[str, int]]) -> dict[str, float]:
    count = max(len(per_game), 1)
    return {name: round(sum(g.get(name, 0) for g in per_game) / count, 2) for name in FIGURES}


def statistics_lines(summary: Mapping[str, float]) -> list[str]:
    return [
        f"per game:       {summary['rounds']} rounds, {summary['turns']} turns, "
        f"{summary['average_actions']} actions, {summary['average_events']} events",
        f"Swiss accounts: ${summary['swiss_total']}M in all at the end, "
        f"${summary['swiss_top']}M the largest; {summary['target_reached']:.0%} of games "
        "ended by the Swiss target",
        f"                {summary['bankrupt']} bankruptcies, {summary['stage_3']} squares at "
        "stage 3 at the end",
    ]


def turn_of(game: AnyGame) -> Hashable:
    """The turn being played: its number, which everyone sees ([TURN-ROUND])."""
    number: int = game.state.turn.number
    return number


KIT = GameKit(
    rules=DOGEATDOG,
    bots={"random": RandomPlayer, "heuristic": HeuristicPlayer},
    invariants=violations,
    game_statistics=game_statistics,
    summary_statistics=summary_statistics,
    statistics_lines=statistics_lines,
    bot_names=BOT_NAMES,
    ending=ending,
    turn_of=turn_of,
    progress_unit="round",
)
