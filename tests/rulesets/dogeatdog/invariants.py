"""What holds in every state of a game of Dog Eat Dog between two commands, whatever was played:
the box's counts are kept (goods, workers, pollution markers, the 40 Red Tape cards), no balance
is negative, no division controls more than two squares and each square's controller holds it,
every runner is on the track. Checked by the conformance run after every step. (It moves to the
engine's bundle for the game when the game is registered.)"""

from __future__ import annotations

from collections.abc import Sequence

from domain.dogeatdog.catalog import board, red_tape
from domain.dogeatdog.state import DogEatDogState
from domain.ruleset import GameStatus
from msgspec.structs import asdict


def violations(state: DogEatDogState) -> list[str]:
    if state.status is GameStatus.LOBBY:
        return []
    return [*_money(state), *_box(state), *_cards(state), *_squares(state), *_runners(state)]


def _money(state: DogEatDogState) -> list[str]:
    """[COMP-MONEY]: no balance and no count is ever negative."""
    found = [f"seat {p.seat} holds ${p.corporate}M corporate, ${p.swiss}M Swiss" for p in state.players if p.corporate < 0 or p.swiss < 0]
    found += [f"seat {p.seat} holds {p.goods}" for p in state.players if any(count < 0 for count in p.goods.values())]
    found += [f"the Marketplace holds {state.marketplace}" for _ in [0] if any(c < 0 for c in state.marketplace.values())]
    return found


def _box(state: DogEatDogState) -> list[str]:
    """[COMP-RAW], [COMP-PRODUCTS], [COMP-WORKERS], [COMP-POLLUTION]: nothing is made or lost."""
    components = board().components
    printed = {**asdict(components.raw_materials), **asdict(components.products)}
    found: list[str] = []
    for good, count in printed.items():
        held = state.supply.get(good, 0) + state.marketplace.get(good, 0)
        held += sum(p.goods.get(good, 0) for p in state.players)
        if held != count or state.supply.get(good, 0) < 0:
            found.append(f"{held} {good} in the game, {count} in the box")
    workers = state.supply_workers + sum(p.workers for p in state.players)
    if workers != components.workers or state.supply_workers < 0:
        found.append(f"{workers} workers in the game, {components.workers} in the box")
    markers = state.supply_pollution + sum(p.pollution_markers for p in state.players)
    markers += sum(square.markers for square in state.squares.values())
    markers += state.marketplace.get("pollution", 0)
    if markers != components.pollution_markers or state.supply_pollution < 0:
        found.append(f"{markers} pollution markers in the game, {components.pollution_markers} in the box")
    return found


def _cards(state: DogEatDogState) -> list[str]:
    """[COMP-REDTAPE]: once the deck is laid out, each of the 40 cards is in exactly one place."""
    if not state.deck and not state.public_laws:
        return []  # started, not yet shuffled: the setup's first command lays it all out
    places: Sequence[str] = [
        *state.deck,
        *state.discard,
        *state.public_laws,
        *(card for p in state.players for card in (*p.current_events, *p.officials)),
    ]
    if sorted(places) != sorted(red_tape().card_ids()):
        return [f"{len(places)} Red Tape cards in the game, {len(set(places))} different"]
    return []


def _squares(state: DogEatDogState) -> list[str]:
    """[ACQ-LIMIT-2], [COMP-DIVISIONS]: two squares at most (three only while he is asked which
    to release), each held by its controller."""
    found: list[str] = []
    for player in state.players:
        if len(player.squares) > (3 if state.turn.releasing == player.seat else 2):
            found.append(f"seat {player.seat} controls {player.squares}")
        found += [f"square {s} is not seat {player.seat}'s" for s in player.squares if state.squares[s].controller != player.seat]
    for square in state.squares.values():
        if square.controller is not None and square.id not in state.players[square.controller].squares:
            found.append(f"square {square.id}'s controller does not hold it")
        if not 1 <= square.stage <= 3:
            found.append(f"square {square.id} at stage {square.stage}")
    return found


def _runners(state: DogEatDogState) -> list[str]:
    """[BOARD-TRACK]: every runner of a player in the game is on one of the 20 spaces."""
    length = board().track.length
    return [
        f"seat {p.seat}'s runner at {p.runner}"
        for p in state.players
        if state.round > 0
        and p.in_game
        and p.division is not None  # one awaiting his reorganisation has no runner yet
        and (p.runner is None or not 0 <= p.runner < length)
    ]
