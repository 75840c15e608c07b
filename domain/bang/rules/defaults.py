"""What the rules decide in a seat's place when its time runs out (the game clock): one legal
action for every decision of [FLOW-DECISIONS] (its row below), the least committal one, on
public grounds only; the seat's own hidden cards, where some must be named, drawn at random.

| Decision (row)       | Default                                      | Rules followed            |
|----------------------|----------------------------------------------|---------------------------|
| ``copy`` (1)         | copy the first other living seat clockwise   | [CHAR-VERA-CUSTER],       |
|                      | from her left                                | [SYM-MULTI-ORDER]         |
| ``draw`` (2)         | draw the normal way                          | [CHAR-PAT-BRENNAN]        |
| ``play`` (3)         | end phase II, playing nothing                | [TURN-PLAY]               |
| ``hit`` (5)          | let the hit through: no Barrel, no Missed!   | [HIT-RESOLVE],            |
|                      |                                              | [HIDDEN-DECLINE]          |
| ``beer`` (6)         | let the loss pass: no Beer                   | [BEER-REACTION],          |
|                      |                                              | [HIDDEN-DECLINE]          |
| ``duel`` (7)         | let it pass: no BANG!, he loses the Duel     | [CARD-DUEL],              |
|                      |                                              | [HIDDEN-DUEL-INDIANS]     |
| ``indians`` (8)      | let it pass: no BANG!, he loses a life point | [CARD-INDIANS],           |
|                      |                                              | [HIDDEN-DUEL-INDIANS]     |
| ``store`` (9)        | the display's first card, in the order it    | [CARD-GENERAL-STORE],     |
|                      | was revealed                                 | [READ-GENERAL-STORE-PICK] |
| ``brawl`` (10)       | a random card of the target's hand; with     | [CARD-BRAWL],             |
|                      | none, his card in play of the lowest id      | [HIDDEN-RANDOM-HAND-CARD] |
| ``discard_own`` (11) | his own card in play of the lowest id; with  | [CARD-CAT-BALOU],         |
|                      | none, a hand card drawn at random (below)    | [CARD-CAN-CAN]            |
| ``discard`` (13)     | hand cards drawn at random, one at a time,   | [TURN-DISCARD]            |
|                      | down to his hand limit: one drawn set        |                           |

Own-turn abilities (row 12: Chuck Wengam, Doc Holyday, José Delgado) are never taken in a
seat's place; row 4 (targets, costs) is part of a play, which a default never makes; row 14
belongs to the combined game, which this engine does not play ([COMBINE-SCOPE-NOTE]).

Public grounds only ([HIDDEN-DECLINE]): a reaction is always declined, whatever the hand holds,
so a timeout shows what a chosen decline shows and no more; whether the seat is asked at all is
already decided on public grounds (``flow``). Every target named is public: a seat, a card in
play, a hand's size, the General Store's display. Cat Balou or Can Can on oneself takes a card
in play first, so the hand decides nothing while one lies there.

Only a discard the rules force on one's own hand (phase III; Cat Balou or Can Can on oneself
with nothing in play) must name hidden cards, and no fixed order of the cards may choose them:
the card discarded would tell every other seat that no card earlier in that order was held. So
the cards are taken in a random order drawn from the game's seed, which no seat sees before the
game ends: each card's place comes from the seed, public facts and its own id alone, so the
order does not depend on how the hand is held, and the order of what is left of a hand is that
of the whole. Phase III keys it by the turn, so its discards, one at a time, are the first
cards of one order: one drawn set, whether or not the seat chose some of them itself. A
discard on oneself also keys it by the discard pile's size and the reshuffles, which move
between two of them in one turn, so each is drawn afresh. The card discarded shows that it was
held, as a chosen one would, and nothing of the rest; and the draw is the same on every run,
so ``verify`` re-running a timeout records the same events.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import assert_never

from domain.bang.actions import (
    RANDOM_HAND_CARD,
    BangAction,
    BangDecision,
    Choose,
    CopyAbility,
    DecisionKind,
    Discard,
    DrawCards,
    EndPlay,
    Pass,
    Pick,
)
from domain.bang.rules.common import others
from domain.bang.state import BangState, EffectFrame


def default_action(state: BangState, decision: BangDecision) -> BangAction:
    """The action taken for ``decision.seat`` when its time runs out (the table above)."""
    seat = decision.seat
    match decision.kind:
        case DecisionKind.HIT | DecisionKind.BEER | DecisionKind.DUEL | DecisionKind.INDIANS:
            return Pass()
        case DecisionKind.PLAY:
            return EndPlay()
        case DecisionKind.DRAW:
            return DrawCards()
        case DecisionKind.COPY:
            return CopyAbility(seat=others(state, seat)[0])
        case DecisionKind.STORE:
            return Pick(card=_resolving(state).display[0])
        case DecisionKind.BRAWL | DecisionKind.DISCARD_OWN:
            return _choice(state)
        case DecisionKind.DISCARD:
            return _discard_to_limit(state, seat)
        case unknown:  # mypy: every kind has its default
            assert_never(unknown)


def _resolving(state: BangState) -> EffectFrame:
    """The effect asking the decision; ``flow`` asks a store, brawl or discard_own decision only
    while one is on top of the stack."""
    top = state.stack[-1]
    assert isinstance(top, EffectFrame)
    return top


def _choice(state: BangState) -> Choose:
    """Brawl: a random hand card first, as the acting player cannot see which. Cat Balou or Can
    Can on oneself: a card in play first, whose choice the hand cannot sway; else a hand card
    drawn from the secret seed."""
    frame = _resolving(state)
    target = frame.current
    assert target is not None
    victim = state.players[target]
    if frame.effect == "CARD-BRAWL":
        pick = RANDOM_HAND_CARD if victim.hand else min(victim.in_play)
    elif victim.in_play:
        pick = min(victim.in_play)
    else:
        counter = f"discard_own:{state.turn.number}:{state.reshuffles}:{len(state.discard_pile)}"
        pick = _secret_first(state, target, counter, victim.hand)
    return Choose(target=target, pick=pick)


def _discard_to_limit(state: BangState, seat: int) -> Discard:
    """Phase III: the order is the turn's, so the cards discarded make one drawn set."""
    hand = state.players[seat].hand
    return Discard(card=_secret_first(state, seat, f"discard:{state.turn.number}", hand))


def _secret_first(state: BangState, seat: int, counter: str, cards: Iterable[str]) -> str:
    """The first of ``cards`` in an order drawn from the game's secret seed, ``seat`` and
    ``counter`` (public facts); each card's place is drawn from these and its id alone."""

    def place(card: str) -> tuple[float, str]:
        return random.Random(f"{state.seed}:default:{seat}:{counter}:{card}").random(), card

    return min(cards, key=place)
