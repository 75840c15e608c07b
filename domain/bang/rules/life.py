"""Life points: settling a loss after its Beer window, healing, eliminations with their rewards,
penalty and triggered abilities, and the end of the game."""

from __future__ import annotations

from domain.bang.catalog import Role
from domain.bang.rules import piles
from domain.bang.rules.common import (
    GREG_DIGGER,
    HERB_HUNTER,
    has_ability,
    three_players,
)
from domain.bang.state import BangState, LossFrame
from domain.context import Context, GameOver
from domain.events.bang import (
    BangCardDiscarded,
    BangGameEnded,
    BangLifeGained,
    BangLossResolved,
    BangLossThreatened,
    BangPlayerEliminated,
    Zone,
)


def threaten(ctx: Context[BangState], seat: int, amount: int, source: int | None) -> None:
    """``seat`` is about to lose ``amount`` points: his Beer window opens ([LIFE-LOSS])."""
    ctx.emit(BangLossThreatened(seat=seat, amount=amount, source=source))


def heal(ctx: Context[BangState], seat: int, amount: int, reason: str) -> None:
    """``seat`` regains ``amount`` points, never above his maximum ([LIFE-MAX], [SYM-HEAL])."""
    player = ctx.state.players[seat]
    ctx.emit(
        BangLifeGained(seat=seat, life=min(player.max_life, player.life + amount), reason=reason)
    )


def settle(ctx: Context[BangState], frame: LossFrame) -> None:
    """The Beer window closed: the loss takes effect, a surplus of Beer heals, and at 0 the
    player is eliminated ([LIFE-LOSS], [READ-BEER-OVERHEAL], [ELIM-TRIGGER])."""
    player = ctx.state.players[frame.seat]
    life = max(0, min(player.max_life, player.life - frame.amount))
    ctx.emit(BangLossResolved(seat=frame.seat, life=life, source=frame.source))
    if life == 0:
        eliminate(ctx, frame.seat, killer=frame.source if frame.source != frame.seat else None)


def eliminate(ctx: Context[BangState], seat: int, killer: int | None) -> None:
    """[ELIM-SEQUENCE]: show the role, discard every card, check the end, then reward or
    penalty, then the abilities it triggers."""
    state = ctx.state
    player = state.players[seat]
    role = player.role or Role.OUTLAW
    ctx.emit(BangPlayerEliminated(seat=seat, role=role, killer=killer))
    discard_everything(ctx, seat, "ELIM-SEQUENCE")
    end_if_over(ctx, eliminated=seat, killer=killer)
    if killer is not None and state.players[killer].alive:
        if three_players(state) or role is Role.OUTLAW:
            piles.draw(ctx, killer, 3, "THREE-REWARD" if three_players(state) else "REWARD-OUTLAW")
        killer_role = state.players[killer].role
        if killer_role is Role.SHERIFF and role is Role.DEPUTY and not three_players(state):
            discard_everything(ctx, killer, "PENALTY-SHERIFF-DEPUTY")
    for witness in _trigger_order(state):
        if has_ability(state, witness, GREG_DIGGER):
            heal(ctx, witness, 2, "CHAR-GREG-DIGGER")
        if has_ability(state, witness, HERB_HUNTER):
            piles.draw(ctx, witness, 2, "CHAR-HERB-HUNTER")


def _trigger_order(state: BangState) -> list[int]:
    """Living players from the current one, clockwise ([CHAR-TRIGGER-ORDER])."""
    current = state.turn.seat
    order = [current] if state.players[current].alive else []
    return [*order, *state.clockwise_from(current)]


def discard_everything(ctx: Context[BangState], seat: int, reason: str) -> None:
    player = ctx.state.players[seat]
    for held in list(player.hand):
        ctx.emit(BangCardDiscarded(seat=seat, card=held, zone=Zone.HAND, reason=reason))
    for laid in list(player.in_play):
        ctx.emit(BangCardDiscarded(seat=seat, card=laid, zone=Zone.PLAY, reason=reason))


def end_if_over(ctx: Context[BangState], *, eliminated: int, killer: int | None) -> None:
    """End the game now if an end condition is met ([END-IMMEDIATE]); unwinds the command."""
    state = ctx.state
    found = (
        _three_player_end(state, eliminated, killer)
        if three_players(state)
        else _standard_end(state)
    )
    if found is None:
        return
    winners, reason = found
    roles = tuple(player.role or Role.OUTLAW for player in state.players)
    ctx.emit(BangGameEnded(winners=winners, reason=reason, roles=roles))
    raise GameOver


def _standard_end(state: BangState) -> tuple[tuple[int, ...], str] | None:
    living = state.living()
    sheriff = state.with_role(Role.SHERIFF)
    if sheriff and not state.players[sheriff[0]].alive:  # [END-SHERIFF-DIES]
        if len(living) == 1 and state.players[living[0]].role is Role.RENEGADE:
            return (living[0],), "END-SHERIFF-DIES"
        return tuple(state.with_role(Role.OUTLAW)), "END-SHERIFF-DIES"
    if not any(state.players[seat].role in {Role.OUTLAW, Role.RENEGADE} for seat in living):
        law = sorted([*state.with_role(Role.SHERIFF), *state.with_role(Role.DEPUTY)])
        return tuple(law), "END-LAW-WINS"
    return None  # [END-CONTINUE]


#: Each role's target with 3 players ([THREE-TARGETS]).
HUNTS = {Role.DEPUTY: Role.RENEGADE, Role.RENEGADE: Role.OUTLAW, Role.OUTLAW: Role.DEPUTY}


def _three_player_end(
    state: BangState, eliminated: int, killer: int | None
) -> tuple[tuple[int, ...], str] | None:
    living = state.living()
    if len(living) == 1:  # [THREE-LAST-STANDING]
        return (living[0],), "THREE-LAST-STANDING"
    if killer is not None and len(living) == 2:
        hunter_role = state.players[killer].role
        if hunter_role is not None and HUNTS[hunter_role] is state.players[eliminated].role:
            return (killer,), "THREE-WIN-TARGET"
    return None
