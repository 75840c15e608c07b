"""Dog Eat Dog's events in plain English, one sentence each, told from the event alone (already
redacted for its reader), so the words can tell nothing the event does not."""

from __future__ import annotations

from collections.abc import Sequence
from functools import singledispatch

from domain.dogeatdog.catalog import cards, divisions, space
from domain.events.base import DomainEvent
from domain.events.dogeatdog import (
    DogEatDogAcquisitionLetPass,
    DogEatDogAcquisitionOffered,
    DogEatDogDiceRolled,
    DogEatDogDivisionChosen,
    DogEatDogGameEnded,
    DogEatDogGameOpened,
    DogEatDogGameStarted,
    DogEatDogGenevaReached,
    DogEatDogKitReceived,
    DogEatDogMovedToSwiss,
    DogEatDogOfficialDealt,
    DogEatDogOfficialLaidOut,
    DogEatDogRedTapeShuffled,
    DogEatDogRollOffWon,
    DogEatDogRoundBegan,
    DogEatDogRoundEnded,
    DogEatDogRunnerMoved,
    DogEatDogSeatTaken,
    DogEatDogStepBegan,
    DogEatDogStepEnded,
    DogEatDogTaxPaid,
    DogEatDogTurnBegan,
    DogEatDogTurnEnded,
    DogEatDogWindowClosed,
    DogEatDogWindowOpened,
    DogEatDogWindowPassed,
    DogEatDogWindowWentOn,
    RollPurpose,
    ShuffleReason,
)
from domain.events.kernel import KernelEvent
from domain.table import describe_kernel_event

PURPOSES = {
    RollPurpose.DIVISION_ORDER: "for the first choice of a division",
    RollPurpose.START_PLAYER: "to start",
    RollPurpose.MOVE: "to move",
    RollPurpose.DICE_BID: "for a dice bid",
    RollPurpose.BRIBE: "for a bribe",
    RollPurpose.PRICE: "for a price",
}


def describe(event: DomainEvent, names: Sequence[str]) -> str:
    if isinstance(event, KernelEvent):
        return describe_kernel_event(event, names)
    return _tell(event, _Names(names))


class _Names:
    def __init__(self, names: Sequence[str]) -> None:
        self._names = names

    def __call__(self, seat: int) -> str:
        return self._names[seat] if 0 <= seat < len(self._names) else f"seat {seat + 1}"


def card_name(card: str) -> str:
    found = cards().get(card)
    return card if found is None else found.name


def division_name(division: str) -> str:
    found = divisions().get(division)
    return division if found is None else found.name


@singledispatch
def _tell(event: DomainEvent, name: _Names) -> str:
    return type(event).__name__.removeprefix("DogEatDog")


@_tell.register
def _(event: DogEatDogGameOpened, name: _Names) -> str:
    return f"A game of Dog Eat Dog for {event.seats} players was opened."


@_tell.register
def _(event: DogEatDogSeatTaken, name: _Names) -> str:
    who = f"{event.name} (computer)" if event.bot else event.name
    return f"{who} took seat {event.seat + 1}."


@_tell.register
def _(event: DogEatDogGameStarted, name: _Names) -> str:
    return f"The game started with {event.seats} players and {len(event.divisions)} divisions."


@_tell.register
def _(event: DogEatDogRedTapeShuffled, name: _Names) -> str:
    if event.reason is ShuffleReason.SEARCH:
        return f"The {event.size} Red Tape cards were shuffled to find the first law."
    if event.reason is ShuffleReason.RESHUFFLE:
        return f"The discard pile was shuffled into a new Red Tape deck of {event.size} cards."
    return f"The Red Tape deck of {event.size} cards was shuffled."


@_tell.register
def _(event: DogEatDogOfficialLaidOut, name: _Names) -> str:
    return f"{card_name(event.card)} became the first public law."


@_tell.register
def _(event: DogEatDogOfficialDealt, name: _Names) -> str:
    return f"{name(event.seat)} was dealt {card_name(event.card)}."


@_tell.register
def _(event: DogEatDogDiceRolled, name: _Names) -> str:
    first, second = event.dice
    return f"{name(event.seat)} rolled {first} and {second} {PURPOSES[event.purpose]}."


@_tell.register
def _(event: DogEatDogRollOffWon, name: _Names) -> str:
    if event.purpose is RollPurpose.DIVISION_ORDER:
        return f"{name(event.seat)} won the first choice of a division."
    return f"{name(event.seat)} became the start player."


@_tell.register
def _(event: DogEatDogDivisionChosen, name: _Names) -> str:
    # A name may end in a full stop of its own ("Waste Mismanagement, Inc.").
    return f"{name(event.seat)} chose {division_name(event.division).removesuffix('.')}."


@_tell.register
def _(event: DogEatDogKitReceived, name: _Names) -> str:
    square = f" and square {event.square}" if event.square else ""
    return f"{name(event.seat)} received ${event.corporate}M, {event.workers} workers{square}."


@_tell.register
def _(event: DogEatDogRoundBegan, name: _Names) -> str:
    return f"Round {event.round} began."


@_tell.register
def _(event: DogEatDogRoundEnded, name: _Names) -> str:
    return f"Round {event.round} ended."


@_tell.register
def _(event: DogEatDogTurnBegan, name: _Names) -> str:
    return f"Turn {event.turn} began: {name(event.seat)}'s."


@_tell.register
def _(event: DogEatDogTurnEnded, name: _Names) -> str:
    return f"{name(event.seat)}'s turn ended."


@_tell.register
def _(event: DogEatDogWindowOpened, name: _Names) -> str:
    if event.bonus:
        return f"A window for trades opened before the bonus round, from {name(event.seat)}."
    when = "before the first step" if event.after is None else f"after the {event.after} step"
    return f"A window opened {when} of {name(event.seat)}'s turn."


@_tell.register
def _(event: DogEatDogWindowPassed, name: _Names) -> str:
    return f"{name(event.seat)} passed."


@_tell.register
def _(event: DogEatDogWindowWentOn, name: _Names) -> str:
    return f"The window went on with {name(event.speaker)}."


@_tell.register
def _(event: DogEatDogWindowClosed, name: _Names) -> str:
    return "Everyone passed: the window closed."


@_tell.register
def _(event: DogEatDogStepBegan, name: _Names) -> str:
    return f"{name(event.seat)} began the {event.step} step."


@_tell.register
def _(event: DogEatDogStepEnded, name: _Names) -> str:
    return f"{name(event.seat)} ended the {event.step} step."


@_tell.register
def _(event: DogEatDogRunnerMoved, name: _Names) -> str:
    start, end = space(event.from_space).name, space(event.to_space).name
    return f"{name(event.seat)} moved from {start} to {end}."


@_tell.register
def _(event: DogEatDogTaxPaid, name: _Names) -> str:
    return f"{name(event.seat)} paid ${event.amount}M in taxes."


@_tell.register
def _(event: DogEatDogAcquisitionOffered, name: _Names) -> str:
    return f"{name(event.seat)} reached his home city and could acquire a square."


@_tell.register
def _(event: DogEatDogAcquisitionLetPass, name: _Names) -> str:
    return f"{name(event.seat)} declined to acquire a square."


@_tell.register
def _(event: DogEatDogGenevaReached, name: _Names) -> str:
    return f"{name(event.seat)} landed on Geneva."


@_tell.register
def _(event: DogEatDogMovedToSwiss, name: _Names) -> str:
    return f"{name(event.seat)} moved ${event.amount}M to his Swiss account."


ENDS = {
    "END-SWISS-150": "a Swiss account reached the target",
    "END-LIMIT": "the bonus round after round 100 was played",
    "OPT-SHORT-ROUNDS": "the short game's last round was played",
    "END-STAGE3": "the bonus round after every square reached stage 3 was played",
    "END-STALL": "the bonus round after two quiet rounds was played",
    "BANKRUPT-OUT": "one player was left",
}


@_tell.register
def _(event: DogEatDogGameEnded, name: _Names) -> str:
    return f"The game ended: {ENDS.get(event.reason, event.reason)}."


# The economy's sentences register themselves on ``_tell``: imported last, once it exists.
from domain.dogeatdog import (  # noqa: E402
    narration_bribery,
    narration_economy,
    narration_embezzle,
    narration_honour,
    narration_redtape,
    narration_trade,
)

__all__ = [
    "card_name",
    "describe",
    "division_name",
    "narration_bribery",
    "narration_economy",
    "narration_embezzle",
    "narration_honour",
    "narration_redtape",
    "narration_trade",
]
