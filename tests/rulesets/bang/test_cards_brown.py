"""The brown playing cards (RULES.md section 12.1, ``CARD-*``).

Default table: four players, Ann (seat 0, Sheriff, 5 life) is in her phase II; Bob (1) and Dee (3)
sit at distance 1 from her, Cid (2) at distance 2. Every character has 4 printed life.
"""

from __future__ import annotations

from domain.bang.actions import (
    RANDOM_HAND_CARD,
    Answer,
    BangAction,
    Choose,
    DecisionKind,
    DocShot,
    Dodge,
    DrinkBeer,
    Pass,
    Pick,
    PlayCard,
)
from domain.bang.catalog import deck
from domain.events.bang import (
    BangCardDiscarded,
    BangCardsDrawn,
    BangCardTaken,
    BangHitAimed,
    BangHitCancelled,
    BangLifeGained,
    BangLossThreatened,
    BangPlayerEliminated,
    BangStoreRevealed,
    Zone,
)
from domain.events.base import DomainEvent

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


def asked(game: BangTestGame) -> tuple[int, DecisionKind] | None:
    decision = awaited(game)
    return None if decision is None else (decision.seat, decision.kind)


def take_it(game: BangTestGame, seat: int) -> list[DomainEvent]:
    """``seat`` lets every reaction pass (the hit, then his Beer window)."""
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


def playable(game: BangTestGame, seat: int, card: str) -> list[BangAction]:
    return [a for a in game.legal_actions(seat) if isinstance(a, PlayCard) and a.card == card]


def targets_of(game: BangTestGame, seat: int, card: str) -> set[int | None]:
    return {a.target for a in playable(game, seat, card) if isinstance(a, PlayCard)}


# -- BANG! -------------------------------------------------------------------------------------


def test_given_bob_within_reach_when_ann_plays_bang_and_bob_lets_it_pass_then_he_loses_one_life_card_bang() -> None:
    """[CARD-BANG] one hit on one other player within reach; the card is then discarded."""
    game = arrange(table(), hands={0: ["bang-5c"], 1: ["beer-6h"]})
    when(game, 0, PlayCard(card="bang-5c", target=1))
    assert asked(game) == (1, DecisionKind.HIT)
    events = take_it(game, 1)
    assert life(game, 1) == 3
    assert of_type(events, BangLossThreatened)[0].source == 0
    assert game.state.discard_pile[-1] == "bang-5c"
    assert asked(game) == (0, DecisionKind.PLAY)


def test_given_cid_out_of_reach_and_ann_herself_when_ann_plays_bang_then_only_players_in_reach_card_bang() -> None:
    """[CARD-BANG] target: one *other* player *within reach* (Colt .45: distance 1)."""
    game = arrange(table(), hands={0: ["bang-5c"]})
    assert targets_of(game, 0, "bang-5c") == {1, 3}
    assert refused(game, 0, PlayCard(card="bang-5c", target=2)) == "RANGE-REACH"
    assert refused(game, 0, PlayCard(card="bang-5c", target=0)) == "SYM-TARGET-ANY"


def test_given_a_bang_played_and_missed_when_ann_plays_a_second_bang_then_refused_card_bang() -> None:
    """[CARD-BANG] counts toward [TURN-ONE-BANG], even when the hit was cancelled."""
    game = arrange(table(), hands={0: ["bang-5c", "bang-6c"], 1: ["missed-2s"]})
    when(game, 0, PlayCard(card="bang-5c", target=1))
    when(game, 1, Dodge(card="missed-2s"))
    assert life(game, 1) == 4
    assert refused(game, 0, PlayCard(card="bang-6c", target=1)) == "TURN-ONE-BANG"


# -- Missed! and Dodge -------------------------------------------------------------------------


def test_given_a_bang_at_bob_when_bob_plays_missed_then_the_hit_is_cancelled_card_missed() -> None:
    """[CARD-MISSED] played as a reaction, it cancels one hit aimed at its player, out of turn."""
    game = arrange(table(), hands={0: ["bang-5c"], 1: ["missed-2s", "beer-6h"]})
    when(game, 0, PlayCard(card="bang-5c", target=1))
    assert Dodge(card="missed-2s") in game.legal_actions(1)
    events = when(game, 1, Dodge(card="missed-2s"))
    assert of_type(events, BangHitCancelled)[0].rule == "CARD-MISSED"
    assert life(game, 1) == 4
    assert hand(game, 1) == ["beer-6h"]
    assert "missed-2s" in game.state.discard_pile
    assert asked(game) == (0, DecisionKind.PLAY)


def test_given_missed_in_hand_when_played_in_phase_ii_then_refused_card_missed() -> None:
    """[CARD-MISSED] cannot be played as an action in phase II."""
    game = arrange(table(), hands={0: ["missed-2s"]})
    assert not playable(game, 0, "missed-2s")
    assert refused(game, 0, PlayCard(card="missed-2s")) == "CARD-MISSED"


def test_given_a_bang_at_bob_when_bob_plays_dodge_then_the_hit_is_cancelled_and_he_draws_card_dodge() -> None:
    """[CARD-DODGE] cancels one hit like Missed!, out of turn; then its player draws 1 card."""
    game = arrange(table(), hands={0: ["bang-5c"], 1: ["dodge-7d"]}, pile=["saloon-5h"])
    when(game, 0, PlayCard(card="bang-5c", target=1))
    events = when(game, 1, Dodge(card="dodge-7d"))
    assert of_type(events, BangHitCancelled)[0].rule == "CARD-DODGE"
    assert life(game, 1) == 4
    assert hand(game, 1) == ["saloon-5h"]
    assert [e.reason for e in of_type(events, BangCardsDrawn)] == ["CARD-DODGE"]
    assert "dodge-7d" in game.state.discard_pile


def test_given_dodge_in_hand_when_played_in_phase_ii_then_refused_card_dodge() -> None:
    """[CARD-DODGE] is a reaction only."""
    game = arrange(table(), hands={0: ["dodge-kh"]})
    assert refused(game, 0, PlayCard(card="dodge-kh")) == "CARD-DODGE"


# -- Beer --------------------------------------------------------------------------------------


def test_given_ann_wounded_when_she_plays_beer_then_she_regains_one_life_card_beer() -> None:
    """[CARD-BEER] (a) at an idle moment of phase II: regain 1 life point."""
    game = arrange(table(), hands={0: ["beer-6h"]}, life={0: 3})
    events = when(game, 0, PlayCard(card="beer-6h"))
    assert life(game, 0) == 4
    assert of_type(events, BangLifeGained)[0].reason == "CARD-BEER"
    assert game.state.discard_pile[-1] == "beer-6h"


def test_given_ann_at_full_life_when_she_plays_beer_then_it_is_spent_without_effect_card_beer() -> None:
    """[CARD-BEER] may be played at full life, with no effect."""
    game = arrange(table(), hands={0: ["beer-6h"]})
    when(game, 0, PlayCard(card="beer-6h"))
    assert life(game, 0) == 5
    assert hand(game, 0) == []
    assert game.state.discard_pile[-1] == "beer-6h"


def test_given_a_hit_on_bob_when_he_drinks_a_beer_then_he_loses_nothing_card_beer() -> None:
    """[CARD-BEER] (b) as a reaction to his own pending life loss, outside his turn."""
    game = arrange(table(), hands={0: ["bang-5c"], 1: ["beer-6h"]}, life={1: 2})
    when(game, 0, PlayCard(card="bang-5c", target=1))
    when(game, 1, Pass())
    assert asked(game) == (1, DecisionKind.BEER)
    when(game, 1, DrinkBeer(card="beer-6h"))
    assert life(game, 1) == 2
    assert "beer-6h" in game.state.discard_pile


def test_given_two_living_players_when_beer_is_played_then_refused_card_beer() -> None:
    """[CARD-BEER] never playable while only 2 players are living ([BEER-TWO-PLAYERS])."""
    game = arrange(table(3), hands={0: ["bang-5c", "beer-6h"], 1: []}, life={1: 1})
    when(game, 0, PlayCard(card="bang-5c", target=1))  # the Deputy kills the Outlaw
    assert not game.state.players[1].alive
    assert not game.is_over
    assert not playable(game, 0, "beer-6h")
    assert refused(game, 0, PlayCard(card="beer-6h")) == "BEER-TWO-PLAYERS"


# -- Saloon, Stagecoach, Wells Fargo ----------------------------------------------------------


def test_given_wounded_players_when_ann_plays_saloon_then_every_living_player_regains_one_card_saloon() -> None:
    """[CARD-SALOON] every living player, the player himself included, regains 1 (up to max);
    the others clockwise first, the player last ([SYM-MULTI-ORDER])."""
    game = arrange(table(), hands={0: ["saloon-5h"]}, life={0: 3, 1: 2, 3: 3})
    events = when(game, 0, PlayCard(card="saloon-5h"))
    assert [life(game, seat) for seat in range(4)] == [4, 3, 4, 4]
    assert [e.seat for e in of_type(events, BangLifeGained)] == [1, 2, 3, 0]
    assert game.state.discard_pile[-1] == "saloon-5h"


def test_given_stagecoach_when_played_then_ann_draws_the_top_two_cards_card_stagecoach() -> None:
    """[CARD-STAGECOACH] draw the top 2 cards of the draw pile."""
    game = arrange(table(), hands={0: ["stagecoach-9s"]}, pile=["bang-5c", "missed-2s", "beer-6h"])
    when(game, 0, PlayCard(card="stagecoach-9s"))
    assert hand(game, 0) == ["bang-5c", "missed-2s"]
    assert game.state.draw_pile[0] == "beer-6h"


def test_given_wells_fargo_when_played_then_ann_draws_the_top_three_cards_card_wells_fargo() -> None:
    """[CARD-WELLS-FARGO] draw the top 3 cards of the draw pile."""
    game = arrange(table(), hands={0: ["wells-fargo-3h"]}, pile=["bang-5c", "missed-2s", "beer-6h", "bang-6c"])
    when(game, 0, PlayCard(card="wells-fargo-3h"))
    assert hand(game, 0) == ["bang-5c", "missed-2s", "beer-6h"]
    assert game.state.draw_pile[0] == "bang-6c"


# -- General Store -----------------------------------------------------------------------------

SHOWN = ["bang-5c", "missed-2s", "beer-6h", "bang-6c"]


def test_given_four_living_when_general_store_is_played_then_four_cards_are_picked_in_turn_card_general_store() -> None:
    """[CARD-GENERAL-STORE] as many cards as living players, picked from the player who played it,
    clockwise; the last player gets the last card; nobody plays before all picks are done."""
    game = arrange(table(), hands={0: ["general-store-as", "bang-kc"]}, pile=SHOWN)
    events = when(game, 0, PlayCard(card="general-store-as"))
    assert [c for e in of_type(events, BangStoreRevealed) for c in e.cards] == SHOWN
    assert asked(game) == (0, DecisionKind.STORE)
    assert {a for a in game.legal_actions(0) if isinstance(a, Pick)} == {Pick(card=c) for c in SHOWN}
    when(game, 0, Pick(card="beer-6h"))
    assert asked(game) == (1, DecisionKind.STORE)
    assert refused(game, 0, PlayCard(card="bang-kc", target=1)) == "FLOW-ONE-DECIDER"
    when(game, 1, Pick(card="bang-5c"))
    when(game, 2, Pick(card="missed-2s"))
    assert game.legal_actions(3) == [Pick(card="bang-6c")]
    when(game, 3, Pick(card="bang-6c"))
    assert [hand(game, seat)[-1] for seat in range(4)] == ["beer-6h", "bang-5c", "missed-2s", "bang-6c"]
    assert game.state.discard_pile[-1] == "general-store-as"
    assert asked(game) == (0, DecisionKind.PLAY)


def test_given_only_two_cards_left_anywhere_when_general_store_is_played_then_later_players_get_none_card_general_store() -> None:
    """[CARD-GENERAL-STORE] with fewer cards than living players ([DECK-EXHAUSTED]) the picks go in
    order until the display is empty; the remaining players get nothing."""
    rest = [c for c in deck() if c not in {"general-store-as", "bang-5c", "missed-2s"}]
    game = arrange(
        table(),
        hands={0: ["general-store-as"], 1: rest[:25], 2: rest[25:50], 3: rest[50:]},
        pile=["bang-5c", "missed-2s"],
    )
    assert game.state.draw_pile == ["bang-5c", "missed-2s"]
    when(game, 0, PlayCard(card="general-store-as"))
    when(game, 0, Pick(card="missed-2s"))
    when(game, 1, Pick(card="bang-5c"))
    assert asked(game) == (0, DecisionKind.PLAY)
    assert len(hand(game, 2)) == 25
    assert len(hand(game, 3)) == len(rest) - 50


def test_given_a_player_eliminated_during_the_picks_then_he_is_skipped_and_the_last_card_discarded_card_general_store() -> None:
    """[CARD-GENERAL-STORE] a player no longer living when his pick would come is skipped; any card
    still in the display after the last pick is discarded. (Ann, Doc Holyday, shoots Bob at her
    own pick, [CHAR-OWN-TURN-ABILITIES].)"""
    game = table(chars=("doc-holyday", "herb-hunter", "greg-digger", "herb-hunter"))
    arrange(
        game,
        hands={0: ["general-store-as", "bang-kc", "bang-4c"], 1: [], 2: ["bang-9c"], 3: ["bang-7c"]},
        pile=[*SHOWN, "saloon-5h", "stagecoach-9s", "wells-fargo-3h"],
        life={1: 1},
    )
    when(game, 0, PlayCard(card="general-store-as"))
    events = when(game, 0, DocShot(cards=("bang-kc", "bang-4c"), target=1))
    assert of_type(events, BangPlayerEliminated)[0].seat == 1
    assert asked(game) == (0, DecisionKind.STORE)
    when(game, 0, Pick(card="beer-6h"))
    assert asked(game) == (2, DecisionKind.STORE)
    when(game, 2, Pick(card="bang-5c"))
    events = when(game, 3, Pick(card="missed-2s"))
    left = [e for e in of_type(events, BangCardDiscarded) if e.zone is Zone.STORE]
    assert [e.card for e in left] == ["bang-6c"]
    assert "bang-6c" in game.state.discard_pile
    assert asked(game) == (0, DecisionKind.PLAY)


# -- Panic! and Cat Balou ----------------------------------------------------------------------


def test_given_bob_at_distance_one_when_ann_plays_panic_on_his_hand_then_she_takes_a_random_card_card_panic() -> None:
    """[CARD-PANIC] take a random card from the hand of a player at distance 1."""
    game = arrange(table(), hands={0: ["panic-jh"], 1: ["beer-6h", "bang-5c"]})
    events = when(game, 0, PlayCard(card="panic-jh", target=1, pick=RANDOM_HAND_CARD))
    taken = of_type(events, BangCardTaken)
    assert [(e.from_seat, e.card, e.reason) for e in taken] == [(1, "beer-6h", "CARD-PANIC")]
    assert hand(game, 0) == ["beer-6h"]
    assert hand(game, 1) == ["bang-5c"]
    assert game.state.discard_pile[-1] == "panic-jh"


def test_given_a_card_in_play_in_front_of_dee_when_ann_plays_panic_on_it_then_she_takes_it_card_panic() -> None:
    """[CARD-PANIC] or a card of the player's choice in play in front of him."""
    game = arrange(table(), hands={0: ["panic-jh"], 3: ["bang-5c"]}, in_play={3: ["barrel-ac", "volcanic-10c"]})
    when(game, 0, PlayCard(card="panic-jh", target=3, pick="barrel-ac"))
    assert hand(game, 0) == ["barrel-ac"]
    assert game.state.players[3].in_play == ["volcanic-10c"]
    assert hand(game, 3) == ["bang-5c"]


def test_given_cid_at_distance_two_when_ann_plays_panic_on_him_then_refused_card_panic() -> None:
    """[CARD-PANIC] only a player at distance 1, and only one with a card ([SYM-TAKE-NEEDS-CARD])."""
    game = arrange(table(), hands={0: ["panic-jh"], 1: [], 2: ["bang-5c"], 3: ["bang-6c"]}, in_play={1: []})
    assert targets_of(game, 0, "panic-jh") == {3}
    assert refused(game, 0, PlayCard(card="panic-jh", target=2, pick=RANDOM_HAND_CARD)) == "RANGE-FIXED"


def test_given_cid_far_away_when_ann_plays_cat_balou_on_his_hand_then_he_discards_a_random_card_card_cat_balou() -> None:
    """[CARD-CAT-BALOU] any player at any distance: discard a random card from his hand."""
    game = arrange(table(), hands={0: ["cat-balou-8c"], 2: ["beer-6h", "bang-5c"]})
    events = when(game, 0, PlayCard(card="cat-balou-8c", target=2, pick=RANDOM_HAND_CARD))
    dropped = [e for e in of_type(events, BangCardDiscarded) if e.zone is Zone.HAND]
    assert [(e.seat, e.card) for e in dropped] == [(2, "beer-6h")]
    assert hand(game, 2) == ["bang-5c"]
    assert hand(game, 0) == []


def test_given_a_weapon_in_front_of_cid_when_ann_plays_cat_balou_on_it_then_it_is_discarded_card_cat_balou() -> None:
    """[CARD-CAT-BALOU] or discard a card of your choice in play in front of him."""
    game = arrange(table(), hands={0: ["cat-balou-8c"], 2: ["beer-6h"]}, in_play={2: ["winchester-8s"]})
    when(game, 0, PlayCard(card="cat-balou-8c", target=2, pick="winchester-8s"))
    assert game.state.players[2].in_play == []
    assert hand(game, 2) == ["beer-6h"]
    assert "winchester-8s" in game.state.discard_pile


def test_given_ann_plays_cat_balou_on_herself_then_she_discards_any_one_card_of_hers_card_cat_balou() -> None:
    """[CARD-CAT-BALOU] yourself: you discard any one card of your choice from hand or play area."""
    game = arrange(table(), hands={0: ["cat-balou-8c", "bang-5c"]}, in_play={0: ["jail-js"]})
    when(game, 0, PlayCard(card="cat-balou-8c", target=0))
    assert asked(game) == (0, DecisionKind.DISCARD_OWN)
    assert set(game.legal_actions(0)) == {Choose(target=0, pick="bang-5c"), Choose(target=0, pick="jail-js")}
    when(game, 0, Choose(target=0, pick="jail-js"))
    assert game.state.players[0].in_play == []
    assert hand(game, 0) == ["bang-5c"]
    assert game.state.discard_pile[-2:] == ["jail-js", "cat-balou-8c"]


# -- Duel --------------------------------------------------------------------------------------


def test_given_a_duel_at_cid_far_away_when_cid_does_not_answer_then_cid_loses_a_life_point_card_duel() -> None:
    """[CARD-DUEL] any other player regardless of distance; the challenged answers first; who does
    not discard a BANG! loses 1 life point, with the Duel's player as source."""
    game = arrange(table(), hands={0: ["duel-js"], 2: ["bang-5c", "beer-6h"]})
    when(game, 0, PlayCard(card="duel-js", target=2))
    assert asked(game) == (2, DecisionKind.DUEL)
    assert set(game.legal_actions(2)) == {Answer(card="bang-5c"), Pass()}  # no Missed!/Barrel
    events = take_it(game, 2)
    assert of_type(events, BangLossThreatened)[0].source == 0
    assert life(game, 2) == 3
    assert game.state.discard_pile[-1] == "duel-js"
    assert asked(game) == (0, DecisionKind.PLAY)


def test_given_a_duel_when_both_discard_bangs_and_ann_then_passes_then_ann_loses_by_her_own_card_card_duel() -> None:
    """[CARD-DUEL] alternately; the discarded BANG! cards are not played (the one-BANG! limit is
    untouched); the source is the Duel's player even when he loses."""
    game = arrange(table(), hands={0: ["duel-js", "bang-5c", "bang-6c", "bang-7c"], 2: ["bang-9c", "missed-2s"]})
    when(game, 0, PlayCard(card="duel-js", target=2))
    when(game, 2, Answer(card="bang-9c"))
    assert asked(game) == (0, DecisionKind.DUEL)
    when(game, 0, Answer(card="bang-5c"))
    assert asked(game) == (2, DecisionKind.DUEL)
    assert Answer(card="missed-2s") not in game.legal_actions(2)
    when(game, 2, Pass())
    assert asked(game) == (2, DecisionKind.BEER)
    when(game, 2, Pass())
    assert life(game, 2) == 3
    assert game.state.turn.bangs == 0
    assert playable(game, 0, "bang-6c")


def test_given_a_duel_when_the_challenger_does_not_answer_then_he_loses_with_himself_as_source_card_duel() -> None:
    """[CARD-DUEL] the first of the two who does not discard loses; the source is the Duel's player."""
    game = arrange(table(), hands={0: ["duel-js", "beer-6h"], 2: ["bang-9c"]})
    when(game, 0, PlayCard(card="duel-js", target=2))
    when(game, 2, Answer(card="bang-9c"))
    events = take_it(game, 0)
    assert [(e.seat, e.source) for e in of_type(events, BangLossThreatened)] == [(0, 0)]
    assert life(game, 0) == 4
    assert life(game, 2) == 4


def test_given_a_duel_when_the_challenged_is_eliminated_by_another_effect_then_nobody_loses_for_it_card_duel() -> None:
    """[CARD-DUEL] a duellist eliminated by another effect before the Duel is decided ends it at
    once, and nobody loses a life point for it (Ann, Doc Holyday, shoots at her own answer)."""
    game = table(chars=("doc-holyday", "herb-hunter", "greg-digger", "herb-hunter"))
    arrange(game, hands={0: ["duel-js", "bang-5c", "bang-6c"], 1: ["bang-9c"], 2: ["bang-7c"]}, life={1: 1})
    when(game, 0, PlayCard(card="duel-js", target=1))
    when(game, 1, Answer(card="bang-9c"))
    assert asked(game) == (0, DecisionKind.DUEL)
    events = when(game, 0, DocShot(cards=("bang-5c", "bang-6c"), target=1))
    assert of_type(events, BangPlayerEliminated)[0].seat == 1
    assert [e.seat for e in of_type(events, BangLossThreatened)] == [1]  # the shot, not the Duel
    assert life(game, 0) == 5
    assert game.state.stack == []
    assert "duel-js" in game.state.discard_pile
    assert asked(game) == (0, DecisionKind.PLAY)


# -- Indians!, Gatling, Punch, Springfield ----------------------------------------------------


def test_given_indians_when_played_then_each_other_player_clockwise_discards_a_bang_or_loses_one_card_indians() -> None:
    """[CARD-INDIANS] every other living player in turn from the left; BANG! or 1 life point (source:
    the Indians! player); no Missed!; the player himself is not affected."""
    game = arrange(
        table(),
        hands={0: ["indians-kd", "bang-5c"], 1: ["bang-9c"], 2: ["missed-2s"], 3: []},
    )
    when(game, 0, PlayCard(card="indians-kd"))
    assert asked(game) == (1, DecisionKind.INDIANS)
    when(game, 1, Answer(card="bang-9c"))
    assert asked(game) == (2, DecisionKind.INDIANS)
    assert game.legal_actions(2) == [Pass()]
    take_it(game, 2)
    assert [(e.seat, e.source) for e in of_type(game.history, BangLossThreatened)] == [(2, 0), (3, 0)]
    assert [life(game, seat) for seat in range(4)] == [5, 4, 3, 3]
    assert hand(game, 0) == ["bang-5c"]
    assert game.state.turn.bangs == 0
    assert "indians-kd" in game.state.discard_pile


def test_given_gatling_when_played_then_every_other_player_is_hit_in_turn_and_reacts_separately_card_gatling() -> None:
    """[CARD-GATLING] one hit on every other living player, clockwise from the left; each reacts
    separately; not a BANG! card."""
    game = arrange(table(), hands={0: ["gatling-10h", "bang-5c"], 1: ["missed-2s"], 2: [], 3: []})
    when(game, 0, PlayCard(card="gatling-10h"))
    assert asked(game) == (1, DecisionKind.HIT)
    when(game, 1, Dodge(card="missed-2s"))
    assert [e.target for e in of_type(game.history, BangHitAimed)] == [1, 2, 3]
    assert [life(game, seat) for seat in range(4)] == [5, 4, 3, 3]
    assert playable(game, 0, "bang-5c")
    assert game.state.discard_pile[-1] == "gatling-10h"


def test_given_punch_when_played_at_distance_one_then_a_hit_and_not_at_distance_two_card_punch() -> None:
    """[CARD-PUNCH] one hit on one other player at distance 1; not a BANG! card."""
    game = arrange(table(), hands={0: ["punch-10s", "bang-5c"], 1: [], 2: []})
    assert targets_of(game, 0, "punch-10s") == {1, 3}
    assert refused(game, 0, PlayCard(card="punch-10s", target=2)) == "RANGE-FIXED"
    when(game, 0, PlayCard(card="punch-10s", target=1))
    assert life(game, 1) == 3
    assert playable(game, 0, "bang-5c")


def test_given_springfield_and_another_card_when_played_at_cid_far_away_then_a_hit_and_the_cost_paid_card_springfield() -> None:
    """[CARD-SPRINGFIELD] cost: one other hand card; one hit on any other player at any distance."""
    game = arrange(table(), hands={0: ["springfield-ks", "beer-6h", "bang-5c"], 2: []})
    assert {a.target for a in playable(game, 0, "springfield-ks") if isinstance(a, PlayCard)} == {1, 2, 3}
    events = when(game, 0, PlayCard(card="springfield-ks", target=2, cost="beer-6h"))
    assert [e.card for e in of_type(events, BangCardDiscarded) if e.reason == "SYM-DISCARD-COST"] == ["beer-6h"]
    assert life(game, 2) == 3
    assert hand(game, 0) == ["bang-5c"]
    assert playable(game, 0, "bang-5c")


def test_given_springfield_alone_in_hand_when_played_then_refused_for_the_cost_card_springfield() -> None:
    """[CARD-SPRINGFIELD] without another hand card it cannot be played ([SYM-DISCARD-COST])."""
    game = arrange(table(), hands={0: ["springfield-ks"]})
    assert not playable(game, 0, "springfield-ks")
    assert refused(game, 0, PlayCard(card="springfield-ks", target=2)) == "SYM-DISCARD-COST"


# -- Brawl, Rag Time ---------------------------------------------------------------------------


def test_given_brawl_when_played_then_each_other_player_with_a_card_loses_exactly_one_card_brawl() -> None:
    """[CARD-BRAWL] cost: one other hand card; then for every other living player with a card, in
    turn from the left, the player chooses: a random hand card or a named card in play."""
    game = arrange(
        table(),
        hands={0: ["brawl-js", "beer-6h"], 1: ["bang-5c", "bang-6c"], 2: [], 3: ["bang-7c"]},
        in_play={1: [], 2: [], 3: ["mustang-5h"]},
    )
    when(game, 0, PlayCard(card="brawl-js", cost="beer-6h"))
    assert asked(game) == (0, DecisionKind.BRAWL)
    assert set(game.legal_actions(0)) == {Choose(target=1, pick=RANDOM_HAND_CARD)}
    when(game, 0, Choose(target=1, pick=RANDOM_HAND_CARD))
    assert set(game.legal_actions(0)) == {
        Choose(target=3, pick=RANDOM_HAND_CARD),
        Choose(target=3, pick="mustang-5h"),
    }
    when(game, 0, Choose(target=3, pick="mustang-5h"))
    assert hand(game, 1) == ["bang-6c"]
    assert hand(game, 3) == ["bang-7c"]
    assert game.state.players[3].in_play == []
    assert game.state.discard_pile[-1] == "brawl-js"
    assert asked(game) == (0, DecisionKind.PLAY)


def test_given_no_other_player_with_a_card_when_brawl_is_played_then_refused_card_brawl() -> None:
    """[CARD-BRAWL] playable only if some other living player has a card in hand or in play."""
    game = arrange(table(), hands={0: ["brawl-js", "beer-6h"], 1: [], 2: [], 3: []}, in_play={1: [], 2: [], 3: []})
    assert not playable(game, 0, "brawl-js")
    assert refused(game, 0, PlayCard(card="brawl-js", cost="beer-6h")) == "SYM-TAKE-NEEDS-CARD"


def test_given_rag_time_when_played_at_cid_far_away_then_ann_takes_his_card_card_rag_time() -> None:
    """[CARD-RAG-TIME] cost: one other hand card; any other player at any distance: take a random
    hand card or a chosen card in play."""
    game = arrange(table(), hands={0: ["rag-time-9h", "beer-6h"], 2: ["bang-5c"]}, in_play={2: ["volcanic-10c"]})
    assert (2, "volcanic-10c") in {(a.target, a.pick) for a in playable(game, 0, "rag-time-9h") if isinstance(a, PlayCard)}
    assert 0 not in targets_of(game, 0, "rag-time-9h")
    when(game, 0, PlayCard(card="rag-time-9h", target=2, pick="volcanic-10c", cost="beer-6h"))
    assert hand(game, 0) == ["volcanic-10c"]
    assert game.state.players[2].in_play == []
    assert game.state.discard_pile[-2:] == ["beer-6h", "rag-time-9h"]


def test_given_rag_time_on_a_hand_when_played_then_ann_takes_a_random_hand_card_card_rag_time() -> None:
    """[CARD-RAG-TIME] the random hand card option."""
    game = arrange(table(), hands={0: ["rag-time-9h", "beer-6h"], 2: ["bang-5c"]})
    when(game, 0, PlayCard(card="rag-time-9h", target=2, pick=RANDOM_HAND_CARD, cost="beer-6h"))
    assert hand(game, 0) == ["bang-5c"]
    assert hand(game, 2) == []


# -- Tequila, Whisky ---------------------------------------------------------------------------


def test_given_tequila_when_played_on_cid_then_cid_regains_one_life_card_tequila() -> None:
    """[CARD-TEQUILA] cost: one other hand card; any one living player of your choice (yourself
    included) regains 1 life point."""
    game = arrange(table(), hands={0: ["tequila-9c", "bang-5c"]}, life={0: 2, 2: 2})
    assert targets_of(game, 0, "tequila-9c") == {0, 1, 2, 3}
    when(game, 0, PlayCard(card="tequila-9c", target=2, cost="bang-5c"))
    assert life(game, 2) == 3
    assert life(game, 0) == 2
    assert hand(game, 0) == []


def test_given_tequila_when_played_on_herself_then_ann_regains_one_life_card_tequila() -> None:
    """[CARD-TEQUILA] yourself included."""
    game = arrange(table(), hands={0: ["tequila-9c", "bang-5c"]}, life={0: 2})
    when(game, 0, PlayCard(card="tequila-9c", target=0, cost="bang-5c"))
    assert life(game, 0) == 3


def test_given_whisky_when_played_then_ann_regains_two_life_up_to_her_maximum_card_whisky() -> None:
    """[CARD-WHISKY] cost: one other hand card; you regain 2 life points ([LIFE-MAX])."""
    game = arrange(table(), hands={0: ["whisky-qh", "bang-5c", "bang-6c"]}, life={0: 2})
    when(game, 0, PlayCard(card="whisky-qh", cost="bang-5c"))
    assert life(game, 0) == 4
    arrange(game, hands={0: ["whisky-qh", "bang-6c"]}, life={0: 4})
    when(game, 0, PlayCard(card="whisky-qh", cost="bang-6c"))
    assert life(game, 0) == 5


def test_given_whisky_alone_in_hand_then_it_cannot_be_played_card_whisky() -> None:
    """[CARD-WHISKY] its cost needs another hand card."""
    game = arrange(table(), hands={0: ["whisky-qh"]}, life={0: 2})
    assert refused(game, 0, PlayCard(card="whisky-qh")) == "SYM-DISCARD-COST"
