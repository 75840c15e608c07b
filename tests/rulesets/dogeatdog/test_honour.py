"""The honour system given/when/then (RULES.md section 20a, only with [VAR-HONOUR]): where a law
in force or the pollution duty changes what the active player must pay or place he complies or
breaches ([HONOUR-BREACH]); a breach leaves a violation only he can see ([SEE-PRIVATE]), which
another player may denounce ([HONOUR-DENOUNCE]), he may report ([HONOUR-SELF-REPORT]), or which
expires when his next turn begins ([HONOUR-EXPIRE]). In the built game seat 2 plays first, with
two workers and $25M; seats 3, 0 and 1 follow. The Wage Inspector (CO1) makes wages $2M a
worker; the Revised Tax Code (CO9) taxes from $16M."""

from __future__ import annotations

import msgspec
import pytest
from domain.dogeatdog.actions import (
    DecisionKind,
    DogEatDogBid,
    DogEatDogBreach,
    DogEatDogBuy,
    DogEatDogComply,
    DogEatDogDecision,
    DogEatDogDeclineBribe,
    DogEatDogDenounce,
    DogEatDogDiceBid,
    DogEatDogExtract,
    DogEatDogFire,
    DogEatDogHire,
    DogEatDogInvoke,
    DogEatDogLetPass,
    DogEatDogMake,
    DogEatDogOpenAuction,
    DogEatDogPass,
    DogEatDogPassBid,
    DogEatDogPrice,
    DogEatDogSelfReport,
    DogEatDogSell,
)
from domain.dogeatdog.catalog import Raw
from domain.dogeatdog.rules import decisions, flow
from domain.dogeatdog.state import DogEatDogState, Violation
from domain.dogeatdog.views import event_view, game_view
from domain.errors import RuleViolation
from domain.events.base import DomainEvent
from domain.events.dogeatdog import (
    HIDDEN,
    DogEatDogAuctionWon,
    DogEatDogCardDiscarded,
    DogEatDogComplianceAnswered,
    DogEatDogComplianceAsked,
    DogEatDogDiceBidWon,
    DogEatDogGoodsSold,
    DogEatDogInsolvent,
    DogEatDogLoanTaken,
    DogEatDogMarketBought,
    DogEatDogOfficialLaidOut,
    DogEatDogPaidToBank,
    DogEatDogPollutionOwed,
    DogEatDogPollutionPlaced,
    DogEatDogRawExtracted,
    DogEatDogSettings,
    DogEatDogStepEnded,
    DogEatDogTaxPaid,
    DogEatDogTurnBegan,
    DogEatDogViolationDenounced,
    DogEatDogViolationExpired,
    DogEatDogViolationReported,
    DogEatDogWagesPaid,
    DogEatDogWindowWentOn,
    DogEatDogWorkersFired,
    DogEatDogWorkersHired,
    Step,
)

from tests.rulesets.dogeatdog.builders import act, at_step, give, play_defaults, play_on, replayed, setup_history, stack

ACTIVE = 2
WAGE_INSPECTOR = "CO1"
TAX_CODE = "CO9"
COMPLY = DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.COMPLY)


def history(*, honour: bool = True) -> list[DomainEvent]:
    return setup_history(settings=DogEatDogSettings(honour=honour))


def with_laws(*laws: str, honour: bool = True) -> DogEatDogState:
    """A built game with the honour system (or without) and ``laws`` on the Public Laws sheet."""
    state = replayed(history(honour=honour))
    for card in laws:
        state.deck.remove(card)
        state.public_laws.append(card)
    return state


def refused(state: DogEatDogState, seat: int, action: object) -> str:
    with pytest.raises(RuleViolation) as refusal:
        act(state, seat, action, windows=True)  # type: ignore[arg-type]
    return refusal.value.rule


def breached_wages() -> DogEatDogState:
    """Seat 2 breached the Wage Inspector's law at his payroll in turn 1: he paid $2M, not $4M,
    and the window after the step is open."""
    state = with_laws(WAGE_INSPECTOR)
    at_step(state, Step.PAYROLL)
    act(state, ACTIVE, DogEatDogBreach(), windows=True)
    return state


@pytest.mark.rule("HONOUR-BREACH")
@pytest.mark.rule("VAR-HONOUR")
@pytest.mark.rule("HONOUR")
def test_given_the_honour_system_when_a_law_raises_his_wages_then_he_complies_or_breaches_and_a_breach_pays_without_the_law_honour_breach_var_honour() -> (
    None
):
    state = with_laws(WAGE_INSPECTOR)
    events = at_step(state, Step.PAYROLL)
    assert events[-1] == DogEatDogComplianceAsked(seat=ACTIVE, question="wages", rule=WAGE_INSPECTOR, due=4, lawful=2)
    assert flow.awaited(state) == COMPLY
    assert decisions.legal_actions(state, COMPLY) == [DogEatDogComply(), DogEatDogBreach()]
    assert decisions.default_action(state, COMPLY) == DogEatDogComply()
    assert refused(state, ACTIVE, DogEatDogPass()) == "HONOUR-BREACH"
    events = act(state, ACTIVE, DogEatDogBreach(), windows=True)
    assert events[:2] == [
        DogEatDogComplianceAnswered(seat=ACTIVE, question="wages", rule=WAGE_INSPECTOR, turn=1, shortfall=2),
        DogEatDogWagesPaid(seat=ACTIVE, amount=2),  # a public payment, as at the table
    ]
    assert state.violations == [Violation(seat=ACTIVE, rule=WAGE_INSPECTOR, turn=1, shortfall=2)]
    complied = with_laws(WAGE_INSPECTOR)
    at_step(complied, Step.PAYROLL)
    events = act(complied, ACTIVE, DogEatDogComply())
    assert events[:2] == [
        DogEatDogComplianceAnswered(seat=ACTIVE, question="wages", rule=WAGE_INSPECTOR, turn=1, shortfall=0),
        DogEatDogWagesPaid(seat=ACTIVE, amount=4),
    ]
    assert complied.violations == []


@pytest.mark.rule("LAW-ENFORCED")
def test_given_no_honour_system_then_the_engine_applies_every_law_and_nothing_may_be_denounced_law_enforced() -> None:
    state = with_laws(WAGE_INSPECTOR, honour=False)
    events = at_step(state, Step.PAYROLL)
    assert DogEatDogWagesPaid(seat=ACTIVE, amount=4) in events
    assert not any(isinstance(event, DogEatDogComplianceAsked) for event in events)
    window = DogEatDogDecision(seat=3, kind=DecisionKind.WINDOW)
    with pytest.raises(RuleViolation) as refusal:
        decisions.check(state, 3, DogEatDogDenounce(violator=ACTIVE, rule=WAGE_INSPECTOR, turn=1), window)
    assert refusal.value.rule == "LAW-ENFORCED"


@pytest.mark.rule("HONOUR-BREACH")
@pytest.mark.rule("TAX-PASS")
def test_given_the_honour_system_when_he_passes_taxes_under_a_lower_threshold_then_a_breach_pays_only_from_26m_honour_breach_tax_pass() -> (
    None
):
    state = with_laws(TAX_CODE)
    state.players[ACTIVE].runner = 3
    events = play_on(state, dice=(1, 2))  # passes Taxes (5) with $25M
    assert events[-1] == DogEatDogComplianceAsked(seat=ACTIVE, question="taxes", rule=TAX_CODE, due=8, lawful=0, space=4)
    events = act(state, ACTIVE, DogEatDogBreach())
    assert events[0] == DogEatDogComplianceAnswered(seat=ACTIVE, question="taxes", rule=TAX_CODE, turn=1, shortfall=8)
    assert not any(isinstance(event, DogEatDogTaxPaid) for event in events)
    assert flow.awaited(state) == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.ACQUISITION)  # the move went on
    complied = with_laws(TAX_CODE)
    complied.players[ACTIVE].runner = 3
    play_on(complied, dice=(1, 2))
    assert DogEatDogTaxPaid(seat=ACTIVE, amount=8) in act(complied, ACTIVE, DogEatDogComply())


@pytest.mark.rule("HONOUR-BREACH")
@pytest.mark.rule("PRODUCE-POLLUTE")
def test_given_the_honour_system_when_he_owes_pollution_then_he_may_place_fewer_markers_honour_breach_produce_pollute() -> None:
    state = with_laws()
    give(state, ACTIVE, oil=2, coal=3)
    at_step(state, Step.PRODUCE)
    act(state, ACTIVE, DogEatDogMake(product="plastic"))
    events = act(state, ACTIVE, DogEatDogMake(product="plastic"))
    assert events[-1] == DogEatDogComplianceAsked(seat=ACTIVE, question="pollute", rule="PRODUCE-POLLUTE", due=1, lawful=0)
    assert decisions.legal_actions(state, COMPLY) == [DogEatDogComply(), DogEatDogBreach(placed=0)]
    events = act(state, ACTIVE, DogEatDogBreach(placed=0), windows=True)
    assert events[:2] == [
        DogEatDogComplianceAnswered(seat=ACTIVE, question="pollute", rule="PRODUCE-POLLUTE", turn=1, shortfall=1),
        DogEatDogStepEnded(seat=ACTIVE, step=Step.PRODUCE),
    ]
    assert state.squares["D"].markers == 0
    assert state.violations == [Violation(seat=ACTIVE, rule="PRODUCE-POLLUTE", turn=1, shortfall=1, markers=True)]
    complied = with_laws()
    give(complied, ACTIVE, oil=2, coal=3)
    at_step(complied, Step.PRODUCE)
    act(complied, ACTIVE, DogEatDogMake(product="plastic"))
    act(complied, ACTIVE, DogEatDogMake(product="plastic"))
    events = act(complied, ACTIVE, DogEatDogComply())
    assert events[1:3] == [DogEatDogPollutionOwed(seat=ACTIVE, count=1), DogEatDogPollutionPlaced(seat=ACTIVE, square="D")]
    # Denounced, the missing marker is placed as the duty says.
    act(state, ACTIVE, DogEatDogPass(), windows=True)
    events = act(state, 3, DogEatDogDenounce(violator=ACTIVE, rule="PRODUCE-POLLUTE", turn=1), windows=True)
    assert events[:2] == [
        DogEatDogViolationDenounced(seat=3, violator=ACTIVE, rule="PRODUCE-POLLUTE", turn=1, shortfall=1, paid=10, waived=0, bounty=3),
        DogEatDogPollutionPlaced(seat=ACTIVE, square="D"),
    ]


@pytest.mark.rule("HONOUR-DENOUNCE")
@pytest.mark.rule("TURN-WINDOW")
def test_given_a_live_violation_when_another_player_denounces_it_in_a_window_then_the_violator_pays_the_shortfall_and_a_fine_and_the_denouncer_a_bounty_honour_denounce() -> (
    None
):
    state = breached_wages()
    assert flow.awaited(state) == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.WINDOW)
    assert DogEatDogSelfReport(rule=WAGE_INSPECTOR, turn=1) in decisions.legal_actions(state, flow.awaited(state))  # type: ignore[arg-type]
    act(state, ACTIVE, DogEatDogPass(), windows=True)
    asked = flow.awaited(state)
    assert asked == DogEatDogDecision(seat=3, kind=DecisionKind.WINDOW)
    denounce = DogEatDogDenounce(violator=ACTIVE, rule=WAGE_INSPECTOR, turn=1)
    assert denounce in decisions.legal_actions(state, asked)
    # No live violation matches: refused, nothing changes.
    assert refused(state, 3, DogEatDogDenounce(violator=ACTIVE, rule=WAGE_INSPECTOR, turn=2)) == "HONOUR-DENOUNCE"
    assert refused(state, 3, DogEatDogDenounce(violator=0, rule=WAGE_INSPECTOR, turn=1)) == "HONOUR-DENOUNCE"
    before = (state.players[ACTIVE].corporate, state.players[3].corporate)
    events = act(state, 3, denounce, windows=True)
    assert events[0] == DogEatDogViolationDenounced(
        seat=3, violator=ACTIVE, rule=WAGE_INSPECTOR, turn=1, shortfall=2, paid=12, waived=0, bounty=3
    )
    assert (state.players[ACTIVE].corporate, state.players[3].corporate) == (before[0] - 12, before[1] + 3)
    assert state.violations == []
    assert events[1] == DogEatDogWindowWentOn(speaker=3)  # he may still embezzle


@pytest.mark.rule("HONOUR-SELF-REPORT")
def test_given_his_own_live_violation_when_he_reports_it_then_he_pays_the_shortfall_without_a_fine_and_nobody_earns_a_bounty_honour_self_report() -> (
    None
):
    state = breached_wages()
    before = [player.corporate for player in state.players]
    with pytest.raises(RuleViolation) as refusal:
        act(state, ACTIVE, DogEatDogSelfReport(rule=WAGE_INSPECTOR, turn=2), windows=True)
    assert refusal.value.rule == "HONOUR-SELF-REPORT"
    events = act(state, ACTIVE, DogEatDogSelfReport(rule=WAGE_INSPECTOR, turn=1), windows=True)
    assert events[0] == DogEatDogViolationReported(seat=ACTIVE, rule=WAGE_INSPECTOR, turn=1, shortfall=2, paid=2, waived=0)
    after = [player.corporate for player in state.players]
    assert after == [*before[:ACTIVE], before[ACTIVE] - 2, *before[ACTIVE + 1 :]]
    assert state.violations == []


@pytest.mark.rule("HONOUR-EXPIRE")
@pytest.mark.rule("SEE-END")
def test_given_a_violation_nobody_denounced_when_the_violators_next_turn_begins_then_it_expires_unpunished_and_stays_his_until_the_end_honour_expire() -> (
    None
):
    state = breached_wages()
    events = play_defaults(state, lambda s: s.turn.number == 5 or s.violations == [])
    began = events.index(DogEatDogTurnBegan(seat=ACTIVE, turn=5, round=2))
    expired = events[began + 1]
    assert expired == DogEatDogViolationExpired(seat=ACTIVE, rule=WAGE_INSPECTOR, turn=1, shortfall=2)
    assert state.violations == []
    assert event_view(expired, 3, game_ended=False) == msgspec.structs.replace(expired, shortfall=HIDDEN)
    assert event_view(expired, ACTIVE, game_ended=False) == expired
    assert event_view(expired, 3, game_ended=True) == expired  # [SEE-END]


@pytest.mark.rule("SEE-PRIVATE")
@pytest.mark.rule("HONOUR-BREACH")
def test_given_twin_games_differing_only_in_a_seats_unresolved_violation_then_every_other_seat_and_a_spectator_see_them_alike_see_private_honour_breach() -> (
    None
):
    """The twin exchanges the shortfall of seat 2's answer (a breach or not) in the events and
    the state; only seat 2 may tell them apart."""
    given = [*history(), DogEatDogOfficialLaidOut(card=WAGE_INSPECTOR)]  # as drawn before
    state = replayed(given)
    played = play_defaults(state, lambda s: s.turn.compliance is not None)  # up to his payroll
    recorded = [*given, *played, *act(state, ACTIVE, DogEatDogBreach(), windows=True)]
    answer = next(i for i, e in enumerate(recorded) if isinstance(e, DogEatDogComplianceAnswered))
    twin_events = list(recorded)
    twin_events[answer] = msgspec.structs.replace(recorded[answer], shortfall=0)
    twin = replayed(twin_events)
    state = replayed(recorded)
    assert twin.violations == []
    assert state.violations != []
    for viewer in (3, 0, 1, None):
        mine = [msgspec.json.encode(event_view(e, viewer, game_ended=False)) for e in recorded]
        theirs = [msgspec.json.encode(event_view(e, viewer, game_ended=False)) for e in twin_events]
        assert mine == theirs
        seen = msgspec.json.encode(game_view(state, 1, viewer, outcome=None))
        assert seen == msgspec.json.encode(game_view(twin, 1, viewer, outcome=None))
    own = game_view(state, 1, ACTIVE, outcome=None).seats[ACTIVE].violations
    assert own == ((WAGE_INSPECTOR, 1, 2),)
    assert game_view(twin, 1, ACTIVE, outcome=None).seats[ACTIVE].violations == ()
    assert game_view(state, 1, 3, outcome=None).seats[ACTIVE].violations is None


HIRING_COMMISSIONER = "CO2"  # hiring at $5M a worker
LABOR_ARBITRATOR = "CO3"  # firing at $2M a worker


@pytest.mark.rule("HONOUR-BREACH")
@pytest.mark.rule("HIRE-COST")
@pytest.mark.rule("FIRE-FREE")
def test_given_the_honour_system_when_a_law_sets_the_hiring_or_firing_cost_then_he_hires_or_fires_at_the_price_he_answers_honour_breach_hire_cost_fire_free() -> (
    None
):
    state = with_laws(HIRING_COMMISSIONER)
    at_step(state, Step.HIRE)
    events = act(state, ACTIVE, DogEatDogHire(count=2))
    assert events == [DogEatDogComplianceAsked(seat=ACTIVE, question="hire", rule=HIRING_COMMISSIONER, due=10, lawful=6, count=2)]
    events = act(state, ACTIVE, DogEatDogBreach(), windows=True)
    assert events[:3] == [
        DogEatDogComplianceAnswered(seat=ACTIVE, question="hire", rule=HIRING_COMMISSIONER, turn=1, shortfall=4),
        DogEatDogWorkersHired(seat=ACTIVE, count=2, amount=6),  # the board's $3M a worker
        DogEatDogStepEnded(seat=ACTIVE, step=Step.HIRE),
    ]
    assert state.violations == [Violation(seat=ACTIVE, rule=HIRING_COMMISSIONER, turn=1, shortfall=4)]
    fired = with_laws(LABOR_ARBITRATOR)
    at_step(fired, Step.HIRE)
    assert act(fired, ACTIVE, DogEatDogFire(count=1)) == [
        DogEatDogComplianceAsked(seat=ACTIVE, question="fire", rule=LABOR_ARBITRATOR, due=2, lawful=0, count=1)
    ]
    events = act(fired, ACTIVE, DogEatDogComply())
    assert events[1:3] == [DogEatDogWorkersFired(seat=ACTIVE, count=1, amount=2), DogEatDogStepEnded(seat=ACTIVE, step=Step.HIRE)]
    assert fired.violations == []


CUSTOMS_INSPECTOR = "CO4"  # the Marketplace at $15M an item


@pytest.mark.rule("HONOUR-BREACH")
@pytest.mark.rule("BUY-MARKET")
def test_given_the_honour_system_when_a_law_sets_the_marketplace_price_then_each_purchase_asks_and_the_breaches_of_a_turn_add_up_honour_breach_buy_market() -> (
    None
):
    state = with_laws(CUSTOMS_INSPECTOR)
    state.marketplace = {"iron": 2}
    state.supply["iron"] -= 2
    state.players[ACTIVE].corporate = 40  # an item is offered only when he could comply
    at_step(state, Step.EXPLOIT)
    for bought in (1, 2):
        events = act(state, ACTIVE, DogEatDogBuy(good="iron"))
        assert events == [DogEatDogComplianceAsked(seat=ACTIVE, question="buy", rule=CUSTOMS_INSPECTOR, due=15, lawful=12, item="iron")]
        events = act(state, ACTIVE, DogEatDogBreach())
        assert events[1] == DogEatDogMarketBought(seat=ACTIVE, good="iron", amount=12)
        assert state.violations == [Violation(seat=ACTIVE, rule=CUSTOMS_INSPECTOR, turn=1, shortfall=3 * bought)]
    assert state.players[ACTIVE].corporate == 40 - 24


REVENUE_AGENT = "CO7"  # the Excise Tax, $2M a product sold: the built setup's law
MINING_PERMIT = "CO8"  # $1M a raw material extracted


@pytest.mark.rule("HONOUR-BREACH")
@pytest.mark.rule("SELL-ALL")
@pytest.mark.rule("HONOUR-EXPIRE")
def test_given_the_honour_system_when_a_seller_off_turn_owes_the_excise_tax_then_he_is_asked_and_his_breach_expires_at_his_own_turn_honour_breach_sell_all_honour_expire() -> (
    None
):
    state = with_laws()  # the Revenue Agent is the built setup's law
    give(state, ACTIVE, plastic=1)
    give(state, 3, plastic=2)
    at_step(state, Step.SELL)
    act(state, ACTIVE, DogEatDogPrice(good="plastic"), dice=(1, 2))  # $23M a unit
    events = act(state, ACTIVE, DogEatDogSell(count=1))
    assert events == [DogEatDogComplianceAsked(seat=ACTIVE, question="sell", rule=REVENUE_AGENT, due=2, lawful=0, count=1)]
    assert act(state, ACTIVE, DogEatDogComply())[1] == DogEatDogGoodsSold(seat=ACTIVE, good="plastic", count=1, amount=23, fee=2)
    assert act(state, 3, DogEatDogSell(count=2)) == [
        DogEatDogComplianceAsked(seat=3, question="sell", rule=REVENUE_AGENT, due=4, lawful=0, count=2)
    ]
    assert flow.awaited(state) == DogEatDogDecision(seat=3, kind=DecisionKind.COMPLY)
    events = act(state, 3, DogEatDogBreach())
    assert events[:2] == [
        DogEatDogComplianceAnswered(seat=3, question="sell", rule=REVENUE_AGENT, turn=1, shortfall=4),
        DogEatDogGoodsSold(seat=3, good="plastic", count=2, amount=46, fee=0),
    ]
    assert state.violations == [Violation(seat=3, rule=REVENUE_AGENT, turn=1, shortfall=4)]
    # Committed outside his turn, it expires when his own next turn begins ([HONOUR-EXPIRE]).
    events = play_defaults(state, lambda s: s.turn.seat == 3)
    began = events.index(DogEatDogTurnBegan(seat=3, turn=2, round=1))
    assert events[began + 1] == DogEatDogViolationExpired(seat=3, rule=REVENUE_AGENT, turn=1, shortfall=4)
    assert state.violations == []


@pytest.mark.rule("HONOUR-BREACH")
@pytest.mark.rule("EXPLOIT-ICONS")
def test_given_the_honour_system_when_a_law_charges_an_extraction_fee_then_a_breach_extracts_without_it_honour_breach_exploit_icons() -> (
    None
):
    state = with_laws(MINING_PERMIT)
    at_step(state, Step.EXPLOIT)
    events = act(state, ACTIVE, DogEatDogExtract(square="G", raw=Raw.OIL))
    assert events == [
        DogEatDogComplianceAsked(seat=ACTIVE, question="extract", rule=MINING_PERMIT, due=1, lawful=0, item="oil", square="G")
    ]
    events = act(state, ACTIVE, DogEatDogBreach())
    assert events[1] == DogEatDogRawExtracted(seat=ACTIVE, square="G", raw="oil", fee=0)
    assert state.violations == [Violation(seat=ACTIVE, rule=MINING_PERMIT, turn=1, shortfall=1)]
    assert state.players[ACTIVE].goods.get("oil", 0) >= 1


ZONING_COMMISSIONER = "CO6"  # the Land Transfer Fee, $5M on gaining a square


@pytest.mark.rule("HONOUR-BREACH")
@pytest.mark.rule("AUCTION-WIN")
@pytest.mark.rule("BID-SEALED")
def test_given_the_honour_system_when_a_public_land_fee_governs_a_win_then_the_winner_complies_or_breaches_before_he_takes_the_square_honour_breach_auction_win_bid_sealed() -> (
    None
):
    state = with_laws(ZONING_COMMISSIONER)
    state.players[ACTIVE].runner = 3
    play_on(state, dice=(2, 3))  # passes his home city: an acquisition
    events = act(state, ACTIVE, DogEatDogDiceBid(square="A", offer=7), dice=(3, 4))
    assert events[-1] == DogEatDogComplianceAsked(
        seat=ACTIVE, question="land", rule=ZONING_COMMISSIONER, due=5, lawful=0, count=7, item="A"
    )
    events = act(state, ACTIVE, DogEatDogBreach())
    assert events[1] == DogEatDogDiceBidWon(seat=ACTIVE, square="A", amount=7, fee=0)
    assert (state.players[ACTIVE].corporate, state.squares["A"].controller) == (18, ACTIVE)
    auctioned = with_laws(ZONING_COMMISSIONER)
    auctioned.players[ACTIVE].runner = 3
    play_on(auctioned, dice=(2, 3))
    act(auctioned, ACTIVE, DogEatDogOpenAuction(square="A"))
    act(auctioned, ACTIVE, DogEatDogBid(amount=3))
    act(auctioned, 3, DogEatDogBid(amount=4))
    act(auctioned, 0, DogEatDogPassBid())
    act(auctioned, 1, DogEatDogPassBid())
    events = act(auctioned, ACTIVE, DogEatDogPassBid())
    assert events[-1] == DogEatDogComplianceAsked(seat=3, question="land", rule=ZONING_COMMISSIONER, due=5, lawful=0, count=4, item="A")
    events = act(auctioned, 3, DogEatDogComply())
    assert events[1] == DogEatDogAuctionWon(seat=3, square="A", amount=4, fee=5)
    assert auctioned.players[3].corporate == 25 - 9


@pytest.mark.rule("HONOUR-BREACH")
@pytest.mark.rule("LAW-OWNED")
def test_given_the_honour_system_when_an_owned_land_fee_is_invoked_against_the_winner_then_he_complies_or_breaches_honour_breach_law_owned() -> (
    None
):
    state = with_laws()
    state.deck.remove(ZONING_COMMISSIONER)
    state.players[0].officials.append(ZONING_COMMISSIONER)
    state.players[ACTIVE].runner = 3
    play_on(state, dice=(2, 3))
    act(state, ACTIVE, DogEatDogDiceBid(square="A", offer=7), dice=(3, 4))  # no public fee: won at once
    act(state, 0, DogEatDogInvoke())
    events = act(state, ACTIVE, DogEatDogDeclineBribe())
    assert events[-1] == DogEatDogComplianceAsked(seat=ACTIVE, question="invoked_land", rule=ZONING_COMMISSIONER, due=5, lawful=0)
    events = act(state, ACTIVE, DogEatDogBreach())
    assert events[0] == DogEatDogComplianceAnswered(seat=ACTIVE, question="invoked_land", rule=ZONING_COMMISSIONER, turn=1, shortfall=5)
    assert not any(isinstance(event, DogEatDogPaidToBank) for event in events)
    assert state.players[ACTIVE].corporate == 25 - 7
    assert state.violations == [Violation(seat=ACTIVE, rule=ZONING_COMMISSIONER, turn=1, shortfall=5)]


@pytest.mark.rule("HONOUR-BREACH")
@pytest.mark.rule("REDTAPE-CE")
def test_given_the_honour_system_when_a_card_makes_him_pay_taxes_under_a_lower_threshold_then_he_is_asked_and_the_move_waits_honour_breach_redtape_ce() -> (
    None
):
    state = with_laws(TAX_CODE)
    stack(state, "CE08")  # Tax Audit: taxes now, as on the Taxes space
    events = play_on(state, dice=(1, 2))  # from Las Naugas (6) to Grand Forge (9): a city
    assert events[-2:] == [
        DogEatDogComplianceAsked(seat=ACTIVE, question="card_taxes", rule=TAX_CODE, due=8, lawful=0, space=9),
        DogEatDogCardDiscarded(card="CE08"),
    ]
    assert flow.awaited(state) == COMPLY
    events = act(state, ACTIVE, DogEatDogComply())
    assert events[1:3] == [DogEatDogTaxPaid(seat=ACTIVE, amount=8), DogEatDogStepEnded(seat=ACTIVE, step=Step.MOVE)]


@pytest.mark.rule("HONOUR-DENOUNCE")
@pytest.mark.rule("LOAN-WHEN")
@pytest.mark.rule("INSOLVENT-LATER")
def test_given_a_denounced_violator_who_cannot_pay_in_his_own_turn_then_a_loan_covers_it_before_his_sale_ends_and_after_it_he_is_insolvent_honour_denounce_loan_when_insolvent_later() -> (
    None
):
    early = with_laws(TAX_CODE)
    early.players[ACTIVE].runner = 3
    play_on(early, dice=(1, 2))  # passes Taxes with $25M: $8M due under the law
    act(early, ACTIVE, DogEatDogBreach())
    act(early, ACTIVE, DogEatDogLetPass(), windows=True)  # the window after his move
    early.players[ACTIVE].corporate = 3
    assert flow.awaited(early) == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.WINDOW)
    act(early, ACTIVE, DogEatDogPass(), windows=True)
    events = act(early, 3, DogEatDogDenounce(violator=ACTIVE, rule=TAX_CODE, turn=1), windows=True)
    assert events[:2] == [
        DogEatDogLoanTaken(seat=ACTIVE, amount=15),
        DogEatDogViolationDenounced(seat=3, violator=ACTIVE, rule=TAX_CODE, turn=1, shortfall=8, paid=18, waived=0, bounty=3),
    ]
    assert (early.players[ACTIVE].corporate, early.turn.borrowed) == (0, 15)
    late = breached_wages()  # in the window after his payroll, his sale done
    late.players[ACTIVE].corporate = 5
    act(late, ACTIVE, DogEatDogPass(), windows=True)
    events = act(late, 3, DogEatDogDenounce(violator=ACTIVE, rule=WAGE_INSPECTOR, turn=1), windows=True)
    assert events[:2] == [
        DogEatDogViolationDenounced(seat=3, violator=ACTIVE, rule=WAGE_INSPECTOR, turn=1, shortfall=2, paid=5, waived=7, bounty=3),
        DogEatDogInsolvent(seat=ACTIVE, paid=0, waived=0),
    ]
    assert flow.awaited(late) == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.INSOLVENCY)
    play_defaults(late, lambda s: s.turn.seat != ACTIVE)  # he reorganises; his turn ends
    assert (late.turn.seat, late.players[ACTIVE].division) == (3, None)
