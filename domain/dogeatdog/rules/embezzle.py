"""Embezzlement (RULES.md section 15): once a round, in an open window, a player commits an
amount from $1M to half his corporate account secretly ([EMBEZZLE-ONCE], [EMBEZZLE-AMOUNT]);
every other holder of an Internal Investigation, clockwise from his left, may play one to stop
it ([EMBEZZLE-DECLARE]); if nobody does, the amount moves to his Swiss account
([EMBEZZLE-SUCCEED]) and the Swiss target is checked ([END-SWISS-150]). A stopped embezzlement
uses up the round's all the same (R23). The bonus round's part 3 uses the same declaration and
answers and uses up nothing ([END-BONUS-EMBEZZLE]).

Nothing here reads the amount but the resolution: who is asked, in which order, and what they
may answer are the same whatever was committed, so no other seat can tell it ([SEE-PRIVATE])."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from domain.context import Context
from domain.dogeatdog.actions import (
    DecisionKind,
    DogEatDogAction,
    DogEatDogDecision,
    DogEatDogEmbezzle,
    DogEatDogInvestigate,
    DogEatDogLetEmbezzle,
)
from domain.dogeatdog.catalog import cards
from domain.dogeatdog.effects import CancelEmbezzlement
from domain.dogeatdog.state import DogEatDogState
from domain.events.dogeatdog import (
    DogEatDogEmbezzlementDeclared,
    DogEatDogEmbezzlementStopped,
    DogEatDogEmbezzlementSucceeded,
    DogEatDogInvestigationDeclined,
    DogEatDogInvestigationPlayed,
)


def investigation(state: DogEatDogState, seat: int) -> str | None:
    """The first Internal Investigation ``seat`` holds, if any ([REDTAPE-HAND])."""
    for card in state.players[seat].current_events:
        if any(
            isinstance(effect, CancelEmbezzlement)
            for effect in getattr(cards()[card], "effects", ())
        ):
            return card
    return None


def most(state: DogEatDogState, seat: int) -> int:
    """The largest amount ``seat`` may embezzle: half his corporate account, rounded down."""
    return state.players[seat].corporate // 2


def amounts(state: DogEatDogState, seat: int) -> list[DogEatDogEmbezzle]:
    """Every amount ``seat`` may commit now ([EMBEZZLE-AMOUNT]); none when he may not embezzle."""
    return list(_up_to(most(state, seat)))


@lru_cache(maxsize=256)
def _up_to(largest: int) -> tuple[DogEatDogEmbezzle, ...]:
    """The embezzlements of $1M to ``largest``: made once each, as every window lists them."""
    return tuple(DogEatDogEmbezzle(amount=amount) for amount in range(1, largest + 1))


def offers(state: DogEatDogState, seat: int) -> Sequence[DogEatDogAction]:
    """What ``seat`` may embezzle in the open window: once a round ([EMBEZZLE-ONCE]), while he
    holds a division. (While an embezzlement awaits its holders' answers nobody is asked in
    the window; the embezzler's own is used up as soon as he declares.)"""
    return amounts(state, seat) if may_embezzle(state, seat) else []


def may_embezzle(state: DogEatDogState, seat: int) -> bool:
    """Whether ``offers`` lists any amount for ``seat``, without listing them (a window asks
    this of every player each time someone passes)."""
    player = state.players[seat]
    if not player.in_game or player.division is None:
        return False
    if player.embezzled_round == state.round or _not_his_turn(state, seat):
        return False
    return most(state, seat) >= 1


def _not_his_turn(state: DogEatDogState, seat: int) -> bool:
    """[VAR-EMBEZZLE-OWN-TURN]: only in the windows of his own turn (the bonus round's part 3
    is no window and stays open to all)."""
    return state.settings.embezzle_own_turn and state.bonus is None and seat != state.turn.seat


def refusal(state: DogEatDogState, seat: int) -> str:
    """The rule an embezzlement not offered breaks."""
    if state.players[seat].embezzled_round == state.round and state.bonus is None:
        return "EMBEZZLE-ONCE"
    if _not_his_turn(state, seat):
        return "VAR-EMBEZZLE-OWN-TURN"
    return "EMBEZZLE-AMOUNT"


def declare(ctx: Context[DogEatDogState], seat: int, amount: int, *, bonus: bool = False) -> None:
    """[EMBEZZLE-AMOUNT], [EMBEZZLE-DECLARE]: the holders asked are fixed now."""
    state = ctx.state
    holders = tuple(
        other for other in state.clockwise_from(seat)[1:] if investigation(state, other) is not None
    )
    public = state.settings.open_info  # [VAR-OPEN-INFO]
    declared = DogEatDogEmbezzlementDeclared(
        seat=seat, amount=amount, asked=holders, bonus=bonus, public=public
    )
    ctx.emit(declared)


def awaiting(state: DogEatDogState) -> DogEatDogDecision | None:
    embezzlement = state.embezzlement
    if embezzlement is None or not embezzlement.asked:
        return None
    return DogEatDogDecision(seat=embezzlement.asked[0], kind=DecisionKind.INVESTIGATION)


def legal_actions() -> list[DogEatDogAction]:
    return [DogEatDogLetEmbezzle(), DogEatDogInvestigate()]


def answer(ctx: Context[DogEatDogState], seat: int, action: DogEatDogAction) -> None:
    state = ctx.state
    card = investigation(state, seat)
    if isinstance(action, DogEatDogInvestigate) and card is not None:
        ctx.emit(DogEatDogInvestigationPlayed(seat=seat, card=card))
    else:
        ctx.emit(DogEatDogInvestigationDeclined(seat=seat))


def resolve(ctx: Context[DogEatDogState], speaker: int | None) -> bool:
    """Once every holder has answered: the embezzlement stopped or done; ``speaker`` is who is
    asked next in the open window. Whether the Swiss target is reached ([END-SWISS-150])."""
    embezzlement = ctx.state.embezzlement
    if embezzlement is None:
        return False
    seat, amount = embezzlement.seat, embezzlement.amount
    public = ctx.state.settings.open_info  # [VAR-OPEN-INFO]
    if embezzlement.stopped_by is not None:
        stopped = DogEatDogEmbezzlementStopped(
            seat=seat, amount=amount, speaker=speaker, public=public
        )
        ctx.emit(stopped)
        return False
    done = DogEatDogEmbezzlementSucceeded(seat=seat, amount=amount, speaker=speaker, public=public)
    ctx.emit(done)
    return ctx.state.players[seat].swiss >= ctx.state.settings.target
