"""Step 1, the move (RULES.md section 6): the roll, the runner going clockwise, and the spaces
passed and landed on, one after another ([MOVE-ORDER]). Only Taxes and one's own home city act
when passed; the others act when landed on. A space that asks the player something pauses the
move; his answer resumes it from the next space.

The spaces: [TAX-PASS], [HOME-PASS] (the acquisition opportunity, ``rules/acquire.py``),
[GENEVA-LAND], [SPACE-STRIKE], [REDTAPE-CITY] (``rules/redtape.py``), [SPACE-LOBBYIST]
(``rules/bribery.py``) and the plain spaces ([SPACE-PLAIN]); the exchanges and the Trade Show
act later in the turn, through ``rules/rates.py``.
"""

from __future__ import annotations

from domain.context import Context
from domain.dogeatdog.catalog import SpaceKind, board, space
from domain.dogeatdog.effects import Rate
from domain.dogeatdog.rules import bribery, honour, laws, money, rates, redtape
from domain.dogeatdog.rules.dice import roll
from domain.dogeatdog.state import DogEatDogState
from domain.events.dogeatdog import (
    BriberyOccasion,
    DogEatDogAcquisitionOffered,
    DogEatDogGenevaReached,
    DogEatDogRunnerMoved,
    DogEatDogStepEnded,
    DogEatDogStrikeCalled,
    RollPurpose,
    Step,
)


def move(ctx: Context[DogEatDogState]) -> None:
    """[MOVE-DICE]: roll two dice and move that many spaces clockwise ([BOARD-DIRECTION]); in
    the game's first turn the setup law is offered for bribery between the roll and the
    runner's move ([BRIBE-INITIAL])."""
    state = ctx.state
    seat = state.turn.seat
    roll(ctx, seat, RollPurpose.MOVE)
    card = bribery.initial_due(state)
    if card is not None and bribery.offer_fresh(ctx, seat, card, None):
        return
    go(ctx)


def go(ctx: Context[DogEatDogState]) -> None:
    """The runner goes as far as the active player's last movement roll says."""
    state = ctx.state
    seat = state.turn.seat
    start = state.players[seat].runner
    assert start is not None  # a player in the game has his runner on the board
    total = next(r.total for r in reversed(state.rolls) if r.purpose is RollPurpose.MOVE)
    ctx.emit(
        DogEatDogRunnerMoved(seat=seat, from_space=start, to_space=(start + total) % _length())
    )
    resume(ctx, after=start)


def resume(ctx: Context[DogEatDogState], *, after: int) -> None:
    """Resolve the spaces of the move that come after the track space ``after``, in order; end
    the step once the space landed on is resolved, unless a space asks a decision first."""
    state = ctx.state
    seat = state.turn.seat
    assert state.turn.move is not None  # the runner has moved this turn
    landing = state.turn.move[1]
    for index in path(after, landing):
        if not _reach(ctx, seat, index, landed=index == landing):
            return
    ctx.emit(DogEatDogStepEnded(seat=seat, step=Step.MOVE))


def path(after: int, landing: int) -> list[int]:
    """The track spaces from the one after ``after`` up to ``landing``, clockwise."""
    length = _length()
    return [(after + step) % length for step in range(1, (landing - after) % length + 1)]


def _reach(ctx: Context[DogEatDogState], seat: int, index: int, *, landed: bool) -> bool:
    """The effect of passing or landing on ``index``; False when it awaits a decision."""
    state = ctx.state
    player = state.players[seat]
    reached = space(index)
    if reached.kind is SpaceKind.TAXES:
        before = (index - 1) % _length()
        if laws.offer_at_taxes(ctx, seat, before):
            return False  # reached again once the owner has decided ([LAW-OWNED])
        corporate = player.corporate
        due, lawful = money.tax_due(state, corporate), money.tax_due(state, corporate, lawless=True)
        law = rates.law_setting(state, Rate.TAX_THRESHOLD)
        if honour.ask(ctx, honour.TAXES, law, due=due, lawful=lawful, space=before):
            return False  # reached again once he has answered ([HONOUR-BREACH])
        money.tax(ctx, seat, lawless=honour.breached(state, honour.TAXES))
    elif reached.kind is SpaceKind.CITY and reached.home_city_of == player.division:
        if any(square.controller is None for square in state.squares.values()):  # [ACQ-TARGET]
            ctx.emit(DogEatDogAcquisitionOffered(seat=seat, space=index))
            return False
    elif landed and reached.kind is SpaceKind.GENEVA and player.corporate > 0:
        ctx.emit(DogEatDogGenevaReached(seat=seat))
        return False
    elif landed and reached.kind is SpaceKind.STRIKE:
        ctx.emit(DogEatDogStrikeCalled(seat=seat, space=index))
        return False
    elif landed and reached.kind is SpaceKind.CITY and reached.home_city_of != player.division:
        return redtape.draw(ctx, seat, index)  # [REDTAPE-CITY]
    elif landed and reached.kind is SpaceKind.LOBBYIST:  # [SPACE-LOBBYIST]
        return not bribery.offer(ctx, None, BriberyOccasion.LOBBYIST, [seat], index)
    return True


def _length() -> int:
    return board().track.length
