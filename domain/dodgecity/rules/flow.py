"""The game moving on by itself between decisions: dealing, revealing, drawing events, turning
rounds over, fighting disputes, scoring, and ending passes and the game (sections 3-10)."""

from __future__ import annotations

from domain.dodgecity.catalog import EVENT_ORDER, CardKind, deck
from domain.dodgecity.figures import building_value, rent
from domain.dodgecity.ranking import NO_CARD, RankKey, best, rank_key
from domain.dodgecity.rules.board import building_controllers
from domain.dodgecity.rules.context import Context
from domain.dodgecity.rules.endgame import finish
from domain.dodgecity.rules.event_cards import event_auto_step
from domain.dodgecity.rules.options import (
    card_of,
    challenge_options,
    commit_options,
    holds_forced_indian,
)
from domain.dodgecity.rules.pending import (
    next_chain_seat,
    passes_over_forced_indian,
    pending_decisions,
    uncommitted_seats,
)
from domain.dodgecity.rules.piles import draw_cards, draw_event_card
from domain.dodgecity.rules.versions import reveals_forced_indian
from domain.dodgecity.state import CARDS_PER_HAND, GameState, Status, TurnStep
from domain.events.dodgecity import (
    BuildingScored,
    CardResolved,
    CardRevealed,
    CardsDiscarded,
    ChallengePassed,
    DisputeResolved,
    DrawPileShuffled,
    DuelCardCommitted,
    EndReason,
    EventPileShuffled,
    MoneyReceived,
    PassBegan,
    PassReason,
    Stage,
    StageBegan,
    StartCardsRevealed,
    StartPlayerChosen,
    TurnBegan,
    TurnEnded,
)

_NEXT_SETTING_STAGE = {
    Stage.SETTING_ROUND_1: Stage.SETTING_ROUND_2,
    Stage.SETTING_ROUND_2: Stage.DUEL_ROUND,
}


class StuckError(RuntimeError):
    """The flow found nothing to do and no decision to wait for: a bug in the rules code."""


def advance(ctx: Context) -> None:
    """Run automatic steps until the game waits for a decision or has ended."""
    state = ctx.state
    while state.status is Status.RUNNING:
        awaiting = pending_decisions(state)
        if awaiting:
            ctx.awaiting = awaiting
            return
        before = ctx.emitted
        _auto_step(ctx)
        if ctx.emitted == before:
            raise StuckError(f"no progress at stage {state.stage} of pass {state.pass_number}")


def begin_game(ctx: Context) -> None:
    """Shuffle both piles ([SETUP-DEAL]) and begin the first pass."""
    cards = tuple(deck(ctx.state.variants.deck))
    ctx.emit(DrawPileShuffled(order=tuple(ctx.rng.shuffled(cards)), from_discard=False))
    ctx.emit(EventPileShuffled(order=tuple(ctx.rng.shuffled(EVENT_ORDER)), from_discard=False))
    _begin_pass(ctx, 1)


def _begin_pass(ctx: Context, number: int) -> None:
    ctx.emit(PassBegan(number=number))
    for player in ctx.state.players:
        draw_cards(ctx, player.seat, CARDS_PER_HAND)
    ctx.emit(StageBegan(stage=Stage.START_ROUND))


def _auto_step(ctx: Context) -> None:
    state = ctx.state
    stage = state.stage
    if state.event_task is not None:
        event_auto_step(ctx)
    elif stage is Stage.START_ROUND:
        _start_round_step(ctx)
    elif stage in _NEXT_SETTING_STAGE:
        _setting_step(ctx)
    elif stage is Stage.DUEL_ROUND:
        _finish_commitments(ctx)
    elif stage is Stage.CHALLENGES:
        _challenge_step(ctx)
    elif stage is Stage.CONTROL_DISPUTES:
        if state.event_queue:
            draw_event_card(ctx, state.event_queue[0])
        else:
            _score_and_end_pass(ctx)


def _start_round_step(ctx: Context) -> None:
    state = ctx.state
    if not state.revealed:
        _reveal_start_cards(ctx)
    elif state.event_queue:
        draw_event_card(ctx, state.event_queue[0])  # clockwise from the start player
    else:
        _enter_setting_round(ctx, Stage.SETTING_ROUND_1)


def _reveal_start_cards(ctx: Context) -> None:
    """Reveal all at once; the highest card's owner starts, a tie is settled by lot."""
    state = ctx.state
    ctx.emit(StartCardsRevealed(cards=tuple(sorted(state.commitments.items()))))
    keys: dict[int, RankKey] = {p.seat: NO_CARD for p in state.players}
    for seat, card in state.commitments.items():
        keys[seat] = rank_key(card_of(state, card))
    _, tied = best(keys)
    seat = tied[0] if len(tied) == 1 else ctx.rng.pick(tied)
    ctx.emit(StartPlayerChosen(seat=seat, tied=tied if len(tied) > 1 else (), by_lot=len(tied) > 1))


def _enter_setting_round(ctx: Context, stage: Stage) -> None:
    ctx.emit(StageBegan(stage=stage))
    ctx.emit(TurnBegan(seat=ctx.state.order[0]))


def _setting_step(ctx: Context) -> None:
    state = ctx.state
    seat = state.turn
    assert seat is not None
    step = state.turn_step
    if step is TurnStep.PLAY:
        ctx.emit(TurnEnded(seat=seat))  # no card left to play (both piles ran dry)
    elif step is TurnStep.RESOLVE:
        _resolve_played_card(ctx, seat)
    elif step is TurnStep.DONE:
        index = state.order.index(seat) + 1
        if index < len(state.order):
            ctx.emit(TurnBegan(seat=state.order[index]))
        else:
            assert state.stage is not None  # a setting round is under way
            next_stage = _NEXT_SETTING_STAGE[state.stage]
            if next_stage is Stage.DUEL_ROUND:
                _enter_duel_round(ctx)
            else:
                _enter_setting_round(ctx, next_stage)


def _resolve_played_card(ctx: Context, seat: int) -> None:
    state = ctx.state
    task = state.card_task
    assert task is not None
    card = card_of(state, task.card)
    if card.kind is CardKind.NUMBER:
        ctx.emit(MoneyReceived(seat=seat, amount=card.value * 100, cause=card.id))  # [SET-NUMBER]
    elif card.kind is CardKind.QUESTION and not task.event_drawn and draw_event_card(ctx, seat):
        return  # the event is resolved first ([SET-QUESTION]); the card is resolved after it
    ctx.emit(CardResolved(seat=seat, card=card.id, forfeited=max(task.remaining, 0)))


def _enter_duel_round(ctx: Context) -> None:
    """Every player commits a card; a player with one card commits it at once ([DUEL-COMMIT]).
    A hand of two or more commits by its player's choice even when only one card is allowed:
    hand sizes are public, so committing it at once would tell that the rest were Indians."""
    state = ctx.state
    ctx.emit(StageBegan(stage=Stage.DUEL_ROUND))
    for seat in uncommitted_seats(state):
        if len(state.players[seat].hand) == 1 or (
            reveals_forced_indian(state) and _only_one_choice(state, seat)
        ):
            ctx.emit(DuelCardCommitted(seat=seat, card=commit_options(state, seat)[0], forced=True))


def _only_one_choice(state: GameState, seat: int) -> bool:
    """Only one card may be committed, or only Indians: version 1.0 committed these at once."""
    options = commit_options(state, seat)
    return len(options) == 1 or all(card_of(state, c).kind is CardKind.INDIAN for c in options)


def _finish_commitments(ctx: Context) -> None:
    """All duel cards are committed: the rest of every hand is discarded unrevealed."""
    state = ctx.state
    for player in state.players:
        if player.hand:
            ctx.emit(CardsDiscarded(seat=player.seat, cards=tuple(player.hand)))
    ctx.emit(StageBegan(stage=Stage.CHALLENGES))


def _challenge_step(ctx: Context) -> None:
    state = ctx.state
    if state.event_queue:
        draw_event_card(ctx, state.event_queue[0])  # challenger first ([DUEL-QUESTION])
        return
    seat = next_chain_seat(state)
    if seat is None:
        _enter_disputes(ctx)
    elif reveals_forced_indian(state) and holds_forced_indian(state, seat):
        ctx.emit(ChallengePassed(seat=seat, reason=PassReason.FORCED_INDIAN))
    elif not challenge_options(state, seat):
        # Said of any card: who could be challenged is public, the card is not.
        ctx.emit(ChallengePassed(seat=seat, reason=PassReason.NO_OPPONENT))
    elif passes_over_forced_indian(state, seat):
        # A compulsory challenge not made tells of the forced Indian anyway ([DUEL-CHAIN]).
        ctx.emit(ChallengePassed(seat=seat, reason=PassReason.FORCED_INDIAN))


def _duel_key(state: GameState, seat: int) -> RankKey:
    card = state.commitments.get(seat)
    return NO_CARD if card is None else rank_key(card_of(state, card))


def _enter_disputes(ctx: Context) -> None:
    """Compare the cards of every building's several controllers, in board order
    ([DUEL-DISPUTE]); their "?" events follow once all are compared."""
    state = ctx.state
    ctx.emit(StageBegan(stage=Stage.CONTROL_DISPUTES))
    for building in state.open_buildings():
        contenders = building_controllers(state, building)
        if len(contenders) < 2:
            continue
        for seat in contenders:
            if seat not in state.revealed and seat in state.commitments:
                ctx.emit(CardRevealed(seat=seat, card=state.commitments[seat]))
        _, top = best({seat: _duel_key(state, seat) for seat in contenders})
        clockwise = tuple(sorted(contenders, key=state.order.index))
        winner = top[0] if len(top) == 1 else None
        ctx.emit(DisputeResolved(building=building.id, contenders=clockwise, winner=winner))


def _score_and_end_pass(ctx: Context) -> None:
    """Score every building one player alone controls ([SCORE-BUILDING]), then end the pass."""
    state = ctx.state
    ctx.emit(StageBegan(stage=Stage.SCORING))
    for building in state.open_buildings():
        excluded = state.dispute_losers.get(building.id, set())
        scorers = [s for s in building_controllers(state, building) if s not in excluded]
        if len(scorers) == 1 and building.figure is not None:
            ctx.emit(
                BuildingScored(
                    seat=scorers[0],
                    building=building.id,
                    points=building_value(building.figure),
                    rent=rent(building.figure),
                )
            )
    if any(player.points >= 6 for player in state.players):
        finish(ctx, EndReason.POINTS)
    if not state.open_buildings():
        finish(ctx, EndReason.BOARD_CLOSED)
    if state.pass_number >= state.variants.max_passes:
        finish(ctx, EndReason.PASS_LIMIT)
    for player in state.players:  # unplayed cards go face down ([PASS-ORDER], [PASS-DISCARD])
        if player.hand:
            ctx.emit(CardsDiscarded(seat=player.seat, cards=tuple(player.hand)))
    _begin_pass(ctx, state.pass_number + 1)
