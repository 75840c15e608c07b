"""The result of an ended game ([END-WINNER], [END-SWISS-150]): the most money in the Swiss
account wins, a tie goes to the higher corporate account, and players still tied share the win
(R36). A player who reached the Swiss target has the most, so the same order ranks every end."""

from __future__ import annotations

from domain.dogeatdog.state import DogEatDogState
from domain.ruleset import GameStatus, Outcome, SeatResult


def outcome(state: DogEatDogState) -> Outcome | None:
    if state.status is not GameStatus.ENDED:
        return None
    ranked = [p for p in state.players if p.in_game]
    standing = {p.seat: (p.swiss, p.corporate) for p in ranked}
    ranks = {
        seat: 1 + sum(other > mine for other in standing.values())
        for seat, mine in standing.items()
    }
    results = tuple(
        SeatResult(
            seat=player.seat,
            won=ranks.get(player.seat) == 1,
            rank=ranks.get(player.seat, len(state.players)),
            score=player.swiss,
            eliminated=not player.in_game,
        )
        for player in state.players
    )
    winners = tuple(result.seat for result in results if result.won)
    return Outcome(winners=winners, reason=state.end_reason, results=results)
