"""What the seat asked may send, what the rules send in its place when its time runs out, and
acting on it ([TURN-DECISIONS]): one seat at a time (``rules/flow.py`` says who), each action
checked against the decision asked and refused with the rule that governs it. Every default is
the least active choice, on public grounds only (R46)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domain import offers
from domain.context import Context
from domain.dogeatdog.actions import (
    ACCEPTS,
    RULE_OF,
    DecisionKind,
    DogEatDogAction,
    DogEatDogChooseCard,
    DogEatDogChooseDivision,
    DogEatDogComply,
    DogEatDogDecision,
    DogEatDogDeclineBribe,
    DogEatDogDeclineInvoke,
    DogEatDogDenounce,
    DogEatDogEmbezzle,
    DogEatDogEndStrike,
    DogEatDogKeepStaff,
    DogEatDogLetEmbezzle,
    DogEatDogLetPass,
    DogEatDogMove,
    DogEatDogMoveToSwiss,
    DogEatDogPass,
    DogEatDogPlaceMarker,
    DogEatDogProposeTrade,
    DogEatDogReorganise,
    DogEatDogSealedBid,
    DogEatDogSelfReport,
    DogEatDogSell,
    DogEatDogStopExploiting,
    DogEatDogStopProducing,
    DogEatDogStopSelling,
    DogEatDogWithdrawInstruction,
)
from domain.dogeatdog.catalog import board, home_space
from domain.dogeatdog.rules import (
    acquire,
    bribery,
    embezzle,
    exploit,
    flow,
    honour,
    laws,
    payroll,
    pollution,
    produce,
    redtape,
    sell,
    setup,
    trade,
    window,
    workforce,
)
from domain.dogeatdog.state import Compliance, DogEatDogState
from domain.errors import RuleViolation
from domain.events.dogeatdog import (
    DogEatDogAcquisitionOffered,
    DogEatDogBonusEmbezzleDeclined,
    DogEatDogDivisionChosen,
    DogEatDogKickbackTaken,
    DogEatDogKitReceived,
    DogEatDogMovedToSwiss,
    DogEatDogStrikeEnded,
    StrikeChoice,
)
from domain.offers import AnswerOffer, WithdrawOffer

#: [HONOUR-BREACH]: the act a compliance question interrupted, carried out at the price answered
#: (wages, taxes and pollution are recomputed by their steps instead).
_AFTER_ANSWER: dict[str, Callable[[Context[DogEatDogState], Compliance], None]] = {
    honour.HIRE: workforce.answered,
    honour.FIRE: workforce.answered,
    honour.BUY: exploit.answered,
    honour.EXTRACT: exploit.answered,
    honour.SELL: sell.answered,
    honour.LAND: acquire.answered,
    honour.INVOKED_LAND: laws.answered,
    honour.CARD_TAXES: redtape.answered_tax,
}


#: The kernel's answers to an offer, and every trade action; tuples, built once (a union
#: written in ``isinstance`` is built again on every call, and every action is asked this).
_OFFER_ANSWERS = (AnswerOffer, WithdrawOffer)
_TRADES = (AnswerOffer, WithdrawOffer, DogEatDogProposeTrade)


def legal_actions(state: DogEatDogState, decision: DogEatDogDecision) -> list[DogEatDogMove]:
    if decision.kind == DecisionKind.WINDOW:  # the commonest decision: a fresh list, no copy
        return _window_actions(state, decision.seat)
    return list(_listed(state, decision))


def _window_actions(state: DogEatDogState, seat: int) -> list[DogEatDogMove]:
    return [DogEatDogPass(), *window.offers(state, seat)]


def _listed(state: DogEatDogState, decision: DogEatDogDecision) -> Sequence[DogEatDogMove]:
    seat = decision.seat
    match decision.kind:
        case DecisionKind.ANSWER:
            return trade.answers(state, seat)
        case DecisionKind.DIVISION:
            return [DogEatDogChooseDivision(division=card) for card in _divisions(state, seat)]
        case DecisionKind.WINDOW:
            return _window_actions(state, seat)
        case DecisionKind.ACQUISITION:
            return acquire.opportunity(state, seat)
        case DecisionKind.BID:
            return acquire.bids(state, seat)
        case DecisionKind.SEALED_BID:
            return acquire.sealed_bids(state, seat)
        case DecisionKind.RELEASE:
            return acquire.releases(state, seat)
        case DecisionKind.GENEVA:
            corporate = state.players[seat].corporate
            return [DogEatDogMoveToSwiss(amount=amount) for amount in range(corporate + 1)]
        case DecisionKind.STRIKE:
            return [DogEatDogEndStrike(choice=choice) for choice in StrikeChoice]
        case DecisionKind.PRICE | DecisionKind.SELL:
            return sell.legal_actions(state, decision)
        case DecisionKind.STAFF:
            return workforce.legal_actions(state)
        case DecisionKind.PRODUCE | DecisionKind.POLLUTE:
            return produce.legal_actions(state, decision)
        case DecisionKind.EXPLOIT:
            return exploit.legal_actions(state, decision)
        case DecisionKind.INSOLVENCY:
            return payroll.legal_actions()
        case DecisionKind.CARD:
            return [DogEatDogChooseCard(choice=choice) for choice in _card_choices(state, seat)]
        case DecisionKind.BRIBE:
            return bribery.legal_actions(state, seat)
        case DecisionKind.INVESTIGATION:
            return embezzle.legal_actions()
        case DecisionKind.EMBEZZLE:
            return [DogEatDogPass(), *embezzle.amounts(state, seat)]
        case DecisionKind.INVOKE:
            return laws.legal_actions()
        case DecisionKind.KICKBACK:
            most = _kickback(state, seat)
            return [DogEatDogMoveToSwiss(amount=amount) for amount in range(most + 1)]
        case DecisionKind.COMPLY:
            return honour.legal_actions(state)


def default_action(state: DogEatDogState, decision: DogEatDogDecision) -> DogEatDogMove:
    """The least active choice ([TURN-DECISIONS], R46), on public grounds only."""
    seat = decision.seat
    match decision.kind:
        case DecisionKind.ANSWER:  # reject, whatever the offer ([OFFER-DEFAULT])
            assert state.offer is not None  # the decision is asked only then
            return offers.default_answer(state.offer)
        case DecisionKind.DIVISION:
            return DogEatDogChooseDivision(division=_divisions(state, seat)[0])
        case DecisionKind.WINDOW:
            return DogEatDogPass()
        case DecisionKind.ACQUISITION:
            return DogEatDogLetPass()
        case DecisionKind.BID:
            return acquire.bids(state, seat)[0]  # pass, or the opener's $1M
        case DecisionKind.SEALED_BID:
            return acquire.sealed_bids(state, seat)[0]  # none, or the opener's $1M
        case DecisionKind.RELEASE:
            return acquire.default_release(state, seat)
        case DecisionKind.GENEVA:
            return DogEatDogMoveToSwiss(amount=0)
        case DecisionKind.STRIKE:
            return DogEatDogEndStrike(choice=StrikeChoice.SETTLE)
        case DecisionKind.PRICE:
            return DogEatDogStopSelling()
        case DecisionKind.SELL:
            return DogEatDogSell(count=0)
        case DecisionKind.STAFF:
            return DogEatDogKeepStaff()
        case DecisionKind.PRODUCE:
            return DogEatDogStopProducing()
        case DecisionKind.POLLUTE:  # the lowest letter among the ties
            return DogEatDogPlaceMarker(square=pollution.least_served(state, seat)[0])
        case DecisionKind.EXPLOIT:
            return DogEatDogStopExploiting()
        case DecisionKind.INSOLVENCY:
            return DogEatDogReorganise()
        case DecisionKind.CARD:  # the "may" part unused, else the first in the board's order
            return DogEatDogChooseCard(choice=_card_choices(state, seat)[0])
        case DecisionKind.BRIBE:
            return DogEatDogDeclineBribe()
        case DecisionKind.INVESTIGATION:
            return DogEatDogLetEmbezzle()
        case DecisionKind.EMBEZZLE:
            return DogEatDogPass()
        case DecisionKind.INVOKE:
            return DogEatDogDeclineInvoke()
        case DecisionKind.KICKBACK:
            return DogEatDogMoveToSwiss(amount=0)
        case DecisionKind.COMPLY:
            return DogEatDogComply()


def _kickback(state: DogEatDogState, seat: int) -> int:
    """[VAR-KICKBACK]: at most what he received, as far as his corporate account still holds."""
    prompt = state.turn.prompt
    amount = 0 if prompt is None else prompt.amount
    return min(amount, state.players[seat].corporate)


def _card_choices(state: DogEatDogState, seat: int) -> list[tuple[str, ...]]:
    card = state.turn.card
    return [] if card is None else redtape.choices(state, seat, redtape.asking_effect(card))


def _divisions(state: DogEatDogState, seat: int) -> list[str]:
    if payroll.reorganising(state) == seat:
        return payroll.restart_divisions(state, seat)
    return state.free_divisions()


def asked(
    state: DogEatDogState, seat: int, pending: Sequence[DogEatDogDecision]
) -> DogEatDogDecision:
    """The decision ``seat`` is asked now (the first pending, or his sealed bid, asked of all
    bidders at once); refused ([TURN-DECISIONS]) when it is asked none."""
    for index, decision in enumerate(pending):
        if decision.seat == seat and (index == 0 or decision.kind is DecisionKind.SEALED_BID):
            return decision
    raise RuleViolation("TURN-DECISIONS", f"seat {seat + 1} is asked nothing now")


def judge(
    state: DogEatDogState,
    seat: int,
    action: DogEatDogMove,
    pending: Sequence[DogEatDogDecision],
) -> DogEatDogDecision | None:
    """Refuse ``action`` unless ``seat`` may send it now, naming the rule it breaks; the
    decision it answers, or None for a withdrawal, which answers none (docs/OFFERS.md)."""
    if isinstance(action, _OFFER_ANSWERS):  # the kernel's offers judge these
        refused = offers.refusal(trade.open_offers(state), seat, action)
        if refused is not None:
            raise refused
        if isinstance(action, WithdrawOffer):
            return None
    decision = asked(state, seat, pending)
    check(state, seat, action, decision)
    return decision


def check(
    state: DogEatDogState, seat: int, action: DogEatDogMove, decision: DogEatDogDecision
) -> None:
    """Refuse ``action`` unless it answers ``decision``, naming the rule it breaks."""
    if not isinstance(action, ACCEPTS[decision.kind]):
        tag = action.__struct_config__.tag
        raise RuleViolation(RULE_OF[decision.kind], f"{decision.kind} is asked, not {tag}")
    if action.__class__ is DogEatDogPass and decision.kind == DecisionKind.WINDOW:
        return  # always allowed: the commonest action of all, judged first
    if isinstance(action, DogEatDogProposeTrade):  # not every trade is listed: judged here
        countering = decision.kind is DecisionKind.ANSWER
        refused = trade.refusal(state, seat, action, countering=countering)
        if refused is not None:
            raise refused
        return
    if isinstance(action, AnswerOffer):
        refused = trade.accept_refusal(state, action)
        if refused is not None:
            raise refused
        return
    assert isinstance(action, DogEatDogAction)  # a withdrawal answers no decision
    if isinstance(action, DogEatDogChooseDivision) and payroll.reorganising(state) != seat:
        setup.check_division(state, seat, action.division)
    if not _listed_has(state, decision, action):
        raise RuleViolation(
            _refusal(state, seat, action, decision), f"{action!r} is not allowed now"
        )


def _listed_has(
    state: DogEatDogState, decision: DogEatDogDecision, action: DogEatDogAction
) -> bool:
    """Whether ``legal_actions`` would list ``action``, without listing what it cannot be (half
    of a game's time went to listing every action twice, once for the player, once here). A
    window lists a pass always, and trades that ``check`` judges apart before it gets here, so
    only the window's other offers are listed to look ``action`` up."""
    if decision.kind is not DecisionKind.WINDOW:
        return action in _listed(state, decision)
    if isinstance(action, DogEatDogPass):
        return True
    seat = decision.seat
    if isinstance(action, DogEatDogEmbezzle):
        return action in embezzle.offers(state, seat)
    if isinstance(action, DogEatDogWithdrawInstruction):
        return action in laws.withdrawals(state, seat)
    return action in honour.offers(state, seat)


def _refusal(
    state: DogEatDogState, seat: int, action: DogEatDogAction, decision: DogEatDogDecision
) -> str:
    match decision.kind:
        case DecisionKind.DIVISION:
            return "REORG-RESTART"
        case DecisionKind.ACQUISITION:
            return acquire.opportunity_refusal(state, action)
        case DecisionKind.BID:
            return acquire.bid_refusal(state, seat, action)
        case DecisionKind.SEALED_BID:
            return acquire.sealed_refusal(state, seat, action)
        case DecisionKind.PRICE | DecisionKind.SELL:
            return sell.refusal(state, seat, action)
        case DecisionKind.STAFF:
            return workforce.refusal(action)
        case DecisionKind.PRODUCE | DecisionKind.POLLUTE:
            return produce.refusal_of(state, seat, action)
        case DecisionKind.EXPLOIT:
            return exploit.refusal(state, seat, action)
        case DecisionKind.BRIBE:
            return bribery.refusal(state, seat, action)
        case DecisionKind.WINDOW | DecisionKind.EMBEZZLE if isinstance(action, DogEatDogEmbezzle):
            return embezzle.refusal(state, seat)
        case DecisionKind.WINDOW if isinstance(action, DogEatDogWithdrawInstruction):
            return "LAW-OWNED"  # no such standing instruction of his
        case DecisionKind.WINDOW if honour.is_denunciation(action):
            return honour.refusal(state, action)
        case _:
            return RULE_OF[decision.kind]


def act(
    ctx: Context[DogEatDogState],
    seat: int,
    action: DogEatDogMove,
    pending: Sequence[DogEatDogDecision],
) -> None:
    state = ctx.state
    decision = judge(state, seat, action, pending)
    if decision is None or isinstance(action, _TRADES):
        _trade(ctx, seat, action)
    elif decision.kind == DecisionKind.WINDOW:  # most actions are taken in a window: first
        _in_window(ctx, seat, action)
    else:
        _decide(ctx, seat, action, decision)
    flow.advance(ctx)


def _in_window(ctx: Context[DogEatDogState], seat: int, action: DogEatDogAction) -> None:
    """``seat``'s action in the open window other than a trade: a pass, an embezzlement, or a
    withdrawal, denunciation or self-report, after which the window goes on from him."""
    if action.__class__ is DogEatDogPass:
        window.pass_window(ctx, seat)
        return
    if isinstance(action, DogEatDogEmbezzle):
        embezzle.declare(ctx, seat, action.amount)
        return
    if isinstance(action, DogEatDogWithdrawInstruction):
        laws.withdraw(ctx, seat, action)
    elif isinstance(action, DogEatDogDenounce):
        honour.denounce(ctx, seat, action)
    elif isinstance(action, DogEatDogSelfReport):
        honour.self_report(ctx, seat, action)
    else:
        window.pass_window(ctx, seat)
        return
    window.went_on(ctx, seat)


def _decide(
    ctx: Context[DogEatDogState], seat: int, action: DogEatDogAction, decision: DogEatDogDecision
) -> None:
    """``seat``'s answer to ``decision``, asked outside a window, the trades' aside."""
    state = ctx.state
    match decision.kind:
        case DecisionKind.DIVISION if isinstance(action, DogEatDogChooseDivision):
            if payroll.reorganising(state) == seat:
                _restart(ctx, seat, action.division)
            else:
                setup.choose_division(ctx, seat, action.division)
        case DecisionKind.COMPLY:
            answered = honour.answer(ctx, seat, action)
            carry_on = _AFTER_ANSWER.get(answered.question)
            if carry_on is not None:
                carry_on(ctx, answered)
        case DecisionKind.ACQUISITION:
            acquire.use_opportunity(ctx, seat, action)
        case DecisionKind.BID:
            acquire.bid(ctx, seat, action)
        case DecisionKind.SEALED_BID if isinstance(action, DogEatDogSealedBid):
            acquire.seal(ctx, seat, action.amount)
        case DecisionKind.RELEASE:
            acquire.release(ctx, seat, getattr(action, "square", ""))
        case DecisionKind.GENEVA if isinstance(action, DogEatDogMoveToSwiss):
            ctx.emit(DogEatDogMovedToSwiss(seat=seat, amount=action.amount))
            flow.check_swiss_target(ctx, seat)
        case DecisionKind.KICKBACK if isinstance(action, DogEatDogMoveToSwiss):
            ctx.emit(DogEatDogKickbackTaken(seat=seat, amount=action.amount))
            flow.check_swiss_target(ctx, seat)
        case DecisionKind.STRIKE if isinstance(action, DogEatDogEndStrike):
            ctx.emit(DogEatDogStrikeEnded(seat=seat, choice=action.choice))
        case DecisionKind.PRICE | DecisionKind.SELL:
            sell.act(ctx, seat, action)
        case DecisionKind.STAFF:
            workforce.act(ctx, seat, action)
        case DecisionKind.PRODUCE | DecisionKind.POLLUTE:
            produce.act(ctx, seat, action)
        case DecisionKind.EXPLOIT:
            exploit.act(ctx, seat, action)
        case DecisionKind.INSOLVENCY:
            payroll.act(ctx, seat, action)
        case DecisionKind.CARD if isinstance(action, DogEatDogChooseCard):
            assert state.turn.card is not None  # the decision is asked only then
            redtape.carry_out(ctx, seat, state.turn.card, action.choice)
        case DecisionKind.BRIBE:
            bribery.act(ctx, seat, action)
        case DecisionKind.INVESTIGATION:
            embezzle.answer(ctx, seat, action)
        case DecisionKind.INVOKE:
            laws.act(ctx, seat, action, flow.step_under_way(state))
        case DecisionKind.EMBEZZLE if isinstance(action, DogEatDogEmbezzle):
            embezzle.declare(ctx, seat, action.amount, bonus=True)
        case DecisionKind.EMBEZZLE:
            ctx.emit(DogEatDogBonusEmbezzleDeclined(seat=seat))


def _trade(ctx: Context[DogEatDogState], seat: int, action: DogEatDogMove) -> None:
    """A proposal (the recipient asked next), an answer or a withdrawal (the window going on
    after the proposer) ([TRADE-PROPOSE], [TRADE-ANSWER], [TRADE-COUNT])."""
    if isinstance(action, DogEatDogProposeTrade):
        trade.propose(ctx, seat, action)
    elif isinstance(action, AnswerOffer):
        window.went_on_after(ctx, trade.answer(ctx, action))
    elif isinstance(action, WithdrawOffer):
        window.went_on_after(ctx, trade.withdraw(ctx, action))


def _restart(ctx: Context[DogEatDogState], seat: int, division: str) -> None:
    """[REORG-RESTART]: the new division's card, $25M and its markers (no workers, goods or
    square), the runner on its home city, and one acquisition opportunity there."""
    home = home_space(division)
    ctx.emit(DogEatDogDivisionChosen(seat=seat, division=division))
    ctx.emit(
        DogEatDogKitReceived(
            seat=seat,
            corporate=board().economy.start_money,
            workers=0,
            goods=(),
            pollution_markers=0,
            square=None,
            runner=home,
        )
    )
    if acquire.targets(ctx.state):
        ctx.emit(DogEatDogAcquisitionOffered(seat=seat, space=home))
