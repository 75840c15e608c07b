"""BANG! – Dodge City's kit: its computer players, the invariants a simulation checks after every
action, and the figures ``simulate`` sums up (eliminations, turns, reshuffles; wins by role and by
team come from every kit's ``roles`` and the outcome's teams, engine/simulation.py)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

from domain.aggregates.game import AnyGame
from domain.bang.ruleset import BANG
from engine.bang.heuristic import HeuristicPlayer, ending
from engine.bang.invariants import violations
from engine.kit import GameKit
from engine.players import RandomPlayer

#: Names bot seats get when the host gives none: characters of the BANG! world who are no cards.
BOT_NAMES = ("Calamity", "Slab", "Rose", "Willy", "Paul", "Lucky", "Jesse")


def game_statistics(game: AnyGame) -> dict[str, int]:
    state = game.state
    return {
        "eliminations": state.eliminations,
        "turns": state.turn.number,
        "reshuffles": state.reshuffles,
    }


def summary_statistics(per_game: Sequence[Mapping[str, int]]) -> dict[str, float]:
    count = max(len(per_game), 1)
    return {
        name: round(sum(g.get(name, 0) for g in per_game) / count, 2)
        for name in ("eliminations", "turns", "reshuffles")
    }


def statistics_lines(summary: Mapping[str, float]) -> list[str]:
    return [
        f"per game:       {summary['turns']} turns, {summary['average_actions']} actions, "
        f"{summary['average_events']} events",
        f"                {summary['eliminations']} eliminations, "
        f"{summary['reshuffles']} reshuffles of the draw pile",
    ]


def seat_roles(game: AnyGame) -> tuple[str | None, ...]:
    """Each seat's role, for wins by role ([SETUP-ROLES])."""
    return tuple(None if p.role is None else p.role.value for p in game.state.players)


def turn_of(game: AnyGame) -> Hashable:
    """The turn being played: its number, which everyone sees ([TURN-ORDER])."""
    number: int = game.state.turn.number
    return number


KIT = GameKit(
    rules=BANG,
    bots={"random": RandomPlayer, "heuristic": HeuristicPlayer},
    invariants=violations,
    game_statistics=game_statistics,
    summary_statistics=summary_statistics,
    statistics_lines=statistics_lines,
    bot_names=BOT_NAMES,
    seat_roles=seat_roles,
    ending=ending,
    turn_of=turn_of,
    progress_unit="turn",
)
