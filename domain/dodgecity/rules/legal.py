"""Every action a seat may take now, as ready-made actions that can be sent straight back.

Stone placements are listed one per building, field (and figure, for an unclaimed building),
never as combinations of several stones.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.dodgecity.actions import (
    Action,
    BuyStone,
    Challenge,
    ChooseRecipient,
    CommitCard,
    Done,
    EndTurn,
    GiveStone,
    Pass,
    PlaceStone,
    PlayCard,
    RemoveStone,
)
from domain.dodgecity.catalog import EVENT_CARDS
from domain.dodgecity.decisions import Decision, DecisionKind
from domain.dodgecity.rules import event_cards
from domain.dodgecity.rules.options import (
    buy_options,
    challenge_options,
    commit_options,
    holds_forced_indian,
    indian_options,
    loser_stone_options,
    picture_options,
)
from domain.dodgecity.rules.pending import pending_decisions
from domain.dodgecity.state import GameState


def is_legal(
    state: GameState, seat: int, action: Action, pending: Sequence[Decision] | None = None
) -> bool:
    """Whether ``action`` is one of the listed legal actions, allowing the two spellings of a stone
    placement: naming a claimed building's own figure, or leaving out a figure that is fixed
    anyway (the listed action carries it)."""
    legal = legal_actions(state, seat, pending)
    if action in legal:
        return True
    if not isinstance(action, BuyStone | PlaceStone):
        return False
    same_field = [
        a
        for a in legal
        if type(a) is type(action)
        and (a.building, a.row, a.col) == (action.building, action.row, action.col)
    ]
    building = state.buildings.get(action.building)
    if building is not None and building.figure is not None:
        return action.figure is building.figure and bool(same_field)
    return action.figure is None and len(same_field) == 1


def legal_actions(
    state: GameState, seat: int, pending: Sequence[Decision] | None = None
) -> list[Action]:
    actions: list[Action] = []
    for decision in pending_decisions(state) if pending is None else pending:
        if decision.seat == seat:
            actions.extend(_for_decision(state, decision))
    return actions


def _for_decision(state: GameState, decision: Decision) -> list[Action]:
    seat, kind = decision.seat, decision.kind
    if kind in (DecisionKind.COMMIT_START_CARD, DecisionKind.COMMIT_DUEL_CARD):
        return [CommitCard(card=card) for card in commit_options(state, seat)]
    if kind is DecisionKind.PLAY_CARD:
        return [PlayCard(card=card) for card in state.players[seat].hand]
    if kind is DecisionKind.BUY_STONES:
        return [*buy_options(state, seat), EndTurn()]
    if kind is DecisionKind.PLACE_PICTURE_STONES:
        places: list[Action] = [
            PlaceStone(building=b, row=r, col=c, figure=f)
            for b, (r, c), f in picture_options(state, seat)
        ]
        return [*places, Done()]
    if kind is DecisionKind.REMOVE_OPPOSING_STONES:
        return [*indian_options(state, seat), Done()]
    if kind is DecisionKind.CHALLENGE:
        if holds_forced_indian(state, seat):
            return [Pass()]  # he cannot challenge ([DUEL-NO-INDIAN]), and may pass ([VAR])
        challenges: list[Action] = [
            Challenge(opponent=o, building=b) for o, b in challenge_options(state, seat)
        ]
        return [*challenges, Pass()] if state.variants.challenge_optional else challenges
    if kind is DecisionKind.REMOVE_LOSER_STONE:
        taken: list[Action] = [
            RemoveStone(building=b, row=r, col=c) for b, (r, c), _ in loser_stone_options(state)
        ]
        return [*taken, Done()]
    return _for_event_decision(state, decision)


def _for_event_decision(state: GameState, decision: Decision) -> list[Action]:
    kind = decision.kind
    if kind is DecisionKind.CHOOSE_RECIPIENT:
        return [ChooseRecipient(seat=s) for s in event_cards.recipient_options(state)]
    if kind is DecisionKind.PLACE_EVENT_STONES:
        places: list[Action] = [
            PlaceStone(building=b, row=r, col=c, figure=f)
            for b, (r, c), f in event_cards.place_options(state)
        ]
        task = state.event_task
        assert task is not None
        optional = EVENT_CARDS[task.event].effects[task.effect].optional
        return [*places, Done()] if optional else places
    if kind is DecisionKind.REMOVE_OWN_STONES:
        return list(event_cards.own_stone_options(state, RemoveStone))
    if kind is DecisionKind.GIVE_STONES:
        return list(event_cards.own_stone_options(state, GiveStone))
    assert kind is DecisionKind.SELL_STONES
    return list(event_cards.sell_options(state))
