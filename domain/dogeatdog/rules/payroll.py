"""Step 3, payroll (RULES.md section 11) and insolvency (section 16): the active player pays his
wages ([PAY-WAGES], the rate of ``rates``); if he cannot, he pays all he has, the rest is waived
and he is insolvent ([PAY-SHORT], [INSOLVENT-LATER]): his turn ends and he chooses bankruptcy
([BANKRUPT-OUT]) or reorganisation ([REORG-CLEAR]); a reorganised player takes a free division
at the start of his next turn ([REORG-RESTART]).

The open window for trades that [INSOLVENT-LATER] gives first is the window before this step
([TURN-WINDOW]), in which he may trade for the wages he knows he owes (``rules/trade.py``)."""

from __future__ import annotations

from domain.context import Context
from domain.dogeatdog.actions import DogEatDogAction, DogEatDogGoBankrupt, DogEatDogReorganise
from domain.dogeatdog.effects import Rate
from domain.dogeatdog.rules import honour, rates
from domain.dogeatdog.state import DogEatDogState
from domain.events.dogeatdog import (
    DogEatDogGameEnded,
    DogEatDogInsolvent,
    DogEatDogReorganised,
    DogEatDogStepEnded,
    DogEatDogWagesPaid,
    DogEatDogWentBankrupt,
    Step,
)


def begin(ctx: Context[DogEatDogState]) -> None:
    state = ctx.state
    seat = state.turn.seat
    player = state.players[seat]
    due = player.workers * rates.wage(state, lawless=honour.breached(state, honour.WAGES))
    if due > player.corporate:
        ctx.emit(
            DogEatDogInsolvent(seat=seat, paid=player.corporate, waived=due - player.corporate)
        )
    elif due:
        ctx.emit(DogEatDogWagesPaid(seat=seat, amount=due))


def proceed(ctx: Context[DogEatDogState]) -> None:
    """The wages, once the owned laws of the step have been asked about ([LAW-OWNED]); the
    step ends unless they made him insolvent. With [VAR-HONOUR] a law that raises them asks him
    first whether he complies ([HONOUR-BREACH])."""
    state = ctx.state
    workers = state.players[state.turn.seat].workers
    law = rates.law_setting(state, Rate.WAGE_PER_WORKER)
    due, lawful = workers * rates.wage(state), workers * rates.wage(state, lawless=True)
    if workers and honour.ask(ctx, honour.WAGES, law, due=due, lawful=lawful):
        return
    begin(ctx)
    if not ctx.state.turn.insolvent:
        ctx.emit(DogEatDogStepEnded(seat=ctx.state.turn.seat, step=Step.PAYROLL))


def legal_actions() -> list[DogEatDogAction]:
    return [DogEatDogGoBankrupt(), DogEatDogReorganise()]


def act(ctx: Context[DogEatDogState], seat: int, action: DogEatDogAction) -> None:
    if isinstance(action, DogEatDogGoBankrupt):
        ctx.emit(DogEatDogWentBankrupt(seat=seat))
        if len(ctx.state.in_game()) == 1:  # [BANKRUPT-OUT]: the last player left wins
            ctx.emit(DogEatDogGameEnded(reason="BANKRUPT-OUT"))
    else:
        ctx.emit(DogEatDogReorganised(seat=seat))


def reorganising(state: DogEatDogState) -> int | None:
    """[REORG-RESTART]: the active player, when his turn begins without a division."""
    seat = state.turn.seat
    if state.round == 0 or seat < 0 or state.turn.cut_short:
        return None
    player = state.players[seat]
    return seat if player.in_game and player.division is None else None


def restart_divisions(state: DogEatDogState, seat: int) -> list[str]:
    """[REORG-RESTART], [SETUP-WM]: the free division cards he may take, the one he gave up
    only if no other is free."""
    free = state.free_divisions()
    others = [division for division in free if division != state.players[seat].gave_up]
    return others or free
