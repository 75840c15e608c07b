"""What a player holds and may offer for sale: his goods by value and, for Waste Mismanagement,
pollution markers as a type of their own ([SELL-POLLUTION])."""

from __future__ import annotations

from domain.dogeatdog.catalog import Product, Raw, divisions
from domain.dogeatdog.rules import rates
from domain.dogeatdog.state import DogEatDogState, Player

POLLUTION = "pollution"
RAWS = tuple(raw.value for raw in Raw)
PRODUCTS = tuple(product.value for product in Product)
#: Every type that may be priced, in the board's order.
SALEABLE = (*RAWS, *PRODUCTS, POLLUTION)


def held(player: Player, good: str) -> int:
    return player.pollution_markers if good == POLLUTION else player.goods.get(good, 0)


def trades_pollution(player: Player) -> bool:
    """[DIV-WM]: only Waste Mismanagement sells and buys pollution markers."""
    division = player.division
    return division is not None and divisions()[division].trades_pollution_at_marketplace


def saleable(player: Player) -> list[str]:
    """The types ``player`` holds and may sell, in the board's order."""
    found = [good for good in (*RAWS, *PRODUCTS) if player.goods.get(good, 0)]
    if player.pollution_markers and trades_pollution(player):
        found.append(POLLUTION)
    return found


def holders(state: DogEatDogState, good: str, first: int) -> tuple[int, ...]:
    """The players who hold and may sell ``good``, clockwise from ``first``."""
    return tuple(
        seat for seat in state.clockwise_from(first) if good in saleable(state.players[seat])
    )


def free_workers(state: DogEatDogState, seat: int) -> int:
    """[TURN-WORKER-JOB]: the active player's workers with no job yet this turn (a card may
    give one who has workers extra jobs)."""
    workers = state.players[seat].workers
    extra = rates.extra_jobs(state) if workers else 0
    return max(0, workers + extra - state.turn.workers_used)
