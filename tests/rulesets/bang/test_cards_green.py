"""The green playing cards (RULES.md section 12.3, ``CARD-*``): put in play, then used once from a
later turn (green cards arranged in play here are active unless said otherwise).

Default table: four players, Ann (seat 0, Sheriff, 5 life) is in her phase II; Bob (1) and Dee (3)
sit at distance 1 from her, Cid (2) at distance 2.
"""

from __future__ import annotations

import pytest
from domain.bang.actions import (
    RANDOM_HAND_CARD,
    BangAction,
    Choose,
    DecisionKind,
    Dodge,
    DrinkBeer,
    Pass,
    PlayCard,
    UseCard,
)
from domain.events.bang import (
    BangCardDiscarded,
    BangCardsDrawn,
    BangCardTaken,
    BangCardUsed,
    BangHitAimed,
    BangHitCancelled,
    BangLossThreatened,
    Zone,
)

from tests.rulesets.bang.builders import (
    BangTestGame,
    arrange,
    awaited,
    of_type,
    refused,
    table,
    when,
)

# -- helpers -----------------------------------------------------------------------------------


def life(game: BangTestGame, seat: int) -> int:
    return game.state.players[seat].life


def hand(game: BangTestGame, seat: int) -> list[str]:
    return list(game.state.players[seat].hand)


def laid(game: BangTestGame, seat: int) -> list[str]:
    return list(game.state.players[seat].in_play)


def asked(game: BangTestGame) -> tuple[int, DecisionKind] | None:
    decision = awaited(game)
    return None if decision is None else (decision.seat, decision.kind)


def uses(game: BangTestGame, seat: int, card: str) -> list[BangAction]:
    return [a for a in game.legal_actions(seat) if isinstance(a, UseCard) and a.card == card]


def use_targets(game: BangTestGame, seat: int, card: str) -> set[int | None]:
    return {a.target for a in uses(game, seat, card) if isinstance(a, UseCard)}


def can_play(game: BangTestGame, seat: int, card: str) -> bool:
    return any(isinstance(a, PlayCard) and a.card == card for a in game.legal_actions(seat))


# -- the Missed!-type green cards --------------------------------------------------------------


def test_given_bob_has_a_bible_when_shot_then_he_uses_it_cancels_the_hit_and_draws_card_bible() -> None:
    """[CARD-BIBLE] used as a reaction, out of turn: cancels one hit aimed at its owner; then he
    draws 1 card; the Bible goes to the discard pile."""
    game = arrange(table(), hands={0: ["bang-5c"], 1: []}, in_play={1: ["bible-10h"]}, pile=["saloon-5h"])
    when(game, 0, PlayCard(card="bang-5c", target=1))
    assert set(game.legal_actions(1)) == {Dodge(card="bible-10h"), Pass()}
    events = when(game, 1, Dodge(card="bible-10h"))
    assert of_type(events, BangHitCancelled)[0].rule == "CARD-BIBLE"
    assert [(e.seat, e.reason) for e in of_type(events, BangCardsDrawn)] == [(1, "CARD-BIBLE")]
    assert life(game, 1) == 4
    assert hand(game, 1) == ["saloon-5h"]
    assert laid(game, 1) == []
    assert game.state.discard_pile[-2:] == ["bible-10h", "bang-5c"]


@pytest.mark.parametrize(
    ("green", "rule"),
    [
        ("iron-plate-qs", "CARD-IRON-PLATE"),
        ("iron-plate-ad", "CARD-IRON-PLATE"),
        ("sombrero-7c", "CARD-SOMBRERO"),
        ("ten-gallon-hat-jd", "CARD-TEN-GALLON-HAT"),
    ],
)
def test_given_bob_has_a_green_missed_card_when_shot_then_it_cancels_the_hit_without_a_draw(green: str, rule: str) -> None:
    """[CARD-IRON-PLATE], [CARD-SOMBRERO], [CARD-TEN-GALLON-HAT]: used as a reaction, out of turn,
    they cancel one hit aimed at their owner."""
    game = arrange(table(), hands={0: ["bang-5c"], 1: ["beer-6h"]}, in_play={1: [green]})
    when(game, 0, PlayCard(card="bang-5c", target=1))
    assert Dodge(card=green) in game.legal_actions(1)
    events = when(game, 1, Dodge(card=green))
    assert [e.rule for e in of_type(events, BangHitCancelled)] == [rule]
    assert of_type(events, BangCardsDrawn) == []
    assert life(game, 1) == 4
    assert hand(game, 1) == ["beer-6h"]
    assert laid(game, 1) == []
    assert green in game.state.discard_pile


@pytest.mark.parametrize(
    ("green", "rule"),
    [
        ("bible-10h", "CARD-BIBLE"),
        ("iron-plate-qs", "CARD-IRON-PLATE"),
        ("sombrero-7c", "CARD-SOMBRERO"),
        ("ten-gallon-hat-jd", "CARD-TEN-GALLON-HAT"),
    ],
)
def test_given_ann_has_an_active_green_missed_card_then_she_cannot_use_it_in_her_phase_ii(green: str, rule: str) -> None:
    """[CARD-BIBLE], [CARD-IRON-PLATE], [CARD-SOMBRERO], [CARD-TEN-GALLON-HAT] are used only as a
    reaction to a hit ([BORDER-GREEN-MISSED])."""
    game = arrange(table(), hands={0: []}, in_play={0: [green]})
    assert uses(game, 0, green) == [], rule
    assert refused(game, 0, UseCard(card=green)) == "BORDER-GREEN-MISSED"


# -- Can Can, Canteen, Conestoga ---------------------------------------------------------------


def test_given_can_can_when_used_on_cid_far_away_then_he_discards_a_random_hand_card_card_can_can() -> None:
    """[CARD-CAN-CAN] used in own phase II as Cat Balou: any player at any distance."""
    game = arrange(table(), hands={0: [], 2: ["beer-6h", "bang-5c"]}, in_play={0: ["can-can-jc"]})
    assert use_targets(game, 0, "can-can-jc") == {1, 2, 3}  # nothing else of hers to discard
    events = when(game, 0, UseCard(card="can-can-jc", target=2, pick=RANDOM_HAND_CARD))
    dropped = [e for e in of_type(events, BangCardDiscarded) if e.zone is Zone.HAND]
    assert [(e.seat, e.card) for e in dropped] == [(2, "beer-6h")]
    assert laid(game, 0) == []
    assert game.state.discard_pile[-1] == "can-can-jc"


def test_given_can_can_when_used_on_a_card_in_play_then_that_card_is_discarded_card_can_can() -> None:
    """[CARD-CAN-CAN] or a chosen card in play in front of him."""
    game = arrange(table(), hands={0: []}, in_play={0: ["can-can-jc"], 2: ["barrel-ac"]})
    when(game, 0, UseCard(card="can-can-jc", target=2, pick="barrel-ac"))
    assert laid(game, 2) == []
    assert "barrel-ac" in game.state.discard_pile


def test_given_can_can_when_used_on_herself_then_ann_discards_one_card_of_hers_card_can_can() -> None:
    """[CARD-CAN-CAN] yourself included: any one card of your own but the Can Can itself."""
    game = arrange(table(), hands={0: ["bang-5c"]}, in_play={0: ["can-can-jc", "mustang-5h"]})
    assert 0 in use_targets(game, 0, "can-can-jc")
    when(game, 0, UseCard(card="can-can-jc", target=0))
    assert asked(game) == (0, DecisionKind.DISCARD_OWN)
    assert set(game.legal_actions(0)) == {
        Choose(target=0, pick="bang-5c"),
        Choose(target=0, pick="mustang-5h"),
    }
    when(game, 0, Choose(target=0, pick="mustang-5h"))
    assert laid(game, 0) == []
    assert hand(game, 0) == ["bang-5c"]


def test_given_a_wounded_ann_with_a_canteen_when_she_uses_it_then_she_regains_one_life_card_canteen() -> None:
    """[CARD-CANTEEN] used in own phase II: regain 1 life point."""
    game = arrange(table(), hands={0: []}, in_play={0: ["canteen-7h"]}, life={0: 3})
    when(game, 0, UseCard(card="canteen-7h"))
    assert life(game, 0) == 4
    assert laid(game, 0) == []
    assert game.state.discard_pile[-1] == "canteen-7h"


def test_given_bob_with_a_canteen_about_to_lose_a_life_then_he_cannot_use_it_card_canteen() -> None:
    """[CARD-CANTEEN] not usable as a reaction ([BEER-ONLY-SAVE])."""
    game = arrange(table(), hands={0: ["bang-5c"], 1: ["beer-6h"]}, in_play={1: ["canteen-7h"]}, life={1: 1})
    when(game, 0, PlayCard(card="bang-5c", target=1))
    when(game, 1, Pass())
    assert asked(game) == (1, DecisionKind.BEER)
    assert set(game.legal_actions(1)) == {DrinkBeer(card="beer-6h"), Pass()}
    assert refused(game, 1, UseCard(card="canteen-7h")) == "FLOW-DECISIONS"


def test_given_conestoga_when_used_on_cid_far_away_then_ann_takes_his_card_in_play_card_conestoga() -> None:
    """[CARD-CONESTOGA] any other player at any distance: take a chosen card in play ..."""
    game = arrange(table(), hands={0: [], 2: ["bang-5c"]}, in_play={0: ["conestoga-9d"], 2: ["barrel-ac"]})
    assert use_targets(game, 0, "conestoga-9d") == {1, 2, 3}
    events = when(game, 0, UseCard(card="conestoga-9d", target=2, pick="barrel-ac"))
    taken = of_type(events, BangCardTaken)
    assert [(e.from_seat, e.card, e.reason) for e in taken] == [(2, "barrel-ac", "CARD-CONESTOGA")]
    assert hand(game, 0) == ["barrel-ac"]
    assert laid(game, 2) == []


def test_given_conestoga_when_used_on_a_hand_then_ann_takes_a_random_hand_card_card_conestoga() -> None:
    """[CARD-CONESTOGA] ... or a random hand card."""
    game = arrange(table(), hands={0: [], 2: ["bang-5c", "beer-6h"]}, in_play={0: ["conestoga-9d"]})
    when(game, 0, UseCard(card="conestoga-9d", target=2, pick=RANDOM_HAND_CARD))
    assert hand(game, 0) == ["bang-5c"]
    assert hand(game, 2) == ["beer-6h"]
    assert game.state.discard_pile[-1] == "conestoga-9d"


# -- the hitting green cards -------------------------------------------------------------------


def test_given_derringer_when_used_on_bob_then_ann_draws_first_and_bob_is_hit_card_derringer() -> None:
    """[CARD-DERRINGER] draw 1 card, then one hit on one other player at distance 1."""
    game = arrange(table(), hands={0: [], 1: []}, in_play={0: ["derringer-7s"]}, pile=["beer-6h"])
    assert use_targets(game, 0, "derringer-7s") == {1, 3}
    events = when(game, 0, UseCard(card="derringer-7s", target=1))
    drawn = of_type(events, BangCardsDrawn)
    aimed = of_type(events, BangHitAimed)
    assert [(e.seat, e.reason) for e in drawn] == [(0, "CARD-DERRINGER")]
    assert [(e.source, e.target, e.card) for e in aimed] == [(0, 1, "derringer-7s")]
    assert events.index(drawn[0]) < events.index(aimed[0])
    assert hand(game, 0) == ["beer-6h"]
    assert life(game, 1) == 3
    assert game.state.discard_pile[-1] == "derringer-7s"


def test_given_derringer_when_the_hit_is_cancelled_then_ann_still_draws_card_derringer() -> None:
    """[CARD-DERRINGER] the draw happens even if the hit is cancelled ([READ-DERRINGER-ORDER])."""
    game = arrange(table(), hands={0: [], 1: ["missed-2s"]}, in_play={0: ["derringer-7s"]}, pile=["beer-6h"])
    when(game, 0, UseCard(card="derringer-7s", target=1))
    when(game, 1, Dodge(card="missed-2s"))
    assert hand(game, 0) == ["beer-6h"]
    assert life(game, 1) == 4


def test_given_derringer_when_aimed_at_cid_at_distance_two_then_refused_card_derringer() -> None:
    """[CARD-DERRINGER] only at distance 1."""
    game = arrange(table(), hands={0: []}, in_play={0: ["derringer-7s"]})
    assert refused(game, 0, UseCard(card="derringer-7s", target=2)) == "RANGE-FIXED"


def test_given_buffalo_rifle_when_used_on_cid_far_away_then_he_is_hit_and_a_bang_is_still_allowed_card_buffalo_rifle() -> None:
    """[CARD-BUFFALO-RIFLE] one hit on any other player at any distance; not a BANG! card."""
    game = arrange(table(), hands={0: ["bang-5c"], 2: []}, in_play={0: ["buffalo-rifle-qc"]})
    assert use_targets(game, 0, "buffalo-rifle-qc") == {1, 2, 3}
    when(game, 0, UseCard(card="buffalo-rifle-qc", target=2))
    assert life(game, 2) == 3
    assert laid(game, 0) == []
    assert can_play(game, 0, "bang-5c")


def test_given_howitzer_when_used_then_every_other_player_is_hit_in_turn_card_howitzer() -> None:
    """[CARD-HOWITZER] one hit on every other living player, clockwise from the left; each reacts
    separately; not a BANG! card."""
    game = arrange(table(), hands={0: ["bang-5c"], 1: [], 2: ["missed-2s"], 3: []}, in_play={0: ["howitzer-9s"]})
    when(game, 0, UseCard(card="howitzer-9s"))
    assert asked(game) == (2, DecisionKind.HIT)
    when(game, 2, Dodge(card="missed-2s"))
    assert [e.target for e in of_type(game.history, BangHitAimed)] == [1, 2, 3]
    assert [life(game, seat) for seat in range(4)] == [5, 3, 4, 3]
    assert can_play(game, 0, "bang-5c")
    assert game.state.discard_pile[-1] == "howitzer-9s"


def test_given_knife_when_used_at_distance_one_then_a_hit_not_at_distance_two_card_knife() -> None:
    """[CARD-KNIFE] one hit on one other player at distance 1; not a BANG! card."""
    game = arrange(table(), hands={0: ["bang-5c"], 1: []}, in_play={0: ["knife-8h"]})
    assert use_targets(game, 0, "knife-8h") == {1, 3}
    assert refused(game, 0, UseCard(card="knife-8h", target=2)) == "RANGE-FIXED"
    events = when(game, 0, UseCard(card="knife-8h", target=1))
    assert [e.source for e in of_type(events, BangLossThreatened)] == [0]
    assert life(game, 1) == 3
    assert can_play(game, 0, "bang-5c")


def test_given_pepperbox_then_its_targets_are_those_within_the_weapons_reach_card_pepperbox() -> None:
    """[CARD-PEPPERBOX] one hit on one other player within reach ([RANGE-REACH]); not a BANG!."""
    game = arrange(table(), hands={0: ["bang-5c"], 2: []}, in_play={0: ["pepperbox-ah"]})
    assert use_targets(game, 0, "pepperbox-ah") == {1, 3}
    assert refused(game, 0, UseCard(card="pepperbox-ah", target=2)) == "RANGE-REACH"
    arrange(game, in_play={0: ["pepperbox-ah", "schofield-jc"]})
    assert use_targets(game, 0, "pepperbox-ah") == {1, 2, 3}
    when(game, 0, UseCard(card="pepperbox-ah", target=2))
    assert life(game, 2) == 3
    assert can_play(game, 0, "bang-5c")


def test_given_pony_express_when_used_then_ann_draws_the_top_three_cards_card_pony_express() -> None:
    """[CARD-PONY-EXPRESS] draw the top 3 cards of the draw pile."""
    game = arrange(table(), hands={0: []}, in_play={0: ["pony-express-qd"]}, pile=["bang-5c", "beer-6h", "missed-2s", "bang-6c"])
    events = when(game, 0, UseCard(card="pony-express-qd"))
    assert of_type(events, BangCardUsed)[0].card == "pony-express-qd"
    assert hand(game, 0) == ["bang-5c", "beer-6h", "missed-2s"]
    assert game.state.draw_pile[0] == "bang-6c"
    assert game.state.discard_pile[-1] == "pony-express-qd"


@pytest.mark.parametrize(
    ("green", "target"),
    [
        ("can-can-jc", 1),
        ("canteen-7h", None),
        ("conestoga-9d", 1),
        ("derringer-7s", 1),
        ("buffalo-rifle-qc", 1),
        ("howitzer-9s", None),
        ("knife-8h", 1),
        ("pepperbox-ah", 1),
        ("pony-express-qd", None),
    ],
)
def test_given_a_green_card_put_in_play_this_turn_then_it_is_usable_only_from_a_later_turn(green: str, target: int | None) -> None:
    """Each green card follows [BORDER-GREEN-PLAY] and [BORDER-GREEN-DELAY]: [CARD-CAN-CAN],
    [CARD-CANTEEN], [CARD-CONESTOGA], [CARD-DERRINGER], [CARD-BUFFALO-RIFLE], [CARD-HOWITZER],
    [CARD-KNIFE], [CARD-PEPPERBOX], [CARD-PONY-EXPRESS]."""
    game = arrange(table(), hands={0: [green], 1: ["bang-5c"]}, life={0: 4})
    when(game, 0, PlayCard(card=green))
    assert laid(game, 0) == [green]
    assert uses(game, 0, green) == []
    pick = RANDOM_HAND_CARD if green in {"can-can-jc", "conestoga-9d"} else None
    assert refused(game, 0, UseCard(card=green, target=target, pick=pick)) == "BORDER-GREEN-DELAY"
