"""Resolving event cards (section 9): each card's clauses, from the card data, one after another.

A clause either needs a decision from the drawer (which stone, which field, which opponent, which
stone to sell) or is carried out at once. A clause that cannot be carried out is skipped or done as
far as possible ([EVENT-POSSIBLE]), and every clause's end is recorded with its outcome.
"""

from __future__ import annotations

from domain.dodgecity.actions import (
    Action,
    ChooseRecipient,
    Done,
    GiveStone,
    PlaceStone,
    RemoveStone,
    SellStone,
)
from domain.dodgecity.catalog import EVENT_CARDS, Cell, Effect, EventCard
from domain.dodgecity.decisions import Decision, DecisionKind
from domain.dodgecity.evolve import clockwise_from
from domain.dodgecity.figures import FORCED_SALE_PRICE, Figure
from domain.dodgecity.rules.board import (
    StoneAction,
    building_problem,
    field_problem,
    has_stone,
    placement_options,
    stone_actions,
    stone_at,
)
from domain.dodgecity.rules.context import Context
from domain.dodgecity.rules.endgame import check_neutralised
from domain.dodgecity.rules.piles import draw_cards
from domain.dodgecity.rules.stones import put_stone
from domain.dodgecity.state import EventTask, GameState
from domain.errors import RuleViolation
from domain.events.dodgecity import (
    EffectOutcome,
    EventCardResolved,
    EventEffectEnded,
    MoneyPaid,
    MoneyReceived,
    RecipientChosen,
    StoneRemoved,
    StoneSold,
    StoneTransferred,
)

BIRTHDAY_GIFT = 50  # [EVENT-BIRTHDAY]


def _current(state: GameState) -> tuple[EventTask, EventCard, Effect | None]:
    task = state.event_task
    assert task is not None  # callers check; not reachable from user input
    card = EVENT_CARDS[task.event]
    effect = card.effects[task.effect] if task.effect < len(card.effects) else None
    return task, card, effect


def _linked_stone_missing(state: GameState, task: EventTask, card: EventCard) -> bool:
    """E02, E18, E23: the money leaves with the stone; without one the card does nothing."""
    if not card.linked or task.effect > 0 or task.progress > 0 or task.recipient is not None:
        return False
    return not has_stone(state, task.seat, card.effects[0].figure)


def _target(task: EventTask, effect: Effect) -> int:
    if effect.placement == "each_building_where_present":
        return len(task.targets)
    return effect.n


def _candidate_buildings(state: GameState, task: EventTask, effect: Effect) -> list[str]:
    placement = effect.placement
    if placement == "each_building_where_present":
        return [b for b in task.targets if b not in task.served]
    if placement.startswith("building:"):
        return [placement.removeprefix("building:")]  # absent or closed: no field ([EVENT-ABSENT])
    if placement == "one_building" and task.building is not None:
        return [task.building]
    return list(state.buildings)


def place_options(state: GameState) -> list[tuple[str, Cell, Figure | None]]:
    task, _, effect = _current(state)
    if effect is None or effect.op != "gain_free_stones" or task.progress >= _target(task, effect):
        return []
    return placement_options(
        state, task.seat, _candidate_buildings(state, task, effect), effect.figure
    )


def own_stone_options(state: GameState, make: type[StoneAction]) -> list[StoneAction]:
    """The drawer's stones still to remove or give away (``make`` says which)."""
    due = _own_stones_due(state)
    if due is None:
        return []
    seat, figure = due
    return stone_actions(state, make, seat, own=True, figure=figure)


def _has_own_stone_left(state: GameState) -> bool:
    due = _own_stones_due(state)
    return due is not None and has_stone(state, *due)


def _own_stones_due(state: GameState) -> tuple[int, Figure | None] | None:
    """Whose stones (and of which figure) the current effect still takes; None when done."""
    task, _, effect = _current(state)
    if effect is None or task.progress >= effect.n:
        return None
    return task.seat, effect.figure


def recipient_options(state: GameState) -> list[int]:
    task = state.event_task
    assert task is not None
    return [p.seat for p in state.players if p.seat != task.seat]


def sell_options(state: GameState) -> list[SellStone]:
    task = state.event_task
    assert task is not None
    return stone_actions(state, SellStone, task.seat, own=True)


def event_decision(state: GameState) -> Decision | None:
    """The decision the current event card needs from its drawer now, if any."""
    task, card, effect = _current(state)
    if effect is None or _linked_stone_missing(state, task, card):
        return None
    seat, event = task.seat, task.event
    op = effect.op
    if op in ("pay_bank", "pay_player"):
        if op == "pay_player" and task.recipient is None:
            return None
        short = effect.amount - state.players[seat].money
        if short > 0 and has_stone(state, seat):
            return Decision(seat=seat, kind=DecisionKind.SELL_STONES, event=event, remaining=short)
        return None
    if op == "gain_free_stones":
        if not place_options(state):
            return None
        return Decision(
            seat=seat,
            kind=DecisionKind.PLACE_EVENT_STONES,
            event=event,
            remaining=_target(task, effect) - task.progress,
            building=task.building if effect.placement == "one_building" else None,
        )
    if op == "remove_own_stones":
        if not _has_own_stone_left(state):
            return None
        return Decision(
            seat=seat,
            kind=DecisionKind.REMOVE_OWN_STONES,
            event=event,
            remaining=effect.n - task.progress,
        )
    if op == "transfer_own_stones":
        if task.recipient is None:
            if not has_stone(state, seat, effect.figure):
                return None
            return Decision(seat=seat, kind=DecisionKind.CHOOSE_RECIPIENT, event=event)
        if not _has_own_stone_left(state):
            return None
        return Decision(
            seat=seat,
            kind=DecisionKind.GIVE_STONES,
            event=event,
            remaining=effect.n - task.progress,
        )
    return None


def _end_effect(ctx: Context, outcome: EffectOutcome) -> None:
    task = ctx.state.event_task
    assert task is not None
    ctx.emit(
        EventEffectEnded(seat=task.seat, event=task.event, effect=task.effect, outcome=outcome)
    )


def _progress_outcome(progress: int, target: int) -> EffectOutcome:
    if target == 0:  # E04 with no building to add a stone to
        return EffectOutcome.SKIPPED
    if progress >= target:
        return EffectOutcome.DONE
    return EffectOutcome.PARTIAL if progress > 0 else EffectOutcome.SKIPPED


def _pay(ctx: Context, seat: int, amount: int, to: int | None, cause: str) -> EffectOutcome:
    """Pay what can be paid; whatever is still short after selling everything is waived."""
    cash = ctx.state.players[seat].money
    paid = min(cash, amount)
    ctx.emit(MoneyPaid(seat=seat, amount=paid, to=to, waived=amount - paid, cause=cause))
    return EffectOutcome.DONE if paid == amount else EffectOutcome.PARTIAL


def event_auto_step(ctx: Context) -> None:
    """Carry out the current clause (or finish the card) when it needs no decision."""
    state = ctx.state
    task, card, effect = _current(state)
    seat, event = task.seat, task.event
    if effect is None:
        ctx.emit(EventCardResolved(seat=seat, event=event))
        return
    if _linked_stone_missing(state, task, card):
        for index in range(len(card.effects)):
            ctx.emit(
                EventEffectEnded(
                    seat=seat, event=event, effect=index, outcome=EffectOutcome.SKIPPED
                )
            )
        return
    op = effect.op
    if op == "pay_bank":
        _end_effect(ctx, _pay(ctx, seat, effect.amount, None, event))
    elif op == "pay_player":
        if task.recipient is None:
            _end_effect(ctx, EffectOutcome.SKIPPED)
        else:
            _end_effect(ctx, _pay(ctx, seat, effect.amount, task.recipient, event))
    elif op == "gain_bank":
        ctx.emit(MoneyReceived(seat=seat, amount=effect.amount, cause=event))
        _end_effect(ctx, EffectOutcome.DONE)
    elif op == "collect_from_each_opponent":
        for opponent in clockwise_from(state, seat)[1:]:
            gift = min(
                effect.amount, state.players[opponent].money
            )  # never a sale [EVENT-BIRTHDAY]
            if gift > 0:
                ctx.emit(MoneyPaid(seat=opponent, amount=gift, to=seat, waived=0, cause=event))
        _end_effect(ctx, EffectOutcome.DONE)
    elif op == "draw_playing_cards":
        drawn = draw_cards(ctx, seat, effect.n, cause=event)
        _end_effect(ctx, _progress_outcome(drawn, effect.n))
    else:  # a stone clause with nothing (more) it can do
        _end_effect(ctx, _progress_outcome(task.progress, _target(task, effect)))


def handle_event_action(ctx: Context, decision: Decision, action: Action) -> None:
    state = ctx.state
    task, _, effect = _current(state)
    assert effect is not None
    seat, event = task.seat, task.event
    kind = decision.kind
    if kind is DecisionKind.PLACE_EVENT_STONES:
        if isinstance(action, Done):
            if not effect.optional:
                raise RuleViolation(
                    "EVENT-MANDATORY", f"{event} must place its stones where possible"
                )
            outcome = EffectOutcome.PARTIAL if task.progress else EffectOutcome.DECLINED
            _end_effect(ctx, outcome)
            return
        assert isinstance(action, PlaceStone)
        _place_event_stone(ctx, task, effect, action)
    elif kind is DecisionKind.REMOVE_OWN_STONES:
        assert isinstance(action, RemoveStone)
        building, cell = _own_stone(state, seat, effect, action.building, (action.row, action.col))
        ctx.emit(StoneRemoved(by=seat, owner=seat, building=building, cell=cell, cause=event))
    elif kind is DecisionKind.CHOOSE_RECIPIENT:
        assert isinstance(action, ChooseRecipient)
        if action.seat not in recipient_options(state):
            raise RuleViolation(
                "EVENT-TRANSFER", f"seat {action.seat} is not one of your opponents"
            )
        ctx.emit(RecipientChosen(seat=seat, recipient=action.seat, event=event))
    elif kind is DecisionKind.GIVE_STONES:
        assert isinstance(action, GiveStone)
        assert task.recipient is not None
        building, cell = _own_stone(state, seat, effect, action.building, (action.row, action.col))
        replaced = state.players[task.recipient].supply > 0
        ctx.emit(
            StoneTransferred(
                owner=seat,
                recipient=task.recipient,
                building=building,
                cell=cell,
                replaced=replaced,
                cause=event,
            )
        )
        check_neutralised(ctx, building)
    elif kind is DecisionKind.SELL_STONES:
        assert isinstance(action, SellStone)
        cell = (action.row, action.col)
        sold_in, owner = stone_at(state, action.building, cell, "EVENT-SELL")
        if owner != seat:
            raise RuleViolation("EVENT-SELL", "you can only sell your own stones")
        assert sold_in.figure is not None
        amount = FORCED_SALE_PRICE[sold_in.figure]
        ctx.emit(StoneSold(seat=seat, building=sold_in.id, cell=cell, amount=amount))


def _own_stone(
    state: GameState, seat: int, effect: Effect, building_id: str, cell: Cell
) -> tuple[str, Cell]:
    building, owner = stone_at(state, building_id, cell, "EVENT-RESOLVE")
    if owner != seat:
        raise RuleViolation("EVENT-RESOLVE", "the event card concerns your own stones only")
    if effect.figure is not None and building.figure is not effect.figure:
        raise RuleViolation(
            "EVENT-RESOLVE", f"the event card asks for a {effect.figure}, not a {building.figure}"
        )
    return building.id, cell


def _place_event_stone(ctx: Context, task: EventTask, effect: Effect, action: PlaceStone) -> None:
    state = ctx.state
    candidates = _candidate_buildings(state, task, effect)
    if action.building not in candidates:
        raise RuleViolation(
            "EVENT-STONES", f"{task.event} places its stone in one of: {', '.join(candidates)}"
        )
    building = state.buildings[action.building]
    figure = action.figure
    if effect.figure is not None:
        if building.figure not in (None, effect.figure) or figure not in (None, effect.figure):
            raise RuleViolation(
                "EVENT-STONES",
                f"{task.event} gives a {effect.figure}: it needs a {effect.figure} building",
            )
        if building.figure is None:
            figure = effect.figure
    problem = building_problem(state, task.seat, building, figure) or field_problem(
        building, (action.row, action.col)
    )
    if problem is not None:
        raise problem
    put_stone(ctx, task.seat, building.id, (action.row, action.col), figure, cause=task.event)
