"""The bonus round that ends a game by [END-STAGE3], [END-STALL] or [END-LIMIT] (RULES.md
section 18): in the round's order each player makes one product per worker he has, with no
pollution ([END-BONUS-PRODUCE]); then each, in the same order, prices every type he holds that
was not priced yet, and every holder sells all his units of it at that price
([END-BONUS-SELL]); then each, in the same order, may embezzle up to half his corporate account,
Internal Investigation applying, which uses up nothing ([END-BONUS-EMBEZZLE]); then the game
ends and [END-WINNER] ranks it. Its open window for trades comes first, from the first player
of its order, and is not held while nobody has anything to offer (``rules/window.py``)."""

from __future__ import annotations

from domain.context import Context
from domain.dogeatdog.actions import DecisionKind, DogEatDogDecision
from domain.dogeatdog.rules import embezzle, goods, produce, window
from domain.dogeatdog.rules.sell import excise, price_type
from domain.dogeatdog.state import DogEatDogState
from domain.events.dogeatdog import (
    DogEatDogBonusRoundBegan,
    DogEatDogBonusSalesEnded,
    DogEatDogGameEnded,
    DogEatDogGoodsSold,
    DogEatDogWindowOpened,
)


def begin(ctx: Context[DogEatDogState], reason: str, first: int) -> None:
    """The bonus round, clockwise from ``first`` (or the next player in the game after him)."""
    order = tuple(ctx.state.clockwise_from(first))
    ctx.emit(DogEatDogBonusRoundBegan(reason=reason, order=order))
    speaker = window.first_asked(ctx.state, order[0], [])
    if speaker is not None:  # [END-BONUS-PRODUCE]: an open window for trades first
        ctx.emit(DogEatDogWindowOpened(seat=order[0], speaker=speaker, bonus=True))


def awaiting(state: DogEatDogState) -> DogEatDogDecision | None:
    bonus = state.bonus
    if bonus is None:
        return None
    for seat in bonus.order:
        if seat not in bonus.stopped and produce.makeable(state, seat):
            return DogEatDogDecision(seat=seat, kind=DecisionKind.PRODUCE)
    if not bonus.sold:
        return None
    for seat in bonus.order:
        if (
            seat not in bonus.embezzle_answered
            and state.players[seat].in_game
            and embezzle.most(state, seat)
        ):
            return DogEatDogDecision(seat=seat, kind=DecisionKind.EMBEZZLE)
    return None


def conclude(ctx: Context[DogEatDogState]) -> None:
    """Part 2, the forced sales; once part 3 is over, the end."""
    state = ctx.state
    bonus = state.bonus
    if bonus is None:
        return
    if bonus.sold:
        ctx.emit(DogEatDogGameEnded(reason=bonus.reason))
        return
    for seat in bonus.order:
        for good in goods.saleable(state.players[seat]):
            if good in bonus.priced:
                continue
            price = price_type(ctx, seat, good, bonus=True)
            for seller in goods.holders(state, good, seat):
                count = goods.held(state.players[seller], good)
                sold = DogEatDogGoodsSold(
                    seat=seller,
                    good=good,  # type: ignore[arg-type]
                    count=count,
                    amount=count * price,
                    fee=excise(state, seller, good, count),
                )
                ctx.emit(sold)
    ctx.emit(DogEatDogBonusSalesEnded())
