"""Every action a seat may take now, once each, ready to send back.

The lists here are the rules' single answer to "may he do this?": ``act`` accepts exactly what
they list, and ``refusals`` only words why something else is refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from domain.bang.actions import (
    RANDOM_HAND_CARD,
    Answer,
    BangAction,
    BangDecision,
    Choose,
    CopyAbility,
    DecisionKind,
    Discard,
    DocShot,
    Dodge,
    DrawCards,
    DrawCheck,
    DrinkBeer,
    EndPlay,
    Pass,
    PayLife,
    Pick,
    PlayCard,
    TakeInPlay,
    TradeBlue,
    UseCard,
)
from domain.bang.catalog import Border, Role, Suit, card
from domain.bang.rules.common import (
    APACHE_KID,
    CHUCK_WENGAM,
    DOC_HOLYDAY,
    ELENA_FUENTE,
    JOSE_DELGADO,
    active_green,
    beer_allowed,
    counts,
    distance,
    has_ability,
    in_play_named,
    in_reach,
    others,
    three_players,
)
from domain.bang.rules.flow import SOURCE_CHOOSES
from domain.bang.state import BangState, EffectFrame, HitFrame
from domain.events.bang import Phase

#: Effects that take a target's card into the actor's hand ([SYM-DRAW]) or discard it
#: ([SYM-DISCARD]).
TAKING = {"CARD-PANIC", "CARD-RAG-TIME", "CARD-CONESTOGA"}
DISCARDING = {"CARD-CAT-BALOU", "CARD-CAN-CAN"}


def legal_actions(state: BangState, decision: BangDecision) -> list[BangAction]:
    return list(_options(state, decision))


def _options(state: BangState, decision: BangDecision) -> Iterator[BangAction]:
    seat, kind = decision.seat, decision.kind
    player = state.players[seat]
    if kind is DecisionKind.PLAY:
        for held in player.hand:
            yield from play_options(state, seat, held)
        for laid in player.in_play:
            yield from use_options(state, seat, laid)
        yield from own_turn_abilities(state, seat)
        yield EndPlay()
        return
    if may_use_own_turn_abilities(state, seat):
        yield from own_turn_abilities(state, seat)
    if kind is DecisionKind.HIT:
        yield from hit_answers(state, seat)
    elif kind is DecisionKind.BEER:
        yield from (DrinkBeer(card=held) for held in player.hand if card(held).name == "Beer")
        yield Pass()
    elif kind in {DecisionKind.DUEL, DecisionKind.INDIANS}:
        yield from (Answer(card=held) for held in player.hand if card(held).name == "BANG!")
        yield Pass()
    elif kind is DecisionKind.STORE:
        frame = _top_effect(state)
        yield from (Pick(card=shown) for shown in (frame.display if frame else []))
    elif kind in {DecisionKind.BRAWL, DecisionKind.DISCARD_OWN}:
        frame = _top_effect(state)
        if frame is not None and frame.current is not None:
            yield from _choices(state, frame)
    elif kind is DecisionKind.DISCARD:
        yield from (Discard(card=held) for held in player.hand)
    elif kind is DecisionKind.COPY:
        yield from (CopyAbility(seat=other) for other in others(state, seat))
    elif kind is DecisionKind.DRAW:
        for other in others(state, seat):
            yield from (TakeInPlay(seat=other, card=laid) for laid in state.players[other].in_play)
        yield DrawCards()


def _top_effect(state: BangState) -> EffectFrame | None:
    top = state.stack[-1] if state.stack else None
    return top if isinstance(top, EffectFrame) else None


def _choices(state: BangState, frame: EffectFrame) -> Iterator[Choose]:
    target = frame.current
    assert target is not None
    victim = state.players[target]
    if frame.effect == "CARD-BRAWL":
        if victim.hand:
            yield Choose(target=target, pick=RANDOM_HAND_CARD)
        yield from (Choose(target=target, pick=laid) for laid in victim.in_play)
    elif frame.effect in SOURCE_CHOOSES:  # on oneself: any own card ([SYM-DISCARD])
        yield from (Choose(target=target, pick=own) for own in [*victim.hand, *victim.in_play])


def hit_answers(state: BangState, seat: int) -> Iterator[BangAction]:
    """[HIT-RESOLVE] steps 2 and 3: the Barrel first, then one Missed!-type effect."""
    top = state.stack[-1]
    assert isinstance(top, HitFrame)
    player = state.players[seat]
    mine_count = counts(state, seat)
    if mine_count and not top.barrel_tried and in_play_named(state, seat, "Barrel"):
        yield DrawCheck()
    elena = has_ability(state, seat, ELENA_FUENTE)
    for held in player.hand:
        if elena or card(held).name in {"Missed!", "Dodge"}:
            yield Dodge(card=held)
    if mine_count:
        for laid in player.in_play:
            if card(laid).missed_symbol and active_green(state, laid):
                yield Dodge(card=laid)
    yield Pass()


def may_use_own_turn_abilities(state: BangState, seat: int) -> bool:
    """The current player, deciding something in his own phase II ([CHAR-OWN-TURN-ABILITIES])."""
    return seat == state.turn.seat and state.turn.phase is Phase.PLAY


def own_turn_abilities(state: BangState, seat: int) -> Iterator[BangAction]:
    player = state.players[seat]
    if has_ability(state, seat, CHUCK_WENGAM) and player.life >= 2:
        yield PayLife()
    if has_ability(state, seat, DOC_HOLYDAY) and not state.turn.doc_used:
        targets = [other for other in others(state, seat) if in_reach(state, seat, other)]
        for pair in combinations(player.hand, 2):
            diamonds = sum(card(c).suit is Suit.DIAMONDS for c in pair)
            for target in targets:
                if diamonds == 2 and has_ability(state, target, APACHE_KID):
                    continue  # [CHAR-DOC-HOLYDAY-APACHE]
                yield DocShot(cards=(pair[0], pair[1]), target=target)
    jose_may = not state.settings.jose_delgado_twice or state.turn.jose_uses < 2
    if has_ability(state, seat, JOSE_DELGADO) and jose_may:
        yield from (TradeBlue(card=c) for c in player.hand if card(c).border is Border.BLUE)


# -- playing a card from hand ------------------------------------------------------------------


def play_options(state: BangState, seat: int, held: str) -> Iterator[PlayCard]:
    """Every way ``seat`` may play ``held`` from his hand at an idle moment of phase II."""
    info = card(held)
    player = state.players[seat]
    if info.border is not Border.BROWN:
        if _may_put_in_play(state, seat, held):
            if info.effect == "CARD-JAIL":
                for jailed in _jail_targets(state, seat):
                    yield PlayCard(card=held, target=jailed)
            else:
                yield PlayCard(card=held)
        return
    effect = info.effect
    if effect in {"CARD-MISSED", "CARD-DODGE"}:
        return  # reactions only
    if effect == "CARD-BEER":
        if beer_allowed(state):
            yield PlayCard(card=held)
        return
    costs: list[str | None] = [None]
    if info.discard_cost:
        costs = [other for other in player.hand if other != held]
        if not costs:
            return  # no other card to pay with ([SYM-DISCARD-COST])
    for cost in costs:
        for target, pick in _targets(state, seat, held, effect):
            yield PlayCard(card=held, target=target, pick=pick, cost=cost)


def _targets(
    state: BangState, seat: int, held: str, effect: str
) -> Iterator[tuple[int | None, str | None]]:
    others_ = others(state, seat)
    if effect == "CARD-BANG":
        if state.turn.bangs == 0 or in_play_named(state, seat, "Volcanic"):
            yield from ((t, None) for t in others_ if in_reach(state, seat, t))
    elif effect == "CARD-PUNCH":
        yield from ((t, None) for t in others_ if distance(state, seat, t) <= 1)
    elif effect in {"CARD-SPRINGFIELD", "CARD-DUEL"}:
        yield from ((t, None) for t in others_)
    elif effect == "CARD-PANIC":
        for target in others_:
            if distance(state, seat, target) <= 1:
                yield from ((target, pick) for pick in _picks(state, target))
    elif effect == "CARD-RAG-TIME":
        for target in others_:
            yield from ((target, pick) for pick in _picks(state, target))
    elif effect == "CARD-CAT-BALOU":
        for target in others_:
            yield from ((target, pick) for pick in _picks(state, target))
        if any(c != held for c in [*state.players[seat].hand, *state.players[seat].in_play]):
            yield seat, None
    elif effect == "CARD-TEQUILA":
        yield from ((t, None) for t in [seat, *others_])
    elif effect == "CARD-BRAWL":
        if any(_picks(state, t) for t in others_):
            yield None, None
    else:  # no target: Saloon, Stagecoach, Wells Fargo, General Store, Gatling, Indians!, Whisky
        yield None, None


def _picks(state: BangState, target: int) -> list[str]:
    """What a take or discard effect may reach of ``target``: a random hand card, or a named
    card in play ([SYM-DRAW], [SYM-TAKE-NEEDS-CARD])."""
    victim = state.players[target]
    return ([RANDOM_HAND_CARD] if victim.hand else []) + list(victim.in_play)


def _may_put_in_play(state: BangState, seat: int, held: str) -> bool:
    """No two cards of one name in front of a player ([TURN-SAME-NAME]); a weapon replaces the
    one in play, even of the same name ([WEAPON-REPLACE])."""
    info = card(held)
    if info.is_weapon or info.effect == "CARD-JAIL":
        return True
    return in_play_named(state, seat, info.name) is None


def _jail_targets(state: BangState, seat: int) -> list[int]:
    """Any living player but the Sheriff, himself included, without a Jail ([CARD-JAIL],
    [THREE-NO-SHERIFF])."""
    return [
        target
        for target in [seat, *others(state, seat)]
        if (three_players(state) or state.players[target].role is not Role.SHERIFF)
        and in_play_named(state, target, "Jail") is None
    ]


# -- using a green card ------------------------------------------------------------------------


def use_options(state: BangState, seat: int, laid: str) -> Iterator[UseCard]:
    """Every way ``seat`` may use the green ``laid`` in his phase II ([BORDER-GREEN-USE])."""
    info = card(laid)
    if not active_green(state, laid) or info.missed_symbol:
        return
    effect = info.effect
    others_ = others(state, seat)
    if effect in {"CARD-CANTEEN", "CARD-PONY-EXPRESS", "CARD-HOWITZER"}:
        yield UseCard(card=laid)
    elif effect in {"CARD-KNIFE", "CARD-DERRINGER"}:
        yield from (UseCard(card=laid, target=t) for t in others_ if distance(state, seat, t) <= 1)
    elif effect == "CARD-PEPPERBOX":
        yield from (UseCard(card=laid, target=t) for t in others_ if in_reach(state, seat, t))
    elif effect == "CARD-BUFFALO-RIFLE":
        yield from (UseCard(card=laid, target=t) for t in others_)
    elif effect == "CARD-CONESTOGA":
        for target in others_:
            yield from (UseCard(card=laid, target=target, pick=p) for p in _picks(state, target))
    elif effect == "CARD-CAN-CAN":
        for target in others_:
            yield from (UseCard(card=laid, target=target, pick=p) for p in _picks(state, target))
        player = state.players[seat]
        if any(c != laid for c in [*player.hand, *player.in_play]):
            yield UseCard(card=laid, target=seat)
