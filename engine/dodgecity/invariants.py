"""Facts that hold after every step of every game; a violated one is a bug in the engine.

Used by the property tests and by large simulations.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from domain.dodgecity.catalog import BUILDINGS, EVENT_ORDER, deck
from domain.dodgecity.figures import SYMBOL_DISCS_PER_FIGURE
from domain.dodgecity.rules.board import MAX_STONES_PER_BUILDING_PER_TURN
from domain.dodgecity.state import STONES_PER_COLOUR, GameState


@cache
def _deck_cards(name: str) -> Counter[str]:
    """The deck's cards, counted once: checked after every action of large simulations."""
    return Counter(deck(name).keys())


_EVENT_CARDS = Counter(EVENT_ORDER)


def violations(state: GameState) -> list[str]:
    return [
        *_money(state),
        *_stones(state),
        *_cards(state),
        *_event_cards(state),
        *_discs(state),
    ]


def _money(state: GameState) -> list[str]:
    return [f"seat {p.seat} has ${p.money}" for p in state.players if p.money < 0]


def _stones(state: GameState) -> list[str]:
    problems: list[str] = []
    on_board: Counter[int] = Counter()
    for building in state.buildings.values():
        spec = BUILDINGS[building.id]
        if building.stones and not building.is_open:
            problems.append(f"{building.id} is {building.status} but holds stones")
        for cell, seat in building.stones.items():
            on_board[seat] += 1
            if cell in spec.landmarks:
                problems.append(f"a stone on landmark {cell} of {building.id}")
            elif cell not in spec.fields:
                problems.append(f"a stone off the fields of {building.id} at {cell}")
    for player in state.players:
        if player.on_board != on_board[player.seat]:
            problems.append(
                f"seat {player.seat} counts {player.on_board} stones on board, board has "
                f"{on_board[player.seat]}"
            )
        if not 0 <= player.on_board <= STONES_PER_COLOUR:
            problems.append(f"seat {player.seat} has {player.on_board} stones on board")
    for building_id, count in state.placed_this_turn.items():
        if count > MAX_STONES_PER_BUILDING_PER_TURN:
            problems.append(f"{count} stones placed in {building_id} in one setting turn")
    return problems


def _cards(state: GameState) -> list[str]:
    """Every playing card is in exactly one place: hand, pile, discard, or on the table."""
    places: Counter[str] = Counter()
    for player in state.players:
        places.update(player.hand)
    places.update(state.draw_pile)
    places.update(entry.card for entry in state.discard)
    places.update(state.commitments.values())
    if state.played_card is not None:
        places[state.played_card] += 1
    expected = _deck_cards(state.variants.deck)
    if places != expected:
        extra = places - expected
        missing = expected - places
        return [f"playing cards not conserved: extra {dict(extra)}, missing {dict(missing)}"]
    return []


def _event_cards(state: GameState) -> list[str]:
    places: Counter[str] = Counter(state.event_pile)
    places.update(state.event_discard)
    if state.event_task is not None:
        places[state.event_task.event] += 1
    if places != _EVENT_CARDS:
        return ["event cards not conserved"]
    return []


def _discs(state: GameState) -> list[str]:
    problems: list[str] = []
    claimed = Counter(b.figure for b in state.buildings.values() if b.figure is not None)
    for figure, used in state.symbol_discs_used.items():
        if used > SYMBOL_DISCS_PER_FIGURE:
            problems.append(f"{used} {figure} symbol discs in use")
        if claimed[figure] != used:
            problems.append(f"{used} {figure} discs used but {claimed[figure]} buildings claimed")
    return problems
