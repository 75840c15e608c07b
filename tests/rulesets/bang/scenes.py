"""Small moves shared by the character, reading and hidden-information tests of BANG! – Dodge
City: ending a turn with its discards, and playing quietly on to a seat's turn."""

from __future__ import annotations

from domain.bang.actions import (
    BangAction,
    CopyAbility,
    DecisionKind,
    Discard,
    DrawCards,
    EndPlay,
    Pass,
)
from domain.events.base import DomainEvent

from tests.rulesets.bang.builders import BangTestGame, awaited, when


def legal(game: BangTestGame, seat: int) -> list[BangAction]:
    return list(game.legal_actions(seat))


def finish_turn(game: BangTestGame, seat: int) -> list[DomainEvent]:
    """``seat`` ends phase II and discards his first hand cards down to his limit."""
    events = when(game, seat, EndPlay())
    while (decision := awaited(game)) is not None and decision.kind is DecisionKind.DISCARD:
        events += when(game, seat, Discard(card=game.state.players[seat].hand[0]))
    return events


def quiet_step(game: BangTestGame) -> list[DomainEvent]:
    """Answer the decision awaited now as quietly as possible: end phase II, discard the first
    card, copy the first character offered, draw normally, let a reaction pass."""
    decision = awaited(game)
    assert decision is not None, "the game waits for nobody"
    seat, kind = decision.seat, decision.kind
    if kind is DecisionKind.PLAY:
        return finish_turn(game, seat)
    if kind is DecisionKind.DISCARD:
        return when(game, seat, Discard(card=game.state.players[seat].hand[0]))
    if kind is DecisionKind.COPY:
        first = game.legal_actions(seat)[0]
        assert isinstance(first, CopyAbility)
        return when(game, seat, first)
    if kind is DecisionKind.DRAW:
        return when(game, seat, DrawCards())
    if Pass() in game.legal_actions(seat):
        return when(game, seat, Pass())
    return when(game, seat, game.legal_actions(seat)[0])


def play_to_turn_of(game: BangTestGame, seat: int) -> list[DomainEvent]:
    """Play quietly on until ``seat`` is at an idle moment of his phase II."""
    events: list[DomainEvent] = []
    for _ in range(200):
        decision = awaited(game)
        if decision is not None and decision.seat == seat and decision.kind is DecisionKind.PLAY:
            return events
        events += quiet_step(game)
    raise AssertionError(f"seat {seat}'s phase II never came")
