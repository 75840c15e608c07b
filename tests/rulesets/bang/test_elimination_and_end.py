"""Elimination, reward and penalty, and the end of the game with 4 to 7 players (RULES.md sections
14 and 15: ``ELIM-*``, ``REWARD-*``, ``PENALTY-*``, ``END-*``).

Default table: four players, Ann (seat 0, Sheriff) is in her phase II; Bob (1) and Cid (2) are
Outlaws, Dee (3) the Renegade. Characters are chosen so that none reacts to an elimination
unless a test wants it (Greg Digger, Herb Hunter).
"""

from __future__ import annotations

from domain.bang.actions import (
    Answer,
    DecisionKind,
    Discard,
    DrinkBeer,
    EndPlay,
    Pass,
    PlayCard,
)
from domain.bang.catalog import Role
from domain.events.bang import (
    BangCardDiscarded,
    BangCardsDrawn,
    BangGameEnded,
    BangHitAimed,
    BangLifeGained,
    BangPlayerEliminated,
)
from domain.events.base import DomainEvent
from domain.ruleset import GameStatus

from tests.rulesets.bang.builders import (
    BangTestGame,
    arrange,
    awaited,
    of_type,
    table,
    when,
)

#: Characters with 4 life points and no ability triggered by an elimination or a reaction.
QUIET = (
    "chuck-wengam",
    "jose-delgado",
    "doc-holyday",
    "bill-noface",
    "chuck-wengam",
    "jose-delgado",
    "doc-holyday",
)

# -- helpers -----------------------------------------------------------------------------------


def quiet(players: int = 4, roles: tuple[Role, ...] | None = None) -> BangTestGame:
    return table(players, roles=roles, chars=QUIET[:players])


def life(game: BangTestGame, seat: int) -> int:
    return game.state.players[seat].life


def hand(game: BangTestGame, seat: int) -> list[str]:
    return list(game.state.players[seat].hand)


def asked(game: BangTestGame) -> tuple[int, DecisionKind] | None:
    decision = awaited(game)
    return None if decision is None else (decision.seat, decision.kind)


def take_it(game: BangTestGame, seat: int) -> list[DomainEvent]:
    """``seat`` lets every reaction pass."""
    events: list[DomainEvent] = []
    while (
        (found := awaited(game)) is not None
        and found.seat == seat
        and found.kind
        in {
            DecisionKind.HIT,
            DecisionKind.BEER,
            DecisionKind.DUEL,
            DecisionKind.INDIANS,
        }
    ):
        events += when(game, seat, Pass())
    return events


def end_turn(game: BangTestGame) -> list[DomainEvent]:
    """The current player ends phase II and discards his first cards down to his limit."""
    seat = game.state.turn.seat
    events = when(game, seat, EndPlay())
    while asked(game) == (seat, DecisionKind.DISCARD):
        events += when(game, seat, Discard(card=hand(game, seat)[0]))
    return events


def shoot(game: BangTestGame, shooter: int, target: int, card: str = "bang-5c") -> list[DomainEvent]:
    """``shooter`` plays BANG! at ``target``, who lets it pass."""
    events = when(game, shooter, PlayCard(card=card, target=target))
    return events + take_it(game, target)


def eliminated(events: list[DomainEvent]) -> list[tuple[int, Role, int | None]]:
    return [(e.seat, e.role, e.killer) for e in of_type(events, BangPlayerEliminated)]


def rewards(events: list[DomainEvent]) -> list[tuple[int, int]]:
    return [(e.seat, e.count) for e in of_type(events, BangCardsDrawn) if e.reason == "REWARD-OUTLAW"]


# -- elimination -------------------------------------------------------------------------------


def test_given_bob_at_one_life_when_he_takes_a_hit_then_he_is_eliminated_elim_trigger() -> None:
    """[ELIM-TRIGGER] a player whose life reaches 0 after the loss is eliminated."""
    game = arrange(quiet(), hands={0: ["bang-5c"], 1: ["bang-6c"]}, life={1: 1})
    events = shoot(game, 0, 1)
    assert eliminated(events) == [(1, Role.OUTLAW, 0)]
    assert not game.state.players[1].alive
    assert life(game, 1) == 0


def test_given_bob_at_two_life_when_he_takes_a_hit_then_he_lives_on_elim_trigger() -> None:
    """[ELIM-TRIGGER] only at 0 life; and a Beer that keeps him above 0 saves him."""
    game = arrange(quiet(), hands={0: ["bang-5c", "punch-10s"], 1: ["beer-6h"]}, life={1: 2})
    events = shoot(game, 0, 1)
    assert eliminated(events) == []
    assert life(game, 1) == 1
    when(game, 0, PlayCard(card="punch-10s", target=1))
    when(game, 1, Pass())
    when(game, 1, DrinkBeer(card="beer-6h"))
    assert game.state.players[1].alive
    assert life(game, 1) == 1


def test_given_an_outlaw_killed_then_role_shown_cards_discarded_reward_and_triggers_in_order_elim_sequence() -> None:
    """[ELIM-SEQUENCE] (1) the role is shown, (2) every card in hand and in play is discarded,
    (4) the end check (the game goes on), (5) the reward, (6) triggered abilities from the current
    player clockwise, (7) the interrupted card continues."""
    game = table(chars=("greg-digger", "tequila-joe", "greg-digger", "herb-hunter"))
    arrange(
        game,
        hands={0: ["bang-5c"], 1: ["bang-6c"]},
        in_play={1: ["barrel-ac"]},
        life={0: 3, 1: 1, 2: 3},
        pile=["beer-6h", "beer-7h", "beer-8h", "missed-2s", "missed-3s"],
    )
    when(game, 0, PlayCard(card="bang-5c", target=1))
    when(game, 1, Pass())  # no Barrel check
    events = take_it(game, 1)
    steps: list[tuple[str, int, str]] = []
    for event in events:
        if isinstance(event, BangPlayerEliminated):
            steps.append(("eliminated", event.seat, event.role))
        elif isinstance(event, BangCardDiscarded) and event.reason == "ELIM-SEQUENCE":
            steps.append(("discarded", event.seat, event.card))
        elif isinstance(event, BangCardsDrawn):
            steps.append(("drew", event.seat, event.reason))
        elif isinstance(event, BangLifeGained):
            steps.append(("healed", event.seat, event.reason))
    assert steps == [
        ("eliminated", 1, Role.OUTLAW),
        ("discarded", 1, "bang-6c"),
        ("discarded", 1, "barrel-ac"),
        ("drew", 0, "REWARD-OUTLAW"),
        ("healed", 0, "CHAR-GREG-DIGGER"),
        ("healed", 2, "CHAR-GREG-DIGGER"),
        ("drew", 3, "CHAR-HERB-HUNTER"),
    ]
    assert game.state.players[1].role_public
    assert (hand(game, 1), game.state.players[1].in_play) == ([], [])
    assert game.state.discard_pile[-3:] == ["bang-6c", "barrel-ac", "bang-5c"]
    assert hand(game, 0) == ["beer-6h", "beer-7h", "beer-8h"]
    assert (life(game, 0), life(game, 2)) == (5, 4)
    assert hand(game, 3)[-2:] == ["missed-2s", "missed-3s"]
    assert asked(game) == (0, DecisionKind.PLAY)


def test_given_an_elimination_that_ends_the_game_then_no_reward_nor_triggered_ability_follows_elim_sequence() -> None:
    """[ELIM-SEQUENCE] (4) if the game ends, nothing else is resolved: the Sheriff loses his own
    Duel at 1 life; Herb Hunter draws nothing."""
    game = table(chars=("tequila-joe", "herb-hunter", "greg-digger", "herb-hunter"))
    arrange(game, hands={0: ["duel-js"], 1: ["bang-6c"]}, life={0: 1})
    when(game, 0, PlayCard(card="duel-js", target=1))
    events = when(game, 1, Answer(card="bang-6c"))
    assert eliminated(events) == [(0, Role.SHERIFF, None)]
    assert of_type(events, BangCardsDrawn) == []
    assert of_type(events, BangLifeGained) == []
    assert game.is_over


def test_given_gatling_when_the_first_target_is_eliminated_then_the_others_are_still_hit_elim_sequence() -> None:
    """[ELIM-SEQUENCE] (7) the interrupted card continues without him."""
    game = arrange(quiet(), hands={0: ["gatling-10h"], 1: [], 2: [], 3: []}, life={1: 1})
    events = when(game, 0, PlayCard(card="gatling-10h"))
    assert eliminated(events) == [(1, Role.OUTLAW, 0)]
    assert [e.target for e in of_type(events, BangHitAimed)] == [1, 2, 3]
    assert (life(game, 2), life(game, 3)) == (3, 3)


def test_given_a_bang_kills_then_the_shooter_is_the_killer_elim_killer() -> None:
    """[ELIM-KILLER] the killer is the source of the life loss that eliminated him."""
    game = arrange(quiet(), hands={0: ["bang-5c"], 3: []}, life={3: 1})
    assert eliminated(shoot(game, 0, 3)) == [(3, Role.RENEGADE, 0)]


def test_given_the_challenger_loses_his_own_duel_to_death_then_there_is_no_killer_elim_killer() -> None:
    """[ELIM-KILLER] a Duel he started and lost: the source is himself, so no killer, no reward
    ([READ-KILLER-DUEL])."""
    game = arrange(quiet(), hands={0: ["bang-5c"], 1: ["duel-js"], 2: ["bang-6c"]}, life={1: 1})
    end_turn(game)
    arrange(game, hands={1: ["duel-js"], 2: ["bang-6c"]})
    when(game, 1, PlayCard(card="duel-js", target=2))
    events = when(game, 2, Answer(card="bang-6c"))
    assert eliminated(events) == [(1, Role.OUTLAW, None)]
    assert rewards(events) == []


def test_given_the_challenged_loses_a_duel_to_death_then_the_challenger_is_the_killer_elim_killer() -> None:
    """[ELIM-KILLER] Duel damage is attributed to the player who played the Duel."""
    game = arrange(quiet(), hands={0: ["duel-js"], 2: ["beer-6h"]}, life={2: 1})
    when(game, 0, PlayCard(card="duel-js", target=2))
    events = take_it(game, 2)
    assert eliminated(events) == [(2, Role.OUTLAW, 0)]
    assert rewards(events) == [(0, 3)]


# -- reward and penalty ------------------------------------------------------------------------


def test_given_the_sheriff_kills_an_outlaw_then_he_draws_three_cards_reward_outlaw() -> None:
    """[REWARD-OUTLAW] the killer of an Outlaw immediately draws 3 cards."""
    game = arrange(quiet(), hands={0: ["bang-5c"], 1: []}, life={1: 1}, pile=["beer-6h", "beer-7h", "beer-8h", "saloon-5h"])
    events = shoot(game, 0, 1)
    assert rewards(events) == [(0, 3)]
    assert hand(game, 0) == ["beer-6h", "beer-7h", "beer-8h"]


def test_given_an_outlaw_kills_an_outlaw_then_he_is_rewarded_too_reward_outlaw() -> None:
    """[REWARD-OUTLAW] whatever the killer's own role."""
    game = arrange(quiet(), hands={0: [], 2: []}, life={2: 1})
    end_turn(game)
    arrange(game, hands={1: ["punch-10s"], 2: []})
    events = when(game, 1, PlayCard(card="punch-10s", target=2))
    assert eliminated(events) == [(2, Role.OUTLAW, 1)]
    assert rewards(events) == [(1, 3)]
    assert len(hand(game, 1)) == 3


def test_given_the_renegade_is_killed_then_nobody_is_rewarded_reward_outlaw() -> None:
    """[REWARD-OUTLAW] only the killer of an Outlaw is rewarded."""
    game = arrange(quiet(), hands={0: ["bang-5c"], 3: []}, life={3: 1})
    events = shoot(game, 0, 3)
    assert eliminated(events) == [(3, Role.RENEGADE, 0)]
    assert of_type(events, BangCardsDrawn) == []
    assert hand(game, 0) == []


FIVE = (Role.SHERIFF, Role.OUTLAW, Role.OUTLAW, Role.RENEGADE, Role.DEPUTY)


def test_given_the_sheriff_kills_his_deputy_then_he_discards_every_card_penalty_sheriff_deputy() -> None:
    """[PENALTY-SHERIFF-DEPUTY] the Sheriff discards every card in his hand and in play."""
    game = arrange(
        quiet(5, FIVE),
        hands={0: ["bang-5c", "beer-6h", "missed-2s"], 4: []},
        in_play={0: ["barrel-ac", "schofield-jc"]},
        life={4: 1},
    )
    events = shoot(game, 0, 4)
    assert eliminated(events) == [(4, Role.DEPUTY, 0)]
    penalty = [e.card for e in of_type(events, BangCardDiscarded) if e.reason == "PENALTY-SHERIFF-DEPUTY"]
    assert penalty == ["beer-6h", "missed-2s", "barrel-ac", "schofield-jc"]
    assert (hand(game, 0), game.state.players[0].in_play) == ([], [])
    assert game.state.status is GameStatus.RUNNING


def test_given_an_outlaw_kills_the_deputy_then_nobody_is_penalised_penalty_sheriff_deputy() -> None:
    """[PENALTY-SHERIFF-DEPUTY] only when the Sheriff is the killer of a Deputy."""
    game = arrange(quiet(5, FIVE), hands={0: ["beer-6h"]}, in_play={0: ["barrel-ac"]}, life={4: 1})
    end_turn(game)
    arrange(game, hands={1: ["springfield-ks", "bang-9c"], 4: []})
    events = when(game, 1, PlayCard(card="springfield-ks", target=4, cost="bang-9c"))
    assert eliminated(events) == [(4, Role.DEPUTY, 1)]
    assert [e for e in of_type(events, BangCardDiscarded) if e.reason == "PENALTY-SHERIFF-DEPUTY"] == []
    assert hand(game, 0) == ["beer-6h"]
    assert game.state.players[0].in_play == ["barrel-ac"]


# -- the end of the game -----------------------------------------------------------------------


def sheriff_dies_at_dees_turn(*, outlaws_dead: bool) -> tuple[BangTestGame, list[DomainEvent]]:
    """Dee (Renegade) shoots the Sheriff at 1 life in her turn; the Outlaws (Bob, Cid) are either
    killed first by Ann's Gatling or left with 4 life points."""
    game = quiet()
    arrange(game, hands={0: ["gatling-10h"], 1: [], 2: [], 3: []}, life={1: 1, 2: 1} if outlaws_dead else {})
    when(game, 0, PlayCard(card="gatling-10h"))
    assert game.state.status is GameStatus.RUNNING
    arrange(game, hands={0: []})
    while game.state.turn.seat != 3:
        end_turn(game)
    arrange(game, hands={0: [], 3: ["bang-8s"]}, life={0: 1})
    return game, shoot(game, 3, 0, "bang-8s")


def test_given_only_the_renegade_left_when_he_kills_the_sheriff_then_he_alone_wins_end_sheriff_dies() -> None:
    """[END-SHERIFF-DIES] exactly one player living and he is the Renegade: he alone wins."""
    game, events = sheriff_dies_at_dees_turn(outlaws_dead=True)
    ended = of_type(events, BangGameEnded)
    assert [(e.winners, e.reason) for e in ended] == [((3,), "END-SHERIFF-DIES")]
    assert game.is_over


def test_given_outlaws_alive_when_the_renegade_kills_the_sheriff_then_the_outlaws_win_end_sheriff_dies() -> None:
    """[END-SHERIFF-DIES] in every other case all Outlaws win; [END-LOSERS] the Renegade who killed
    the Sheriff while others live loses, and so does the Sheriff."""
    game, events = sheriff_dies_at_dees_turn(outlaws_dead=False)
    assert [(e.winners, e.reason) for e in of_type(events, BangGameEnded)] == [((1, 2), "END-SHERIFF-DIES")]
    outcome = game.outcome()
    assert outcome is not None
    assert {r.seat: r.won for r in outcome.results} == {0: False, 1: True, 2: True, 3: False}


def test_given_an_outlaw_eliminated_earlier_when_the_sheriff_dies_then_he_wins_too_end_sheriff_dies() -> None:
    """[END-SHERIFF-DIES] the Outlaws win living and eliminated alike ([ELIM-STILL-WINS])."""
    game = arrange(quiet(), hands={0: ["bang-5c"], 1: []}, life={1: 1})
    shoot(game, 0, 1)
    arrange(game, hands={0: []})
    end_turn(game)  # Bob is skipped: Cid's turn
    assert game.state.turn.seat == 2
    arrange(game, hands={0: [], 2: ["bang-6c"]}, life={0: 1})
    events = shoot(game, 2, 0, "bang-6c")  # Cid now sits next to Ann
    assert [(e.winners, e.reason) for e in of_type(events, BangGameEnded)] == [((1, 2), "END-SHERIFF-DIES")]
    outcome = game.outcome()
    assert outcome is not None
    assert {(r.seat, r.won, r.eliminated) for r in outcome.results if r.seat in {1, 2}} == {
        (1, True, True),
        (2, True, False),
    }


def test_given_the_last_outlaw_and_renegade_die_then_sheriff_and_deputies_win_even_dead_ones_end_law_wins() -> None:
    """[END-LAW-WINS] no Outlaw and no Renegade living while the Sheriff lives: the Sheriff and all
    Deputies win, living and eliminated alike ([ELIM-STILL-WINS]). Ann's Gatling kills her own
    Deputy Bob first (penalty), then Cid, Dee and Eve."""
    roles = (Role.SHERIFF, Role.DEPUTY, Role.OUTLAW, Role.OUTLAW, Role.RENEGADE)
    game = arrange(
        quiet(5, roles),
        hands={0: ["gatling-10h"], 1: [], 2: [], 3: [], 4: []},
        life={1: 1, 2: 1, 3: 1, 4: 1},
    )
    events = when(game, 0, PlayCard(card="gatling-10h"))
    assert [seat for seat, _, _ in eliminated(events)] == [1, 2, 3, 4]
    assert [(e.winners, e.reason) for e in of_type(events, BangGameEnded)] == [((0, 1), "END-LAW-WINS")]
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winners == (0, 1)
    assert [r.won for r in outcome.results] == [True, True, False, False, False]


def test_given_all_outlaws_dead_but_the_renegade_alive_then_the_game_continues_end_continue() -> None:
    """[END-CONTINUE] all Outlaws eliminated while a Renegade and the Sheriff live: play goes on."""
    game = arrange(quiet(), hands={0: ["gatling-10h"], 1: [], 2: [], 3: []}, life={1: 1, 2: 1})
    events = when(game, 0, PlayCard(card="gatling-10h"))
    assert [seat for seat, _, _ in eliminated(events)] == [1, 2]
    assert of_type(events, BangGameEnded) == []
    assert game.state.status is GameStatus.RUNNING
    assert asked(game) == (0, DecisionKind.PLAY)


def test_given_a_renegade_killing_the_sheriff_then_every_non_winner_loses_end_losers() -> None:
    """[END-LOSERS] every player who is not a winner loses: with the Law's win the Renegade and
    both Outlaws lose, whoever is alive."""
    roles = (Role.SHERIFF, Role.OUTLAW, Role.OUTLAW, Role.RENEGADE, Role.DEPUTY)
    game = arrange(quiet(5, roles), hands={0: ["gatling-10h"], 1: [], 2: [], 3: [], 4: []}, life={1: 1, 2: 1, 3: 1})
    when(game, 0, PlayCard(card="gatling-10h"))
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.reason == "END-LAW-WINS"
    assert {r.seat: r.won for r in outcome.results} == {0: True, 1: False, 2: False, 3: False, 4: True}


def test_given_the_sheriff_killed_first_in_a_gatling_then_the_rest_is_not_resolved_end_immediate() -> None:
    """[END-IMMEDIATE] the game ends at once: Dee's Gatling kills the Sheriff, its first target;
    Bob and Cid are never hit, and Herb Hunter draws nothing."""
    game = table(chars=("tequila-joe", "chuck-wengam", "herb-hunter", "jose-delgado"))
    arrange(game, hands={0: [], 1: [], 2: [], 3: []})
    while game.state.turn.seat != 3:
        end_turn(game)
    arrange(game, hands={0: [], 1: [], 2: [], 3: ["gatling-10h"]}, life={0: 1})
    events = when(game, 3, PlayCard(card="gatling-10h"))
    assert [e.target for e in of_type(events, BangHitAimed)] == [0]
    assert [e.reason for e in of_type(events, BangGameEnded)] == ["END-SHERIFF-DIES"]
    assert of_type(events, BangCardsDrawn) == []
    assert (life(game, 1), life(game, 2)) == (4, 4)
    assert game.pending() == []
    assert isinstance(events[-1], BangGameEnded)


def test_given_the_game_ended_then_every_role_is_revealed_end_reveal() -> None:
    """[END-REVEAL] when the game ends all role cards are revealed."""
    game, events = sheriff_dies_at_dees_turn(outlaws_dead=False)
    ended = of_type(events, BangGameEnded)[0]
    assert ended.roles == (Role.SHERIFF, Role.OUTLAW, Role.OUTLAW, Role.RENEGADE)
    view = game.view(1)
    assert [seat.role for seat in view.seats] == [Role.SHERIFF, Role.OUTLAW, Role.OUTLAW, Role.RENEGADE]
    assert all(player.role_public for player in game.state.players)
