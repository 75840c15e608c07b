"""Moving a BANG! – Dodge City test game on, beside ``builders``: ending a turn, letting every
reaction pass, and reading what the tests look at (the cards of the 80 by zone, life by seat)."""

from __future__ import annotations

from collections import Counter

from domain.bang.actions import DecisionKind, Discard, EndPlay, Pass
from domain.bang.catalog import deck
from domain.bang.state import EffectFrame
from domain.events.base import DomainEvent

from tests.rulesets.bang.builders import BangTestGame, awaited, when

#: Reactions a seat may let pass.
PASSABLE = {DecisionKind.HIT, DecisionKind.BEER, DecisionKind.DUEL, DecisionKind.INDIANS}


def pass_turn(game: BangTestGame) -> list[DomainEvent]:
    """The current player ends phase II and discards his first cards down to his life; the
    events it recorded, up to the next decision."""
    seat = game.state.turn.seat
    events = when(game, seat, EndPlay())
    while (decision := awaited(game)) is not None and decision.kind is DecisionKind.DISCARD:
        events += when(game, seat, Discard(card=game.state.players[seat].hand[0]))
    return events


def let_pass(game: BangTestGame) -> list[DomainEvent]:
    """Every reaction asked is let pass until the current player may play again (or the game
    ends); the events recorded."""
    events: list[DomainEvent] = []
    while (decision := awaited(game)) is not None and decision.kind in PASSABLE:
        events += when(game, decision.seat, Pass())
    return events


def whole_deck(game: BangTestGame) -> Counter[str]:
    """Every card, wherever it lies ([DEF-ZONES])."""
    state = game.state
    found = Counter(state.draw_pile) + Counter(state.discard_pile) + Counter(state.resolving)
    for player in state.players:
        found += Counter(player.hand) + Counter(player.in_play)
    for frame in state.stack:
        if isinstance(frame, EffectFrame):
            found += Counter(frame.display)
    return found


def full_deck() -> Counter[str]:
    return Counter(deck())


def lives(game: BangTestGame) -> list[int]:
    return [player.life for player in game.state.players]
