"""Deciding: what the game waits for, what a seat may do, and the commands that record events or
refuse with the rule that forbids them.

Each guard raises :class:`~domain.errors.RuleViolation` naming a rule of ``RULES.md`` beside this
module. ``refusal`` is the one judge of an action: ``act`` raises what it finds and ``is_legal``
asks whether it finds anything, so the two cannot disagree.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.context import Context
from domain.errors import RuleViolation
from domain.ruleset import GameStatus

from tests.kernel.toy.actions import ACCEPTS, ToyAction, ToyCall, ToyCommit, ToyDecision, ToyDecisionKind, ToyFold
from tests.kernel.toy.events import (
    CHOICES,
    DECK,
    MAX_ANTE,
    ToyCalled,
    ToyCardDealt,
    ToyCardSetAside,
    ToyChoiceCommitted,
    ToyChoicesRevealed,
    ToyEndReason,
    ToyFolded,
    ToyGameEnded,
    ToyGameOpened,
    ToyGameStarted,
    ToySeatTaken,
    ToySettings,
)
from tests.kernel.toy.state import ToyState

RULES_VERSION = "1"
SEATS = 2
MAX_NAME_LENGTH = 40

# -- setting up --------------------------------------------------------------------------------


def open_game(ctx: Context[ToyState], *, seats: int, settings: ToySettings, seed: str, rules_version: str) -> None:
    if seats != SEATS:
        raise RuleViolation("TOY-SEATS", f"toy poker has exactly {SEATS} seats, not {seats}")
    if not isinstance(settings, ToySettings) or not 1 <= settings.ante <= MAX_ANTE:
        raise RuleViolation("TOY-ANTE", f"the ante is 1 to {MAX_ANTE} chips")
    ctx.emit(ToyGameOpened(seats=seats, settings=settings, seed=seed, rules_version=rules_version))


def take_seat(ctx: Context[ToyState], name: str, attributes: object, bot: str | None) -> int:
    state = ctx.state
    if attributes is not None:
        raise RuleViolation("TOY-SEATS", "a seat of toy poker has no attributes")
    if state.status is not GameStatus.LOBBY:
        raise RuleViolation("TOY-SEATS", "seats are taken only before the game starts")
    if len(state.seats) >= state.seat_count:
        raise RuleViolation("TOY-SEATS", f"all {state.seat_count} seats are taken")
    name = name.strip()
    if not 1 <= len(name) <= MAX_NAME_LENGTH:
        raise RuleViolation("TOY-SEATS", f"a name has 1 to {MAX_NAME_LENGTH} characters")
    seat = len(state.seats)
    ctx.emit(ToySeatTaken(seat=seat, name=name, bot=bot))
    return seat


def start(ctx: Context[ToyState]) -> None:
    state = ctx.state
    if state.status is not GameStatus.LOBBY:
        raise RuleViolation("TOY-START", "the game has started already")
    if len(state.seats) < state.seat_count:
        raise RuleViolation("TOY-START", f"the game starts once all {state.seat_count} seats are taken")
    ctx.emit(ToyGameStarted(seats=len(state.seats), ante=state.settings.ante))
    deck = ctx.rng.shuffled(DECK)  # [TOY-DEAL]: chance decided once, recorded below
    for seat in range(len(state.seats)):
        ctx.emit(ToyCardDealt(seat=seat, card=deck[seat]))
    ctx.emit(ToyCardSetAside(card=deck[len(state.seats)]))


# -- what the game waits for -------------------------------------------------------------------


def pending(state: ToyState) -> list[ToyDecision]:
    if state.status is not GameStatus.RUNNING:
        return []
    if not state.revealed:
        return [ToyDecision(seat=seat, kind=ToyDecisionKind.COMMIT) for seat in range(len(state.seats)) if seat not in state.committed]
    if state.reacting is not None:
        return [ToyDecision(seat=state.reacting, kind=ToyDecisionKind.REACT)]
    return []


def asked_now(decisions: Sequence[ToyDecision]) -> list[ToyDecision]:
    """The decisions that may be made now: every simultaneous one, or else the first alone."""
    if decisions and decisions[0].kind is not ToyDecisionKind.COMMIT:
        return [decisions[0]]
    return [d for d in decisions if d.kind is ToyDecisionKind.COMMIT]


def legal_actions(state: ToyState, seat: int, decisions: Sequence[ToyDecision]) -> list[ToyAction]:
    actions: list[ToyAction] = []
    for decision in asked_now(decisions):
        if decision.seat != seat:
            continue
        if decision.kind is ToyDecisionKind.COMMIT:
            actions += [ToyCommit(choice=choice) for choice in CHOICES]
        else:
            actions += [ToyCall(), ToyFold()]
    return actions


def default_action(state: ToyState, seat: int, decisions: Sequence[ToyDecision]) -> ToyAction:
    """What the rules decide for ``seat`` when its time runs out ([TOY-DEFAULT]): check to a
    commitment, fold to a bet. Neither looks at the seat's card."""
    kinds = [d.kind for d in asked_now(decisions) if d.seat == seat]
    if ToyDecisionKind.COMMIT in kinds:
        return ToyCommit(choice="check")
    return ToyFold()


# -- acting ------------------------------------------------------------------------------------


def refusal(state: ToyState, seat: int, action: object, decisions: Sequence[ToyDecision]) -> RuleViolation | None:
    """Why ``seat`` may not send ``action`` now, or None if it may."""
    if not isinstance(action, ToyCommit | ToyCall | ToyFold):
        return RuleViolation("TOY-ACTIONS", "the actions are commit (bet or check), call and fold")
    if not state.is_seat(seat):
        return RuleViolation("TOY-SEATS", f"there is no seat {seat}")
    if state.status is GameStatus.LOBBY:
        return RuleViolation("TOY-START", "the game has not started")
    if state.status is GameStatus.ENDED:
        return RuleViolation("TOY-END", "the game is over")
    asked = [d.kind for d in asked_now(decisions) if d.seat == seat]
    if isinstance(action, ToyCommit):
        if action.choice not in CHOICES:
            return RuleViolation("TOY-COMMIT", "a seat commits to bet or to check")
        if ToyDecisionKind.COMMIT not in asked:
            return RuleViolation("TOY-COMMIT", "each seat commits once, before the reveal")
    elif not any(isinstance(action, ACCEPTS[kind]) for kind in asked):
        return RuleViolation("TOY-REACT", "only the seat that checked, facing a bet, calls or folds")
    return None


def act(ctx: Context[ToyState], seat: int, action: ToyAction, decisions: Sequence[ToyDecision]) -> None:
    refused = refusal(ctx.state, seat, action, decisions)
    if refused is not None:
        raise refused
    match action:
        case ToyCommit():
            _commit(ctx, seat, action)
        case ToyCall():
            ctx.emit(ToyCalled(seat=seat))
            _showdown(ctx)
        case ToyFold():
            ctx.emit(ToyFolded(seat=seat))
            bettor = next(s for s, choice in ctx.state.committed.items() if choice == "bet")
            ctx.emit(ToyGameEnded(winner=bettor, reason=ToyEndReason.FOLD, pot=ctx.state.pot))


def _commit(ctx: Context[ToyState], seat: int, action: ToyCommit) -> None:
    state = ctx.state
    ctx.emit(ToyChoiceCommitted(seat=seat, choice=action.choice))
    if len(state.committed) < len(state.seats):
        return  # the other seat's choice is still to come
    choices = tuple(state.committed[s] for s in range(len(state.seats)))
    ctx.emit(ToyChoicesRevealed(choices=choices))
    if state.reacting is None:  # both checked or both bet: nothing to react to
        _showdown(ctx)


def _showdown(ctx: Context[ToyState]) -> None:
    state = ctx.state
    shown = tuple(state.cards[s] for s in range(len(state.seats)))
    winner = max(range(len(shown)), key=lambda s: DECK.index(shown[s]))
    ctx.emit(ToyGameEnded(winner=winner, reason=ToyEndReason.SHOWDOWN, pot=state.pot, shown=shown))
