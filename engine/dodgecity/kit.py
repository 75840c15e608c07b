"""Dodge City's kit: its computer players, the invariants a simulation checks after every
action, and the figures ``simulate`` sums up."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence

from domain.aggregates.game import AnyGame
from domain.dodgecity.narration import narrate
from domain.dodgecity.ruleset import DODGECITY, ranks_by_points
from domain.dodgecity.views import GameView
from domain.ruleset import Outcome, SeatResult
from engine.dodgecity.heuristic import HeuristicPlayer, ending
from engine.dodgecity.invariants import violations
from engine.kit import GameKit
from engine.players import RandomPlayer

#: Names bot seats get when the host gives none: people of the real Dodge City.
BOT_NAMES = ("Wyatt", "Bat", "Doc", "Kitty", "Luke")


def game_statistics(game: AnyGame) -> dict[str, int]:
    state = game.state
    statuses = Counter(b.status.value for b in state.buildings.values())
    return {
        "passes": state.pass_number,
        "buildings_scored": statuses["scored"],
        "buildings_neutralised": statuses["neutral"],
    }


def summary_statistics(per_game: Sequence[Mapping[str, int]]) -> dict[str, float]:
    count = max(len(per_game), 1)
    return {
        "average_passes": round(sum(g.get("passes", 0) for g in per_game) / count, 2),
        "buildings_scored": sum(g.get("buildings_scored", 0) for g in per_game),
        "buildings_neutralised": sum(g.get("buildings_neutralised", 0) for g in per_game),
    }


def statistics_lines(summary: Mapping[str, float]) -> list[str]:
    return [
        f"per game:       {summary['average_passes']} passes, {summary['average_actions']} "
        f"actions, {summary['average_events']} events",
        f"buildings:      {summary['buildings_scored']:g} scored, "
        f"{summary['buildings_neutralised']:g} neutralised",
    ]


def outcome_of_view(view: GameView) -> Outcome | None:
    """An ended game's outcome as its view shows it: the winners and every player's points."""
    if view.status != "ended":
        return None
    ranks = ranks_by_points(view.winners, {p.seat: p.points for p in view.players})
    return Outcome(
        winners=view.winners,
        reason=None if view.end_reason is None else str(view.end_reason),
        results=tuple(
            SeatResult(seat=p.seat, won=p.seat in view.winners, rank=ranks[p.seat], score=p.points)
            for p in view.players
        ),
    )


def turn_of(game: AnyGame) -> Hashable:
    """The turn being played, as everyone sees it: the pass, its stage and whose setting turn
    (None outside the setting rounds)."""
    state = game.state
    return state.pass_number, state.stage, state.turn


KIT = GameKit(
    rules=DODGECITY,
    bots={"random": RandomPlayer, "heuristic": HeuristicPlayer},
    invariants=violations,
    game_statistics=game_statistics,
    summary_statistics=summary_statistics,
    statistics_lines=statistics_lines,
    bot_names=BOT_NAMES,
    # Dodge City's records were version 1 before there were other games: exported unchanged,
    # every record shared since exports the same bytes.
    narrate=narrate,
    outcome_of_view=outcome_of_view,
    ending=ending,
    turn_of=turn_of,
    progress_unit="pass",
)
