"""What a seat is asked in Dog Eat Dog, and what it may send back ([TURN-DECISIONS]).

No decision of the default game is simultaneous: one seat is asked at a time; only the sealed
bids of [VAR-AUCTION-SEALED] are asked of all bidders at once. Each action is a
tagged struct (``"kind"``); ``legal_actions`` lists ready-made ones, which go straight back to
``act``. The classes carry the game's prefix in their names, as its events do, so that none
shares its name with another game's on the wire.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

from domain.dogeatdog.catalog import Raw
from domain.dogeatdog.naming import prefix
from domain.events.dogeatdog.trade import NOTHING, DogEatDogTradeSide
from domain.events.dogeatdog.values import Good, Saleable, StrikeChoice
from domain.offers import ANSWER, AnswerOffer, WithdrawOffer


class DogEatDogAction(
    msgspec.Struct, frozen=True, kw_only=True, tag_field="kind", forbid_unknown_fields=True
):
    pass


class DogEatDogChooseDivision(DogEatDogAction, frozen=True, tag="choose_division"):
    """Take the free division card ``division`` ([SETUP-DIVISIONS])."""

    division: str


class DogEatDogPass(DogEatDogAction, frozen=True, tag="pass"):
    """Pass in the open window ([TURN-WINDOW])."""


class DogEatDogLetPass(DogEatDogAction, frozen=True, tag="let_pass"):
    """Let the acquisition opportunity pass ([ACQ-TARGET], [HOME-PASS])."""


class DogEatDogMoveToSwiss(DogEatDogAction, frozen=True, tag="move_to_swiss"):
    """On Geneva: move ``amount`` $M (0 up to the whole corporate account) to the Swiss account
    ([GENEVA-LAND])."""

    amount: int


class DogEatDogOpenAuction(DogEatDogAction, frozen=True, tag="open_auction"):
    """Auction ``square``, nobody's, to all; his opening bid follows ([AUCTION-OPEN])."""

    square: str


class DogEatDogDiceBid(DogEatDogAction, frozen=True, tag="dice_bid"):
    """Offer ``offer`` $M (2 to 10) for ``square`` and roll; pay it only if the roll is at most
    the offer ([BID-SEALED])."""

    square: str
    offer: int


class DogEatDogBid(DogEatDogAction, frozen=True, tag="bid"):
    """Bid ``amount`` $M in the auction: at least $1M more than the highest bid, no more than
    the corporate account ([AUCTION-OPEN], [AUCTION-FUNDS])."""

    amount: int


class DogEatDogSealedBid(DogEatDogAction, frozen=True, tag="sealed_bid"):
    """With [VAR-AUCTION-SEALED]: one secret bid of ``amount`` $M (0: none; the opener at
    least $1M), no more than the corporate account less a public fee ([AUCTION-FUNDS])."""

    amount: int


class DogEatDogPassBid(DogEatDogAction, frozen=True, tag="pass_bid"):
    """Pass, and be out of this auction ([AUCTION-OPEN])."""


class DogEatDogRelease(DogEatDogAction, frozen=True, tag="release"):
    """Give up control of ``square``, one of three ([ACQ-LIMIT-2])."""

    square: str


class DogEatDogEndStrike(DogEatDogAction, frozen=True, tag="end_strike"):
    """SETTLE or WALKOUT on the Strike space ([SPACE-STRIKE])."""

    choice: StrikeChoice


class DogEatDogPrice(DogEatDogAction, frozen=True, tag="price"):
    """Roll a price for ``good``, a type he holds not yet priced this turn ([SELL-ROLL])."""

    good: Saleable


class DogEatDogStopSelling(DogEatDogAction, frozen=True, tag="stop_selling"):
    """Price no further type this turn ([SELL-ROLL])."""


class DogEatDogSell(DogEatDogAction, frozen=True, tag="sell"):
    """Sell ``count`` units (0: none) of the type just priced ([SELL-ALL])."""

    count: int


class DogEatDogHire(DogEatDogAction, frozen=True, tag="hire"):
    """Hire ``count`` workers from the supply ([HIRE-COST])."""

    count: int


class DogEatDogFire(DogEatDogAction, frozen=True, tag="fire"):
    """Fire ``count`` workers back to the supply ([FIRE-FREE])."""

    count: int


class DogEatDogKeepStaff(DogEatDogAction, frozen=True, tag="keep_staff"):
    """Neither hire nor fire this turn."""


class DogEatDogMake(DogEatDogAction, frozen=True, tag="make"):
    """Have an unused worker make ``product`` by his division's recipe; ``raw`` is the raw
    material of Waste Mismanagement's "any one raw material" ([PRODUCE-RECIPE])."""

    product: Good
    raw: Raw | None = None


class DogEatDogStopProducing(DogEatDogAction, frozen=True, tag="stop_producing"):
    """Make nothing more now."""


class DogEatDogPlaceMarker(DogEatDogAction, frozen=True, tag="place_marker"):
    """Place the next pollution marker on ``square``, one of the eligible squares that have
    received the fewest so far ([POLLUTE-EVEN])."""

    square: str


class DogEatDogExtract(DogEatDogAction, frozen=True, tag="extract"):
    """Have an unused worker extract ``raw`` from ``square`` ([EXPLOIT-ICONS])."""

    square: str
    raw: Raw


class DogEatDogCollect(DogEatDogAction, frozen=True, tag="collect"):
    """Have an unused worker collect a pollution marker from ``square`` ([EXPLOIT-WM])."""

    square: str


class DogEatDogBuy(DogEatDogAction, frozen=True, tag="buy"):
    """Buy one ``good`` from the Marketplace ([BUY-MARKET], [BUY-WM-POLLUTION])."""

    good: Saleable


class DogEatDogStopExploiting(DogEatDogAction, frozen=True, tag="stop_exploiting"):
    """Extract, collect and buy nothing more this turn."""


class DogEatDogChooseCard(DogEatDogAction, frozen=True, tag="choose_card"):
    """The choice a Current Event asks of its drawer ([REDTAPE-CE]): the goods sold or the raw
    material taken, the squares polluted or cleaned; empty: its "may" part unused."""

    choice: tuple[str, ...] = ()


class DogEatDogBribe(DogEatDogAction, frozen=True, tag="bribe"):
    """Offer ``offer`` $M (2 to 10, at most the corporate account) for the official ``card``,
    paid to the bank whatever happens, and roll: at most the offer wins it ([BRIBE-ATTEMPT])."""

    card: str
    offer: int


class DogEatDogDeclineBribe(DogEatDogAction, frozen=True, tag="decline_bribe"):
    """Make no attempt ([BRIBE-FRESH], [BRIBE-CHAIN])."""


class DogEatDogEmbezzle(DogEatDogAction, frozen=True, tag="embezzle"):
    """In an open window, once a round: commit ``amount`` $M (1 up to half the corporate
    account, rounded down) secretly to the Swiss account ([EMBEZZLE-ONCE], [EMBEZZLE-AMOUNT])."""

    amount: int


class DogEatDogInvestigate(DogEatDogAction, frozen=True, tag="investigate"):
    """Play an Internal Investigation held, to stop the embezzlement declared
    ([EMBEZZLE-DECLARE])."""


class DogEatDogLetEmbezzle(DogEatDogAction, frozen=True, tag="let_embezzle"):
    """Play no Internal Investigation against the embezzlement declared."""


class DogEatDogInvoke(DogEatDogAction, frozen=True, tag="invoke"):
    """Invoke the law of one's official asked about against its target ([LAW-OWNED]);
    ``standing``: and leave the standing instruction to invoke it against him every time."""

    standing: bool = False


class DogEatDogDeclineInvoke(DogEatDogAction, frozen=True, tag="decline_invoke"):
    """Do not invoke it now; ``standing``: and leave the standing instruction never to invoke
    it against him."""

    standing: bool = False


class DogEatDogWithdrawInstruction(DogEatDogAction, frozen=True, tag="withdraw_instruction"):
    """In an open window, withdraw one's standing instruction about the law of ``card`` and
    ``target``: he is asked again ([LAW-OWNED])."""

    card: str
    target: int


class DogEatDogComply(DogEatDogAction, frozen=True, tag="comply"):
    """Pay or place what the law or the pollution duty says ([HONOUR-BREACH])."""


class DogEatDogBreach(DogEatDogAction, frozen=True, tag="breach"):
    """Pay the rate without the law, or place only ``placed`` of the markers owed
    ([HONOUR-BREACH])."""

    placed: int = 0


class DogEatDogDenounce(DogEatDogAction, frozen=True, tag="denounce"):
    """In an open window, denounce ``violator``'s breach of ``rule`` (a law's card or
    ``PRODUCE-POLLUTE``) in turn ``turn`` ([HONOUR-DENOUNCE])."""

    violator: int
    rule: str
    turn: int


class DogEatDogSelfReport(DogEatDogAction, frozen=True, tag="self_report"):
    """In an open window, report one's own breach of ``rule`` in turn ``turn``
    ([HONOUR-SELF-REPORT])."""

    rule: str
    turn: int


class DogEatDogGoBankrupt(DogEatDogAction, frozen=True, tag="go_bankrupt"):
    """Leave the game ([BANKRUPT-OUT])."""


class DogEatDogReorganise(DogEatDogAction, frozen=True, tag="reorganise"):
    """Give up the division and start again next turn ([REORG-CLEAR])."""


class DogEatDogProposeTrade(DogEatDogAction, frozen=True, tag="propose_trade"):
    """In an open window (or, as a counter-offer, when asked to answer one), offer seat ``to``
    what ``gives`` holds for what ``asks`` holds, with a ``note`` that binds nobody
    ([TRADE-PROPOSE], [TRADE-COUNT], [TRADE-PROMISE])."""

    to: int
    gives: DogEatDogTradeSide = NOTHING
    asks: DogEatDogTradeSide = NOTHING
    note: str = ""


ACTION_TYPE = (
    DogEatDogChooseDivision
    | DogEatDogPass
    | DogEatDogLetPass
    | DogEatDogMoveToSwiss
    | DogEatDogOpenAuction
    | DogEatDogDiceBid
    | DogEatDogBid
    | DogEatDogPassBid
    | DogEatDogSealedBid
    | DogEatDogRelease
    | DogEatDogEndStrike
    | DogEatDogPrice
    | DogEatDogStopSelling
    | DogEatDogSell
    | DogEatDogHire
    | DogEatDogFire
    | DogEatDogKeepStaff
    | DogEatDogMake
    | DogEatDogStopProducing
    | DogEatDogPlaceMarker
    | DogEatDogExtract
    | DogEatDogCollect
    | DogEatDogBuy
    | DogEatDogStopExploiting
    | DogEatDogChooseCard
    | DogEatDogBribe
    | DogEatDogDeclineBribe
    | DogEatDogEmbezzle
    | DogEatDogInvestigate
    | DogEatDogLetEmbezzle
    | DogEatDogInvoke
    | DogEatDogDeclineInvoke
    | DogEatDogWithdrawInstruction
    | DogEatDogComply
    | DogEatDogBreach
    | DogEatDogDenounce
    | DogEatDogSelfReport
    | DogEatDogGoBankrupt
    | DogEatDogReorganise
    | DogEatDogProposeTrade
    | AnswerOffer
    | WithdrawOffer
)
#: What a seat may send: the game's actions and the kernel's answer to and withdrawal of an
#: offer (docs/OFFERS.md).
DogEatDogMove = DogEatDogAction | AnswerOffer | WithdrawOffer


class DecisionKind(StrEnum):
    """The rows of [TURN-DECISIONS] built so far."""

    DIVISION = "division"  # division choice ([SETUP-DIVISIONS], [REORG-RESTART])
    WINDOW = "window"  # free actions in an open window ([TURN-WINDOW])
    ACQUISITION = "acquisition"  # on passing or landing on one's home city ([HOME-PASS])
    BID = "bid"  # an auction bid ([AUCTION-OPEN])
    SEALED_BID = "sealed_bid"  # simultaneous, with [VAR-AUCTION-SEALED]
    RELEASE = "release"  # release a square ([ACQ-LIMIT-2])
    GENEVA = "geneva"  # the amount moved on Geneva ([GENEVA-LAND])
    STRIKE = "strike"  # [SPACE-STRIKE]
    PRICE = "price"  # price a type ([SELL-ROLL])
    SELL = "sell"  # sell units of it ([SELL-ALL])
    STAFF = "staff"  # hire or fire ([HIRE-COST], [FIRE-FREE])
    PRODUCE = "produce"  # [PRODUCE-WORKER], [END-BONUS-PRODUCE]
    POLLUTE = "pollute"  # a marker's square among ties ([POLLUTE-EVEN])
    EXPLOIT = "exploit"  # exploit and buy ([EXPLOIT-ICONS], [BUY-MARKET])
    INSOLVENCY = "insolvency"  # bankruptcy or reorganisation ([INSOLVENT-LATER])
    CARD = "card"  # a Current Event's choice ([REDTAPE-CE])
    BRIBE = "bribe"  # an attempt at an official offered ([BRIBE-ATTEMPT])
    INVESTIGATION = "investigation"  # stop an embezzlement or not ([EMBEZZLE-DECLARE])
    EMBEZZLE = "embezzle"  # the bonus round's part 3 ([END-BONUS-EMBEZZLE])
    INVOKE = "invoke"  # invoke an owned law or not ([LAW-OWNED])
    COMPLY = "comply"  # comply or breach ([VAR-HONOUR], [HONOUR-BREACH])
    KICKBACK = "kickback"  # money received from players to the Swiss account ([VAR-KICKBACK])
    ANSWER = ANSWER  # answer a trade proposal, or counter it ([TRADE-ANSWER], [TRADE-COUNT])


class DogEatDogDecision(msgspec.Struct, frozen=True, kw_only=True):
    """``seat`` must decide ``kind``."""

    seat: int
    kind: DecisionKind


#: The actions each decision accepts.
ACCEPTS: dict[DecisionKind, tuple[type[DogEatDogMove], ...]] = {
    DecisionKind.DIVISION: (DogEatDogChooseDivision,),
    DecisionKind.WINDOW: (
        DogEatDogPass,
        DogEatDogEmbezzle,
        DogEatDogWithdrawInstruction,
        DogEatDogDenounce,
        DogEatDogSelfReport,
        DogEatDogProposeTrade,
    ),
    DecisionKind.ACQUISITION: (DogEatDogLetPass, DogEatDogOpenAuction, DogEatDogDiceBid),
    DecisionKind.BID: (DogEatDogBid, DogEatDogPassBid),
    DecisionKind.SEALED_BID: (DogEatDogSealedBid,),
    DecisionKind.RELEASE: (DogEatDogRelease,),
    DecisionKind.GENEVA: (DogEatDogMoveToSwiss,),
    DecisionKind.STRIKE: (DogEatDogEndStrike,),
    DecisionKind.PRICE: (DogEatDogPrice, DogEatDogStopSelling),
    DecisionKind.SELL: (DogEatDogSell,),
    DecisionKind.STAFF: (DogEatDogHire, DogEatDogFire, DogEatDogKeepStaff),
    DecisionKind.PRODUCE: (DogEatDogMake, DogEatDogStopProducing),
    DecisionKind.POLLUTE: (DogEatDogPlaceMarker,),
    DecisionKind.EXPLOIT: (
        DogEatDogExtract,
        DogEatDogCollect,
        DogEatDogBuy,
        DogEatDogStopExploiting,
    ),
    DecisionKind.INSOLVENCY: (DogEatDogGoBankrupt, DogEatDogReorganise),
    DecisionKind.CARD: (DogEatDogChooseCard,),
    DecisionKind.BRIBE: (DogEatDogBribe, DogEatDogDeclineBribe),
    DecisionKind.INVESTIGATION: (DogEatDogInvestigate, DogEatDogLetEmbezzle),
    DecisionKind.EMBEZZLE: (DogEatDogEmbezzle, DogEatDogPass),
    DecisionKind.INVOKE: (DogEatDogInvoke, DogEatDogDeclineInvoke),
    DecisionKind.KICKBACK: (DogEatDogMoveToSwiss,),
    DecisionKind.COMPLY: (DogEatDogComply, DogEatDogBreach),
    DecisionKind.ANSWER: (AnswerOffer, DogEatDogProposeTrade),
}

#: The rule that governs each decision: a refusal of an action it does not accept names it.
RULE_OF: dict[DecisionKind, str] = {
    DecisionKind.DIVISION: "SETUP-DIVISIONS",
    DecisionKind.WINDOW: "TURN-WINDOW",
    DecisionKind.ACQUISITION: "ACQ-TARGET",
    DecisionKind.BID: "AUCTION-OPEN",
    DecisionKind.SEALED_BID: "VAR-AUCTION-SEALED",
    DecisionKind.RELEASE: "ACQ-LIMIT-2",
    DecisionKind.GENEVA: "GENEVA-LAND",
    DecisionKind.STRIKE: "SPACE-STRIKE",
    DecisionKind.PRICE: "SELL-ROLL",
    DecisionKind.SELL: "SELL-ALL",
    DecisionKind.STAFF: "HIRE-COST",
    DecisionKind.PRODUCE: "PRODUCE-WORKER",
    DecisionKind.POLLUTE: "POLLUTE-EVEN",
    DecisionKind.EXPLOIT: "EXPLOIT-ICONS",
    DecisionKind.INSOLVENCY: "INSOLVENT-LATER",
    DecisionKind.CARD: "REDTAPE-CE",
    DecisionKind.BRIBE: "BRIBE-ATTEMPT",
    DecisionKind.INVESTIGATION: "EMBEZZLE-DECLARE",
    DecisionKind.EMBEZZLE: "END-BONUS-EMBEZZLE",
    DecisionKind.INVOKE: "LAW-OWNED",
    DecisionKind.KICKBACK: "VAR-KICKBACK",
    DecisionKind.COMPLY: "HONOUR-BREACH",
    DecisionKind.ANSWER: "TRADE-ANSWER",
}


# The wire's names are prefixed: DogEatDogDecisionKind (domain/dogeatdog/naming.py).
prefix(DecisionKind)
