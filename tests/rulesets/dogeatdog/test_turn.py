"""The skeleton of a turn (RULES.md sections 5, 6 and 18): open windows around the six steps,
the move with the spaces built so far, turns and rounds, and the ends by round and by the Swiss
target. The builders' setup has four players; seat 2 (Goo Pont Plastics, home city Las Naugas,
track space 6) starts round 1, its first window open."""

from __future__ import annotations

import random
from uuid import UUID

import pytest
from domain.aggregates.game import AnyGame, Game
from domain.dogeatdog.actions import (
    DecisionKind,
    DogEatDogDecision,
    DogEatDogLetPass,
    DogEatDogMoveToSwiss,
    DogEatDogPass,
)
from domain.dogeatdog.rules import decisions, flow, window
from domain.dogeatdog.rules.outcome import outcome
from domain.dogeatdog.ruleset import DOGEATDOG
from domain.dogeatdog.state import DogEatDogState
from domain.dogeatdog.views import event_view, game_view
from domain.errors import RuleViolation
from domain.events.base import DomainEvent
from domain.events.dogeatdog import (
    DogEatDogAcquisitionLetPass,
    DogEatDogAcquisitionOffered,
    DogEatDogBonusRoundBegan,
    DogEatDogDiceRolled,
    DogEatDogGameEnded,
    DogEatDogGenevaReached,
    DogEatDogMovedToSwiss,
    DogEatDogRoundBegan,
    DogEatDogRoundEnded,
    DogEatDogRunnerMoved,
    DogEatDogSettings,
    DogEatDogStepBegan,
    DogEatDogStepEnded,
    DogEatDogTaxPaid,
    DogEatDogTurnBegan,
    DogEatDogTurnEnded,
    DogEatDogWindowClosed,
    DogEatDogWindowOpened,
    DogEatDogWindowPassed,
    RollPurpose,
    Step,
)
from domain.events.dogeatdog.bribery import BRIBERY_EVENTS
from domain.ruleset import GameStatus

from tests.rulesets.dogeatdog.builders import NAMES, act, play_defaults, play_on, replayed, setup_history

ACTIVE = 2
HOME = 6  # Las Naugas


def round_one(settings: DogEatDogSettings | None = None) -> DogEatDogState:
    return replayed(setup_history(settings=settings))


def moved(state: DogEatDogState, *, start: int, dice: tuple[int, int]) -> list[DomainEvent]:
    """The active player's runner stands on ``start``; everyone passes the first window and he
    rolls ``dice``."""
    state.players[ACTIVE].runner = start
    return play_on(state, dice)


def between(events: list[DomainEvent], first: type[DomainEvent], last: type[DomainEvent]) -> list[DomainEvent]:
    start = next(i for i, e in enumerate(events) if isinstance(e, first))
    end = next(i for i, e in enumerate(events) if isinstance(e, last) and i > start)
    return events[start : end + 1]


def test_given_nobody_with_anything_but_a_pass_then_no_window_is_held_and_the_move_begins_turn_window() -> None:
    state = round_one()
    for player in state.players:  # nothing to embezzle ([EMBEZZLE-AMOUNT]) nor to trade ([TRADE-PROPOSE])
        player.corporate, player.goods, player.current_events, player.officials = 0, {}, [], []
        for square in player.squares:
            state.squares[square].controller = None
        player.squares = []
    assert flow.awaited(state) is None  # the setup's last event: his turn began
    events = play_on(state, dice=(1, 1), windows=True)
    assert not any(isinstance(e, DogEatDogWindowOpened | DogEatDogWindowPassed | DogEatDogWindowClosed) for e in events)
    assert [type(e) for e in events[:2]] == [DogEatDogStepBegan, DogEatDogDiceRolled]


def test_given_seats_with_something_to_do_in_a_window_then_only_they_are_asked_clockwise_and_it_closes_when_they_passed_turn_window(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A stand-in for what embezzlement and trades will offer: seats 3 and 1 may act, 2 and 0 not.
    monkeypatch.setattr(window, "offers", lambda state, seat: [DogEatDogPass()] if seat in (1, 3) else [])
    monkeypatch.setattr(window, "may_act", lambda state, seat: seat in (1, 3))
    state = round_one()
    opened = play_on(state, windows=True)
    assert opened == [DogEatDogWindowOpened(seat=ACTIVE, after=None, speaker=3)]
    assert flow.awaited(state) == DogEatDogDecision(seat=3, kind=DecisionKind.WINDOW)
    with pytest.raises(RuleViolation) as refusal:
        act(state, ACTIVE, DogEatDogPass(), windows=True)
    assert refusal.value.rule == "TURN-DECISIONS"
    assert act(state, 3, DogEatDogPass(), windows=True)[0] == DogEatDogWindowPassed(seat=3, speaker=1)
    closing = act(state, 1, DogEatDogPass(), dice=(1, 1), windows=True)
    assert closing[:3] == [
        DogEatDogWindowPassed(seat=1, speaker=None),
        DogEatDogWindowClosed(),
        DogEatDogStepBegan(seat=ACTIVE, step=Step.MOVE),
    ]


def test_given_a_turn_played_by_defaults_then_its_six_steps_come_in_order_turn_order() -> None:
    state = round_one()
    events = play_defaults(state, lambda s: s.turn.seat != ACTIVE, dice=(3, 4))  # to Las Naugas + 7: Boomtown
    begun = [e.step for e in events if isinstance(e, DogEatDogStepBegan) and e.seat == ACTIVE]
    ended = [e.step for e in events if isinstance(e, DogEatDogStepEnded) and e.seat == ACTIVE]
    assert begun == ended == [Step.MOVE, Step.SELL, Step.PAYROLL, Step.HIRE, Step.PRODUCE, Step.EXPLOIT]
    assert next(e for e in events if isinstance(e, DogEatDogTurnBegan)) == DogEatDogTurnBegan(seat=3, turn=2, round=1)


def test_given_long_term_planning_when_a_turn_is_played_then_hiring_comes_last_opt_long_term() -> None:
    state = round_one(DogEatDogSettings(long_term=True))
    events = play_defaults(state, lambda s: s.turn.seat != ACTIVE, dice=(3, 4))
    begun = [e.step for e in events if isinstance(e, DogEatDogStepBegan) and e.seat == ACTIVE]
    assert begun == [Step.MOVE, Step.SELL, Step.PAYROLL, Step.PRODUCE, Step.EXPLOIT, Step.HIRE]


def test_given_the_move_when_rolled_then_the_runner_goes_clockwise_round_the_track_move_dice_board_direction_rng_steps() -> None:
    state = round_one()
    events = moved(state, start=16, dice=(5, 3))  # 16 + 8 = 24: space 4
    assert DogEatDogDiceRolled(seat=ACTIVE, dice=(5, 3), purpose=RollPurpose.MOVE) in events
    assert DogEatDogRunnerMoved(seat=ACTIVE, from_space=16, to_space=4) in events
    assert state.players[ACTIVE].runner == 4


def test_given_a_highway_when_landed_on_then_nothing_happens_space_plain() -> None:
    state = round_one()
    events = moved(state, start=11, dice=(1, 1))  # Toll Road
    seen = between(events, DogEatDogStepBegan, DogEatDogStepEnded)
    assert [type(e) for e in seen[:2]] == [DogEatDogStepBegan, DogEatDogDiceRolled]
    # The setup law's offer, declined by all ([BRIBE-INITIAL]), lies between roll and move.
    assert [type(e) for e in seen[2:] if not isinstance(e, BRIBERY_EVENTS)] == [
        DogEatDogRunnerMoved,
        DogEatDogStepEnded,
    ]
    assert state.players[ACTIVE].corporate == 25


def test_given_26_or_more_when_passing_taxes_then_a_third_rounded_down_is_paid_tax_pass_money_bank() -> None:
    state = round_one()
    state.players[ACTIVE].corporate = 40  # as sales will leave it
    events = moved(state, start=3, dice=(1, 2))  # passes 4, Taxes, lands on his home city
    assert DogEatDogTaxPaid(seat=ACTIVE, amount=13) in events
    assert state.players[ACTIVE].corporate == 27


def test_given_25_when_landing_on_taxes_then_nothing_is_paid_tax_pass() -> None:
    state = round_one()
    events = moved(state, start=3, dice=(1, 1))
    assert state.players[ACTIVE].runner == 5
    assert not any(isinstance(e, DogEatDogTaxPaid) for e in events)
    assert state.players[ACTIVE].corporate == 25


def test_given_a_move_past_taxes_and_home_then_each_acts_in_the_order_passed_and_the_start_space_not_at_all_move_order() -> None:
    state = round_one()
    state.players[ACTIVE].corporate = 30
    events = moved(state, start=3, dice=(2, 2))  # 4, Taxes, home, lands on 7
    kinds = [type(e) for e in events]
    assert kinds.index(DogEatDogTaxPaid) < kinds.index(DogEatDogAcquisitionOffered)
    assert not any(isinstance(e, DogEatDogStepEnded) for e in events)  # the move waits on him
    again = round_one()
    again.players[ACTIVE].corporate = 30
    later = moved(again, start=5, dice=(1, 1))  # starts on Taxes: not passed
    assert not any(isinstance(e, DogEatDogTaxPaid) for e in later)


def test_given_passing_his_home_city_then_he_is_asked_and_may_let_it_pass_home_pass_acq_target() -> None:
    state = round_one()
    events = moved(state, start=3, dice=(2, 3))  # passes Las Naugas, lands on the Turnpike
    assert DogEatDogAcquisitionOffered(seat=ACTIVE, space=HOME) in events
    decision = flow.awaited(state)
    assert decision == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.ACQUISITION)
    assert decisions.legal_actions(state, decision)[0] == DogEatDogLetPass()
    assert decisions.default_action(state, decision) == DogEatDogLetPass()  # [TURN-DECISIONS]
    with pytest.raises(RuleViolation) as refusal:
        act(state, ACTIVE, DogEatDogPass())
    assert refusal.value.rule == "ACQ-TARGET"
    answered = act(state, ACTIVE, DogEatDogLetPass())
    assert answered[:2] == [
        DogEatDogAcquisitionLetPass(seat=ACTIVE, space=HOME),
        DogEatDogStepEnded(seat=ACTIVE, step=Step.MOVE),
    ]
    assert state.turn.prompt is None
    assert state.players[ACTIVE].runner == 8


def test_given_landing_on_his_home_city_then_he_is_asked_too_home_pass() -> None:
    state = round_one()
    events = moved(state, start=4, dice=(1, 1))
    assert DogEatDogAcquisitionOffered(seat=ACTIVE, space=HOME) in events


def test_given_passing_another_divisions_home_city_then_no_opportunity_home_pass() -> None:
    state = round_one()
    events = moved(state, start=0, dice=(2, 2))  # passes Green City, seat 1's home
    assert not any(isinstance(e, DogEatDogAcquisitionOffered) for e in events)


def test_given_landing_on_geneva_then_he_moves_any_amount_to_his_swiss_account_seen_by_him_only_geneva_land_see_private() -> None:
    state = round_one()
    events = moved(state, start=17, dice=(1, 2))
    assert DogEatDogGenevaReached(seat=ACTIVE) in events
    decision = flow.awaited(state)
    assert decision == DogEatDogDecision(seat=ACTIVE, kind=DecisionKind.GENEVA)
    assert decisions.legal_actions(state, decision) == [DogEatDogMoveToSwiss(amount=a) for a in range(26)]
    assert decisions.default_action(state, decision) == DogEatDogMoveToSwiss(amount=0)
    with pytest.raises(RuleViolation) as refusal:
        act(state, ACTIVE, DogEatDogMoveToSwiss(amount=26))
    assert refusal.value.rule == "GENEVA-LAND"
    with pytest.raises(RuleViolation) as refusal:
        act(state, ACTIVE, DogEatDogMoveToSwiss(amount=-1))
    assert refusal.value.rule == "GENEVA-LAND"
    answered = act(state, ACTIVE, DogEatDogMoveToSwiss(amount=10))
    assert answered[0] == DogEatDogMovedToSwiss(seat=ACTIVE, amount=10)
    assert (state.players[ACTIVE].corporate, state.players[ACTIVE].swiss) == (15, 10)
    assert event_view(answered[0], 0, game_ended=False) == answered[0]  # the amount is public
    assert [s.swiss for s in game_view(state, 1, ACTIVE, outcome=None).seats] == [None, None, 10, None]
    assert [s.swiss for s in game_view(state, 1, 0, outcome=None).seats] == [0, None, None, None]


def test_given_an_empty_corporate_account_when_landing_on_geneva_then_nothing_is_asked_geneva_land() -> None:
    state = round_one()
    state.players[ACTIVE].corporate = 0
    events = moved(state, start=17, dice=(1, 2))
    assert not any(isinstance(e, DogEatDogGenevaReached) for e in events)
    assert DogEatDogStepEnded(seat=ACTIVE, step=Step.MOVE) in events


@pytest.mark.parametrize(("target", "before"), [(150, 140), (100, 90), (250, 240)])
def test_given_a_swiss_account_near_the_target_when_geneva_fills_it_then_the_game_ends_at_once_end_swiss_150_opt_long_game_opt_short_target(
    target: int, before: int
) -> None:
    state = round_one(DogEatDogSettings(target=target))  # type: ignore[arg-type]
    state.players[ACTIVE].swiss = before
    moved(state, start=17, dice=(1, 2))
    events = act(state, ACTIVE, DogEatDogMoveToSwiss(amount=10))
    assert events[-1] == DogEatDogGameEnded(reason="END-SWISS-150")
    assert state.status is GameStatus.ENDED
    assert flow.awaited(state) is None
    result = outcome(state)
    assert result is not None
    assert result.winners == (ACTIVE,)


def test_given_the_last_turn_of_a_round_when_it_ends_then_the_next_round_begins_with_the_start_player_turn_round() -> None:
    state = round_one()
    events = play_defaults(state, lambda s: s.round != 1, dice=(1, 1) * 8)
    assert [e.seat for e in events if isinstance(e, DogEatDogTurnBegan)] == [3, 0, 1, 2]
    ended = events.index(DogEatDogRoundEnded(round=1))
    assert events[ended - 1] == DogEatDogTurnEnded(seat=1)
    assert events[ended + 1 : ended + 3] == [DogEatDogRoundBegan(round=2), DogEatDogTurnBegan(seat=2, turn=5, round=2)]


def play_randomly(game: AnyGame, seed: int) -> int:
    choose = random.Random(seed)
    steps = 0
    while not game.is_over:
        seat = game.pending()[0].seat
        game.act(seat, choose.choice(game.legal_actions(seat)))
        steps += 1
    return steps


def new_game(seats: int, settings: DogEatDogSettings | None = None) -> AnyGame:
    game: AnyGame = Game.create(UUID(int=seats), DOGEATDOG, seed=f"turns {seats}", seats=seats, settings=settings)
    for seat in range(seats):
        game.join(NAMES[seat])
    game.start()
    return game


def last_turn_of(state: DogEatDogState, round_number: int) -> None:
    """Seat 1, the last of the round, is on turn in round ``round_number``."""
    state.round, state.turn.seat = round_number, 1
    state.turn.steps_done = list(flow.STEPS)
    state.turn.step = Step.EXPLOIT
    state.turn.windows_closed = 7
    state.active_this_round = True


def test_given_the_last_turn_of_round_100_when_it_ends_then_the_bonus_round_is_played_and_the_game_ends_end_limit_end_winner() -> None:
    state = round_one()
    last_turn_of(state, 100)
    events = play_on(state, dice=(3, 3))  # the bonus round's prices
    events += play_defaults(state, lambda s: s.status is GameStatus.ENDED)  # nobody embezzles
    assert events[:3] == [
        DogEatDogTurnEnded(seat=1),
        DogEatDogRoundEnded(round=100),
        DogEatDogBonusRoundBegan(reason="END-LIMIT", order=(2, 3, 0, 1)),
    ]
    assert events[-1] == DogEatDogGameEnded(reason="END-LIMIT")
    result = outcome(state)
    assert result is not None
    assert result.reason == "END-LIMIT"
    best = max((p.swiss, p.corporate) for p in state.players)
    assert set(result.winners) == {p.seat for p in state.players if (p.swiss, p.corporate) == best}


def test_given_a_short_game_then_it_ends_after_round_6_without_a_bonus_round_opt_short_rounds() -> None:
    state = round_one(DogEatDogSettings(round_limit=6))
    last_turn_of(state, 6)
    events = play_on(state)
    assert events == [DogEatDogTurnEnded(seat=1), DogEatDogRoundEnded(round=6), DogEatDogGameEnded(reason="OPT-SHORT-ROUNDS")]


def test_given_an_ended_game_then_the_most_swiss_money_wins_a_tie_goes_to_corporate_and_a_full_tie_shares_end_winner() -> None:
    state = round_one()
    for player, (swiss, corporate) in zip(state.players, [(30, 5), (30, 9), (10, 50), (30, 9)], strict=True):
        player.swiss, player.corporate = swiss, corporate
    state.status, state.end_reason = GameStatus.ENDED, "END-LIMIT"
    result = outcome(state)
    assert result is not None
    assert result.winners == (1, 3)
    assert [(r.rank, r.score) for r in result.results] == [(3, 30), (1, 30), (4, 10), (1, 30)]


def test_given_a_random_game_then_at_every_step_the_default_is_one_of_the_legal_actions_of_the_seat_asked_turn_decisions() -> None:
    game = new_game(3, DogEatDogSettings(round_limit=6))
    choose = random.Random(0)
    kinds = set()
    while not game.is_over:
        (decision,) = game.pending()
        kinds.add(decision.kind)
        default = DOGEATDOG.default_action(game.state, decision.seat, game.pending())
        assert default in game.legal_actions(decision.seat)
        game.act(decision.seat, choose.choice(game.legal_actions(decision.seat)))
    assert {DecisionKind.DIVISION, DecisionKind.PRICE, DecisionKind.STAFF} <= kinds
