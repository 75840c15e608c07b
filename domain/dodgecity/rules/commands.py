"""Handling one seat's action: find the decision it answers, check it against the rules (naming the
rule that refuses it), record what happens, then let the game move on."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domain.dodgecity.actions import (
    Action,
    BuyStone,
    Challenge,
    CommitCard,
    Done,
    EndTurn,
    Pass,
    PlaceStone,
    PlayCard,
    RemoveStone,
    SellStone,
)
from domain.dodgecity.decisions import ACCEPTS, Decision, DecisionKind
from domain.dodgecity.figures import STONE_PRICE
from domain.dodgecity.ranking import NO_CARD, rank_key
from domain.dodgecity.rules.board import building_problem, field_problem, open_building, stone_at
from domain.dodgecity.rules.context import Context
from domain.dodgecity.rules.event_cards import handle_event_action
from domain.dodgecity.rules.flow import advance
from domain.dodgecity.rules.options import (
    card_of,
    challenge_options,
    commit_options,
    holds_forced_indian,
)
from domain.dodgecity.rules.stones import put_stone
from domain.dodgecity.state import GameState, Status, TurnStep
from domain.errors import RuleViolation
from domain.events.dodgecity import (
    CardPlayed,
    CardResolved,
    ChallengeIssued,
    ChallengePassed,
    DuelCardCommitted,
    DuelFought,
    PassReason,
    StartCardCommitted,
    StoneRemovalDeclined,
    StoneRemoved,
    TurnEnded,
)


def decision_for(
    state: GameState, seat: int, pending: Sequence[Decision], action: Action | None = None
) -> Decision:
    """The decision ``seat`` must make now, or the refusal explaining why it may not act."""
    if state.status is Status.LOBBY:
        raise RuleViolation("SETUP-PLAYERS", "the game has not started yet")
    if state.status is Status.ENDED:
        rule = {"points": "END-POINTS", "board_closed": "END-BOARD"}.get(
            str(state.end_reason), "END-LIMIT"
        )
        raise RuleViolation(rule, "the game has ended")
    if not 0 <= seat < state.player_count:
        raise RuleViolation("SETUP-PLAYERS", f"there is no seat {seat} in this game")
    for decision in pending:
        if decision.seat == seat:
            return decision
    waiting = ", ".join(f"seat {d.seat} ({d.kind})" for d in pending) or "nobody"
    if action is not None:
        _refuse_misfit(state, seat, action, None)
    raise RuleViolation(
        "PASS-ORDER", f"seat {seat} has nothing to decide now; waiting for {waiting}"
    )


def act(ctx: Context, seat: int, action: Action, pending: Sequence[Decision]) -> None:
    """Handle ``seat``'s action; ``pending`` are the decisions awaited before it."""
    decision = decision_for(ctx.state, seat, pending, action)
    if not isinstance(action, ACCEPTS[decision.kind]):
        _refuse_misfit(ctx.state, seat, action, decision)
        expected = ", ".join(sorted(a.__struct_config__.tag for a in ACCEPTS[decision.kind]))  # type: ignore[misc]
        raise RuleViolation(
            "PASS-ORDER", f"the game waits for {decision.kind} from seat {seat}: one of {expected}"
        )
    _HANDLERS.get(decision.kind, handle_event_action)(ctx, decision, action)
    advance(ctx)


def _refuse_misfit(state: GameState, seat: int, action: Action, decision: Decision | None) -> None:
    """Name the rule an action breaks when it does not answer the awaited decision, where a more
    telling rule than the order of play applies."""
    kind = None if decision is None else decision.kind
    if isinstance(action, Done) and kind is DecisionKind.SELL_STONES:
        raise RuleViolation("EVENT-SELL", "you must sell stones until you can pay")
    if isinstance(action, Done) and decision is not None and decision.event is not None:
        raise RuleViolation(
            "EVENT-MANDATORY", f"{decision.event} must be carried out where possible"
        )
    if isinstance(action, SellStone):
        raise RuleViolation(
            "EVENT-SELL", "the bank buys stones only to settle a debt you cannot pay"
        )
    if isinstance(action, CommitCard) and seat in state.commitments:
        raise RuleViolation("PASS-ONE-CARD", "you have already committed your card for this round")
    if isinstance(action, PlayCard) and state.turn == seat and state.turn_step is not TurnStep.PLAY:
        raise RuleViolation("PASS-ONE-CARD", "you have already played your card this turn")


def _card_in_hand(state: GameState, seat: int, card: str) -> None:
    if card not in state.players[seat].hand:
        raise RuleViolation("PASS-ONE-CARD", f"{card!r} is not a card in your hand")


def _commit_start(ctx: Context, decision: Decision, action: Action) -> None:
    assert isinstance(action, CommitCard)
    _card_in_hand(ctx.state, decision.seat, action.card)
    if action.card not in commit_options(ctx.state, decision.seat):
        raise RuleViolation("START-NO-INDIAN", "an Indian may not be committed in the start round")
    ctx.emit(StartCardCommitted(seat=decision.seat, card=action.card))


def _commit_duel(ctx: Context, decision: Decision, action: Action) -> None:
    assert isinstance(action, CommitCard)
    _card_in_hand(ctx.state, decision.seat, action.card)
    if action.card not in commit_options(ctx.state, decision.seat):
        raise RuleViolation("DUEL-NO-INDIAN", "an Indian may not be played in the duel round")
    ctx.emit(DuelCardCommitted(seat=decision.seat, card=action.card, forced=False))


def _play(ctx: Context, decision: Decision, action: Action) -> None:
    assert isinstance(action, PlayCard)
    _card_in_hand(ctx.state, decision.seat, action.card)
    ctx.emit(CardPlayed(seat=decision.seat, card=action.card))


def _picture_stone(ctx: Context, decision: Decision, action: Action) -> None:
    state, seat = ctx.state, decision.seat
    task = state.card_task
    assert task is not None
    if isinstance(action, Done):
        ctx.emit(CardResolved(seat=seat, card=task.card, forfeited=task.remaining))
        return
    assert isinstance(action, PlaceStone)
    figure = card_of(state, task.card).figure
    building = open_building(state, action.building, "PLACE-FIELD")
    if task.building is not None and action.building != task.building:
        raise RuleViolation("SET-PICTURE", f"all picture stones go into {task.building}")
    if action.figure not in (None, figure):
        raise RuleViolation("SET-PICTURE", f"this picture card gives {figure} stones")
    if building.figure is None and not state.variants.picture_may_claim:
        raise RuleViolation("SET-PICTURE", "picture stones go into a building already claimed")
    if building.figure not in (None, figure):
        raise RuleViolation("SET-PICTURE", f"{building.id} is not a {figure} building")
    claim = figure if building.figure is None else None
    cell = (action.row, action.col)
    problem = building_problem(state, seat, building, claim) or field_problem(building, cell)
    if problem is not None:
        raise problem
    put_stone(ctx, seat, building.id, cell, claim, cause=task.card)


def _indian_removal(ctx: Context, decision: Decision, action: Action) -> None:
    state, seat = ctx.state, decision.seat
    task = state.card_task
    assert task is not None
    if isinstance(action, Done):
        ctx.emit(CardResolved(seat=seat, card=task.card, forfeited=task.remaining))
        return
    assert isinstance(action, RemoveStone)
    cell = (action.row, action.col)
    building, owner = stone_at(state, action.building, cell, "SET-INDIAN")
    if owner == seat:
        raise RuleViolation("SET-INDIAN", "the Indian removes opposing stones, not your own")
    ctx.emit(StoneRemoved(by=seat, owner=owner, building=building.id, cell=cell, cause=task.card))


def _buy(ctx: Context, decision: Decision, action: Action) -> None:
    state, seat = ctx.state, decision.seat
    if isinstance(action, EndTurn):
        ctx.emit(TurnEnded(seat=seat))
        return
    assert isinstance(action, BuyStone)
    building = open_building(state, action.building, "PLACE-FIELD")
    cell = (action.row, action.col)
    problem = building_problem(state, seat, building, action.figure) or field_problem(
        building, cell
    )
    if problem is not None:
        raise problem
    figure = building.figure or action.figure
    assert figure is not None
    price = STONE_PRICE[figure]
    if price > state.players[seat].money:
        raise RuleViolation(
            "BUY-PRICE", f"a {figure} stone costs ${price}; you have ${state.players[seat].money}"
        )
    put_stone(
        ctx,
        seat,
        building.id,
        cell,
        action.figure if building.figure is None else None,
        cause="buy",
        price=price,
    )


def _challenge(ctx: Context, decision: Decision, action: Action) -> None:
    state, seat = ctx.state, decision.seat
    if isinstance(action, Pass):
        if not state.variants.challenge_optional:
            raise RuleViolation(
                "DUEL-CHAIN", "the challenge is compulsory while an opponent is available"
            )
        ctx.emit(ChallengePassed(seat=seat, reason=PassReason.CHOSE_TO_PASS))
        return
    assert isinstance(action, Challenge)
    if holds_forced_indian(state, seat):
        raise RuleViolation("DUEL-NO-INDIAN", "a player holding a forced Indian cannot challenge")
    if (action.opponent, action.building) not in challenge_options(state, seat):
        raise RuleViolation(
            "DUEL-CHAIN",
            f"seat {action.opponent} cannot be challenged over {action.building}: both need a stone"
            " in that open building and neither may have fought yet",
        )
    ctx.emit(ChallengeIssued(challenger=seat, opponent=action.opponent, building=action.building))
    mine, theirs = state.commitments.get(seat), state.commitments.get(action.opponent)
    my_key = NO_CARD if mine is None else rank_key(card_of(state, mine))
    their_key = NO_CARD if theirs is None else rank_key(card_of(state, theirs))
    winner = None if my_key == their_key else (seat if my_key > their_key else action.opponent)
    ctx.emit(
        DuelFought(
            challenger=seat,
            opponent=action.opponent,
            building=action.building,
            challenger_card=mine or "",
            opponent_card=theirs or "",
            winner=winner,
        )
    )


def _loser_stone(ctx: Context, decision: Decision, action: Action) -> None:
    state, seat = ctx.state, decision.seat
    duel = state.duel
    assert duel is not None
    if isinstance(action, Done):
        ctx.emit(StoneRemovalDeclined(seat=seat))
        return
    assert isinstance(action, RemoveStone)
    loser = duel.opponent if seat == duel.challenger else duel.challenger
    cell = (action.row, action.col)
    if action.building != duel.building:
        raise RuleViolation(
            "DUEL-WIN", f"the stone must come from {duel.building}, the named building"
        )
    _, owner = stone_at(state, action.building, cell, "DUEL-WIN")
    if owner != loser:
        raise RuleViolation("DUEL-WIN", "the winner removes a stone of the loser only")
    ctx.emit(StoneRemoved(by=seat, owner=loser, building=action.building, cell=cell, cause="duel"))


_HANDLERS: dict[DecisionKind, Callable[[Context, Decision, Action], None]] = {
    DecisionKind.COMMIT_START_CARD: _commit_start,
    DecisionKind.COMMIT_DUEL_CARD: _commit_duel,
    DecisionKind.PLAY_CARD: _play,
    DecisionKind.PLACE_PICTURE_STONES: _picture_stone,
    DecisionKind.REMOVE_OPPOSING_STONES: _indian_removal,
    DecisionKind.BUY_STONES: _buy,
    DecisionKind.CHALLENGE: _challenge,
    DecisionKind.REMOVE_LOSER_STONE: _loser_stone,
}
