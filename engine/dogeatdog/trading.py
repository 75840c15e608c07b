"""How the heuristic Dog Eat Dog player weighs trades ([TRADE-PROPOSE], [TRADE-ANSWER],
[TRADE-COUNT]): by a valuation of both sides, from what its seat's view shows of both parties.

It answers through the generic legal actions: each listed action it knows gets a gain
(:func:`trade_gain`), an action it does not know gets none and is never chosen, so actions the
rules add later do not break it. It proposes or counters only a trade that gains it enough and
that the recipient, valued the same way, would gain by too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.dogeatdog.actions import DogEatDogProposeTrade
from domain.events.dogeatdog.trade import DogEatDogTradeSide
from domain.offers import AnswerOffer
from engine.dogeatdog import valuation
from engine.dogeatdog.seat import Seat


def proposal(seat: Seat, actions: Sequence[Any]) -> Any | None:
    """The listed proposal worth making that gains it most, if any."""
    worth = [
        (gain, action)
        for action in actions
        if isinstance(action, DogEatDogProposeTrade)
        and (gain := trade_gain(seat, action)) is not None
        and _worth_proposing(seat, action, gain)
    ]
    return max(worth, key=lambda pair: pair[0])[1] if worth else None


#: What a proposal must gain by its own valuation to be worth a rival's answer.
PROPOSAL_GAIN = 5


def _worth_proposing(seat: Seat, trade: DogEatDogProposeTrade, gain: float) -> bool:
    return gain >= PROPOSAL_GAIN and partner_gain(seat, trade) > 0


def partner_gain(seat: Seat, proposal: DogEatDogProposeTrade) -> float:
    """What ``proposal`` gains its recipient, by the same valuation from what the table shows
    of him (division, goods, squares): a trade he would lose by is not worth proposing."""
    if not 0 <= proposal.to < len(seat.view.seats):
        return 0.0
    partner = Seat(seat.view, proposal.to)
    return side_value(partner, proposal.gives, True) - side_value(partner, proposal.asks, False)


def answer(seat: Seat, actions: list[Any]) -> Any | None:
    """The answer that gains most by the valuation; an action it cannot weigh gains nothing and
    is never chosen, and with none better it rejects."""
    weighed = [
        (gain, action)
        for action in actions
        if (gain := trade_gain(seat, action)) is not None
        and (not isinstance(action, DogEatDogProposeTrade) or _worth_proposing(seat, action, gain))
    ]
    if not weighed:
        return None
    best_gain, best = max(weighed, key=lambda pair: pair[0])
    return best if best_gain > 0 else _reject(actions)


def _reject(actions: Sequence[Any]) -> Any | None:
    return next((a for a in actions if getattr(a, "accept", None) is False), None)


def trade_gain(seat: Seat, action: Any) -> float | None:
    """What ``action`` gains ``seat`` by its valuation: accepting an offer open to it is what
    it receives less what it gives, rejecting is nothing, proposing a trade is what it asks
    less what it gives; None for an action it does not know how to weigh."""
    if isinstance(action, AnswerOffer):
        offer = next((o for o in seat.view.offers if o.id == action.offer), None)
        if offer is None or offer.recipient != seat.me:
            return None
        if not action.accept:
            return 0.0
        return side_value(seat, offer.proposer_gives, True) - side_value(
            seat, offer.recipient_gives, False
        )
    if isinstance(action, DogEatDogProposeTrade):
        return side_value(seat, action.asks, True) - side_value(seat, action.gives, False)
    return None


def side_value(seat: Seat, side: DogEatDogTradeSide, receiving: bool) -> float:
    """One side of a trade, to ``seat``: money at its face, goods and squares by their worth
    (what it would receive, or what it would give up), cards and officials at a flat worth."""
    value = float(side.money)
    for good, count in side.goods:
        value += count * seat.good_value(good)
    value += side.pollution_markers * seat.good_value(valuation.POLLUTION)
    value += len(side.cards) * valuation.CARD_WORTH
    value += len(side.officials) * valuation.OFFICIAL_WORTH
    for square in side.squares:
        worth = seat.square_value(square)
        # A third square would be released at once ([ACQ-LIMIT-2]).
        value += worth if not receiving or len(seat.own.squares) < 2 else worth / 3
    return value
