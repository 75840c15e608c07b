"""Step 4, hire or fire (RULES.md section 12): workers come from the limited supply at the hiring
cost of ``rates`` ([HIRE-COST], [COMP-WORKERS]), fired ones go back for nothing ([FIRE-FREE]).

One answer a turn: hiring and firing in the same step would only pay for workers sent straight
back, so the step asks for one count to hire or to fire, or neither (DESIGN.md, readings)."""

from __future__ import annotations

from domain.context import Context
from domain.dogeatdog.actions import (
    DecisionKind,
    DogEatDogAction,
    DogEatDogDecision,
    DogEatDogFire,
    DogEatDogHire,
    DogEatDogKeepStaff,
)
from domain.dogeatdog.effects import Rate
from domain.dogeatdog.rules import honour, rates
from domain.dogeatdog.state import Compliance, DogEatDogState
from domain.events.dogeatdog import (
    DogEatDogStepEnded,
    DogEatDogWorkersFired,
    DogEatDogWorkersHired,
    Step,
)


def options(state: DogEatDogState) -> list[DogEatDogAction]:
    seat = state.turn.seat
    player = state.players[seat]
    most = min(state.supply_workers, player.corporate // rates.hire_cost(state))
    hires: list[DogEatDogAction] = [DogEatDogHire(count=n) for n in range(1, most + 1)]
    fee = rates.fire_cost(state)
    can_fire = player.workers if not fee else min(player.workers, player.corporate // fee)
    fires: list[DogEatDogAction] = [DogEatDogFire(count=n) for n in range(1, can_fire + 1)]
    return [*hires, *fires]


def awaiting(state: DogEatDogState) -> DogEatDogDecision | None:
    if options(state):
        return DogEatDogDecision(seat=state.turn.seat, kind=DecisionKind.STAFF)
    return None


def legal_actions(state: DogEatDogState) -> list[DogEatDogAction]:
    return [DogEatDogKeepStaff(), *options(state)]


def refusal(action: DogEatDogAction) -> str:
    return "FIRE-FREE" if isinstance(action, DogEatDogFire) else "HIRE-COST"


def act(ctx: Context[DogEatDogState], seat: int, action: DogEatDogAction) -> None:
    state = ctx.state
    if isinstance(action, DogEatDogHire):
        cost = action.count * rates.hire_cost(state)
        lawful = action.count * rates.hire_cost(state, lawless=True)
        law = rates.law_setting(state, Rate.HIRE_COST)
        if honour.ask(ctx, honour.HIRE, law, due=cost, lawful=lawful, count=action.count):
            return  # [VAR-HONOUR]: hired at the price he answers
        ctx.emit(DogEatDogWorkersHired(seat=seat, count=action.count, amount=cost))
    elif isinstance(action, DogEatDogFire):
        cost = action.count * rates.fire_cost(state)
        lawful = action.count * rates.fire_cost(state, lawless=True)
        law = rates.law_setting(state, Rate.FIRE_COST)
        if honour.ask(ctx, honour.FIRE, law, due=cost, lawful=lawful, count=action.count):
            return
        ctx.emit(DogEatDogWorkersFired(seat=seat, count=action.count, amount=cost))
    proceed(ctx)


def answered(ctx: Context[DogEatDogState], compliance: Compliance) -> None:
    """[HONOUR-BREACH]: hire or fire as asked, at the price his answer pays; the step ends."""
    seat = compliance.seat
    amount = (
        compliance.lawful if honour.breached(ctx.state, compliance.question) else compliance.due
    )
    if compliance.question == honour.HIRE:
        ctx.emit(DogEatDogWorkersHired(seat=seat, count=compliance.count, amount=amount))
    else:
        ctx.emit(DogEatDogWorkersFired(seat=seat, count=compliance.count, amount=amount))
    proceed(ctx)


def proceed(ctx: Context[DogEatDogState]) -> None:
    ctx.emit(DogEatDogStepEnded(seat=ctx.state.turn.seat, step=Step.HIRE))
