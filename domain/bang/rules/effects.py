"""What each playing card does when it is played from hand or used from play (section 12).

A card whose effect is over at once (healing, drawing, taking or discarding one card) resolves
here and goes to the discard pile; one that hits, asks someone, or reaches several players
starts an effect frame that ``flow`` takes on, one target at a time ([SYM-MULTI-ORDER]).
"""

from __future__ import annotations

from domain.bang.actions import RANDOM_HAND_CARD, PlayCard, UseCard
from domain.bang.catalog import Border, card
from domain.bang.rules import life, piles
from domain.bang.rules.common import (
    apache_immune,
    beer_heals,
    has_cards,
    others,
    weapon_of,
)
from domain.bang.state import BangState
from domain.context import Context
from domain.events.bang import (
    BangCardDiscarded,
    BangCardPlayed,
    BangCardPutInPlay,
    BangCardTaken,
    BangCardUsed,
    BangEffectStarted,
    Zone,
)

#: Effects started as a frame, whose targets are reached one by one.
ONE_TARGET_HITS = {
    "CARD-BANG",
    "CARD-PUNCH",
    "CARD-SPRINGFIELD",
    "CARD-KNIFE",
    "CARD-PEPPERBOX",
    "CARD-BUFFALO-RIFLE",
    "CARD-DERRINGER",
}
EVERY_OTHER = {"CARD-GATLING", "CARD-HOWITZER", "CARD-INDIANS"}


def play_card(ctx: Context[BangState], seat: int, action: PlayCard) -> None:
    info = card(action.card)
    if info.border is not Border.BROWN:
        _put_in_play(ctx, seat, action)
        return
    if action.cost is not None:
        ctx.emit(
            BangCardDiscarded(
                seat=seat, card=action.cost, zone=Zone.HAND, reason="SYM-DISCARD-COST"
            )
        )
    targets = () if action.target is None else (action.target,)
    ctx.emit(BangCardPlayed(seat=seat, card=action.card, targets=targets))
    _resolve(ctx, seat, action.card, action.target, action.pick)


def use_card(ctx: Context[BangState], seat: int, action: UseCard) -> None:
    targets = () if action.target is None else (action.target,)
    ctx.emit(BangCardUsed(seat=seat, card=action.card, targets=targets))
    _resolve(ctx, seat, action.card, action.target, action.pick)


def _put_in_play(ctx: Context[BangState], seat: int, action: PlayCard) -> None:
    """Blue and green cards go in front of their player, Jail in front of its target
    ([BORDER-BLUE], [BORDER-GREEN-PLAY]); a new weapon replaces the old one
    ([WEAPON-REPLACE])."""
    info = card(action.card)
    owner = seat if action.target is None else action.target
    old = weapon_of(ctx.state, seat) if info.is_weapon else None
    if old is not None:
        ctx.emit(BangCardDiscarded(seat=seat, card=old, zone=Zone.PLAY, reason="WEAPON-REPLACE"))
    ctx.emit(BangCardPutInPlay(seat=seat, card=action.card, owner=owner))


def _resolve(
    ctx: Context[BangState], seat: int, used: str, target: int | None, pick: str | None
) -> None:
    state = ctx.state
    info = card(used)
    effect = info.effect
    immune = target is not None and apache_immune(state, seat, target, used)
    if effect in ONE_TARGET_HITS and target is not None:
        if effect == "CARD-DERRINGER":  # the user draws first ([READ-DERRINGER-ORDER])
            piles.draw(ctx, seat, 1, effect)
        ctx.emit(BangEffectStarted(source=seat, card=used, effect=effect, targets=(target,)))
        return
    if effect == "CARD-DUEL" and target is not None and not immune:
        ctx.emit(BangEffectStarted(source=seat, card=used, effect=effect, targets=(target,)))
        return
    if effect in EVERY_OTHER:
        reached = tuple(
            other for other in others(state, seat) if not apache_immune(state, seat, other, used)
        )
        ctx.emit(BangEffectStarted(source=seat, card=used, effect=effect, targets=reached))
        return
    if effect == "CARD-BRAWL":
        reached = tuple(other for other in others(state, seat) if has_cards(state, other))
        ctx.emit(BangEffectStarted(source=seat, card=used, effect=effect, targets=reached))
        return
    if effect == "CARD-GENERAL-STORE":
        order = (seat, *others(state, seat))
        ctx.emit(BangEffectStarted(source=seat, card=used, effect=effect, targets=order))
        piles.reveal(ctx, len(order))
        return
    if effect in {"CARD-CAT-BALOU", "CARD-CAN-CAN"} and target == seat:
        ctx.emit(BangEffectStarted(source=seat, card=used, effect=effect, targets=(seat,)))
        return
    if not immune:
        _at_once(ctx, seat, used, target, pick)
    ctx.emit(BangCardDiscarded(seat=seat, card=used, zone=Zone.RESOLVING, reason=effect))


def _at_once(
    ctx: Context[BangState], seat: int, used: str, target: int | None, pick: str | None
) -> None:
    state = ctx.state
    effect = card(used).effect
    if effect == "CARD-BEER":
        life.heal(ctx, seat, beer_heals(state, seat), effect)
    elif effect == "CARD-CANTEEN":
        life.heal(ctx, seat, 1, effect)
    elif effect == "CARD-WHISKY":
        life.heal(ctx, seat, 2, effect)
    elif effect == "CARD-TEQUILA" and target is not None:
        life.heal(ctx, target, 1, effect)
    elif effect == "CARD-SALOON":
        for healed in [*others(state, seat), seat]:  # the acting player last
            life.heal(ctx, healed, 1, effect)
    elif effect in {"CARD-STAGECOACH", "CARD-WELLS-FARGO", "CARD-PONY-EXPRESS"}:
        piles.draw(ctx, seat, card(used).extra_draw, effect)
    elif effect in {"CARD-PANIC", "CARD-RAG-TIME", "CARD-CONESTOGA"} and target is not None:
        _take(ctx, seat, target, pick, effect)
    elif effect in {"CARD-CAT-BALOU", "CARD-CAN-CAN"} and target is not None:
        _discard(ctx, target, pick, effect)


def _take(ctx: Context[BangState], seat: int, target: int, pick: str | None, effect: str) -> None:
    victim = ctx.state.players[target]
    if pick == RANDOM_HAND_CARD:
        if victim.hand:
            taken = ctx.rng.pick(victim.hand)  # [HIDDEN-RANDOM-HAND-CARD]
            ctx.emit(
                BangCardTaken(
                    seat=seat, from_seat=target, card=taken, zone=Zone.HAND, reason=effect
                )
            )
    elif pick is not None and pick in victim.in_play:
        ctx.emit(
            BangCardTaken(seat=seat, from_seat=target, card=pick, zone=Zone.PLAY, reason=effect)
        )


def _discard(ctx: Context[BangState], target: int, pick: str | None, effect: str) -> None:
    victim = ctx.state.players[target]
    if pick == RANDOM_HAND_CARD:
        if victim.hand:
            dropped = ctx.rng.pick(victim.hand)
            ctx.emit(BangCardDiscarded(seat=target, card=dropped, zone=Zone.HAND, reason=effect))
    elif pick is not None and pick in victim.in_play:
        ctx.emit(BangCardDiscarded(seat=target, card=pick, zone=Zone.PLAY, reason=effect))
