"""Applying one recorded event to the state of a game of BANG! – Dodge City.

Never validates, never fails, never draws at random: every stored game replays. Each event moves
cards between zones, or pushes or pops a frame of what is resolving, exactly as its name says;
the rules (``domain.bang.rules``) decided it all before it was recorded.
"""

from __future__ import annotations

from functools import singledispatch

from domain.bang.catalog import Border, card
from domain.bang.state import BangState, EffectFrame, HitFrame, LossFrame, Player
from domain.events.bang import (
    BangAbilityCopied,
    BangAbilityUsed,
    BangAnswered,
    BangCardDiscarded,
    BangCardPlayed,
    BangCardPutInPlay,
    BangCardsDrawn,
    BangCardTaken,
    BangCardUsed,
    BangCharacterDealt,
    BangCheckDrawn,
    BangDynamitePassed,
    BangEffectEnded,
    BangEffectReached,
    BangEffectStarted,
    BangGameEnded,
    BangGameOpened,
    BangGameStarted,
    BangHitAimed,
    BangHitCancelled,
    BangHitTaken,
    BangLifeGained,
    BangLifePaid,
    BangLossReduced,
    BangLossResolved,
    BangLossThreatened,
    BangPhaseBegan,
    BangPileShuffled,
    BangPlayerEliminated,
    BangReactionDeclined,
    BangResolutionAbandoned,
    BangRoleDealt,
    BangSeatTaken,
    BangStoreCardPicked,
    BangStoreRevealed,
    BangTargetResolved,
    BangTurnBegan,
    BangTurnEnded,
)
from domain.events.bang.values import Phase, Role, Zone
from domain.events.base import DomainEvent
from domain.ruleset import GameStatus


@singledispatch
def evolve(event: DomainEvent, state: BangState) -> None:
    """Events of no consequence for the state (a decline, an ability's name) change nothing."""


def apply(state: BangState, event: DomainEvent) -> None:
    evolve(event, state)


def _remove(cards: list[str], card_id: str) -> None:
    if card_id in cards:
        cards.remove(card_id)


def _take_from_zone(state: BangState, seat: int, card_id: str, zone: Zone) -> None:
    player = state.players[seat]
    if zone is Zone.HAND:
        _remove(player.hand, card_id)
    elif zone is Zone.PLAY:
        _remove(player.in_play, card_id)
        state.inactive_greens.discard(card_id)
    elif zone is Zone.RESOLVING:
        _remove(state.resolving, card_id)
    elif zone is Zone.STORE:
        for frame in state.stack:
            if isinstance(frame, EffectFrame):
                _remove(frame.display, card_id)
    elif zone is Zone.DRAW_PILE:
        _remove(state.draw_pile, card_id)


@evolve.register
def _(event: BangGameOpened, state: BangState) -> None:
    state.game_id = event.originator_id
    state.seats_wanted = event.seats
    state.seed = event.seed
    state.settings = event.settings
    state.rules_version = event.rules_version


@evolve.register
def _(event: BangSeatTaken, state: BangState) -> None:
    state.players.append(Player(seat=event.seat, name=event.name, bot=event.bot))


@evolve.register
def _(event: BangGameStarted, state: BangState) -> None:
    state.status = GameStatus.RUNNING


@evolve.register
def _(event: BangRoleDealt, state: BangState) -> None:
    player = state.players[event.seat]
    if event.role != "?":
        player.role = Role(event.role)
    player.role_public = event.public


@evolve.register
def _(event: BangCharacterDealt, state: BangState) -> None:
    player = state.players[event.seat]
    player.character = event.character
    player.life = player.max_life = event.life


@evolve.register
def _(event: BangPileShuffled, state: BangState) -> None:
    state.draw_pile = list(event.cards)
    if event.reshuffle:
        state.discard_pile = []
        state.reshuffles += 1


@evolve.register
def _(event: BangCardsDrawn, state: BangState) -> None:
    drawn = state.draw_pile[: event.count]
    del state.draw_pile[: event.count]
    state.players[event.seat].hand.extend(drawn)


@evolve.register
def _(event: BangTurnBegan, state: BangState) -> None:
    state.turn.seat = event.seat
    state.turn.number = event.turn
    state.turn.phase = Phase.CHECKS
    state.turn.bangs = 0
    state.turn.doc_used = False
    state.turn.jose_uses = 0
    state.turn.jailed = False
    state.turn.dynamite_checked = False
    state.turn.copied = False
    state.turn.fresh_greens = []


@evolve.register
def _(event: BangPhaseBegan, state: BangState) -> None:
    state.turn.phase = event.phase


@evolve.register
def _(event: BangTurnEnded, state: BangState) -> None:
    for green in state.turn.fresh_greens:
        state.inactive_greens.discard(green)
    state.turn.fresh_greens = []


@evolve.register
def _(event: BangCardPlayed, state: BangState) -> None:
    _remove(state.players[event.seat].hand, event.card)
    state.resolving.append(event.card)
    # Only a BANG! played at an idle moment of its player's phase II counts ([TURN-ONE-BANG]).
    idle = event.seat == state.turn.seat and state.turn.phase is Phase.PLAY and not state.stack
    if idle and card(event.card).counts_as_bang and not event.as_missed:
        state.turn.bangs += 1


@evolve.register
def _(event: BangCardUsed, state: BangState) -> None:
    _remove(state.players[event.seat].in_play, event.card)
    state.resolving.append(event.card)


@evolve.register
def _(event: BangCardPutInPlay, state: BangState) -> None:
    _remove(state.players[event.seat].hand, event.card)
    state.players[event.owner].in_play.append(event.card)
    if card(event.card).border is Border.GREEN:
        state.inactive_greens.add(event.card)
        state.turn.fresh_greens.append(event.card)


@evolve.register
def _(event: BangCardDiscarded, state: BangState) -> None:
    _take_from_zone(state, event.seat, event.card, event.zone)
    state.discard_pile.append(event.card)


@evolve.register
def _(event: BangCardTaken, state: BangState) -> None:
    _take_from_zone(state, event.from_seat, event.card, event.zone)
    state.players[event.seat].hand.append(event.card)


@evolve.register
def _(event: BangDynamitePassed, state: BangState) -> None:
    _remove(state.players[event.seat].in_play, event.card)
    state.players[event.to_seat].in_play.append(event.card)


@evolve.register
def _(event: BangCheckDrawn, state: BangState) -> None:
    if event.card is not None:
        del state.draw_pile[:1]
        state.discard_pile.append(event.card)
    if event.purpose == "jail" and not event.success:
        state.turn.jailed = True
    if event.purpose == "dynamite":
        state.turn.dynamite_checked = True
    top = state.stack[-1] if state.stack else None
    if event.purpose == "barrel" and isinstance(top, HitFrame):
        top.barrel_tried = True


@evolve.register
def _(event: BangEffectStarted, state: BangState) -> None:
    state.stack.append(
        EffectFrame(
            source=event.source, card=event.card, effect=event.effect, targets=list(event.targets)
        )
    )


@evolve.register
def _(event: BangEffectReached, state: BangState) -> None:
    frame = _top_effect(state)
    if frame is not None:
        _remove_seat(frame.targets, event.target)
        frame.reached.append(event.target)
        frame.current = event.target


@evolve.register
def _(event: BangEffectEnded, state: BangState) -> None:
    if state.stack and isinstance(state.stack[-1], EffectFrame):
        state.stack.pop()


@evolve.register
def _(event: BangStoreRevealed, state: BangState) -> None:
    del state.draw_pile[: len(event.cards)]
    frame = _top_effect(state)
    if frame is not None:
        frame.display.extend(event.cards)


@evolve.register
def _(event: BangStoreCardPicked, state: BangState) -> None:
    frame = _top_effect(state)
    if frame is not None:
        _remove(frame.display, event.card)
        frame.current = None
    state.players[event.seat].hand.append(event.card)


@evolve.register
def _(event: BangTargetResolved, state: BangState) -> None:
    frame = _top_effect(state)
    if frame is not None:
        frame.current = None


@evolve.register
def _(event: BangResolutionAbandoned, state: BangState) -> None:
    state.stack.clear()


@evolve.register
def _(event: BangAnswered, state: BangState) -> None:
    _remove(state.players[event.seat].hand, event.card)
    state.discard_pile.append(event.card)
    frame = _top_effect(state)
    if frame is None:
        return
    frame.answers[event.seat] = frame.answers.get(event.seat, 0) + 1
    if event.decision == "duel" and frame.reached:
        frame.current = frame.reached[0] if event.seat == frame.source else frame.source
    else:
        frame.current = None


@evolve.register
def _(event: BangHitAimed, state: BangState) -> None:
    state.stack.append(
        HitFrame(source=event.source, target=event.target, card=event.card, ability=event.ability)
    )


@evolve.register
def _(event: BangHitCancelled, state: BangState) -> None:
    if state.stack and isinstance(state.stack[-1], HitFrame):
        state.stack.pop()


@evolve.register
def _(event: BangHitTaken, state: BangState) -> None:
    if state.stack and isinstance(state.stack[-1], HitFrame):
        state.stack.pop()


@evolve.register
def _(event: BangReactionDeclined, state: BangState) -> None:
    top = state.stack[-1] if state.stack else None
    if isinstance(top, LossFrame) and event.decision == "beer":
        top.closed = True
    elif isinstance(top, EffectFrame) and event.decision in {"indians", "duel"}:
        top.current = None


@evolve.register
def _(event: BangLossThreatened, state: BangState) -> None:
    state.stack.append(LossFrame(seat=event.seat, amount=event.amount, source=event.source))


@evolve.register
def _(event: BangLossReduced, state: BangState) -> None:
    if state.stack and isinstance(state.stack[-1], LossFrame):
        state.stack[-1].amount -= event.by


@evolve.register
def _(event: BangLossResolved, state: BangState) -> None:
    if state.stack and isinstance(state.stack[-1], LossFrame):
        state.stack.pop()
    state.players[event.seat].life = event.life


@evolve.register
def _(event: BangLifeGained, state: BangState) -> None:
    state.players[event.seat].life = event.life


@evolve.register
def _(event: BangLifePaid, state: BangState) -> None:
    state.players[event.seat].life = event.life


@evolve.register
def _(event: BangAbilityUsed, state: BangState) -> None:
    if event.ability == "doc-holyday":
        state.turn.doc_used = True
    elif event.ability == "jose-delgado":
        state.turn.jose_uses += 1


@evolve.register
def _(event: BangAbilityCopied, state: BangState) -> None:
    state.players[event.seat].copied = event.character
    if event.character is not None and event.seat == state.turn.seat:
        state.turn.copied = True


@evolve.register
def _(event: BangPlayerEliminated, state: BangState) -> None:
    player = state.players[event.seat]
    player.alive = False
    player.role = Role(event.role)
    player.role_public = True
    state.eliminations += 1
    for frame in state.stack:
        if isinstance(frame, EffectFrame):
            _remove_seat(frame.targets, event.seat)


@evolve.register
def _(event: BangGameEnded, state: BangState) -> None:
    state.status = GameStatus.ENDED
    state.winners = event.winners
    state.end_reason = event.reason
    for player, role in zip(state.players, event.roles, strict=False):
        player.role = Role(role)
        player.role_public = True


def _top_effect(state: BangState) -> EffectFrame | None:
    for frame in reversed(state.stack):
        if isinstance(frame, EffectFrame):
            return frame
    return None


def _remove_seat(seats: list[int], seat: int) -> None:
    if seat in seats:
        seats.remove(seat)
