"""The choices open to a seat for each kind of decision outside event cards."""

from __future__ import annotations

from functools import cache

from domain.dodgecity.actions import BuyStone, RemoveStone
from domain.dodgecity.catalog import Card, CardKind, Cell, deck
from domain.dodgecity.figures import STONE_PRICE, Figure
from domain.dodgecity.remembered import remembered
from domain.dodgecity.rules.board import (
    building_problem,
    figure_choices,
    owners_of,
    placement_options,
    sorted_fields,
    stone_actions,
)
from domain.dodgecity.state import Building, GameState


def card_of(state: GameState, card_id: str) -> Card:
    return deck(state.variants.deck)[card_id]


def commit_options(state: GameState, seat: int) -> list[str]:
    """Cards a seat may commit: any but an Indian; only a hand of Indians commits one (forced)
    ([START-NO-INDIAN], [DUEL-COMMIT])."""
    hand = state.players[seat].hand
    non_indian = [c for c in hand if card_of(state, c).kind is not CardKind.INDIAN]
    return non_indian or list(hand)


def picture_options(state: GameState, seat: int) -> list[tuple[str, Cell, Figure | None]]:
    """Fields for the next free picture stone: one open building claimed for the card's figure
    (or unclaimed with ``picture_may_claim``), the same building for every stone ([SET-PICTURE])."""
    task = state.card_task
    if task is None or task.remaining <= 0:
        return []
    figure = card_of(state, task.card).figure
    if task.building is not None:
        candidates = [task.building]
    else:
        candidates = [
            b.id
            for b in state.buildings.values()
            if b.figure is figure or (b.figure is None and state.variants.picture_may_claim)
        ]
    return placement_options(state, seat, candidates, figure)


def indian_options(state: GameState, seat: int) -> list[RemoveStone]:
    """Opposing stones in open buildings ([SET-INDIAN])."""
    task = state.card_task
    if task is None or task.remaining <= 0:
        return []
    return stone_actions(state, RemoveStone, seat, own=False)


@cache
def _buy_actions(building_id: str, figure: Figure | None) -> tuple[tuple[Cell, BuyStone], ...]:
    """The BuyStone action for every field of a building (actions are immutable, so shared)."""
    return tuple(
        ((r, c), BuyStone(building=building_id, row=r, col=c, figure=figure))
        for r, c in sorted_fields(building_id)
    )


def buy_options(state: GameState, seat: int) -> list[BuyStone]:
    """Every stone the seat can buy and place now ([BUY-*], [PLACE-FIELD])."""
    money = state.players[seat].money
    if money < min(STONE_PRICE.values()):
        return []
    options: list[BuyStone] = []
    for building in state.buildings.values():
        if not building.is_open:
            continue
        for figure in figure_choices(state, building, None):
            price = STONE_PRICE[building.figure or figure or Figure.LADY]
            if price > money or building_problem(state, seat, building, figure) is not None:
                continue
            options.extend(remembered(building, figure, _open_buys, figure))
    return options


def _open_buys(building: Building, figure: Figure | None) -> tuple[BuyStone, ...]:
    """The buy actions for a building's empty fields, for the figure named: listed again after
    every stone bought, when one building has changed since the last time."""
    stones = building.stones
    return tuple(action for cell, action in _buy_actions(building.id, figure) if cell not in stones)


def challenge_options(state: GameState, seat: int) -> list[tuple[int, str]]:
    """Opponents not yet in a duel who share an open building with the challenger ([DUEL-CHAIN])."""
    if seat in state.fought:
        return []
    options: list[tuple[int, str]] = []
    for opponent in state.order:
        if opponent == seat or opponent in state.fought:
            continue
        for building in state.buildings.values():
            if not building.is_open:
                continue
            owners = owners_of(building)
            if seat in owners and opponent in owners:
                options.append((opponent, building.id))
    return options


def holds_forced_indian(state: GameState, seat: int) -> bool:
    card = state.commitments.get(seat)
    return card is not None and card_of(state, card).kind is CardKind.INDIAN


def loser_stone_options(state: GameState) -> list[tuple[str, Cell, int]]:
    duel = state.duel
    if duel is None or duel.winner is None or not duel.removal_pending:
        return []
    loser = duel.opponent if duel.winner == duel.challenger else duel.challenger
    building = state.buildings[duel.building]
    if not building.is_open:
        return []
    return [(building.id, cell, o) for cell, o in sorted(building.stones.items()) if o == loser]
