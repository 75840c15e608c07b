"""Mandatory payments demanded by cards (RULES.md section 16): the active player's in his Move or
Sell step are made in full, a bank loan covering exactly the shortfall ([LOAN-WHEN]); anyone
else's are made as far as his corporate account allows, the rest waived, and never make him
insolvent ([INSOLVENT-OFFTURN]). Loans are repaid twice over at the end of the Sell step
([LOAN-REPAY], [SELL-LOAN-REPAY]); who cannot repay is insolvent ([INSOLVENT-LATER]).

[LOAN-WHEN] first gives an open window to raise the money by trades: that window in the middle
of a card's payment is not held yet (DESIGN.md: the move would pause for it), so the loan
follows at once; the windows around the steps are where he trades. Early
repayment in a window ([LOAN-REPAY]) costs the same twice the loan, so it is not offered until
windows ask anything at all. Taxes ([TAX-PASS]) are a third of what he has, never more.
"""

from __future__ import annotations

from domain.context import Context
from domain.dogeatdog.rules import rates
from domain.dogeatdog.state import DogEatDogState
from domain.events.dogeatdog import (
    DogEatDogInsolvent,
    DogEatDogLoanRepaid,
    DogEatDogLoanTaken,
    DogEatDogPaidToBank,
    DogEatDogPaidToPlayer,
    DogEatDogTaxPaid,
    Step,
)

#: [LOAN-REPAY]: 100% interest.
REPAY_FACTOR = 2


def may_borrow(state: DogEatDogState, seat: int) -> bool:
    """[LOAN-WHEN]: only the active player, only in his Move or Sell step."""
    turn = state.turn
    under_way = turn.step is not None and turn.step not in turn.steps_done
    return (
        seat == turn.seat
        and state.bonus is None
        and under_way
        and turn.step in (Step.MOVE, Step.SELL)
    )


def tax_due(state: DogEatDogState, corporate: int, *, lawless: bool = False) -> int:
    """[TAX-PASS]: a third of the corporate account, rounded down, from $26M (R8) or the
    threshold of a public Revised Tax Code ([LAW-COMPOSE]); ``lawless``: as a breach pays."""
    return corporate // 3 if corporate >= rates.tax_threshold(state, lawless=lawless) else 0


def tax(ctx: Context[DogEatDogState], seat: int, *, lawless: bool = False) -> None:
    due = tax_due(ctx.state, ctx.state.players[seat].corporate, lawless=lawless)
    if due:
        ctx.emit(DogEatDogTaxPaid(seat=seat, amount=due))


def pay_bank(ctx: Context[DogEatDogState], seat: int, amount: int, reason: str) -> None:
    """``seat`` pays ``amount`` $M to the bank: borrowing the shortfall when he may, else as
    far as he can."""
    state = ctx.state
    corporate = state.players[seat].corporate
    if amount <= 0:
        return
    if amount > corporate and may_borrow(state, seat):
        ctx.emit(DogEatDogLoanTaken(seat=seat, amount=amount - corporate))
        ctx.emit(DogEatDogPaidToBank(seat=seat, amount=amount, reason=reason))
        return
    paid = min(amount, corporate)
    ctx.emit(DogEatDogPaidToBank(seat=seat, amount=paid, reason=reason, waived=amount - paid))


def pay_player(ctx: Context[DogEatDogState], seat: int, to: int, amount: int, reason: str) -> None:
    """``seat``, not on turn, pays ``to`` as far as he can ([INSOLVENT-OFFTURN])."""
    paid = min(amount, ctx.state.players[seat].corporate)
    ctx.emit(
        DogEatDogPaidToPlayer(seat=seat, to=to, amount=paid, reason=reason, waived=amount - paid)
    )


def repay(ctx: Context[DogEatDogState]) -> None:
    """[LOAN-REPAY], [SELL-LOAN-REPAY]: twice the loans of this turn, or insolvency."""
    state = ctx.state
    seat, borrowed = state.turn.seat, state.turn.borrowed
    if not borrowed:
        return
    due, corporate = REPAY_FACTOR * borrowed, state.players[seat].corporate
    if due <= corporate:
        ctx.emit(DogEatDogLoanRepaid(seat=seat, amount=due))
    else:
        ctx.emit(DogEatDogInsolvent(seat=seat, paid=corporate, waived=due - corporate))
