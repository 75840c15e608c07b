"""Step 2, sell (RULES.md section 10): the active player prices one type he holds at a time by a
roll ([SELL-ROLL]); after each price every holder, clockwise from him, sells any number of units
or none ([SELL-ALL]); raw materials and pollution markers go to the Marketplace, products to the
supply, the money to the seller's corporate account ([SELL-DEST], [SWISS-INCOME]).

The loan repayment that ends the step ([SELL-LOAN-REPAY]) has nothing to repay while no
mandatory payment of the move or the sale can exceed the corporate account (taxes never do;
Red Tape cards and laws come next, DESIGN.md)."""

from __future__ import annotations

from domain.context import Context
from domain.dogeatdog.actions import (
    DecisionKind,
    DogEatDogAction,
    DogEatDogDecision,
    DogEatDogPrice,
    DogEatDogSell,
    DogEatDogStopSelling,
)
from domain.dogeatdog.effects import FeeOn
from domain.dogeatdog.rules import goods, honour, money, rates
from domain.dogeatdog.rules.dice import roll
from domain.dogeatdog.state import Compliance, DogEatDogState
from domain.errors import RuleViolation
from domain.events.dogeatdog import (
    DogEatDogGoodsSold,
    DogEatDogPriceRolled,
    DogEatDogSaleDeclined,
    DogEatDogSellingStopped,
    DogEatDogStepEnded,
    RollPurpose,
    Step,
)


def unpriced(state: DogEatDogState, seat: int) -> list[str]:
    """[SELL-ROLL]: the types ``seat`` holds that were not priced this turn."""
    return [g for g in goods.saleable(state.players[seat]) if g not in state.turn.priced]


def awaiting(state: DogEatDogState) -> DogEatDogDecision | None:
    turn = state.turn
    if turn.sale is not None and turn.sale.sellers:
        return DogEatDogDecision(seat=turn.sale.sellers[0], kind=DecisionKind.SELL)
    if not turn.selling_stopped and unpriced(state, turn.seat):
        return DogEatDogDecision(seat=turn.seat, kind=DecisionKind.PRICE)
    return None


def proceed(ctx: Context[DogEatDogState]) -> None:
    """Nothing is asked any more: the loans of this turn are repaid ([SELL-LOAN-REPAY]), and
    the step ends."""
    money.repay(ctx)
    ctx.emit(DogEatDogStepEnded(seat=ctx.state.turn.seat, step=Step.SELL))


def legal_actions(state: DogEatDogState, decision: DogEatDogDecision) -> list[DogEatDogAction]:
    if decision.kind is DecisionKind.PRICE:
        priced: list[DogEatDogAction] = [
            DogEatDogPrice(good=good)  # type: ignore[arg-type]
            for good in unpriced(state, decision.seat)
        ]
        return [*priced, DogEatDogStopSelling()]
    sale = state.turn.sale
    units = 0 if sale is None else goods.held(state.players[decision.seat], sale.good)
    return [DogEatDogSell(count=count) for count in range(units + 1)]


def refusal(state: DogEatDogState, seat: int, action: DogEatDogAction) -> str:
    """The rule a refused action of this step breaks."""
    if isinstance(action, DogEatDogPrice) and action.good == goods.POLLUTION:
        return "SELL-POLLUTION"
    return "SELL-ALL" if isinstance(action, DogEatDogSell) else "SELL-ROLL"


def act(ctx: Context[DogEatDogState], seat: int, action: DogEatDogAction) -> None:
    state = ctx.state
    if isinstance(action, DogEatDogStopSelling):
        ctx.emit(DogEatDogSellingStopped(seat=seat))
    elif isinstance(action, DogEatDogPrice):
        price_type(ctx, seat, action.good)
    elif isinstance(action, DogEatDogSell) and state.turn.sale is not None:
        sale = state.turn.sale
        if action.count:
            fee = excise(state, seat, sale.good, action.count)
            law = rates.fee_law(state, FeeOn.SELL_PRODUCT, seat)
            if honour.ask(ctx, honour.SELL, law, due=fee, lawful=0, count=action.count, seat=seat):
                return  # [VAR-HONOUR]: sold, with the fee his answer pays
            _sold(ctx, seat, action.count, fee)
        else:
            ctx.emit(DogEatDogSaleDeclined(seat=seat))


def _sold(ctx: Context[DogEatDogState], seat: int, count: int, fee: int) -> None:
    sale = ctx.state.turn.sale
    assert sale is not None  # sold only while a type is priced
    sold = DogEatDogGoodsSold(
        seat=seat,
        good=sale.good,  # type: ignore[arg-type]
        count=count,
        amount=count * sale.price,
        fee=fee,
    )
    ctx.emit(sold)


def answered(ctx: Context[DogEatDogState], compliance: Compliance) -> None:
    """[HONOUR-BREACH]: the sale asked about, with the Excise Tax his answer pays."""
    fee = compliance.lawful if honour.breached(ctx.state, compliance.question) else compliance.due
    _sold(ctx, compliance.seat, compliance.count, fee)


def excise(state: DogEatDogState, seller: int, good: str, count: int) -> int:
    """The Excise Tax on ``count`` units of ``good`` sold by ``seller``, if it is a product
    ([SELL-ALL]): charged per seller, out of the proceeds; a public one to everyone, an invoked
    one to its target ([BRIBE-RESULT])."""
    fee = rates.unit_fee(state, FeeOn.SELL_PRODUCT, seller)
    return count * fee if good in goods.PRODUCTS else 0


def price_type(ctx: Context[DogEatDogState], seat: int, good: str, *, bonus: bool = False) -> int:
    """[SELL-ROLL]: roll the price of ``good``: the roll for a raw material or pollution
    markers, the roll plus 20 (25 after the Trade Show) for a product. Its price."""
    total = roll(ctx, seat, RollPurpose.PRICE)
    price = total + (rates.product_delta(ctx.state, bonus=bonus) if good in goods.PRODUCTS else 0)
    sellers = goods.holders(ctx.state, good, seat)
    ctx.emit(DogEatDogPriceRolled(seat=seat, good=good, price=price, sellers=sellers))  # type: ignore[arg-type]
    return price


def check_good(good: str) -> None:
    if good not in goods.SALEABLE:
        raise RuleViolation("SELL-ROLL", f"{good!r} is no type of goods")
