"""Red Tape cards, public laws, loans and payments off-turn (RULES.md sections 8, 9 and 16). The
builders' setup has four players; seat 2 (Goo Pont Plastics, home Las Naugas on track space 6)
is on turn with $25M, 2 workers, 1 oil and 1 chemicals. A roll of 1 + 2 takes him to Grand Forge
(space 9), W.E. Steel's home city and not his: he draws. ``stack`` arranges the deck's top."""

from __future__ import annotations

import pytest
from domain.dogeatdog.actions import (
    DecisionKind,
    DogEatDogChooseCard,
    DogEatDogDecision,
    DogEatDogEndStrike,
    DogEatDogHire,
    DogEatDogStopSelling,
)
from domain.dogeatdog.rules import decisions, rates
from domain.dogeatdog.rules.flow import awaited
from domain.dogeatdog.state import DogEatDogState
from domain.dogeatdog.views import event_view, game_view
from domain.errors import RuleViolation
from domain.events.dogeatdog import (
    DogEatDogAcquisitionOffered,
    DogEatDogCardChoiceOffered,
    DogEatDogCardDiscarded,
    DogEatDogCardKept,
    DogEatDogCardSold,
    DogEatDogInsolvent,
    DogEatDogLoanRepaid,
    DogEatDogLoanTaken,
    DogEatDogOfficialLaidOut,
    DogEatDogPaidByBank,
    DogEatDogPaidToBank,
    DogEatDogPaidToPlayer,
    DogEatDogProductMade,
    DogEatDogRawTaken,
    DogEatDogRedTapeDrawn,
    DogEatDogRedTapeShuffled,
    DogEatDogStepEnded,
    DogEatDogStrikeCalled,
    DogEatDogWagesPaid,
    DogEatDogWorkersHired,
    ShuffleReason,
    Step,
    StrikeChoice,
)

from tests.rulesets.dogeatdog.builders import act, at_step, decline_all, give, play_on, replayed, setup_history, stack

ACTIVE = 2
TO_GRAND_FORGE = (1, 2)  # from Las Naugas (6) to Grand Forge (9)


def round_one(*cards: str) -> DogEatDogState:
    state = replayed(setup_history())
    stack(state, *cards)
    return state


def test_given_a_city_not_his_home_when_he_lands_then_he_draws_the_top_card_and_follows_it_redtape_city_redtape_draw() -> None:
    state = round_one("CE04")  # Government Subsidy: the bank pays him $5M
    events = play_on(state, TO_GRAND_FORGE)
    assert DogEatDogRedTapeDrawn(seat=ACTIVE, card="CE04") in events
    assert DogEatDogPaidByBank(seat=ACTIVE, amount=5, reason="CE04") in events
    assert DogEatDogCardDiscarded(card="CE04") in events
    assert state.players[ACTIVE].corporate == 30
    assert state.discard == ["CE04"]
    assert "CE04" not in state.deck


def test_given_his_own_home_city_or_geneva_when_he_lands_then_no_card_is_drawn_home_pass_redtape_city() -> None:
    state = round_one("CE04")
    state.players[ACTIVE].runner = 4
    home = play_on(state, (1, 1))  # onto Las Naugas, his home
    assert DogEatDogAcquisitionOffered(seat=ACTIVE, space=6) in home
    assert not [e for e in home if isinstance(e, DogEatDogRedTapeDrawn)]
    state = round_one("CE04")
    state.players[ACTIVE].runner = 18
    geneva = play_on(state, (1, 1))  # onto Geneva, not a city (R14)
    assert not [e for e in geneva if isinstance(e, DogEatDogRedTapeDrawn)]


def test_given_internal_investigation_when_drawn_then_it_lies_face_up_before_him_for_all_to_see_redtape_hand() -> None:
    state = round_one("CE01")
    events = play_on(state, TO_GRAND_FORGE)
    assert DogEatDogCardKept(seat=ACTIVE, card="CE01") in events
    assert state.players[ACTIVE].current_events == ["CE01"]
    for viewer in (0, ACTIVE, None):
        seen = game_view(state, 1, viewer, outcome=None)
        assert seen.seats[ACTIVE].current_events == ("CE01",)
        assert [event_view(e, viewer, game_ended=False) for e in events] == events


def test_given_an_empty_deck_when_a_card_is_drawn_then_the_discard_pile_is_reshuffled_unseen_redtape_deck_rng_public() -> None:
    state = round_one()
    state.deck, state.discard = [], ["CE04", "CE05"]
    events = play_on(state, TO_GRAND_FORGE)
    shuffle = next(e for e in events if isinstance(e, DogEatDogRedTapeShuffled))
    assert shuffle.reason is ShuffleReason.RESHUFFLE
    assert shuffle.size == 2
    assert sorted(shuffle.cards) == ["CE04", "CE05"]
    assert event_view(shuffle, 0, game_ended=False).cards == ()  # type: ignore[attr-defined]
    assert len([e for e in events if isinstance(e, DogEatDogRedTapeDrawn)]) == 1
    empty = round_one()
    empty.deck, empty.discard = [], []
    assert not [e for e in play_on(empty, TO_GRAND_FORGE) if isinstance(e, DogEatDogRedTapeDrawn)]


def test_given_a_corrupt_official_when_drawn_then_it_lies_on_the_public_laws_sheet_and_binds_everyone_law_public() -> None:
    state = round_one("CO1")  # Minimum Wage Act: $2M a worker
    events = play_on(state, TO_GRAND_FORGE)
    assert DogEatDogOfficialLaidOut(card="CO1") in events
    assert "CO1" in state.public_laws
    decline_all(state)  # nobody bribes the official ([BRIBE-FRESH])
    assert "CO1" in state.public_laws
    payroll = at_step(state, Step.PAYROLL)
    assert DogEatDogWagesPaid(seat=ACTIVE, amount=4) in payroll


def test_given_several_effects_on_one_rate_then_waivers_beat_all_the_highest_cost_and_the_lowest_threshold_apply_law_compose() -> None:
    state = round_one()
    state.turn.move = (3, 3)  # on a Labor Exchange: $2M a worker
    assert rates.hire_cost(state) == 2
    state.turn.drawn = ["CE31"]  # Job Fair: $1M this turn; the space's $2M is higher
    assert rates.hire_cost(state) == 2
    state.public_laws.append("CO2")  # Work Permit Act: $5M beats both discounts
    assert rates.hire_cost(state) == 5
    state.public_laws.append("CO1")
    assert rates.wage(state) == 2
    state.turn.drawn.append("CE18")  # Union Concession waives the payroll
    assert rates.wage(state) == 0
    state.public_laws.append("CO9")  # Revised Tax Code: taxes from $16M
    assert rates.tax_threshold(state) == 16
    state.public_laws.append("CO5")  # Emissions Act: a marker per product
    assert rates.pollution_owed(state, 3) == 3
    state.turn.drawn.append("CE27")  # Price War -5 and the Trade Fair's +5 add up
    state.turn.drawn.append("CE28")
    assert rates.product_delta(state) == 20


def test_given_a_mandatory_card_payment_beyond_his_account_in_the_move_then_the_bank_lends_the_shortfall_loan_when() -> None:
    state = round_one("CE06")  # Lawsuit Settlement: pay $5M
    state.players[ACTIVE].corporate = 3
    events = play_on(state, TO_GRAND_FORGE)
    assert DogEatDogLoanTaken(seat=ACTIVE, amount=2) in events
    assert DogEatDogPaidToBank(seat=ACTIVE, amount=5, reason="CE06") in events
    assert state.players[ACTIVE].corporate == 0
    assert state.turn.borrowed == 2
    assert game_view(state, 1, 0, outcome=None).turn.borrowed == 2  # type: ignore[union-attr]


def test_given_a_loan_when_the_sell_step_ends_then_twice_the_loan_is_repaid_loan_repay_sell_loan_repay() -> None:
    state = round_one("CE06")
    state.players[ACTIVE].corporate = 3
    play_on(state, TO_GRAND_FORGE)
    state.players[ACTIVE].corporate = 10  # as a sale would have brought
    assert awaited(state) == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.PRICE)
    events = act(state, ACTIVE, DogEatDogStopSelling())
    repaid = events.index(DogEatDogLoanRepaid(seat=ACTIVE, amount=4))
    assert repaid < events.index(DogEatDogStepEnded(seat=ACTIVE, step=Step.SELL))
    assert state.players[ACTIVE].corporate == 6 - 2  # and the payroll's $2M after it
    assert state.turn.borrowed == 0


def test_given_a_loan_he_cannot_repay_when_the_sell_step_ends_then_he_is_insolvent_loan_repay_insolvent_later() -> None:
    state = round_one("CE06")
    state.players[ACTIVE].corporate = 3
    play_on(state, TO_GRAND_FORGE)
    state.players[ACTIVE].corporate = 1
    events = act(state, ACTIVE, DogEatDogStopSelling())
    assert DogEatDogInsolvent(seat=ACTIVE, paid=1, waived=3) in events
    assert awaited(state) == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.INSOLVENCY)


def test_given_a_card_that_makes_others_pay_then_each_pays_as_far_as_he_can_and_the_rest_is_waived_insolvent_offturn() -> None:
    state = round_one("CE26")  # Charity Gala: each other player pays him $1M
    state.players[0].corporate = 0
    events = play_on(state, TO_GRAND_FORGE)
    assert [e for e in events if isinstance(e, DogEatDogPaidToPlayer)] == [
        DogEatDogPaidToPlayer(seat=3, to=ACTIVE, amount=1, reason="CE26"),
        DogEatDogPaidToPlayer(seat=0, to=ACTIVE, amount=0, reason="CE26", waived=1),
        DogEatDogPaidToPlayer(seat=1, to=ACTIVE, amount=1, reason="CE26"),
    ]
    assert state.players[ACTIVE].corporate == 27
    assert state.players[0].corporate == 0
    assert awaited(state) != DogEatDogDecision(seat=0, kind=DecisionKind.INSOLVENCY)


def test_given_media_expose_then_the_richest_pay_off_turn_as_far_as_they_can_not_by_a_loan_insolvent_offturn() -> None:
    state = round_one("CE25")  # Media Expose: the richest pay $5M
    state.players[1].corporate = 40
    events = play_on(state, TO_GRAND_FORGE)
    assert DogEatDogPaidToBank(seat=1, amount=5, reason="CE25") in events
    assert not [e for e in events if isinstance(e, DogEatDogLoanTaken)]


def test_given_a_card_that_asks_a_choice_then_the_drawer_chooses_among_the_legal_ones_and_the_default_uses_no_may_part_redtape_ce() -> None:
    state = round_one("CE13")  # Commodity Broker: may sell up to 2 raw materials at $10M
    events = play_on(state, TO_GRAND_FORGE)
    assert DogEatDogCardChoiceOffered(seat=ACTIVE, card="CE13", space=9) in events
    decision = DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.CARD)
    assert awaited(state) == decision
    options = decisions.legal_actions(state, decision)
    assert options == [DogEatDogChooseCard(choice=choice) for choice in [(), ("chemicals",), ("oil",), ("chemicals", "oil")]]
    assert decisions.default_action(state, decision) == DogEatDogChooseCard(choice=())
    with pytest.raises(RuleViolation) as refusal:
        act(state, ACTIVE, DogEatDogChooseCard(choice=("oil", "oil")))
    assert refusal.value.rule == "REDTAPE-CE"
    sold = act(state, ACTIVE, DogEatDogChooseCard(choice=("chemicals", "oil")))
    assert DogEatDogCardSold(seat=ACTIVE, goods=("chemicals", "oil"), amount=20) in sold
    assert state.marketplace == {"chemicals": 1, "oil": 1}
    assert DogEatDogStepEnded(seat=ACTIVE, step=Step.MOVE) in sold  # the move goes on


def test_given_windfall_discovery_then_he_takes_a_raw_material_he_chooses_from_the_supply_redtape_ce() -> None:
    state = round_one("CE14")
    play_on(state, TO_GRAND_FORGE)
    events = act(state, ACTIVE, DogEatDogChooseCard(choice=("coal",)))
    assert DogEatDogRawTaken(seat=ACTIVE, raw="coal") in events
    assert state.players[ACTIVE].goods["coal"] == 1


def test_given_wildcat_strike_then_he_chooses_as_on_the_strike_space_redtape_ce_space_strike() -> None:
    state = round_one("CE30")
    events = play_on(state, TO_GRAND_FORGE)
    assert DogEatDogStrikeCalled(seat=ACTIVE, space=9) in events
    act(state, ACTIVE, DogEatDogEndStrike(choice=StrikeChoice.SETTLE))
    assert rates.wage(state) == 2


def test_given_equipment_breakdown_and_a_job_fair_then_he_hires_at_1_and_makes_nothing_this_turn_redtape_ce() -> None:
    state = round_one("CE19")
    play_on(state, TO_GRAND_FORGE)
    state.players[ACTIVE].goods["coal"] = 1  # oil and coal: a plastic could be made
    state.turn.drawn.append("CE31")  # and a Job Fair: $1M a worker this turn
    at_step(state, Step.HIRE)
    events = act(state, ACTIVE, DogEatDogHire(count=1))
    assert DogEatDogWorkersHired(seat=ACTIVE, count=1, amount=1) in events
    assert DogEatDogStepEnded(seat=ACTIVE, step=Step.PRODUCE) in events
    assert not [e for e in events if isinstance(e, DogEatDogProductMade)]


def test_given_a_public_excise_tax_when_a_card_sells_a_product_then_the_tax_is_charged_out_of_the_proceeds_law_public_sell_all() -> None:
    state = round_one("CE11")  # Government Contract: may sell one product at $35M
    give(state, ACTIVE, plastic=1)
    play_on(state, TO_GRAND_FORGE)
    before = state.players[ACTIVE].corporate
    sold = act(state, ACTIVE, DogEatDogChooseCard(choice=("plastic",)))
    # The builders' setup law, the Revenue Agent, takes $2M of every product sold to the bank.
    assert DogEatDogCardSold(seat=ACTIVE, goods=("plastic",), amount=35, fee=2) in sold
    assert state.players[ACTIVE].corporate == before + 33
