"""Applying one recorded event to the state of a game of Dog Eat Dog.

Never validates, never fails, never draws at random: every stored game replays. Each event does
exactly what its name says; the rules decided it all before it was recorded, chance included
(the event carries the roll or the order, [SETUP-RANDOM]).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import singledispatch

from domain.dogeatdog.state import (
    DogEatDogState,
    Player,
    Prompt,
    PromptKind,
    Roll,
    Turn,
    Window,
)
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
)
from domain.events.dogeatdog.values import RollPurpose, ShuffleReason
from domain.ruleset import GameStatus


@singledispatch
def evolve(event: DomainEvent, state: DogEatDogState) -> None:
    """Events of no consequence for the state change nothing."""


#: Each kind of event's handler, looked up once: ``singledispatch`` looks it up on every call.
_HANDLERS: dict[type[DomainEvent], Callable[[DomainEvent, DogEatDogState], None]] = {}


def apply(state: DogEatDogState, event: DomainEvent) -> None:
    kind = type(event)
    handler = _HANDLERS.get(kind)
    if handler is None:
        handler = _HANDLERS[kind] = evolve.dispatch(kind)
    handler(event, state)


def _take(cards: list[str], card: str) -> None:
    if card in cards:
        cards.remove(card)


# -- the lobby ------------------------------------------------------------------------------


@evolve.register
def _(event: DogEatDogGameOpened, state: DogEatDogState) -> None:
    state.game_id = event.originator_id
    state.seats_wanted = event.seats
    state.seed = event.seed
    state.settings = event.settings
    state.rules_version = event.rules_version


@evolve.register
def _(event: DogEatDogSeatTaken, state: DogEatDogState) -> None:
    state.players.append(Player(seat=event.seat, name=event.name, bot=event.bot))


@evolve.register
def _(event: DogEatDogGameStarted, state: DogEatDogState) -> None:
    state.status = GameStatus.RUNNING
    state.divisions = event.divisions


# -- setup ----------------------------------------------------------------------------------


@evolve.register
def _(event: DogEatDogRedTapeShuffled, state: DogEatDogState) -> None:
    state.deck = list(event.cards)
    if event.reason is ShuffleReason.RESHUFFLE:
        state.discard.clear()


@evolve.register
def _(event: DogEatDogOfficialLaidOut, state: DogEatDogState) -> None:
    _take(state.deck, event.card)
    state.public_laws.append(event.card)


@evolve.register
def _(event: DogEatDogOfficialDealt, state: DogEatDogState) -> None:
    _take(state.deck, event.card)
    _take(state.public_laws, event.card)
    state.players[event.seat].officials.append(event.card)


@evolve.register
def _(event: DogEatDogDiceRolled, state: DogEatDogState) -> None:
    state.rolls.append(Roll(seat=event.seat, total=event.total, purpose=event.purpose))


@evolve.register
def _(event: DogEatDogRollOffWon, state: DogEatDogState) -> None:
    if event.purpose is RollPurpose.DIVISION_ORDER:
        state.first_chooser = event.seat
    elif event.purpose is RollPurpose.START_PLAYER:
        state.start_player = event.seat


@evolve.register
def _(event: DogEatDogDivisionChosen, state: DogEatDogState) -> None:
    state.players[event.seat].division = event.division


@evolve.register
def _(event: DogEatDogKitReceived, state: DogEatDogState) -> None:
    player = state.players[event.seat]
    player.corporate += event.corporate
    player.workers += event.workers
    state.supply_workers -= event.workers
    for good, count in event.goods:
        player.goods[good] = player.goods.get(good, 0) + count
        state.supply[good] = state.supply.get(good, 0) - count
    player.pollution_markers += event.pollution_markers
    state.supply_pollution -= event.pollution_markers
    if event.square is not None:
        player.squares.append(event.square)
        state.squares[event.square].controller = event.seat
    player.runner = event.runner


# -- the turn -------------------------------------------------------------------------------


@evolve.register
def _(event: DogEatDogRoundBegan, state: DogEatDogState) -> None:
    state.round = event.round


@evolve.register
def _(event: DogEatDogTurnBegan, state: DogEatDogState) -> None:
    state.turn = Turn(seat=event.seat, number=event.turn)


@evolve.register
def _(event: DogEatDogWindowOpened, state: DogEatDogState) -> None:
    speaker = event.seat if event.speaker is None else event.speaker
    state.turn.window = Window(after=event.after, speaker=speaker)


@evolve.register
def _(event: DogEatDogWindowPassed, state: DogEatDogState) -> None:
    window = state.turn.window
    if window is not None:
        window.passes += 1
        window.passed.append(event.seat)
        if event.speaker is not None:
            window.speaker = event.speaker
        else:
            after = state.clockwise_from(event.seat)[1:] or [event.seat]
            window.speaker = after[0]


@evolve.register
def _(event: DogEatDogWindowWentOn, state: DogEatDogState) -> None:
    window = state.turn.window
    if window is not None:
        window.passes, window.passed, window.speaker = 0, [], event.speaker


@evolve.register
def _(event: DogEatDogWindowClosed, state: DogEatDogState) -> None:
    state.turn.window = None
    state.turn.windows_closed += 1


@evolve.register
def _(event: DogEatDogStepBegan, state: DogEatDogState) -> None:
    state.turn.step = event.step
    # The window before it is over, held or not ([TURN-WINDOW]).
    state.turn.windows_closed = len(state.turn.steps_done) + 1


@evolve.register
def _(event: DogEatDogStepEnded, state: DogEatDogState) -> None:
    state.turn.steps_done.append(event.step)


@evolve.register
def _(event: DogEatDogRunnerMoved, state: DogEatDogState) -> None:
    state.players[event.seat].runner = event.to_space
    state.turn.move = (event.from_space, event.to_space)


@evolve.register
def _(event: DogEatDogTaxPaid, state: DogEatDogState) -> None:
    state.players[event.seat].corporate -= event.amount


@evolve.register
def _(event: DogEatDogAcquisitionOffered, state: DogEatDogState) -> None:
    state.turn.prompt = Prompt(PromptKind.ACQUISITION, event.space)
    state.turn.cursor = event.space


@evolve.register
def _(event: DogEatDogAcquisitionLetPass, state: DogEatDogState) -> None:
    state.turn.prompt = None


@evolve.register
def _(event: DogEatDogGenevaReached, state: DogEatDogState) -> None:
    player = state.players[event.seat]
    where = player.runner if player.runner is not None else 0
    state.turn.prompt = Prompt(PromptKind.GENEVA, where)
    state.turn.cursor = where


@evolve.register
def _(event: DogEatDogMovedToSwiss, state: DogEatDogState) -> None:
    player = state.players[event.seat]
    player.corporate -= event.amount
    player.swiss += event.amount
    state.turn.prompt = None


@evolve.register
def _(event: DogEatDogTurnEnded, state: DogEatDogState) -> None:
    state.turn.window = None


@evolve.register
def _(event: DogEatDogRoundEnded, state: DogEatDogState) -> None:
    state.quiet_rounds = 0 if state.active_this_round else state.quiet_rounds + 1
    state.active_this_round = False


@evolve.register
def _(event: DogEatDogGameEnded, state: DogEatDogState) -> None:
    state.status = GameStatus.ENDED
    state.end_reason = event.reason
    state.turn.window = None
    state.turn.prompt = None
    state.turn.auction = None
    state.turn.bribery = None


# The economy's events register themselves on ``evolve``: imported last, once it exists.
from domain.dogeatdog import (  # noqa: E402
    evolve_bribery,
    evolve_economy,
    evolve_embezzle,
    evolve_honour,
    evolve_redtape,
    evolve_trade,
)

__all__ = [
    "apply",
    "evolve",
    "evolve_bribery",
    "evolve_economy",
    "evolve_embezzle",
    "evolve_honour",
    "evolve_redtape",
    "evolve_trade",
]
