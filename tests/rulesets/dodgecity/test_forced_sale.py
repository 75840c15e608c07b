"""Forced sale [EVENT-SELL]: a player who must pay more than his cash sells his own stones, of his
choice and one at a time, to the bank at half price (lady 150, gunman 125, sheriff 100, bandit 75,
cowboy 50) until he can pay, then pays; with nothing left to sell he pays all he has and the rest
is waived, so cash never goes below 0. Birthday gifts (E19, [EVENT-BIRTHDAY]) never force a sale.

Each test arranges the event card on top of the event pile, makes seat 0 start player with a "?"
in hand, sets up stones and cash during the start round, then lets seat 0 play the "?".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

import msgspec
import pytest
from domain.dodgecity.actions import BuyStone, ChooseRecipient, EndTurn, GiveStone, PlayCard, SellStone
from domain.dodgecity.decisions import Decision, DecisionKind
from domain.dodgecity.figures import Figure
from domain.dodgecity.ruleset import DodgeCityGame
from domain.errors import RuleViolation
from domain.events.base import NO_GAME
from domain.events.dodgecity import DomainEvent, MoneyPaid, StoneSold

from tests.builders import (
    COWBOY_5,
    COWBOY_6,
    LADY_7,
    QUESTION_1,
    commit_start,
    money,
    names,
    new_game,
    of_type,
    refused,
    stones,
    when,
)

E = TypeVar("E", bound=DomainEvent)

HALF_PRICE = {
    Figure.LADY: 150,
    Figure.GUNMAN: 125,
    Figure.SHERIFF: 100,
    Figure.BANDIT: 75,
    Figure.COWBOY: 50,
}


def event_game(event: str) -> DodgeCityGame:
    """Given: a 3-player game in its start round with ``event`` on top of the event pile; seat 0
    holds LADY_7 (it will start) and a "?"."""
    return new_game(3, hands={0: [LADY_7, QUESTION_1], 1: [COWBOY_5], 2: [COWBOY_6]}, events=[event])


def play_question(game: DodgeCityGame) -> list[DomainEvent]:
    """When: the start round is played and seat 0 plays its "?" in its setting turn."""
    commit_start(game, {0: LADY_7, 1: COWBOY_5, 2: COWBOY_6})
    return when(game, 0, PlayCard(card=QUESTION_1))


def sell(game: DodgeCityGame, building: str, row: int, col: int) -> list[DomainEvent]:
    return when(game, 0, SellStone(building=building, row=row, col=col))


def plains(events: Iterable[E]) -> list[E]:
    """The events without their stamp (originator id and version), to compare by value."""
    return [msgspec.structs.replace(e, originator_id=NO_GAME, originator_version=0) for e in events]


def cash(game: DodgeCityGame, seat: int) -> int:
    return game.state.players[seat].money


def only_decision(game: DodgeCityGame) -> Decision:
    pending = game.pending()
    assert len(pending) == 1, pending
    return pending[0]


@pytest.mark.rule("EVENT-SELL")
def test_EVENT_SELL_E08_given_100_cash_when_owing_500_then_sells_until_he_can_pay() -> None:
    game = event_game("E08")
    money(game, 0, 100)
    stones(game, 0, "hotel", [(0, 0), (0, 1), (1, 0)], Figure.LADY)
    stones(game, 0, "saloon", [(1, 0)], Figure.COWBOY)

    events = play_question(game)
    assert of_type(events, MoneyPaid) == []
    assert only_decision(game) == Decision(seat=0, kind=DecisionKind.SELL_STONES, event="E08", remaining=400)
    assert set(game.legal_actions(0)) == {
        SellStone(building="hotel", row=0, col=0),
        SellStone(building="hotel", row=0, col=1),
        SellStone(building="hotel", row=1, col=0),
        SellStone(building="saloon", row=1, col=0),
    }
    events = sell(game, "hotel", 0, 1)
    assert only_decision(game).remaining == 250
    events += sell(game, "hotel", 1, 0)
    assert only_decision(game).remaining == 100
    events += sell(game, "hotel", 0, 0)

    assert plains(of_type(events, StoneSold)) == [
        StoneSold(seat=0, building="hotel", cell=cell, amount=150) for cell in [(0, 1), (1, 0), (0, 0)]
    ]
    assert plains(of_type(events, MoneyPaid)) == [MoneyPaid(seat=0, amount=500, to=None, waived=0, cause="E08")]
    assert names(events).index("MoneyPaid") > names(events).index("StoneSold")
    assert cash(game, 0) == 50  # 100 + 3 x 150 - 500
    assert game.state.buildings["hotel"].stones == {}
    assert game.state.buildings["saloon"].stones == {(1, 0): 0}  # not sold: no longer needed
    assert game.state.players[0].on_board == 1
    assert only_decision(game).kind is DecisionKind.BUY_STONES


@pytest.mark.rule("EVENT-SELL")
@pytest.mark.parametrize("figure", list(Figure))
def test_EVENT_SELL_E26_given_one_stone_when_sold_then_half_its_price_and_rest_waived(
    figure: Figure,
) -> None:
    game = event_game("E26")
    money(game, 0, 0)
    stones(game, 0, "saloon", [(1, 0)], figure)
    play_question(game)

    events = sell(game, "saloon", 1, 0)

    half = HALF_PRICE[figure]
    assert plains(of_type(events, StoneSold)) == [StoneSold(seat=0, building="saloon", cell=(1, 0), amount=half)]
    assert plains(of_type(events, MoneyPaid)) == [MoneyPaid(seat=0, amount=half, to=None, waived=300 - half, cause="E26")]
    assert cash(game, 0) == 0
    assert game.state.players[0].on_board == 0
    assert game.state.buildings["saloon"].figure is figure  # the building stays claimed


@pytest.mark.rule("EVENT-SELL")
def test_EVENT_SELL_E16_given_nothing_to_sell_when_short_then_pays_all_rest_waived() -> None:
    game = event_game("E16")
    money(game, 0, 100)

    events = play_question(game)

    assert of_type(events, StoneSold) == []
    assert plains(of_type(events, MoneyPaid)) == [MoneyPaid(seat=0, amount=100, to=None, waived=500, cause="E16")]
    assert cash(game, 0) == 0
    assert only_decision(game).kind is DecisionKind.BUY_STONES


@pytest.mark.rule("EVENT-SELL")
def test_EVENT_SELL_E17_given_exactly_enough_cash_when_drawn_then_pays_without_selling() -> None:
    game = event_game("E17")
    money(game, 0, 500)
    stones(game, 0, "saloon", [(1, 0)], Figure.LADY)

    events = play_question(game)

    assert of_type(events, StoneSold) == []
    assert plains(of_type(events, MoneyPaid)) == [MoneyPaid(seat=0, amount=500, to=None, waived=0, cause="E17")]
    assert cash(game, 0) == 0
    assert game.state.buildings["saloon"].stones == {(1, 0): 0}


@pytest.mark.rule("EVENT-SELL")
def test_EVENT_SELL_E01_given_a_debt_when_selling_another_players_stone_then_refused() -> None:
    game = event_game("E01")
    money(game, 0, 0)
    stones(game, 0, "saloon", [(1, 0)], Figure.COWBOY)
    stones(game, 1, "saloon", [(1, 1)])
    play_question(game)
    assert game.legal_actions(0) == [SellStone(building="saloon", row=1, col=0)]

    refused(game, 0, SellStone(building="saloon", row=1, col=1), "EVENT-SELL")
    refused(game, 0, SellStone(building="saloon", row=1, col=2), "EVENT-SELL")  # empty field

    assert game.state.buildings["saloon"].stones == {(1, 0): 0, (1, 1): 1}


@pytest.mark.rule("EVENT-SELL")
def test_EVENT_SELL_E01_given_a_debt_when_an_opponent_tries_to_sell_then_refused() -> None:
    game = event_game("E01")
    money(game, 0, 0)
    stones(game, 0, "saloon", [(1, 0)], Figure.COWBOY)
    stones(game, 1, "saloon", [(1, 1)])
    play_question(game)
    game.collect_events()

    assert game.legal_actions(1) == []
    with pytest.raises(RuleViolation):
        game.act(1, SellStone(building="saloon", row=1, col=1))
    assert game.collect_events() == []
    assert cash(game, 1) == 2000


@pytest.mark.rule("EVENT-SELL")
def test_EVENT_SELL_E20_given_no_debt_when_selling_a_stone_then_refused() -> None:
    game = event_game("E20")
    stones(game, 0, "saloon", [(1, 0)], Figure.COWBOY)
    play_question(game)
    assert only_decision(game).kind is DecisionKind.BUY_STONES

    refused(game, 0, SellStone(building="saloon", row=1, col=0), "EVENT-SELL")

    when(game, 0, BuyStone(building="saloon", row=1, col=1))
    when(game, 0, EndTurn())
    assert game.state.buildings["saloon"].stones == {(1, 0): 0, (1, 1): 0}


@pytest.mark.rule("EVENT-SELL")
def test_EVENT_SELL_E02_given_no_cash_when_lady_given_then_sells_and_pays_opponent() -> None:
    game = event_game("E02")
    money(game, 0, 0)
    stones(game, 0, "hotel", [(1, 1)], Figure.LADY)
    stones(game, 0, "saloon", [(1, 0)], Figure.COWBOY)
    play_question(game)
    when(game, 0, ChooseRecipient(seat=1))

    events = when(game, 0, GiveStone(building="hotel", row=1, col=1))
    assert of_type(events, MoneyPaid) == []
    assert only_decision(game) == Decision(seat=0, kind=DecisionKind.SELL_STONES, event="E02", remaining=200)
    assert game.legal_actions(0) == [SellStone(building="saloon", row=1, col=0)]
    events = sell(game, "saloon", 1, 0)

    assert plains(of_type(events, MoneyPaid)) == [MoneyPaid(seat=0, amount=50, to=1, waived=150, cause="E02")]
    assert [cash(game, s) for s in (0, 1, 2)] == [0, 2050, 2000]
    assert game.state.buildings["hotel"].stones == {(1, 1): 1}


@pytest.mark.rule("EVENT-BIRTHDAY")
def test_EVENT_BIRTHDAY_E19_given_poor_opponents_when_drawn_then_they_never_sell() -> None:
    game = event_game("E19")
    money(game, 1, 20)
    money(game, 2, 0)
    stones(game, 1, "saloon", [(1, 0)], Figure.LADY)
    stones(game, 2, "saloon", [(1, 1)])

    events = play_question(game)

    assert of_type(events, StoneSold) == []
    paid = [(e.seat, e.amount, e.to, e.waived) for e in of_type(events, MoneyPaid) if e.amount]
    assert paid == [(1, 20, 0, 0)]
    assert [cash(game, s) for s in (0, 1, 2)] == [2020, 0, 0]
    assert game.state.buildings["saloon"].stones == {(1, 0): 1, (1, 1): 2}
    assert only_decision(game).kind is DecisionKind.BUY_STONES
