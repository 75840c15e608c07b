"""Every fact a game of Dog Eat Dog records, as far as the game is built: the lobby, the setup and
the structure of a turn (rounds, turns, steps, open windows), the move and the spaces built so
far (Taxes, one's home city, Geneva), and the end; the economy's facts are in ``economy``.

Each topic is ``dogeatdog.<Name>`` (the class name without its ``DogEatDog`` prefix), so one
registry maps any stored topic of any game to one class. Every chance step is an event carrying
its result, never a call to a generator ([SETUP-RANDOM], [RNG-STEPS]): a replay rolls nothing.
A field a viewer may not see is blanked by ``domain.dogeatdog.views.event_view``, never dropped:
the seed to :data:`HIDDEN`, the deck's order emptied while its size stays ([SEE-SECRET],
[RNG-PUBLIC]).
"""

from __future__ import annotations

from domain.events.base import DomainEvent
from domain.events.dogeatdog.bribery import (
    BRIBERY_EVENTS,
    DogEatDogBribeAttempted,
    DogEatDogBribeDeclined,
    DogEatDogBribeFailed,
    DogEatDogBriberyEnded,
    DogEatDogBriberyOffered,
    DogEatDogOfficialBribed,
)
from domain.events.dogeatdog.economy import (
    ECONOMY_EVENTS,
    DogEatDogAuctionCalled,
    DogEatDogAuctionWon,
    DogEatDogBidMade,
    DogEatDogBidPassed,
    DogEatDogBonusRoundBegan,
    DogEatDogDiceBidFailed,
    DogEatDogDiceBidOffered,
    DogEatDogDiceBidWon,
    DogEatDogExploitingStopped,
    DogEatDogGoodsSold,
    DogEatDogInsolvent,
    DogEatDogMarkerCollected,
    DogEatDogMarketBought,
    DogEatDogPollutionLapsed,
    DogEatDogPollutionOwed,
    DogEatDogPollutionPlaced,
    DogEatDogPriceRolled,
    DogEatDogProductionStopped,
    DogEatDogProductMade,
    DogEatDogRawExtracted,
    DogEatDogReorganised,
    DogEatDogSaleDeclined,
    DogEatDogSealedBidMade,
    DogEatDogSealedBidsRevealed,
    DogEatDogSellingStopped,
    DogEatDogSquareDegraded,
    DogEatDogSquareReleased,
    DogEatDogStrikeCalled,
    DogEatDogStrikeEnded,
    DogEatDogWagesPaid,
    DogEatDogWentBankrupt,
    DogEatDogWorkersFired,
    DogEatDogWorkersHired,
)
from domain.events.dogeatdog.embezzle import (
    EMBEZZLE_EVENTS,
    PRIVATE_AMOUNT_EVENTS,
    DogEatDogBonusEmbezzleDeclined,
    DogEatDogBonusSalesEnded,
    DogEatDogEmbezzlementDeclared,
    DogEatDogEmbezzlementStopped,
    DogEatDogEmbezzlementSucceeded,
    DogEatDogInvestigationDeclined,
    DogEatDogInvestigationPlayed,
)
from domain.events.dogeatdog.honour import (
    HONOUR_EVENTS,
    PRIVATE_VIOLATION_EVENTS,
    DogEatDogComplianceAnswered,
    DogEatDogComplianceAsked,
    DogEatDogViolationDenounced,
    DogEatDogViolationExpired,
    DogEatDogViolationReported,
)
from domain.events.dogeatdog.laws import (
    LAW_EVENTS,
    DogEatDogInstructionGiven,
    DogEatDogInstructionWithdrawn,
    DogEatDogInvocationDeclined,
    DogEatDogInvocationOffered,
    DogEatDogInvocationResolved,
    DogEatDogLawInvoked,
)
from domain.events.dogeatdog.redtape import (
    REDTAPE_EVENTS,
    DogEatDogCardChoiceMade,
    DogEatDogCardChoiceOffered,
    DogEatDogCardDiscarded,
    DogEatDogCardKept,
    DogEatDogCardSold,
    DogEatDogKickbackOffered,
    DogEatDogKickbackTaken,
    DogEatDogLoanRepaid,
    DogEatDogLoanTaken,
    DogEatDogMarkersRemoved,
    DogEatDogPaidByBank,
    DogEatDogPaidToBank,
    DogEatDogPaidToPlayer,
    DogEatDogRawTaken,
    DogEatDogRedTapeDrawn,
    DogEatDogWorkersGained,
    DogEatDogWorkersLost,
)
from domain.events.dogeatdog.trade import (
    NOTHING,
    TRADE_EVENTS,
    DogEatDogTradeAccepted,
    DogEatDogTradeLapsed,
    DogEatDogTradeProposed,
    DogEatDogTradeRejected,
    DogEatDogTradeSide,
    DogEatDogTradeWithdrawn,
)
from domain.events.dogeatdog.values import (
    HIDDEN,
    BriberyOccasion,
    DogEatDogSettings,
    Good,
    Hidden,
    RollPurpose,
    Saleable,
    ShuffleReason,
    Step,
    StrikeChoice,
)

# -- the lobby ------------------------------------------------------------------------------


class DogEatDogGameOpened(DomainEvent, frozen=True, tag="dogeatdog.GameOpened"):
    """A game was opened for ``seats`` players under these settings and rules ([VAR-*] and
    [OPT-*] are recorded here, section 20). ``seed`` drives every chance step and is secret
    until the end ([SEE-SECRET], [SEE-END])."""

    seats: int
    settings: DogEatDogSettings
    seed: str
    rules_version: str


class DogEatDogSeatTaken(DomainEvent, frozen=True, tag="dogeatdog.SeatTaken"):
    """A player took ``seat``; seats are taken in clockwise order ([SETUP-PLAYERS])."""

    seat: int
    name: str
    bot: str | None = None


class DogEatDogGameStarted(DomainEvent, frozen=True, tag="dogeatdog.GameStarted"):
    """Setup began with ``seats`` players; ``divisions`` are the division cards in the game,
    in ``board.json`` order (Waste Mismanagement only with 5 or 6, [SETUP-WM])."""

    seats: int
    divisions: tuple[str, ...]


# -- setup ----------------------------------------------------------------------------------


class DogEatDogRedTapeShuffled(DomainEvent, frozen=True, tag="dogeatdog.RedTapeShuffled"):
    """The Red Tape deck is now ``cards``, top first ([SETUP-LAW], [REDTAPE-DECK]). Its order is
    seen by nobody until the end; ``size`` is public ([RNG-PUBLIC])."""

    cards: tuple[str, ...]
    size: int
    reason: ShuffleReason


class DogEatDogOfficialLaidOut(DomainEvent, frozen=True, tag="dogeatdog.OfficialLaidOut"):
    """The first Corrupt Official ``card`` turned up from the searched deck, after the Current
    Events ``turned_up`` (seen by all), was laid on the Public Laws sheet ([SETUP-LAW])."""

    card: str
    turned_up: tuple[str, ...] = ()


class DogEatDogOfficialDealt(DomainEvent, frozen=True, tag="dogeatdog.OfficialDealt"):
    """``seat`` was dealt the Corrupt Official ``card`` at random, face up, and owns it
    ([OPT-OLD-BOYS])."""

    seat: int
    card: str


class DogEatDogDiceRolled(DomainEvent, frozen=True, tag="dogeatdog.DiceRolled"):
    """``seat`` rolled ``dice`` (two dice, used as their sum, [COMP-DICE]) for ``purpose``.
    Every roll is public the moment it is made ([RNG-PUBLIC])."""

    seat: int
    dice: tuple[int, int]
    purpose: RollPurpose

    @property
    def total(self) -> int:
        return self.dice[0] + self.dice[1]


class DogEatDogRollOffWon(DomainEvent, frozen=True, tag="dogeatdog.RollOffWon"):
    """``seat`` rolled highest, after any re-rolls of tied highest rolls, in the roll-off for
    ``purpose``: he chooses a division first ([SETUP-DIVISIONS]) or starts
    ([SETUP-START-PLAYER])."""

    seat: int
    purpose: RollPurpose


class DogEatDogDivisionChosen(DomainEvent, frozen=True, tag="dogeatdog.DivisionChosen"):
    """``seat`` took the division card ``division`` ([SETUP-DIVISIONS]); ``by_default`` when
    the rules chose it in his place: the first free card ([TURN-DECISIONS])."""

    seat: int
    division: str
    by_default: bool = False


class DogEatDogKitReceived(DomainEvent, frozen=True, tag="dogeatdog.KitReceived"):
    """``seat`` received his starting kit ([SETUP-KIT]): ``corporate`` $M, ``workers`` from the
    supply, ``goods`` and ``pollution_markers`` from the supply ([DIV-DATA]), control of
    ``square`` (None on a reorganisation, [REORG-RESTART]) and his runner on the track space
    ``runner``. Recorded in full so that a later change of the data files changes no game
    already played."""

    seat: int
    corporate: int
    workers: int
    goods: tuple[tuple[Good, int], ...]
    pollution_markers: int
    square: str | None
    runner: int


# -- the turn -------------------------------------------------------------------------------


class DogEatDogRoundBegan(DomainEvent, frozen=True, tag="dogeatdog.RoundBegan"):
    """Round ``round`` began with the start player's turn ([TURN-ROUND])."""

    round: int


class DogEatDogTurnBegan(DomainEvent, frozen=True, tag="dogeatdog.TurnBegan"):
    """``seat``'s turn began, the ``turn``-th of the game, in round ``round``; all his workers
    are unused again ([TURN-WORKER-JOB])."""

    seat: int
    turn: int
    round: int


class DogEatDogWindowOpened(DomainEvent, frozen=True, tag="dogeatdog.WindowOpened"):
    """An open window of ``seat``'s turn opened ([TURN-WINDOW]): before his first step
    (``after`` None) or after the step ``after``. Players act in it clockwise from ``seat``;
    ``speaker`` is the first of them with something to do (None: ``seat``), the others pass
    without being asked. A window in which nobody has anything but a pass is not opened.
    ``bonus``: the bonus round's window for trades before its products ([END-BONUS-PRODUCE]),
    ``seat`` the first of its order."""

    seat: int
    after: Step | None = None
    speaker: int | None = None
    bonus: bool = False


class DogEatDogWindowPassed(DomainEvent, frozen=True, tag="dogeatdog.WindowPassed"):
    """``seat`` passed in the open window ([TURN-WINDOW]); ``speaker`` is the next player
    clockwise with something to do who has not passed since anyone last acted (None: the
    window closes, or the next seat clockwise)."""

    seat: int
    speaker: int | None = None


class DogEatDogWindowWentOn(DomainEvent, frozen=True, tag="dogeatdog.WindowWentOn"):
    """Someone acted in the open window (not a pass): it goes on with ``speaker``, the first
    player clockwise from him with something to do, everyone asked again ([TURN-WINDOW])."""

    speaker: int


class DogEatDogWindowClosed(DomainEvent, frozen=True, tag="dogeatdog.WindowClosed"):
    """Every player in the game passed one after another: the window closed ([TURN-WINDOW])."""


class DogEatDogStepBegan(DomainEvent, frozen=True, tag="dogeatdog.StepBegan"):
    """``seat`` began the step ``step`` of his turn ([TURN-ORDER], [OPT-LONG-TERM])."""

    seat: int
    step: Step


class DogEatDogStepEnded(DomainEvent, frozen=True, tag="dogeatdog.StepEnded"):
    seat: int
    step: Step


class DogEatDogRunnerMoved(DomainEvent, frozen=True, tag="dogeatdog.RunnerMoved"):
    """``seat``'s runner went clockwise from the track space ``from_space`` to ``to_space``
    ([MOVE-DICE], [BOARD-DIRECTION]); the spaces between were passed ([MOVE-ORDER])."""

    seat: int
    from_space: int
    to_space: int


class DogEatDogTaxPaid(DomainEvent, frozen=True, tag="dogeatdog.TaxPaid"):
    """``seat`` passed or landed on Taxes and paid ``amount`` $M to the bank ([TAX-PASS],
    [MONEY-BANK])."""

    seat: int
    amount: int


class DogEatDogAcquisitionOffered(DomainEvent, frozen=True, tag="dogeatdog.AcquisitionOffered"):
    """``seat`` passed or landed on his home city, the track space ``space``, and may try to
    gain a square nobody controls ([HOME-PASS], [ACQ-TARGET])."""

    seat: int
    space: int


class DogEatDogAcquisitionLetPass(DomainEvent, frozen=True, tag="dogeatdog.AcquisitionLetPass"):
    """``seat`` let the acquisition opportunity at ``space`` pass ([ACQ-TARGET])."""

    seat: int
    space: int


class DogEatDogGenevaReached(DomainEvent, frozen=True, tag="dogeatdog.GenevaReached"):
    """``seat`` landed on Geneva and may move money to his Swiss account ([GENEVA-LAND])."""

    seat: int


class DogEatDogMovedToSwiss(DomainEvent, frozen=True, tag="dogeatdog.MovedToSwiss"):
    """``seat`` moved ``amount`` $M from his corporate to his Swiss account on Geneva
    ([GENEVA-LAND]). The amount is public: it only leaves the public corporate balance
    ([SEE-PRIVATE]); the Swiss balance it adds to is not."""

    seat: int
    amount: int


class DogEatDogTurnEnded(DomainEvent, frozen=True, tag="dogeatdog.TurnEnded"):
    seat: int


class DogEatDogRoundEnded(DomainEvent, frozen=True, tag="dogeatdog.RoundEnded"):
    """Round ``round`` ended: every player in the game had one turn ([TURN-ROUND])."""

    round: int


class DogEatDogGameEnded(DomainEvent, frozen=True, tag="dogeatdog.GameEnded"):
    """The game ended by the rule ``reason`` ([END-SWISS-150], [END-LIMIT], [OPT-SHORT-ROUNDS]);
    who won follows from the accounts, which everyone now sees ([END-WINNER], [SEE-END])."""

    reason: str


EVENT_TYPES: tuple[type[DomainEvent], ...] = (
    DogEatDogGameOpened,
    DogEatDogSeatTaken,
    DogEatDogGameStarted,
    DogEatDogRedTapeShuffled,
    DogEatDogOfficialLaidOut,
    DogEatDogOfficialDealt,
    DogEatDogDiceRolled,
    DogEatDogRollOffWon,
    DogEatDogDivisionChosen,
    DogEatDogKitReceived,
    DogEatDogRoundBegan,
    DogEatDogTurnBegan,
    DogEatDogWindowOpened,
    DogEatDogWindowPassed,
    DogEatDogWindowWentOn,
    DogEatDogWindowClosed,
    DogEatDogStepBegan,
    DogEatDogStepEnded,
    DogEatDogRunnerMoved,
    DogEatDogTaxPaid,
    DogEatDogAcquisitionOffered,
    DogEatDogAcquisitionLetPass,
    DogEatDogGenevaReached,
    DogEatDogMovedToSwiss,
    DogEatDogTurnEnded,
    DogEatDogRoundEnded,
    DogEatDogGameEnded,
    *ECONOMY_EVENTS,
    *REDTAPE_EVENTS,
    *BRIBERY_EVENTS,
    *EMBEZZLE_EVENTS,
    *HONOUR_EVENTS,
    *LAW_EVENTS,
    *TRADE_EVENTS,
)

#: The events that may carry something a viewer may not see.
HIDDEN_EVENTS: tuple[type[DomainEvent], ...] = (
    DogEatDogGameOpened,
    DogEatDogRedTapeShuffled,
    *PRIVATE_AMOUNT_EVENTS,
    DogEatDogSealedBidMade,
    *PRIVATE_VIOLATION_EVENTS,
)

__all__ = [
    "EVENT_TYPES",
    "HIDDEN",
    "HIDDEN_EVENTS",
    "NOTHING",
    "PRIVATE_AMOUNT_EVENTS",
    "PRIVATE_VIOLATION_EVENTS",
    "TRADE_EVENTS",
    "BriberyOccasion",
    "DogEatDogAcquisitionLetPass",
    "DogEatDogAcquisitionOffered",
    "DogEatDogAuctionCalled",
    "DogEatDogAuctionWon",
    "DogEatDogBidMade",
    "DogEatDogBidPassed",
    "DogEatDogBonusEmbezzleDeclined",
    "DogEatDogBonusRoundBegan",
    "DogEatDogBonusSalesEnded",
    "DogEatDogBribeAttempted",
    "DogEatDogBribeDeclined",
    "DogEatDogBribeFailed",
    "DogEatDogBriberyEnded",
    "DogEatDogBriberyOffered",
    "DogEatDogCardChoiceMade",
    "DogEatDogCardChoiceOffered",
    "DogEatDogCardDiscarded",
    "DogEatDogCardKept",
    "DogEatDogCardSold",
    "DogEatDogComplianceAnswered",
    "DogEatDogComplianceAsked",
    "DogEatDogDiceBidFailed",
    "DogEatDogDiceBidOffered",
    "DogEatDogDiceBidWon",
    "DogEatDogDiceRolled",
    "DogEatDogDivisionChosen",
    "DogEatDogEmbezzlementDeclared",
    "DogEatDogEmbezzlementStopped",
    "DogEatDogEmbezzlementSucceeded",
    "DogEatDogExploitingStopped",
    "DogEatDogGameEnded",
    "DogEatDogGameOpened",
    "DogEatDogGameStarted",
    "DogEatDogGenevaReached",
    "DogEatDogGoodsSold",
    "DogEatDogInsolvent",
    "DogEatDogInstructionGiven",
    "DogEatDogInstructionWithdrawn",
    "DogEatDogInvestigationDeclined",
    "DogEatDogInvestigationPlayed",
    "DogEatDogInvocationDeclined",
    "DogEatDogInvocationOffered",
    "DogEatDogInvocationResolved",
    "DogEatDogKickbackOffered",
    "DogEatDogKickbackTaken",
    "DogEatDogKitReceived",
    "DogEatDogLawInvoked",
    "DogEatDogLoanRepaid",
    "DogEatDogLoanTaken",
    "DogEatDogMarkerCollected",
    "DogEatDogMarkersRemoved",
    "DogEatDogMarketBought",
    "DogEatDogMovedToSwiss",
    "DogEatDogOfficialBribed",
    "DogEatDogOfficialDealt",
    "DogEatDogOfficialLaidOut",
    "DogEatDogPaidByBank",
    "DogEatDogPaidToBank",
    "DogEatDogPaidToPlayer",
    "DogEatDogPollutionLapsed",
    "DogEatDogPollutionOwed",
    "DogEatDogPollutionPlaced",
    "DogEatDogPriceRolled",
    "DogEatDogProductMade",
    "DogEatDogProductionStopped",
    "DogEatDogRawExtracted",
    "DogEatDogRawTaken",
    "DogEatDogRedTapeDrawn",
    "DogEatDogRedTapeShuffled",
    "DogEatDogReorganised",
    "DogEatDogRollOffWon",
    "DogEatDogRoundBegan",
    "DogEatDogRoundEnded",
    "DogEatDogRunnerMoved",
    "DogEatDogSaleDeclined",
    "DogEatDogSealedBidMade",
    "DogEatDogSealedBidsRevealed",
    "DogEatDogSeatTaken",
    "DogEatDogSellingStopped",
    "DogEatDogSettings",
    "DogEatDogSquareDegraded",
    "DogEatDogSquareReleased",
    "DogEatDogStepBegan",
    "DogEatDogStepEnded",
    "DogEatDogStrikeCalled",
    "DogEatDogStrikeEnded",
    "DogEatDogTaxPaid",
    "DogEatDogTradeAccepted",
    "DogEatDogTradeLapsed",
    "DogEatDogTradeProposed",
    "DogEatDogTradeRejected",
    "DogEatDogTradeSide",
    "DogEatDogTradeWithdrawn",
    "DogEatDogTurnBegan",
    "DogEatDogTurnEnded",
    "DogEatDogViolationDenounced",
    "DogEatDogViolationExpired",
    "DogEatDogViolationReported",
    "DogEatDogWagesPaid",
    "DogEatDogWentBankrupt",
    "DogEatDogWindowClosed",
    "DogEatDogWindowOpened",
    "DogEatDogWindowPassed",
    "DogEatDogWindowWentOn",
    "DogEatDogWorkersFired",
    "DogEatDogWorkersGained",
    "DogEatDogWorkersHired",
    "DogEatDogWorkersLost",
    "Good",
    "Hidden",
    "RollPurpose",
    "Saleable",
    "ShuffleReason",
    "Step",
    "StrikeChoice",
]
