"""A heuristic computer player of Dog Eat Dog that plays to win — $150M in its Swiss account
([END-SWISS-150]) — and decides only from what its seat may see: its view, as the API serves it
(its own Swiss balance, never another's, [SEE-PRIVATE]), and its legal actions.

How it plays (the balance simulation of REVIEW.md found embezzling early and often the way to
the target, and production the way to the money embezzled):

* **Money to Switzerland.** In every window it may, it embezzles half its corporate account,
  keeping a reserve for wages and hiring ([EMBEZZLE-AMOUNT]): a stopped embezzlement costs
  only the round's chance ([EMBEZZLE-DECLARE]), so it tries even when a rival holds an
  Internal Investigation, unless the amount is too small to be worth the rival's card. On
  Geneva and with a kickback it moves everything above the reserve ([GENEVA-LAND]).
* **Squares early.** While it holds fewer than two it acquires the best square offered by
  a dice bid, paid only on success ([BID-SEALED]), and bids in auctions up to the square's
  worth to it (``valuation.square_worth``); with three it releases the least worth.
* **The business.** It prices and sells every product and the raw materials its recipes do
  not use, sells inputs only at a high price, hires as many workers as it has jobs for while
  it can pay them, makes every product it can, extracts the inputs its recipes need first,
  buys the missing input of a recipe at the Marketplace, and pollutes rivals' squares first;
  a Current Event's choice sells what the card pays more for than it is worth to it, takes the
  raw material worth most, pollutes a rival and cleans its own squares.
* **Others' plans.** It stops every embezzlement it may with an Internal Investigation, bribes
  an official when the attempt is cheap against its account, invokes its laws, complies with
  the law (no violation to be denounced) and denounces every violation it may.
* **Offers.** It answers a trade by a valuation of both sides (``trade_gain``), the generic way:
  every listed action it knows gets a score, every action it does not know none, and a trade
  it cannot weigh is rejected — so trades added to the rules later do not break it
  (``engine/dogeatdog/trading.py``).
* **Progress.** Every choice passes its progress check (``engine/players.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from domain.aggregates.game import AnyGame
from domain.dogeatdog.actions import (
    DecisionKind,
    DogEatDogBid,
    DogEatDogBribe,
    DogEatDogBuy,
    DogEatDogChooseCard,
    DogEatDogChooseDivision,
    DogEatDogCollect,
    DogEatDogComply,
    DogEatDogDeclineBribe,
    DogEatDogDeclineInvoke,
    DogEatDogDenounce,
    DogEatDogDiceBid,
    DogEatDogEmbezzle,
    DogEatDogEndStrike,
    DogEatDogExtract,
    DogEatDogFire,
    DogEatDogHire,
    DogEatDogInvestigate,
    DogEatDogInvoke,
    DogEatDogKeepStaff,
    DogEatDogLetEmbezzle,
    DogEatDogLetPass,
    DogEatDogMake,
    DogEatDogMoveToSwiss,
    DogEatDogOpenAuction,
    DogEatDogPass,
    DogEatDogPassBid,
    DogEatDogPlaceMarker,
    DogEatDogPrice,
    DogEatDogProposeTrade,
    DogEatDogRelease,
    DogEatDogReorganise,
    DogEatDogSealedBid,
    DogEatDogSell,
    DogEatDogStopExploiting,
    DogEatDogStopProducing,
    DogEatDogStopSelling,
)
from domain.dogeatdog.effects import GainRaw, Pollute, RemovePollution, SellNow
from domain.dogeatdog.rules.redtape import asking_effect
from domain.dogeatdog.views import DogEatDogView
from domain.events.dogeatdog.values import StrikeChoice
from domain.offers import ANSWER, AnswerOffer
from engine.dogeatdog import trading, valuation
from engine.dogeatdog.seat import Seat
from engine.dogeatdog.valuation import KEPT_INPUTS, RESERVE, WORKING_CAPITAL
from engine.players import ProgressCheck, view_digest

#: The order it takes a division in, the strongest of the balance simulation first
#: (REVIEW.md section C: wins per appearance).
DIVISIONS = (
    "goo_pont_plastics",
    "substandard_oil",
    "we_steel",
    "georgia_horrific",
    "waste_mismanagement",
    "dk_mart",
)
#: The dice bid it offers for a square: paid only when 2d6 is at most the offer ([BID-SEALED]),
#: 8 wins 72% of the time.
DICE_BID = 8
#: The bribe it offers for an official: paid whatever the roll ([BRIBE-BANK]), 6 wins 42%.
BRIBE = 6
#: The least it embezzles while a rival holds an Internal Investigation: a smaller amount is
#: not worth drawing the card out for.
EMBEZZLE_BAIT = 2
#: The price (2d6) from which it sells raw materials its recipes use.
HIGH_RAW_PRICE = 10

#: The actions that end a seat's turn or phase, or decline: what its progress check falls back on.
ENDING = (
    DogEatDogPass,
    DogEatDogStopSelling,
    DogEatDogStopProducing,
    DogEatDogStopExploiting,
    DogEatDogKeepStaff,
    DogEatDogLetPass,
    DogEatDogPassBid,
    DogEatDogDeclineBribe,
    DogEatDogLetEmbezzle,
    DogEatDogDeclineInvoke,
)


def ending(actions: Sequence[Any]) -> Any | None:
    """The first offered action that ends a step or a window, or declines (a trade's rejection
    among them, [TRADE-ANSWER])."""
    # A plain loop: every player's progress check asks this of every action it plays.
    for action in actions:
        if isinstance(action, ENDING) or (isinstance(action, AnswerOffer) and not action.accept):
            return action
    return None


class HeuristicPlayer:
    """Plays to win from its seat's view. It draws no chance of its own, so the same view and
    actions give the same choice whatever its ``seed`` (taken as every bot's maker gives one)."""

    def __init__(
        self, seed: int | str | None = None, progress: ProgressCheck[Any] | None = None
    ) -> None:
        self._progress: ProgressCheck[Any] = ProgressCheck(ending) if progress is None else progress

    # -- the Player and Bot protocols --------------------------------------------------------

    def choose(self, game: AnyGame, seat: int) -> Any:
        actions = game.legal_actions(seat)
        if len(actions) == 1:
            return self._progress.steer(actions[0], actions)
        return self.decide(game.view(seat), actions)

    def decide(self, view: DogEatDogView, actions: Sequence[Any]) -> Any:
        if len(actions) == 1:  # nothing to weigh: skip reading the view
            return self._progress.steer(actions[0], actions)
        chosen = self._weigh(view, actions)
        # Its progress check (given this module's ``ending``, here or by the kit) remembers the
        # state only of a choice that does not end a step or a window, and an ending choice is
        # never among those remembered: the view's digest would go unused for it.
        state = None if ending((chosen,)) is not None else view_digest(view)
        return self._progress.steer(chosen, actions, state)

    # -- weighing ----------------------------------------------------------------------------

    def _weigh(self, view: DogEatDogView, actions: Sequence[Any]) -> Any:
        me = view.viewer
        decision = next((d for d in view.awaiting if d.seat == me), None)
        if me is None or decision is None:
            return actions[0]
        choose = _CHOOSERS.get(decision.kind)
        chosen = None if choose is None else choose(Seat(view, me), list(actions))
        if chosen is None or chosen not in actions:
            # A decision it does not know or nothing worth doing: the least active choice.
            return ending(actions) or actions[0]
        return chosen


Chooser = Callable[[Seat, list[Any]], Any | None]


def _of(actions: Sequence[Any], kind: type) -> list[Any]:
    return [action for action in actions if isinstance(action, kind)]


def _division(seat: Seat, actions: list[Any]) -> Any | None:
    offered = {a.division: a for a in _of(actions, DogEatDogChooseDivision)}
    return next((offered[d] for d in DIVISIONS if d in offered), None)


def _window(seat: Seat, actions: list[Any]) -> Any | None:
    # The commonest decision it weighs, often with every amount it may embezzle listed: its
    # actions are sorted by kind in one pass rather than looked through once per kind.
    embezzles: list[DogEatDogEmbezzle] = []
    denounce: DogEatDogDenounce | None = None
    proposals: list[Any] = []
    passing: DogEatDogPass | None = None
    for action in actions:
        if isinstance(action, DogEatDogEmbezzle):
            embezzles.append(action)
        elif isinstance(action, DogEatDogDenounce):
            denounce = action if denounce is None else denounce
        elif isinstance(action, DogEatDogProposeTrade):
            proposals.append(action)
        elif isinstance(action, DogEatDogPass):
            passing = action if passing is None else passing
    embezzle = _embezzle(seat, embezzles) if embezzles else None
    if embezzle is not None:
        return embezzle
    if denounce is not None:  # the bank pays the denouncer ([HONOUR-DENOUNCE])
        return denounce
    return (trading.proposal(seat, proposals) if proposals else None) or passing


def _embezzle(seat: Seat, embezzles: list[DogEatDogEmbezzle]) -> Any | None:
    """The amount to embezzle among those listed (``embezzles``), if any is worth it."""
    # Most windows list every amount and it wants none: the largest decides that, before the
    # amounts are gathered or the rivals' cards read.
    most = max(a.amount for a in embezzles)
    swiss = seat.own.swiss or 0
    target = seat.view.settings.target
    wanted = min(most, max(seat.spare() - WORKING_CAPITAL, 0))
    if swiss + most >= target:  # the win: everything it may
        wanted = most
    if wanted < 1 or (wanted < EMBEZZLE_BAIT and seat.rivals_investigate()):
        return None
    amounts = {a.amount: a for a in embezzles}
    return amounts.get(wanted) or amounts[max(a for a in amounts if a <= wanted)]


def _bonus_embezzle(seat: Seat, actions: list[Any]) -> Any | None:
    amounts = _of(actions, DogEatDogEmbezzle)
    return max(amounts, key=lambda a: a.amount) if amounts else None


def _to_swiss(seat: Seat, actions: list[Any]) -> Any | None:
    moves = _of(actions, DogEatDogMoveToSwiss)
    swiss = seat.own.swiss or 0
    fitting = [
        a
        for a in moves
        if a.amount <= seat.spare() or swiss + a.amount >= seat.view.settings.target
    ]
    return max(fitting, key=lambda a: a.amount) if fitting else None


def _acquisition(seat: Seat, actions: list[Any]) -> Any | None:
    if len(seat.own.squares) >= 2:
        return None  # a third would be released at once ([ACQ-LIMIT-2])
    bids = _of(actions, DogEatDogDiceBid)
    if bids:
        best = max({a.square for a in bids}, key=lambda s: (seat.square_value(s), s))
        offers = [a for a in bids if a.square == best and a.offer <= DICE_BID]
        if offers and seat.corporate - max(a.offer for a in offers) >= RESERVE // 2:
            return max(offers, key=lambda a: a.offer)
    auctions = _of(actions, DogEatDogOpenAuction)
    if auctions and seat.spare() > 0:
        return max(auctions, key=lambda a: (seat.square_value(a.square), a.square))
    return None


def _auction_square(seat: Seat) -> str | None:
    turn = seat.view.turn
    return None if turn is None or turn.auction is None else turn.auction.square


def _limit(seat: Seat) -> float:
    """The most it bids for the square in auction: its worth, less a square given up for it."""
    square = _auction_square(seat)
    if square is None:
        return 0
    worth = seat.square_value(square)
    if len(seat.own.squares) >= 2:
        worth -= min(seat.square_value(s) for s in seat.own.squares)
    return min(worth, seat.corporate - RESERVE // 2)


def _bid(seat: Seat, actions: list[Any]) -> Any | None:
    limit = _limit(seat)
    raising = [a for a in _of(actions, DogEatDogBid) if a.amount <= limit]
    if raising:
        return min(raising, key=lambda a: a.amount)
    return next(iter(_of(actions, DogEatDogPassBid)), None) or min(
        _of(actions, DogEatDogBid), key=lambda a: a.amount, default=None
    )


def _sealed_bid(seat: Seat, actions: list[Any]) -> Any | None:
    limit = _limit(seat) * 0.8  # one sealed round: less than the worth, to gain by winning
    bids = _of(actions, DogEatDogSealedBid)
    fitting = [a for a in bids if a.amount <= limit]
    if fitting:
        return max(fitting, key=lambda a: a.amount)
    return min(bids, key=lambda a: a.amount, default=None)


def _release(seat: Seat, actions: list[Any]) -> Any | None:
    releases = _of(actions, DogEatDogRelease)
    return min(releases, key=lambda a: (seat.square_value(a.square), a.square), default=None)


def _strike(seat: Seat, actions: list[Any]) -> Any | None:
    settle = seat.corporate >= 2 * seat.own.workers + RESERVE // 2 and seat.jobs() > 0
    choice = StrikeChoice.SETTLE if settle else StrikeChoice.WALKOUT
    return next((a for a in _of(actions, DogEatDogEndStrike) if a.choice == choice), None)


def _kept(seat: Seat, good: str, price: int | None = None) -> int:
    """Units of ``good`` it keeps rather than sell (at ``price``): none of a product or of a raw
    material its recipes do not use, a few of an input, one at a high price."""
    if good not in valuation.inputs(seat.division) or good in valuation.PRODUCTS:
        return 0
    return 1 if price is not None and price >= HIGH_RAW_PRICE else KEPT_INPUTS


def _price(seat: Seat, actions: list[Any]) -> Any | None:
    goods = seat.own.goods
    prices = [a for a in _of(actions, DogEatDogPrice) if goods.get(a.good, 0) > _kept(seat, a.good)]
    products = [a for a in prices if a.good in valuation.PRODUCTS]
    return (products or prices or _of(actions, DogEatDogStopSelling) or [None])[0]


def _sell(seat: Seat, actions: list[Any]) -> Any | None:
    turn = seat.view.turn
    sale = None if turn is None else turn.sale
    counts = _of(actions, DogEatDogSell)
    if sale is None or not counts:
        return None
    held = max(a.count for a in counts)
    wanted = max(held - _kept(seat, sale.good, sale.price), 0)
    return next((a for a in counts if a.count == wanted), None)


def _staff(seat: Seat, actions: list[Any]) -> Any | None:
    workers = seat.own.workers
    wanted = min(seat.jobs(), 6)
    hires = [
        a
        for a in _of(actions, DogEatDogHire)
        if workers + a.count <= wanted and seat.corporate - 4 * a.count >= RESERVE
    ]
    if hires:
        return max(hires, key=lambda a: a.count)
    if workers > max(wanted, 2) + 1:
        fires = [a for a in _of(actions, DogEatDogFire) if workers - a.count >= max(wanted, 2)]
        if fires:
            return max(fires, key=lambda a: a.count)
    return next(iter(_of(actions, DogEatDogKeepStaff)), None)


def _produce(seat: Seat, actions: list[Any]) -> Any | None:
    makes = _of(actions, DogEatDogMake)
    if not makes:
        return next(iter(_of(actions, DogEatDogStopProducing)), None)
    # The raw material of "any one raw material" is the one worth least to it.
    return min(makes, key=lambda a: (seat.good_value(a.raw) if a.raw else 0, str(a.raw)))


def _pollute(seat: Seat, actions: list[Any]) -> Any | None:
    controllers = {s.id: s.controller for s in seat.view.squares}

    def harm_to_me(action: DogEatDogPlaceMarker) -> tuple[int, str]:
        controller = controllers.get(action.square)
        return (2 if controller == seat.me else 0 if controller is not None else 1, action.square)

    return min(_of(actions, DogEatDogPlaceMarker), key=harm_to_me, default=None)


def _exploit(seat: Seat, actions: list[Any]) -> Any | None:
    gains: list[tuple[float, Any]] = []
    for action in actions:
        if isinstance(action, DogEatDogExtract):
            gains.append((seat.good_value(action.raw), action))
        elif isinstance(action, DogEatDogCollect):
            gains.append((seat.good_value(valuation.POLLUTION), action))
        elif isinstance(action, DogEatDogBuy) and seat.spare() >= 0:
            gains.append((seat.good_value(action.good) - valuation.market_price(), action))
    good = [(gain, a) for gain, a in gains if gain > 0]
    if good:
        return max(good, key=lambda pair: (pair[0], repr(pair[1])))[1]
    return next(iter(_of(actions, DogEatDogStopExploiting)), None)


def _bribe(seat: Seat, actions: list[Any]) -> Any | None:
    bribes = [a for a in _of(actions, DogEatDogBribe) if a.offer == BRIBE]
    if bribes and seat.spare() >= 2 * BRIBE:
        return bribes[0]
    return next(iter(_of(actions, DogEatDogDeclineBribe)), None)


def _card(seat: Seat, actions: list[Any]) -> Any | None:
    """A Current Event's choice ([REDTAPE-CE]) by what it does: goods sold above their worth to
    it, the raw material worth most, a marker on a rival's square, its own squares cleaned."""
    turn = seat.view.turn
    if turn is None or turn.card is None:
        return None
    effect = asking_effect(turn.card)
    controllers = {s.id: s.controller for s in seat.view.squares}

    def score(choice: tuple[str, ...]) -> float:
        match effect:
            case SellNow(price=price):
                return sum(price - seat.good_value(good) for good in choice)
            case GainRaw():
                return sum(seat.good_value(raw) for raw in choice)
            case Pollute():
                return -sum(2 if controllers.get(s) == seat.me else 0 for s in choice)
            case RemovePollution():
                return sum(1 if controllers.get(s) == seat.me else -0.5 for s in choice)
        return 0.0

    choices = _of(actions, DogEatDogChooseCard)
    return max(choices, key=lambda a: (score(a.choice), -len(a.choice)), default=None)


def _first_of(kind: type) -> Chooser:
    def choose(seat: Seat, actions: list[Any]) -> Any | None:
        return next(iter(_of(actions, kind)), None)

    return choose


_CHOOSERS: dict[str, Chooser] = {
    DecisionKind.DIVISION: _division,
    DecisionKind.WINDOW: _window,
    DecisionKind.ACQUISITION: _acquisition,
    DecisionKind.BID: _bid,
    DecisionKind.SEALED_BID: _sealed_bid,
    DecisionKind.RELEASE: _release,
    DecisionKind.GENEVA: _to_swiss,
    DecisionKind.KICKBACK: _to_swiss,
    DecisionKind.STRIKE: _strike,
    DecisionKind.PRICE: _price,
    DecisionKind.SELL: _sell,
    DecisionKind.STAFF: _staff,
    DecisionKind.PRODUCE: _produce,
    DecisionKind.POLLUTE: _pollute,
    DecisionKind.EXPLOIT: _exploit,
    DecisionKind.INSOLVENCY: _first_of(DogEatDogReorganise),
    DecisionKind.BRIBE: _bribe,
    DecisionKind.CARD: _card,
    DecisionKind.INVESTIGATION: _first_of(DogEatDogInvestigate),
    DecisionKind.EMBEZZLE: _bonus_embezzle,
    DecisionKind.INVOKE: _first_of(DogEatDogInvoke),
    DecisionKind.COMPLY: _first_of(DogEatDogComply),
    ANSWER: trading.answer,
}
