"""Putting a stone on the board: claim, place (or buy), then the neutralisation check."""

from __future__ import annotations

from domain.catalog import Cell
from domain.events import BuildingClaimed, StoneBought, StonePlaced
from domain.figures import Figure
from domain.rules.context import Context
from domain.rules.endgame import check_neutralised


def put_stone(
    ctx: Context,
    seat: int,
    building_id: str,
    cell: Cell,
    figure: Figure | None,
    *,
    cause: str,
    price: int | None = None,
) -> None:
    """Place one checked stone. The first stone into an unclaimed building claims it for
    ``figure`` ([PLACE-CLAIM]); a bought stone costs ``price`` ([BUY-PRICE])."""
    building = ctx.state.buildings[building_id]
    if building.figure is None and figure is not None:
        ctx.emit(BuildingClaimed(seat=seat, building=building_id, figure=figure))
    if price is None:
        ctx.emit(StonePlaced(seat=seat, building=building_id, cell=cell, cause=cause))
    else:
        ctx.emit(StoneBought(seat=seat, building=building_id, cell=cell, price=price))
    check_neutralised(ctx, building_id)
