"""How an ended game finished, for every seat ([TOY-END])."""

from __future__ import annotations

from domain.ruleset import Outcome, SeatResult

from tests.kernel.toy.state import ToyState


def outcome(state: ToyState) -> Outcome | None:
    if state.winner is None:
        return None
    winner = state.winner
    return Outcome(
        winners=(winner,),
        reason=None if state.end_reason is None else state.end_reason.value,
        results=tuple(
            SeatResult(
                seat=seat,
                won=seat == winner,
                rank=1 if seat == winner else 2,
                score=state.pot - state.stakes[seat] if seat == winner else -state.stakes[seat],
            )
            for seat in range(len(state.seats))
        ),
    )
