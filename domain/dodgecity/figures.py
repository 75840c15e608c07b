"""The five figures, their order, stone prices and building values (RULES.md section 1)."""

from __future__ import annotations

from enum import StrEnum


class Figure(StrEnum):
    LADY = "lady"
    GUNMAN = "gunman"
    SHERIFF = "sheriff"
    BANDIT = "bandit"
    COWBOY = "cowboy"


#: Rank of each figure, lady highest ([RANK-FIGURE]); also the building value in points.
FIGURE_RANK: dict[Figure, int] = {
    Figure.LADY: 5,
    Figure.GUNMAN: 4,
    Figure.SHERIFF: 3,
    Figure.BANDIT: 2,
    Figure.COWBOY: 1,
}

#: Price of one stone bought into a building of this figure ([BUY-PRICE]).
STONE_PRICE: dict[Figure, int] = {
    Figure.LADY: 300,
    Figure.GUNMAN: 250,
    Figure.SHERIFF: 200,
    Figure.BANDIT: 150,
    Figure.COWBOY: 100,
}

#: What the bank pays for a stone in a forced sale: half its price ([EVENT-SELL]).
FORCED_SALE_PRICE: dict[Figure, int] = {figure: price // 2 for figure, price in STONE_PRICE.items()}

#: Two symbol discs per figure ([COMP-DISCS]): a third building of one figure cannot be claimed.
SYMBOL_DISCS_PER_FIGURE = 2


def building_value(figure: Figure) -> int:
    """Points a building of this figure is worth when scored ([SCORE-BUILDING])."""
    return FIGURE_RANK[figure]


def rent(figure: Figure) -> int:
    """One-off rent paid on scoring: 2 x value x $100 ([SCORE-BUILDING])."""
    return 2 * building_value(figure) * 100
