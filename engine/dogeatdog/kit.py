"""Dog Eat Dog's kit: its computer players, the invariants a simulation checks after every action,
and the figures ``simulate`` sums up: how games ended (section 18 of the rules), rounds, turns,
Swiss accounts at the end, bankruptcies, squares at stage 3, and each seat's division, by which
``simulate`` counts wins."""

from __future__ import annotations

import statistics
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

#: How a game may end (its ``end_reason``), with the figure counting the games ended so and the
#: words ``simulate`` tells it in: the seed's ends, then the engine's safeguards of section 18.
ENDS = {
    "END-SWISS-150": ("target_reached", "Swiss target"),
    "END-STAGE3": ("ended_stage_3", "all squares at stage 3"),
    "BANKRUPT-OUT": ("ended_last_standing", "one player left"),
    "OPT-SHORT-ROUNDS": ("ended_short_game", "the short game's last round"),
    "END-STALL": ("ended_stall", "two quiet rounds (END-STALL)"),
    "END-LIMIT": ("ended_round_limit", "round 100 (END-LIMIT, the last safeguard)"),
}

#: The figures per game, in the order they are summed and told.
FIGURES = (
    "rounds",
    "turns",
    "swiss_total",
    "swiss_top",
    "bankrupt",
    "stage_3",
    *(figure for figure, _ in ENDS.values()),
)


def game_statistics(game: AnyGame) -> dict[str, int]:
    state = game.state
    swiss = [player.swiss for player in state.players]
    return {
        "rounds": state.round,
        "turns": state.turn.number,
        "swiss_total": sum(swiss),
        "swiss_top": max(swiss, default=0),
        "bankrupt": sum(not player.in_game for player in state.players),
        "stage_3": sum(square.stage == 3 for square in state.squares.values()),
        **{figure: int(state.end_reason == reason) for reason, (figure, _) in ENDS.items()},
    }


def summary_statistics(per_game: Sequence[Mapping[str, int]]) -> dict[str, float]:
    """Each figure's mean per game (for an end: the share of games ended so), and the median
    and 90th percentile of the rounds played, as the rules' balance review reports them."""
    count = max(len(per_game), 1)
    means = {name: round(sum(g.get(name, 0) for g in per_game) / count, 4) for name in FIGURES}
    rounds = sorted(g.get("rounds", 0) for g in per_game) or [0]
    return {
        **means,
        "rounds_median": statistics.median(rounds),
        "rounds_p90": rounds[min(len(rounds) - 1, int(0.9 * len(rounds)))],
    }


def statistics_lines(summary: Mapping[str, float]) -> list[str]:
    ends = ", ".join(
        f"{summary[figure]:.1%} {words}"
        for figure, words in ENDS.values()
        if summary.get(figure) or figure == "target_reached"
    )
    return [
        f"ended by:       {ends}",
        f"per game:       {summary['rounds']:.1f} rounds (median {summary['rounds_median']:g}, "
        f"90% within {summary['rounds_p90']:g}), {summary['turns']:.1f} turns, "
        f"{summary['average_actions']} actions, {summary['average_events']} events",
        f"Swiss accounts: ${summary['swiss_total']:.1f}M in all at the end, "
        f"${summary['swiss_top']:.1f}M the largest",
        f"                {summary['bankrupt']:.2f} bankruptcies, {summary['stage_3']:.2f} "
        "squares at stage 3 at the end",
    ]


def seat_divisions(game: AnyGame) -> tuple[str | None, ...]:
    """Each seat's division at the end, by which ``simulate`` counts wins: the one it plays, or,
    while a reorganisation is pending, the one it gave up ([REORG-RESTART]); a bankrupt
    player's stays his ([BANKRUPT-OUT])."""
    return tuple(player.division or player.gave_up for player in game.state.players)


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
    seat_roles=seat_divisions,
    role_name="division",
    ending=ending,
    turn_of=turn_of,
    progress_unit="round",
)
