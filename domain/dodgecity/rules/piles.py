"""Drawing from the draw pile and the event pile, reshuffling their discards when empty
([PASS-RESHUFFLE])."""

from __future__ import annotations

from domain.dodgecity.rules.context import Context
from domain.events.dodgecity import (
    CardsDealt,
    CardsDrawn,
    DrawPileShuffled,
    EventCardDrawn,
    EventPileShuffled,
)


def reshuffle_draw_pile(ctx: Context) -> bool:
    """Form a new draw pile from the discard pile; False when both piles are empty."""
    discard = [entry.card for entry in ctx.state.discard]
    if not discard:
        return False
    ctx.emit(DrawPileShuffled(order=tuple(ctx.rng.shuffled(discard)), from_discard=True))
    return True


def draw_cards(ctx: Context, seat: int, count: int, *, cause: str | None = None) -> int:
    """Give ``seat`` up to ``count`` cards from the top; a draw from two empty piles is skipped.
    ``cause`` None means the pass's deal. Returns how many cards were drawn."""
    drawn = 0
    while drawn < count:
        pile = ctx.state.draw_pile
        if not pile and not reshuffle_draw_pile(ctx):
            break
        pile = ctx.state.draw_pile
        cards = tuple(pile[: count - drawn])
        if cause is None:
            ctx.emit(CardsDealt(seat=seat, cards=cards))
        else:
            ctx.emit(CardsDrawn(seat=seat, cards=cards, cause=cause))
        drawn += len(cards)
    return drawn


def top_card(ctx: Context) -> str | None:
    """The top card of the draw pile, reshuffling first if needed; None if both piles are empty."""
    if not ctx.state.draw_pile and not reshuffle_draw_pile(ctx):
        return None
    return ctx.state.draw_pile[0]


def draw_event_card(ctx: Context, seat: int) -> bool:
    """Turn up the top event card for ``seat``; False only if no event card is left anywhere."""
    state = ctx.state
    if not state.event_pile:
        if not state.event_discard:
            return False
        order = tuple(ctx.rng.shuffled(state.event_discard))
        ctx.emit(EventPileShuffled(order=order, from_discard=True))
    ctx.emit(EventCardDrawn(seat=seat, event=state.event_pile[0]))
    return True
