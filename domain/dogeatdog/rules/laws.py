"""Owned laws ([LAW-OWNED], [BRIBE-CHAIN], [BRIBE-RESULT]): an official owned by a player is no
public law; his owner is immune to it and may invoke it against the active player when its
trigger occurs in his turn. The engine asks the owner at the start of the step in which the
trigger occurs (before its payments and acts), owners clockwise from the active player's left;
an invocation opens a bribery chain with the target, and when the chain ends the law applies to
him for the rest of his turn unless he now owns the official. ``rules/rates.py`` reads the laws
that apply.

The steps of the triggers: payroll (step 3, when he has workers), hire and fire (step 4),
pollute (step 5), buy from the Marketplace and extract (step 6), sell a product (step 2, when
he holds one). Taxes are asked about when he passes the Taxes space, only when the law would
make him pay: the move pauses there and the space is reached again once it is decided.
Gaining a square happens to any bidder: when anyone but the owner wins an auction or a dice bid,
the owner is asked after the win and before the fee, and the fee is charged when the chain ends
([AUCTION-ELIGIBLE]: a mandatory payment like any other).

Standing instructions ([LAW-OWNED], "always / never invoke against X"): an owner asked may
answer and leave his answer standing for that law and that target; the rules then answer so
for him (recorded as his answer, ``standing``) until he withdraws it in an open window or loses
the official. They are public, like every invocation."""

from __future__ import annotations

from domain.context import Context
from domain.dogeatdog.actions import (
    DecisionKind,
    DogEatDogAction,
    DogEatDogDecision,
    DogEatDogDeclineInvoke,
    DogEatDogInvoke,
    DogEatDogWithdrawInstruction,
)
from domain.dogeatdog.catalog import CorruptOfficial, LawTrigger, cards
from domain.dogeatdog.effects import Rate, SetRate
from domain.dogeatdog.rules import bribery, goods, honour, money, rates
from domain.dogeatdog.state import Compliance, DogEatDogState
from domain.events.dogeatdog import (
    BriberyOccasion,
    DogEatDogInstructionGiven,
    DogEatDogInstructionWithdrawn,
    DogEatDogInvocationDeclined,
    DogEatDogInvocationOffered,
    DogEatDogInvocationResolved,
    DogEatDogLawInvoked,
    Step,
)

#: The step of the active player's turn in which each trigger occurs.
STEP_OF: dict[LawTrigger, Step] = {
    LawTrigger.PAYROLL: Step.PAYROLL,
    LawTrigger.HIRE: Step.HIRE,
    LawTrigger.FIRE: Step.HIRE,
    LawTrigger.POLLUTE: Step.PRODUCE,
    LawTrigger.BUY_MARKETPLACE: Step.EXPLOIT,
    LawTrigger.EXPLOIT_RAW: Step.EXPLOIT,
    LawTrigger.SELL_PRODUCT: Step.SELL,
}


def _official(card: str) -> CorruptOfficial:
    found = cards()[card]
    assert isinstance(found, CorruptOfficial)  # only officials are owned
    return found


def _occurs(state: DogEatDogState, trigger: LawTrigger) -> bool:
    """Whether the trigger can occur for the active player in this step at all."""
    player = state.players[state.turn.seat]
    if trigger is LawTrigger.PAYROLL:
        return player.workers > 0
    if trigger is LawTrigger.SELL_PRODUCT:
        return any(goods.held(player, good) for good in goods.PRODUCTS)
    return True


def next_due(state: DogEatDogState, step: Step) -> str | None:
    """The next owned law whose owner is to be asked in ``step``: owners clockwise from the
    active player's left, each one's officials in card order."""
    target = state.turn.seat
    for owner in state.clockwise_from(target)[1:]:
        officials = state.players[owner].officials
        if not officials:  # most players own none: nothing to sort
            continue
        for card in sorted(officials):
            trigger = _official(card).trigger
            if (
                STEP_OF.get(trigger) is step
                and card not in state.turn.asked_laws
                and _occurs(state, trigger)
            ):
                return card
    return None


def offer_at_taxes(ctx: Context[DogEatDogState], seat: int, before: int) -> bool:
    """[LAW-OWNED] on passing Taxes (the track space after ``before``): the owner of an owned
    law that would make ``seat`` pay is asked first; whether the move pauses for it."""
    state = ctx.state
    corporate = state.players[seat].corporate
    if money.tax_due(state, corporate):
        return False  # he pays all the same: invoking would change nothing
    for owner in state.clockwise_from(seat)[1:]:
        for card in sorted(state.players[owner].officials):
            law = _official(card)
            if law.trigger is not LawTrigger.TAXES or card in state.turn.asked_laws:
                continue
            lowered = [
                e.value
                for e in law.effects
                if isinstance(e, SetRate) and e.rate is Rate.TAX_THRESHOLD
            ]
            if corporate >= min([rates.tax_threshold(state), *lowered]):
                ctx.emit(
                    DogEatDogInvocationOffered(seat=owner, card=card, target=seat, space=before)
                )
                return True
    return False


def offer_on_gain(ctx: Context[DogEatDogState], seat: int) -> bool:
    """[LAW-OWNED] on gaining a square: ``seat`` has just won an auction or a dice bid; the
    owner of an owned law whose trigger that is (and who is not ``seat``) is asked before its
    fee is charged. Whether anyone is asked."""
    state = ctx.state
    for owner in state.clockwise_from(seat)[1:]:
        for card in sorted(state.players[owner].officials):
            if _official(card).trigger is LawTrigger.GAIN_SQUARE:
                space = state.turn.cursor if state.turn.cursor is not None else 0
                ctx.emit(
                    DogEatDogInvocationOffered(seat=owner, card=card, target=seat, space=space)
                )
                return True
    return False


def asked_now(state: DogEatDogState, step: Step | None) -> str | None:
    """The owned law whose owner is asked now: one offered at a space of the move or on a
    gain, else the next due at the start of the step under way."""
    if state.turn.offered_law is not None:
        return state.turn.offered_law
    return None if step is None else next_due(state, step)


def target(state: DogEatDogState) -> int:
    """Whom the law asked about or invoked now is against: the active player unless it was
    offered on another player's gain."""
    return state.turn.seat if state.turn.law_target is None else state.turn.law_target


def instructed(state: DogEatDogState, step: Step | None) -> bool | None:
    """The standing instruction that answers the question due now (invoke or not), if any."""
    card = asked_now(state, step)
    owner = None if card is None else bribery.owner_of(state, card)
    if card is None or owner is None:
        return None
    return state.players[owner].instructions.get((card, target(state)))


def awaiting(state: DogEatDogState, step: Step | None) -> DogEatDogDecision | None:
    """The owner's question due now; None when there is none or his instruction answers it."""
    return question(state, step)[0]


def question(state: DogEatDogState, step: Step | None) -> tuple[DogEatDogDecision | None, bool]:
    """``awaiting`` and whether a question is due at all (asked, or answered by its owner's
    standing instruction), the law due looked up once: the flow asks this of every step."""
    card = asked_now(state, step)
    owner = None if card is None else bribery.owner_of(state, card)
    if card is None or owner is None:
        return None, False
    if state.players[owner].instructions.get((card, target(state))) is not None:
        return None, True
    return DogEatDogDecision(seat=owner, kind=DecisionKind.INVOKE), True


def legal_actions() -> list[DogEatDogAction]:
    return [
        DogEatDogDeclineInvoke(),
        DogEatDogInvoke(),
        DogEatDogDeclineInvoke(standing=True),
        DogEatDogInvoke(standing=True),
    ]


def act(
    ctx: Context[DogEatDogState], seat: int, action: DogEatDogAction, step: Step | None
) -> None:
    card = asked_now(ctx.state, step)
    assert card is not None  # the decision is asked only then
    invoke = isinstance(action, DogEatDogInvoke)
    against = target(ctx.state)
    if getattr(action, "standing", False):
        ctx.emit(DogEatDogInstructionGiven(seat=seat, card=card, target=against, invoke=invoke))
    _answer(ctx, seat, card, invoke=invoke, standing=False)


def follow(ctx: Context[DogEatDogState], step: Step | None) -> None:
    """The owner's standing instruction answers the question due now for him."""
    state = ctx.state
    card = asked_now(state, step)
    invoke = instructed(state, step)
    assert card is not None  # followed only when an instruction answers
    assert invoke is not None
    owner = bribery.owner_of(state, card)
    assert owner is not None
    _answer(ctx, owner, card, invoke=invoke, standing=True)


def _answer(
    ctx: Context[DogEatDogState], seat: int, card: str, *, invoke: bool, standing: bool
) -> None:
    against = target(ctx.state)
    if not invoke:
        ctx.emit(
            DogEatDogInvocationDeclined(seat=seat, card=card, target=against, standing=standing)
        )
        return
    ctx.emit(DogEatDogLawInvoked(seat=seat, card=card, target=against, standing=standing))
    # [BRIBE-CHAIN]: the target may attempt first; nothing is offered when he cannot pay.
    bribery.offer(ctx, card, BriberyOccasion.CHAIN, [against])


def withdrawals(state: DogEatDogState, seat: int) -> list[DogEatDogAction]:
    """The standing instructions ``seat`` may withdraw in an open window."""
    if not state.players[seat].instructions:  # as most players have none: nothing to sort
        return []
    return [
        DogEatDogWithdrawInstruction(card=card, target=against)
        for card, against in sorted(state.players[seat].instructions)
    ]


def withdraw(ctx: Context[DogEatDogState], seat: int, action: DogEatDogWithdrawInstruction) -> None:
    ctx.emit(DogEatDogInstructionWithdrawn(seat=seat, card=action.card, target=action.target))


def resolve(ctx: Context[DogEatDogState]) -> None:
    """[BRIBE-RESULT]: the chain is over."""
    state = ctx.state
    card = state.turn.invoking
    assert card is not None
    against = target(state)
    applies = bribery.owner_of(state, card) != against
    ctx.emit(DogEatDogInvocationResolved(card=card, target=against, applies=applies))
    if applies and _official(card).trigger is LawTrigger.GAIN_SQUARE:
        # [AUCTION-ELIGIBLE]: the fee of an invoked law is a mandatory payment like any other;
        # with [VAR-HONOUR] its target complies or breaches first.
        fee = rates.gain_fee_of(card)
        if not honour.ask(ctx, honour.INVOKED_LAND, card, due=fee, lawful=0, seat=against):
            money.pay_bank(ctx, against, fee, card)


def answered(ctx: Context[DogEatDogState], compliance: Compliance) -> None:
    """[HONOUR-BREACH]: the invoked Land Transfer Fee, paid unless he breached."""
    if not honour.breached(ctx.state, compliance.question):
        money.pay_bank(ctx, compliance.seat, compliance.due, compliance.rule)
