"""Hits, reactions, life points and Beer (RULES.md sections 1 and 11)."""

from __future__ import annotations

import pytest
from domain.bang.actions import (
    Answer,
    BangDecision,
    DecisionKind,
    Discard,
    Dodge,
    DrawCheck,
    DrinkBeer,
    EndPlay,
    Pass,
    PlayCard,
    UseCard,
)
from domain.events.bang import (
    BangCardDiscarded,
    BangHitAimed,
    BangHitCancelled,
    BangLossResolved,
    BangLossThreatened,
    BangPlayerEliminated,
)

from tests.rulesets.bang.builders import BangTestGame, arrange, awaited, of_type, refused, table, when
from tests.rulesets.bang.playing import let_pass, pass_turn


def asked(game: BangTestGame) -> tuple[int, DecisionKind] | None:
    decision = awaited(game)
    return None if decision is None else (decision.seat, decision.kind)


# -- a hit -------------------------------------------------------------------------------------


def test_given_a_barrel_that_fails_when_he_passes_then_he_loses_one_life_from_the_shooter_hit_resolve() -> None:
    """[HIT-RESOLVE]: Barrel, then a Missed!-type effect, then the loss with source S."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah"], 1: ["missed-2s"]}, in_play={1: ["barrel-ac"]}, pile=["bang-8s"])
    when(game, 0, PlayCard(card="bang-ah", target=1))
    assert DrawCheck() in game.legal_actions(1)
    when(game, 1, DrawCheck())
    assert asked(game) == (1, DecisionKind.HIT)
    assert DrawCheck() not in game.legal_actions(1)
    events = when(game, 1, Pass()) + let_pass(game)
    assert [(t.seat, t.amount, t.source) for t in of_type(events, BangLossThreatened)] == [(1, 1, 0)]
    assert game.state.players[1].life == 3


def test_given_a_failed_barrel_when_playing_a_missed_then_the_hit_is_cancelled_hit_barrel_then_missed() -> None:
    """[HIT-BARREL-THEN-MISSED]: after a failed Barrel a Missed!-type effect may still cancel."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah"], 1: ["missed-2s"]}, in_play={1: ["barrel-ac"]}, pile=["bang-8s"])
    when(game, 0, PlayCard(card="bang-ah", target=1))
    when(game, 1, DrawCheck())
    events = when(game, 1, Dodge(card="missed-2s"))
    assert [c.rule for c in of_type(events, BangHitCancelled)] == ["CARD-MISSED"]
    assert game.state.players[1].life == 4


def test_given_a_barrel_when_skipping_it_for_a_missed_then_the_hit_is_cancelled_without_a_check_hit_barrel_then_missed() -> None:
    """[HIT-BARREL-THEN-MISSED]: T may also skip the Barrel."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah"], 1: ["missed-2s"]}, in_play={1: ["barrel-ac"]}, pile=["beer-6h"])
    when(game, 0, PlayCard(card="bang-ah", target=1))
    when(game, 1, Dodge(card="missed-2s"))
    assert game.state.draw_pile[0] == "beer-6h"
    assert game.state.players[1].life == 4
    assert asked(game) == (0, DecisionKind.PLAY)


def test_given_a_hit_on_another_when_a_bystander_offers_his_missed_then_refused_hit_self_only() -> None:
    """[HIT-SELF-ONLY]: only the target is asked, and only his own cards cancel."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah"], 1: ["beer-6h"], 2: ["missed-2s"]})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    assert refused(game, 2, Dodge(card="missed-2s")) == "FLOW-ONE-DECIDER"
    assert refused(game, 1, Dodge(card="missed-2s")) == "DEF-MISSED-TYPE"
    assert game.legal_actions(1) == [Pass()]


def test_given_a_jailed_player_in_another_turn_when_shot_then_he_may_react_hit_out_of_turn() -> None:
    """[HIT-OUT-OF-TURN]: outside his turn and while in Jail."""
    game = table(4)
    arrange(
        game,
        hands={0: ["bang-ah"], 1: ["dodge-7d"]},
        in_play={1: ["jail-4h", "barrel-ac"]},
        pile=["beer-6h"],
    )
    when(game, 0, PlayCard(card="bang-ah", target=1))
    assert set(game.legal_actions(1)) == {DrawCheck(), Dodge(card="dodge-7d"), Pass()}
    when(game, 1, DrawCheck())
    assert game.state.players[1].life == 4


@pytest.mark.parametrize("card", ["duel-qd", "indians-kd"])
def test_given_duel_or_indians_when_answering_with_missed_or_barrel_then_refused_hit_not_duel_indians(
    card: str,
) -> None:
    """[HIT-NOT-DUEL-INDIANS] [DEF-HIT]: they are not hits; only a BANG! answers."""
    game = table(4)
    arrange(
        game,
        hands={0: [card], 1: ["missed-2s", "bang-5c"], 2: [], 3: []},
        in_play={1: ["barrel-ac", "iron-plate-ad"]},
    )
    events = when(game, 0, PlayCard(card=card, target=1 if card == "duel-qd" else None))
    assert not of_type(events, BangHitAimed)
    assert asked(game) == (1, DecisionKind.DUEL if card == "duel-qd" else DecisionKind.INDIANS)
    assert set(game.legal_actions(1)) == {Answer(card="bang-5c"), Pass()}
    assert refused(game, 1, Dodge(card="missed-2s")) == "FLOW-DECISIONS"
    assert refused(game, 1, DrawCheck()) == "FLOW-DECISIONS"
    assert refused(game, 1, Answer(card="missed-2s")) == "CARD-DUEL"


def test_given_an_exploding_dynamite_when_it_strikes_then_no_hit_is_answered_only_beer_hit_not_duel_indians() -> None:
    """[HIT-NOT-DUEL-INDIANS] [DEF-SOURCE]: Dynamite is no hit; its loss is self-inflicted."""
    game = table(4)
    arrange(
        game,
        hands={0: [], 1: ["missed-2s", "beer-6h"]},
        in_play={1: ["dynamite-10c", "barrel-ac"]},
        pile=["missed-3s"],
    )
    events = when(game, 0, EndPlay())
    assert not of_type(events, BangHitAimed)
    assert [(t.seat, t.amount, t.source) for t in of_type(events, BangLossThreatened)] == [(1, 3, 1)]
    assert asked(game) == (1, DecisionKind.BEER)


def test_given_a_cancelled_gatling_when_it_ends_then_it_is_spent_hit_cancelled_card() -> None:
    """[HIT-CANCELLED-CARD]: a cancelled hit card is still discarded."""
    game = table(4)
    arrange(game, hands={0: ["gatling-10h"], 1: ["missed-2s"], 2: ["dodge-7d"], 3: ["missed-3s"]})
    when(game, 0, PlayCard(card="gatling-10h"))
    for seat, card in ((1, "missed-2s"), (2, "dodge-7d"), (3, "missed-3s")):
        when(game, seat, Dodge(card=card))
    assert [p.life for p in game.state.players[1:]] == [4, 4, 4]
    assert game.state.discard_pile[-1] == "gatling-10h"
    assert game.state.resolving == []


def test_given_missed_type_cards_when_answering_a_hit_then_only_they_cancel_def_missed_type() -> None:
    """[DEF-MISSED-TYPE]: Missed! and Dodge from hand, green Missed!-type cards in play; not a
    BANG!, not a green card without the Missed! symbol."""
    game = table(4)
    arrange(
        game,
        hands={0: ["bang-ah"], 1: ["missed-2s", "dodge-7d", "bang-5c"]},
        in_play={1: ["iron-plate-ad", "bible-10h", "knife-8h"]},
    )
    when(game, 0, PlayCard(card="bang-ah", target=1))
    dodges = {a.card for a in game.legal_actions(1) if isinstance(a, Dodge)}
    assert dodges == {"missed-2s", "dodge-7d", "iron-plate-ad", "bible-10h"}
    assert refused(game, 1, Dodge(card="bang-5c")) == "DEF-MISSED-TYPE"
    assert refused(game, 1, Dodge(card="knife-8h")) == "DEF-MISSED-TYPE"
    when(game, 1, Dodge(card="iron-plate-ad"))
    assert game.state.players[1].life == 4


def test_given_losses_by_several_causes_then_each_names_its_source_def_source() -> None:
    """[DEF-SOURCE]: BANG!: its player; Duel: the Duel's player whichever duellist loses."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah", "duel-qd", "beer-6h"], 1: ["beer-7h"], 2: ["bang-5c"]})
    events = when(game, 0, PlayCard(card="bang-ah", target=1)) + let_pass(game)
    events += when(game, 0, PlayCard(card="duel-qd", target=2))
    events += when(game, 2, Answer(card="bang-5c")) + let_pass(game)
    assert [(t.seat, t.source) for t in of_type(events, BangLossThreatened)] == [(1, 0), (0, 0)]
    assert [(r.seat, r.source) for r in of_type(events, BangLossResolved)] == [(1, 0), (0, 0)]


# -- life --------------------------------------------------------------------------------------


def test_given_a_last_life_point_when_lost_then_life_is_0_and_he_is_eliminated_life_loss() -> None:
    """[LIFE-LOSS]: the Beer window opens, then life becomes life - N; at 0 he is out."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah"], 1: ["missed-2s"]}, life={1: 1})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    when(game, 1, Pass())
    assert asked(game) == (1, DecisionKind.BEER)
    assert game.state.players[1].life == 1
    events = when(game, 1, Pass())
    assert [(r.seat, r.life) for r in of_type(events, BangLossResolved)] == [(1, 0)]
    assert [e.seat for e in of_type(events, BangPlayerEliminated)] == [1]
    assert game.state.players[1].life == 0
    assert game.state.players[1].hand == []


def test_given_a_beer_worth_more_than_the_loss_when_drunk_then_life_stays_at_the_maximum_life_max() -> None:
    """[LIFE-MAX] [BEER-REACTION]: surplus healing is lost (Tequila Joe's Beer is worth 2)."""
    game = table(4, chars=("greg-digger", "tequila-joe", "greg-digger", "herb-hunter"))
    arrange(game, hands={0: ["bang-ah"], 1: ["beer-6h", "beer-7h"]})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    when(game, 1, Pass())
    when(game, 1, DrinkBeer(card="beer-6h"))
    assert asked(game) == (0, DecisionKind.PLAY)
    assert game.state.players[1].life == game.state.players[1].max_life == 4


def test_given_lost_life_when_phase_three_comes_then_the_limit_is_current_life_life_hand_limit() -> None:
    """[LIFE-HAND-LIMIT] [TURN-DISCARD]"""
    game = table(4)
    arrange(game, hands={0: ["bang-ah", "beer-6h", "missed-2s", "duel-qd"]}, life={0: 2})
    when(game, 0, EndPlay())
    when(game, 0, Discard(card="bang-ah"))
    assert asked(game) == (0, DecisionKind.DISCARD)
    when(game, 0, Discard(card="duel-qd"))
    assert game.state.turn.seat == 1
    assert game.state.players[0].hand == ["beer-6h", "missed-2s"]


# -- Beer --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("beers", "alive", "life"), [(1, False, 0), (2, True, 1)])
def test_given_2_life_and_a_dynamite_when_drinking_beers_then_the_seed_example_holds_beer_reaction(
    beers: int, alive: bool, life: int
) -> None:
    """[BEER-REACTION]: at 2 life losing 3, one Beer leaves him at 0, two at 1."""
    game = table(4)
    arrange(
        game,
        hands={0: [], 1: ["beer-6h", "beer-7h"]},
        in_play={1: ["dynamite-10c"]},
        life={1: 2},
        pile=["missed-3s"],
    )
    when(game, 0, EndPlay())
    for beer in ("beer-6h", "beer-7h")[:beers]:
        assert asked(game) == (1, DecisionKind.BEER)
        when(game, 1, DrinkBeer(card=beer))
    if beers == 1:
        when(game, 1, Pass())
    assert game.state.players[1].alive is alive
    assert game.state.players[1].life == life


def test_given_a_hit_in_another_turn_when_drinking_a_beer_then_no_life_is_lost_beer_reaction() -> None:
    """[BEER-REACTION]: even outside his own turn, whatever the source."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah"], 1: ["beer-6h", "missed-2s"]}, life={1: 2})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    when(game, 1, Pass())
    events = when(game, 1, DrinkBeer(card="beer-6h"))
    assert game.state.players[1].life == 2
    assert ("beer-6h", "BEER-REACTION") in [(d.card, d.reason) for d in of_type(events, BangCardDiscarded)]


def test_given_two_living_players_when_playing_beer_then_refused_and_no_beer_window_beer_two_players() -> None:
    """[BEER-TWO-PLAYERS]: no Beer at all, neither in phase II nor as a reaction; Whisky and
    Saloon remain playable."""
    game = table(4, chars=("bill-noface",) * 4)  # nobody heals or draws at an elimination
    arrange(game, hands={0: ["gatling-10h"], 1: [], 2: []}, life={1: 1, 2: 1})
    when(game, 0, PlayCard(card="gatling-10h"))
    let_pass(game)
    assert game.state.living() == [0, 3]
    arrange(
        game,
        hands={0: ["beer-6h", "whisky-qh", "saloon-5h", "bang-ah", "missed-2s"], 3: ["beer-7h"]},
        life={0: 2, 3: 3},
    )
    assert refused(game, 0, PlayCard(card="beer-6h")) == "BEER-TWO-PLAYERS"
    when(game, 0, PlayCard(card="whisky-qh", cost="missed-2s"))
    when(game, 0, PlayCard(card="saloon-5h"))
    assert game.state.players[0].life == 5
    when(game, 0, PlayCard(card="bang-ah", target=3))
    when(game, 3, Pass())
    assert asked(game) == (0, DecisionKind.PLAY)
    assert game.state.players[3].life == 3  # the Saloon healed him to 4, the BANG! cost 1


def test_given_a_beer_window_when_offering_other_healing_then_only_beer_is_accepted_beer_only_save() -> None:
    """[BEER-ONLY-SAVE]: Saloon, Canteen, Tequila and Whisky never answer a life loss."""
    game = table(4)
    pass_turn(game)
    arrange(
        game,
        hands={1: ["bang-ah"], 0: ["saloon-5h", "whisky-qh", "tequila-9c", "beer-6h"]},
        in_play={0: ["canteen-7h"]},
        life={0: 1},
    )
    when(game, 1, PlayCard(card="bang-ah", target=0))
    when(game, 0, Pass())
    assert asked(game) == (0, DecisionKind.BEER)
    assert set(game.legal_actions(0)) == {DrinkBeer(card="beer-6h"), Pass()}
    assert refused(game, 0, PlayCard(card="saloon-5h")) == "FLOW-DECISIONS"
    assert refused(game, 0, UseCard(card="canteen-7h")) == "FLOW-DECISIONS"
    assert refused(game, 0, DrinkBeer(card="whisky-qh")) == "BEER-REACTION"
    assert awaited(game) == BangDecision(seat=0, kind=DecisionKind.BEER, source=1)
