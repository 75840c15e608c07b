"""Three players (RULES.md section 16, ``THREE-*``).

Default three-player table: Ann (seat 0) the Deputy, Bob (1) the Outlaw, Cid (2) the Renegade;
everybody sits at distance 1 from everybody. Characters have 4 life points and no ability
triggered by eliminations.
"""

from __future__ import annotations

import pytest
from domain.bang.actions import DecisionKind, Discard, EndPlay, Pass, PlayCard
from domain.bang.catalog import Role
from domain.events.bang import (
    BangCardsDrawn,
    BangCharacterDealt,
    BangGameEnded,
    BangPlayerEliminated,
    BangRoleDealt,
    BangTurnBegan,
)
from domain.events.base import DomainEvent
from domain.ruleset import GameStatus

from tests.rulesets.bang.builders import (
    BangTestGame,
    arrange,
    awaited,
    of_type,
    refused,
    table,
    when,
)

QUIET = ("chuck-wengam", "jose-delgado", "doc-holyday")
DOR = (Role.DEPUTY, Role.OUTLAW, Role.RENEGADE)

# -- helpers -----------------------------------------------------------------------------------


def three(roles: tuple[Role, ...] = DOR, *, start: bool = True) -> BangTestGame:
    return table(3, roles=roles, chars=QUIET, start=start)


def hand(game: BangTestGame, seat: int) -> list[str]:
    return list(game.state.players[seat].hand)


def asked(game: BangTestGame) -> tuple[int, DecisionKind] | None:
    decision = awaited(game)
    return None if decision is None else (decision.seat, decision.kind)


def take_it(game: BangTestGame, seat: int) -> list[DomainEvent]:
    events: list[DomainEvent] = []
    while (
        (found := awaited(game)) is not None
        and found.seat == seat
        and found.kind
        in {
            DecisionKind.HIT,
            DecisionKind.BEER,
        }
    ):
        events += when(game, seat, Pass())
    return events


def end_turn(game: BangTestGame) -> list[DomainEvent]:
    seat = game.state.turn.seat
    events = when(game, seat, EndPlay())
    while asked(game) == (seat, DecisionKind.DISCARD):
        events += when(game, seat, Discard(card=hand(game, seat)[0]))
    return events


def shoot(game: BangTestGame, shooter: int, target: int, card: str = "bang-5c") -> list[DomainEvent]:
    arrange(game, hands={shooter: [card], target: []}, life={target: 1})
    return when(game, shooter, PlayCard(card=card, target=target)) + take_it(game, target)


def turn_of(game: BangTestGame, seat: int) -> None:
    while game.state.turn.seat != seat:
        arrange(game, hands={game.state.turn.seat: []})
        end_turn(game)


# -- setup -------------------------------------------------------------------------------------


def test_given_three_players_then_deputy_outlaw_and_renegade_are_dealt_face_up_three_roles() -> None:
    """[THREE-ROLES] Deputy, Outlaw and Renegade, all public from the start."""
    game = three(start=False)
    game.start()
    dealt = of_type(game.collect_events(), BangRoleDealt)
    assert sorted(e.role for e in dealt) == sorted(DOR)
    assert all(e.public for e in dealt)
    assert [seat.role for seat in game.view(1).seats] == list(DOR)


def test_given_three_players_then_nobody_gets_a_sheriffs_extra_life_or_card_three_no_sheriff() -> None:
    """[THREE-NO-SHERIFF] no Sheriff: nobody gets the extra life point or card."""
    game = three(start=False)
    game.start()
    events = game.collect_events()
    assert [e.life for e in of_type(events, BangCharacterDealt)] == [4, 4, 4]
    dealt = [e.count for e in of_type(events, BangCardsDrawn) if e.reason == "SETUP-HAND"]
    assert dealt == [4, 4, 4]


def test_given_three_players_then_jail_may_be_played_in_front_of_any_player_three_no_sheriff() -> None:
    """[THREE-NO-SHERIFF] Jail may be played in front of any player, the Deputy who starts included."""
    game = arrange(three(), hands={0: ["jail-js"]})
    targets = {a.target for a in game.legal_actions(0) if isinstance(a, PlayCard) and a.card == "jail-js"}
    assert targets == {0, 1, 2}
    turn_of(game, 1)
    arrange(game, hands={1: ["jail-4h"]})
    when(game, 1, PlayCard(card="jail-4h", target=0))
    assert game.state.players[0].in_play == ["jail-4h"]


@pytest.mark.parametrize(
    ("roles", "first"),
    [
        (DOR, 0),
        ((Role.OUTLAW, Role.DEPUTY, Role.RENEGADE), 1),
        ((Role.OUTLAW, Role.RENEGADE, Role.DEPUTY), 2),
    ],
)
def test_given_three_players_then_the_deputy_takes_the_first_turn_three_first_player(roles: tuple[Role, ...], first: int) -> None:
    """[THREE-FIRST-PLAYER] the Deputy starts; play proceeds clockwise."""
    game = three(roles, start=False)
    game.start()
    assert [e.seat for e in of_type(game.collect_events(), BangTurnBegan)] == [first]
    arrange(game, hands={first: []})
    end_turn(game)
    assert game.state.turn.seat == (first + 1) % 3


# -- targets and the end -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roles", "killer", "victim"),
    [
        (DOR, 0, 2),  # the Deputy hunts the Renegade
        ((Role.DEPUTY, Role.RENEGADE, Role.OUTLAW), 1, 2),  # the Renegade hunts the Outlaw
        (DOR, 1, 0),  # the Outlaw hunts the Deputy
    ],
)
def test_given_a_player_kills_his_own_target_then_he_alone_wins_at_once_three_targets_three_win_target(
    roles: tuple[Role, ...], killer: int, victim: int
) -> None:
    """[THREE-TARGETS] Deputy → Renegade, Renegade → Outlaw, Outlaw → Deputy; [THREE-WIN-TARGET]
    the killer of his own target alone wins and the game ends immediately."""
    game = three(roles)
    turn_of(game, killer)
    events = shoot(game, killer, victim)
    assert [(e.seat, e.killer) for e in of_type(events, BangPlayerEliminated)] == [(victim, killer)]
    assert [(e.winners, e.reason) for e in of_type(events, BangGameEnded)] == [((killer,), "THREE-WIN-TARGET")]
    outcome = game.outcome()
    assert outcome is not None
    assert [r.won for r in outcome.results] == [seat == killer for seat in range(3)]


def test_given_the_deputy_kills_the_outlaw_then_the_game_goes_on_until_one_survivor_three_last_standing() -> None:
    """[THREE-LAST-STANDING] a first elimination not made by the victim's hunter lets the two
    survivors play on; the next elimination, by any means, ends the game: the survivor alone wins."""
    game = three()
    events = shoot(game, 0, 1)  # the Outlaw's hunter is the Renegade, not the Deputy
    assert of_type(events, BangGameEnded) == []
    assert game.state.status is GameStatus.RUNNING
    turn_of(game, 2)
    events = shoot(game, 2, 0)  # the Renegade's target was the Outlaw: no target win, last standing
    assert [(e.winners, e.reason) for e in of_type(events, BangGameEnded)] == [((2,), "THREE-LAST-STANDING")]


def test_given_a_first_elimination_by_dynamite_then_the_game_goes_on_three_last_standing() -> None:
    """[THREE-LAST-STANDING] a first elimination without a killer (Dynamite) continues the game."""
    game = arrange(three(), hands={0: [], 1: []}, in_play={1: ["dynamite-10c"]}, life={1: 2}, pile=["bang-8s"])
    events = end_turn(game)
    assert [(e.seat, e.killer) for e in of_type(events, BangPlayerEliminated)] == [(1, None)]
    assert of_type(events, BangGameEnded) == []
    assert game.state.turn.seat == 2
    assert game.state.status is GameStatus.RUNNING


def test_given_the_outlaw_kills_the_renegade_then_he_draws_three_cards_three_reward() -> None:
    """[THREE-REWARD] whoever kills any player draws 3 cards ([REWARD-OUTLAW] is replaced)."""
    game = three()
    turn_of(game, 1)
    events = shoot(game, 1, 2)
    assert [(e.seat, e.killer) for e in of_type(events, BangPlayerEliminated)] == [(2, 1)]
    drawn = [(e.seat, e.count, e.reason) for e in of_type(events, BangCardsDrawn)]
    assert drawn == [(1, 3, "THREE-REWARD")]
    assert len(hand(game, 1)) == 3


def test_given_the_deputy_kills_the_outlaw_then_he_is_rewarded_as_for_any_kill_three_reward() -> None:
    """[THREE-REWARD] also for an Outlaw, under this rule's name, not [REWARD-OUTLAW]."""
    game = three()
    events = shoot(game, 0, 1)
    assert [(e.seat, e.count, e.reason) for e in of_type(events, BangCardsDrawn)] == [(0, 3, "THREE-REWARD")]


def test_given_two_players_left_then_beer_can_no_longer_be_played_three_standard_rules() -> None:
    """[THREE-STANDARD-RULES] all other rules apply, [BEER-TWO-PLAYERS] included once two live."""
    game = three()
    shoot(game, 0, 1)
    arrange(game, hands={0: ["beer-6h", "bang-6c"], 2: ["beer-7h"]}, life={0: 2, 2: 2})
    assert refused(game, 0, PlayCard(card="beer-6h")) == "BEER-TWO-PLAYERS"
    assert refused(game, 0, PlayCard(card="bang-6c", target=2)) == "TURN-ONE-BANG"
    turn_of(game, 2)
    arrange(game, hands={0: ["beer-6h"], 2: ["punch-10s"]})
    when(game, 2, PlayCard(card="punch-10s", target=0))
    assert asked(game) == (0, DecisionKind.HIT)
    when(game, 0, Pass())
    assert asked(game) == (2, DecisionKind.PLAY)  # no Beer window for Ann
    assert game.state.players[0].life == 1
