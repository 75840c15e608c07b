"""Every rate of the economy for the active player at this moment, in one place ([LAW-COMPOSE]):
wages, the hiring and firing costs, the Marketplace price, the pollution ratio, the tax
threshold and the delta of product prices, from the board's constants, the space he landed on
this turn ([SPACE-STRIKE], [SPACE-LABOR-EXCHANGE], [SPACE-COMMODITY-EXCHANGE],
[SPACE-TRADE-SHOW]), the "this turn" Current Events he drew ([REDTAPE-CE]) and the public laws
([LAW-PUBLIC]). No other module adds numbers of its own.

Composition (R29): a waiver (WALKOUT, Union Concession) beats everything; among the effects
that set a cost the highest applies (so a law beats a discount of a space or a card), the
board's constant when none does; the lowest tax threshold and pollution ratio apply; price
deltas and per-unit fees add up. The public laws' fees bind everyone, whoever gains the square,
sells or extracts. An owned law applies only to the player it was invoked against this turn
([LAW-OWNED], [BRIBE-RESULT]), as a law in force for him alone. The spaces' numbers
are our design (RULES.md section 23, D2, D3), read from each space's ``rates`` in
``board.json``.
"""

from __future__ import annotations

from collections.abc import Iterator

from domain.dogeatdog.catalog import (
    CorruptOfficial,
    CurrentEvent,
    SpaceKind,
    SpaceRates,
    board,
    cards,
    space,
)
from domain.dogeatdog.effects import (
    Effect,
    ExtraFee,
    ExtraJobs,
    FeeOn,
    Forbid,
    PerUnitFee,
    PriceDelta,
    Rate,
    SetRate,
    Waive,
)
from domain.dogeatdog.state import DogEatDogState
from domain.events.dogeatdog import StrikeChoice

#: Pollution markers are owed for every two products, rounded up ([PRODUCE-POLLUTE]).
PRODUCTS_PER_MARKER = 2


def _space_rates(state: DogEatDogState) -> SpaceRates:
    """The rates of the space the active player landed on this turn (none before he moved)."""
    move = state.turn.move
    found = None if move is None else space(move[1]).rates
    return SpaceRates() if found is None else found


def _strike_rates() -> SpaceRates:
    """The Strike space's rates: the SETTLE wage also serves the Wildcat Strike card."""
    found = next(s.rates for s in board().track.spaces if s.kind is SpaceKind.STRIKE)
    assert found is not None  # the catalog refuses a Strike space without its rate
    return found


def this_turn(state: DogEatDogState) -> Iterator[Effect]:
    """The effects of the Current Events the active player drew this turn ([REDTAPE-CE])."""
    for card in state.turn.drawn:
        found = cards()[card]
        if isinstance(found, CurrentEvent):
            yield from found.effects


def laws(state: DogEatDogState) -> Iterator[Effect]:
    """The laws of the officials on the Public Laws sheet ([LAW-PUBLIC])."""
    for card in state.public_laws:
        found = cards()[card]
        if isinstance(found, CorruptOfficial):
            yield from found.effects


def invoked(state: DogEatDogState) -> Iterator[Effect]:
    """The laws invoked against the active player that apply to him this turn ([BRIBE-RESULT]);
    none in the bonus round, which is nobody's turn."""
    if state.bonus is not None:
        return
    for card in state.turn.invoked:
        found = cards()[card]
        if isinstance(found, CorruptOfficial):
            yield from found.effects


def _set(state: DogEatDogState, rate: Rate, *, lawless: bool = False) -> list[int]:
    """Every value a card of this turn, a public law or a law invoked against the active
    player sets ``rate`` to; ``lawless``: the cards' only, as a breach pays ([HONOUR-BREACH])."""
    effects = [*this_turn(state)] if lawless else [*this_turn(state), *laws(state), *invoked(state)]
    return [e.value for e in effects if isinstance(e, SetRate) and e.rate is rate]


def law_setting(state: DogEatDogState, rate: Rate) -> str | None:
    """The first law in force for the active player (public, then invoked) that sets ``rate``:
    the law a breach of it violates ([HONOUR-BREACH])."""
    invoked_now = [] if state.bonus is not None else state.turn.invoked
    for card in [*state.public_laws, *invoked_now]:
        found = cards()[card]
        if isinstance(found, CorruptOfficial) and any(
            isinstance(e, SetRate) and e.rate is rate for e in found.effects
        ):
            return card
    return None


def _cost(base: int, *effects: int | None) -> int:
    """[LAW-COMPOSE]: the highest of the effects that set a cost, the base when none does."""
    given = [value for value in effects if value is not None]
    return max(given) if given else base


def wage(state: DogEatDogState, *, lawless: bool = False) -> int:
    """[PAY-WAGES]: per worker, for the active player; WALKOUT or Union Concession waive it.
    ``lawless``: as if no law were in force (a breach, [HONOUR-BREACH])."""
    if state.turn.strike is StrikeChoice.WALKOUT or _waived(state):
        return 0
    settle = (
        _strike_rates().settle_wage_per_worker if state.turn.strike is StrikeChoice.SETTLE else None
    )
    found = _set(state, Rate.WAGE_PER_WORKER, lawless=lawless)
    return _cost(board().economy.wage_per_worker, settle, *found)


def _waived(state: DogEatDogState) -> bool:
    return any(isinstance(e, Waive) and e.what == "payroll" for e in this_turn(state))


def hire_cost(state: DogEatDogState, *, lawless: bool = False) -> int:
    """[HIRE-COST]: per worker hired by the active player (``lawless``: as a breach pays)."""
    found = _set(state, Rate.HIRE_COST, lawless=lawless)
    return _cost(board().economy.hire_cost, _space_rates(state).hire_cost, *found)


def fire_cost(state: DogEatDogState, *, lawless: bool = False) -> int:
    """[FIRE-FREE]: per worker fired; free unless a law says otherwise (``lawless``: as a
    breach pays)."""
    return _cost(0, *_set(state, Rate.FIRE_COST, lawless=lawless))


def market_price(state: DogEatDogState, *, lawless: bool = False) -> int:
    """[BUY-MARKET]: per item the active player buys from the Marketplace (``lawless``: as a
    breach pays)."""
    found = _set(state, Rate.MARKETPLACE_BUY_PRICE, lawless=lawless)
    return _cost(
        board().economy.marketplace_buy_price, _space_rates(state).marketplace_buy_price, *found
    )


def pollution_owed(state: DogEatDogState, products: int) -> int:
    """[PRODUCE-POLLUTE]: ceil(n / 2) markers for n products, ceil(n / 1) under an Emissions
    Act (the lowest ratio applies)."""
    ratio = min([PRODUCTS_PER_MARKER, *_set(state, Rate.PRODUCTS_PER_POLLUTION_MARKER)])
    return -(-products // ratio)


def tax_threshold(state: DogEatDogState, *, lawless: bool = False) -> int:
    """[TAX-PASS]: $26M, lower under a Revised Tax Code (the lowest applies); ``lawless``: as
    if no law were in force ([HONOUR-BREACH])."""
    return min([board().economy.tax_threshold, *_set(state, Rate.TAX_THRESHOLD, lawless=lawless)])


def product_delta(state: DogEatDogState, *, bonus: bool = False) -> int:
    """What a product's price adds to its roll: 20, plus the Trade Show's and this turn's cards'
    deltas (not in the bonus round, which is nobody's turn)."""
    base = board().economy.product_price_base
    if bonus:
        return base
    space_delta = _space_rates(state).product_price_delta or 0
    cards_delta = sum(e.delta for e in this_turn(state) if isinstance(e, PriceDelta))
    return base + space_delta + cards_delta


def land_fee(state: DogEatDogState) -> int:
    """The Land Transfer Fee on gaining a square, by whoever gains it: the highest public one
    ([LAW-COMPOSE]), nothing without one."""
    fees = [e.value for e in laws(state) if isinstance(e, ExtraFee) and e.on is FeeOn.GAIN_SQUARE]
    return max(fees, default=0)


def land_law(state: DogEatDogState) -> str | None:
    """The public law that charges the Land Transfer Fee, if any ([HONOUR-BREACH])."""
    for card in state.public_laws:
        found = cards()[card]
        if isinstance(found, CorruptOfficial) and any(
            isinstance(e, ExtraFee) and e.on is FeeOn.GAIN_SQUARE for e in found.effects
        ):
            return card
    return None


def gain_fee_of(card: str) -> int:
    """The Land Transfer Fee of ``card``'s law, charged to the one player it was invoked
    against when he gained a square ([LAW-OWNED])."""
    found = cards()[card]
    effects = found.effects if isinstance(found, CorruptOfficial) else ()
    return max(
        (e.value for e in effects if isinstance(e, ExtraFee) and e.on is FeeOn.GAIN_SQUARE),
        default=0,
    )


def fee_law(state: DogEatDogState, on: FeeOn, seat: int) -> str | None:
    """The first law (public, then invoked against ``seat``) that charges a per-unit fee
    ``on``: the law a breach of it violates ([HONOUR-BREACH])."""
    invoked_now = state.turn.invoked if seat == state.turn.seat and state.bonus is None else []
    for card in [*state.public_laws, *invoked_now]:
        found = cards()[card]
        if isinstance(found, CorruptOfficial) and any(
            isinstance(e, PerUnitFee) and e.on is on for e in found.effects
        ):
            return card
    return None


def unit_fee(state: DogEatDogState, on: FeeOn, seat: int) -> int:
    """The fee per product sold ([SELL-ALL]) or per raw material extracted by ``seat``: the
    public laws' fees and those invoked against him added up ([LAW-COMPOSE])."""
    effects = [*laws(state), *(invoked(state) if seat == state.turn.seat else ())]
    return sum(e.value for e in effects if isinstance(e, PerUnitFee) and e.on is on)


def workers_idle(state: DogEatDogState) -> bool:
    """[SPACE-STRIKE]: after a WALKOUT no worker of the active player works this turn."""
    return state.turn.strike is StrikeChoice.WALKOUT


def production_forbidden(state: DogEatDogState) -> bool:
    """A card of this turn forbids making products (Equipment Breakdown)."""
    return any(isinstance(e, Forbid) and e.what == "produce" for e in this_turn(state))


def extra_jobs(state: DogEatDogState) -> int:
    """Extra worker jobs this turn (Productivity Drive), for a player with a worker at all."""
    return sum(e.n for e in this_turn(state) if isinstance(e, ExtraJobs))
