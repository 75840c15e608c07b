"""The result of an ended game: its winners by team, and every seat's result
([END-SHERIFF-DIES], [END-LAW-WINS], [END-LOSERS], [THREE-WIN-TARGET], [THREE-LAST-STANDING])."""

from __future__ import annotations

from domain.bang.catalog import TEAMS, Role
from domain.bang.state import BangState
from domain.ruleset import GameStatus, Outcome, SeatResult


def outcome(state: BangState) -> Outcome | None:
    if state.status is not GameStatus.ENDED:
        return None
    winners = set(state.winners)
    results = tuple(
        SeatResult(
            seat=player.seat,
            won=player.seat in winners,
            rank=1 if player.seat in winners else 2,
            team=_team(state, player.role),
            eliminated=not player.alive,
        )
        for player in state.players
    )
    return Outcome(winners=tuple(sorted(winners)), reason=state.end_reason, results=results)


def _team(state: BangState, role: Role | None) -> str | None:
    """The side a seat played on: law, outlaws or renegade; with 3 players everyone plays alone
    ([THREE-TARGETS]), so the team is the role."""
    if role is None:
        return None
    return role.value if len(state.players) == 3 else TEAMS[role]
