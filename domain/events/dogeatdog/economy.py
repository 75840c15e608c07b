"""The facts of Dog Eat Dog's economy: the spaces that change a turn's rates (Strike), acquiring
squares (auction, dice bid, release), the steps after the move (sell, payroll, hire or fire,
produce and pollute, exploit and buy), insolvency, and the bonus round that ends a game.

Every amount paid or received is in the event ([MONEY-BANK]): ``evolve`` never computes a price,
a wage or a fee, so a later change of the data files changes no game already played. Every roll
comes before the event that uses it, as its own ``DiceRolled`` ([RNG-STEPS]).
"""

from __future__ import annotations

from domain.events.base import DomainEvent
from domain.events.dogeatdog.values import Good, Hidden, Saleable, StrikeChoice

# -- spaces ---------------------------------------------------------------------------------


class DogEatDogStrikeCalled(DomainEvent, frozen=True, tag="dogeatdog.StrikeCalled"):
    """``seat`` landed on Strike, the track space ``space``, and chooses how it ends
    ([SPACE-STRIKE])."""

    seat: int
    space: int


class DogEatDogStrikeEnded(DomainEvent, frozen=True, tag="dogeatdog.StrikeEnded"):
    """``seat`` chose ``choice`` for this turn ([SPACE-STRIKE])."""

    seat: int
    choice: StrikeChoice


# -- acquiring squares ----------------------------------------------------------------------


class DogEatDogAuctionCalled(DomainEvent, frozen=True, tag="dogeatdog.AuctionCalled"):
    """``seat`` auctions ``square`` to every player who may bid, ``bidders`` clockwise from
    him, and opens the bidding next ([AUCTION-OPEN], [AUCTION-ELIGIBLE])."""

    seat: int
    square: str
    bidders: tuple[int, ...]


class DogEatDogBidMade(DomainEvent, frozen=True, tag="dogeatdog.BidMade"):
    """``seat`` bid ``amount`` $M for the square auctioned ([AUCTION-OPEN])."""

    seat: int
    amount: int


class DogEatDogBidPassed(DomainEvent, frozen=True, tag="dogeatdog.BidPassed"):
    """``seat`` passed and is out of this auction; ``could_not_raise`` when his corporate
    account cannot beat the highest bid, so the rules passed for him ([AUCTION-FUNDS])."""

    seat: int
    could_not_raise: bool = False


class DogEatDogAuctionWon(DomainEvent, frozen=True, tag="dogeatdog.AuctionWon"):
    """Everyone else passed: ``seat`` paid ``amount`` $M to the bank and controls ``square``
    ([AUCTION-WIN]); ``fee`` $M more to the bank by a public Land Transfer Fee ([LAW-PUBLIC])."""

    seat: int
    square: str
    amount: int
    fee: int = 0


class DogEatDogSealedBidMade(DomainEvent, frozen=True, tag="dogeatdog.SealedBidMade"):
    """With [VAR-AUCTION-SEALED]: ``seat`` committed his sealed bid of ``amount`` $M (0: no
    bid), private to him until all are in (``"?"`` for the others, [SEE-PRIVATE]);
    ``public``: with [VAR-OPEN-INFO]."""

    seat: int
    amount: int | Hidden
    public: bool = False


class DogEatDogSealedBidsRevealed(DomainEvent, frozen=True, tag="dogeatdog.SealedBidsRevealed"):
    """Every sealed bid is in and shown to all: ``bids`` as (seat, amount), clockwise from the
    opener ([VAR-AUCTION-SEALED])."""

    bids: tuple[tuple[int, int], ...]


class DogEatDogDiceBidOffered(DomainEvent, frozen=True, tag="dogeatdog.DiceBidOffered"):
    """``seat`` offers ``offer`` $M for ``square``, committed before his roll ([BID-SEALED],
    [RNG-COMMIT-FIRST])."""

    seat: int
    square: str
    offer: int


class DogEatDogDiceBidWon(DomainEvent, frozen=True, tag="dogeatdog.DiceBidWon"):
    """The roll was at most the offer: ``seat`` paid ``amount`` $M and controls ``square``
    ([BID-SEALED]); ``fee`` $M more by a public Land Transfer Fee ([LAW-PUBLIC])."""

    seat: int
    square: str
    amount: int
    fee: int = 0


class DogEatDogDiceBidFailed(DomainEvent, frozen=True, tag="dogeatdog.DiceBidFailed"):
    """The roll beat the offer: ``seat`` pays nothing and gains nothing ([BID-SEALED])."""

    seat: int
    square: str


class DogEatDogSquareReleased(DomainEvent, frozen=True, tag="dogeatdog.SquareReleased"):
    """``seat`` gave up control of ``square``, keeping two ([ACQ-LIMIT-2]); it keeps its stage
    and markers."""

    seat: int
    square: str


# -- sell -----------------------------------------------------------------------------------


class DogEatDogPriceRolled(DomainEvent, frozen=True, tag="dogeatdog.PriceRolled"):
    """``seat`` priced ``good`` at ``price`` $M a unit for this turn (or the bonus round), from
    the roll before ([SELL-ROLL], [END-BONUS-SELL]); ``sellers`` are its holders, clockwise
    from him, who may (or in the bonus round must) sell now ([SELL-ALL])."""

    seat: int
    good: Saleable
    price: int
    sellers: tuple[int, ...]


class DogEatDogGoodsSold(DomainEvent, frozen=True, tag="dogeatdog.GoodsSold"):
    """``seat`` sold ``count`` units of ``good`` to the bank for ``amount`` $M; raw materials
    and pollution markers go to the Marketplace, products to the supply ([SELL-DEST]); ``fee``
    $M of it went back to the bank by a public Excise Tax ([LAW-PUBLIC], [SELL-ALL])."""

    seat: int
    good: Saleable
    count: int
    amount: int
    fee: int = 0


class DogEatDogSaleDeclined(DomainEvent, frozen=True, tag="dogeatdog.SaleDeclined"):
    """``seat`` sold none of the type just priced ([SELL-ALL])."""

    seat: int


class DogEatDogSellingStopped(DomainEvent, frozen=True, tag="dogeatdog.SellingStopped"):
    """``seat`` prices no further type this turn ([SELL-ROLL])."""

    seat: int


# -- payroll, hiring, insolvency ------------------------------------------------------------


class DogEatDogWagesPaid(DomainEvent, frozen=True, tag="dogeatdog.WagesPaid"):
    """``seat`` paid ``amount`` $M in wages to the bank ([PAY-WAGES])."""

    seat: int
    amount: int


class DogEatDogWorkersHired(DomainEvent, frozen=True, tag="dogeatdog.WorkersHired"):
    """``seat`` hired ``count`` workers from the supply for ``amount`` $M ([HIRE-COST])."""

    seat: int
    count: int
    amount: int


class DogEatDogWorkersFired(DomainEvent, frozen=True, tag="dogeatdog.WorkersFired"):
    """``seat`` fired ``count`` workers back to the supply, paying ``amount`` $M: nothing
    unless a law says so ([FIRE-FREE], [LAW-COMPOSE])."""

    seat: int
    count: int
    amount: int = 0


class DogEatDogInsolvent(DomainEvent, frozen=True, tag="dogeatdog.Insolvent"):
    """``seat`` could not make a mandatory payment: he paid ``paid`` $M, all he had, the other
    ``waived`` $M are waived, his turn ends, and he chooses bankruptcy or reorganisation
    ([INSOLVENT-LATER], [PAY-SHORT])."""

    seat: int
    paid: int
    waived: int


class DogEatDogWentBankrupt(DomainEvent, frozen=True, tag="dogeatdog.WentBankrupt"):
    """``seat`` left the game: his money to the bank, his goods, markers and workers to the
    supply, his squares uncontrolled, his Current Events discarded, his officials public laws,
    his runner off the board ([BANKRUPT-OUT])."""

    seat: int


class DogEatDogReorganised(DomainEvent, frozen=True, tag="dogeatdog.Reorganised"):
    """``seat`` gave up his division card and was cleared as in a bankruptcy, but stays in the
    game with his Swiss account; he takes a new division at the start of his next turn
    ([REORG-CLEAR], [REORG-RESTART])."""

    seat: int


# -- produce and pollute --------------------------------------------------------------------


class DogEatDogProductMade(DomainEvent, frozen=True, tag="dogeatdog.ProductMade"):
    """``seat`` had an unused worker make ``product`` from ``inputs`` (returned to the supply)
    and ``pollution`` of his pollution markers ([PRODUCE-WORKER], [PRODUCE-RECIPE])."""

    seat: int
    product: Good
    inputs: tuple[Good, ...]
    pollution: int = 0


class DogEatDogProductionStopped(DomainEvent, frozen=True, tag="dogeatdog.ProductionStopped"):
    """``seat`` makes nothing more this step (or this bonus round)."""

    seat: int


class DogEatDogPollutionOwed(DomainEvent, frozen=True, tag="dogeatdog.PollutionOwed"):
    """``seat`` made products this step and must place ``count`` pollution markers
    ([PRODUCE-POLLUTE])."""

    seat: int
    count: int


class DogEatDogPollutionPlaced(DomainEvent, frozen=True, tag="dogeatdog.PollutionPlaced"):
    """One marker from the supply went on ``square`` ([POLLUTE-ELIGIBLE], [POLLUTE-EVEN])."""

    seat: int
    square: str


class DogEatDogPollutionLapsed(DomainEvent, frozen=True, tag="dogeatdog.PollutionLapsed"):
    """``count`` markers owed could not be placed (no eligible square, or none left in the
    supply): the obligation lapsed ([POLLUTE-NONE])."""

    seat: int
    count: int


class DogEatDogSquareDegraded(DomainEvent, frozen=True, tag="dogeatdog.SquareDegraded"):
    """``square`` went to ``stage`` and its markers went back to the supply ([POLLUTE-DEGRADE],
    [EXPLOIT-DEGRADE]); an edge square at stage 3 is urban fringe ([DEGRADE-FRINGE])."""

    square: str
    stage: int


# -- exploit and buy ------------------------------------------------------------------------


class DogEatDogRawExtracted(DomainEvent, frozen=True, tag="dogeatdog.RawExtracted"):
    """An unused worker of ``seat`` extracted one ``raw`` from ``square`` ([EXPLOIT-ICONS]),
    paying ``fee`` $M first by a public Extraction Permit Act ([LAW-PUBLIC])."""

    seat: int
    square: str
    raw: Good
    fee: int = 0


class DogEatDogMarkerCollected(DomainEvent, frozen=True, tag="dogeatdog.MarkerCollected"):
    """An unused worker of ``seat`` (Waste Mismanagement) collected a pollution marker from
    ``square`` ([EXPLOIT-WM])."""

    seat: int
    square: str


class DogEatDogMarketBought(DomainEvent, frozen=True, tag="dogeatdog.MarketBought"):
    """``seat`` bought one ``good`` from the Marketplace for ``amount`` $M ([BUY-MARKET],
    [BUY-WM-POLLUTION])."""

    seat: int
    good: Saleable
    amount: int


class DogEatDogExploitingStopped(DomainEvent, frozen=True, tag="dogeatdog.ExploitingStopped"):
    """``seat`` extracts, collects and buys nothing more this turn."""

    seat: int


# -- the end --------------------------------------------------------------------------------


class DogEatDogBonusRoundBegan(DomainEvent, frozen=True, tag="dogeatdog.BonusRoundBegan"):
    """The bonus round began because of ``reason`` ([END-STAGE3], [END-STALL], [END-LIMIT]);
    ``order`` is the players' order in each of its parts ([END-BONUS-PRODUCE])."""

    reason: str
    order: tuple[int, ...]


ECONOMY_EVENTS: tuple[type[DomainEvent], ...] = (
    DogEatDogStrikeCalled,
    DogEatDogStrikeEnded,
    DogEatDogAuctionCalled,
    DogEatDogBidMade,
    DogEatDogBidPassed,
    DogEatDogAuctionWon,
    DogEatDogSealedBidMade,
    DogEatDogSealedBidsRevealed,
    DogEatDogDiceBidOffered,
    DogEatDogDiceBidWon,
    DogEatDogDiceBidFailed,
    DogEatDogSquareReleased,
    DogEatDogPriceRolled,
    DogEatDogGoodsSold,
    DogEatDogSaleDeclined,
    DogEatDogSellingStopped,
    DogEatDogWagesPaid,
    DogEatDogWorkersHired,
    DogEatDogWorkersFired,
    DogEatDogInsolvent,
    DogEatDogWentBankrupt,
    DogEatDogReorganised,
    DogEatDogProductMade,
    DogEatDogProductionStopped,
    DogEatDogPollutionOwed,
    DogEatDogPollutionPlaced,
    DogEatDogPollutionLapsed,
    DogEatDogSquareDegraded,
    DogEatDogRawExtracted,
    DogEatDogMarkerCollected,
    DogEatDogMarketBought,
    DogEatDogExploitingStopped,
    DogEatDogBonusRoundBegan,
)
