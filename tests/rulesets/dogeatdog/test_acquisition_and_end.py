"""Acquiring squares (RULES.md section 7) and the ends that play a bonus round (section 18). The
builders' setup has four players; seat 2 (Goo Pont Plastics, home city Las Naugas on track
space 6, start square G) is on turn with $25M."""

from __future__ import annotations

import pytest
from domain.dogeatdog.actions import (
    DecisionKind,
    DogEatDogBid,
    DogEatDogDecision,
    DogEatDogDiceBid,
    DogEatDogLetPass,
    DogEatDogMake,
    DogEatDogOpenAuction,
    DogEatDogPassBid,
    DogEatDogRelease,
    DogEatDogStopProducing,
)
from domain.dogeatdog.rules import decisions, flow
from domain.dogeatdog.state import DogEatDogState
from domain.errors import RuleViolation
from domain.events.dogeatdog import (
    DogEatDogAuctionCalled,
    DogEatDogAuctionWon,
    DogEatDogBidPassed,
    DogEatDogBonusRoundBegan,
    DogEatDogDiceBidFailed,
    DogEatDogDiceBidOffered,
    DogEatDogDiceBidWon,
    DogEatDogDiceRolled,
    DogEatDogGameEnded,
    DogEatDogGoodsSold,
    DogEatDogPriceRolled,
    DogEatDogProductMade,
    DogEatDogRoundEnded,
    DogEatDogSquareReleased,
    DogEatDogStepEnded,
    DogEatDogTurnEnded,
    RollPurpose,
    Step,
)
from domain.ruleset import GameStatus

from tests.rulesets.dogeatdog.builders import act, give, play_defaults, play_on, replayed, setup_history

ACTIVE = 2


def at_home() -> DogEatDogState:
    """Seat 2 passed his home city and is offered an acquisition."""
    state = replayed(setup_history())
    state.players[ACTIVE].runner = 3
    play_on(state, dice=(2, 3))  # passes Taxes, Las Naugas; lands on the Turnpike (8)
    assert flow.awaited(state) == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.ACQUISITION)
    return state


def refused(state: DogEatDogState, seat: int, action: object) -> str:
    with pytest.raises(RuleViolation) as refusal:
        act(state, seat, action)  # type: ignore[arg-type]
    return refusal.value.rule


def test_given_an_opportunity_then_he_may_auction_or_dice_bid_for_any_square_nobody_controls_or_let_it_pass_acq_target() -> None:
    state = at_home()
    legal = decisions.legal_actions(state, flow.awaited(state))  # type: ignore[arg-type]
    auctioned = {a.square for a in legal if isinstance(a, DogEatDogOpenAuction)}
    assert auctioned == set("ABCDHIJLMNOP")  # E, F, G, K are the start squares of the four
    assert {a.offer for a in legal if isinstance(a, DogEatDogDiceBid)} == set(range(2, 11))
    assert legal[0] == DogEatDogLetPass()
    assert refused(state, ACTIVE, DogEatDogOpenAuction(square="G")) == "ACQ-TARGET"


def test_given_an_auction_then_bids_go_clockwise_from_the_openers_left_a_seat_that_cannot_raise_is_out_and_the_highest_pays_auction_open_auction_funds_auction_win_money_bank() -> (
    None
):
    state = at_home()
    state.players[0].corporate = 8
    events = act(state, ACTIVE, DogEatDogOpenAuction(square="A"))
    assert events == [DogEatDogAuctionCalled(seat=ACTIVE, square="A", bidders=(2, 3, 0, 1))]
    decision = flow.awaited(state)
    assert decision == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.BID)
    legal = decisions.legal_actions(state, decision)
    assert legal == [DogEatDogBid(amount=a) for a in range(1, 26)]  # the opener may not pass
    assert decisions.default_action(state, decision) == DogEatDogBid(amount=1)
    assert refused(state, ACTIVE, DogEatDogBid(amount=26)) == "AUCTION-FUNDS"
    act(state, ACTIVE, DogEatDogBid(amount=3))
    decision = flow.awaited(state)
    assert decision == DogEatDogDecision(seat=3, kind=DecisionKind.BID)
    assert decisions.default_action(state, decision) == DogEatDogPassBid()
    assert refused(state, 3, DogEatDogBid(amount=3)) == "AUCTION-OPEN"
    events = act(state, 3, DogEatDogBid(amount=10))
    assert events[1] == DogEatDogBidPassed(seat=0, could_not_raise=True)  # $8M cannot beat $10M
    assert flow.awaited(state) == DogEatDogDecision(seat=1, kind=DecisionKind.BID)
    act(state, 1, DogEatDogPassBid())
    events = act(state, ACTIVE, DogEatDogPassBid())
    assert events[:2] == [DogEatDogBidPassed(seat=ACTIVE), DogEatDogAuctionWon(seat=3, square="A", amount=10)]
    assert DogEatDogStepEnded(seat=ACTIVE, step=Step.MOVE) in events  # the move goes on
    assert (state.players[3].corporate, state.players[3].squares, state.squares["A"].controller) == (15, ["E", "A"], 3)


def test_given_a_player_awaiting_his_reorganisation_then_he_may_not_bid_auction_eligible() -> None:
    state = at_home()
    state.players[0].division = None
    act(state, ACTIVE, DogEatDogOpenAuction(square="A"))
    assert state.turn.auction is not None
    assert state.turn.auction.bidders == [2, 3, 1]


def test_given_a_dice_bid_then_the_offer_is_committed_before_the_roll_and_paid_only_if_the_roll_is_not_higher_bid_sealed_rng_commit_first() -> (
    None
):
    state = at_home()
    events = act(state, ACTIVE, DogEatDogDiceBid(square="A", offer=7), dice=(3, 4))
    assert events[:3] == [
        DogEatDogDiceBidOffered(seat=ACTIVE, square="A", offer=7),
        DogEatDogDiceRolled(seat=ACTIVE, dice=(3, 4), purpose=RollPurpose.DICE_BID),
        DogEatDogDiceBidWon(seat=ACTIVE, square="A", amount=7),
    ]
    assert (state.players[ACTIVE].corporate, state.squares["A"].controller) == (18, ACTIVE)
    again = at_home()
    events = act(again, ACTIVE, DogEatDogDiceBid(square="A", offer=7), dice=(4, 4))
    assert events[2] == DogEatDogDiceBidFailed(seat=ACTIVE, square="A")
    assert (again.players[ACTIVE].corporate, again.squares["A"].controller) == (25, None)
    assert refused(at_home(), ACTIVE, DogEatDogDiceBid(square="A", offer=11)) == "BID-SEALED"


def test_given_two_squares_when_he_gains_a_third_then_he_releases_one_at_once_by_default_the_earliest_acq_limit_2() -> None:
    state = at_home()
    state.players[ACTIVE].squares.append("B")
    state.squares["B"].controller = ACTIVE
    act(state, ACTIVE, DogEatDogDiceBid(square="A", offer=7), dice=(1, 1))
    decision = flow.awaited(state)
    assert decision == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.RELEASE)
    assert decisions.legal_actions(state, decision) == [DogEatDogRelease(square=s) for s in ("G", "B", "A")]
    assert decisions.default_action(state, decision) == DogEatDogRelease(square="G")
    events = act(state, ACTIVE, DogEatDogRelease(square="B"))
    assert events[:2] == [DogEatDogSquareReleased(seat=ACTIVE, square="B"), DogEatDogStepEnded(seat=ACTIVE, step=Step.MOVE)]
    assert state.players[ACTIVE].squares == ["G", "A"]
    assert state.squares["B"].controller is None


# -- the ends -------------------------------------------------------------------------------


def ended(state: DogEatDogState) -> bool:
    return state.status is GameStatus.ENDED


def ending_turn(state: DogEatDogState, seat: int) -> None:
    """``seat``'s turn has played its six steps and its last window is over."""
    state.turn.seat = seat
    state.turn.steps_done = list(flow.STEPS)
    state.turn.step, state.turn.windows_closed = Step.EXPLOIT, 7


def test_given_every_square_at_stage_3_when_the_turn_ends_then_the_bonus_round_begins_with_the_next_player_end_stage3() -> None:
    state = replayed(setup_history())
    for square in state.squares.values():
        square.stage = 3
    ending_turn(state, ACTIVE)
    events = play_on(state) + play_defaults(state, ended)  # nobody embezzles in its part 3
    assert events[:2] == [DogEatDogTurnEnded(seat=ACTIVE), DogEatDogBonusRoundBegan(reason="END-STAGE3", order=(3, 0, 1, 2))]
    assert events[-1] == DogEatDogGameEnded(reason="END-STAGE3")


def test_given_a_second_quiet_round_when_it_ends_then_the_bonus_round_begins_with_the_start_player_end_stall() -> None:
    state = replayed(setup_history())
    state.quiet_rounds = 1
    ending_turn(state, 1)  # the last of round 1 ([TURN-ROUND]: seat 2 started it)
    events = play_on(state)
    assert events[:3] == [
        DogEatDogTurnEnded(seat=1),
        DogEatDogRoundEnded(round=1),
        DogEatDogBonusRoundBegan(reason="END-STALL", order=(2, 3, 0, 1)),
    ]
    busy = replayed(setup_history())
    busy.quiet_rounds, busy.active_this_round = 1, True  # a product was made this round
    ending_turn(busy, 1)
    assert not any(isinstance(e, DogEatDogBonusRoundBegan) for e in play_on(busy, dice=(1, 1)))


#: Seat 2 first holds chemicals, coal, oil and plastic; seat 3 oil (priced); seat 0 iron,
#: chemicals (priced) and steel; seat 1 timber and coal (priced).
PRICED_IN_ORDER = [(2, "coal"), (2, "chemicals"), (2, "oil"), (2, "plastic"), (0, "iron"), (0, "steel"), (1, "timber")]


def test_given_the_bonus_round_then_each_in_order_makes_one_product_per_worker_without_pollution_then_every_type_is_priced_once_and_all_sold_end_bonus_produce_end_bonus_sell() -> (
    None
):
    state = replayed(setup_history())
    give(state, ACTIVE, oil=2, coal=3)  # three plastics' worth, two workers
    give(state, 0, steel=1)
    ending_turn(state, 1)
    state.quiet_rounds = 1
    play_on(state)
    assert flow.awaited(state) == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.PRODUCE)
    act(state, ACTIVE, DogEatDogMake(product="plastic"))
    events = act(state, ACTIVE, DogEatDogMake(product="plastic"), dice=(1, 1) * 8)
    events += play_defaults(state, ended)  # nobody embezzles in part 3 ([END-BONUS-EMBEZZLE])
    assert state.status is GameStatus.ENDED  # two workers: two products, then nobody else can make any
    assert not any(isinstance(e, DogEatDogProductMade) for e in events[1:])
    priced = [(e.seat, e.good) for e in events if isinstance(e, DogEatDogPriceRolled)]
    # In order from the start player, each holder prices what is not priced yet.
    assert priced == PRICED_IN_ORDER
    sold = {(e.seat, e.good): e.count for e in events if isinstance(e, DogEatDogGoodsSold)}
    assert sold[(ACTIVE, "plastic")] == 2
    assert sold[(0, "steel")] == 1
    assert all(not any(p.goods.values()) for p in state.players)  # every unit sold
    assert events[-1] == DogEatDogGameEnded(reason="END-STALL")
    assert len({good for _, good in priced}) == len(priced)  # one price per type


def test_given_the_bonus_round_when_a_player_stops_then_the_next_in_order_is_asked_end_bonus_produce() -> None:
    state = replayed(setup_history())
    give(state, ACTIVE, coal=1)
    give(state, 3, coal=1)  # D.K. Mart: oil and coal make plastic
    ending_turn(state, 1)
    state.quiet_rounds = 1
    play_on(state)
    act(state, ACTIVE, DogEatDogStopProducing())
    assert flow.awaited(state) == DogEatDogDecision(seat=3, kind=DecisionKind.PRODUCE)
