"""Trades (RULES.md section 17) on the kernel's offers: a proposal in an open window, the
recipient's answer before anyone else acts, counter-offers and the three proposals of a window,
what may change hands, and the note that binds nobody. The builders' setup has four players;
seat 2 (Goo Pont Plastics: $25M, chemicals and oil, square G) opens round 1, and seat 3
(DK Mart: $25M, oil, square E) sits after him."""

from __future__ import annotations

import msgspec
import pytest
from domain.dogeatdog.actions import (
    ACTION_TYPE,
    DecisionKind,
    DogEatDogDecision,
    DogEatDogMoveToSwiss,
    DogEatDogPass,
    DogEatDogProposeTrade,
    DogEatDogRelease,
)
from domain.dogeatdog.narration import describe
from domain.dogeatdog.rules import bonus, decisions, flow, trade
from domain.dogeatdog.state import DogEatDogState
from domain.dogeatdog.views import event_view, game_view
from domain.errors import RuleViolation
from domain.events.dogeatdog import (
    DogEatDogKickbackOffered,
    DogEatDogKickbackTaken,
    DogEatDogSettings,
    DogEatDogSquareReleased,
    DogEatDogTradeAccepted,
    DogEatDogTradeLapsed,
    DogEatDogTradeProposed,
    DogEatDogTradeRejected,
    DogEatDogTradeSide,
    DogEatDogTradeWithdrawn,
    DogEatDogWindowClosed,
    DogEatDogWindowOpened,
    DogEatDogWindowWentOn,
)
from domain.offers import AnswerOffer, WithdrawOffer

from tests.rulesets.dogeatdog.builders import NAMES, Scripted, act, play_on, replayed, run, setup_history

ACTIVE, NEXT = 2, 3
WINDOW = DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.WINDOW)
WM_CHOICES = ("georgia_horrific", "goo_pont_plastics", "dk_mart", "waste_mismanagement")


def window_open(chosen: tuple[str, ...] | None = None) -> DogEatDogState:
    """The game's first open window, the active player asked."""
    state = replayed(setup_history() if chosen is None else setup_history(chosen))
    play_on(state, windows=True)
    assert flow.awaited(state) == WINDOW
    return state


def refused(state: DogEatDogState, seat: int, action: object) -> str:
    before = msgspec.to_builtins(game_view(state, 0, None, outcome=None))
    with pytest.raises(RuleViolation) as refusal:
        act(state, seat, action, windows=True)  # type: ignore[arg-type]
    assert msgspec.to_builtins(game_view(state, 0, None, outcome=None)) == before
    return refusal.value.rule


def answer_decision(seat: int = NEXT) -> DogEatDogDecision:
    return DogEatDogDecision(seat=seat, kind=DecisionKind.ANSWER)


GIVES = DogEatDogTradeSide(money=3, goods=(("chemicals", 1),), squares=("G",))
ASKS = DogEatDogTradeSide(goods=(("oil", 1),))


@pytest.mark.rule("TRADE-PROPOSE")
@pytest.mark.rule("SEE-PUBLIC")
def test_given_an_open_window_when_the_seat_asked_proposes_a_trade_then_it_is_recorded_public_and_its_recipient_is_asked_trade_propose() -> (
    None
):
    state = window_open()
    proposal = DogEatDogProposeTrade(to=NEXT, gives=GIVES, asks=ASKS)

    events = act(state, ACTIVE, proposal, windows=True)

    made = DogEatDogTradeProposed(offer=1, proposer=ACTIVE, recipient=NEXT, gives=GIVES, asks=ASKS)
    assert events == [made]
    assert flow.awaited(state) == answer_decision()
    [offer] = trade.open_offers(state)
    assert (offer.proposer_gives, offer.recipient_gives) == (GIVES, ASKS)
    for viewer in [0, 1, ACTIVE, NEXT, None]:  # offers and trades are public ([SEE-PUBLIC])
        assert game_view(state, 1, viewer, outcome=None).offers == (offer,)
        assert event_view(made, viewer, game_ended=False) == made
        assert game_view(state, 1, viewer, outcome=None).seats[ACTIVE].swiss in (None, 0)
    assert describe(made, NAMES).startswith(f"{NAMES[ACTIVE]} offered {NAMES[NEXT]} $3M, 1 chemicals")


@pytest.mark.rule("TRADE-PROPOSE")
def test_given_an_open_window_when_a_proposal_names_what_a_side_lacks_or_nothing_at_all_then_it_is_refused_trade_propose() -> None:
    state = window_open()
    lacking = [
        DogEatDogProposeTrade(to=ACTIVE, gives=DogEatDogTradeSide(money=1)),  # to himself
        DogEatDogProposeTrade(to=7, gives=DogEatDogTradeSide(money=1)),  # no such player
        DogEatDogProposeTrade(to=NEXT),  # nothing either way
        DogEatDogProposeTrade(to=NEXT, gives=DogEatDogTradeSide(money=26)),
        DogEatDogProposeTrade(to=NEXT, gives=DogEatDogTradeSide(money=-1)),
        DogEatDogProposeTrade(to=NEXT, asks=DogEatDogTradeSide(goods=(("chemicals", 1),))),
        DogEatDogProposeTrade(to=NEXT, gives=DogEatDogTradeSide(goods=(("oil", 2),))),
        DogEatDogProposeTrade(to=NEXT, gives=DogEatDogTradeSide(goods=(("oil", 1), ("oil", 1)))),
        DogEatDogProposeTrade(to=NEXT, gives=DogEatDogTradeSide(goods=(("gold", 1),))),
        DogEatDogProposeTrade(to=NEXT, asks=DogEatDogTradeSide(squares=("G",))),
        DogEatDogProposeTrade(to=NEXT, asks=DogEatDogTradeSide(cards=("CE01",))),
        DogEatDogProposeTrade(to=NEXT, gives=DogEatDogTradeSide(officials=("CO7",))),  # a public law
    ]
    for proposal in lacking:
        assert refused(state, ACTIVE, proposal) == "TRADE-PROPOSE", proposal
    # Only the seat asked proposes: the others wait for their turn in the window.
    assert refused(state, 0, DogEatDogProposeTrade(to=1, gives=DogEatDogTradeSide(money=1))) == "TURN-DECISIONS"
    gift = DogEatDogProposeTrade(to=0, gives=DogEatDogTradeSide(money=2))  # either side may give nothing
    assert act(state, ACTIVE, gift, windows=True)[0].recipient == 0  # type: ignore[attr-defined]


@pytest.mark.rule("TRADE-ACCEPT")
def test_given_a_proposal_when_its_recipient_accepts_then_both_sides_change_hands_at_once_and_the_window_goes_on_after_the_proposer_trade_accept() -> (
    None
):
    state = window_open()
    act(state, ACTIVE, DogEatDogProposeTrade(to=NEXT, gives=GIVES, asks=ASKS), windows=True)
    legal = decisions.legal_actions(state, answer_decision())
    assert AnswerOffer(offer=1, accept=True) in legal
    assert AnswerOffer(offer=1, accept=False) in legal

    events = act(state, NEXT, AnswerOffer(offer=1, accept=True), windows=True)

    assert events == [DogEatDogTradeAccepted(offer=1), DogEatDogWindowWentOn(speaker=NEXT)]
    mine, theirs = state.players[ACTIVE], state.players[NEXT]
    assert (mine.corporate, mine.goods, mine.squares) == (22, {"oil": 2}, [])
    assert (theirs.corporate, theirs.goods, theirs.squares) == (28, {"chemicals": 1}, ["E", "G"])
    assert state.squares["G"].controller == NEXT
    assert trade.open_offers(state) == []
    assert flow.awaited(state) == DogEatDogDecision(seat=NEXT, kind=DecisionKind.WINDOW)


@pytest.mark.rule("TRADE-ACCEPT")
def test_given_a_proposal_whose_side_is_no_longer_held_when_its_recipient_accepts_then_it_is_refused_and_he_may_only_reject_trade_accept() -> (
    None
):
    state = window_open()
    act(state, ACTIVE, DogEatDogProposeTrade(to=NEXT, gives=GIVES, asks=ASKS), windows=True)
    state.players[ACTIVE].corporate = 2  # as if something had taken his money meanwhile

    assert refused(state, NEXT, AnswerOffer(offer=1, accept=True)) == "TRADE-ACCEPT"
    assert AnswerOffer(offer=1, accept=True) not in decisions.legal_actions(state, answer_decision())
    assert act(state, NEXT, AnswerOffer(offer=1, accept=False), windows=True)[0] == DogEatDogTradeRejected(offer=1)


@pytest.mark.rule("TRADE-ACCEPT")
@pytest.mark.rule("ACQ-LIMIT-2")
def test_given_a_trade_that_gives_a_third_square_when_accepted_then_its_receiver_releases_one_trade_accept_acq_limit_2() -> None:
    state = window_open()
    state.players[NEXT].squares.append("A")
    state.squares["A"].controller = NEXT
    act(state, ACTIVE, DogEatDogProposeTrade(to=NEXT, gives=DogEatDogTradeSide(squares=("G",))), windows=True)
    act(state, NEXT, AnswerOffer(offer=1, accept=True), windows=True)

    assert flow.awaited(state) == DogEatDogDecision(seat=NEXT, kind=DecisionKind.RELEASE)
    assert act(state, NEXT, DogEatDogRelease(square="E"), windows=True)[0] == DogEatDogSquareReleased(seat=NEXT, square="E")
    assert state.players[NEXT].squares == ["A", "G"]
    assert flow.awaited(state) == DogEatDogDecision(seat=NEXT, kind=DecisionKind.WINDOW)


@pytest.mark.rule("TRADE-ANSWER")
@pytest.mark.rule("TURN-DECISIONS")
def test_given_a_proposal_then_its_recipient_answers_before_anyone_else_acts_and_a_timeout_rejects_it_trade_answer_turn_decisions() -> None:
    state = window_open()
    act(state, ACTIVE, DogEatDogProposeTrade(to=NEXT, gives=GIVES, asks=ASKS), windows=True)
    state.turn.window.passed.append(1)  # type: ignore[union-attr]  # someone passed before it

    assert refused(state, ACTIVE, DogEatDogPass()) == "TURN-DECISIONS"
    assert refused(state, NEXT, DogEatDogPass()) == "TRADE-ANSWER"
    assert refused(state, 0, AnswerOffer(offer=1, accept=True)) == "OFFER-ANSWER"
    assert decisions.default_action(state, answer_decision()) == AnswerOffer(offer=1, accept=False)

    events = act(state, NEXT, AnswerOffer(offer=1, accept=False), windows=True)

    assert events == [DogEatDogTradeRejected(offer=1), DogEatDogWindowWentOn(speaker=NEXT)]
    assert state.turn.window is not None
    assert state.turn.window.passed == []  # an answer is not a pass ([TURN-WINDOW])
    assert state.players[ACTIVE].corporate == 25
    assert refused(state, NEXT, AnswerOffer(offer=1, accept=True)) == "OFFER-CLOSED"


@pytest.mark.rule("TRADE-ANSWER")
def test_given_a_proposal_when_its_proposer_withdraws_it_unasked_then_it_is_closed_and_the_window_goes_on_after_him_trade_answer() -> None:
    state = window_open()
    act(state, ACTIVE, DogEatDogProposeTrade(to=NEXT, gives=GIVES, asks=ASKS), windows=True)
    assert WithdrawOffer(offer=1) not in decisions.legal_actions(state, answer_decision())
    assert refused(state, NEXT, WithdrawOffer(offer=1)) == "OFFER-WITHDRAW"

    events = act(state, ACTIVE, WithdrawOffer(offer=1), windows=True)

    assert events == [DogEatDogTradeWithdrawn(offer=1), DogEatDogWindowWentOn(speaker=NEXT)]
    assert trade.open_offers(state) == []
    assert refused(state, ACTIVE, WithdrawOffer(offer=1)) == "OFFER-CLOSED"


@pytest.mark.rule("TRADE-COUNT")
def test_given_a_proposal_when_its_recipient_counters_then_it_lapses_and_the_counter_offer_counts_against_his_three_trade_count() -> None:
    state = window_open()
    act(state, ACTIVE, DogEatDogProposeTrade(to=NEXT, gives=GIVES, asks=ASKS), windows=True)
    counter = DogEatDogProposeTrade(to=ACTIVE, gives=ASKS, asks=DogEatDogTradeSide(money=5))
    assert refused(state, NEXT, DogEatDogProposeTrade(to=0, asks=DogEatDogTradeSide(money=1))) == "TRADE-COUNT"

    events = act(state, NEXT, counter, windows=True)

    assert events == [
        DogEatDogTradeLapsed(offer=1),
        DogEatDogTradeProposed(offer=2, proposer=NEXT, recipient=ACTIVE, gives=ASKS, asks=DogEatDogTradeSide(money=5)),
    ]
    assert flow.awaited(state) == answer_decision(ACTIVE)
    assert (trade.proposals_made(state, ACTIVE), trade.proposals_made(state, NEXT)) == (1, 1)
    act(state, ACTIVE, AnswerOffer(offer=2, accept=True), windows=True)
    assert (state.players[ACTIVE].corporate, state.players[NEXT].corporate) == (20, 30)
    assert flow.awaited(state) == DogEatDogDecision(seat=0, kind=DecisionKind.WINDOW)  # after NEXT, its proposer


@pytest.mark.rule("TRADE-COUNT")
def test_given_three_proposals_in_a_window_then_a_fourth_is_refused_and_the_next_window_allows_three_again_trade_count() -> None:
    state = window_open()
    gift = DogEatDogProposeTrade(to=NEXT, gives=DogEatDogTradeSide(money=1))
    for offer in (1, 2, 3):
        act(state, ACTIVE, gift, windows=True)
        act(state, NEXT, AnswerOffer(offer=offer, accept=False), windows=True)
        while (asked := flow.awaited(state)) is not None and asked.seat != ACTIVE:
            act(state, asked.seat, DogEatDogPass(), windows=True)
        assert asked == WINDOW

    assert refused(state, ACTIVE, gift) == "TRADE-COUNT"
    assert trade.proposals(state, ACTIVE) == []
    events = act(state, ACTIVE, DogEatDogPass(), windows=True)
    assert DogEatDogWindowClosed() in events  # he had nothing else to do, the others passed
    play_on(state, dice=(1, 1), windows=True)
    while (asked := flow.awaited(state)) is not None and asked.kind is not DecisionKind.WINDOW:
        act(state, asked.seat, decisions.default_action(state, asked), windows=True)
    assert asked is not None
    assert trade.proposals_made(state, asked.seat) == 0


@pytest.mark.rule("TRADE-LIMITS")
def test_given_a_trade_then_swiss_money_workers_and_divisions_have_no_place_in_it_and_markers_go_only_to_waste_mismanagement_trade_limits() -> (
    None
):
    for untradable in ({"swiss": 5}, {"workers": 1}, {"division": "dk_mart"}):
        raw = {"kind": "propose_trade", "to": NEXT, "gives": untradable}
        with pytest.raises(msgspec.ValidationError):
            msgspec.convert(raw, ACTION_TYPE)
    state = window_open(WM_CHOICES)
    waste = next(p.seat for p in state.players if p.division == "waste_mismanagement")
    other = next(seat for seat in (0, 1, 3) if seat != waste)
    state.players[ACTIVE].pollution_markers = 2  # as no division but Waste Mismanagement holds any
    markers = DogEatDogTradeSide(pollution_markers=1)
    assert refused(state, ACTIVE, DogEatDogProposeTrade(to=other, gives=markers)) == "TRADE-LIMITS"
    assert act(state, ACTIVE, DogEatDogProposeTrade(to=waste, gives=markers), windows=True)[0].recipient == waste  # type: ignore[attr-defined]


@pytest.mark.rule("TRADE-LIMITS")
@pytest.mark.rule("BRIBE-TABOO")
def test_given_a_trade_then_a_fourth_square_is_refused_and_an_official_received_stays_owned_without_the_givers_instructions_trade_limits() -> (
    None
):
    state = window_open()
    for square in ("A", "B"):
        state.players[NEXT].squares.append(square)
        state.squares[square].controller = NEXT
    assert refused(state, ACTIVE, DogEatDogProposeTrade(to=NEXT, gives=DogEatDogTradeSide(squares=("G",)))) == "TRADE-LIMITS"
    state.deck.remove("CO1")
    state.players[ACTIVE].officials.append("CO1")
    state.players[ACTIVE].instructions[("CO1", NEXT)] = True
    swiss = [player.swiss for player in state.players]

    act(state, ACTIVE, DogEatDogProposeTrade(to=NEXT, gives=DogEatDogTradeSide(officials=("CO1",))), windows=True)
    act(state, NEXT, AnswerOffer(offer=1, accept=True), windows=True)

    assert (state.players[ACTIVE].officials, state.players[NEXT].officials) == ([], ["CO1"])
    assert state.players[ACTIVE].instructions == {}
    assert "CO1" not in state.public_laws
    assert [player.swiss for player in state.players] == swiss


@pytest.mark.rule("TRADE-PROMISE")
@pytest.mark.rule("OFFER-NOTE")
def test_given_a_proposal_with_a_note_then_it_is_shown_with_it_and_binds_nobody_and_a_longer_one_is_refused_trade_promise() -> None:
    state = window_open()
    note = "I will not bid on square B next turn. Promise!"
    assert refused(state, ACTIVE, DogEatDogProposeTrade(to=NEXT, gives=GIVES, note="x" * 201)) == "OFFER-NOTE"
    assert refused(state, ACTIVE, DogEatDogProposeTrade(to=NEXT, gives=GIVES, note="two\nlines")) == "OFFER-NOTE"

    [made] = act(state, ACTIVE, DogEatDogProposeTrade(to=NEXT, gives=GIVES, asks=ASKS, note=note), windows=True)

    assert isinstance(made, DogEatDogTradeProposed)
    assert made.note == note
    assert game_view(state, 1, 0, outcome=None).offers[0].note == note
    assert describe(made, NAMES).endswith(f'("{note}").')
    act(state, NEXT, AnswerOffer(offer=1, accept=True), windows=True)
    assert trade.open_offers(state) == []  # the exchange is all that happened: nothing of the note stays
    assert state.players[ACTIVE].corporate == 22


@pytest.mark.rule("END-BONUS-PRODUCE")
@pytest.mark.rule("TRADE-PROPOSE")
def test_given_the_bonus_round_when_it_begins_then_an_open_window_for_trades_comes_before_its_products_end_bonus_produce() -> None:
    state = replayed(setup_history())
    first = 1

    events = run(state, lambda ctx: bonus.begin(ctx, "END-STALL", first), Scripted(()))

    assert events[1:] == [DogEatDogWindowOpened(seat=first, speaker=first, bonus=True)]
    assert describe(events[1], NAMES) == f"A window for trades opened before the bonus round, from {NAMES[first]}."
    assert flow.awaited(state) == DogEatDogDecision(seat=first, kind=DecisionKind.WINDOW)
    act(state, first, DogEatDogProposeTrade(to=0, gives=DogEatDogTradeSide(goods=(("coal", 1),))), windows=True)
    act(state, 0, AnswerOffer(offer=1, accept=True), windows=True)
    assert state.players[0].goods.get("coal") == 1
    while state.turn.window is not None:  # everyone passes: the window closes, the products come
        asked = flow.awaited(state)
        assert asked is not None
        assert asked.kind is DecisionKind.WINDOW
        act(state, asked.seat, DogEatDogPass(), windows=True)
    assert flow.awaited(state) != DogEatDogDecision(seat=first, kind=DecisionKind.WINDOW)


@pytest.mark.rule("VAR-KICKBACK")
@pytest.mark.rule("TRADE-ACCEPT")
def test_given_kickbacks_when_a_trade_with_money_both_ways_is_accepted_then_each_receiver_is_asked_how_much_goes_swiss_var_kickback() -> (
    None
):
    state = replayed(setup_history(settings=DogEatDogSettings(kickback=True)))
    play_on(state, windows=True)
    proposal = DogEatDogProposeTrade(to=NEXT, gives=DogEatDogTradeSide(money=4), asks=DogEatDogTradeSide(money=2))
    act(state, ACTIVE, proposal, windows=True)

    events = act(state, NEXT, AnswerOffer(offer=1, accept=True), windows=True)

    assert events == [
        DogEatDogTradeAccepted(offer=1),
        DogEatDogKickbackOffered(seat=NEXT, amount=4, space=None),
        DogEatDogKickbackOffered(seat=ACTIVE, amount=2, space=None),
        DogEatDogWindowWentOn(speaker=NEXT),
    ]
    kickback = DogEatDogDecision(seat=NEXT, kind=DecisionKind.KICKBACK)
    assert flow.awaited(state) == kickback
    assert decisions.legal_actions(state, kickback)[-1] == DogEatDogMoveToSwiss(amount=4)
    assert act(state, NEXT, DogEatDogMoveToSwiss(amount=3), windows=True) == [DogEatDogKickbackTaken(seat=NEXT, amount=3)]
    assert flow.awaited(state) == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.KICKBACK)
    act(state, ACTIVE, DogEatDogMoveToSwiss(amount=0), windows=True)
    assert flow.awaited(state) == DogEatDogDecision(seat=NEXT, kind=DecisionKind.WINDOW)
    assert [(p.corporate, p.swiss) for p in (state.players[ACTIVE], state.players[NEXT])] == [(23, 0), (24, 3)]
    assert game_view(state, 1, ACTIVE, outcome=None).seats[NEXT].swiss is None  # his balance stays his


@pytest.mark.rule("LAW-PUBLIC")
@pytest.mark.rule("TRADE-ACCEPT")
def test_given_a_public_land_transfer_fee_then_who_gains_a_square_by_trade_pays_it_and_one_who_could_not_is_refused_law_public() -> None:
    state = window_open()
    state.deck.remove("CO6")  # Zoning Commissioner's Land Transfer Fee, $5M, names trades
    state.public_laws.append("CO6")
    square = DogEatDogTradeSide(squares=("G",))
    state.players[NEXT].corporate = 4
    assert refused(state, ACTIVE, DogEatDogProposeTrade(to=NEXT, gives=square)) == "LAW-PUBLIC"
    state.players[NEXT].corporate = 25
    act(state, ACTIVE, DogEatDogProposeTrade(to=NEXT, gives=square, asks=DogEatDogTradeSide(money=2)), windows=True)

    accepted = act(state, NEXT, AnswerOffer(offer=1, accept=True), windows=True)[0]

    assert accepted == DogEatDogTradeAccepted(offer=1, fees=((NEXT, 5),))
    assert (state.players[ACTIVE].corporate, state.players[NEXT].corporate) == (27, 18)
    assert describe(accepted, NAMES) == f"Trade 1 was accepted and made, {NAMES[NEXT]} paying a $5M land transfer fee."
