"""Putting a stone on the board: claim, place (or buy), then the neutralisation check."""

from __future__ import annotations

from domain.dodgecity.catalog import Cell
from domain.dodgecity.figures import Figure
from domain.dodgecity.rules.context import Context
from domain.dodgecity.rules.endgame import check_neutralised
from domain.events.dodgecity import BuildingClaimed, StoneBought, StonePlaced


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
