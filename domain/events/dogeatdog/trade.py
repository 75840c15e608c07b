"""The facts of trades (RULES.md section 17): a proposal in an open window, its answer, its
withdrawal by the proposer, and its lapse when the recipient counters it ([TRADE-COUNT]).

Everything here is public ([SEE-PUBLIC]): what each side gives, the note, the answer. No trade
moves Swiss money ([TRADE-LIMITS]), so no event of a trade says anything of a Swiss balance.
The exchange itself is what the proposal recorded: ``DogEatDogTradeAccepted`` names the offer,
and ``evolve`` carries out the sides recorded with it, so nothing is recomputed from the data
files."""

from __future__ import annotations

import msgspec

from domain.events.base import DomainEvent


class DogEatDogTradeSide(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """What one side of a trade gives ([TRADE-PROPOSE]): corporate money ($M), raw materials and
    products (each type once, with a count of at least 1), pollution markers (only to Waste
    Mismanagement, [TRADE-LIMITS]), held Current Event cards, owned Corrupt Officials and the
    control of nature squares. Swiss money, workers and division cards are not tradable, so
    there is no field for them."""

    money: int = 0
    goods: tuple[tuple[str, int], ...] = ()
    pollution_markers: int = 0
    cards: tuple[str, ...] = ()
    officials: tuple[str, ...] = ()
    squares: tuple[str, ...] = ()


#: A side that gives nothing (a gift's other side).
NOTHING = DogEatDogTradeSide()


class DogEatDogTradeProposed(DomainEvent, frozen=True, tag="dogeatdog.TradeProposed"):
    """``proposer`` offered ``recipient`` the trade ``offer`` (numbered from 1 in the game):
    ``gives`` goes to the recipient and ``asks`` to the proposer if it is accepted, with a
    ``note`` that binds nobody ([TRADE-PROPOSE], [TRADE-ANSWER], [TRADE-PROMISE])."""

    offer: int
    proposer: int
    recipient: int
    gives: DogEatDogTradeSide
    asks: DogEatDogTradeSide
    note: str = ""


class DogEatDogTradeAccepted(DomainEvent, frozen=True, tag="dogeatdog.TradeAccepted"):
    """The recipient accepted trade ``offer``: both sides changed hands at once ([TRADE-ACCEPT]),
    and each player who gained a square paid the public Land Transfer Fee to the bank:
    ``fees`` (seat, $M) ([LAW-PUBLIC]; the card's law names trades)."""

    offer: int
    fees: tuple[tuple[int, int], ...] = ()


class DogEatDogTradeRejected(DomainEvent, frozen=True, tag="dogeatdog.TradeRejected"):
    """The recipient rejected trade ``offer``, or his time ran out ([TRADE-ANSWER])."""

    offer: int


class DogEatDogTradeWithdrawn(DomainEvent, frozen=True, tag="dogeatdog.TradeWithdrawn"):
    """The proposer took back trade ``offer`` before it was answered ([TRADE-ANSWER])."""

    offer: int


class DogEatDogTradeLapsed(DomainEvent, frozen=True, tag="dogeatdog.TradeLapsed"):
    """Trade ``offer`` lapsed unanswered: its recipient made a counter-offer instead
    ([TRADE-COUNT])."""

    offer: int


TRADE_EVENTS: tuple[type[DomainEvent], ...] = (
    DogEatDogTradeProposed,
    DogEatDogTradeAccepted,
    DogEatDogTradeRejected,
    DogEatDogTradeWithdrawn,
    DogEatDogTradeLapsed,
)
