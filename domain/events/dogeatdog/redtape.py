"""The facts of Red Tape cards and of money owed by them (RULES.md sections 8 and 16): a card
drawn and read out, kept or discarded, the choices a Current Event asks, its payments (to and
from the bank, between players, as far as possible off-turn), and the loans that cover a
mandatory payment of the active player's Move or Sell step.

A drawn card is public from the moment it is drawn ([REDTAPE-HAND], [SEE-PUBLIC]): only the
order of the cards still in the deck is secret. Every amount is in the event ([MONEY-BANK]).
"""

from __future__ import annotations

from domain.events.base import DomainEvent
from domain.events.dogeatdog.values import Good


class DogEatDogRedTapeDrawn(DomainEvent, frozen=True, tag="dogeatdog.RedTapeDrawn"):
    """``seat`` drew ``card``, the top of the deck, and read it out ([REDTAPE-DRAW])."""

    seat: int
    card: str


class DogEatDogCardDiscarded(DomainEvent, frozen=True, tag="dogeatdog.CardDiscarded"):
    """``card`` went face up to the discard pile ([REDTAPE-DECK])."""

    card: str


class DogEatDogCardKept(DomainEvent, frozen=True, tag="dogeatdog.CardKept"):
    """``seat`` keeps ``card`` face up before him until he plays it ([REDTAPE-HAND])."""

    seat: int
    card: str


class DogEatDogCardChoiceOffered(DomainEvent, frozen=True, tag="dogeatdog.CardChoiceOffered"):
    """``card``, drawn on the track space ``space``, asks ``seat`` to choose ([REDTAPE-CE])."""

    seat: int
    card: str
    space: int


class DogEatDogCardChoiceMade(DomainEvent, frozen=True, tag="dogeatdog.CardChoiceMade"):
    """``seat`` chose ``choice`` (goods or squares; empty: the "may" part unused)."""

    seat: int
    card: str
    choice: tuple[str, ...]


class DogEatDogPaidToBank(DomainEvent, frozen=True, tag="dogeatdog.PaidToBank"):
    """``seat`` paid ``amount`` $M to the bank because of ``reason`` (a card); ``waived`` $M
    more were due but waived, off his turn ([INSOLVENT-OFFTURN])."""

    seat: int
    amount: int
    reason: str
    waived: int = 0


class DogEatDogPaidByBank(DomainEvent, frozen=True, tag="dogeatdog.PaidByBank"):
    """The bank paid ``seat`` ``amount`` $M because of ``reason`` ([MONEY-BANK])."""

    seat: int
    amount: int
    reason: str


class DogEatDogPaidToPlayer(DomainEvent, frozen=True, tag="dogeatdog.PaidToPlayer"):
    """``seat`` paid ``amount`` $M to ``to`` because of ``reason``; ``waived`` $M more were
    due but waived ([INSOLVENT-OFFTURN])."""

    seat: int
    to: int
    amount: int
    reason: str
    waived: int = 0


class DogEatDogKickbackOffered(DomainEvent, frozen=True, tag="dogeatdog.KickbackOffered"):
    """With [VAR-KICKBACK]: ``seat`` received ``amount`` $M from other players by the card
    just read (in the move, at the track space ``space``) or by a trade (``space`` None) and
    may put any of it, up to what his corporate account holds, into his Swiss account
    instead."""

    seat: int
    amount: int
    space: int | None


class DogEatDogKickbackTaken(DomainEvent, frozen=True, tag="dogeatdog.KickbackTaken"):
    """``seat`` put ``amount`` $M of what he received into his Swiss account ([VAR-KICKBACK]);
    a public amount, like a Geneva transfer ([SEE-PRIVATE])."""

    seat: int
    amount: int


class DogEatDogCardSold(DomainEvent, frozen=True, tag="dogeatdog.CardSold"):
    """``seat`` sold ``goods`` to the bank for ``amount`` $M in all, as a card allows
    (products to the supply, raw materials to the Marketplace, [SELL-DEST]); ``fee`` is the
    Excise Tax on its products, out of the proceeds ([LAW-PUBLIC])."""

    seat: int
    goods: tuple[Good, ...]
    amount: int
    fee: int = 0


class DogEatDogRawTaken(DomainEvent, frozen=True, tag="dogeatdog.RawTaken"):
    """``seat`` took one ``raw`` from the supply, as a card gives ([REDTAPE-CE])."""

    seat: int
    raw: Good


class DogEatDogMarkersRemoved(DomainEvent, frozen=True, tag="dogeatdog.MarkersRemoved"):
    """``seat`` removed one pollution marker from each of ``squares``; Waste Mismanagement
    keeps them (``kept``), anyone else returns them to the supply."""

    seat: int
    squares: tuple[str, ...]
    kept: bool = False


class DogEatDogWorkersLost(DomainEvent, frozen=True, tag="dogeatdog.WorkersLost"):
    """``count`` of ``seat``'s workers went back to the supply ([REDTAPE-CE])."""

    seat: int
    count: int


class DogEatDogWorkersGained(DomainEvent, frozen=True, tag="dogeatdog.WorkersGained"):
    """``seat`` took ``count`` workers from the supply for free ([REDTAPE-CE])."""

    seat: int
    count: int


class DogEatDogLoanTaken(DomainEvent, frozen=True, tag="dogeatdog.LoanTaken"):
    """The bank lent ``seat`` ``amount`` $M, exactly the shortfall of a mandatory payment in
    his Move or Sell step ([LOAN-WHEN])."""

    seat: int
    amount: int


class DogEatDogLoanRepaid(DomainEvent, frozen=True, tag="dogeatdog.LoanRepaid"):
    """``seat`` repaid ``amount`` $M, twice what he borrowed this turn ([LOAN-REPAY])."""

    seat: int
    amount: int


REDTAPE_EVENTS: tuple[type[DomainEvent], ...] = (
    DogEatDogRedTapeDrawn,
    DogEatDogCardDiscarded,
    DogEatDogCardKept,
    DogEatDogCardChoiceOffered,
    DogEatDogCardChoiceMade,
    DogEatDogPaidToBank,
    DogEatDogPaidByBank,
    DogEatDogPaidToPlayer,
    DogEatDogKickbackOffered,
    DogEatDogKickbackTaken,
    DogEatDogCardSold,
    DogEatDogRawTaken,
    DogEatDogMarkersRemoved,
    DogEatDogWorkersLost,
    DogEatDogWorkersGained,
    DogEatDogLoanTaken,
    DogEatDogLoanRepaid,
)
