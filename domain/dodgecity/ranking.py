"""Card ranking for the start round, duels, disputes and the final tie duel ([RANK-*])."""

from __future__ import annotations

from domain.dodgecity.catalog import Card, CardKind
from domain.dodgecity.figures import FIGURE_RANK

RankKey = tuple[int, int]

#: A "?" or a forced Indian ([RANK-QUESTION], [RANK-KEY]).
LOWEST_CARD: RankKey = (0, 0)
#: A seat with no card to show (only when both piles ran dry) ranks below everything.
NO_CARD: RankKey = (-1, -1)


def rank_key(card: Card) -> RankKey:
    """(figure rank, value) for figure cards; (0, 0) for "?" and for a (forced) Indian."""
    if card.kind in (CardKind.NUMBER, CardKind.PICTURE) and card.figure is not None:
        return (FIGURE_RANK[card.figure], card.value)
    return LOWEST_CARD


def best(keys: dict[int, RankKey]) -> tuple[RankKey, tuple[int, ...]]:
    """The top rank among seats and every seat holding it, in seat order."""
    top = max(keys.values())
    return top, tuple(sorted(seat for seat, key in keys.items() if key == top))
