"""The characters' abilities and the general rules on abilities (RULES.md section 13, CHAR-*)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from domain.bang.actions import (
    Answer,
    BangDecision,
    CopyAbility,
    DecisionKind,
    DocShot,
    Dodge,
    DrawCards,
    DrinkBeer,
    EndPlay,
    Pass,
    PayLife,
    PlayCard,
    TakeInPlay,
    TradeBlue,
)
from domain.bang.catalog import Role
from domain.events.bang import (
    BangAbilityCopied,
    BangCardPlayed,
    BangCardsDrawn,
    BangEffectStarted,
    BangHitCancelled,
    BangLifeGained,
    BangLossThreatened,
    BangSettings,
)
from domain.events.base import DomainEvent

from tests.rulesets.bang.builders import (
    BangTestGame,
    arrange,
    awaited,
    of_type,
    refused,
    settle,
    table,
    when,
)
from tests.rulesets.bang.scenes import finish_turn, legal, play_to_turn_of

NEUTRAL = "sean-mallory"  # an ability that matters only in his own phase III


def drawn(events: Sequence[DomainEvent], reason: str) -> list[tuple[int, int]]:
    """(seat, count) of every draw for ``reason``."""
    return [(e.seat, e.count) for e in of_type(events, BangCardsDrawn) if e.reason == reason]


# -- Apache Kid --------------------------------------------------------------------------------


def four(*chars: str) -> BangTestGame:
    """Four players: Sheriff (seat 0, to play), Outlaw, Outlaw, Renegade, with ``chars``."""
    return table(4, chars=chars)


def test_given_apache_kid_when_another_plays_a_diamond_bang_at_him_then_it_has_no_effect_and_still_counts_char_apache_kid() -> None:
    game = four("pixie-pete", "apache-kid", NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["bang-ad", "bang-ah"], 1: ["beer-6h"]})
    events = when(game, 0, PlayCard(card="bang-ad", target=1))
    assert [e.rule for e in of_type(events, BangHitCancelled)] == ["CHAR-APACHE-KID"]
    assert game.state.players[1].life == 3
    assert "bang-ad" in game.state.discard_pile
    assert refused(game, 0, PlayCard(card="bang-ah", target=1)) == "TURN-ONE-BANG"


def test_given_apache_kid_when_a_diamond_indians_is_played_then_he_is_skipped_char_apache_kid() -> None:
    game = four("pixie-pete", "apache-kid", NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["indians-5d"], 1: ["bang-2c"], 2: ["bang-3c"], 3: ["bang-4c"]})
    events = when(game, 0, PlayCard(card="indians-5d"))
    assert [e.targets for e in of_type(events, BangEffectStarted)] == [(2, 3)]


def test_given_apache_kid_when_he_is_hit_by_a_heart_bang_then_he_must_react_char_apache_kid() -> None:
    game = four("pixie-pete", "apache-kid", NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["bang-ah"], 1: ["beer-6h"]})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    assert awaited(game) == BangDecision(seat=1, kind=DecisionKind.HIT, source=0)


def test_given_a_duel_at_apache_kid_when_the_opponent_answers_with_a_diamond_bang_then_apache_must_answer_char_apache_kid_duel() -> None:
    game = four("pixie-pete", "apache-kid", NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["duel-js", "bang-ad"], 1: ["bang-2c", "missed-2s"]})
    when(game, 0, PlayCard(card="duel-js", target=1))
    when(game, 1, Answer(card="bang-2c"))
    when(game, 0, Answer(card="bang-ad"))
    assert awaited(game) == BangDecision(seat=1, kind=DecisionKind.DUEL, source=0)


def test_given_a_diamond_duel_card_when_played_at_apache_kid_then_no_duel_takes_place_char_apache_kid_duel() -> None:
    game = four("pixie-pete", "apache-kid", NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["duel-qd"], 1: ["bang-2c"]})
    events = when(game, 0, PlayCard(card="duel-qd", target=1))
    assert of_type(events, BangEffectStarted) == []
    assert game.state.discard_pile[-1] == "duel-qd"
    assert awaited(game) == BangDecision(seat=0, kind=DecisionKind.PLAY)


# -- Belle Star --------------------------------------------------------------------------------


def test_given_belle_stars_turn_when_she_shoots_then_the_targets_cards_in_play_have_no_effect_char_belle_star() -> None:
    game = four("belle-star", NEUTRAL, NEUTRAL, NEUTRAL)
    arrange(
        game,
        hands={0: ["bang-8s"], 1: ["beer-6h"]},
        in_play={1: ["mustang-5h", "barrel-ac", "sombrero-7c"]},
    )
    when(game, 0, PlayCard(card="bang-8s", target=1))  # within reach: the Mustang is ignored
    assert legal(game, 1) == [Pass()]


def test_given_belle_stars_turn_when_she_plays_jail_at_a_jailed_player_then_refused_char_belle_star() -> None:
    game = four("belle-star", NEUTRAL, NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["jail-4h"]}, in_play={2: ["jail-js"]})
    assert refused(game, 0, PlayCard(card="jail-4h", target=2)) == "TURN-SAME-NAME"


# -- Bill Noface, Pixie Pete: phase I ------------------------------------------------------------


@pytest.mark.parametrize(("life", "cards"), [(4, 1), (3, 2), (2, 3), (1, 4)])
def test_given_bill_noface_missing_life_when_his_turn_begins_then_he_draws_one_plus_missing_char_bill_noface(life: int, cards: int) -> None:
    game = four(NEUTRAL, "bill-noface", NEUTRAL, NEUTRAL)
    arrange(game, hands={0: [], 1: []}, life={1: life})
    events = when(game, 0, EndPlay())
    assert drawn(events, "TURN-DRAW") == [(1, cards)]


@pytest.mark.parametrize(("settings", "cards"), [(None, 4), (BangSettings(pixie_pete_three=True), 3)])
def test_given_pixie_pete_when_his_turn_begins_then_he_draws_four_char_pixie_pete(settings: BangSettings | None, cards: int) -> None:
    game = table(4, chars=(NEUTRAL, "pixie-pete", NEUTRAL, NEUTRAL), settings=settings)
    arrange(game, hands={0: []})
    events = when(game, 0, EndPlay())
    assert drawn(events, "TURN-DRAW") == [(1, cards)]


# -- Chuck Wengam ------------------------------------------------------------------------------


def test_given_chuck_wengam_when_he_pays_life_then_he_draws_two_without_a_beer_window_char_chuck_wengam() -> None:
    game = four("chuck-wengam", NEUTRAL, NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["beer-6h"]}, life={0: 3})
    events = when(game, 0, PayLife())
    assert game.state.players[0].life == 2
    assert drawn(events, "CHAR-CHUCK-WENGAM") == [(0, 2)]
    assert of_type(events, BangLossThreatened) == []
    assert awaited(game) == BangDecision(seat=0, kind=DecisionKind.PLAY)
    when(game, 0, PayLife())
    assert game.state.players[0].life == 1
    assert refused(game, 0, PayLife()) == "CHAR-CHUCK-WENGAM"


# -- Doc Holyday -------------------------------------------------------------------------------


def test_given_doc_holyday_when_he_discards_two_cards_then_one_hit_that_is_not_his_bang_char_doc_holyday() -> None:
    game = four("doc-holyday", NEUTRAL, NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["bang-5c", "bang-6c", "bang-kc", "missed-2s"], 1: []})
    assert refused(game, 0, DocShot(cards=("bang-5c", "bang-6c"), target=2)) == "CHAR-DOC-HOLYDAY"
    when(game, 0, DocShot(cards=("bang-5c", "bang-6c"), target=1))
    assert game.state.players[1].life == 2
    assert game.state.discard_pile[:2] == ["bang-5c", "bang-6c"]
    assert game.state.turn.bangs == 0
    assert refused(game, 0, DocShot(cards=("bang-kc", "missed-2s"), target=3)) == "CHAR-DOC-HOLYDAY"
    when(game, 0, PlayCard(card="bang-kc", target=3))
    assert awaited(game) == BangDecision(seat=3, kind=DecisionKind.HIT, source=0)


def test_given_doc_holyday_when_both_cards_are_diamonds_then_apache_kid_cannot_be_his_target_char_doc_holyday_apache() -> None:
    game = four("doc-holyday", "apache-kid", NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["bang-ad", "bang-2d", "bang-5c"], 1: []})
    assert refused(game, 0, DocShot(cards=("bang-ad", "bang-2d"), target=1)) == "CHAR-DOC-HOLYDAY"
    when(game, 0, DocShot(cards=("bang-ad", "bang-5c"), target=1))
    assert game.state.players[1].life == 2  # the ability's hit is no diamond card


# -- Elena Fuente ------------------------------------------------------------------------------


def test_given_elena_fuente_hit_then_any_hand_card_but_no_card_in_play_answers_as_missed_char_elena_fuente() -> None:
    game = four("pixie-pete", "elena-fuente", NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["bang-ah"], 1: ["beer-6h", "jail-js"]}, in_play={1: ["knife-8h"]})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    assert legal(game, 1) == [Dodge(card="beer-6h"), Dodge(card="jail-js"), Pass()]
    events = when(game, 1, Dodge(card="jail-js"))
    assert [e.as_missed for e in of_type(events, BangCardPlayed)] == [True]
    assert [e.rule for e in of_type(events, BangHitCancelled)] == ["CHAR-ELENA-FUENTE"]
    assert game.state.discard_pile[-2:] == ["jail-js", "bang-ah"]
    assert game.state.players[1].life == 3


def test_given_two_living_players_when_elena_is_hit_then_she_may_play_beer_as_missed_char_override() -> None:
    """Her ability beats [BEER-TWO-PLAYERS]: the Beer is only a Missed! here."""
    game = table(3, chars=("pixie-pete", "elena-fuente", NEUTRAL))
    arrange(game, hands={0: ["bang-ah"], 1: ["beer-6h"], 2: []})
    game.state.players[2].alive = False  # two living players
    when(game, 0, PlayCard(card="bang-ah", target=1))
    assert Dodge(card="beer-6h") in legal(game, 1)
    events = when(game, 1, Dodge(card="beer-6h"))
    assert [e.rule for e in of_type(events, BangHitCancelled)] == ["CHAR-ELENA-FUENTE"]


# -- Greg Digger, Herb Hunter, trigger order -----------------------------------------------------


def kill_seat_1(game: BangTestGame) -> list[DomainEvent]:
    """Seat 0 shoots seat 1 (1 life, empty hand) dead."""
    arrange(game, hands={0: ["bang-ah"], 1: []}, life={1: 1})
    return when(game, 0, PlayCard(card="bang-ah", target=1))


@pytest.mark.parametrize(("life", "after"), [(2, 4), (3, 4)])
def test_given_greg_digger_when_another_character_is_eliminated_then_he_regains_two_char_greg_digger(life: int, after: int) -> None:
    game = four(NEUTRAL, NEUTRAL, "greg-digger", NEUTRAL)
    game.state.players[2].life = life
    events = kill_seat_1(game)
    assert not game.state.players[1].alive
    assert [(e.seat, e.reason) for e in of_type(events, BangLifeGained)] == [(2, "CHAR-GREG-DIGGER")]
    assert game.state.players[2].life == after


def test_given_herb_hunter_when_he_eliminates_an_outlaw_then_he_draws_three_and_two_char_herb_hunter() -> None:
    game = four("herb-hunter", NEUTRAL, NEUTRAL, NEUTRAL)
    events = kill_seat_1(game)
    found = [(e.seat, e.count, e.reason) for e in of_type(events, BangCardsDrawn)]
    assert found == [(0, 3, "REWARD-OUTLAW"), (0, 2, "CHAR-HERB-HUNTER")]


def test_given_several_herb_hunters_when_a_character_is_eliminated_then_they_draw_from_the_current_player_clockwise_char_trigger_order() -> (
    None
):
    game = table(
        5,
        roles=(Role.OUTLAW, Role.OUTLAW, Role.SHERIFF, Role.RENEGADE, Role.DEPUTY),
        chars=(NEUTRAL, "herb-hunter", "herb-hunter", NEUTRAL, "herb-hunter"),
    )
    arrange(game, hands={2: ["bang-ah"], 3: []}, life={3: 1})
    events = when(game, 2, PlayCard(card="bang-ah", target=3))
    assert drawn(events, "CHAR-HERB-HUNTER") == [(2, 2), (4, 2), (1, 2)]


# -- José Delgado ------------------------------------------------------------------------------


def test_given_jose_delgado_when_he_discards_a_blue_card_then_he_draws_two_char_jose_delgado() -> None:
    game = four("jose-delgado", NEUTRAL, NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["barrel-ac", "mustang-5h", "knife-8h"]})
    events = when(game, 0, TradeBlue(card="barrel-ac"))
    assert drawn(events, "CHAR-JOSE-DELGADO") == [(0, 2)]
    assert game.state.discard_pile == ["barrel-ac"]
    assert refused(game, 0, TradeBlue(card="knife-8h")) == "CHAR-JOSE-DELGADO"  # green
    when(game, 0, TradeBlue(card="mustang-5h"))
    assert len(game.state.players[0].hand) == 5


# -- Molly Stark -------------------------------------------------------------------------------


def test_given_molly_stark_when_she_plays_missed_in_another_turn_then_she_draws_one_char_molly_stark() -> None:
    game = four("pixie-pete", "molly-stark", NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["bang-ah"], 1: ["missed-2s"]})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    events = when(game, 1, Dodge(card="missed-2s"))
    assert drawn(events, "CHAR-MOLLY-STARK") == [(1, 1)]


def test_given_molly_stark_when_she_plays_beer_in_her_own_turn_then_she_draws_nothing_char_molly_stark() -> None:
    game = four("molly-stark", NEUTRAL, NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["beer-6h"]}, life={0: 3})
    events = when(game, 0, PlayCard(card="beer-6h"))
    assert game.state.players[0].life == 4
    assert of_type(events, BangCardsDrawn) == []


def test_given_a_duel_against_molly_stark_when_it_ends_then_she_draws_one_per_bang_she_discarded_char_molly_stark_duel() -> None:
    game = four("pixie-pete", "molly-stark", NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["duel-js", "bang-5c"], 1: ["bang-2c", "bang-3c", "missed-2s"]})
    when(game, 0, PlayCard(card="duel-js", target=1))
    first = when(game, 1, Answer(card="bang-2c"))
    second = when(game, 0, Answer(card="bang-5c"))
    assert of_type(first + second, BangCardsDrawn) == []
    last = when(game, 1, Answer(card="bang-3c"))  # seat 0 has no card left: he loses
    assert game.state.players[0].life == 3
    assert drawn(last, "CHAR-MOLLY-STARK-DUEL") == [(1, 2)]
    assert drawn(last, "CHAR-MOLLY-STARK") == []


# -- Pat Brennan -------------------------------------------------------------------------------


def test_given_pat_brennan_in_phase_one_when_he_takes_a_card_in_play_then_he_draws_nothing_char_pat_brennan() -> None:
    game = four(NEUTRAL, "pat-brennan", NEUTRAL, NEUTRAL)
    arrange(game, hands={0: []}, in_play={3: ["jail-js"], 2: ["mustang-5h"]})
    when(game, 0, EndPlay())
    assert awaited(game) == BangDecision(seat=1, kind=DecisionKind.DRAW)
    assert DrawCards() in legal(game, 1)
    hand = list(game.state.players[1].hand)
    events = when(game, 1, TakeInPlay(seat=3, card="jail-js"))
    assert game.state.players[1].hand == [*hand, "jail-js"]
    assert game.state.players[3].in_play == []
    assert of_type(events, BangCardsDrawn) == []
    assert awaited(game) == BangDecision(seat=1, kind=DecisionKind.PLAY)


# -- Sean Mallory ------------------------------------------------------------------------------


def test_given_sean_mallory_with_many_cards_when_he_ends_phase_two_then_he_discards_nothing_char_sean_mallory() -> None:
    game = four("sean-mallory", NEUTRAL, NEUTRAL, NEUTRAL)
    six = ["bang-5c", "bang-6c", "bang-kc", "missed-2s", "missed-3s", "beer-6h"]
    arrange(game, hands={0: six}, life={0: 1})
    when(game, 0, EndPlay())
    assert game.state.players[0].hand == six
    assert game.state.turn.seat == 1


# -- Tequila Joe -------------------------------------------------------------------------------


def test_given_tequila_joe_when_he_plays_beer_then_he_regains_two_char_tequila_joe() -> None:
    game = four("tequila-joe", NEUTRAL, NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["beer-6h", "saloon-5h"]}, life={0: 2})
    when(game, 0, PlayCard(card="beer-6h"))
    assert game.state.players[0].life == 4
    when(game, 0, PlayCard(card="saloon-5h"))
    assert game.state.players[0].life == 5  # Saloon works normally: 1


def test_given_tequila_joe_about_to_lose_one_when_he_drinks_a_beer_then_he_gains_one_char_tequila_joe() -> None:
    game = four("pixie-pete", "tequila-joe", NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["bang-ah"], 1: ["beer-6h"]}, life={1: 1})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    when(game, 1, Pass())
    assert awaited(game) == BangDecision(seat=1, kind=DecisionKind.BEER, source=0)
    when(game, 1, DrinkBeer(card="beer-6h"))
    assert game.state.players[1].life == 2


# -- Vera Custer -------------------------------------------------------------------------------


def test_given_vera_custer_at_her_phase_one_when_she_copies_pixie_pete_then_she_draws_four_now_char_vera_custer() -> None:
    game = four(NEUTRAL, "vera-custer", "pixie-pete", NEUTRAL)
    arrange(game, hands={0: []})
    when(game, 0, EndPlay())
    assert awaited(game) == BangDecision(seat=1, kind=DecisionKind.COPY)
    assert legal(game, 1) == [CopyAbility(seat=2), CopyAbility(seat=3), CopyAbility(seat=0)]
    events = when(game, 1, CopyAbility(seat=2))
    assert [(e.seat, e.character) for e in of_type(events, BangAbilityCopied)] == [(1, "pixie-pete")]
    assert drawn(events, "TURN-DRAW") == [(1, 4)]


def test_given_vera_custer_before_her_first_choice_when_hit_then_she_has_no_ability_char_vera_custer_duration() -> None:
    game = four("pixie-pete", "vera-custer", "elena-fuente", NEUTRAL)
    arrange(game, hands={0: ["bang-ah"], 1: ["beer-6h"]})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    assert legal(game, 1) == [Pass()]


def test_given_vera_custer_copying_elena_when_elena_is_eliminated_then_vera_keeps_the_ability_char_vera_custer_duration() -> None:
    game = four(NEUTRAL, "vera-custer", "elena-fuente", NEUTRAL)
    arrange(game, hands={0: []}, life={2: 1})
    when(game, 0, EndPlay())
    when(game, 1, CopyAbility(seat=2))
    arrange(game, hands={1: ["bang-ah"], 2: []})
    when(game, 1, PlayCard(card="bang-ah", target=2))
    assert not game.state.players[2].alive
    finish_turn(game, 1)
    assert game.state.turn.seat == 3
    assert game.view(0).seats[1].copied == "elena-fuente"  # public ([HIDDEN-CHARACTERS])
    arrange(game, hands={3: ["bang-kc"], 1: ["beer-6h"]})
    when(game, 3, PlayCard(card="bang-kc", target=1))
    assert Dodge(card="beer-6h") in legal(game, 1)


def test_given_vera_custer_in_jail_when_the_check_fails_then_her_ability_ends_and_she_does_not_choose_char_vera_custer_checks() -> None:
    game = four(NEUTRAL, "vera-custer", "pixie-pete", NEUTRAL)
    arrange(game, hands={0: []})
    when(game, 0, EndPlay())
    when(game, 1, CopyAbility(seat=2))
    play_to_turn_of(game, 0)
    arrange(game, hands={0: []}, in_play={1: ["jail-js"]}, pile=["bang-5c"])
    events = when(game, 0, EndPlay())
    assert [(e.seat, e.character) for e in of_type(events, BangAbilityCopied)] == [(1, None)]
    assert game.state.players[1].copied is None
    decision = awaited(game)
    assert decision is None or decision.kind is not DecisionKind.COPY
    assert [seat for seat, _ in drawn(events, "TURN-DRAW")] in ([], [2])  # not Vera (seat 1)


# -- general rules -----------------------------------------------------------------------------


def test_given_chuck_in_his_own_duel_when_his_answer_is_due_then_he_may_pay_life_first_char_own_turn_abilities() -> None:
    game = four("chuck-wengam", NEUTRAL, NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["duel-js", "missed-2s"], 1: ["bang-2c", "beer-6h"]}, pile=["bang-5c"])
    when(game, 0, PlayCard(card="duel-js", target=1))
    assert refused(game, 0, PayLife()) == "FLOW-ONE-DECIDER"  # seat 1 decides now
    when(game, 1, Answer(card="bang-2c"))
    assert PayLife() in legal(game, 0)
    when(game, 0, PayLife())
    assert awaited(game) == BangDecision(seat=0, kind=DecisionKind.DUEL, source=0)
    when(game, 0, Answer(card="bang-5c"))
    assert awaited(game) == BangDecision(seat=1, kind=DecisionKind.DUEL, source=0)


def test_given_chuck_in_phase_three_when_he_pays_life_then_refused_char_own_turn_abilities() -> None:
    game = four("chuck-wengam", NEUTRAL, NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["bang-5c", "bang-6c", "bang-kc"]}, life={0: 2})
    when(game, 0, EndPlay())
    assert awaited(game) == BangDecision(seat=0, kind=DecisionKind.DISCARD)
    assert refused(game, 0, PayLife()) == "CHAR-OWN-TURN-ABILITIES"


def test_given_optional_and_mandatory_abilities_then_only_the_optional_ones_may_be_declined_char_optional() -> None:
    game = four(NEUTRAL, "vera-custer", "pat-brennan", NEUTRAL)
    arrange(game, hands={0: []}, in_play={3: ["mustang-5h"]})
    when(game, 0, EndPlay())
    assert all(isinstance(a, CopyAbility) for a in legal(game, 1))  # Vera: mandatory
    when(game, 1, CopyAbility(seat=2))
    assert awaited(game) == BangDecision(seat=1, kind=DecisionKind.DRAW)  # Pat, copied
    assert DrawCards() in legal(game, 1)  # optional: he may draw normally
    events = when(game, 1, DrawCards())
    assert drawn(events, "TURN-DRAW") == [(1, 2)]


def test_given_chuck_with_an_empty_hand_in_his_own_duel_then_he_is_still_asked_and_may_draw_char_own_turn_abilities() -> None:
    """[CHAR-OWN-TURN-ABILITIES], [READ-ABILITY-TIMING]: Chuck Wengam's answer in his own Duel is
    asked even with an empty hand, since he may first pay a life point to draw; an empty hand is
    no public ground to answer for him."""
    from domain.bang.actions import Answer, DecisionKind, PayLife, PlayCard

    game = table(4, chars=("chuck-wengam", "greg-digger", "herb-hunter", "greg-digger"))
    arrange(game, hands={0: ["duel-8c"], 1: ["bang-2c"]}, pile=["bang-3c", "beer-6h"])
    settle(game)
    when(game, 0, PlayCard(card="duel-8c", target=1))
    when(game, 1, Answer(card="bang-2c"))
    decision = awaited(game)
    assert decision is not None
    assert (decision.seat, decision.kind) == (0, DecisionKind.DUEL)
    assert PayLife() in game.legal_actions(0)
    when(game, 0, PayLife())
    assert Answer(card="bang-3c") in game.legal_actions(0)
