"""What things are worth to one seat of Dog Eat Dog, in $M, from what that seat may see: its
division's recipes, the goods and squares it holds, the board's printed numbers. The heuristic
player weighs auctions, dice bids, sales and trades with it.

The numbers follow the economy of ``board.json``: a raw material sells for 2d6 (7 on average),
a product for 2d6 + 20 (27), the Marketplace sells a raw material for $12M, a square is worth
the raw materials its icons give a division that uses them, turn after turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache

from domain.dogeatdog.catalog import Product, Raw, board, divisions, squares

#: The average 2d6 roll: a raw material's price, and a product's above its base.
AVERAGE_ROLL = 7
#: The pollution markers' type in goods and trades ([SELL-POLLUTION]).
POLLUTION = "pollution"
#: Money a seat keeps in its corporate account for wages, hiring and a card's bill.
RESERVE = 6
#: Money it keeps out of Switzerland besides: a missing input bought at the Marketplace and a
#: worker hired, so that embezzling never stops its business (REVIEW.md's bots kept one too).
WORKING_CAPITAL = 12
#: Units of a raw material its recipes use that it keeps rather than sell at an ordinary price.
KEPT_INPUTS = 2
#: What a square is worth before its icons: the place itself (a rival may not use it).
SQUARE_BASE = 4
#: What one useful icon is worth: a raw material a turn, for the turns a square lasts.
ICON_WORTH = 4
#: A Current Event or an official held, for a trade: a card's use, on average.
CARD_WORTH = 3
OFFICIAL_WORTH = 6

PRODUCTS = frozenset(product.value for product in Product)
RAWS = frozenset(raw.value for raw in Raw)


def product_price() -> int:
    return board().economy.product_price_base + AVERAGE_ROLL


def market_price() -> int:
    return board().economy.marketplace_buy_price


@cache
def recipes(division: str | None) -> tuple[tuple[str, dict[str, int]], ...]:
    """Each product ``division`` makes and its inputs (``any_raw``, ``pollution`` as printed)."""
    if division is None or division not in divisions():
        return ()
    found: list[tuple[str, dict[str, int]]] = []
    for recipe in divisions()[division].recipes:
        inputs = {name: count for name, count in _fields(recipe.inputs).items() if count}
        found.append((recipe.out.value, inputs))
    return tuple(found)


def _fields(inputs: object) -> dict[str, int]:
    names = ("iron", "timber", "coal", "chemicals", "oil", "any_raw", "pollution")
    return {name: int(getattr(inputs, name, 0)) for name in names}


@cache
def inputs(division: str | None) -> frozenset[str]:
    """The raw materials (and markers) ``division``'s recipes consume; every raw material for a
    recipe of any one raw material."""
    used: set[str] = set()
    for _, needs in recipes(division):
        for name in needs:
            used |= RAWS if name == "any_raw" else {name}
    return frozenset(used)


def makeable(division: str | None, goods: Mapping[str, int]) -> int:
    """How many products ``division`` could make from ``goods``, one recipe after another,
    greedily (an estimate: D.K. Mart's recipes share inputs)."""
    held = dict(goods)
    made = 0
    limit = 1 if division is not None and _once_per_turn(division) else None
    for _, needs in recipes(division):
        count = 0
        while all(_has(held, name, need) for name, need in needs.items()):
            for name, need in needs.items():
                _take(held, name, need)
            count += 1
            if limit is not None and count >= limit:
                break
        made += count
    return made


def _once_per_turn(division: str) -> bool:
    return divisions()[division].max_per_product_per_turn is not None


def _has(held: Mapping[str, int], name: str, need: int) -> bool:
    if name == "any_raw":
        return sum(held.get(raw, 0) for raw in RAWS) >= need
    return held.get(name, 0) >= need


def _take(held: dict[str, int], name: str, need: int) -> None:
    if name != "any_raw":
        held[name] = held.get(name, 0) - need
        return
    for _ in range(need):
        richest = max(sorted(RAWS), key=lambda raw: held.get(raw, 0))
        held[richest] -= 1


def good_worth(division: str | None, good: str, goods: Mapping[str, int]) -> float:
    """One more unit of ``good`` to a seat of ``division`` holding ``goods``."""
    if good in PRODUCTS:
        return product_price()
    if good == POLLUTION:
        return AVERAGE_ROLL if POLLUTION in inputs(division) else 0
    if good not in inputs(division):
        return AVERAGE_ROLL - 1
    return _input_worth(division, good, tuple(goods.items()))


# The heuristic weighs the same few holdings again and again (every trade listed, every
# decision of a turn): what they make is worked out once for each.
@lru_cache(maxsize=4096)
def _input_worth(division: str | None, good: str, held: tuple[tuple[str, int], ...]) -> float:
    """``good_worth`` of an input of ``division``'s recipes, to a seat holding ``held``."""
    goods = dict(held)
    # An input completes a product when its partner is held: worth most of the product.
    more = dict(goods)
    more[good] = more.get(good, 0) + 1
    if makeable(division, more) > makeable(division, goods):
        return product_price() - market_price() // 2
    return AVERAGE_ROLL + 2


def square_worth(division: str | None, square: str, stage: int) -> float:
    """A nature square at ``stage`` to a seat of ``division``: its place, and each icon it
    shows that the division's recipes use."""
    icons = squares()[square].icons.at(stage)
    useful = inputs(division)
    return SQUARE_BASE + sum(ICON_WORTH + (2 if icon.value in useful else 0) for icon in icons)
