"""The honour system (RULES.md section 20a, only with [VAR-HONOUR], which replaces
[LAW-ENFORCED]): where a law in force or the pollution duty changes what the active player must
pay or place, he is asked COMPLY (the default) or BREACH ([HONOUR-BREACH]); a breach pays the
rate without the law or places fewer markers, and leaves a violation only he can see. In any
open window another player may denounce a live violation ([HONOUR-DENOUNCE]: the violator
complies, pays a $10M fine, the denouncer gets $3M from the bank) or the violator may report
his own ([HONOUR-SELF-REPORT]: he complies, no fine); a violation not resolved expires when the
violator's next turn begins ([HONOUR-EXPIRE]).

Built so far (DESIGN.md): the wages of a Wage Inspector; the taxes of a Revised Tax Code,
passed on the Taxes space or drawn by a card; the pollution duty of every production; the
hiring and firing costs of a Hiring Commissioner and a Labor Arbitrator; the Marketplace price
of a Customs Inspector; the Excise Tax of a Revenue Agent (asked of every seller, on turn or
off); the Extraction Permit fee of a Mining Permit Officer; and a Land Transfer Fee, public
(asked of whoever wins an auction or a dice bid) or invoked against the winner. The per-item
ones are asked at every item, the breaches of one law in one turn adding up to one violation.
A denunciation names the violator, the law and the turn of the breach (the turn's number is
public; RULES.md's "version" is read as it). Fine and shortfall are mandatory payments: in a
window of his own turn before his Sell step ends a loan covers them, after it he is
insolvent if he cannot pay; off turn he pays as far as he can ([INSOLVENT-OFFTURN])."""

from __future__ import annotations

from domain.context import Context
from domain.dogeatdog.actions import (
    DecisionKind,
    DogEatDogAction,
    DogEatDogBreach,
    DogEatDogComply,
    DogEatDogDecision,
    DogEatDogDenounce,
    DogEatDogSelfReport,
)
from domain.dogeatdog.rules import pollution
from domain.dogeatdog.state import Compliance, DogEatDogState, Violation
from domain.events.dogeatdog import (
    DogEatDogComplianceAnswered,
    DogEatDogComplianceAsked,
    DogEatDogInsolvent,
    DogEatDogLoanTaken,
    DogEatDogPollutionOwed,
    DogEatDogViolationDenounced,
    DogEatDogViolationExpired,
    DogEatDogViolationReported,
    Step,
)

WAGES = "wages"
TAXES = "taxes"
POLLUTE = "pollute"
HIRE = "hire"
FIRE = "fire"
BUY = "buy"
SELL = "sell"
EXTRACT = "extract"
LAND = "land"
INVOKED_LAND = "invoked_land"  # an owned Land Transfer Fee invoked against a winner
CARD_TAXES = "card_taxes"  # taxes drawn by a card (Tax Audit)
#: The questions asked at every item, not once a turn.
EACH_TIME = (BUY, SELL, EXTRACT, LAND, INVOKED_LAND, CARD_TAXES)
#: The pollution duty's "law" in a violation ([PRODUCE-POLLUTE]).
POLLUTION_DUTY = "PRODUCE-POLLUTE"
FINE = 10  # [HONOUR-DENOUNCE]
BOUNTY = 3


def ask(
    ctx: Context[DogEatDogState],
    question: str,
    rule: str | None,
    *,
    due: int,
    lawful: int,
    space: int | None = None,
    count: int = 0,
    item: str = "",
    square: str = "",
    seat: int | None = None,
) -> bool:
    """Ask the active player (or ``seat``, a seller off turn) COMPLY or BREACH when the honour
    system is on, a law (``rule``) changes what he owes and he has not answered this question
    this turn (or it is asked at every item); whether he is asked (the rules wait for his
    answer)."""
    state = ctx.state
    answered = question in state.turn.answers and question not in EACH_TIME
    if not state.settings.honour or rule is None or due == lawful or answered:
        return False
    asked = DogEatDogComplianceAsked(
        seat=state.turn.seat if seat is None else seat,
        question=question,
        rule=rule,
        due=due,
        lawful=lawful,
        space=space,
        count=count,
        item=item,
        square=square,
    )
    ctx.emit(asked)
    return True


def breached(state: DogEatDogState, question: str) -> bool:
    """Whether ``question`` was last answered with a breach this turn (the lawless rate)."""
    return state.turn.answers.get(question, 0) > 0


def awaiting(state: DogEatDogState) -> DogEatDogDecision | None:
    compliance = state.turn.compliance
    if compliance is None:
        return None
    return DogEatDogDecision(seat=compliance.seat, kind=DecisionKind.COMPLY)


def legal_actions(state: DogEatDogState) -> list[DogEatDogAction]:
    """COMPLY, or BREACH: paying the lawless rate, or placing any number below what is owed."""
    compliance = state.turn.compliance
    if compliance is None:
        return []
    if compliance.question == POLLUTE:
        return [DogEatDogComply(), *(DogEatDogBreach(placed=n) for n in range(compliance.due))]
    return [DogEatDogComply(), DogEatDogBreach()]


def answer(ctx: Context[DogEatDogState], seat: int, action: DogEatDogAction) -> Compliance:
    """Record the answer; the question answered, for what follows it (``rules/workforce.py``
    hires or fires at the price answered)."""
    state = ctx.state
    compliance = state.turn.compliance
    assert compliance is not None  # asked only then
    shortfall = 0
    if isinstance(action, DogEatDogBreach):
        shortfall = compliance.due - (
            action.placed if compliance.question == POLLUTE else compliance.lawful
        )
    ctx.emit(
        DogEatDogComplianceAnswered(
            seat=seat,
            question=compliance.question,
            rule=compliance.rule,
            turn=state.turn.number,
            shortfall=shortfall,
            public=state.settings.open_info,
        )
    )
    if compliance.question == POLLUTE and compliance.due > shortfall:
        ctx.emit(DogEatDogPollutionOwed(seat=seat, count=compliance.due - shortfall))
    return compliance


# -- resolving violations in a window -------------------------------------------------------


def offers(state: DogEatDogState, seat: int) -> list[DogEatDogAction]:
    """What ``seat`` may do in an open window about violations: denounce another's live one
    (every breach shows in a public payment or placement, so this reveals nothing that the
    events do not, [HONOUR-DENOUNCE]) or report his own."""
    if not state.settings.honour or not state.players[seat].in_game:
        return []
    found: list[DogEatDogAction] = []
    for violation in state.violations:
        if violation.seat == seat:
            found.append(DogEatDogSelfReport(rule=violation.rule, turn=violation.turn))
        else:
            found.append(
                DogEatDogDenounce(violator=violation.seat, rule=violation.rule, turn=violation.turn)
            )
    return found


def _live(state: DogEatDogState, seat: int, rule: str, turn: int) -> Violation | None:
    return next(
        (v for v in state.violations if (v.seat, v.rule, v.turn) == (seat, rule, turn)), None
    )


def refusal(state: DogEatDogState, action: DogEatDogAction) -> str:
    if not state.settings.honour:
        return "LAW-ENFORCED"  # the engine applies every law: there is nothing to denounce
    if isinstance(action, DogEatDogSelfReport):
        return "HONOUR-SELF-REPORT"
    return "HONOUR-DENOUNCE"  # no live violation matches: nothing changes


def denounce(ctx: Context[DogEatDogState], seat: int, action: DogEatDogDenounce) -> None:
    state = ctx.state
    violation = _live(state, action.violator, action.rule, action.turn)
    assert violation is not None  # offered only then
    money = 0 if violation.markers else violation.shortfall
    due = money + FINE
    insolvent = _short(ctx, violation.seat, due)
    paid = min(due, state.players[violation.seat].corporate)
    ctx.emit(
        DogEatDogViolationDenounced(
            seat=seat,
            violator=violation.seat,
            rule=violation.rule,
            turn=violation.turn,
            shortfall=violation.shortfall,
            paid=paid,
            waived=due - paid,
            bounty=BOUNTY,
        )
    )
    if insolvent:
        ctx.emit(DogEatDogInsolvent(seat=violation.seat, paid=0, waived=0))
    _place_missing(ctx, violation)


def self_report(ctx: Context[DogEatDogState], seat: int, action: DogEatDogSelfReport) -> None:
    state = ctx.state
    violation = _live(state, seat, action.rule, action.turn)
    assert violation is not None  # offered only then
    due = 0 if violation.markers else violation.shortfall
    insolvent = _short(ctx, seat, due)
    paid = min(due, state.players[seat].corporate)
    ctx.emit(
        DogEatDogViolationReported(
            seat=seat,
            rule=violation.rule,
            turn=violation.turn,
            shortfall=violation.shortfall,
            paid=paid,
            waived=due - paid,
        )
    )
    if insolvent:
        ctx.emit(DogEatDogInsolvent(seat=seat, paid=0, waived=0))
    _place_missing(ctx, violation)


def _short(ctx: Context[DogEatDogState], seat: int, due: int) -> bool:
    """Fine and shortfall are mandatory payments: when the violator cannot pay ``due`` in a
    window of his own turn, before his Sell step ends the bank lends him the rest
    ([LOAN-WHEN], emitted here) and after it he is insolvent ([INSOLVENT-LATER]: whether);
    otherwise, or off turn, he pays as far as he can ([INSOLVENT-OFFTURN])."""
    state = ctx.state
    corporate = state.players[seat].corporate
    if due <= corporate or seat != state.turn.seat or state.bonus is not None:
        return False
    if Step.SELL not in state.turn.steps_done:
        ctx.emit(DogEatDogLoanTaken(seat=seat, amount=due - corporate))
        return False
    return True


def _place_missing(ctx: Context[DogEatDogState], violation: Violation) -> None:
    """The markers not placed go where [POLLUTE-ELIGIBLE] and [POLLUTE-EVEN] say, as far as
    still possible; among ties the lowest letter (no question: the violator is not asked)."""
    if not violation.markers:
        return
    state = ctx.state
    received: dict[str, int] = {}
    for _ in range(violation.shortfall):
        eligible = pollution.eligible(state, violation.seat)
        if not eligible or state.supply_pollution == 0:
            return
        square = min(eligible, key=lambda s: (received.get(s, 0), s))
        received[square] = received.get(square, 0) + 1
        pollution.place_one(ctx, violation.seat, square)


def expire(ctx: Context[DogEatDogState], seat: int) -> None:
    """[HONOUR-EXPIRE]: ``seat``'s turn begins; his live violations expire unpunished."""
    state = ctx.state
    for violation in [v for v in state.violations if v.seat == seat]:
        ctx.emit(
            DogEatDogViolationExpired(
                seat=seat,
                rule=violation.rule,
                turn=violation.turn,
                shortfall=violation.shortfall,
                public=state.settings.open_info,
            )
        )


def is_denunciation(action: DogEatDogAction) -> bool:
    return isinstance(action, DogEatDogDenounce | DogEatDogSelfReport)
