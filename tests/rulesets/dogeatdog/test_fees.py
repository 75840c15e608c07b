"""The public laws' fees (RULES.md section 9, ``cards.json``): the Zoning Commissioner's Land
Transfer Fee on gaining a square, the Revenue Agent's Excise Tax per product sold, the Mining
Permit Officer's Extraction Permit Act per raw material extracted. A public law binds everyone
([LAW-PUBLIC]); each fee is in the event that charges it. The builders' setup has four players;
seat 2 (Goo Pont Plastics, square G, $25M) is on turn; the setup law is the Revenue Agent."""

from __future__ import annotations

import pytest
from domain.dogeatdog.actions import (
    DogEatDogBid,
    DogEatDogDiceBid,
    DogEatDogExtract,
    DogEatDogOpenAuction,
    DogEatDogPrice,
    DogEatDogSell,
)
from domain.dogeatdog.catalog import Raw
from domain.dogeatdog.rules import decisions, exploit
from domain.dogeatdog.rules.flow import awaited
from domain.dogeatdog.state import DogEatDogState
from domain.errors import RuleViolation
from domain.events.dogeatdog import (
    DogEatDogAuctionWon,
    DogEatDogDiceBidWon,
    DogEatDogGoodsSold,
    DogEatDogRawExtracted,
    DogEatDogStepEnded,
    Step,
)

from tests.rulesets.dogeatdog.builders import FIRST_LAW, act, at_step, give, play_on, replayed, setup_history

ACTIVE = 2


def with_laws(*laws: str) -> DogEatDogState:
    """Round one with ``laws`` on the Public Laws sheet instead of the setup law."""
    state = replayed(setup_history())
    state.public_laws.remove(FIRST_LAW)
    state.deck.append(FIRST_LAW)
    for law in laws:
        state.deck.remove(law)
        state.public_laws.append(law)
    return state


def refused(state: DogEatDogState, seat: int, action: object) -> str:
    with pytest.raises(RuleViolation) as refusal:
        act(state, seat, action)  # type: ignore[arg-type]
    return refusal.value.rule


def at_home(state: DogEatDogState) -> DogEatDogState:
    """Seat 2 passes his home city and is offered an acquisition."""
    state.players[ACTIVE].runner = 3
    play_on(state, dice=(2, 3))
    return state


def test_given_a_public_excise_tax_when_products_are_sold_then_every_seller_pays_2_a_product_out_of_the_proceeds_and_raw_materials_none_law_public_sell_all() -> (
    None
):
    state = with_laws("CO7")
    give(state, ACTIVE, plastic=2, oil=1)
    give(state, 3, plastic=1)
    at_step(state, Step.SELL)
    act(state, ACTIVE, DogEatDogPrice(good="plastic"), dice=(1, 2))  # $23M a unit
    assert act(state, ACTIVE, DogEatDogSell(count=2))[0] == DogEatDogGoodsSold(seat=ACTIVE, good="plastic", count=2, amount=46, fee=4)
    assert act(state, 3, DogEatDogSell(count=1))[0] == DogEatDogGoodsSold(seat=3, good="plastic", count=1, amount=23, fee=2)
    assert (state.players[ACTIVE].corporate, state.players[3].corporate) == (25 + 42, 25 + 21)
    act(state, ACTIVE, DogEatDogPrice(good="oil"), dice=(3, 3))
    assert act(state, ACTIVE, DogEatDogSell(count=1))[0] == DogEatDogGoodsSold(seat=ACTIVE, good="oil", count=1, amount=6)
    untaxed = with_laws()
    give(untaxed, ACTIVE, plastic=1)
    at_step(untaxed, Step.SELL)
    act(untaxed, ACTIVE, DogEatDogPrice(good="plastic"), dice=(1, 2))
    assert act(untaxed, ACTIVE, DogEatDogSell(count=1))[0] == DogEatDogGoodsSold(seat=ACTIVE, good="plastic", count=1, amount=23)


def test_given_a_public_land_transfer_fee_when_he_wins_a_dice_bid_then_he_pays_5_more_and_may_offer_only_what_leaves_the_fee_law_public_bid_sealed() -> (
    None
):
    state = at_home(with_laws("CO6"))
    state.players[ACTIVE].corporate = 12
    decision = awaited(state)
    assert decision is not None
    offers = {a.offer for a in decisions.legal_actions(state, decision) if isinstance(a, DogEatDogDiceBid)}
    assert offers == set(range(2, 8))  # $12M less the $5M fee
    assert refused(state, ACTIVE, DogEatDogDiceBid(square="A", offer=8)) == "BID-SEALED"
    events = act(state, ACTIVE, DogEatDogDiceBid(square="A", offer=7), dice=(3, 4))
    assert DogEatDogDiceBidWon(seat=ACTIVE, square="A", amount=7, fee=5) in events
    assert (state.players[ACTIVE].corporate, state.squares["A"].controller) == (0, ACTIVE)


def test_given_a_public_land_transfer_fee_then_nobody_may_bid_more_than_his_account_less_the_fee_and_the_winner_pays_it_auction_funds_auction_eligible() -> (
    None
):
    state = at_home(with_laws("CO6"))
    act(state, ACTIVE, DogEatDogOpenAuction(square="A"))
    decision = awaited(state)
    assert decision is not None
    assert max(a.amount for a in decisions.legal_actions(state, decision) if isinstance(a, DogEatDogBid)) == 20
    assert refused(state, ACTIVE, DogEatDogBid(amount=21)) == "AUCTION-FUNDS"
    for seat in (3, 0, 1):
        state.players[seat].corporate = 24  # $24M less the fee cannot beat a bid of $20M
    events = act(state, ACTIVE, DogEatDogBid(amount=19))
    assert DogEatDogAuctionWon(seat=ACTIVE, square="A", amount=19, fee=5) in events
    assert state.players[ACTIVE].corporate == 1


def test_given_a_public_extraction_permit_act_then_each_raw_material_costs_1_first_and_without_it_there_is_no_extraction_law_public_exploit_icons() -> (
    None
):
    state = with_laws("CO8")
    at_step(state, Step.EXPLOIT)
    events = act(state, ACTIVE, DogEatDogExtract(square="G", raw=Raw.OIL))
    assert events[0] == DogEatDogRawExtracted(seat=ACTIVE, square="G", raw="oil", fee=1)
    assert state.players[ACTIVE].corporate == 24
    broke = with_laws("CO8")
    broke.players[ACTIVE].corporate = 0
    assert exploit.extractions(broke, ACTIVE) == []
    assert exploit.refusal(broke, ACTIVE, DogEatDogExtract(square="G", raw=Raw.COAL)) == "LAW-PUBLIC"
    ended = at_step(broke, Step.EXPLOIT)  # nothing he may do: the step ends unasked
    assert not [e for e in ended if isinstance(e, DogEatDogRawExtracted)]
    assert DogEatDogStepEnded(seat=ACTIVE, step=Step.EXPLOIT) in ended
