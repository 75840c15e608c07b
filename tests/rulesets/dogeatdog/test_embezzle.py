"""Embezzlement (RULES.md section 15) given/when/then: once a round in an open window, an amount
from $1M to half the corporate account committed secretly, every other Internal Investigation
holder asked clockwise from the embezzler's left, the money moved or kept; and who sees what
of it ([SEE-PRIVATE], [SEE-DERIVABLE]): the amount only its embezzler, the corporate balance
nobody else while the holders decide. The builders' tests of other rules pass every window."""

from __future__ import annotations

import msgspec
import pytest
from domain.dogeatdog.actions import (
    DecisionKind,
    DogEatDogDecision,
    DogEatDogEmbezzle,
    DogEatDogInvestigate,
    DogEatDogLetEmbezzle,
    DogEatDogPass,
)
from domain.dogeatdog.evolve import apply
from domain.dogeatdog.narration import describe
from domain.dogeatdog.rules import decisions, embezzle, flow, trade
from domain.dogeatdog.state import DogEatDogState
from domain.dogeatdog.views import event_view, game_view
from domain.errors import RuleViolation
from domain.events.base import DomainEvent
from domain.events.dogeatdog import (
    HIDDEN,
    DogEatDogBonusEmbezzleDeclined,
    DogEatDogBonusSalesEnded,
    DogEatDogCardKept,
    DogEatDogEmbezzlementDeclared,
    DogEatDogEmbezzlementStopped,
    DogEatDogEmbezzlementSucceeded,
    DogEatDogGameEnded,
    DogEatDogInvestigationDeclined,
    DogEatDogInvestigationPlayed,
    DogEatDogRedTapeDrawn,
    DogEatDogRoundBegan,
)

from tests.conformance import test_conformance as suite
from tests.rulesets.dogeatdog.builders import GAME_ID, NAMES, act, play_on, replayed, setup_history
from tests.rulesets.dogeatdog.test_conformance import ENTRY

ACTIVE = 2  # the start player of the built setup; seats 3, 0, 1 follow him clockwise
WINDOW = DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.WINDOW)


def holding(*holders: tuple[int, str]) -> list[DomainEvent]:
    """A built setup in which each seat of ``holders`` drew and kept its Internal Investigation
    ([REDTAPE-HAND]), up to the window before the start player's first step."""
    history = setup_history()
    kept = [
        event for seat, card in holders for event in (DogEatDogRedTapeDrawn(seat=seat, card=card), DogEatDogCardKept(seat=seat, card=card))
    ]
    return [*history[:-2], *kept, *history[-2:]]


def window_before_move(*holders: tuple[int, str]) -> tuple[DogEatDogState, list[DomainEvent]]:
    history = holding(*holders)
    state = replayed(history)
    return state, history + play_on(state, windows=True)


def test_given_an_open_window_then_the_active_player_may_embezzle_1_to_half_his_corporate_account_embezzle_amount() -> None:
    state, _ = window_before_move()
    assert flow.awaited(state) == WINDOW
    assert state.players[ACTIVE].corporate == 25
    legal = decisions.legal_actions(state, WINDOW)
    listed_trades = trade.proposals(state, ACTIVE)  # he may trade too ([TRADE-PROPOSE])
    assert legal == [DogEatDogPass(), *(DogEatDogEmbezzle(amount=amount) for amount in range(1, 13)), *listed_trades]
    for amount in (0, 13):
        with pytest.raises(RuleViolation) as refusal:
            act(state, ACTIVE, DogEatDogEmbezzle(amount=amount), windows=True)
        assert refusal.value.rule == "EMBEZZLE-AMOUNT"
    assert state.embezzlement is None
    assert state.players[ACTIVE].corporate == 25


def test_given_a_player_with_less_than_2m_then_he_is_not_asked_in_a_window_embezzle_amount_swiss_spend() -> None:
    history = holding()
    state = replayed(history)
    state.players[ACTIVE].corporate, state.players[ACTIVE].swiss = 1, 100  # Swiss money is never spent
    play_on(state, windows=True)
    assert flow.awaited(state) == WINDOW  # asked, as he may trade ([TRADE-PROPOSE])
    assert embezzle.offers(state, ACTIVE) == []
    assert not any(isinstance(action, DogEatDogEmbezzle) for action in decisions.legal_actions(state, WINDOW))


def test_given_no_holder_when_he_embezzles_then_the_amount_moves_to_his_swiss_account_and_the_window_goes_on_embezzle_succeed() -> None:
    state, _ = window_before_move()
    events = act(state, ACTIVE, DogEatDogEmbezzle(amount=5), windows=True)
    assert events == [
        DogEatDogEmbezzlementDeclared(seat=ACTIVE, amount=5, asked=()),
        DogEatDogEmbezzlementSucceeded(seat=ACTIVE, amount=5, speaker=ACTIVE),
    ]
    assert (state.players[ACTIVE].corporate, state.players[ACTIVE].swiss) == (20, 5)
    # the window goes on from him, everyone asked again: he may still trade ([TRADE-PROPOSE])
    assert flow.awaited(state) == WINDOW
    assert embezzle.offers(state, ACTIVE) == []


def test_given_he_embezzled_this_round_then_no_window_of_the_round_offers_it_again_and_the_next_round_does_embezzle_once() -> None:
    state, _ = window_before_move()
    act(state, ACTIVE, DogEatDogEmbezzle(amount=5), windows=True)
    assert embezzle.offers(state, ACTIVE) == []
    with pytest.raises(RuleViolation) as refusal:
        decisions.check(state, ACTIVE, DogEatDogEmbezzle(amount=1), WINDOW)
    assert refusal.value.rule == "EMBEZZLE-ONCE"
    play_on(state, dice=(1, 1))  # everyone else passes; his move and steps go on
    assert embezzle.offers(state, ACTIVE) == []
    flow_events = [DogEatDogRoundBegan(round=state.round + 1)]
    for event in flow_events:  # [TURN-WINDOW]: a new round frees it again
        apply(state, event)
    assert embezzle.offers(state, ACTIVE) == [DogEatDogEmbezzle(amount=amount) for amount in range(1, 11)]


def test_given_holders_when_he_embezzles_then_each_other_holder_is_asked_clockwise_from_his_left_and_the_first_played_stops_it_embezzle_declare() -> (
    None
):
    state, _ = window_before_move((1, "CE03"), (3, "CE01"), (0, "CE02"))
    declared = act(state, ACTIVE, DogEatDogEmbezzle(amount=7), windows=True)
    assert declared == [DogEatDogEmbezzlementDeclared(seat=ACTIVE, amount=7, asked=(3, 0, 1))]
    assert flow.awaited(state) == DogEatDogDecision(seat=3, kind=DecisionKind.INVESTIGATION)
    with pytest.raises(RuleViolation) as refusal:
        act(state, 3, DogEatDogPass(), windows=True)
    assert refusal.value.rule == "EMBEZZLE-DECLARE"
    assert act(state, 3, DogEatDogLetEmbezzle(), windows=True) == [DogEatDogInvestigationDeclined(seat=3)]
    stopped = act(state, 0, DogEatDogInvestigate(), windows=True)
    assert stopped == [
        DogEatDogInvestigationPlayed(seat=0, card="CE02"),
        DogEatDogEmbezzlementStopped(seat=ACTIVE, amount=7, speaker=ACTIVE),
    ]
    assert (state.players[ACTIVE].corporate, state.players[ACTIVE].swiss) == (25, 0)
    assert state.players[0].current_events == []
    assert state.discard[-1] == "CE02"
    assert state.players[1].current_events == ["CE03"]  # never asked: the first played decides
    assert embezzle.offers(state, ACTIVE) == []  # his embezzlement of the round is used up (R23)


def test_given_his_embezzlement_awaits_the_holders_then_others_see_his_corporate_balance_undisclosed_and_no_amount_see_private() -> None:
    state, _ = window_before_move((3, "CE01"))
    declared = act(state, ACTIVE, DogEatDogEmbezzle(amount=7), windows=True)[0]
    for viewer in (0, 1, 3, None):
        seen = game_view(state, 1, viewer, outcome=None).seats[ACTIVE]
        assert (seen.corporate, seen.swiss, seen.embezzling) == (None, None, None)
        shown = event_view(declared, viewer, game_ended=False)
        assert isinstance(shown, DogEatDogEmbezzlementDeclared)
        assert shown.amount == HIDDEN
        assert "7" not in describe(shown, NAMES[:4])
        assert "undisclosed" in describe(shown, NAMES[:4])
    own = game_view(state, 1, ACTIVE, outcome=None).seats[ACTIVE]
    assert (own.corporate, own.swiss, own.embezzling) == (25, 0, 7)
    assert event_view(declared, ACTIVE, game_ended=False) == declared
    assert event_view(declared, 0, game_ended=True) == declared  # [SEE-END]


def test_given_a_done_embezzlement_then_others_see_the_balance_before_and_after_but_never_the_amount_see_derivable() -> None:
    state, _ = window_before_move()
    before = game_view(state, 1, 0, outcome=None).seats[ACTIVE].corporate
    done = act(state, ACTIVE, DogEatDogEmbezzle(amount=5), windows=True)[-1]
    after = game_view(state, 2, 0, outcome=None).seats[ACTIVE]
    assert (before, after.corporate, after.swiss) == (25, 20, None)
    shown = event_view(done, 0, game_ended=False)
    assert isinstance(shown, DogEatDogEmbezzlementSucceeded)
    assert shown.amount == HIDDEN
    assert "$5M" not in describe(shown, NAMES[:4])


def test_given_swiss_money_near_the_target_when_an_embezzlement_reaches_it_then_the_game_ends_at_once_end_swiss_150() -> None:
    state, _ = window_before_move()
    state.players[ACTIVE].swiss = 145
    assert act(state, ACTIVE, DogEatDogEmbezzle(amount=5), windows=True)[-1] == DogEatDogGameEnded(reason="END-SWISS-150")


def test_given_the_embezzlement_prompts_then_their_defaults_are_the_least_active_choice_turn_decisions() -> None:
    state, _ = window_before_move((3, "CE01"))
    assert decisions.default_action(state, WINDOW) == DogEatDogPass()
    act(state, ACTIVE, DogEatDogEmbezzle(amount=7), windows=True)
    asked = flow.awaited(state)
    assert asked == DogEatDogDecision(seat=3, kind=DecisionKind.INVESTIGATION)
    assert decisions.default_action(state, asked) == DogEatDogLetEmbezzle()


def stamped(events: list[DomainEvent]) -> list[DomainEvent]:
    return [msgspec.structs.replace(event, originator_id=GAME_ID, originator_version=version) for version, event in enumerate(events, 1)]


@pytest.mark.parametrize("other", [1, 12])
def test_given_twins_differing_only_in_a_pending_amount_then_every_other_seat_and_a_spectator_see_them_byte_for_byte_alike_see_private(
    other: int,
) -> None:
    games = []
    for amount in (7, other):
        state, history = window_before_move((3, "CE01"))
        games.append(stamped(history + act(state, ACTIVE, DogEatDogEmbezzle(amount=amount), windows=True)))
    first, twin = games
    since = len(first) - 1
    assert first[:since] == twin[:since]
    assert first[since] != twin[since]
    for viewer in (0, 1, 3, None):
        assert suite.first_difference(suite.seen_along(ENTRY, first, viewer), suite.seen_along(ENTRY, twin, viewer, since=since)) is None
    mine = suite.seen_along(ENTRY, first, ACTIVE)
    assert suite.first_difference(mine, suite.seen_along(ENTRY, twin, ACTIVE, since=since)) is not None


# -- the bonus round's part 3 ([END-BONUS-EMBEZZLE]) ----------------------------------------


def bonus_part_3() -> tuple[DogEatDogState, list[DomainEvent]]:
    """The last turn of a second quiet round ends: the bonus round ([END-STALL]) sells the kits'
    goods and reaches its part 3; seat 0 holds an Internal Investigation and seat 2, the first
    in its order, embezzled in the round just played and holds $25M after the sales."""
    state = replayed(holding((0, "CE02")))
    state.quiet_rounds = 1
    state.players[ACTIVE].embezzled_round = state.round
    state.turn.seat, state.turn.steps_done = 1, list(flow.STEPS)
    state.turn.step, state.turn.windows_closed = flow.STEPS[-1], len(flow.STEPS) + 1
    events = play_on(state)
    state.players[ACTIVE].corporate = 25
    return state, events


def test_given_the_bonus_round_after_its_sales_then_each_in_order_may_embezzle_up_to_half_whatever_he_did_this_round_end_bonus_embezzle() -> (
    None
):
    state, events = bonus_part_3()
    assert isinstance(events[-1], DogEatDogBonusSalesEnded)
    asked = flow.awaited(state)
    assert asked == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.EMBEZZLE)
    assert decisions.legal_actions(state, asked) == [DogEatDogPass(), *(DogEatDogEmbezzle(amount=a) for a in range(1, 13))]
    with pytest.raises(RuleViolation) as refusal:
        act(state, ACTIVE, DogEatDogEmbezzle(amount=13))
    assert refusal.value.rule == "EMBEZZLE-AMOUNT"
    declared = act(state, ACTIVE, DogEatDogEmbezzle(amount=12))
    assert declared == [DogEatDogEmbezzlementDeclared(seat=ACTIVE, amount=12, asked=(0,), bonus=True)]
    shown = event_view(declared[0], 3, game_ended=False)
    assert isinstance(shown, DogEatDogEmbezzlementDeclared)
    assert shown.amount == HIDDEN
    assert flow.awaited(state) == DogEatDogDecision(seat=0, kind=DecisionKind.INVESTIGATION)
    assert act(state, 0, DogEatDogLetEmbezzle()) == [
        DogEatDogInvestigationDeclined(seat=0),
        DogEatDogEmbezzlementSucceeded(seat=ACTIVE, amount=12),
    ]
    assert (state.players[ACTIVE].corporate, state.players[ACTIVE].swiss) == (13, 12)
    assert flow.awaited(state) == DogEatDogDecision(seat=3, kind=DecisionKind.EMBEZZLE)


def test_given_the_bonus_rounds_part_3_when_everyone_declines_then_the_game_ends_end_bonus_embezzle_turn_decisions() -> None:
    state, _ = bonus_part_3()
    ended: list[DomainEvent] = []
    for seat in (2, 3, 0, 1):
        asked = flow.awaited(state)
        assert asked == DogEatDogDecision(seat=seat, kind=DecisionKind.EMBEZZLE)
        assert decisions.default_action(state, asked) == DogEatDogPass()
        ended = act(state, seat, DogEatDogPass())
        assert ended[0] == DogEatDogBonusEmbezzleDeclined(seat=seat)
    assert ended[-1] == DogEatDogGameEnded(reason="END-STALL")
