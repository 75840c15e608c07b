"""Rolling two dice and rolling off for the highest, each roll recorded with its result
([COMP-DICE], [SETUP-RANDOM], [RNG-STEPS], [RNG-PUBLIC])."""

from __future__ import annotations

from collections.abc import Sequence

from domain.context import Context
from domain.dogeatdog.state import DogEatDogState
from domain.events.dogeatdog import DogEatDogDiceRolled, DogEatDogRollOffWon, RollPurpose

DIE = (1, 2, 3, 4, 5, 6)


def roll(ctx: Context[DogEatDogState], seat: int, purpose: RollPurpose) -> int:
    """``seat`` rolls two dice for ``purpose``; the sum."""
    dice = (ctx.rng.pick(DIE), ctx.rng.pick(DIE))
    ctx.emit(DogEatDogDiceRolled(seat=seat, dice=dice, purpose=purpose))
    return dice[0] + dice[1]


def roll_off(ctx: Context[DogEatDogState], seats: Sequence[int], purpose: RollPurpose) -> int:
    """Every one of ``seats`` rolls, in order; the tied highest roll again among themselves
    until one is highest ([SETUP-DIVISIONS], [SETUP-START-PLAYER], R2). The winner."""
    contenders = list(seats)
    while len(contenders) > 1:
        totals = {seat: roll(ctx, seat, purpose) for seat in contenders}
        best = max(totals.values())
        contenders = [seat for seat in contenders if totals[seat] == best]
    ctx.emit(DogEatDogRollOffWon(seat=contenders[0], purpose=purpose))
    return contenders[0]
