"""The turn and its decision points (RULES.md sections 1 and 5): order, phases, the one BANG!,
the hand limit, one card at a time, and who is asked what."""

from __future__ import annotations

from domain.bang.actions import (
    Answer,
    BangDecision,
    DecisionKind,
    Discard,
    EndPlay,
    Pass,
    Pick,
    PlayCard,
    UseCard,
)
from domain.bang.catalog import Role
from domain.events.bang import (
    BangCardsDrawn,
    BangCheckDrawn,
    BangEffectReached,
    BangPhaseBegan,
    BangPlayerEliminated,
    BangTurnBegan,
    BangTurnEnded,
    Phase,
)

from tests.rulesets.bang.builders import arrange, awaited, of_type, refused, table, when
from tests.rulesets.bang.playing import let_pass, pass_turn


def play_decision(seat: int) -> BangDecision:
    return BangDecision(seat=seat, kind=DecisionKind.PLAY)


# -- order and sequence -------------------------------------------------------------------------


def test_given_five_players_when_each_turn_ends_then_the_next_seat_clockwise_plays_turn_order_turn_end() -> None:
    """[TURN-ORDER] [TURN-END] [DEF-SEATING]: from the Sheriff, index + 1, wrapping."""
    game = table(5, roles=(Role.OUTLAW, Role.OUTLAW, Role.SHERIFF, Role.RENEGADE, Role.DEPUTY))
    order = [game.state.turn.seat]
    for _ in range(5):
        events = pass_turn(game)
        ended = of_type(events, BangTurnEnded)[0]
        began = of_type(events, BangTurnBegan)[0]
        assert events.index(ended) < events.index(began)
        order.append(game.state.turn.seat)
    assert order == [2, 3, 4, 0, 1, 2]


def test_given_the_next_seat_eliminated_when_the_turn_ends_then_he_is_skipped_turn_order_def_living() -> None:
    """[TURN-ORDER] [DEF-LIVING]: an eliminated player takes no further turns."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah"], 1: []}, life={1: 1})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    assert not game.state.players[1].alive
    events = pass_turn(game)
    assert [e.seat for e in of_type(events, BangTurnBegan)] == [2]
    assert awaited(game) == play_decision(2)


def test_given_a_turn_when_it_runs_then_checks_draw_play_discard_and_end_in_order_turn_sequence_turn_draw() -> None:
    """[TURN-SEQUENCE] [TURN-DRAW] [DECK-DRAW-TOP]: the next player draws the top 2 cards in
    phase I without being asked, then plays."""
    game = table(4)
    arrange(game, hands={0: ["beer-6h"], 1: []}, pile=["bang-ah", "missed-2s", "beer-7h"])
    events = pass_turn(game)
    phases = [(e.seat, e.phase) for e in of_type(events, BangPhaseBegan)]
    assert phases == [(0, Phase.DISCARD), (1, Phase.DRAW), (1, Phase.PLAY)]
    drawn = of_type(events, BangCardsDrawn)
    assert [(d.seat, d.cards, d.reason) for d in drawn] == [(1, ("bang-ah", "missed-2s"), "TURN-DRAW")]
    assert game.state.players[1].hand == ["bang-ah", "missed-2s"]
    assert game.state.draw_pile[0] == "beer-7h"
    assert awaited(game) == play_decision(1)


def test_given_dynamite_and_jail_when_the_turn_begins_then_dynamite_is_checked_before_jail_turn_start_checks() -> None:
    """[TURN-START-CHECKS]: Dynamite first, then Jail, both before phase I."""
    game = table(4)
    arrange(
        game,
        hands={0: [], 1: []},
        in_play={1: ["dynamite-10c", "jail-4h"]},
        pile=["beer-6h", "bang-ah", "missed-2s", "missed-3s"],
    )
    events = pass_turn(game)
    checks = of_type(events, BangCheckDrawn)
    assert [(c.purpose, c.card, c.success) for c in checks] == [
        ("dynamite", "beer-6h", False),
        ("jail", "bang-ah", True),
    ]
    draw = next(e for e in of_type(events, BangPhaseBegan) if e.phase is Phase.DRAW)
    assert all(events.index(c) < events.index(draw) for c in checks)
    assert game.state.players[1].hand == ["missed-2s", "missed-3s"]


def test_given_dynamite_that_kills_when_the_turn_begins_then_no_jail_check_and_the_next_plays_turn_current_eliminated() -> None:
    """[TURN-START-CHECKS] [TURN-CURRENT-ELIMINATED]: eliminated by his check, his turn ends at
    once and the next living player begins."""
    game = table(4)
    arrange(
        game,
        hands={0: [], 1: []},
        in_play={1: ["dynamite-10c", "jail-4h"]},
        life={1: 3},
        pile=["missed-2s", "bang-ah"],
    )
    events = pass_turn(game)
    assert [c.purpose for c in of_type(events, BangCheckDrawn)] == ["dynamite"]
    assert [e.seat for e in of_type(events, BangPlayerEliminated)] == [1]
    assert [e.seat for e in of_type(events, BangTurnBegan)] == [1, 2]
    assert awaited(game) == play_decision(2)


def test_given_the_current_player_loses_his_own_duel_when_eliminated_then_his_turn_ends_turn_current_eliminated() -> None:
    """[TURN-CURRENT-ELIMINATED]: the elimination is resolved, then the next living player
    clockwise takes his turn."""
    game = table(5)
    pass_turn(game)
    arrange(game, hands={1: ["duel-qd", "stagecoach-9s"], 2: ["bang-5c"]}, life={1: 1})
    when(game, 1, PlayCard(card="duel-qd", target=2))
    events = when(game, 2, Answer(card="bang-5c")) + let_pass(game)
    assert [e.seat for e in of_type(events, BangPlayerEliminated)] == [1]
    assert [e.seat for e in of_type(events, BangTurnEnded)] == [1]
    assert [e.seat for e in of_type(events, BangTurnBegan)] == [2]
    assert not game.state.resolving
    assert awaited(game) == play_decision(2)


# -- phase II ----------------------------------------------------------------------------------


def test_given_phase_two_when_playing_several_cards_in_any_order_then_he_is_asked_again_turn_play() -> None:
    """[TURN-PLAY] [DEF-IDLE]: any number of cards, in any order, at idle moments."""
    game = table(4)
    arrange(game, hands={0: ["wells-fargo-3h", "mustang-5h", "stagecoach-9s"]})
    for played in ("wells-fargo-3h", "mustang-5h", "stagecoach-9s"):
        when(game, 0, PlayCard(card=played))
        assert awaited(game) == play_decision(0)
    assert len(game.state.players[0].hand) == 5
    assert game.state.players[0].in_play == ["mustang-5h"]


def test_given_phase_two_when_playing_nothing_then_phase_two_ends_turn_play() -> None:
    """[TURN-PLAY]: playing nothing is allowed; phase II ends when he declares it."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah", "beer-6h"]})
    events = when(game, 0, EndPlay())
    assert next((e.seat, e.phase) for e in of_type(events, BangPhaseBegan)) == (0, Phase.DISCARD)
    assert game.state.turn.seat == 1


def test_given_a_beer_and_a_mustang_when_played_then_they_apply_to_their_player_turn_play_self() -> None:
    """[TURN-PLAY-SELF]: without a target symbol a card applies to its player himself."""
    game = table(4)
    arrange(game, hands={0: ["beer-6h", "mustang-5h"]}, life={0: 3})
    when(game, 0, PlayCard(card="beer-6h"))
    when(game, 0, PlayCard(card="mustang-5h"))
    assert game.state.players[0].life == 4
    assert game.state.players[0].in_play == ["mustang-5h"]
    assert all(not p.in_play for p in game.state.players[1:])


def test_given_a_bang_without_a_target_when_played_then_refused_turn_target_required() -> None:
    """[TURN-TARGET-REQUIRED]: the target is chosen on playing the card."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah"]})
    assert refused(game, 0, PlayCard(card="bang-ah")) == "TURN-TARGET-REQUIRED"


def test_given_no_legal_target_when_listing_plays_then_the_card_cannot_be_played_turn_target_required() -> None:
    """[TURN-TARGET-REQUIRED]: no neighbour with a card, so no Panic!; both neighbours hidden
    behind a Mustang or Hideout, so no BANG! (and no Panic! at distance 2)."""
    game = table(4)
    arrange(game, hands={0: ["panic-jh", "bang-ah"], 1: [], 3: [], 2: ["beer-6h"]})
    plays = {(a.card, a.target) for a in game.legal_actions(0) if isinstance(a, PlayCard)}
    assert plays == {("bang-ah", 1), ("bang-ah", 3)}
    arrange(
        game,
        hands={0: ["panic-jh", "bang-ah"], 1: [], 3: []},
        in_play={1: ["mustang-5h"], 3: ["hideout-kd"]},
    )
    assert not [a for a in game.legal_actions(0) if isinstance(a, PlayCard)]
    assert refused(game, 0, PlayCard(card="bang-ah", target=1)) == "RANGE-REACH"


# -- the one BANG! -----------------------------------------------------------------------------


def test_given_a_bang_played_when_playing_a_second_then_refused_turn_one_bang() -> None:
    """[TURN-ONE-BANG]"""
    game = table(4)
    arrange(game, hands={0: ["bang-ah", "bang-kh"], 1: []})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    let_pass(game)
    assert awaited(game) == play_decision(0)
    assert not [a for a in game.legal_actions(0) if isinstance(a, PlayCard)]
    assert refused(game, 0, PlayCard(card="bang-kh", target=1)) == "TURN-ONE-BANG"


def test_given_a_volcanic_in_play_when_playing_a_second_bang_then_accepted_turn_bang_exceptions() -> None:
    """[TURN-BANG-EXCEPTIONS] (a): a Volcanic in play lets him play any number of BANG!."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah", "bang-kh", "bang-qh"], 1: []}, in_play={0: ["volcanic-10s"]})
    for shot in ("bang-ah", "bang-kh", "bang-qh"):
        when(game, 0, PlayCard(card=shot, target=1))
        let_pass(game)
    assert game.state.players[1].life == 1


def test_given_a_bang_played_when_playing_other_hit_cards_then_they_are_unlimited_turn_bang_exceptions() -> None:
    """[TURN-BANG-EXCEPTIONS] (b): Punch, Gatling and a green hit card are not BANG! cards."""
    game = table(4)
    arrange(
        game,
        hands={0: ["punch-10s", "bang-ah", "gatling-10h"], 1: [], 2: [], 3: []},
        in_play={0: ["knife-8h"]},
    )
    when(game, 0, PlayCard(card="punch-10s", target=1))
    let_pass(game)
    when(game, 0, PlayCard(card="bang-ah", target=1))
    let_pass(game)
    when(game, 0, PlayCard(card="gatling-10h"))
    let_pass(game)
    when(game, 0, UseCard(card="knife-8h", target=3))
    let_pass(game)
    assert [p.life for p in game.state.players[1:]] == [1, 3, 2]
    assert game.state.turn.bangs == 1


def test_given_bang_cards_discarded_in_a_duel_when_playing_a_bang_then_accepted_turn_bang_exceptions() -> None:
    """[TURN-BANG-EXCEPTIONS] (c): BANG! cards discarded in a Duel are not played."""
    game = table(4)
    arrange(game, hands={0: ["duel-qd", "bang-ah", "bang-kh"], 1: ["bang-5c"]})
    when(game, 0, PlayCard(card="duel-qd", target=1))
    when(game, 1, Answer(card="bang-5c"))
    when(game, 0, Answer(card="bang-ah"))
    assert game.state.players[1].life == 3
    assert game.state.turn.bangs == 0
    when(game, 0, PlayCard(card="bang-kh", target=1))
    assert game.state.turn.bangs == 1


# -- phase III ---------------------------------------------------------------------------------


def test_given_more_cards_than_life_when_phase_two_ends_then_he_discards_down_to_his_life_turn_discard() -> None:
    """[TURN-DISCARD]: one card of his choice at a time, face up, down to his current life."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah", "beer-6h", "missed-2s", "panic-jh", "duel-qd"]}, life={0: 2})
    when(game, 0, EndPlay())
    for dropped in ("duel-qd", "bang-ah"):
        assert awaited(game) == BangDecision(seat=0, kind=DecisionKind.DISCARD)
        when(game, 0, Discard(card=dropped))
    events = when(game, 0, Discard(card="missed-2s"))
    assert game.state.players[0].hand == ["beer-6h", "panic-jh"]
    assert game.state.discard_pile[-3:] == ["duel-qd", "bang-ah", "missed-2s"]
    assert [e.seat for e in of_type(events, BangTurnBegan)] == [1]


def test_given_cards_in_play_when_phase_three_then_only_the_hand_counts_turn_discard() -> None:
    """[TURN-DISCARD]: cards in play do not count toward the limit."""
    game = table(4)
    arrange(
        game,
        hands={0: ["bang-ah", "beer-6h"]},
        in_play={0: ["mustang-5h", "barrel-ac", "volcanic-10s"]},
        life={0: 2},
    )
    events = when(game, 0, EndPlay())
    assert [e.seat for e in of_type(events, BangTurnBegan)] == [1]
    assert game.state.players[0].hand == ["bang-ah", "beer-6h"]


def test_given_more_cards_than_life_in_phase_two_when_playing_on_then_nothing_is_discarded_turn_hand_limit() -> None:
    """[TURN-HAND-LIMIT]: the limit applies only in phase III, not in phase II nor to the
    others."""
    game = table(4)
    arrange(
        game,
        hands={0: ["stagecoach-9s", "bang-ah", "beer-6h", "missed-2s"], 1: ["bang-kh", "beer-7h", "duel-qd"]},
        life={0: 1, 1: 1},
    )
    when(game, 0, PlayCard(card="stagecoach-9s"))
    assert awaited(game) == play_decision(0)
    assert len(game.state.players[0].hand) == 5
    assert len(game.state.players[1].hand) == 3


# -- one at a time -----------------------------------------------------------------------------


def test_given_a_bang_resolving_when_the_current_player_plays_then_refused_turn_one_at_a_time() -> None:
    """[TURN-ONE-AT-A-TIME] [FLOW-ONE-DECIDER]: while the hit is answered nobody else acts."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah", "beer-6h"], 1: ["missed-2s"]}, life={0: 3})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    assert game.pending() == [BangDecision(seat=1, kind=DecisionKind.HIT, source=0)]
    assert refused(game, 0, PlayCard(card="beer-6h")) == "FLOW-ONE-DECIDER"
    assert refused(game, 2, Pass()) == "FLOW-ONE-DECIDER"
    assert game.legal_actions(0) == []


def test_given_a_general_store_when_the_first_picked_then_his_card_waits_for_the_others_turn_one_at_a_time() -> None:
    """[TURN-ONE-AT-A-TIME]: a card taken from the General Store cannot be played before every
    player has taken his."""
    game = table(4)
    arrange(
        game,
        hands={0: ["general-store-as"]},
        pile=["beer-6h", "bang-ah", "missed-2s", "stagecoach-9s"],
        life={0: 3},
    )
    when(game, 0, PlayCard(card="general-store-as"))
    assert refused(game, 0, PlayCard(card="general-store-as")) == "FLOW-DECISIONS"
    when(game, 0, Pick(card="beer-6h"))
    assert awaited(game) == BangDecision(seat=1, kind=DecisionKind.STORE, source=0)
    assert refused(game, 0, PlayCard(card="beer-6h")) == "FLOW-ONE-DECIDER"
    for seat, shown in ((1, "bang-ah"), (2, "missed-2s"), (3, "stagecoach-9s")):
        when(game, seat, Pick(card=shown))
    when(game, 0, PlayCard(card="beer-6h"))
    assert game.state.players[0].life == 4


def test_given_his_own_duel_answer_due_when_the_current_player_plays_a_card_then_refused_def_idle() -> None:
    """[DEF-IDLE]: he plays cards only when nothing is resolving, and only in phase II."""
    game = table(4)
    arrange(game, hands={0: ["duel-qd", "bang-ah", "beer-6h"], 1: ["bang-5c"]}, life={0: 3})
    when(game, 0, PlayCard(card="duel-qd", target=1))
    when(game, 1, Answer(card="bang-5c"))
    assert awaited(game) == BangDecision(seat=0, kind=DecisionKind.DUEL, source=0)
    assert refused(game, 0, PlayCard(card="beer-6h")) == "FLOW-DECISIONS"
    let_pass(game)
    arrange(game, hands={0: ["beer-6h", "bang-ah", "missed-2s", "panic-jh"]}, life={0: 2})
    when(game, 0, EndPlay())
    assert awaited(game) == BangDecision(seat=0, kind=DecisionKind.DISCARD)
    assert refused(game, 0, PlayCard(card="beer-6h")) == "FLOW-DECISIONS"


def test_given_phase_two_when_discarding_a_card_freely_then_refused_turn_no_free_discard() -> None:
    """[TURN-NO-FREE-DISCARD]: no discard from hand or play without a rule saying so; nor in
    phase III when the hand is within the limit."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah", "beer-6h"]}, in_play={0: ["mustang-5h"]})
    assert refused(game, 0, Discard(card="bang-ah")) == "FLOW-DECISIONS"
    assert not [a for a in game.legal_actions(0) if isinstance(a, Discard)]
    events = when(game, 0, EndPlay())
    assert game.state.turn.seat == 1
    assert game.state.players[0].hand == ["bang-ah", "beer-6h"]
    assert [e.seat for e in of_type(events, BangTurnBegan)] == [1]


# -- the same name -----------------------------------------------------------------------------


def test_given_a_card_in_play_when_playing_one_of_the_same_name_then_refused_turn_same_name() -> None:
    """[TURN-SAME-NAME]: blue or green, no two cards of one name in front of a player."""
    game = table(4)
    arrange(
        game,
        hands={0: ["barrel-ks", "iron-plate-qs", "hideout-kd"]},
        in_play={0: ["barrel-ac", "iron-plate-ad", "mustang-5h"]},
    )
    assert refused(game, 0, PlayCard(card="barrel-ks")) == "TURN-SAME-NAME"
    assert refused(game, 0, PlayCard(card="iron-plate-qs")) == "TURN-SAME-NAME"
    when(game, 0, PlayCard(card="hideout-kd"))  # another name, the same effect
    assert game.state.players[0].in_play == ["barrel-ac", "iron-plate-ad", "mustang-5h", "hideout-kd"]


def test_given_a_jailed_player_when_jailing_him_again_then_not_a_target_turn_same_name() -> None:
    """[TURN-SAME-NAME]: a Jail cannot join another Jail in front of one player."""
    game = table(4)
    arrange(game, hands={0: ["jail-js"]}, in_play={1: ["jail-4h"]})
    targets = {a.target for a in game.legal_actions(0) if isinstance(a, PlayCard)}
    assert targets == {2, 3}
    assert refused(game, 0, PlayCard(card="jail-js", target=1)) == "TURN-SAME-NAME"


def test_given_the_next_player_has_a_dynamite_when_one_passes_then_it_skips_him_turn_same_name() -> None:
    """[TURN-SAME-NAME]: a passing Dynamite skips a player who already has one."""
    game = table(4)
    arrange(
        game,
        hands={0: []},
        in_play={1: ["dynamite-10c"], 2: ["dynamite-2h"]},
        pile=["beer-6h"],
    )
    pass_turn(game)
    assert game.state.players[1].in_play == []
    assert game.state.players[2].in_play == ["dynamite-2h"]
    assert game.state.players[3].in_play == ["dynamite-10c"]


# -- decisions ---------------------------------------------------------------------------------


def test_given_a_bang_when_it_resolves_then_hit_beer_and_play_are_asked_one_seat_at_a_time_flow_decisions() -> None:
    """[FLOW-DECISIONS] [FLOW-ONE-DECIDER]: a hit (row 5), then the Beer window (row 6), then
    the current player's idle moment (row 3); an action of another kind is refused."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah"], 1: ["beer-6h", "missed-2s"]}, life={1: 2})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    asked = [game.pending()]
    assert refused(game, 1, Pick(card="beer-6h")) == "FLOW-DECISIONS"
    when(game, 1, Pass())
    asked.append(game.pending())
    when(game, 1, Pass())
    asked.append(game.pending())
    assert asked == [
        [BangDecision(seat=1, kind=DecisionKind.HIT, source=0)],
        [BangDecision(seat=1, kind=DecisionKind.BEER, source=0)],
        [play_decision(0)],
    ]
    assert game.state.players[1].life == 1


def test_given_indians_when_it_resolves_then_the_others_answer_one_after_another_flow_one_decider() -> None:
    """[FLOW-ONE-DECIDER] [DEF-SEATING]: clockwise from the left of the player who played it,
    each asked alone."""
    game = table(4)
    pass_turn(game)
    pass_turn(game)
    arrange(game, hands={2: ["indians-5d"], 3: ["bang-ah"], 0: ["bang-kh"], 1: ["bang-qh"]})
    events = when(game, 2, PlayCard(card="indians-5d"))
    asked = []
    while (decision := awaited(game)) is not None and decision.kind is DecisionKind.INDIANS:
        assert len(game.pending()) == 1
        asked.append(decision.seat)
        events += when(game, decision.seat, Answer(card=game.state.players[decision.seat].hand[0]))
    assert asked == [3, 0, 1]
    assert [e.target for e in of_type(events, BangEffectReached)] == [3, 0, 1]
