"""Taking cards from the draw pile: drawing into a hand, "draw!" checks and the General Store's
display, each reshuffling the discard pile first when the draw pile is empty."""

from __future__ import annotations

from collections.abc import Callable

from domain.bang.catalog import CardInfo, card
from domain.bang.state import BangState
from domain.context import Context
from domain.events.bang import (
    BangCardsDrawn,
    BangCheckDrawn,
    BangPileShuffled,
    BangStoreRevealed,
    CheckPurpose,
)


def _refill(ctx: Context[BangState]) -> bool:
    """Reshuffle the discard pile into a new draw pile when the draw pile is empty
    ([DECK-RESHUFFLE]); cards resolving stay out of it ([DECK-RESOLVING]). False when both
    piles are empty ([DECK-EXHAUSTED])."""
    state = ctx.state
    if state.draw_pile:
        return True
    if not state.discard_pile:
        return False
    order = tuple(ctx.rng.shuffled(state.discard_pile))
    ctx.emit(BangPileShuffled(cards=order, size=len(order), reshuffle=True))
    return True


def draw(ctx: Context[BangState], seat: int, count: int, reason: str) -> int:
    """``seat`` takes ``count`` cards from the top of the draw pile ([DECK-DRAW-TOP]); fewer when
    both piles run out. Returns how many he got."""
    got = 0
    while got < count and _refill(ctx):
        taken = tuple(ctx.state.draw_pile[: count - got])
        ctx.emit(BangCardsDrawn(seat=seat, cards=taken, count=len(taken), reason=reason))
        got += len(taken)
    return got


def check(
    ctx: Context[BangState], seat: int, purpose: CheckPurpose, succeeds: Callable[[CardInfo], bool]
) -> bool:
    """ "Draw!" for ``purpose`` ([CHECK-PROCEDURE]); a check that finds no card fails
    ([READ-RESHUFFLE])."""
    if not _refill(ctx):
        ctx.emit(BangCheckDrawn(seat=seat, purpose=purpose, card=None, success=False))
        return False
    top = ctx.state.draw_pile[0]
    success = succeeds(card(top))
    ctx.emit(BangCheckDrawn(seat=seat, purpose=purpose, card=top, success=success))
    return success


def reveal(ctx: Context[BangState], count: int) -> None:
    """Lay out ``count`` cards for the General Store, or as many as there are ([DECK-EXHAUSTED])."""
    shown = 0
    while shown < count and _refill(ctx):
        cards = tuple(ctx.state.draw_pile[: count - shown])
        ctx.emit(BangStoreRevealed(cards=cards))
        shown += len(cards)
