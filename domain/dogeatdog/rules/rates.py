"""Every rate of the economy for one player at this moment, in one place ([LAW-COMPOSE]): wages,
the hiring cost, the Marketplace price and the delta of product prices, from the board's
constants and what the active player landed on this turn ([SPACE-STRIKE],
[SPACE-LABOR-EXCHANGE], [SPACE-COMMODITY-EXCHANGE], [SPACE-TRADE-SHOW]).

Laws in force come with the Red Tape cards (DESIGN.md, next steps): they will enter here and
nowhere else. The spaces' numbers are our design (RULES.md section 23, D2, D3).
"""

from __future__ import annotations

from domain.dogeatdog.catalog import SpaceKind, board, space
from domain.dogeatdog.state import DogEatDogState
from domain.events.dogeatdog import StrikeChoice

SETTLE_WAGE = 2  # [SPACE-STRIKE]: $2M per worker this turn
LABOR_EXCHANGE_HIRE = 2  # [SPACE-LABOR-EXCHANGE]
COMMODITY_EXCHANGE_PRICE = 9  # [SPACE-COMMODITY-EXCHANGE]
TRADE_SHOW_DELTA = 5  # [SPACE-TRADE-SHOW]: 2d6+25 instead of 2d6+20
PRODUCT_BASE = 20  # [SELL-ROLL]: a product's price is the roll + 20


def landed(state: DogEatDogState) -> SpaceKind | None:
    """The kind of space the active player landed on this turn, once he has moved."""
    move = state.turn.move
    return None if move is None else space(move[1]).kind


def wage(state: DogEatDogState) -> int:
    """[PAY-WAGES]: per worker, for the active player; WALKOUT waives it, SETTLE doubles it."""
    if state.turn.strike is StrikeChoice.WALKOUT:
        return 0
    if state.turn.strike is StrikeChoice.SETTLE:
        return SETTLE_WAGE
    return board().economy.wage_per_worker


def hire_cost(state: DogEatDogState) -> int:
    """[HIRE-COST]: per worker hired by the active player."""
    if landed(state) is SpaceKind.LABOR_EXCHANGE:
        return LABOR_EXCHANGE_HIRE
    return board().economy.hire_cost


def market_price(state: DogEatDogState) -> int:
    """[BUY-MARKET]: per item the active player buys from the Marketplace."""
    if landed(state) is SpaceKind.COMMODITY_EXCHANGE:
        return COMMODITY_EXCHANGE_PRICE
    return board().economy.marketplace_buy_price


def product_delta(state: DogEatDogState, *, bonus: bool = False) -> int:
    """What a product's price adds to its roll: 20, or 25 after landing on the Trade Show
    (not in the bonus round, which is nobody's turn)."""
    if not bonus and landed(state) is SpaceKind.TRADE_SHOW:
        return PRODUCT_BASE + TRADE_SHOW_DELTA
    return PRODUCT_BASE


def workers_idle(state: DogEatDogState) -> bool:
    """[SPACE-STRIKE]: after a WALKOUT no worker of the active player works this turn."""
    return state.turn.strike is StrikeChoice.WALKOUT
