"""The full state of one game of Dog Eat Dog, as rebuilt from its events.

Plain mutable data. Only ``domain.dogeatdog.evolve`` changes it, one event at a time; the rules
read it. It holds everything, hidden or not (the deck's order, Swiss balances): what a seat may
see is cut from it by the game's views (``docs/dogeatdog/DESIGN.md``, section 21 of RULES.md).
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache
from uuid import UUID

from attrs import Factory, define
from msgspec.structs import asdict

from domain.dogeatdog.catalog import board
from domain.events.base import NO_GAME
from domain.events.dogeatdog.trade import DogEatDogTradeSide
from domain.events.dogeatdog.values import (
    BriberyOccasion,
    DogEatDogSettings,
    RollPurpose,
    Step,
    StrikeChoice,
)
from domain.offers import Offer
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
    gave_up: str | None = None  # the division card given up by a reorganisation ([REORG-RESTART])
    embezzled_round: int = 0  # the last round he embezzled in, stopped or not ([EMBEZZLE-ONCE])
    #: standing instructions, public: (his official, its target) -> invoke or not ([LAW-OWNED])
    instructions: dict[tuple[str, int], bool] = Factory(dict)


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
    asked in a row since anyone last acted. A player with nothing to do but pass is not asked:
    his pass is taken as made, and the window closes when every player who could act has
    passed since anyone last acted."""

    after: Step | None
    speaker: int
    passes: int = 0
    passed: list[int] = Factory(list)  # who passed since anyone last acted
    proposals: dict[int, int] = Factory(dict)  # trades proposed in it, by seat ([TRADE-COUNT])


class PromptKind(StrEnum):
    ACQUISITION = "acquisition"  # [HOME-PASS]
    GENEVA = "geneva"  # [GENEVA-LAND]
    STRIKE = "strike"  # [SPACE-STRIKE]
    CARD = "card"  # a Current Event's choice ([REDTAPE-CE])
    KICKBACK = "kickback"  # money received from players, to the Swiss account ([VAR-KICKBACK])


@define
class Auction:
    """An open auction ([AUCTION-OPEN]): ``bidders`` are still in, clockwise from the opener;
    ``speaker`` bids or passes now (None: the auction is decided)."""

    square: str
    opener: int
    bidders: list[int]
    speaker: int | None
    high_bid: int = 0
    high_bidder: int | None = None
    #: [VAR-AUCTION-SEALED]: one sealed round; who has still to bid, and the bids committed
    #: (each private to its bidder until all are in)
    sealed: bool = False
    waiting: list[int] = Factory(list)
    bids: dict[int, int] = Factory(dict)


@define
class Sale:
    """A type priced this turn ([SELL-ROLL]): its ``sellers`` not yet asked, next first."""

    good: str
    price: int
    sellers: list[int]


@define
class Placement:
    """Pollution markers being placed one at a time ([POLLUTE-EVEN]): how many are still owed
    and how many each square has received in this placement."""

    owed: int
    received: dict[str, int] = Factory(dict)


@define
class Bonus:
    """The bonus round ([END-BONUS-PRODUCE]): why, the players' order, who has stopped making
    products, how many each made and which types have been priced."""

    reason: str
    order: tuple[int, ...]
    stopped: list[int] = Factory(list)
    made: dict[int, dict[str, int]] = Factory(dict)
    priced: list[str] = Factory(list)  # [END-BONUS-SELL]
    sold: bool = False  # part 2 is over
    embezzle_answered: list[int] = Factory(list)  # part 3: who embezzled or declined


@define
class Bribery:
    """An official offered for bribery ([BRIBE-ATTEMPT]): ``asked`` are the seats still to be
    offered an attempt, next first; ``card`` is None while the briber names one
    ([BRIBE-LAW-LATER])."""

    card: str | None
    occasion: BriberyOccasion
    asked: list[int]


@define
class Embezzlement:
    """An embezzlement declared and not yet resolved ([EMBEZZLE-DECLARE]): ``amount`` is
    private to ``seat`` ([SEE-PRIVATE]); ``asked`` are the Internal Investigation holders still
    to answer, next first; ``bonus``: the bonus round's ([END-BONUS-EMBEZZLE])."""

    seat: int
    amount: int
    asked: list[int]
    bonus: bool = False
    stopped_by: int | None = None  # who played an Internal Investigation


@define
class Prompt:
    """A space of the move asks the active player to decide before the move goes on
    ([MOVE-ORDER]); ``space`` is where, so that the spaces after it follow."""

    kind: PromptKind
    space: int | None  # None: asked in an open window, the move not under way
    amount: int = 0  # what may go to the Swiss account ([VAR-KICKBACK])
    seat: int | None = None  # who is asked, when not the active player (a trade's receiver)


@define
class Violation:
    """A breach not yet denounced, self-reported or expired ([HONOUR-BREACH]): private to
    ``seat`` ([SEE-PRIVATE]). ``rule`` is the law's card or ``PRODUCE-POLLUTE``; ``shortfall``
    is money unpaid, or markers not placed when ``markers``."""

    seat: int
    rule: str
    turn: int
    shortfall: int
    markers: bool = False


@define
class Compliance:
    """A payment or placement a law or the pollution duty governs, awaiting the payer's
    COMPLY or BREACH ([HONOUR-BREACH])."""

    seat: int
    question: str
    rule: str
    due: int
    lawful: int
    count: int = 0  # the workers to hire or fire, for those questions
    item: str = ""  # the good to buy, sell or extract, for those questions
    square: str = ""  # the square to extract from, for that question


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
    prompts_after: list[Prompt] = Factory(list)  # asked once ``prompt`` is answered
    cursor: int | None = None  # the last space of the move that asked a decision ([MOVE-ORDER])
    auction: Auction | None = None
    releasing: int | None = None  # the seat holding three squares ([ACQ-LIMIT-2])
    strike: StrikeChoice | None = None  # [SPACE-STRIKE]
    priced: list[str] = Factory(list)  # types priced this turn ([SELL-ROLL])
    sale: Sale | None = None
    selling_stopped: bool = False
    workers_used: int = 0  # [TURN-WORKER-JOB]
    made: dict[str, int] = Factory(dict)  # products made this turn ([DIV-DKMART])
    producing_stopped: bool = False
    pollution_owed: bool = False  # the placement after production has begun
    placement: Placement | None = None
    extracted: dict[str, list[str]] = Factory(dict)  # raw materials per square ([EXPLOIT-DEGRADE])
    collected: list[str] = Factory(list)  # squares collected from ([EXPLOIT-WM])
    exploiting_stopped: bool = False
    drawn: list[str] = Factory(list)  # Red Tape cards drawn this turn ("this turn" effects)
    card: str | None = None  # the Current Event whose choice is asked ([REDTAPE-CE])
    bribery: Bribery | None = None  # an official offered for bribery now ([BRIBE-ATTEMPT])
    borrowed: int = 0  # lent by the bank this turn, public ([LOAN-WHEN], [SEE-PUBLIC])
    asked_laws: list[str] = Factory(
        list
    )  # owned laws whose owner was asked this turn ([LAW-OWNED])
    invoking: str | None = None  # the law invoked, its chain under way ([BRIBE-CHAIN])
    offered_law: str | None = None  # an owned law asked about in the move ([LAW-OWNED])
    #: whom the law asked about or invoked now is against: the active player, or whoever
    #: gained a square ([LAW-OWNED]); None when no invocation is asked or under way
    law_target: int | None = None
    invoked: list[str] = Factory(list)  # laws applying to him for the rest of it ([BRIBE-RESULT])
    compliance: Compliance | None = None  # [HONOUR-BREACH]: asked now
    answers: dict[str, int] = Factory(dict)  # question -> shortfall answered this turn
    insolvent: bool = False  # his turn ends at once ([INSOLVENT-LATER])
    cut_short: bool = False  # insolvency decided: the turn ends


@define
class DogEatDogState:
    game_id: UUID = NO_GAME
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
    marketplace: dict[str, int] = Factory(
        dict
    )  # raw materials and pollution markers sold ([SELL-DEST])
    deck: list[str] = Factory(list)  # the Red Tape deck, top first ([SEE-SECRET])
    discard: list[str] = Factory(list)  # top last ([REDTAPE-DECK])
    public_laws: list[str] = Factory(list)  # the Public Laws sheet ([LAW-PUBLIC])
    rolls: list[Roll] = Factory(list)  # every roll so far, in order ([RNG-STEPS])
    first_chooser: int | None = None  # [SETUP-DIVISIONS]
    start_player: int | None = None  # [SETUP-START-PLAYER]
    round: int = 0  # [TURN-ROUND]
    turn: Turn = Factory(Turn)
    active_this_round: bool = False  # [END-STALL]: a product, an extraction, a collection, a stage
    quiet_rounds: int = 0  # rounds in a row without any of those, counted at each round's end
    bonus: Bonus | None = None  # [END-BONUS-PRODUCE]
    embezzlement: Embezzlement | None = None  # declared, not resolved ([EMBEZZLE-DECLARE])
    violations: list[Violation] = Factory(list)  # live ones, private ([VAR-HONOUR])
    #: the trade proposed and not yet answered, public; one at most, as it is answered before
    #: anyone else acts ([TRADE-ANSWER])
    offer: Offer[DogEatDogTradeSide] | None = None
    trades_proposed: int = 0  # the game's proposals so far: the next one's id follows
    end_reason: str | None = None  # the rule that ended the game

    # -- reading ---------------------------------------------------------------------------

    def in_game(self) -> list[int]:
        return [player.seat for player in self.players if player.in_game]

    def seated(self) -> list[int]:
        """The players in the game who hold a division (not awaiting a reorganisation)."""
        return [p.seat for p in self.players if p.in_game and p.division is not None]

    def clockwise_from(self, seat: int) -> list[int]:
        """The players still in the game clockwise from ``seat``, ``seat`` first if he is."""
        players = self.players
        return [each for each in clockwise(len(players), seat) if players[each].in_game]

    def others_clockwise(self, seat: int) -> list[int]:
        """``clockwise_from(seat)`` without ``seat``: the other players still in the game."""
        players = self.players
        return [
            each for each in clockwise(len(players), seat) if each != seat and players[each].in_game
        ]

    def free_divisions(self) -> list[str]:
        """The division cards in the game nobody holds, in ``board.json`` order."""
        held = {player.division for player in self.players if player.in_game}
        return [division for division in self.divisions if division not in held]


@lru_cache(maxsize=256)  # a few table sizes times their seats
def clockwise(count: int, seat: int) -> tuple[int, ...]:
    """The ``count`` seats clockwise from ``seat``, in the game or not (kept: the rules ask for
    them all the time)."""
    return tuple((seat + step) % count for step in range(count))
