"""How an ended game finished, for every seat ([TOY-END]): the pot decides the ranks; a score is
what the pot gave or took plus what trades moved into or out of the purse ([TOY-PURSE])."""

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
                score=(state.pot - state.stakes[seat] if seat == winner else -state.stakes[seat]) + traded(state, seat),
            )
            for seat in range(len(state.seats))
        ),
    )


def traded(state: ToyState, seat: int) -> int:
    """The chips trades moved into ``seat``'s purse, less those they moved out (0 without purses)."""
    return state.purses[seat] - state.purse_at_start if state.purses else 0
