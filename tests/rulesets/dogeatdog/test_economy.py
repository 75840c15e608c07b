"""The steps after the move (RULES.md sections 10 to 14 and 16): sell, payroll and insolvency,
hire or fire, produce and pollute, exploit and buy, and the spaces that change their rates. The
builders' setup has four players: seat 2 (Goo Pont Plastics: plastic = oil + coal, home city Las
Naugas on track space 6 touching square D, start square G with oil and coal) is on turn, holding
1 oil and 1 chemicals, $25M and 2 workers; seat 3 is D.K. Mart (1 oil), seat 0 W.E. Steel (1 iron,
1 chemicals), seat 1 Georgia Horrific (1 timber, 1 coal)."""

from __future__ import annotations

import pytest
from domain.dogeatdog.actions import (
    DecisionKind,
    DogEatDogBuy,
    DogEatDogChooseDivision,
    DogEatDogCollect,
    DogEatDogDecision,
    DogEatDogEndStrike,
    DogEatDogExtract,
    DogEatDogFire,
    DogEatDogGoBankrupt,
    DogEatDogHire,
    DogEatDogKeepStaff,
    DogEatDogMake,
    DogEatDogPlaceMarker,
    DogEatDogPrice,
    DogEatDogReorganise,
    DogEatDogSell,
    DogEatDogStopExploiting,
    DogEatDogStopProducing,
    DogEatDogStopSelling,
)
from domain.dogeatdog.catalog import Raw
from domain.dogeatdog.rules import decisions, flow, pollution
from domain.dogeatdog.state import DogEatDogState
from domain.errors import RuleViolation
from domain.events.dogeatdog import (
    DogEatDogAcquisitionOffered,
    DogEatDogDiceRolled,
    DogEatDogDivisionChosen,
    DogEatDogGameEnded,
    DogEatDogGoodsSold,
    DogEatDogInsolvent,
    DogEatDogKitReceived,
    DogEatDogMarkerCollected,
    DogEatDogMarketBought,
    DogEatDogPollutionLapsed,
    DogEatDogPollutionOwed,
    DogEatDogPollutionPlaced,
    DogEatDogPriceRolled,
    DogEatDogProductMade,
    DogEatDogRawExtracted,
    DogEatDogReorganised,
    DogEatDogSaleDeclined,
    DogEatDogSquareDegraded,
    DogEatDogStepEnded,
    DogEatDogStrikeCalled,
    DogEatDogStrikeEnded,
    DogEatDogTurnBegan,
    DogEatDogTurnEnded,
    DogEatDogWagesPaid,
    DogEatDogWentBankrupt,
    DogEatDogWorkersFired,
    DogEatDogWorkersHired,
    RollPurpose,
    Step,
    StrikeChoice,
)
from domain.ruleset import GameStatus

from tests.rulesets.dogeatdog.builders import act, at_step, give, play_on, replayed, setup_history

ACTIVE = 2
WM_CHOICES = ("georgia_horrific", "goo_pont_plastics", "dk_mart", "we_steel", "waste_mismanagement")
WM = 0  # in the five-player setup the last chooser, seat 0, is Waste Mismanagement


def round_one() -> DogEatDogState:
    return replayed(setup_history())


def asked(state: DogEatDogState) -> DogEatDogDecision | None:
    return flow.awaited(state)


def refused(state: DogEatDogState, seat: int, action: object) -> str:
    with pytest.raises(RuleViolation) as refusal:
        act(state, seat, action)  # type: ignore[arg-type]
    return refusal.value.rule


# -- spaces ---------------------------------------------------------------------------------


def test_given_landing_on_strike_when_he_walks_out_then_no_wages_and_no_worker_works_this_turn_space_strike() -> None:
    state = round_one()
    state.players[ACTIVE].runner = 8
    events = play_on(state, dice=(1, 1))
    assert DogEatDogStrikeCalled(seat=ACTIVE, space=10) in events
    decision = asked(state)
    assert decision == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.STRIKE)
    assert decisions.default_action(state, decision) == DogEatDogEndStrike(choice=StrikeChoice.SETTLE)
    give(state, ACTIVE, coal=1)  # he could make plastic, were his workers not out
    events = act(state, ACTIVE, DogEatDogEndStrike(choice=StrikeChoice.WALKOUT), dice=(6, 6))
    assert events[0] == DogEatDogStrikeEnded(seat=ACTIVE, choice=StrikeChoice.WALKOUT)
    events += act(state, ACTIVE, DogEatDogStopSelling())
    events += act(state, ACTIVE, DogEatDogKeepStaff())
    assert not any(isinstance(e, DogEatDogWagesPaid) for e in events)
    assert not any(isinstance(e, DogEatDogProductMade) for e in events)
    assert DogEatDogStepEnded(seat=ACTIVE, step=Step.PRODUCE) in events  # he was not asked to make any


def test_given_a_settled_strike_when_payroll_comes_then_each_worker_costs_2_pay_wages_space_strike() -> None:
    state = round_one()
    state.turn.strike = StrikeChoice.SETTLE
    events = at_step(state, Step.PAYROLL)
    assert DogEatDogWagesPaid(seat=ACTIVE, amount=4) in events
    assert state.players[ACTIVE].corporate == 21


def test_given_no_strike_when_payroll_comes_then_each_worker_costs_1_to_the_bank_pay_wages_money_bank() -> None:
    state = round_one()
    events = at_step(state, Step.PAYROLL)
    assert DogEatDogWagesPaid(seat=ACTIVE, amount=2) in events
    assert DogEatDogStepEnded(seat=ACTIVE, step=Step.PAYROLL) in events
    assert state.players[ACTIVE].corporate == 23


# -- sell -----------------------------------------------------------------------------------


def test_given_goods_when_he_prices_oil_then_every_holder_clockwise_from_him_may_sell_any_number_at_that_price_sell_roll_sell_all_sell_dest_swiss_income() -> (
    None
):
    state = round_one()
    at_step(state, Step.SELL)
    decision = asked(state)
    assert decision == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.PRICE)
    assert decisions.legal_actions(state, decision) == [
        DogEatDogPrice(good="chemicals"),
        DogEatDogPrice(good="oil"),
        DogEatDogStopSelling(),
    ]
    assert decisions.default_action(state, decision) == DogEatDogStopSelling()
    events = act(state, ACTIVE, DogEatDogPrice(good="oil"), dice=(2, 3))
    assert events[:2] == [
        DogEatDogDiceRolled(seat=ACTIVE, dice=(2, 3), purpose=RollPurpose.PRICE),
        DogEatDogPriceRolled(seat=ACTIVE, good="oil", price=5, sellers=(ACTIVE, 3)),
    ]
    decision = asked(state)
    assert decision == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.SELL)
    assert decisions.legal_actions(state, decision) == [DogEatDogSell(count=0), DogEatDogSell(count=1)]
    assert decisions.default_action(state, decision) == DogEatDogSell(count=0)
    assert refused(state, ACTIVE, DogEatDogSell(count=2)) == "SELL-ALL"
    assert act(state, ACTIVE, DogEatDogSell(count=1))[0] == DogEatDogGoodsSold(seat=ACTIVE, good="oil", count=1, amount=5)
    assert act(state, 3, DogEatDogSell(count=0))[0] == DogEatDogSaleDeclined(seat=3)
    assert (state.players[ACTIVE].corporate, state.players[ACTIVE].goods["oil"]) == (30, 0)
    assert state.marketplace == {"oil": 1}  # raw materials go onto the Marketplace
    assert refused(state, ACTIVE, DogEatDogPrice(good="oil")) == "SELL-ROLL"  # not held, and priced
    act(state, ACTIVE, DogEatDogStopSelling())
    assert Step.SELL in state.turn.steps_done


def test_given_a_product_when_priced_then_its_price_is_the_roll_plus_20_and_it_goes_back_to_the_supply_sell_roll_sell_dest() -> None:
    state = round_one()
    give(state, ACTIVE, plastic=2)
    at_step(state, Step.SELL)
    assert act(state, ACTIVE, DogEatDogPrice(good="plastic"), dice=(1, 2))[1] == DogEatDogPriceRolled(
        seat=ACTIVE, good="plastic", price=23, sellers=(ACTIVE,)
    )
    sold = act(state, ACTIVE, DogEatDogSell(count=2))[0]
    # The setup law, the Revenue Agent's Excise Tax, takes $2M a product ([LAW-PUBLIC]).
    assert sold == DogEatDogGoodsSold(seat=ACTIVE, good="plastic", count=2, amount=46, fee=4)
    assert state.players[ACTIVE].corporate == 25 + 46 - 4
    assert state.supply["plastic"] == 10


def test_given_he_landed_on_the_trade_show_when_he_prices_a_product_then_it_is_the_roll_plus_25_space_trade_show() -> None:
    state = round_one()
    give(state, ACTIVE, plastic=1)
    at_step(state, Step.SELL, landed=11)
    assert act(state, ACTIVE, DogEatDogPrice(good="plastic"), dice=(1, 2))[1].price == 28  # type: ignore[attr-defined]


def test_given_pollution_markers_when_a_division_other_than_waste_mismanagement_holds_them_then_it_may_not_price_them_sell_pollution() -> (
    None
):
    state = round_one()
    state.players[ACTIVE].pollution_markers, state.supply_pollution = 1, 15
    at_step(state, Step.SELL)
    assert DogEatDogPrice(good="pollution") not in decisions.legal_actions(state, asked(state))  # type: ignore[arg-type]
    assert refused(state, ACTIVE, DogEatDogPrice(good="pollution")) == "SELL-POLLUTION"
    wm = replayed(setup_history(WM_CHOICES))
    at_step(wm, Step.SELL, seat=WM)
    act(wm, WM, DogEatDogPrice(good="pollution"), dice=(4, 4))
    sold = act(wm, WM, DogEatDogSell(count=2))
    assert sold[0] == DogEatDogGoodsSold(seat=WM, good="pollution", count=2, amount=16)  # the raw price
    assert (wm.players[WM].pollution_markers, wm.marketplace) == (0, {"pollution": 2})


# -- payroll and insolvency -----------------------------------------------------------------


def test_given_too_little_money_for_wages_then_he_pays_all_the_rest_is_waived_and_he_chooses_pay_short_insolvent_later() -> None:
    state = round_one()
    state.players[ACTIVE].corporate = 1
    events = at_step(state, Step.PAYROLL)
    assert DogEatDogInsolvent(seat=ACTIVE, paid=1, waived=1) in events
    decision = asked(state)
    assert decision == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.INSOLVENCY)
    assert decisions.default_action(state, decision) == DogEatDogReorganise()
    events = act(state, ACTIVE, DogEatDogReorganise())
    assert events[:2] == [DogEatDogReorganised(seat=ACTIVE), DogEatDogTurnEnded(seat=ACTIVE)]  # his turn ends at once
    assert not any(isinstance(e, DogEatDogStepEnded) for e in events[:2])


def test_given_a_reorganisation_then_all_but_the_swiss_account_is_cleared_and_next_turn_he_takes_a_new_division_reorg_clear_reorg_restart() -> (
    None
):
    state = round_one()
    player = state.players[ACTIVE]
    player.corporate, player.swiss, player.officials = 1, 12, ["CO5"]
    at_step(state, Step.PAYROLL)
    act(state, ACTIVE, DogEatDogReorganise())
    assert (player.division, player.gave_up, player.corporate, player.swiss) == (None, "goo_pont_plastics", 0, 12)
    assert (player.workers, player.goods, player.squares, player.runner) == (0, {}, [], None)
    assert state.squares["G"].controller is None
    assert "CO5" in state.public_laws
    # His next turn: Substandard Oil is the one free card but his old one ([SETUP-WM]: no WM).
    state.turn = type(state.turn)(seat=ACTIVE, number=9)
    decision = asked(state)
    assert decision == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.DIVISION)
    assert decisions.legal_actions(state, decision) == [DogEatDogChooseDivision(division="substandard_oil")]
    assert refused(state, ACTIVE, DogEatDogChooseDivision(division="goo_pont_plastics")) == "REORG-RESTART"
    events = act(state, ACTIVE, DogEatDogChooseDivision(division="substandard_oil"))
    assert events[:3] == [
        DogEatDogDivisionChosen(seat=ACTIVE, division="substandard_oil"),
        DogEatDogKitReceived(seat=ACTIVE, corporate=25, workers=0, goods=(), pollution_markers=0, square=None, runner=12),
        DogEatDogAcquisitionOffered(seat=ACTIVE, space=12),
    ]


def test_given_an_insolvent_player_when_he_goes_bankrupt_then_everything_returns_and_the_last_player_left_wins_bankrupt_out() -> None:
    state = round_one()
    for out in (0, 1):
        state.players[out].in_game = False
    state.players[ACTIVE].corporate = 0
    at_step(state, Step.PAYROLL)
    events = act(state, ACTIVE, DogEatDogGoBankrupt())
    assert events == [DogEatDogWentBankrupt(seat=ACTIVE), DogEatDogGameEnded(reason="BANKRUPT-OUT")]
    player = state.players[ACTIVE]
    assert (player.in_game, player.workers, player.squares, player.runner) == (False, 0, [], None)
    assert state.supply_workers == 32 - 6
    assert state.status is GameStatus.ENDED


# -- hire or fire ---------------------------------------------------------------------------


def test_given_the_hiring_step_then_he_hires_at_3_each_as_far_as_money_and_supply_last_or_fires_for_nothing_hire_cost_fire_free() -> None:
    state = round_one()
    at_step(state, Step.HIRE)
    decision = asked(state)
    assert decision == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.STAFF)
    legal = decisions.legal_actions(state, decision)
    assert legal == [DogEatDogKeepStaff(), *(DogEatDogHire(count=n) for n in range(1, 9)), DogEatDogFire(count=1), DogEatDogFire(count=2)]
    assert decisions.default_action(state, decision) == DogEatDogKeepStaff()
    assert refused(state, ACTIVE, DogEatDogHire(count=9)) == "HIRE-COST"
    assert refused(state, ACTIVE, DogEatDogFire(count=3)) == "FIRE-FREE"
    assert act(state, ACTIVE, DogEatDogHire(count=2))[0] == DogEatDogWorkersHired(seat=ACTIVE, count=2, amount=6)
    assert (state.players[ACTIVE].workers, state.players[ACTIVE].corporate, state.supply_workers) == (4, 19, 32 - 10)
    again = round_one()
    at_step(again, Step.HIRE)
    assert act(again, ACTIVE, DogEatDogFire(count=2))[0] == DogEatDogWorkersFired(seat=ACTIVE, count=2)
    assert (again.players[ACTIVE].workers, again.players[ACTIVE].corporate) == (0, 25)


def test_given_he_landed_on_a_labor_exchange_then_a_worker_costs_2_space_labor_exchange() -> None:
    state = round_one()
    at_step(state, Step.HIRE, landed=3)
    assert act(state, ACTIVE, DogEatDogHire(count=12))[0] == DogEatDogWorkersHired(seat=ACTIVE, count=12, amount=24)


# -- produce and pollute --------------------------------------------------------------------


def test_given_inputs_and_two_workers_when_he_makes_two_plastics_then_each_uses_a_worker_and_one_marker_goes_next_to_his_home_city_produce_worker_produce_recipe_produce_pollute_turn_worker_job() -> (
    None
):
    state = round_one()
    give(state, ACTIVE, oil=2, coal=3)
    at_step(state, Step.PRODUCE)
    decision = asked(state)
    assert decision == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.PRODUCE)
    assert decisions.legal_actions(state, decision) == [DogEatDogMake(product="plastic"), DogEatDogStopProducing()]
    assert refused(state, ACTIVE, DogEatDogMake(product="steel")) == "PRODUCE-RECIPE"
    first = act(state, ACTIVE, DogEatDogMake(product="plastic"))
    assert first[0] == DogEatDogProductMade(seat=ACTIVE, product="plastic", inputs=("coal", "oil"))
    events = act(state, ACTIVE, DogEatDogMake(product="plastic"))  # his second and last worker
    assert events[1:4] == [
        DogEatDogPollutionOwed(seat=ACTIVE, count=1),
        DogEatDogPollutionPlaced(seat=ACTIVE, square="D"),  # the one square by Las Naugas
        DogEatDogStepEnded(seat=ACTIVE, step=Step.PRODUCE),
    ]
    assert state.players[ACTIVE].goods == {"oil": 1, "chemicals": 1, "coal": 1, "plastic": 2}
    assert (state.supply["plastic"], state.supply["oil"], state.squares["D"].markers) == (8, 20 - 3 + 2 - 1, 1)


def test_given_dk_mart_when_it_makes_paper_twice_in_a_turn_then_refused_div_dkmart() -> None:
    state = round_one()
    give(state, 3, timber=2, chemicals=2)
    at_step(state, Step.PRODUCE, seat=3)
    act(state, 3, DogEatDogMake(product="paper"))
    assert refused(state, 3, DogEatDogMake(product="paper")) == "DIV-DKMART"


def test_given_urban_fringe_by_his_home_city_then_markers_go_evenly_to_the_squares_beside_it_his_choice_among_ties_pollute_eligible_pollute_even_degrade_fringe_degrade_stage3() -> (
    None
):
    state = round_one()
    state.squares["D"].stage = 3  # an edge square at stage 3: urban fringe
    state.players[ACTIVE].workers = 3
    give(state, ACTIVE, oil=2, coal=3)
    at_step(state, Step.PRODUCE)
    for _ in range(3):
        act(state, ACTIVE, DogEatDogMake(product="plastic"))
    assert pollution.eligible(state, ACTIVE) == ["C", "H"]  # D itself is final ([DEGRADE-STAGE3])
    decision = asked(state)
    assert decision == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.POLLUTE)
    assert decisions.legal_actions(state, decision) == [DogEatDogPlaceMarker(square="C"), DogEatDogPlaceMarker(square="H")]
    assert decisions.default_action(state, decision) == DogEatDogPlaceMarker(square="C")
    assert refused(state, ACTIVE, DogEatDogPlaceMarker(square="A")) == "POLLUTE-ELIGIBLE"
    events = act(state, ACTIVE, DogEatDogPlaceMarker(square="H"))
    assert events[:2] == [DogEatDogPollutionPlaced(seat=ACTIVE, square="H"), DogEatDogPollutionPlaced(seat=ACTIVE, square="C")]


def test_given_a_square_holding_a_marker_when_a_second_lands_then_it_degrades_and_the_markers_go_back_pollute_degrade() -> None:
    state = round_one()
    state.squares["D"].markers, state.supply_pollution = 1, 15
    give(state, ACTIVE, coal=1)
    at_step(state, Step.PRODUCE)
    events = act(state, ACTIVE, DogEatDogMake(product="plastic"))
    assert DogEatDogSquareDegraded(square="D", stage=2) in events
    assert (state.squares["D"].stage, state.squares["D"].markers, state.supply_pollution) == (2, 0, 16)


def test_given_no_marker_left_in_the_supply_then_the_obligation_lapses_pollute_none() -> None:
    state = round_one()
    state.supply_pollution = 0
    state.players[1].pollution_markers = 16  # the box's markers, all held elsewhere
    give(state, ACTIVE, coal=1)
    at_step(state, Step.PRODUCE)
    events = act(state, ACTIVE, DogEatDogMake(product="plastic"))
    assert DogEatDogPollutionLapsed(seat=ACTIVE, count=1) in events


def test_given_waste_mismanagement_when_it_makes_recyclables_then_it_pollutes_nothing_div_wm() -> None:
    state = replayed(setup_history(WM_CHOICES))
    give(state, WM, iron=1)
    at_step(state, Step.PRODUCE, seat=WM)
    legal = decisions.legal_actions(state, asked(state))  # type: ignore[arg-type]
    assert DogEatDogMake(product="recyclable", raw=Raw.IRON) in legal
    events = act(state, WM, DogEatDogMake(product="recyclable", raw=Raw.IRON))
    assert events[0] == DogEatDogProductMade(seat=WM, product="recyclable", inputs=("iron",), pollution=2)
    assert DogEatDogStepEnded(seat=WM, step=Step.PRODUCE) in events  # nothing left to make
    assert not any(isinstance(e, DogEatDogPollutionOwed) for e in events)
    assert state.players[WM].pollution_markers == 0


# -- exploit and buy ------------------------------------------------------------------------


def test_given_his_square_when_he_extracts_both_icons_then_the_square_degrades_at_once_exploit_icons_exploit_degrade_exploit_control() -> (
    None
):
    state = round_one()
    at_step(state, Step.EXPLOIT)
    decision = asked(state)
    assert decision == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.EXPLOIT)
    assert decisions.legal_actions(state, decision) == [
        DogEatDogExtract(square="G", raw=Raw.COAL),
        DogEatDogExtract(square="G", raw=Raw.OIL),
        DogEatDogStopExploiting(),
    ]
    assert refused(state, ACTIVE, DogEatDogExtract(square="A", raw=Raw.TIMBER)) == "EXPLOIT-CONTROL"
    assert act(state, ACTIVE, DogEatDogExtract(square="G", raw=Raw.OIL))[0] == DogEatDogRawExtracted(seat=ACTIVE, square="G", raw="oil")
    assert refused(state, ACTIVE, DogEatDogExtract(square="G", raw=Raw.OIL)) == "EXPLOIT-ICONS"
    events = act(state, ACTIVE, DogEatDogExtract(square="G", raw=Raw.COAL))
    assert events[1] == DogEatDogSquareDegraded(square="G", stage=2)
    assert state.players[ACTIVE].goods == {"oil": 2, "chemicals": 1, "coal": 1}
    assert DogEatDogStepEnded(seat=ACTIVE, step=Step.EXPLOIT) in events  # no worker left


def test_given_the_marketplace_when_he_buys_then_an_item_costs_12_or_9_on_a_commodity_exchange_buy_market_space_commodity_exchange() -> (
    None
):
    for landed, price in ((None, 12), (4, 9)):
        state = round_one()
        state.marketplace = {"iron": 1}
        state.supply["iron"] -= 1
        at_step(state, Step.EXPLOIT, landed=landed)
        assert act(state, ACTIVE, DogEatDogBuy(good="iron"))[0] == DogEatDogMarketBought(seat=ACTIVE, good="iron", amount=price)
        assert (state.players[ACTIVE].corporate, state.players[ACTIVE].goods["iron"], state.marketplace["iron"]) == (25 - price, 1, 0)


def test_given_pollution_markers_on_the_marketplace_then_only_waste_mismanagement_buys_them_buy_wm_pollution() -> None:
    state = round_one()
    state.marketplace, state.supply_pollution = {"pollution": 1}, 15
    at_step(state, Step.EXPLOIT)
    assert refused(state, ACTIVE, DogEatDogBuy(good="pollution")) == "BUY-WM-POLLUTION"
    wm = replayed(setup_history(WM_CHOICES))
    wm.marketplace, wm.supply_pollution = {"pollution": 1}, 13
    at_step(wm, Step.EXPLOIT, seat=WM)
    act(wm, WM, DogEatDogBuy(good="pollution"))
    assert wm.players[WM].pollution_markers == 3


def test_given_markers_on_squares_then_waste_mismanagement_collects_one_per_square_with_a_worker_from_any_square_exploit_wm_var_wm_own_squares() -> (
    None
):
    state = replayed(setup_history(WM_CHOICES))
    state.squares["A"].markers = state.squares["L"].markers = 1
    state.supply_pollution -= 2
    at_step(state, Step.EXPLOIT, seat=WM)
    legal = decisions.legal_actions(state, asked(state))  # type: ignore[arg-type]
    assert {DogEatDogCollect(square="A"), DogEatDogCollect(square="L")} <= set(legal)
    assert act(state, WM, DogEatDogCollect(square="A"))[0] == DogEatDogMarkerCollected(seat=WM, square="A")
    assert refused(state, WM, DogEatDogCollect(square="A")) == "EXPLOIT-WM"
    assert (state.players[WM].pollution_markers, state.squares["A"].markers) == (3, 0)
    from domain.events.dogeatdog import DogEatDogSettings

    own = replayed(setup_history(WM_CHOICES, settings=DogEatDogSettings(wm_own_squares=True)))
    own.squares["A"].markers = own.squares["L"].markers = 1
    own.supply_pollution -= 2
    at_step(own, Step.EXPLOIT, seat=WM)
    legal = decisions.legal_actions(own, asked(own))  # type: ignore[arg-type]
    assert [a for a in legal if isinstance(a, DogEatDogCollect)] == [DogEatDogCollect(square="L")]


def test_given_a_turn_then_the_next_player_begins_with_all_his_workers_unused_turn_worker_job() -> None:
    state = round_one()
    state.turn.workers_used = 2
    state.turn.steps_done = list(flow.STEPS)
    state.turn.step, state.turn.windows_closed = Step.EXPLOIT, 7
    events = play_on(state, dice=(1, 1))
    assert DogEatDogTurnBegan(seat=3, turn=2, round=1) in events
    assert (state.turn.seat, state.turn.workers_used) == (3, 0)
