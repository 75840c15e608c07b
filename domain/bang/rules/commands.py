"""Acting: an action the legal list holds is performed, recorded as events, and the game then
advances to the next decision; anything else is refused with the rule that forbids it."""

from __future__ import annotations

from collections.abc import Sequence

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
from domain.bang.catalog import Suit, card
from domain.bang.rules import flow, legal, life, piles
from domain.bang.rules.common import MOLLY_STARK, beer_heals, has_ability
from domain.bang.rules.effects import play_card, use_card
from domain.bang.rules.refusals import refusal
from domain.bang.state import BangState, EffectFrame, HitFrame, LossFrame
from domain.context import Context
from domain.errors import RuleViolation
from domain.events.bang import (
    BangAbilityCopied,
    BangAbilityUsed,
    BangAnswered,
    BangCardDiscarded,
    BangCardPlayed,
    BangCardTaken,
    BangCardUsed,
    BangEffectStarted,
    BangHitCancelled,
    BangHitTaken,
    BangLifePaid,
    BangLossReduced,
    BangPhaseBegan,
    BangReactionDeclined,
    BangStoreCardPicked,
    BangTargetResolved,
    CheckPurpose,
    Phase,
    Zone,
)


def act(
    ctx: Context[BangState], seat: int, action: BangAction, pending: Sequence[BangDecision]
) -> None:
    state = ctx.state
    decision = pending[0] if pending else None
    if decision is None or decision.seat != seat or not is_legal(state, decision, action):
        rule, reason = refusal(state, seat, action, decision)
        raise RuleViolation(rule, reason)
    _perform(ctx, seat, action, decision)
    flow.advance(ctx)


def is_legal(state: BangState, decision: BangDecision, action: BangAction) -> bool:
    """Whether ``action`` answers ``decision``; only the card the action names is looked at."""
    player = state.players[decision.seat]
    if isinstance(action, PlayCard):
        return (
            decision.kind is DecisionKind.PLAY
            and action.card in player.hand
            and action in legal.play_options(state, decision.seat, action.card)
        )
    if isinstance(action, UseCard):
        return (
            decision.kind is DecisionKind.PLAY
            and action.card in player.in_play
            and action in legal.use_options(state, decision.seat, action.card)
        )
    return action in legal.legal_actions(state, decision)


def _perform(
    ctx: Context[BangState], seat: int, action: BangAction, decision: BangDecision
) -> None:
    state = ctx.state
    if isinstance(action, PlayCard):
        play_card(ctx, seat, action)
    elif isinstance(action, UseCard):
        use_card(ctx, seat, action)
    elif isinstance(action, EndPlay):
        ctx.emit(BangPhaseBegan(seat=seat, phase=Phase.DISCARD))
    elif isinstance(action, PayLife):
        ctx.emit(BangAbilityUsed(seat=seat, ability="chuck-wengam"))
        ctx.emit(BangLifePaid(seat=seat, life=state.players[seat].life - 1))
        piles.draw(ctx, seat, 2, "CHAR-CHUCK-WENGAM")
    elif isinstance(action, DocShot):
        _doc_shot(ctx, seat, action)
    elif isinstance(action, TradeBlue):
        ctx.emit(BangAbilityUsed(seat=seat, ability="jose-delgado"))
        ctx.emit(
            BangCardDiscarded(
                seat=seat, card=action.card, zone=Zone.HAND, reason="CHAR-JOSE-DELGADO"
            )
        )
        piles.draw(ctx, seat, 2, "CHAR-JOSE-DELGADO")
    elif isinstance(action, DrawCheck):
        if piles.check(ctx, seat, CheckPurpose.BARREL, lambda c: c.suit is Suit.HEARTS):
            ctx.emit(BangHitCancelled(target=seat, rule="CARD-BARREL"))
    elif isinstance(action, Dodge):
        _dodge(ctx, seat, action.card)
    elif isinstance(action, DrinkBeer):
        ctx.emit(BangCardPlayed(seat=seat, card=action.card))
        ctx.emit(BangLossReduced(seat=seat, by=beer_heals(state, seat)))
        ctx.emit(
            BangCardDiscarded(
                seat=seat, card=action.card, zone=Zone.RESOLVING, reason="BEER-REACTION"
            )
        )
        _molly_draws(ctx, seat, action.card)
    elif isinstance(action, Answer):
        ctx.emit(BangAnswered(seat=seat, card=action.card, decision=decision.kind.value))
        if decision.kind is DecisionKind.INDIANS:
            _molly_draws(ctx, seat, action.card)
    elif isinstance(action, Pass):
        _pass(ctx, seat, decision)
    elif isinstance(action, Pick):
        ctx.emit(BangStoreCardPicked(seat=seat, card=action.card))
    elif isinstance(action, Choose):
        _choose(ctx, seat, action)
    elif isinstance(action, Discard):
        ctx.emit(
            BangCardDiscarded(seat=seat, card=action.card, zone=Zone.HAND, reason="TURN-DISCARD")
        )
    elif isinstance(action, CopyAbility):
        copied = state.players[action.seat].character
        ctx.emit(BangAbilityCopied(seat=seat, character=copied))
    elif isinstance(action, TakeInPlay):
        ctx.emit(
            BangCardTaken(
                seat=seat,
                from_seat=action.seat,
                card=action.card,
                zone=Zone.PLAY,
                reason="CHAR-PAT-BRENNAN",
            )
        )
        ctx.emit(BangPhaseBegan(seat=seat, phase=Phase.PLAY))
    elif isinstance(action, DrawCards):
        flow.draw_phase(ctx)


def _doc_shot(ctx: Context[BangState], seat: int, action: DocShot) -> None:
    """[CHAR-DOC-HOLYDAY]: two hand cards discarded, then one hit on a player within reach."""
    ctx.emit(BangAbilityUsed(seat=seat, ability="doc-holyday"))
    for paid in action.cards:
        ctx.emit(BangCardDiscarded(seat=seat, card=paid, zone=Zone.HAND, reason="CHAR-DOC-HOLYDAY"))
    ctx.emit(
        BangEffectStarted(
            source=seat, card=None, effect="CHAR-DOC-HOLYDAY", targets=(action.target,)
        )
    )


def _dodge(ctx: Context[BangState], seat: int, used: str) -> None:
    """A Missed!-type effect cancels the hit ([HIT-RESOLVE] step 3); Dodge and Bible then draw
    a card ([CARD-DODGE], [CARD-BIBLE])."""
    state = ctx.state
    info = card(used)
    from_hand = used in state.players[seat].hand
    if from_hand:
        as_missed = info.name not in {"Missed!", "Dodge"}  # Elena Fuente ([CHAR-ELENA-FUENTE])
        ctx.emit(BangCardPlayed(seat=seat, card=used, as_missed=as_missed))
        rule = "CHAR-ELENA-FUENTE" if as_missed else info.effect
    else:
        ctx.emit(BangCardUsed(seat=seat, card=used))
        rule = info.effect
    ctx.emit(BangHitCancelled(target=seat, rule=rule))
    if info.extra_draw and rule != "CHAR-ELENA-FUENTE":
        piles.draw(ctx, seat, info.extra_draw, info.effect)
    ctx.emit(BangCardDiscarded(seat=seat, card=used, zone=Zone.RESOLVING, reason=rule))
    if from_hand:
        _molly_draws(ctx, seat, used)


def _molly_draws(ctx: Context[BangState], seat: int, used: str) -> None:
    """Molly Stark draws a card for a BANG!, Missed! or Beer she plays or discards by choice
    in another player's turn ([CHAR-MOLLY-STARK])."""
    state = ctx.state
    if seat == state.turn.seat or not state.players[seat].alive:
        return
    if has_ability(state, seat, MOLLY_STARK) and card(used).name in {"BANG!", "Missed!", "Beer"}:
        piles.draw(ctx, seat, 1, "CHAR-MOLLY-STARK")


def _pass(ctx: Context[BangState], seat: int, decision: BangDecision) -> None:
    state = ctx.state
    top = state.stack[-1]
    ctx.emit(BangReactionDeclined(seat=seat, decision=decision.kind.value))
    if isinstance(top, HitFrame):
        ctx.emit(BangHitTaken(target=seat))
        life.threaten(ctx, seat, 1, top.source)
    elif isinstance(top, EffectFrame):  # Duel or Indians!: he loses a life point
        life.threaten(ctx, seat, 1, top.source)
    elif isinstance(top, LossFrame):
        pass  # the window is closed; the loss is settled next


def _choose(ctx: Context[BangState], seat: int, action: Choose) -> None:
    state = ctx.state
    victim = state.players[action.target]
    if action.pick == RANDOM_HAND_CARD:
        chosen, zone = ctx.rng.pick(victim.hand), Zone.HAND  # [HIDDEN-RANDOM-HAND-CARD]
    else:
        chosen = action.pick
        zone = Zone.HAND if chosen in victim.hand else Zone.PLAY
    top = state.stack[-1]
    reason = top.effect if isinstance(top, EffectFrame) else "CARD-BRAWL"
    ctx.emit(BangCardDiscarded(seat=action.target, card=chosen, zone=zone, reason=reason))
    ctx.emit(BangTargetResolved(target=action.target))
