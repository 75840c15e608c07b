"""The goals of the teams, checked through the end of a game (RULES.md section 4)."""

from __future__ import annotations

from domain.bang.actions import PlayCard
from domain.bang.catalog import Role
from domain.events.bang import BangGameEnded
from domain.ruleset import GameStatus

from tests.rulesets.bang.builders import arrange, of_type, table, when
from tests.rulesets.bang.playing import pass_turn

#: Characters whose abilities do nothing at an elimination.
QUIET = ("bill-noface",) * 5


def test_given_the_last_outlaw_and_renegade_fall_when_the_sheriff_lives_then_the_law_wins_goal_law() -> None:
    """[GOAL-LAW] [GOAL-DEAD-TEAMMATES]: the Sheriff and his Deputies win, the Deputy eliminated
    before the end included; the Renegade loses."""
    game = table(5, roles=(Role.SHERIFF, Role.DEPUTY, Role.OUTLAW, Role.OUTLAW, Role.RENEGADE), chars=QUIET)
    arrange(game, hands={0: ["gatling-10h"], 1: [], 2: [], 3: [], 4: []}, life={1: 1, 2: 1, 3: 1, 4: 1})
    events = when(game, 0, PlayCard(card="gatling-10h"))
    ended = of_type(events, BangGameEnded)
    assert [(e.winners, e.reason) for e in ended] == [((0, 1), "END-LAW-WINS")]
    outcome = game.outcome()
    assert outcome is not None
    assert [r.won for r in outcome.results] == [True, True, False, False, False]
    assert outcome.results[1].eliminated


def test_given_the_sheriff_killed_by_an_outlaw_then_every_outlaw_wins_goal_outlaws() -> None:
    """[GOAL-OUTLAWS] [GOAL-DEAD-TEAMMATES] [GOAL-RENEGADE]: the Outlaws win, the eliminated one
    too; the living Renegade does not."""
    game = table(4, chars=QUIET[:4])
    arrange(game, hands={0: ["gatling-10h"], 1: [], 2: [], 3: []}, life={2: 1})
    when(game, 0, PlayCard(card="gatling-10h"))
    assert not game.state.players[2].alive
    pass_turn(game)
    arrange(game, hands={1: ["bang-ah"], 0: []}, life={0: 1})
    events = when(game, 1, PlayCard(card="bang-ah", target=0))
    assert [(e.winners, e.reason) for e in of_type(events, BangGameEnded)] == [((1, 2), "END-SHERIFF-DIES")]
    assert game.state.players[3].alive
    assert game.state.status is GameStatus.ENDED


def test_given_the_renegade_last_standing_then_he_alone_wins_goal_renegade() -> None:
    """[GOAL-RENEGADE]: be the only living player: the Outlaws fall first, the Sheriff last."""
    game = table(4, roles=(Role.OUTLAW, Role.SHERIFF, Role.RENEGADE, Role.OUTLAW), chars=QUIET[:4])
    assert game.state.turn.seat == 1
    arrange(game, hands={1: []})
    pass_turn(game)
    arrange(game, hands={2: ["gatling-10h"], 0: [], 1: [], 3: []}, life={0: 1, 1: 1, 3: 1})
    events = when(game, 2, PlayCard(card="gatling-10h"))
    assert [(e.winners, e.reason) for e in of_type(events, BangGameEnded)] == [((2,), "END-SHERIFF-DIES")]
    assert game.state.living() == [2]
