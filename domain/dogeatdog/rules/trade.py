"""Trades (RULES.md section 17) on the kernel's offers (``domain/offers.py``, docs/OFFERS.md).

In an open window the seat asked may propose a trade to one other player ([TRADE-PROPOSE]):
what each side gives, from corporate money, raw materials, products, pollution markers (only
to Waste Mismanagement), held Current Event cards, owned Corrupt Officials and the control of
nature squares ([TRADE-LIMITS]: never Swiss money, workers or division cards). The proposal is
an offer with an id, answered by its recipient before anyone else acts ([TRADE-ANSWER]); its
proposer may withdraw it until then, unasked. The recipient accepts (both sides change hands at
once, checked again first, [TRADE-ACCEPT]), rejects (also when his time runs out), or counters
with a proposal of his own to the proposer, which replaces the first: it lapses unanswered
([TRADE-COUNT]). Each player makes at most three proposals per open window, counter-offers
included. The window then goes on with the player after the proposer (``rules/window.py``).
A note goes with a proposal and does nothing ([TRADE-PROMISE]). A public Land Transfer Fee is
paid by whoever gains a square by a trade, which is refused if he could not pay it
([LAW-PUBLIC]: the card's law names trades). With [VAR-KICKBACK] each
side's receiver of money is asked, the proposal's recipient first, how much of it goes to his
Swiss account instead, before the window goes on.

Every trade is public ([SEE-PUBLIC]); no side moves Swiss money, so none tells a Swiss balance.

``legal_actions`` cannot list every trade a seat may propose (the sides are any combination of
what both hold): while he has made no proposal in the window it lists one plain exchange (a
unit of a good against $1M) with one other player, another each turn, which random and
computer players pick up; ``act`` accepts every proposal the rules allow, three per window.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from domain import offers
from domain.context import Context
from domain.dogeatdog.actions import DogEatDogMove, DogEatDogProposeTrade
from domain.dogeatdog.rules import rates
from domain.dogeatdog.rules.goods import PRODUCTS, RAWS, trades_pollution
from domain.dogeatdog.state import DogEatDogState, Player
from domain.errors import RuleViolation
from domain.events.dogeatdog import (
    NOTHING,
    DogEatDogKickbackOffered,
    DogEatDogTradeAccepted,
    DogEatDogTradeLapsed,
    DogEatDogTradeProposed,
    DogEatDogTradeRejected,
    DogEatDogTradeSide,
    DogEatDogTradeWithdrawn,
)
from domain.offers import AnswerOffer, Offer, WithdrawOffer
from domain.ruleset import GameStatus

#: [TRADE-COUNT]: the proposals a player may make in one open window.
MAX_PROPOSALS = 3
#: [ACQ-LIMIT-2]: a player receiving a third square releases one, so a trade may give him at
#: most that third.
MOST_SQUARES = 3
_GOODS = (*RAWS, *PRODUCTS)
_GOOD_INDEX = {good: index for index, good in enumerate(_GOODS)}


def open_offers(state: DogEatDogState) -> list[Offer[DogEatDogTradeSide]]:
    """The trade proposed and not answered yet, if any (one at most, [TRADE-ANSWER])."""
    return [] if state.offer is None else [state.offer]


def proposals_made(state: DogEatDogState, seat: int) -> int:
    """How many proposals ``seat`` made in the open window ([TRADE-COUNT])."""
    window = state.turn.window
    return 0 if window is None else window.proposals.get(seat, 0)


def partners(state: DogEatDogState, seat: int) -> list[int]:
    """The players ``seat`` may propose a trade to: every other one still in the game."""
    return state.others_clockwise(seat)


def may_propose(state: DogEatDogState, seat: int) -> bool:
    """Whether ``seat`` may propose a trade now, whatever it proposes: in the game, fewer than
    three proposals in this window, and someone to trade with who or who himself holds
    something tradable ([TRADE-PROPOSE], [TRADE-COUNT])."""
    players = state.players
    me = players[seat]
    if state.status is not GameStatus.RUNNING or not me.in_game:
        return False
    if proposals_made(state, seat) >= MAX_PROPOSALS:
        return False
    mine = _holds_anything(me)
    for other in players:  # a loop, not any(): asked every time a window is listed
        if other is not me and other.in_game and (mine or _holds_anything(other)):
            return True
    return False


def _holds_anything(player: Player) -> bool:
    return bool(
        player.corporate
        or any(player.goods.values())
        or player.current_events
        or player.officials
        or player.squares
    )


def proposals(
    state: DogEatDogState, seat: int, to: Iterable[int] | None = None
) -> list[DogEatDogMove]:
    """The proposals listed for ``seat`` while he has made none in this window, to ``to`` or
    else to one partner, another each turn (the turn's number picks him, so that random players
    do not spend a window trading with everyone): one unit of the good he holds most of for
    $1M, or, when he holds none, $1M for one unit of the good the partner holds most of."""
    if proposals_made(state, seat) or not may_propose(state, seat):
        return []
    if to is None:
        others = partners(state, seat)
        to = [others[state.turn.number % len(others)]]
    mine = state.players[seat]
    my_most: str | None = None  # found once, and only when a partner has money for it
    found: list[DogEatDogMove] = []
    for other in to:
        theirs = state.players[other]
        if theirs.corporate and my_most is None:
            my_most = _most(mine)
        if theirs.corporate and my_most:
            found.append(_selling(other, my_most))
        elif mine.corporate and (their_most := _most(theirs)):
            found.append(_buying(other, their_most))
    return found


_DOLLAR = DogEatDogTradeSide(money=1)


# The listed proposals are few (a partner, a good, a direction) and immutable: each is made once.
@lru_cache(maxsize=512)
def _selling(to: int, good: str) -> DogEatDogProposeTrade:
    return DogEatDogProposeTrade(to=to, gives=_one(good), asks=_DOLLAR)


@lru_cache(maxsize=512)
def _buying(to: int, good: str) -> DogEatDogProposeTrade:
    return DogEatDogProposeTrade(to=to, gives=_DOLLAR, asks=_one(good))


def _most(player: Player) -> str:
    """The raw material or product ``player`` holds most of (the first in the board's order
    among ties), or "" when he holds none."""
    most, most_held, most_index = "", 0, len(_GOODS)
    for good, held in player.goods.items():  # only what he has a count of
        index = _GOOD_INDEX.get(good)
        if index is None or held <= 0 or held < most_held:
            continue
        if held > most_held or index < most_index:  # among ties, the first in board order
            most, most_held, most_index = good, held, index
    return most


def _one(good: str) -> DogEatDogTradeSide:
    return DogEatDogTradeSide(goods=((good, 1),))


def refusal(
    state: DogEatDogState, seat: int, action: DogEatDogProposeTrade, *, countering: bool
) -> RuleViolation | None:
    """Why ``seat`` may not make the proposal ``action`` now, or None if it may. ``countering``:
    he is asked to answer an offer, and proposes instead ([TRADE-COUNT])."""
    offer = state.offer
    if countering and offer is not None and action.to != offer.proposer:
        return RuleViolation(
            "TRADE-COUNT", f"a counter-offer goes to seat {offer.proposer + 1}, who proposed"
        )
    players = state.players  # a partner: another seat still in the game (``partners``)
    if action.to == seat or not 0 <= action.to < len(players) or not players[action.to].in_game:
        return RuleViolation("TRADE-PROPOSE", "a trade is proposed to one other player in the game")
    if proposals_made(state, seat) >= MAX_PROPOSALS:
        return RuleViolation(
            "TRADE-COUNT", f"at most {MAX_PROPOSALS} proposals per player in an open window"
        )
    if action.gives == NOTHING and action.asks == NOTHING:
        return RuleViolation("TRADE-PROPOSE", "a trade gives or asks something")
    problem = exchange_problem(state, seat, action.to, action.gives, action.asks)
    if problem is not None:
        return problem
    note = offers.note_problem(action.note)
    return None if note is None else RuleViolation("OFFER-NOTE", note)


def exchange_problem(
    state: DogEatDogState,
    proposer: int,
    recipient: int,
    gives: DogEatDogTradeSide,
    asks: DogEatDogTradeSide,
) -> RuleViolation | None:
    """Why the exchange cannot be carried out as it stands: a side that names something twice
    or not at all, or gives what its player does not hold ([TRADE-PROPOSE]), pollution
    markers to anyone but Waste Mismanagement, or a fourth square ([TRADE-LIMITS])."""
    giver, taker = state.players[proposer], state.players[recipient]
    for side, holder, receiver in ((gives, giver, taker), (asks, taker, giver)):
        problem = _side_problem(side, holder)
        if problem is not None:
            return RuleViolation("TRADE-PROPOSE", f"seat {holder.seat + 1} {problem}")
        if side.pollution_markers and not trades_pollution(receiver):
            return RuleViolation(
                "TRADE-LIMITS", "pollution markers may only be given to Waste Mismanagement"
            )
    for side, other, receiver in ((gives, asks, taker), (asks, gives, giver)):
        if len(receiver.squares) + len(side.squares) - len(other.squares) > MOST_SQUARES:
            return RuleViolation(
                "TRADE-LIMITS",
                f"seat {receiver.seat + 1} would hold more than three squares ([ACQ-LIMIT-2])",
            )
        fee = land_fee(state, side) if side.squares else 0  # most sides give none: no call
        if fee > receiver.corporate + side.money - other.money:
            return RuleViolation(
                "LAW-PUBLIC",
                f"seat {receiver.seat + 1} could not pay the Land Transfer Fee of ${fee}M "
                "on the squares he would gain",
            )
    return None


def land_fee(state: DogEatDogState, side: DogEatDogTradeSide) -> int:
    """The public Land Transfer Fee its receiver pays on the squares ``side`` gives him: per
    square gained, a trade being one of the gains the card's law names ([LAW-PUBLIC])."""
    if not side.squares:  # most sides give none: no need to read the laws
        return 0
    return rates.land_fee(state) * len(side.squares)


def fees(state: DogEatDogState, offer: Offer[DogEatDogTradeSide]) -> tuple[tuple[int, int], ...]:
    """Who pays what Land Transfer Fee if ``offer`` is accepted: (seat, $M), none paying 0."""
    owed = (
        (offer.recipient, land_fee(state, offer.proposer_gives)),
        (offer.proposer, land_fee(state, offer.recipient_gives)),
    )
    return tuple((seat, fee) for seat, fee in owed if fee)


def _side_problem(side: DogEatDogTradeSide, holder: Player) -> str | None:
    if not 0 <= side.money <= holder.corporate:
        return f"gives $0M to ${holder.corporate}M of his corporate account, not ${side.money}M"
    goods = side.goods
    if goods:  # most sides give none, and the listed trades one good: plain loops
        named: set[str] = set()
        for good, _ in goods:
            if good not in _GOOD_INDEX or good in named:
                return "names each raw material or product he gives once"
            named.add(good)
        holds = holder.goods
        for good, count in goods:
            if not 1 <= count <= holds.get(good, 0):
                return "gives at least one and at most what he holds of each good"
    if not 0 <= side.pollution_markers <= holder.pollution_markers:
        return f"holds {holder.pollution_markers} pollution markers"
    if not (side.cards or side.officials or side.squares):  # most sides give none of them
        return None
    for given, held, what in (
        (side.cards, holder.current_events, "Current Event cards he holds"),
        (side.officials, holder.officials, "Corrupt Officials he owns"),
        (side.squares, holder.squares, "squares he controls"),
    ):
        if given and (Counter(given) - Counter(held) or len(set(given)) != len(given)):
            return f"gives only {what}, each once"
    return None


def answers(state: DogEatDogState, seat: int) -> list[DogEatDogMove]:
    """What the recipient of the open offer may answer: accept (while the exchange can still be
    carried out), reject, or counter ([TRADE-ANSWER], [TRADE-COUNT])."""
    offer = state.offer
    if offer is None or offer.recipient != seat:
        return []
    found: list[DogEatDogMove] = [
        answer for answer in offers.answers(offer) if not answer.accept or _executable(state)
    ]
    return found + proposals(state, seat, [offer.proposer])


def _executable(state: DogEatDogState) -> bool:
    offer = state.offer
    return offer is not None and _offer_problem(state, offer) is None


def _offer_problem(state: DogEatDogState, offer: Offer[DogEatDogTradeSide]) -> RuleViolation | None:
    return exchange_problem(
        state, offer.proposer, offer.recipient, offer.proposer_gives, offer.recipient_gives
    )


def propose(ctx: Context[DogEatDogState], seat: int, action: DogEatDogProposeTrade) -> None:
    """Record the proposal (a counter-offer first lets the offer it answers lapse)."""
    state = ctx.state
    if state.offer is not None and state.offer.recipient == seat:
        ctx.emit(DogEatDogTradeLapsed(offer=state.offer.id))
    ctx.emit(
        DogEatDogTradeProposed(
            offer=state.trades_proposed + 1,
            proposer=seat,
            recipient=action.to,
            gives=action.gives,
            asks=action.asks,
            note=action.note,
        )
    )


def answer(ctx: Context[DogEatDogState], action: AnswerOffer) -> int:
    """Carry out the recipient's answer; the proposer, after whom the window goes on."""
    offer = ctx.state.offer
    assert offer is not None
    assert offer.id == action.offer
    if action.accept:  # checked first by accept_refusal ([TRADE-ACCEPT])
        ctx.emit(DogEatDogTradeAccepted(offer=offer.id, fees=fees(ctx.state, offer)))
        if ctx.state.settings.kickback:  # [VAR-KICKBACK]: each receiver of money is asked
            received = (
                (offer.recipient, offer.proposer_gives.money),
                (offer.proposer, offer.recipient_gives.money),
            )
            for seat, amount in received:
                if amount:
                    ctx.emit(DogEatDogKickbackOffered(seat=seat, amount=amount, space=None))
    else:
        ctx.emit(DogEatDogTradeRejected(offer=offer.id))
    return offer.proposer


def accept_refusal(state: DogEatDogState, action: AnswerOffer) -> RuleViolation | None:
    """[TRADE-ACCEPT]: an acceptance of an exchange that can no longer be carried out."""
    offer = state.offer
    if not action.accept or offer is None:
        return None
    problem = _offer_problem(state, offer)
    if problem is None:
        return None
    return RuleViolation("TRADE-ACCEPT", f"the trade can no longer be made: {problem}")


def withdraw(ctx: Context[DogEatDogState], action: WithdrawOffer) -> int:
    """The proposer takes his offer back; he is returned, the window going on after him."""
    offer = ctx.state.offer
    assert offer is not None
    assert offer.id == action.offer
    ctx.emit(DogEatDogTradeWithdrawn(offer=offer.id))
    return offer.proposer
