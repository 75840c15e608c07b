"""The flow of a game: which decision is awaited, and every automatic step between two decisions.

:func:`awaited` reads the one decision the state waits for ([FLOW-ONE-DECIDER]), or None when the
rules must take a step themselves; :func:`advance` takes those steps (start-of-turn checks,
drawing, settling losses, moving an effect to its next target, ending turns) until a decision is
awaited or the game is over. Both read the same state, so they never disagree.

A reaction is asked whether or not the seat holds a card to react with; it is answered without
asking only on public grounds, such as an empty hand ([HIDDEN-DECLINE]).
"""

from __future__ import annotations

from domain.bang.actions import BangDecision, DecisionKind
from domain.bang.catalog import VALUES, CardInfo, Role, Suit, card
from domain.bang.rules import life, piles
from domain.bang.rules.common import (
    BILL_NOFACE,
    CHUCK_WENGAM,
    MOLLY_STARK,
    PAT_BRENNAN,
    PIXIE_PETE,
    VERA_CUSTER,
    apache_immune,
    beer_allowed,
    counts,
    hand_limit,
    has_ability,
    in_play_named,
    others,
)
from domain.bang.state import BangState, EffectFrame, HitFrame, LossFrame
from domain.context import Context
from domain.events.bang import (
    BangAbilityCopied,
    BangCardDiscarded,
    BangDynamitePassed,
    BangEffectEnded,
    BangEffectReached,
    BangHitAimed,
    BangHitCancelled,
    BangHitTaken,
    BangPhaseBegan,
    BangReactionDeclined,
    BangResolutionAbandoned,
    BangTurnBegan,
    BangTurnEnded,
    CheckPurpose,
    Phase,
    Zone,
)
from domain.ruleset import GameStatus

#: Effects that ask their current target something, and what.
ASKING = {
    "CARD-DUEL": DecisionKind.DUEL,
    "CARD-INDIANS": DecisionKind.INDIANS,
    "CARD-GENERAL-STORE": DecisionKind.STORE,
}
#: Effects whose source chooses a card of the current target.
SOURCE_CHOOSES = {
    "CARD-BRAWL": DecisionKind.BRAWL,
    "CARD-CAT-BALOU": DecisionKind.DISCARD_OWN,
    "CARD-CAN-CAN": DecisionKind.DISCARD_OWN,
}


# -- what is awaited ---------------------------------------------------------------------------


def awaited(state: BangState) -> BangDecision | None:
    if state.status is not GameStatus.RUNNING or not state.players[state.turn.seat].alive:
        return None
    if state.stack:
        return _frame_decision(state, state.stack[-1])
    return _phase_decision(state)


def _frame_decision(
    state: BangState, frame: HitFrame | LossFrame | EffectFrame
) -> BangDecision | None:
    if isinstance(frame, HitFrame):
        if state.players[frame.target].alive and can_answer_hit(state, frame):
            return BangDecision(seat=frame.target, kind=DecisionKind.HIT, source=frame.source)
        return None
    if isinstance(frame, LossFrame):
        if beer_window_open(state, frame):
            return BangDecision(seat=frame.seat, kind=DecisionKind.BEER, source=frame.source)
        return None
    current = frame.current
    if current is None or not state.players[current].alive:
        return None
    if frame.effect in ASKING:
        if frame.effect == "CARD-DUEL" and not all(
            state.players[seat].alive for seat in (frame.source, *frame.reached)
        ):
            return None
        empty = not state.players[current].hand and not may_still_draw(state, current)
        if frame.effect != "CARD-GENERAL-STORE" and empty:
            return None  # nothing to answer with, publicly known
        if frame.effect == "CARD-GENERAL-STORE" and not frame.display:
            return None
        return BangDecision(seat=current, kind=ASKING[frame.effect], source=frame.source)
    if frame.effect in SOURCE_CHOOSES and state.players[frame.source].alive:
        player = state.players[current]
        if player.hand or player.in_play:
            return BangDecision(
                seat=frame.source, kind=SOURCE_CHOOSES[frame.effect], source=frame.source
            )
    return None


def _phase_decision(state: BangState) -> BangDecision | None:
    turn = state.turn
    seat = turn.seat
    if turn.phase is Phase.DRAW:
        if state.players[seat].character == VERA_CUSTER and not turn.copied and others(state, seat):
            return BangDecision(seat=seat, kind=DecisionKind.COPY)
        if has_ability(state, seat, PAT_BRENNAN) and any(
            state.players[other].in_play for other in others(state, seat)
        ):
            return BangDecision(seat=seat, kind=DecisionKind.DRAW)
        return None
    if turn.phase is Phase.PLAY:
        return BangDecision(seat=seat, kind=DecisionKind.PLAY)
    if turn.phase is Phase.DISCARD:
        limit = hand_limit(state, seat)
        if limit is not None and len(state.players[seat].hand) > limit:
            return BangDecision(seat=seat, kind=DecisionKind.DISCARD)
    return None


def can_answer_hit(state: BangState, frame: HitFrame) -> bool:
    """Whether the target is asked about the hit: on public grounds only — he holds a card, or
    has a Barrel to try or an active green Missed!-type card in play that counts
    ([HIDDEN-DECLINE], [CHAR-BELLE-STAR])."""
    target = state.players[frame.target]
    if target.hand:
        return True
    if not counts(state, frame.target):
        return False
    if not frame.barrel_tried and in_play_named(state, frame.target, "Barrel"):
        return True
    return any(
        card(laid).missed_symbol and laid not in state.inactive_greens for laid in target.in_play
    )


def may_still_draw(state: BangState, seat: int) -> bool:
    """Whether ``seat`` could still find a card to answer with: Chuck Wengam at his own decision
    points in phase II may pay a life point to draw first, even with an empty hand
    ([CHAR-OWN-TURN-ABILITIES], [READ-ABILITY-TIMING])."""
    return (
        seat == state.turn.seat
        and state.turn.phase is Phase.PLAY
        and has_ability(state, seat, CHUCK_WENGAM)
        and state.players[seat].life >= 2
    )


def beer_window_open(state: BangState, frame: LossFrame) -> bool:
    """Whether ``frame``'s player is asked for Beer: while some loss is pending, he holds a
    card, and Beer may be played ([BEER-REACTION], [BEER-TWO-PLAYERS]); under
    [VAR-BEER-LETHAL-ONLY] only while the loss would eliminate him."""
    if frame.closed or frame.amount <= 0:
        return False
    if not state.players[frame.seat].hand and not may_still_draw(state, frame.seat):
        return False
    if len(state.living()) <= 2:
        return False  # no Beer at all, or Beer that saves nothing ([VAR-BEER-NO-EFFECT])
    if not beer_allowed(state):
        return False
    if state.settings.beer_lethal_only:
        return state.players[frame.seat].life - frame.amount <= 0
    return True


# -- automatic steps ---------------------------------------------------------------------------


def advance(ctx: Context[BangState]) -> None:
    """Take automatic steps until a decision is awaited or the game ends."""
    state = ctx.state
    while state.status is GameStatus.RUNNING and awaited(state) is None:
        _step(ctx)


def _step(ctx: Context[BangState]) -> None:
    state = ctx.state
    if not state.players[state.turn.seat].alive:
        abandon(ctx)
        end_turn(ctx)
    elif state.stack:
        top = state.stack[-1]
        if isinstance(top, HitFrame):
            ctx.emit(BangHitTaken(target=top.target))
            if state.players[top.target].alive:
                life.threaten(ctx, top.target, 1, top.source)
        elif isinstance(top, LossFrame):
            life.settle(ctx, top)
        else:
            _effect_step(ctx, top)
    elif state.turn.phase is Phase.CHECKS:
        _start_of_turn(ctx)
    elif state.turn.phase is Phase.DRAW:
        draw_phase(ctx)
    else:
        end_turn(ctx)


def abandon(ctx: Context[BangState]) -> None:
    """The current player is out: what was resolving stops, its cards are discarded
    ([TURN-CURRENT-ELIMINATED])."""
    state = ctx.state
    for resolving in list(state.resolving):
        ctx.emit(
            BangCardDiscarded(
                seat=state.turn.seat, card=resolving, zone=Zone.RESOLVING, reason="DECK-RESOLVING"
            )
        )
    if state.stack:
        ctx.emit(BangResolutionAbandoned())


def finish(ctx: Context[BangState], frame: EffectFrame) -> None:
    """``frame``'s effect is complete: its card goes to the discard pile ([DECK-RESOLVING])."""
    ctx.emit(BangEffectEnded(effect=frame.effect))
    if frame.card is not None and frame.card in ctx.state.resolving:
        ctx.emit(
            BangCardDiscarded(
                seat=frame.source, card=frame.card, zone=Zone.RESOLVING, reason=frame.effect
            )
        )


def _next_target(ctx: Context[BangState], frame: EffectFrame) -> int | None:
    state = ctx.state
    while frame.targets:
        target = frame.targets[0]
        ctx.emit(BangEffectReached(target=target))
        if state.players[target].alive:
            return target
    return None


def _effect_step(ctx: Context[BangState], frame: EffectFrame) -> None:
    state = ctx.state
    current = frame.current
    if frame.effect == "CARD-DUEL":
        duellists = (frame.source, *frame.reached)
        if not frame.reached:
            _next_target(ctx, frame)
        elif current is not None and all(state.players[seat].alive for seat in duellists):
            # The duellist due has no card to answer with: publicly known, he loses.
            ctx.emit(BangReactionDeclined(seat=current, decision="duel"))
            life.threaten(ctx, current, 1, frame.source)
        else:
            _end_duel(ctx, frame)
        return
    if current is not None and state.players[current].alive and frame.effect == "CARD-INDIANS":
        ctx.emit(BangReactionDeclined(seat=current, decision="indians"))
        life.threaten(ctx, current, 1, frame.source)
        return
    if frame.effect == "CARD-GENERAL-STORE" and (not frame.display or not frame.targets):
        for left in list(frame.display):
            ctx.emit(
                BangCardDiscarded(
                    seat=frame.source, card=left, zone=Zone.STORE, reason="CARD-GENERAL-STORE"
                )
            )
        finish(ctx, frame)
        return
    target = _next_target(ctx, frame)
    if target is None:
        finish(ctx, frame)
    elif frame.effect in HITTING:
        aim(ctx, frame.source, target, frame.card, None if frame.card else frame.effect)


#: Effects that hit each of their targets once.
HITTING = {
    "CARD-BANG",
    "CARD-PUNCH",
    "CARD-SPRINGFIELD",
    "CARD-GATLING",
    "CARD-DERRINGER",
    "CARD-KNIFE",
    "CARD-PEPPERBOX",
    "CARD-BUFFALO-RIFLE",
    "CARD-HOWITZER",
    "CHAR-DOC-HOLYDAY",
}


def aim(
    ctx: Context[BangState], source: int, target: int, card_id: str | None, ability: str | None
) -> None:
    """One hit from ``source`` on ``target`` ([HIT-RESOLVE]); a diamond card another player
    plays has no effect on Apache Kid (step 1, [CHAR-APACHE-KID])."""
    ctx.emit(BangHitAimed(source=source, target=target, card=card_id, ability=ability))
    if card_id is not None and apache_immune(ctx.state, source, target, card_id):
        ctx.emit(BangHitCancelled(target=target, rule="CHAR-APACHE-KID"))


def _end_duel(ctx: Context[BangState], frame: EffectFrame) -> None:
    """The Duel is over; Molly Stark, challenged by another, draws now for each BANG! she
    discarded in it ([CHAR-MOLLY-STARK-DUEL])."""
    state = ctx.state
    for seat in frame.reached:
        challenged = seat != state.turn.seat and state.players[seat].alive
        if challenged and has_ability(state, seat, MOLLY_STARK) and frame.answers.get(seat, 0):
            piles.draw(ctx, seat, frame.answers[seat], "CHAR-MOLLY-STARK-DUEL")
    finish(ctx, frame)


# -- the turn ----------------------------------------------------------------------------------


def begin_turn(ctx: Context[BangState], seat: int) -> None:
    ctx.emit(BangTurnBegan(seat=seat, turn=ctx.state.turn.number + 1))


def _start_of_turn(ctx: Context[BangState]) -> None:
    """Dynamite first, then Jail ([TURN-START-CHECKS]); then phase I, or phase III when the
    Jail holds him ([CARD-JAIL-CHECK])."""
    state = ctx.state
    seat = state.turn.seat
    dynamite = in_play_named(state, seat, "Dynamite")
    if dynamite is not None and not state.turn.dynamite_checked:
        if piles.check(ctx, seat, CheckPurpose.DYNAMITE, _explodes):
            ctx.emit(
                BangCardDiscarded(
                    seat=seat, card=dynamite, zone=Zone.PLAY, reason="CARD-DYNAMITE-CHECK"
                )
            )
            life.threaten(ctx, seat, 3, seat)
            return
        _pass_dynamite(ctx, seat, dynamite)
    jail = in_play_named(state, seat, "Jail")
    if jail is not None:
        hearts = piles.check(ctx, seat, CheckPurpose.JAIL, lambda c: c.suit is Suit.HEARTS)
        if hearts:
            ctx.emit(
                BangCardDiscarded(seat=seat, card=jail, zone=Zone.PLAY, reason="CARD-JAIL-CHECK")
            )
        else:
            if state.players[seat].character == VERA_CUSTER and state.players[seat].copied:
                ctx.emit(BangAbilityCopied(seat=seat, character=None))  # [CHAR-VERA-CUSTER-CHECKS]
            if state.settings.jail_skip_turn:  # [VAR-JAIL-SKIP-TURN]
                ctx.emit(
                    BangCardDiscarded(
                        seat=seat, card=jail, zone=Zone.PLAY, reason="VAR-JAIL-SKIP-TURN"
                    )
                )
                end_turn(ctx)
                return
            ctx.emit(BangPhaseBegan(seat=seat, phase=Phase.DISCARD))
            return
    ctx.emit(BangPhaseBegan(seat=seat, phase=Phase.DRAW))


def _explodes(checked: CardInfo) -> bool:
    """2♠ to 9♠ ([CARD-DYNAMITE-CHECK]): ranks 0 (the 2) to 7 (the 9)."""
    return checked.suit is Suit.SPADES and checked.rank <= VALUES.index("9")


def _pass_dynamite(ctx: Context[BangState], seat: int, dynamite: str) -> None:
    """To the next living player without a Dynamite; it stays if there is none
    ([CARD-DYNAMITE-PASS])."""
    state = ctx.state
    for other in others(state, seat):
        if in_play_named(state, other, "Dynamite") is None:
            ctx.emit(BangDynamitePassed(seat=seat, to_seat=other, card=dynamite))
            return


def draw_count(state: BangState, seat: int) -> int:
    """Phase I: 2 cards ([TURN-DRAW]); Pixie Pete 4 (3 under [VAR-PIXIE-PETE-THREE]); Bill
    Noface 1 plus his missing life points ([CHAR-BILL-NOFACE])."""
    if has_ability(state, seat, PIXIE_PETE):
        return 3 if state.settings.pixie_pete_three else 4
    if has_ability(state, seat, BILL_NOFACE):
        player = state.players[seat]
        return 1 + player.max_life - player.life
    return 2


def draw_phase(ctx: Context[BangState]) -> None:
    seat = ctx.state.turn.seat
    piles.draw(ctx, seat, draw_count(ctx.state, seat), "TURN-DRAW")
    ctx.emit(BangPhaseBegan(seat=seat, phase=Phase.PLAY))


def end_turn(ctx: Context[BangState]) -> None:
    """After phase III: a Jail that held him is discarded ([CARD-JAIL-CHECK]), and the next
    living player begins ([TURN-END], [TURN-ORDER])."""
    state = ctx.state
    seat = state.turn.seat
    if state.players[seat].alive and state.turn.jailed:
        jail = in_play_named(state, seat, "Jail")
        if jail is not None:
            ctx.emit(
                BangCardDiscarded(seat=seat, card=jail, zone=Zone.PLAY, reason="CARD-JAIL-CHECK")
            )
    ctx.emit(BangTurnEnded(seat=seat))
    begin_turn(ctx, state.next_living(seat))


def first_player(state: BangState) -> int:
    """The Sheriff ([SETUP-FIRST-PLAYER]); the Deputy with 3 players ([THREE-FIRST-PLAYER])."""
    wanted = Role.DEPUTY if len(state.players) == 3 else Role.SHERIFF
    return state.with_role(wanted)[0]
