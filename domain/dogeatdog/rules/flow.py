"""The course of a turn and of the game (RULES.md section 5): what is awaited now, an open
window before each step and after the last ([TURN-WINDOW], held only when someone may act in
it: ``rules/window.py``), the six steps in their order ([TURN-ORDER], [OPT-LONG-TERM]), turns
clockwise, rounds from the start player ([TURN-ROUND]), and the ends: the Swiss target
([END-SWISS-150]), the bonus round after the last square reaches stage 3 ([END-STAGE3]), after
two quiet rounds ([END-STALL]) or after round 100 ([END-LIMIT]), and the short game's end after
round 6 ([OPT-SHORT-ROUNDS]).

Each step is a module with ``awaiting`` (its decision now, or None) and ``proceed`` (called
when nothing is awaited in it: places what is due, or ends the step).
"""

from __future__ import annotations

from collections.abc import Callable

from domain.context import Context
from domain.dogeatdog.actions import DecisionKind, DogEatDogDecision
from domain.dogeatdog.rules import (
    bonus,
    embezzle,
    exploit,
    honour,
    laws,
    move,
    payroll,
    produce,
    sell,
    setup,
    window,
    workforce,
)
from domain.dogeatdog.rules.pollution import FINAL_STAGE
from domain.dogeatdog.state import DogEatDogState, PromptKind
from domain.events.dogeatdog import (
    DogEatDogGameEnded,
    DogEatDogRoundBegan,
    DogEatDogRoundEnded,
    DogEatDogStepBegan,
    DogEatDogTurnBegan,
    DogEatDogTurnEnded,
    DogEatDogWindowClosed,
    Step,
)
from domain.ruleset import GameStatus

#: [END-LIMIT]: the last round of a game without another round limit.
ROUND_LIMIT = 100
#: [END-STALL]: rounds in a row without production, extraction, collection or a stage change.
QUIET_ROUNDS = 2

STEPS = (Step.MOVE, Step.SELL, Step.PAYROLL, Step.HIRE, Step.PRODUCE, Step.EXPLOIT)
#: [OPT-LONG-TERM]: hiring and firing come last.
LONG_TERM_STEPS = (Step.MOVE, Step.SELL, Step.PAYROLL, Step.PRODUCE, Step.EXPLOIT, Step.HIRE)

_PROMPTS = {
    PromptKind.ACQUISITION: DecisionKind.ACQUISITION,
    PromptKind.GENEVA: DecisionKind.GENEVA,
    PromptKind.STRIKE: DecisionKind.STRIKE,
    PromptKind.CARD: DecisionKind.CARD,
    PromptKind.KICKBACK: DecisionKind.KICKBACK,
}

_Awaiting = Callable[[DogEatDogState], DogEatDogDecision | None]
_Proceed = Callable[[Context[DogEatDogState]], None]


def _nothing(state: DogEatDogState) -> DogEatDogDecision | None:
    return None


def _move_on(ctx: Context[DogEatDogState]) -> None:
    turn = ctx.state.turn
    if turn.move is None:  # the roll is made, the runner waited for [BRIBE-INITIAL]
        move.go(ctx)
        return
    move.resume(ctx, after=turn.cursor if turn.cursor is not None else 0)


#: Each step's decision now, and what follows when none is awaited in it.
STEP_RULES: dict[Step, tuple[_Awaiting, _Proceed]] = {
    Step.MOVE: (_nothing, _move_on),
    Step.SELL: (sell.awaiting, sell.proceed),
    Step.PAYROLL: (_nothing, payroll.proceed),
    Step.HIRE: (workforce.awaiting, workforce.proceed),
    Step.PRODUCE: (produce.awaiting, produce.proceed),
    Step.EXPLOIT: (exploit.awaiting, exploit.proceed),
}


def steps(state: DogEatDogState) -> tuple[Step, ...]:
    return LONG_TERM_STEPS if state.settings.long_term else STEPS


def step_under_way(state: DogEatDogState) -> Step | None:
    step = state.turn.step
    return step if step is not None and step not in state.turn.steps_done else None


def awaited(state: DogEatDogState) -> DogEatDogDecision | None:
    """The one decision awaited now, or None (in the lobby, once the game has ended, or
    between two automatic steps)."""
    if state.status is not GameStatus.RUNNING:
        return None
    if state.round <= 0:  # divisions are chosen before the first round ([SETUP-DIVISIONS])
        chooser = setup.chooser(state)
        if chooser is not None:
            return DogEatDogDecision(seat=chooser, kind=DecisionKind.DIVISION)
    turn = state.turn
    if turn.insolvent:
        return DogEatDogDecision(seat=turn.seat, kind=DecisionKind.INSOLVENCY)
    if turn.releasing is not None:
        return DogEatDogDecision(seat=turn.releasing, kind=DecisionKind.RELEASE)
    if turn.auction is not None and turn.auction.speaker is not None:
        return DogEatDogDecision(seat=turn.auction.speaker, kind=DecisionKind.BID)
    if turn.auction is not None and turn.auction.waiting:
        return DogEatDogDecision(seat=turn.auction.waiting[0], kind=DecisionKind.SEALED_BID)
    if turn.bribery is not None and turn.bribery.asked:
        return DogEatDogDecision(seat=turn.bribery.asked[0], kind=DecisionKind.BRIBE)
    if state.embezzlement is not None:
        return embezzle.awaiting(state)
    if turn.prompt is not None:
        prompted = turn.seat if turn.prompt.seat is None else turn.prompt.seat
        return DogEatDogDecision(seat=prompted, kind=_PROMPTS[turn.prompt.kind])
    if turn.compliance is not None:
        return honour.awaiting(state)
    # A reorganisation is looked for only when the active player holds no division: every
    # action asks what is awaited, and he nearly always holds one.
    if turn.seat >= 0 and not turn.cut_short and state.players[turn.seat].division is None:
        restarting = payroll.reorganising(state)
        if restarting is not None:
            return DogEatDogDecision(seat=restarting, kind=DecisionKind.DIVISION)
    if state.offer is not None:  # answered before anyone else acts ([TRADE-ANSWER])
        return DogEatDogDecision(seat=state.offer.recipient, kind=DecisionKind.ANSWER)
    if turn.window is not None:
        return DogEatDogDecision(seat=turn.window.speaker, kind=DecisionKind.WINDOW)
    if state.bonus is not None:
        return bonus.awaiting(state)
    if turn.invoking is not None:
        return None  # an invocation's result is due
    step = step_under_way(state)
    asked, due = laws.question(state, step)
    if due or step is None:
        return asked  # the owner's question, or None when his standing instruction answers
    return STEP_RULES[step][0](state)


def pending(state: DogEatDogState) -> list[DogEatDogDecision]:
    """Every decision awaited now: the one of ``awaited``, or, in a sealed auction
    ([VAR-AUCTION-SEALED]), every bidder's still to come, asked at once."""
    return _pending(state, awaited(state))


def _pending(state: DogEatDogState, found: DogEatDogDecision | None) -> list[DogEatDogDecision]:
    """``pending`` when ``awaited`` has just found ``found``."""
    auction = state.turn.auction
    if state.status is GameStatus.RUNNING and auction is not None and auction.waiting:
        return [DogEatDogDecision(seat=s, kind=DecisionKind.SEALED_BID) for s in auction.waiting]
    return [] if found is None else [found]


def advance(ctx: Context[DogEatDogState]) -> None:
    """Go on until a decision is awaited or the game ends: go on with the step under way, hold
    the next window, begin the next step, or end the turn. The decisions awaited then are
    handed to the aggregate (``ctx.awaiting``), which so need not ask ``pending`` again: every
    command of the game ends here."""
    state = ctx.state
    while True:
        found = awaited(state)
        if found is not None or state.status is not GameStatus.RUNNING:
            ctx.awaiting = _pending(state, found)
            return
        turn = state.turn
        step = step_under_way(state)
        if state.embezzlement is not None:
            _resolve_embezzlement(ctx)
        elif state.bonus is not None:
            bonus.conclude(ctx)
        elif turn.cut_short:
            _end_turn(ctx)
        elif turn.invoking is not None:
            laws.resolve(ctx)
        elif laws.instructed(state, step) is not None:
            laws.follow(ctx, step)
        elif step is not None:
            STEP_RULES[step][1](ctx)
        elif turn.windows_closed == len(turn.steps_done) and window.open_window(ctx):
            continue
        elif len(turn.steps_done) < len(STEPS):
            _step(ctx, steps(state)[len(turn.steps_done)])
        else:
            _end_turn(ctx)


def _resolve_embezzlement(ctx: Context[DogEatDogState]) -> None:
    """Every holder has answered ([EMBEZZLE-DECLARE]): the embezzlement is resolved, and the
    open window goes on from the embezzler with everyone who could act asked again."""
    state = ctx.state
    embezzlement = state.embezzlement
    assert embezzlement is not None
    in_window = state.turn.window is not None and not embezzlement.bonus
    speaker = window.first_asked(state, embezzlement.seat, []) if in_window else None
    if embezzle.resolve(ctx, speaker):
        end(ctx, "END-SWISS-150")
    elif in_window and speaker is None:
        ctx.emit(DogEatDogWindowClosed())


def _step(ctx: Context[DogEatDogState], step: Step) -> None:
    seat = ctx.state.turn.seat
    ctx.emit(DogEatDogStepBegan(seat=seat, step=step))
    if step is Step.MOVE:
        move.move(ctx)


def _end_turn(ctx: Context[DogEatDogState]) -> None:
    """The next player clockwise plays; a round ends when the turn passes the start player's
    place ([TURN-ROUND]), and the game when an end of section 18 is reached."""
    state = ctx.state
    seat, number = state.turn.seat, state.turn.number
    ctx.emit(DogEatDogTurnEnded(seat=seat))
    following = next(s for s in state.clockwise_from(seat + 1))
    if all(square.stage == FINAL_STAGE for square in state.squares.values()):
        bonus.begin(ctx, "END-STAGE3", following)  # [END-STAGE3]: after the current turn
        return
    count, start = len(state.players), state.start_player or 0
    if (following - start) % count <= (seat - start) % count:
        ctx.emit(DogEatDogRoundEnded(round=state.round))
        limit = state.settings.round_limit
        if state.quiet_rounds >= QUIET_ROUNDS:
            bonus.begin(ctx, "END-STALL", start)
            return
        if state.round >= (ROUND_LIMIT if limit is None else limit):
            if limit is None:
                bonus.begin(ctx, "END-LIMIT", start)
            else:
                end(ctx, "OPT-SHORT-ROUNDS")  # no bonus round (R39)
            return
        ctx.emit(DogEatDogRoundBegan(round=state.round + 1))
    ctx.emit(DogEatDogTurnBegan(seat=following, turn=number + 1, round=state.round))
    honour.expire(ctx, following)  # [HONOUR-EXPIRE]


def end(ctx: Context[DogEatDogState], reason: str) -> None:
    ctx.emit(DogEatDogGameEnded(reason=reason))


def check_swiss_target(ctx: Context[DogEatDogState], seat: int) -> bool:
    """[END-SWISS-150]: the game ends at once when ``seat``'s Swiss account reaches the target
    ($150M, or that of [OPT-LONG-GAME] or [OPT-SHORT-TARGET]); whether it ended."""
    state = ctx.state
    if state.players[seat].swiss >= state.settings.target:
        end(ctx, "END-SWISS-150")
        return True
    return False
