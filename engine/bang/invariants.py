"""Facts that hold between any two commands of every game of BANG! – Dodge City; a violated one
is a bug in the engine. Checked by ``simulate --check`` and the conformance suite.

- the 80 playing cards are all somewhere, each exactly once: the draw pile, the discard pile, a
  hand, in play in front of a player, the resolving area ([DECK-RESOLVING]) or the General
  Store's display ([CARD-GENERAL-STORE]);
- every life is within 0 and its maximum ([LIFE-MAX]);
- an eliminated player holds no card, in hand or in play ([ELIM-SEQUENCE]);
- nothing lies in the resolving area while nothing resolves.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from domain.bang.catalog import deck
from domain.bang.state import BangState, EffectFrame
from domain.ruleset import GameStatus


@cache
def _deck() -> Counter[str]:
    return Counter(deck())


def violations(state: BangState) -> list[str]:
    if state.status is GameStatus.LOBBY:
        return []
    return [*_cards(state), *_lives(state), *_eliminated(state), *_resolving(state)]


def _cards(state: BangState) -> list[str]:
    places: Counter[str] = Counter(state.draw_pile)
    places.update(state.discard_pile)
    places.update(state.resolving)
    for player in state.players:
        places.update(player.hand)
        places.update(player.in_play)
    for frame in state.stack:
        if isinstance(frame, EffectFrame):
            places.update(frame.display)
    expected = _deck()
    if places != expected:
        extra = places - expected
        missing = expected - places
        return [f"playing cards not conserved: extra {dict(extra)}, missing {dict(missing)}"]
    return []


def _lives(state: BangState) -> list[str]:
    return [
        f"seat {p.seat} has {p.life} of {p.max_life} life points"
        for p in state.players
        if not 0 <= p.life <= p.max_life
    ]


def _eliminated(state: BangState) -> list[str]:
    return [
        f"eliminated seat {p.seat} holds {[*p.hand, *p.in_play]}"
        for p in state.players
        if not p.alive and (p.hand or p.in_play)
    ]


def _resolving(state: BangState) -> list[str]:
    if not state.stack and state.resolving:
        return [f"{state.resolving} in the resolving area while nothing resolves"]
    return []
