"""Pollution and the stages of the map (RULES.md section 13): where a marker may go
([POLLUTE-ELIGIBLE]), one at a time to a least-served eligible square ([POLLUTE-EVEN]), a
square degrading as soon as it holds two ([POLLUTE-DEGRADE]), what is left lapsing when nothing
is eligible or the supply is empty ([POLLUTE-NONE]); edge squares at stage 3 are urban fringe
([DEGRADE-FRINGE]) and stage 3 is final ([DEGRADE-STAGE3])."""

from __future__ import annotations

from domain.context import Context
from domain.dogeatdog.catalog import home_space, space, squares
from domain.dogeatdog.state import DogEatDogState
from domain.events.dogeatdog import (
    DogEatDogPollutionLapsed,
    DogEatDogPollutionPlaced,
    DogEatDogSquareDegraded,
)

FINAL_STAGE = 3
DEGRADE_AT = 2  # markers on one square ([POLLUTE-DEGRADE])


def fringe(state: DogEatDogState, square: str) -> bool:
    """[DEGRADE-FRINGE], [BOARD-EDGE]: an edge square at stage 3."""
    return squares()[square].edge and state.squares[square].stage == FINAL_STAGE


def eligible(state: DogEatDogState, seat: int) -> list[str]:
    """[POLLUTE-ELIGIBLE]: the squares below stage 3 next to ``seat``'s home city or to an urban
    fringe square connected to it by a chain of urban fringe, in letter order."""
    division = state.players[seat].division
    if division is None:
        return []
    touching = set(space(home_space(division)).adjacent_squares)
    connected = {square for square in touching if fringe(state, square)}
    frontier = list(connected)
    while frontier:
        for neighbour in squares()[frontier.pop()].orthogonal_squares:
            if neighbour not in connected and fringe(state, neighbour):
                connected.add(neighbour)
                frontier.append(neighbour)
    touching |= {n for square in connected for n in squares()[square].orthogonal_squares}
    return sorted(s for s in touching if state.squares[s].stage < FINAL_STAGE)


def least_served(state: DogEatDogState, seat: int) -> list[str]:
    """[POLLUTE-EVEN]: the eligible squares that have received the fewest markers so far in
    this placement; the next marker goes to one of them."""
    placement = state.turn.placement
    found = eligible(state, seat)
    if placement is None or not found:
        return found
    fewest = min(placement.received.get(square, 0) for square in found)
    return [square for square in found if placement.received.get(square, 0) == fewest]


def place(ctx: Context[DogEatDogState]) -> None:
    """Place the markers owed while each has one square to go to; stop where the player must
    choose among ties."""
    state = ctx.state
    seat = state.turn.seat
    while state.turn.placement is not None:
        choices = least_served(state, seat)
        if not choices or state.supply_pollution == 0:
            ctx.emit(DogEatDogPollutionLapsed(seat=seat, count=state.turn.placement.owed))
        elif len(choices) == 1:
            place_one(ctx, seat, choices[0])
        else:
            return


def place_one(ctx: Context[DogEatDogState], seat: int, square: str) -> None:
    ctx.emit(DogEatDogPollutionPlaced(seat=seat, square=square))
    if ctx.state.squares[square].markers >= DEGRADE_AT:
        degrade(ctx, square)


def degrade(ctx: Context[DogEatDogState], square: str) -> None:
    """One stage down, its markers back to the supply ([POLLUTE-DEGRADE], [EXPLOIT-DEGRADE]);
    never past stage 3 ([DEGRADE-STAGE3])."""
    stage = ctx.state.squares[square].stage
    if stage < FINAL_STAGE:
        ctx.emit(DogEatDogSquareDegraded(square=square, stage=stage + 1))
