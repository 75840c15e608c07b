"""The open windows of a turn ([TURN-WINDOW]): who is asked in one, and when it closes.

A player is asked in a window only when he may do something there other than pass (no question
without a choice): his pass is taken as made. The window closes when every player who could act
has passed since anyone last acted, and is not opened at all when nobody could. What a player
may do in a window: embezzle ([EMBEZZLE-ONCE], ``rules/embezzle.py``), withdraw a standing
instruction ([LAW-OWNED], ``rules/laws.py``), denounce or report a violation ([VAR-HONOUR],
``rules/honour.py``); trades and early loan repayment come with those
rules (DESIGN.md, next steps). After anything but a pass the window goes on from whoever acted,
everyone asked again."""

from __future__ import annotations

from domain.context import Context
from domain.dogeatdog.actions import DogEatDogAction
from domain.dogeatdog.rules import embezzle, honour, laws
from domain.dogeatdog.state import DogEatDogState
from domain.events.dogeatdog import (
    DogEatDogWindowClosed,
    DogEatDogWindowOpened,
    DogEatDogWindowPassed,
    DogEatDogWindowWentOn,
)


def offers(state: DogEatDogState, seat: int) -> list[DogEatDogAction]:
    """What ``seat`` may do in the open window besides passing."""
    return [
        *embezzle.offers(state, seat),
        *laws.withdrawals(state, seat),
        *honour.offers(state, seat),
    ]


def first_asked(state: DogEatDogState, after: int, passed: list[int]) -> int | None:
    """The first player clockwise after ``after`` (or from him, when he has not passed) with
    something to do who has not passed since anyone last acted."""
    for seat in state.clockwise_from(after):
        if seat not in passed and offers(state, seat):
            return seat
    return None


def open_window(ctx: Context[DogEatDogState]) -> bool:
    """Open the window due now, if anyone may act in it; whether it opened."""
    state = ctx.state
    turn = state.turn
    speaker = first_asked(state, turn.seat, [])
    if speaker is None:
        return False
    after = turn.steps_done[-1] if turn.steps_done else None
    ctx.emit(DogEatDogWindowOpened(seat=turn.seat, after=after, speaker=speaker))
    return True


def pass_window(ctx: Context[DogEatDogState], seat: int) -> None:
    state = ctx.state
    window = state.turn.window
    passed = [] if window is None else [*window.passed, seat]
    speaker = first_asked(state, seat, passed)
    ctx.emit(DogEatDogWindowPassed(seat=seat, speaker=speaker))
    if speaker is None:
        ctx.emit(DogEatDogWindowClosed())


def went_on(ctx: Context[DogEatDogState], seat: int) -> None:
    """``seat`` acted in the open window: it goes on from him with everyone asked again, or
    closes when nobody has anything left to do."""
    speaker = first_asked(ctx.state, seat, [])
    ctx.emit(DogEatDogWindowClosed() if speaker is None else DogEatDogWindowWentOn(speaker=speaker))
