"""What the rules decide in a seat's place when its time runs out (the game clock): one legal
action for every decision of [FLOW-DECISIONS] (its row below), the least committal one, on
public grounds only.

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
|                      | none, his hand card of the lowest id         | [CARD-CAN-CAN]            |
| ``discard`` (13)     | the hand card of the lowest id, one at a     | [TURN-DISCARD]            |
|                      | time, down to his hand limit                 |                           |

Own-turn abilities (row 12: Chuck Wengam, Doc Holyday, José Delgado) are never taken in a
seat's place; row 4 (targets, costs) is part of a play, which a default never makes; row 14
belongs to the combined game, which this engine does not play ([COMBINE-SCOPE-NOTE]).

Public grounds only ([HIDDEN-DECLINE]): a reaction is always declined, whatever the hand holds,
so a timeout shows what a chosen decline shows and no more; whether the seat is asked at all is
already decided on public grounds (``flow``). Every target named is public: a seat, a card in
play, a hand's size, the General Store's display. Only a forced discard of one's own cards may
name hidden ones, and then by card id alone: it shows the card discarded, as a chosen discard
would, and (as any fixed order must) that no card of a lower id was held. Cat Balou or Can Can
on oneself takes a card in play first, so the hand decides nothing while one lies there.
"""

from __future__ import annotations

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
            return Discard(card=min(state.players[seat].hand))
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
    Can on oneself: a card in play first, whose choice the hand cannot sway."""
    frame = _resolving(state)
    target = frame.current
    assert target is not None
    victim = state.players[target]
    if frame.effect == "CARD-BRAWL":
        pick = RANDOM_HAND_CARD if victim.hand else min(victim.in_play)
    else:
        pick = min(victim.in_play) if victim.in_play else min(victim.hand)
    return Choose(target=target, pick=pick)
