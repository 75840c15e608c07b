"""Every rate of the economy for one player at this moment, in one place ([LAW-COMPOSE]): wages,
the hiring cost, the Marketplace price and the delta of product prices, from the board's
constants and what the active player landed on this turn ([SPACE-STRIKE],
[SPACE-LABOR-EXCHANGE], [SPACE-COMMODITY-EXCHANGE], [SPACE-TRADE-SHOW]).

Laws in force come with the Red Tape cards (DESIGN.md, next steps): they will enter here and
nowhere else. The spaces' numbers are our design (RULES.md section 23, D2, D3), read from each
space's ``rates`` in ``board.json``.
"""

from __future__ import annotations

from domain.dogeatdog.catalog import SpaceKind, SpaceRates, board, space
from domain.dogeatdog.state import DogEatDogState
from domain.events.dogeatdog import StrikeChoice


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


def wage(state: DogEatDogState) -> int:
    """[PAY-WAGES]: per worker, for the active player; WALKOUT waives it, SETTLE doubles it."""
    if state.turn.strike is StrikeChoice.WALKOUT:
        return 0
    if state.turn.strike is StrikeChoice.SETTLE:
        settle = _strike_rates().settle_wage_per_worker
        assert settle is not None  # checked by the catalog
        return settle
    return board().economy.wage_per_worker


def hire_cost(state: DogEatDogState) -> int:
    """[HIRE-COST]: per worker hired by the active player."""
    discount = _space_rates(state).hire_cost
    return board().economy.hire_cost if discount is None else discount


def market_price(state: DogEatDogState) -> int:
    """[BUY-MARKET]: per item the active player buys from the Marketplace."""
    discount = _space_rates(state).marketplace_buy_price
    return board().economy.marketplace_buy_price if discount is None else discount


def product_delta(state: DogEatDogState, *, bonus: bool = False) -> int:
    """What a product's price adds to its roll: 20, or 25 after landing on the Trade Show
    (not in the bonus round, which is nobody's turn)."""
    base = board().economy.product_price_base
    delta = None if bonus else _space_rates(state).product_price_delta
    return base if delta is None else base + delta


def workers_idle(state: DogEatDogState) -> bool:
    """[SPACE-STRIKE]: after a WALKOUT no worker of the active player works this turn."""
    return state.turn.strike is StrikeChoice.WALKOUT
