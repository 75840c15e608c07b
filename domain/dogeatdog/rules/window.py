"""The open windows of a turn ([TURN-WINDOW]): who is asked in one, and when it closes.

A player is asked in a window only when he may do something there other than pass (no question
without a choice): his pass is taken as made. The window closes when every player who could act
has passed since anyone last acted, and is not opened at all when nobody could. What a player
may do in a window: embezzle ([EMBEZZLE-ONCE], ``rules/embezzle.py``), withdraw a standing
instruction ([LAW-OWNED], ``rules/laws.py``), denounce or report a violation ([VAR-HONOUR],
``rules/honour.py``), propose a trade ([TRADE-PROPOSE], ``rules/trade.py``); early loan
repayment comes with its rule (DESIGN.md, next steps). After anything but a pass the window goes
on from whoever acted, everyone asked again; after a trade's answer or withdrawal, from the
player after its proposer ([TRADE-ANSWER])."""

from __future__ import annotations

from domain.context import Context
from domain.dogeatdog.actions import DogEatDogMove
from domain.dogeatdog.rules import embezzle, honour, laws, trade
from domain.dogeatdog.state import DogEatDogState, clockwise
from domain.events.dogeatdog import (
    DogEatDogWindowClosed,
    DogEatDogWindowOpened,
    DogEatDogWindowPassed,
    DogEatDogWindowWentOn,
)


def offers(state: DogEatDogState, seat: int) -> list[DogEatDogMove]:
    """What ``seat`` may do in the open window besides passing (of trades, those listed)."""
    return [
        *embezzle.offers(state, seat),
        *laws.withdrawals(state, seat),
        *honour.offers(state, seat),
        *trade.proposals(state, seat),
    ]


def may_act(state: DogEatDogState, seat: int) -> bool:
    """Whether ``seat`` may do more than pass in the window: any trade counts, listed or not."""
    return (
        trade.may_propose(state, seat)
        or embezzle.may_embezzle(state, seat)
        or bool(state.players[seat].instructions)  # a standing instruction to withdraw
        or bool(honour.offers(state, seat))
    )


def first_asked(state: DogEatDogState, after: int, passed: list[int]) -> int | None:
    """The first player clockwise after ``after`` (or from him, when he has not passed) with
    something to do who has not passed since anyone last acted."""
    players = state.players
    for seat in clockwise(len(players), after):  # ``clockwise_from`` without building its list
        if players[seat].in_game and seat not in passed and may_act(state, seat):
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


def went_on_after(ctx: Context[DogEatDogState], proposer: int) -> None:
    """A trade of ``proposer``'s was answered or withdrawn: the window goes on with the player
    after him, everyone asked again, or closes when nobody has anything left to do
    ([TRADE-ANSWER])."""
    state = ctx.state
    speaker = first_asked(state, (proposer + 1) % len(state.players), [])
    ctx.emit(DogEatDogWindowClosed() if speaker is None else DogEatDogWindowWentOn(speaker=speaker))
