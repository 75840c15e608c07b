"""The full state of one game of Dog Eat Dog, as rebuilt from its events.

Plain mutable data. Only ``domain.dogeatdog.evolve`` changes it, one event at a time; the rules
read it. It holds everything, hidden or not (the deck's order, Swiss balances): what a seat may
see is cut from it by the game's views (``docs/dogeatdog/DESIGN.md``, section 21 of RULES.md).
"""

from __future__ import annotations

from enum import StrEnum

from attrs import Factory, define
from msgspec.structs import asdict

from domain.dogeatdog.catalog import board
from domain.events.dogeatdog.values import DogEatDogSettings, RollPurpose, Step
from domain.ruleset import GameStatus

MIN_PLAYERS = 3  # [SETUP-PLAYERS]
MAX_PLAYERS = 6


def _supply() -> dict[str, int]:
    """The goods in the box at the start ([COMP-RAW], [COMP-PRODUCTS])."""
    components = board().components
    return {**asdict(components.raw_materials), **asdict(components.products)}


@define
class Player:
    seat: int
    name: str
    bot: str | None = None
    division: str | None = None  # None before setup and while a reorganisation is pending
    corporate: int = 0  # $M, public ([SEE-PUBLIC])
    swiss: int = 0  # $M, private to him ([SEE-PRIVATE])
    workers: int = 0
    goods: dict[str, int] = Factory(dict)  # raw materials and products by value
    pollution_markers: int = 0  # Waste Mismanagement's only ([DIV-WM])
    squares: list[str] = Factory(list)  # controlled, earliest gained first ([ACQ-LIMIT-2])
    runner: int | None = None  # a track index; None off the board ([BANKRUPT-OUT])
    current_events: list[str] = Factory(list)  # kept cards, face up ([REDTAPE-HAND])
    officials: list[str] = Factory(list)  # owned Corrupt Officials ([LAW-OWNED])
    in_game: bool = True  # False once bankrupt ([BANKRUPT-OUT])


@define
class NatureSquare:
    id: str
    stage: int = 1  # [BOARD-STAGES]
    markers: int = 0  # pollution markers lying on it ([POLLUTE-DEGRADE])
    controller: int | None = None


@define
class Roll:
    seat: int
    total: int
    purpose: RollPurpose


@define
class Window:
    """An open window ([TURN-WINDOW]): ``speaker`` may act now; ``passes`` counts the passes
    in a row since anyone last acted, and the window closes when every player in the game has
    passed one after another."""

    after: Step | None
    speaker: int
    passes: int = 0


class PromptKind(StrEnum):
    ACQUISITION = "acquisition"  # [HOME-PASS]
    GENEVA = "geneva"  # [GENEVA-LAND]


@define
class Prompt:
    """A space of the move asks the active player to decide before the move goes on
    ([MOVE-ORDER]); ``space`` is where, so that the spaces after it follow."""

    kind: PromptKind
    space: int


@define
class Turn:
    seat: int = -1
    number: int = 0
    step: Step | None = None  # the step under way, or the last one begun
    steps_done: list[Step] = Factory(list)
    window: Window | None = None
    windows_closed: int = 0  # [TURN-WINDOW]: one before each step and one after the last
    move: tuple[int, int] | None = None  # from and to, once the runner moved ([MOVE-DICE])
    prompt: Prompt | None = None


@define
class DogEatDogState:
    game_id: object = None
    status: GameStatus = GameStatus.LOBBY
    seats_wanted: int = 0
    seed: str = ""
    settings: DogEatDogSettings = Factory(DogEatDogSettings)
    rules_version: str = ""
    players: list[Player] = Factory(list)
    divisions: tuple[str, ...] = ()  # the division cards in the game ([SETUP-WM])
    squares: dict[str, NatureSquare] = Factory(
        lambda: {square.id: NatureSquare(square.id) for square in board().nature_map.squares}
    )
    supply: dict[str, int] = Factory(_supply)
    supply_workers: int = Factory(lambda: board().components.workers)
    supply_pollution: int = Factory(lambda: board().components.pollution_markers)
    deck: list[str] = Factory(list)  # the Red Tape deck, top first ([SEE-SECRET])
    discard: list[str] = Factory(list)  # top last ([REDTAPE-DECK])
    public_laws: list[str] = Factory(list)  # the Public Laws sheet ([LAW-PUBLIC])
    rolls: list[Roll] = Factory(list)  # every roll so far, in order ([RNG-STEPS])
    first_chooser: int | None = None  # [SETUP-DIVISIONS]
    start_player: int | None = None  # [SETUP-START-PLAYER]
    round: int = 0  # [TURN-ROUND]
    turn: Turn = Factory(Turn)
    end_reason: str | None = None  # the rule that ended the game

    # -- reading ---------------------------------------------------------------------------

    def in_game(self) -> list[int]:
        return [player.seat for player in self.players if player.in_game]

    def clockwise_from(self, seat: int) -> list[int]:
        """The players still in the game clockwise from ``seat``, ``seat`` first if he is."""
        count = len(self.players)
        order = [(seat + step) % count for step in range(count)]
        return [each for each in order if self.players[each].in_game]

    def free_divisions(self) -> list[str]:
        """The division cards in the game nobody holds, in ``board.json`` order."""
        held = {player.division for player in self.players}
        return [division for division in self.divisions if division not in held]
