"""Step 5, produce and pollute (RULES.md section 13), and the bonus round's production
([END-BONUS-PRODUCE]): one product at a time, each by an unused worker ([PRODUCE-WORKER]) from
his division's recipe ([PRODUCE-RECIPE]), D.K. Mart each product once a turn ([DIV-DKMART]);
then the pollution owed, ceil(n / 2) markers for n products, by every division but Waste
Mismanagement ([PRODUCE-POLLUTE], [DIV-WM]), placed by ``pollution``."""

from __future__ import annotations

from domain.context import Context
from domain.dogeatdog.actions import (
    DecisionKind,
    DogEatDogAction,
    DogEatDogDecision,
    DogEatDogMake,
    DogEatDogPlaceMarker,
    DogEatDogStopProducing,
)
from domain.dogeatdog.catalog import Raw, Recipe, divisions
from domain.dogeatdog.rules import goods, honour, pollution, rates
from domain.dogeatdog.state import DogEatDogState
from domain.events.dogeatdog import (
    DogEatDogPollutionOwed,
    DogEatDogProductionStopped,
    DogEatDogProductMade,
    DogEatDogStepEnded,
    Step,
)


def made(state: DogEatDogState, seat: int) -> dict[str, int]:
    """The products ``seat`` made this turn, or in the bonus round."""
    if state.bonus is not None:
        return state.bonus.made.get(seat, {})
    return state.turn.made


def _worker_free(state: DogEatDogState, seat: int) -> bool:
    if state.bonus is not None:  # one product per worker he has ([END-BONUS-PRODUCE])
        return sum(made(state, seat).values()) < state.players[seat].workers
    return (
        goods.free_workers(state, seat) > 0
        and not rates.workers_idle(state)
        and not rates.production_forbidden(state)
    )


def _inputs(recipe: Recipe, raw: Raw | None) -> tuple[str, ...] | None:
    """The goods one product consumes, or None when ``raw`` does not fit the recipe."""
    needed = recipe.inputs
    named = tuple(r.value for r in Raw for _ in range(getattr(needed, r.value)))
    if needed.any_raw:
        return None if raw is None else (*named, *(raw.value,) * needed.any_raw)
    return None if raw is not None else named


def _recipe(state: DogEatDogState, seat: int, product: str) -> Recipe | None:
    division = state.players[seat].division
    if division is None:
        return None
    return next((r for r in divisions()[division].recipes if r.out.value == product), None)


def makeable(state: DogEatDogState, seat: int) -> list[DogEatDogAction]:
    """Every product ``seat`` may make now, one action each (per raw material for a recipe
    that takes any one)."""
    division = state.players[seat].division
    if division is None or not _worker_free(state, seat):
        return []
    found: list[DogEatDogAction] = []
    for recipe in divisions()[division].recipes:
        choices = [None] if not recipe.inputs.any_raw else list(Raw)
        for raw in choices:
            action = DogEatDogMake(product=recipe.out.value, raw=raw)
            if refusal(state, seat, action) is None:
                found.append(action)
    return found


def refusal(state: DogEatDogState, seat: int, action: DogEatDogMake) -> str | None:
    """The rule making ``action`` now would break, or None."""
    player = state.players[seat]
    recipe = _recipe(state, seat, action.product)
    if recipe is None:
        return "PRODUCE-RECIPE"
    if not _worker_free(state, seat):
        return "PRODUCE-WORKER"
    limit = divisions()[player.division or ""].max_per_product_per_turn
    if limit is not None and made(state, seat).get(action.product, 0) >= limit:
        return "DIV-DKMART"
    inputs = _inputs(recipe, action.raw)
    if inputs is None or state.supply.get(action.product, 0) < 1:
        return "PRODUCE-RECIPE"
    if any(player.goods.get(good, 0) < inputs.count(good) for good in set(inputs)):
        return "PRODUCE-RECIPE"
    if player.pollution_markers < recipe.inputs.pollution:
        return "PRODUCE-RECIPE"
    return None


def make(ctx: Context[DogEatDogState], seat: int, action: DogEatDogMake) -> None:
    recipe = _recipe(ctx.state, seat, action.product)
    inputs = None if recipe is None else _inputs(recipe, action.raw)
    if recipe is None or inputs is None:
        return  # refused before: ``refusal`` named the rule
    ctx.emit(
        DogEatDogProductMade(
            seat=seat,
            product=action.product,
            inputs=inputs,  # type: ignore[arg-type]
            pollution=recipe.inputs.pollution,
        )
    )


# -- the step -------------------------------------------------------------------------------


def awaiting(state: DogEatDogState) -> DogEatDogDecision | None:
    turn = state.turn
    seat = turn.seat
    if turn.placement is not None:
        if len(pollution.least_served(state, seat)) > 1 and state.supply_pollution:
            return DogEatDogDecision(seat=seat, kind=DecisionKind.POLLUTE)
        return None
    if not turn.producing_stopped and not turn.pollution_owed and makeable(state, seat):
        return DogEatDogDecision(seat=seat, kind=DecisionKind.PRODUCE)
    return None


def proceed(ctx: Context[DogEatDogState]) -> None:
    """Nothing more to make: the pollution owed, then the step's end."""
    state = ctx.state
    turn = state.turn
    seat = turn.seat
    if not turn.pollution_owed:
        count = sum(turn.made.values())
        division = state.players[seat].division
        if count and division is not None and divisions()[division].pollutes:
            owed = rates.pollution_owed(state, count)
            # [VAR-HONOUR]: the pollution duty asks him first; his answer records what is owed.
            if honour.ask(ctx, honour.POLLUTE, honour.POLLUTION_DUTY, due=owed, lawful=0):
                return
            if honour.POLLUTE not in state.turn.answers:
                ctx.emit(DogEatDogPollutionOwed(seat=seat, count=owed))
    pollution.place(ctx)
    if state.turn.placement is None:
        ctx.emit(DogEatDogStepEnded(seat=seat, step=Step.PRODUCE))


def legal_actions(state: DogEatDogState, decision: DogEatDogDecision) -> list[DogEatDogAction]:
    if decision.kind is DecisionKind.POLLUTE:
        return [
            DogEatDogPlaceMarker(square=s) for s in pollution.least_served(state, decision.seat)
        ]
    return [*makeable(state, decision.seat), DogEatDogStopProducing()]


def act(ctx: Context[DogEatDogState], seat: int, action: DogEatDogAction) -> None:
    if isinstance(action, DogEatDogMake):
        make(ctx, seat, action)
    elif isinstance(action, DogEatDogStopProducing):
        ctx.emit(DogEatDogProductionStopped(seat=seat))
    elif isinstance(action, DogEatDogPlaceMarker):
        pollution.place_one(ctx, seat, action.square)
        pollution.place(ctx)


def refusal_of(state: DogEatDogState, seat: int, action: DogEatDogAction) -> str:
    if isinstance(action, DogEatDogMake):
        return refusal(state, seat, action) or "PRODUCE-WORKER"
    if isinstance(action, DogEatDogPlaceMarker):
        eligible = pollution.eligible(state, seat)
        return "POLLUTE-EVEN" if action.square in eligible else "POLLUTE-ELIGIBLE"
    return "PRODUCE-WORKER"
