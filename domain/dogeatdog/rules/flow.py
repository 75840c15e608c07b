"""The course of a turn and of the game (RULES.md section 5): what is awaited now, an open
window before each step and after the last ([TURN-WINDOW]), the six steps in their order
([TURN-ORDER], [OPT-LONG-TERM]), turns clockwise, rounds from the start player ([TURN-ROUND]),
and the end when the last round is over ([END-LIMIT], [OPT-SHORT-ROUNDS]) or a Swiss account
reaches the target ([END-SWISS-150]).

Steps whose rules are not built yet (sell, payroll, hire or fire, produce, exploit) begin and
end with nothing done; the move is ``rules/move.py``.
"""

from __future__ import annotations

from domain.context import Context
from domain.dogeatdog.actions import DecisionKind, DogEatDogDecision
from domain.dogeatdog.rules import move, setup
from domain.dogeatdog.state import DogEatDogState, PromptKind
from domain.events.dogeatdog import (
    DogEatDogGameEnded,
    DogEatDogRoundBegan,
    DogEatDogRoundEnded,
    DogEatDogStepBegan,
    DogEatDogStepEnded,
    DogEatDogTurnBegan,
    DogEatDogTurnEnded,
    DogEatDogWindowClosed,
    DogEatDogWindowOpened,
    DogEatDogWindowPassed,
    Step,
)
from domain.ruleset import GameStatus

#: [END-LIMIT]: the last round of a game without another round limit.
ROUND_LIMIT = 100

STEPS = (Step.MOVE, Step.SELL, Step.PAYROLL, Step.HIRE, Step.PRODUCE, Step.EXPLOIT)
#: [OPT-LONG-TERM]: hiring and firing come last.
LONG_TERM_STEPS = (Step.MOVE, Step.SELL, Step.PAYROLL, Step.PRODUCE, Step.EXPLOIT, Step.HIRE)

_PROMPTS = {
    PromptKind.ACQUISITION: DecisionKind.ACQUISITION,
    PromptKind.GENEVA: DecisionKind.GENEVA,
}


def steps(state: DogEatDogState) -> tuple[Step, ...]:
    return LONG_TERM_STEPS if state.settings.long_term else STEPS


def awaited(state: DogEatDogState) -> DogEatDogDecision | None:
    """The one decision awaited now, or None (in the lobby, once the game has ended)."""
    if state.status is not GameStatus.RUNNING:
        return None
    chooser = setup.chooser(state)
    if chooser is not None:
        return DogEatDogDecision(seat=chooser, kind=DecisionKind.DIVISION)
    turn = state.turn
    if turn.prompt is not None:
        return DogEatDogDecision(seat=turn.seat, kind=_PROMPTS[turn.prompt.kind])
    if turn.window is not None:
        return DogEatDogDecision(seat=turn.window.speaker, kind=DecisionKind.WINDOW)
    return None


def advance(ctx: Context[DogEatDogState]) -> None:
    """Go on until a decision is awaited or the game ends: open the next window, begin the next
    step, or end the turn."""
    state = ctx.state
    while state.status is GameStatus.RUNNING and awaited(state) is None:
        turn = state.turn
        done = len(turn.steps_done)
        if turn.step is not None and turn.step not in turn.steps_done:
            raise RuntimeError(f"the {turn.step} step stopped with nothing awaited")
        if turn.windows_closed == done:
            ctx.emit(
                DogEatDogWindowOpened(seat=turn.seat, after=turn.steps_done[-1] if done else None)
            )
        elif done < len(STEPS):
            _step(ctx, steps(state)[done])
        else:
            _end_turn(ctx)


def pass_window(ctx: Context[DogEatDogState], seat: int) -> None:
    """[TURN-WINDOW]: the speaker passes; the window closes once everyone in the game has passed
    one after another."""
    state = ctx.state
    ctx.emit(DogEatDogWindowPassed(seat=seat))
    window = state.turn.window
    if window is not None and window.passes >= len(state.in_game()):
        ctx.emit(DogEatDogWindowClosed())


def _step(ctx: Context[DogEatDogState], step: Step) -> None:
    seat = ctx.state.turn.seat
    ctx.emit(DogEatDogStepBegan(seat=seat, step=step))
    if step is Step.MOVE:
        move.move(ctx)
    else:
        ctx.emit(DogEatDogStepEnded(seat=seat, step=step))


def _end_turn(ctx: Context[DogEatDogState]) -> None:
    """The next player clockwise plays; a round ends when the turn would come back to the start
    player ([TURN-ROUND]), and the game when its last round has ended."""
    state = ctx.state
    seat, number = state.turn.seat, state.turn.number
    ctx.emit(DogEatDogTurnEnded(seat=seat))
    after = state.clockwise_from(seat)[1:] or [seat]
    following = after[0]
    if following == state.start_player:
        ctx.emit(DogEatDogRoundEnded(round=state.round))
        limit = state.settings.round_limit
        if state.round >= (ROUND_LIMIT if limit is None else limit):
            # The bonus round of [END-LIMIT] comes with production and sales (DESIGN.md).
            end(ctx, "END-LIMIT" if limit is None else "OPT-SHORT-ROUNDS")
            return
        ctx.emit(DogEatDogRoundBegan(round=state.round + 1))
    ctx.emit(DogEatDogTurnBegan(seat=following, turn=number + 1, round=state.round))


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
