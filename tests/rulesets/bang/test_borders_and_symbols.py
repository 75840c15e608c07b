"""Card borders and symbols (RULES.md sections 1, 8 and 9)."""

from __future__ import annotations

from collections.abc import Sequence

from domain.bang.actions import (
    RANDOM_HAND_CARD,
    BangAction,
    BangDecision,
    Choose,
    DecisionKind,
    Dodge,
    Pick,
    PlayCard,
    UseCard,
)
from domain.events.bang import (
    BangCardDiscarded,
    BangCardTaken,
    BangEffectReached,
    BangHitAimed,
    BangLifeGained,
    Zone,
)

from tests.rulesets.bang.builders import arrange, awaited, of_type, refused, table, when
from tests.rulesets.bang.playing import let_pass, pass_turn


def targets_of(legal: Sequence[BangAction], card: str) -> set[int | None]:
    """The targets ``card`` may be played or used at, of the ``legal`` actions."""
    return {a.target for a in legal if isinstance(a, PlayCard | UseCard) and a.card == card}


# -- borders -----------------------------------------------------------------------------------


def test_given_a_bang_cancelled_when_resolved_then_the_brown_card_is_still_discarded_border_brown() -> None:
    """[BORDER-BROWN] [HIT-CANCELLED-CARD]: discarded whether or not its effect succeeds, and the
    cancelled BANG! still counts as the one BANG!."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah", "bang-kh"], 1: ["missed-2s"]})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    when(game, 1, Dodge(card="missed-2s"))
    assert game.state.players[1].life == 4
    assert game.state.discard_pile == ["missed-2s", "bang-ah"]
    assert refused(game, 0, PlayCard(card="bang-kh", target=1)) == "TURN-ONE-BANG"


def test_given_blue_cards_when_played_then_they_stay_in_front_of_their_owner_border_blue_def_owner() -> None:
    """[BORDER-BLUE] [DEF-OWNER]: in front of the owner, Jail in front of the chosen player;
    they stay there turn after turn."""
    game = table(4)
    arrange(game, hands={0: ["barrel-ac", "jail-js"]})
    when(game, 0, PlayCard(card="barrel-ac"))
    when(game, 0, PlayCard(card="jail-js", target=2))
    assert game.state.players[0].in_play == ["barrel-ac"]
    assert game.state.players[2].in_play == ["jail-js"]
    assert game.state.holder_of("jail-js") == 2
    pass_turn(game)
    pass_turn(game)
    assert game.state.players[0].in_play == ["barrel-ac"]


def test_given_a_green_card_when_put_in_play_then_it_has_no_effect_yet_border_green_play() -> None:
    """[BORDER-GREEN-PLAY] [DEF-ACTIVE-GREEN] [BORDER-GREEN-DELAY]: in play, not yet active,
    not usable in that turn."""
    game = table(4)
    arrange(game, hands={0: ["canteen-7h", "bang-ah"]}, life={0: 3})
    when(game, 0, PlayCard(card="canteen-7h"))
    assert game.state.players[0].in_play == ["canteen-7h"]
    assert game.state.players[0].life == 3
    assert [c.active for c in game.view(1).seats[0].in_play] == [False]
    assert refused(game, 0, UseCard(card="canteen-7h")) == "BORDER-GREEN-DELAY"
    assert not [a for a in game.legal_actions(0) if isinstance(a, UseCard)]


def test_given_a_sombrero_played_in_my_turn_when_the_next_player_shoots_then_it_protects_me_border_green_delay() -> None:
    """[BORDER-GREEN-DELAY] [BORDER-GREEN-MISSED] [HIT-OUT-OF-TURN]: active from the next
    player's turn on, used against a hit in another player's turn."""
    game = table(4)
    arrange(game, hands={0: ["sombrero-7c"]})
    when(game, 0, PlayCard(card="sombrero-7c"))
    pass_turn(game)
    assert [c.active for c in game.view(1).seats[0].in_play] == [True]
    arrange(game, hands={1: ["bang-ah"], 0: []})
    when(game, 1, PlayCard(card="bang-ah", target=0))
    assert awaited(game) == BangDecision(seat=0, kind=DecisionKind.HIT, source=1)
    when(game, 0, Dodge(card="sombrero-7c"))
    assert game.state.players[0].life == 5
    assert game.state.players[0].in_play == []
    assert game.state.discard_pile[-2:] == ["sombrero-7c", "bang-ah"]


def test_given_a_green_card_with_a_missed_symbol_when_used_in_phase_two_then_refused_border_green_missed() -> None:
    """[BORDER-GREEN-MISSED]: only as a reaction to a hit aimed at its owner."""
    game = table(4)
    arrange(game, hands={0: []}, in_play={0: ["bible-10h", "iron-plate-ad"]})
    assert refused(game, 0, UseCard(card="bible-10h")) == "BORDER-GREEN-MISSED"
    assert not [a for a in game.legal_actions(0) if isinstance(a, UseCard)]


def test_given_an_active_green_card_when_used_then_its_effect_applies_once_and_it_is_discarded_border_green_use() -> None:
    """[BORDER-GREEN-USE]: out of play into the resolving area, once, then the discard pile."""
    game = table(4)
    arrange(game, hands={0: []}, in_play={0: ["canteen-7h"]}, life={0: 3})
    events = when(game, 0, UseCard(card="canteen-7h"))
    assert game.state.players[0].life == 4
    assert [(d.card, d.zone) for d in of_type(events, BangCardDiscarded)] == [("canteen-7h", Zone.RESOLVING)]
    assert game.state.players[0].in_play == []
    assert refused(game, 0, UseCard(card="canteen-7h")) == "BORDER-GREEN-USE"


def test_given_a_green_card_when_it_is_not_his_turn_then_he_cannot_use_it_border_green_use() -> None:
    """[BORDER-GREEN-USE]: green cards without the Missed! symbol only in their owner's phase
    II."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah"], 1: ["missed-2s"]}, in_play={1: ["knife-8h"]})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    assert refused(game, 1, UseCard(card="knife-8h", target=0)) == "FLOW-DECISIONS"
    assert not [a for a in game.legal_actions(1) if isinstance(a, UseCard | Dodge) and a.card == "knife-8h"]


def test_given_a_green_card_taken_by_panic_when_put_in_play_again_then_it_waits_again_border_green_taken() -> None:
    """[BORDER-GREEN-TAKEN]: taken into a hand it is an ordinary hand card, inactive again once
    put into play."""
    game = table(4)
    arrange(game, hands={0: ["panic-jh"]}, in_play={1: ["canteen-7h"]}, life={0: 3})
    events = when(game, 0, PlayCard(card="panic-jh", target=1, pick="canteen-7h"))
    assert [(t.card, t.zone) for t in of_type(events, BangCardTaken)] == [("canteen-7h", Zone.PLAY)]
    assert "canteen-7h" in game.state.players[0].hand
    when(game, 0, PlayCard(card="canteen-7h"))
    assert refused(game, 0, UseCard(card="canteen-7h")) == "BORDER-GREEN-DELAY"
    pass_turn(game)
    assert [c.active for c in game.view(0).seats[0].in_play] == [True]


def test_given_cards_in_play_when_cat_balou_and_elimination_strike_then_they_are_discarded_border_removal() -> None:
    """[BORDER-REMOVAL]: Cat Balou discards a blue card in play; an eliminated player's cards in
    play are discarded."""
    game = table(4)
    arrange(
        game,
        hands={0: ["cat-balou-8c", "bang-ah"], 1: [], 3: []},
        in_play={3: ["barrel-ac", "canteen-7h"], 1: ["mustang-5h", "knife-8h"]},
        life={1: 1},
    )
    when(game, 0, PlayCard(card="cat-balou-8c", target=3, pick="barrel-ac"))
    assert game.state.players[3].in_play == ["canteen-7h"]
    arrange(game, hands={0: ["bang-ah"], 1: []}, in_play={1: ["knife-8h"]}, life={1: 1})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    assert not game.state.players[1].alive
    assert game.state.players[1].in_play == []
    assert "knife-8h" in game.state.discard_pile


# -- symbols -----------------------------------------------------------------------------------


def test_given_a_bang_when_not_answered_then_one_hit_costs_one_life_sym_hit_def_hit() -> None:
    """[SYM-HIT] [DEF-HIT]: one hit aimed at the designated player, one life point."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah"], 1: ["beer-6h"]})
    events = when(game, 0, PlayCard(card="bang-ah", target=1)) + let_pass(game)
    assert [(h.source, h.target, h.card) for h in of_type(events, BangHitAimed)] == [(0, 1, "bang-ah")]
    assert [p.life for p in game.state.players] == [5, 3, 4, 4]


def test_given_a_missed_when_played_against_a_hit_then_it_cancels_it_sym_missed() -> None:
    """[SYM-MISSED] [DEF-MISSED-TYPE]"""
    game = table(4)
    arrange(game, hands={0: ["punch-10s"], 1: ["dodge-7d"]})
    when(game, 0, PlayCard(card="punch-10s", target=1))
    when(game, 1, Dodge(card="dodge-7d"))
    assert game.state.players[1].life == 4


def test_given_full_life_when_playing_a_healing_card_then_allowed_and_never_above_maximum_sym_heal() -> None:
    """[SYM-HEAL] [LIFE-MAX]: healing cards may be played though they heal nobody."""
    game = table(4)
    arrange(game, hands={0: ["beer-6h", "whisky-qh", "stagecoach-9s"]}, life={0: 4})
    when(game, 0, PlayCard(card="whisky-qh", cost="stagecoach-9s"))
    assert game.state.players[0].life == 5
    events = when(game, 0, PlayCard(card="beer-6h"))
    assert [g.life for g in of_type(events, BangLifeGained)] == [5]
    assert game.state.players[0].life == 5


def test_given_panic_when_choosing_hand_or_a_card_in_play_then_the_chosen_card_is_taken_sym_draw() -> None:
    """[SYM-DRAW]: a random hand card or a card of his choice in play, into his hand."""
    game = table(4)
    arrange(game, hands={0: ["panic-jh", "panic-8d"], 1: ["beer-6h"]}, in_play={1: ["barrel-ac"]})
    picks = {a.pick for a in game.legal_actions(0) if isinstance(a, PlayCard) and a.target == 1}
    assert picks == {RANDOM_HAND_CARD, "barrel-ac"}
    when(game, 0, PlayCard(card="panic-jh", target=1, pick=RANDOM_HAND_CARD))
    when(game, 0, PlayCard(card="panic-8d", target=1, pick="barrel-ac"))
    assert game.state.players[0].hand == ["beer-6h", "barrel-ac"]
    assert game.state.players[1].hand == game.state.players[1].in_play == []


def test_given_cat_balou_when_aimed_at_another_then_his_hand_card_or_a_card_in_play_is_discarded_sym_discard() -> None:
    """[SYM-DISCARD]: another player: a random hand card or a chosen card in play."""
    game = table(4)
    arrange(game, hands={0: ["cat-balou-8c", "cat-balou-10d"], 2: ["beer-6h"]}, in_play={2: ["mustang-5h"]})
    when(game, 0, PlayCard(card="cat-balou-8c", target=2, pick=RANDOM_HAND_CARD))
    when(game, 0, PlayCard(card="cat-balou-10d", target=2, pick="mustang-5h"))
    assert game.state.players[2].hand == game.state.players[2].in_play == []
    assert game.state.discard_pile == ["beer-6h", "cat-balou-8c", "mustang-5h", "cat-balou-10d"]


def test_given_cat_balou_on_himself_when_played_then_he_chooses_any_own_card_sym_discard() -> None:
    """[SYM-DISCARD] [SYM-TAKE-NEEDS-CARD]: on yourself, any one card of your hand or play area,
    other than the Cat Balou."""
    game = table(4)
    arrange(game, hands={0: ["cat-balou-8c", "beer-6h"]}, in_play={0: ["mustang-5h"]})
    when(game, 0, PlayCard(card="cat-balou-8c", target=0))
    assert awaited(game) == BangDecision(seat=0, kind=DecisionKind.DISCARD_OWN, source=0)
    assert {a.pick for a in game.legal_actions(0) if isinstance(a, Choose)} == {"beer-6h", "mustang-5h"}
    when(game, 0, Choose(target=0, pick="mustang-5h"))
    assert game.state.players[0].in_play == []
    assert game.state.players[0].hand == ["beer-6h"]
    arrange(game, hands={0: ["cat-balou-8c"]}, in_play={0: []})
    assert 0 not in targets_of(game.legal_actions(0), "cat-balou-8c")


def test_given_a_card_with_a_discard_cost_when_played_then_one_other_hand_card_is_discarded_sym_discard_cost() -> None:
    """[SYM-DISCARD-COST]: the cost card is discarded, not played; without another card in hand
    the card cannot be played."""
    game = table(4)
    arrange(game, hands={0: ["springfield-ks", "bang-ah"], 3: []})
    assert refused(game, 0, PlayCard(card="springfield-ks", target=3)) == "SYM-DISCARD-COST"
    events = when(game, 0, PlayCard(card="springfield-ks", target=3, cost="bang-ah"))
    assert next((d.card, d.reason) for d in of_type(events, BangCardDiscarded)) == (
        "bang-ah",
        "SYM-DISCARD-COST",
    )
    assert game.state.turn.bangs == 0
    assert game.state.players[3].life == 3
    arrange(game, hands={0: ["brawl-js"], 1: ["beer-6h"]})
    assert targets_of(game.legal_actions(0), "brawl-js") == set()


def test_given_tequila_and_springfield_then_any_player_is_a_target_himself_only_for_tequila_sym_target_any() -> None:
    """[SYM-TARGET-ANY]: Tequila may heal himself; Springfield must hit another player."""
    game = table(4)
    arrange(game, hands={0: ["tequila-9c", "springfield-ks", "beer-6h"]}, in_play={2: ["mustang-5h"]})
    assert targets_of(game.legal_actions(0), "tequila-9c") == {0, 1, 2, 3}
    assert targets_of(game.legal_actions(0), "springfield-ks") == {1, 2, 3}
    assert refused(game, 0, PlayCard(card="springfield-ks", target=0, cost="beer-6h")) == "SYM-TARGET-ANY"


def test_given_a_gatling_then_every_other_living_player_is_hit_clockwise_from_the_left_sym_target_all_others() -> None:
    """[SYM-TARGET-ALL-OTHERS] [SYM-MULTI-ORDER]: regardless of distance, from the left of the
    acting player."""
    game = table(6)
    pass_turn(game)
    pass_turn(game)
    arrange(game, hands={2: ["gatling-10h"], 0: [], 1: [], 3: [], 4: [], 5: []}, in_play={5: ["mustang-5h"]})
    events = when(game, 2, PlayCard(card="gatling-10h")) + let_pass(game)
    assert [h.target for h in of_type(events, BangHitAimed)] == [3, 4, 5, 0, 1]
    assert [p.life for p in game.state.players] == [4, 3, 4, 3, 3, 3]


def test_given_a_general_store_and_a_saloon_then_every_living_player_including_himself_is_reached_sym_target_all() -> None:
    """[SYM-TARGET-ALL] [SYM-TWO-LINES] [SYM-MULTI-ORDER]: the Saloon heals the others, then
    the acting player last; the General Store serves everyone from the acting player."""
    game = table(4)
    arrange(game, hands={0: ["saloon-5h", "general-store-as"]}, life={0: 3, 1: 2, 2: 4, 3: 3})
    events = when(game, 0, PlayCard(card="saloon-5h"))
    assert [(g.seat, g.life) for g in of_type(events, BangLifeGained)] == [(1, 3), (2, 4), (3, 4), (0, 4)]
    events = when(game, 0, PlayCard(card="general-store-as"))
    for seat in (0, 1, 2, 3):
        decision = awaited(game)
        assert decision == BangDecision(seat=seat, kind=DecisionKind.STORE, source=0)
        pick = next(a for a in game.legal_actions(seat) if isinstance(a, Pick))
        events += when(game, seat, pick)
    assert [e.target for e in of_type(events, BangEffectReached)] == [0, 1, 2, 3]


def test_given_a_knife_when_used_then_only_a_player_at_distance_1_is_a_target_sym_target_distance() -> None:
    """[SYM-TARGET-DISTANCE] [RANGE-FIXED]: the weapon does not matter."""
    game = table(6)
    arrange(game, in_play={0: ["knife-8h", "winchester-8s"]})
    assert targets_of(game.legal_actions(0), "knife-8h") == {1, 5}


def test_given_panic_and_rag_time_when_the_target_has_no_card_then_he_cannot_be_chosen_sym_take_needs_card() -> None:
    """[SYM-TAKE-NEEDS-CARD]"""
    game = table(4)
    arrange(game, hands={0: ["panic-jh", "rag-time-9h", "beer-6h"], 1: [], 2: [], 3: ["bang-ah"]})
    assert targets_of(game.legal_actions(0), "panic-jh") == {3}
    assert targets_of(game.legal_actions(0), "rag-time-9h") == {3}
    assert refused(game, 0, PlayCard(card="panic-jh", target=1, pick=RANDOM_HAND_CARD)) == ("SYM-TAKE-NEEDS-CARD")
