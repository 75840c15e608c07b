"""Which decisions the game is waiting for. This is the single source of truth: whenever it is
empty and the game is running, the flow moves on by itself (``domain.dodgecity.rules.flow``)."""

from __future__ import annotations

from functools import cache

from domain.dodgecity.catalog import CardKind
from domain.dodgecity.decisions import Decision, DecisionKind
from domain.dodgecity.rules.board import SETTING_STAGES, owners_of
from domain.dodgecity.rules.event_cards import event_decision
from domain.dodgecity.rules.options import (
    card_of,
    challenge_options,
    holds_forced_indian,
    picture_options,
)
from domain.dodgecity.rules.versions import reveals_forced_indian
from domain.dodgecity.state import GameState, Status, TurnStep
from domain.events.dodgecity import Stage


def next_chain_seat(state: GameState) -> int | None:
    """The next seat in the challenge chain that has not fought yet ([DUEL-CHAIN])."""
    for index in range(state.chain_next, len(state.order)):
        seat = state.order[index]
        if seat not in state.fought:
            return seat
    return None


def uncommitted_seats(state: GameState) -> list[int]:
    return [p.seat for p in state.players if p.seat not in state.commitments and p.hand]


@cache
def _asked(seat: int, kind: DecisionKind) -> Decision:
    """A decision that needs no more than who and what (decisions are immutable, so shared)."""
    return Decision(seat=seat, kind=kind)


def pending_decisions(state: GameState) -> list[Decision]:
    if state.status is not Status.RUNNING:
        return []
    stage = state.stage
    if stage is Stage.CHALLENGES and state.duel is not None and state.duel.removal_pending:
        # DuelFought sets removal_pending only when the loser has a stone there to take.
        assert state.duel.winner is not None
        return [
            Decision(
                seat=state.duel.winner,
                kind=DecisionKind.REMOVE_LOSER_STONE,
                building=state.duel.building,
                remaining=1,
            )
        ]
    if state.event_task is not None:
        decision = event_decision(state)
        return [decision] if decision is not None else []
    if stage is Stage.START_ROUND and not state.revealed:
        return [_asked(s, DecisionKind.COMMIT_START_CARD) for s in uncommitted_seats(state)]
    if stage is Stage.DUEL_ROUND:
        return [_asked(s, DecisionKind.COMMIT_DUEL_CARD) for s in uncommitted_seats(state)]
    if stage in SETTING_STAGES and state.turn is not None:
        return _setting_decisions(state, state.turn)
    if stage is Stage.CHALLENGES and not state.event_queue:
        seat = next_chain_seat(state)
        if seat is not None and _asked_to_challenge(state, seat):
            return [_asked(seat, DecisionKind.CHALLENGE)]
    return []


def _asked_to_challenge(state: GameState, seat: int) -> bool:
    if reveals_forced_indian(state) and holds_forced_indian(state, seat):
        return False
    return bool(challenge_options(state, seat)) and not passes_over_forced_indian(state, seat)


def passes_over_forced_indian(state: GameState, seat: int) -> bool:
    """Whether the chain passes ``seat``, who could challenge, over for its forced Indian
    ([DUEL-NO-INDIAN]): only where the challenge is compulsory, since not making it tells anyway.
    Where a player may pass, one holding a forced Indian is asked as any other, and passing is
    his only answer: so nobody learns of the Indian from the chain."""
    return holds_forced_indian(state, seat) and not state.variants.challenge_optional


def _opposing_stone_exists(state: GameState, seat: int) -> bool:
    return any(owners_of(b) - {seat} for b in state.buildings.values() if b.is_open)


def _setting_decisions(state: GameState, seat: int) -> list[Decision]:
    step = state.turn_step
    if step is TurnStep.PLAY:
        if state.players[seat].hand:
            return [_asked(seat, DecisionKind.PLAY_CARD)]
        return []
    if step is TurnStep.BUY:
        return [_asked(seat, DecisionKind.BUY_STONES)]
    task = state.card_task
    if step is TurnStep.RESOLVE and task is not None:
        kind = card_of(state, task.card).kind
        if kind is CardKind.PICTURE and picture_options(state, seat):  # small: one figure
            return [
                Decision(
                    seat=seat,
                    kind=DecisionKind.PLACE_PICTURE_STONES,
                    remaining=task.remaining,
                    building=task.building,
                )
            ]
        if kind is CardKind.INDIAN and task.remaining > 0 and _opposing_stone_exists(state, seat):
            return [
                Decision(
                    seat=seat, kind=DecisionKind.REMOVE_OPPOSING_STONES, remaining=task.remaining
                )
            ]
    return []
