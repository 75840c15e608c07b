"""The engine's variants of RULES.md section 20 that need no trades, given/when/then: each is a
switch of ``DogEatDogSettings`` chosen when the game is opened and recorded in its first event.
In the built game seat 2 plays first; seats 3, 0 and 1 follow clockwise."""

from __future__ import annotations

import random
from uuid import NAMESPACE_URL, uuid5

import msgspec
import pytest
from domain.aggregates.game import Game
from domain.dogeatdog.actions import (
    DecisionKind,
    DogEatDogDecision,
    DogEatDogEmbezzle,
    DogEatDogMoveToSwiss,
    DogEatDogOpenAuction,
    DogEatDogPass,
    DogEatDogSealedBid,
)
from domain.dogeatdog.rules import decisions, flow
from domain.dogeatdog.ruleset import DOGEATDOG
from domain.dogeatdog.state import DogEatDogState
from domain.dogeatdog.views import event_view, game_view
from domain.errors import RuleViolation
from domain.events.base import DomainEvent
from domain.events.dogeatdog import (
    HIDDEN,
    DogEatDogAuctionWon,
    DogEatDogComplianceAnswered,
    DogEatDogEmbezzlementDeclared,
    DogEatDogEmbezzlementSucceeded,
    DogEatDogKickbackOffered,
    DogEatDogKickbackTaken,
    DogEatDogPaidToPlayer,
    DogEatDogRedTapeShuffled,
    DogEatDogSealedBidMade,
    DogEatDogSealedBidsRevealed,
    DogEatDogSettings,
    DogEatDogStepEnded,
    DogEatDogWindowClosed,
    DogEatDogWindowPassed,
    Step,
)
from engine.dogeatdog.invariants import violations

from tests.conformance.playouts import asked_now, contract_breaches
from tests.rulesets.dogeatdog.builders import NAMES, Scripted, act, play_on, replayed, run, setup_history, stack, without_trades

ACTIVE = 2
TO_GRAND_FORGE = (1, 2)  # from Las Naugas (6) to Grand Forge (9), a city not his home


def built(**variants: bool) -> DogEatDogState:
    return replayed(setup_history(settings=DogEatDogSettings(**variants)))  # type: ignore[arg-type]


# -- [VAR-EMBEZZLE-OWN-TURN] ----------------------------------------------------------------


@pytest.mark.rule("VAR-EMBEZZLE-OWN-TURN")
@pytest.mark.rule("EMBEZZLE-ONCE")
def test_given_embezzling_only_in_ones_own_turn_then_only_the_active_player_is_asked_in_a_window_var_embezzle_own_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    without_trades(monkeypatch)
    state = built(embezzle_own_turn=True)
    play_on(state, windows=True)
    window = DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.WINDOW)
    assert flow.awaited(state) == window
    assert DogEatDogEmbezzle(amount=12) in decisions.legal_actions(state, window)
    other = DogEatDogDecision(seat=3, kind=DecisionKind.WINDOW)
    assert decisions.legal_actions(state, other) == [DogEatDogPass()]
    with pytest.raises(RuleViolation) as refusal:
        decisions.check(state, 3, DogEatDogEmbezzle(amount=1), other)
    assert refusal.value.rule == "VAR-EMBEZZLE-OWN-TURN"
    # His pass closes the window: nobody else has anything to do in it.
    events = act(state, ACTIVE, DogEatDogPass(), windows=True)
    assert events[:2] == [DogEatDogWindowPassed(seat=ACTIVE, speaker=None), DogEatDogWindowClosed()]
    # Without the variant everyone with money may embezzle in any window ([EMBEZZLE-ONCE]).
    default = built()
    play_on(default, windows=True)
    assert DogEatDogEmbezzle(amount=1) in decisions.legal_actions(default, other)


# -- [VAR-KICKBACK] ---------------------------------------------------------------------------


@pytest.mark.rule("VAR-KICKBACK")
@pytest.mark.rule("SWISS-INCOME")
def test_given_kickbacks_when_other_players_pay_him_then_he_may_put_what_he_received_into_his_swiss_account_var_kickback_swiss_income() -> (
    None
):
    state = built(kickback=True)
    stack(state, "CE26")  # Charity Gala: each other player pays him $1M
    state.players[0].corporate = 0  # pays nothing
    events = play_on(state, TO_GRAND_FORGE)
    assert [e for e in events if isinstance(e, DogEatDogPaidToPlayer | DogEatDogKickbackOffered)][-1] == (
        DogEatDogKickbackOffered(seat=ACTIVE, amount=2, space=9)
    )
    asked = flow.awaited(state)
    assert asked == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.KICKBACK)
    assert decisions.legal_actions(state, asked) == [DogEatDogMoveToSwiss(amount=a) for a in range(3)]
    assert decisions.default_action(state, asked) == DogEatDogMoveToSwiss(amount=0)
    with pytest.raises(RuleViolation) as refusal:
        act(state, ACTIVE, DogEatDogMoveToSwiss(amount=3))
    assert refusal.value.rule == "VAR-KICKBACK"
    events = act(state, ACTIVE, DogEatDogMoveToSwiss(amount=2))
    assert events[0] == DogEatDogKickbackTaken(seat=ACTIVE, amount=2)
    assert (state.players[ACTIVE].corporate, state.players[ACTIVE].swiss) == (25, 2)
    assert DogEatDogStepEnded(seat=ACTIVE, step=Step.MOVE) in events  # the move went on
    # Without the variant every payment to a player goes to his corporate account (R24).
    default = built()
    stack(default, "CE26")
    events = play_on(default, TO_GRAND_FORGE)
    assert not any(isinstance(event, DogEatDogKickbackOffered) for event in events)
    assert (default.players[ACTIVE].corporate, default.players[ACTIVE].swiss) == (28, 0)


# -- [VAR-OPEN-INFO] --------------------------------------------------------------------------


@pytest.mark.rule("VAR-OPEN-INFO")
@pytest.mark.rule("SEE-SECRET")
def test_given_open_information_then_every_seat_sees_swiss_balances_and_embezzled_amounts_but_not_the_decks_order_var_open_info_see_secret(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    without_trades(monkeypatch)
    state = built(open_info=True)
    history = setup_history(settings=DogEatDogSettings(open_info=True))
    state.players[0].swiss = 7
    play_on(state, windows=True)
    declared, done = act(state, ACTIVE, DogEatDogEmbezzle(amount=5), windows=True)[:2]
    assert declared == DogEatDogEmbezzlementDeclared(seat=ACTIVE, amount=5, public=True)
    assert done == DogEatDogEmbezzlementSucceeded(seat=ACTIVE, amount=5, speaker=3, public=True)
    view = game_view(state, 1, 3, outcome=None)
    assert view.seats[0].swiss == 7
    assert (view.seats[ACTIVE].corporate, view.seats[ACTIVE].swiss) == (20, 5)
    for event in (declared, done):
        assert event_view(event, 3, game_ended=False) == event
        assert event_view(event, None, game_ended=False) == event
    shuffled = next(e for e in history if isinstance(e, DogEatDogRedTapeShuffled))
    assert event_view(shuffled, 3, game_ended=False) == msgspec.structs.replace(shuffled, cards=())
    opened = history[0]
    assert event_view(opened, 3, game_ended=False) == msgspec.structs.replace(opened, seed=HIDDEN)
    # Without the variant the amount is the embezzler's alone ([SEE-PRIVATE]).
    default = built()
    play_on(default, windows=True)
    hidden = act(default, ACTIVE, DogEatDogEmbezzle(amount=5), windows=True)[0]
    assert event_view(hidden, 3, game_ended=False) == msgspec.structs.replace(hidden, amount=HIDDEN)
    assert game_view(default, 1, 3, outcome=None).seats[ACTIVE].swiss is None


# -- [VAR-AUCTION-SEALED] ---------------------------------------------------------------------


def sealed_auction(**variants: bool) -> DogEatDogState:
    """Seat 2 passed his home city in a game of sealed auctions and opens one for square A."""
    state = built(auction_sealed=True, **variants)
    state.players[ACTIVE].runner = 3
    play_on(state, dice=(2, 3))  # passes Taxes, Las Naugas; lands on the Turnpike (8)
    state.players[0].corporate = 0  # cannot bid anything: not asked
    state.players[1].corporate = 6
    act(state, ACTIVE, DogEatDogOpenAuction(square="A"))
    return state


def seal(state: DogEatDogState, seat: int, amount: int) -> list[DomainEvent]:
    """``seat`` sends his sealed bid while every bidder is asked at once."""
    pending = flow.pending(state)
    return run(state, lambda ctx: decisions.act(ctx, seat, DogEatDogSealedBid(amount=amount), pending), Scripted())


@pytest.mark.rule("VAR-AUCTION-SEALED")
@pytest.mark.rule("AUCTION-FUNDS")
@pytest.mark.rule("TURN-DECISIONS")
def test_given_sealed_auctions_then_every_bidder_is_asked_at_once_for_one_secret_bid_within_his_funds_var_auction_sealed_auction_funds_turn_decisions() -> (
    None
):
    state = sealed_auction()
    asked = [DogEatDogDecision(seat=seat, kind=DecisionKind.SEALED_BID) for seat in (ACTIVE, 3, 1)]
    assert flow.pending(state) == asked
    assert all(DOGEATDOG.simultaneous(decision) for decision in asked)
    assert DOGEATDOG.legal_actions(state, ACTIVE, asked) == [DogEatDogSealedBid(amount=a) for a in range(1, 26)]
    assert DOGEATDOG.legal_actions(state, 1, asked) == [DogEatDogSealedBid(amount=a) for a in range(7)]
    assert DOGEATDOG.legal_actions(state, 0, asked) == []
    assert DOGEATDOG.default_action(state, ACTIVE, asked) == DogEatDogSealedBid(amount=1)
    assert DOGEATDOG.default_action(state, 3, asked) == DogEatDogSealedBid(amount=0)
    for seat, amount, rule in ((1, 7, "AUCTION-FUNDS"), (ACTIVE, 0, "VAR-AUCTION-SEALED"), (0, 1, "TURN-DECISIONS")):
        with pytest.raises(RuleViolation) as refusal:
            seal(state, seat, amount)
        assert refusal.value.rule == rule
    made = seal(state, 3, 9)
    assert made == [DogEatDogSealedBidMade(seat=3, amount=9)]
    assert flow.pending(state) == [asked[0], asked[2]]
    with pytest.raises(RuleViolation) as refusal:
        seal(state, 3, 10)  # one bid each
    assert refusal.value.rule == "TURN-DECISIONS"
    # The others' bids do not make a bidder read the game again ([VAR-AUCTION-SEALED]).
    assert DOGEATDOG.tolerates_stale(state, 1, made)
    assert not DOGEATDOG.tolerates_stale(state, 3, made)


@pytest.mark.rule("VAR-AUCTION-SEALED")
@pytest.mark.rule("AUCTION-WIN")
@pytest.mark.rule("SEE-PRIVATE")
def test_given_sealed_bids_when_all_are_in_then_they_are_revealed_and_the_highest_wins_ties_going_clockwise_from_the_opener_var_auction_sealed_auction_win() -> (
    None
):
    state = sealed_auction()
    secret = seal(state, 1, 6)[0]
    # A sealed bid is its bidder's alone until all are in ([SEE-PRIVATE]).
    assert event_view(secret, 1, game_ended=False) == secret
    view = game_view(state, 1, 3, outcome=None)
    assert view.turn is not None
    assert view.turn.auction is not None
    assert (view.turn.auction.waiting, view.turn.auction.bids) == ((ACTIVE, 3), None)
    assert [d.seat for d in view.awaiting] == [ACTIVE, 3]  # asked at once
    shown = sealed_auction(open_info=True)  # [VAR-OPEN-INFO]: everything but the deck's order
    public = seal(shown, 1, 6)[0]
    assert event_view(public, 3, game_ended=False) == public
    seen = game_view(shown, 1, 3, outcome=None).turn
    assert seen is not None
    assert seen.auction is not None
    assert seen.auction.bids == {1: 6}
    for viewer in (ACTIVE, 3, None):
        assert event_view(secret, viewer, game_ended=False) == msgspec.structs.replace(secret, amount=HIDDEN)
    seal(state, ACTIVE, 6)
    events = seal(state, 3, 2)
    assert events[1:3] == [
        DogEatDogSealedBidsRevealed(bids=((ACTIVE, 6), (3, 2), (1, 6))),
        DogEatDogAuctionWon(seat=ACTIVE, square="A", amount=6),  # the tie goes to the opener
    ]
    assert state.turn.auction is None
    assert (state.players[ACTIVE].corporate, state.squares["A"].controller) == (19, ACTIVE)
    assert DogEatDogStepEnded(seat=ACTIVE, step=Step.MOVE) in events  # the move goes on
    again = sealed_auction()
    seal(again, 1, 6)
    seal(again, 3, 7)
    events = seal(again, ACTIVE, 1)
    assert events[2] == DogEatDogAuctionWon(seat=3, square="A", amount=7)


@pytest.mark.rule("VAR-AUCTION-SEALED")
@pytest.mark.rule("TURN-DECISIONS")
@pytest.mark.rule("VAR-HONOUR")
@pytest.mark.parametrize(
    "settings",
    [
        pytest.param(DogEatDogSettings(auction_sealed=True), id="sealed"),
        pytest.param(
            DogEatDogSettings(auction_sealed=True, honour=True, kickback=True, embezzle_own_turn=True, open_info=True),
            id="all-variants",
        ),
    ],
)
def test_given_sealed_auctions_when_random_players_play_then_the_protocols_contract_and_the_invariants_hold_var_auction_sealed_turn_decisions(
    settings: DogEatDogSettings,
) -> None:
    revealed = answered = 0
    for seed in ("c", "f"):  # two short games with sealed auctions in them
        game = Game.create(uuid5(NAMESPACE_URL, f"sealed/{seed}"), DOGEATDOG, seed=seed, seats=4, settings=settings)
        for name in NAMES[:4]:
            game.join(name)
        game.start()
        choose = random.Random(seed)
        while not game.is_over:
            assert violations(game.state) == []
            assert contract_breaches(game, 4) == []
            seat = choose.choice(sorted({d.seat for d in asked_now(game, game.pending())}))
            game.act(seat, choose.choice(game.legal_actions(seat)))
        events = game.collect_events()
        revealed += sum(isinstance(event, DogEatDogSealedBidsRevealed) for event in events)
        answered += sum(isinstance(event, DogEatDogComplianceAnswered) for event in events)
    assert revealed > 0
    assert answered > 0 if settings.honour else answered == 0
