"""The readings of RULES.md section 19 (READ-*): each test checks the behaviour the reading
chooses where the German rulebook is silent, garbled or self-contradictory."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from importlib import resources
from typing import Any

import pytest
from domain.bang.actions import (
    RANDOM_HAND_CARD,
    Answer,
    BangDecision,
    Choose,
    CopyAbility,
    DecisionKind,
    Discard,
    DocShot,
    Dodge,
    DrinkBeer,
    EndPlay,
    Pass,
    PayLife,
    Pick,
    PlayCard,
    TakeInPlay,
    TradeBlue,
    UseCard,
)
from domain.bang.catalog import Border, Role, Suit, card, cards, characters, deck
from domain.bang.ruleset import BANG
from domain.events.bang import (
    BangCardDiscarded,
    BangCardsDrawn,
    BangCardTaken,
    BangCheckDrawn,
    BangDynamitePassed,
    BangEffectStarted,
    BangGameEnded,
    BangHitAimed,
    BangHitCancelled,
    BangLossThreatened,
    BangPhaseBegan,
    BangPlayerEliminated,
    BangSettings,
    BangStoreRevealed,
    BangTurnBegan,
    Phase,
)
from domain.events.base import DomainEvent

from tests.rulesets.bang.builders import (
    GAME_ID,
    BangTestGame,
    arrange,
    awaited,
    of_type,
    refused,
    table,
    when,
)
from tests.rulesets.bang.scenes import finish_turn, legal, play_to_turn_of

NEUTRAL = "sean-mallory"
SPADES_2_TO_9 = {"2", "3", "4", "5", "6", "7", "8", "9"}


def raw_cards() -> list[dict[str, Any]]:
    text = resources.files("domain.bang").joinpath("data", "cards.json").read_text("utf-8")
    found: list[dict[str, Any]] = json.loads(text)["cards"]
    return found


def drawn(events: Sequence[DomainEvent], reason: str) -> list[tuple[int, int]]:
    return [(e.seat, e.count) for e in of_type(events, BangCardsDrawn) if e.reason == reason]


def four(*chars: str, settings: BangSettings | None = None) -> BangTestGame:
    """Sheriff (seat 0, to play), Outlaw, Outlaw, Renegade."""
    return table(4, chars=chars or None, settings=settings)


def out(game: BangTestGame, *seats: int) -> BangTestGame:
    """``seats`` are no longer living (their cards were discarded before)."""
    for seat in seats:
        player = game.state.players[seat]
        game.state.discard_pile += [*player.hand, *player.in_play]
        player.hand, player.in_play, player.alive, player.life = [], [], False, 0
    return game


def everything_but(named: Sequence[str]) -> list[str]:
    """Every card of the deck but ``named``: given to one hand, it empties the draw pile."""
    return [c for c in deck() if c not in named]


# -- the cards -----------------------------------------------------------------------------------


def test_given_the_card_data_then_40_expansion_cards_and_40_base_reprints_read_deck_composition() -> None:
    assert Counter(c["origin"] for c in raw_cards()) == {"dc_expansion": 40, "base_reprint": 40}


def test_given_the_buffalo_rifle_then_its_sign_is_queen_of_clubs_read_dc_signs() -> None:
    assert (card("buffalo-rifle-qc").suit, card("buffalo-rifle-qc").value) == (Suit.CLUBS, "Q")
    assert (card("tequila-9c").suit, card("tequila-9c").value) == (Suit.CLUBS, "9")


def test_given_the_reprints_then_ten_per_suit_and_dynamite_explodes_on_ten_cards_read_base_reprints() -> None:
    reprints = [c for c in raw_cards() if c["origin"] == "base_reprint"]
    assert Counter(c["suit"] for c in reprints) == dict.fromkeys(("hearts", "diamonds", "clubs", "spades"), 10)
    assert sum(c["suit_value_status"] == "assumed" for c in raw_cards()) == 29

    def exploding(rows: list[dict[str, Any]]) -> int:
        return sum(c["suit"] == "spades" and c["value"] in SPADES_2_TO_9 for c in rows)

    assert (exploding(reprints), exploding(raw_cards())) == (5, 10)


def test_given_silver_then_its_owner_sees_others_nearer_but_not_the_reverse_read_silver_card() -> None:
    assert (card("silver-10d").suit, card("silver-10d").value) == (Suit.DIAMONDS, "10")
    game = four()
    arrange(game, in_play={0: ["silver-10d"]})
    assert game.view(0).seats[2].distance == 1
    assert game.view(2).seats[0].distance == 2


def test_given_the_card_data_then_the_green_and_brown_borders_read_read_green_borders() -> None:
    greens = {c.name for c in cards().values() if c.border is Border.GREEN}
    assert greens == {
        "Bible",
        "Can Can",
        "Canteen",
        "Conestoga",
        "Derringer",
        "Buffalo Rifle",
        "Howitzer",
        "Iron Plate",
        "Knife",
        "Pepperbox",
        "Pony Express",
        "Sombrero",
        "Ten Gallon Hat",
    }
    browns = {"Duel", "Punch", "Missed!", "Gatling", "General Store", "Indians!", "Panic!"}
    assert all(c.border is Border.BROWN for c in cards().values() if c.name in browns)


def test_given_the_data_then_names_are_normalised_read_howitzer_name() -> None:
    names_de = {c.name: c.name_de for c in cards().values()}
    assert names_de["Howitzer"] == "Haubitze"
    assert names_de["Missed!"] == "Fehlschuss!"
    assert names_de["Sombrero"] == "Sombrero"
    assert characters()["chuck-wengam"].name == "Chuck Wengam"


# -- three players, setup --------------------------------------------------------------------------


def test_given_three_players_when_the_first_death_has_no_killer_then_the_two_others_play_on_read_three_players() -> None:
    game = table(3)  # Deputy (seat 0, to play), Outlaw, Renegade: all public
    assert all(s.role is not None for s in game.view(None).seats)
    arrange(game, hands={0: [], 1: []}, in_play={1: ["dynamite-10c"]}, pile=["bang-8s"], life={1: 1})
    events = when(game, 0, EndPlay())
    assert [e.killer for e in of_type(events, BangPlayerEliminated)] == [None]
    assert not game.is_over
    assert game.state.turn.seat == 2


def test_given_a_seeded_game_then_each_seat_gets_one_distinct_character_without_choosing_read_character_deal() -> None:
    game = BangTestGame.create(GAME_ID, BANG, seed="any", seats=7)
    assert isinstance(game, BangTestGame)
    for name in "ABCDEFG":
        game.join(name)
    game.start()
    dealt = [p.character for p in game.state.players]
    assert len(set(dealt)) == 7
    assert set(dealt) <= set(characters())
    decision = awaited(game)
    assert decision is not None
    assert decision.kind in {DecisionKind.PLAY, DecisionKind.COPY, DecisionKind.DRAW}


def test_given_roles_dealt_then_seat_order_is_the_order_of_joining_read_seating() -> None:
    game = table(4, roles=(Role.OUTLAW, Role.OUTLAW, Role.SHERIFF, Role.RENEGADE))
    assert [s.name for s in game.seats()] == ["Ann", "Bob", "Cid", "Dee"]
    assert game.state.players[2].role is Role.SHERIFF
    assert game.state.turn.seat == 2


# -- Beer ----------------------------------------------------------------------------------------


def test_given_a_dynamite_exploding_in_his_own_turn_then_he_may_drink_beer_read_beer_reaction() -> None:
    game = four()
    arrange(game, hands={0: [], 1: ["beer-6h"]}, in_play={1: ["dynamite-10c"]}, pile=["bang-8s"])
    when(game, 0, EndPlay())
    assert awaited(game) == BangDecision(seat=1, kind=DecisionKind.BEER, source=1)
    when(game, 1, DrinkBeer(card="beer-6h"))
    assert game.state.players[1].life == 2  # 4 - 3 + 1


def test_given_two_living_players_then_beer_cannot_be_played_at_all_read_beer_two_players() -> None:
    game = table(3)
    arrange(game, hands={0: ["beer-6h", "bang-ah"], 1: ["beer-7h"]}, life={0: 2, 1: 2})
    out(game, 2)
    assert refused(game, 0, PlayCard(card="beer-6h")) == "BEER-TWO-PLAYERS"
    when(game, 0, PlayCard(card="bang-ah", target=1))
    when(game, 1, Pass())
    assert game.state.players[1].life == 1  # no Beer window was opened
    assert awaited(game) == BangDecision(seat=0, kind=DecisionKind.PLAY)


def test_given_full_life_then_beer_and_saloon_may_still_be_played_read_beer_full_life() -> None:
    game = four()
    arrange(game, hands={0: ["beer-6h", "saloon-5h"]})
    when(game, 0, PlayCard(card="beer-6h"))
    when(game, 0, PlayCard(card="saloon-5h"))
    assert game.state.players[0].life == 5
    assert game.state.discard_pile == ["beer-6h", "saloon-5h"]


def test_given_a_loss_cancelled_by_one_beer_then_no_second_beer_is_asked_read_beer_overheal() -> None:
    game = four("pixie-pete", "tequila-joe", NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["bang-ah"], 1: ["beer-6h", "beer-7h"]}, life={1: 3})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    when(game, 1, Pass())
    when(game, 1, DrinkBeer(card="beer-6h"))
    assert game.state.players[1].life == 4  # 3 - 1 + 2, capped at his maximum 4
    assert game.state.players[1].hand == ["beer-7h"]
    assert awaited(game) == BangDecision(seat=0, kind=DecisionKind.PLAY)


# -- characters' readings ----------------------------------------------------------------------------


def test_given_pixie_pete_by_default_then_four_cards_read_pixie_pete() -> None:
    assert BangSettings().pixie_pete_three is False
    game = four(NEUTRAL, "pixie-pete", NEUTRAL, NEUTRAL)
    arrange(game, hands={0: []})
    assert drawn(when(game, 0, EndPlay()), "TURN-DRAW") == [(1, 4)]


@pytest.mark.parametrize(("settings", "kept"), [(None, 11), (BangSettings(sean_mallory_ten=True), 10)])
def test_given_sean_mallory_with_eleven_cards_then_he_keeps_them_unless_the_variant_read_sean_mallory(
    settings: BangSettings | None, kept: int
) -> None:
    game = four("sean-mallory", NEUTRAL, NEUTRAL, NEUTRAL, settings=settings)
    eleven = [c for c in deck() if card(c).name == "BANG!"][:11]
    arrange(game, hands={0: eleven}, life={0: 1})
    finish_turn(game, 0)
    assert len(game.state.players[0].hand) == kept


@pytest.mark.parametrize(("settings", "trades"), [(None, 3), (BangSettings(jose_delgado_twice=True), 2)])
def test_given_jose_delgado_then_he_trades_blue_cards_any_number_of_times_read_jose_delgado(
    settings: BangSettings | None, trades: int
) -> None:
    game = four("jose-delgado", NEUTRAL, NEUTRAL, NEUTRAL, settings=settings)
    blues = ["barrel-ac", "mustang-5h", "hideout-kd"]
    arrange(game, hands={0: blues})
    done = 0
    for blue in blues:
        if TradeBlue(card=blue) in legal(game, 0):
            when(game, 0, TradeBlue(card=blue))
            done += 1
    assert done == trades


def test_given_doc_holyday_then_only_hand_cards_pay_for_his_shot_read_doc_hand() -> None:
    game = four("doc-holyday", NEUTRAL, NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["bang-5c", "bang-6c"]}, in_play={0: ["barrel-ac"]})
    assert refused(game, 0, DocShot(cards=("bang-5c", "barrel-ac"), target=1)) == "CHAR-DOC-HOLYDAY"
    shots = [a for a in legal(game, 0) if isinstance(a, DocShot)]
    assert {a.cards for a in shots} == {("bang-5c", "bang-6c")}


def test_given_doc_holyday_then_two_diamonds_are_no_legal_shot_at_apache_kid_read_doc_apache() -> None:
    game = four("doc-holyday", "apache-kid", NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["bang-ad", "bang-2d", "bang-5c"]})
    at_apache = {a.cards for a in legal(game, 0) if isinstance(a, DocShot) and a.target == 1}
    assert at_apache == {("bang-ad", "bang-5c"), ("bang-2d", "bang-5c")}


def test_given_apache_kid_then_a_diamond_green_card_cannot_rob_him_read_apache_scope() -> None:
    game = four("pixie-pete", "apache-kid", NEUTRAL, NEUTRAL)
    arrange(game, hands={0: []}, in_play={0: ["conestoga-9d"], 1: ["barrel-ac"]})
    events = when(game, 0, UseCard(card="conestoga-9d", target=1, pick="barrel-ac"))
    assert of_type(events, BangCardTaken) == []
    assert game.state.players[1].in_play == ["barrel-ac"]
    assert game.state.discard_pile == ["conestoga-9d"]


def test_given_apache_kid_shooting_then_others_blue_and_missed_cards_of_diamonds_still_work_read_apache_scope() -> None:
    game = four("apache-kid", NEUTRAL, NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["bang-ah"], 1: ["missed-8d"]}, in_play={3: ["hideout-kd"]})
    assert refused(game, 0, PlayCard(card="bang-ah", target=3)) == "RANGE-REACH"
    when(game, 0, PlayCard(card="bang-ah", target=1))
    events = when(game, 1, Dodge(card="missed-8d"))
    assert [e.rule for e in of_type(events, BangHitCancelled)] == ["CARD-MISSED"]


def test_given_apache_kid_playing_his_own_diamond_duel_then_it_takes_place_read_apache_duel() -> None:
    game = four("apache-kid", NEUTRAL, NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["duel-qd"], 1: ["bang-ad", "beer-6h"]})
    events = when(game, 0, PlayCard(card="duel-qd", target=1))
    assert [e.effect for e in of_type(events, BangEffectStarted)] == ["CARD-DUEL"]
    when(game, 1, Answer(card="bang-ad"))  # discarded, not played: it reaches him
    assert game.state.players[0].life == 3  # Apache had nothing to answer with
    assert game.state.players[0].life < game.state.players[0].max_life


def test_given_belle_stars_turn_then_a_mustang_she_ignores_can_still_be_taken_read_belle_star() -> None:
    game = four("belle-star", NEUTRAL, NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["panic-jh"]}, in_play={1: ["mustang-5h"]})
    when(game, 0, PlayCard(card="panic-jh", target=1, pick="mustang-5h"))
    assert "mustang-5h" in game.state.players[0].hand


def test_given_molly_stark_then_a_bang_against_indians_counts_but_dodge_and_green_cards_do_not_read_molly_stark() -> None:
    game = four("pixie-pete", "molly-stark", NEUTRAL, NEUTRAL)
    arrange(
        game,
        hands={0: ["indians-kd", "bang-ah", "bang-kh"], 1: ["bang-2c", "dodge-7d"], 2: [], 3: []},
        in_play={1: ["sombrero-7c"]},
    )
    when(game, 0, PlayCard(card="indians-kd"))
    answer = when(game, 1, Answer(card="bang-2c"))
    assert drawn(answer, "CHAR-MOLLY-STARK") == [(1, 1)]
    game.state.turn.bangs = 0
    when(game, 0, PlayCard(card="bang-ah", target=1))
    dodge = when(game, 1, Dodge(card="dodge-7d"))
    assert drawn(dodge, "CHAR-MOLLY-STARK") == []
    assert drawn(dodge, "CARD-DODGE") == [(1, 1)]


def test_given_molly_stark_using_a_green_sombrero_then_she_draws_nothing_read_molly_stark() -> None:
    game = four("pixie-pete", "molly-stark", NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["bang-ah"], 1: ["beer-6h"]}, in_play={1: ["sombrero-7c"]})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    events = when(game, 1, Dodge(card="sombrero-7c"))
    assert of_type(events, BangCardsDrawn) == []


def test_given_vera_custer_then_she_may_copy_only_another_living_character_read_vera_custer() -> None:
    game = four(NEUTRAL, "vera-custer", "pixie-pete", NEUTRAL)
    arrange(game, hands={0: []})
    out(game, 3)
    when(game, 0, EndPlay())
    assert legal(game, 1) == [CopyAbility(seat=2), CopyAbility(seat=0)]


def test_given_chuck_wengam_then_his_point_is_a_payment_no_beer_can_reduce_read_chuck_wengam() -> None:
    game = four("chuck-wengam", NEUTRAL, NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["beer-6h"]}, life={0: 2})
    events = when(game, 0, PayLife())
    assert of_type(events, BangLossThreatened) == []
    assert game.state.players[0].life == 1
    assert refused(game, 0, PayLife()) == "CHAR-CHUCK-WENGAM"


def test_given_pat_brennan_then_he_may_take_a_dynamite_at_any_distance_read_pat_brennan() -> None:
    game = four(NEUTRAL, "pat-brennan", NEUTRAL, NEUTRAL)
    arrange(game, hands={0: []}, in_play={3: ["dynamite-10c", "mustang-5h"]})
    when(game, 0, EndPlay())
    assert TakeInPlay(seat=3, card="dynamite-10c") in legal(game, 1)  # seat 3 is 2 away
    when(game, 1, TakeInPlay(seat=3, card="dynamite-10c"))
    assert "dynamite-10c" in game.state.players[1].hand


def test_given_bill_noface_as_sheriff_then_missing_points_count_from_his_five_read_bill_noface() -> None:
    game = four("bill-noface", NEUTRAL, NEUTRAL, NEUTRAL)
    arrange(game, hands={0: []}, life={0: 4})
    finish_turn(game, 0)
    events = play_to_turn_of(game, 0)
    assert game.state.players[0].max_life == 5
    assert [d for d in drawn(events, "TURN-DRAW") if d[0] == 0] == [(0, 2)]


def test_given_elena_fuente_then_a_beer_as_missed_heals_nothing_and_cards_in_play_do_not_count_read_elena_fuente() -> None:
    game = four("pixie-pete", "elena-fuente", NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["bang-ah"], 1: ["beer-6h"]}, in_play={1: ["silver-10d"]}, life={1: 2})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    assert Dodge(card="silver-10d") not in legal(game, 1)
    when(game, 1, Dodge(card="beer-6h"))
    assert game.state.players[1].life == 2


# -- timing ------------------------------------------------------------------------------------------


def test_given_a_duel_then_green_cards_wait_for_an_idle_moment_and_missed_greens_for_a_hit_read_green_timing() -> None:
    game = four()
    arrange(
        game,
        hands={0: ["duel-js", "bang-5c"], 1: ["bang-2c", "beer-6h"]},
        in_play={0: ["knife-8h", "sombrero-7c"]},
    )
    assert refused(game, 0, UseCard(card="sombrero-7c")) == "BORDER-GREEN-MISSED"
    when(game, 0, PlayCard(card="duel-js", target=1))
    when(game, 1, Answer(card="bang-2c"))
    assert awaited(game) == BangDecision(seat=0, kind=DecisionKind.DUEL, source=0)
    assert not [a for a in legal(game, 0) if isinstance(a, UseCard)]
    assert refused(game, 0, UseCard(card="knife-8h", target=1)) == "FLOW-DECISIONS"


def test_given_doc_in_his_own_duel_when_his_shot_kills_the_opponent_then_the_duel_ends_without_loss_read_ability_timing() -> None:
    game = four("doc-holyday", NEUTRAL, NEUTRAL, NEUTRAL)
    arrange(
        game,
        hands={0: ["duel-js", "missed-2s", "beer-6h"], 1: ["bang-2c", "panic-jh"]},
        life={1: 1},
    )
    when(game, 0, PlayCard(card="duel-js", target=1))
    assert refused(game, 0, DocShot(cards=("missed-2s", "beer-6h"), target=1)) == "FLOW-ONE-DECIDER"
    when(game, 1, Answer(card="bang-2c"))
    when(game, 0, DocShot(cards=("missed-2s", "beer-6h"), target=1))
    when(game, 1, Pass())  # the hit
    when(game, 1, Pass())  # the Beer window
    assert not game.state.players[1].alive
    assert game.state.players[0].life == 5
    assert awaited(game) == BangDecision(seat=0, kind=DecisionKind.PLAY)


def test_given_a_jailed_doc_holyday_in_phase_three_then_he_cannot_shoot_read_own_turn_phase() -> None:
    game = four(NEUTRAL, "doc-holyday", NEUTRAL, NEUTRAL)
    arrange(
        game,
        hands={0: [], 1: ["bang-5c", "bang-6c", "bang-kc"]},
        in_play={1: ["jail-js"]},
        pile=["bang-2c"],
        life={1: 1},
    )
    when(game, 0, EndPlay())
    assert awaited(game) == BangDecision(seat=1, kind=DecisionKind.DISCARD)
    assert refused(game, 1, DocShot(cards=("bang-5c", "bang-6c"), target=2)) == ("CHAR-OWN-TURN-ABILITIES")


def test_given_phase_two_then_no_card_may_be_discarded_freely_read_no_free_discard() -> None:
    game = four()
    arrange(game, hands={0: ["bang-ah", "beer-6h"]})
    assert not [a for a in legal(game, 0) if isinstance(a, Discard)]
    assert refused(game, 0, Discard(card="beer-6h")) == "FLOW-DECISIONS"


# -- jail, same name, weapons ------------------------------------------------------------------------


@pytest.mark.parametrize(("settings", "discards"), [(None, True), (BangSettings(jail_skip_turn=True), False)])
def test_given_a_failed_jail_check_then_he_still_discards_in_phase_three_read_jail_phase_iii(
    settings: BangSettings | None, discards: bool
) -> None:
    game = four(settings=settings)
    arrange(
        game,
        hands={0: [], 1: ["bang-5c", "bang-6c", "bang-kc"]},
        in_play={1: ["jail-js"]},
        pile=["bang-2c"],
        life={1: 1},
    )
    when(game, 0, EndPlay())
    asked = awaited(game) == BangDecision(seat=1, kind=DecisionKind.DISCARD)
    assert asked is discards
    if discards:
        when(game, 1, Discard(card="bang-5c"))
        events = when(game, 1, Discard(card="bang-6c"))
        assert [e.card for e in of_type(events, BangCardDiscarded)][-1:] == ["jail-js"]
    assert "jail-js" in game.state.discard_pile
    assert game.state.turn.seat == 2


def test_given_jail_then_its_player_may_jail_himself_but_not_twice_read_jail_self() -> None:
    game = four()
    arrange(game, hands={0: []})
    when(game, 0, EndPlay())
    arrange(game, hands={1: ["jail-js", "jail-4h"]})
    when(game, 1, PlayCard(card="jail-js", target=1))
    assert game.state.players[1].in_play == ["jail-js"]
    assert refused(game, 1, PlayCard(card="jail-4h", target=1)) == "TURN-SAME-NAME"
    assert refused(game, 1, PlayCard(card="jail-4h", target=0)) == "CARD-JAIL"


def test_given_a_card_in_play_then_no_second_of_its_name_but_a_weapon_replaces_its_twin_read_same_name() -> None:
    game = four()
    arrange(game, hands={0: ["barrel-ks", "volcanic-10s"]}, in_play={0: ["barrel-ac", "volcanic-10c"]})
    assert refused(game, 0, PlayCard(card="barrel-ks")) == "TURN-SAME-NAME"
    when(game, 0, PlayCard(card="volcanic-10s"))
    assert game.state.players[0].in_play == ["barrel-ac", "volcanic-10s"]
    assert game.state.discard_pile == ["volcanic-10c"]


def test_given_a_winchester_then_pepperbox_reaches_as_far_as_the_weapon_read_pepperbox() -> None:
    game = four()
    arrange(game, in_play={0: ["winchester-8s", "pepperbox-ah", "knife-8h"]})
    assert UseCard(card="pepperbox-ah", target=2) in legal(game, 0)  # distance 2
    assert UseCard(card="knife-8h", target=2) not in legal(game, 0)


# -- targets, order, elimination ---------------------------------------------------------------------


def test_given_a_brawl_then_every_other_player_with_a_card_loses_one_read_brawl_all() -> None:
    game = four()
    arrange(
        game,
        hands={0: ["brawl-js", "bang-5c"], 1: ["beer-6h"], 2: [], 3: []},
        in_play={3: ["mustang-5h"]},
    )
    events = when(game, 0, PlayCard(card="brawl-js", cost="bang-5c"))
    assert [e.targets for e in of_type(events, BangEffectStarted)] == [(1, 3)]
    assert legal(game, 0) == [Choose(target=1, pick=RANDOM_HAND_CARD)]
    when(game, 0, Choose(target=1, pick=RANDOM_HAND_CARD))
    assert legal(game, 0) == [Choose(target=3, pick="mustang-5h")]
    when(game, 0, Choose(target=3, pick="mustang-5h"))
    assert game.state.discard_pile[-3:] == ["beer-6h", "mustang-5h", "brawl-js"]


def test_given_a_player_without_cards_then_panic_and_cat_balou_on_oneself_need_a_card_read_target_needs_card() -> None:
    game = four()
    arrange(game, hands={0: ["panic-jh"], 1: []})
    assert not [a for a in legal(game, 0) if isinstance(a, PlayCard) and a.target == 1]
    game2 = four()
    arrange(game2, hands={0: ["cat-balou-8c"]})
    assert PlayCard(card="cat-balou-8c", target=0) not in legal(game2, 0)


def test_given_a_gatling_then_targets_are_reached_clockwise_from_the_shooters_left_read_multi_order() -> None:
    game = table(5, roles=(Role.OUTLAW, Role.OUTLAW, Role.SHERIFF, Role.RENEGADE, Role.DEPUTY))
    arrange(game, hands={2: ["gatling-10h"]})
    events = when(game, 2, PlayCard(card="gatling-10h"))
    assert [e.targets for e in of_type(events, BangEffectStarted)] == [(3, 4, 0, 1)]
    assert [e.target for e in of_type(events, BangHitAimed)] == [3]


def test_given_a_gatling_killing_the_last_opponent_then_the_game_ends_before_reward_and_abilities_read_elim_order() -> None:
    game = four("herb-hunter", NEUTRAL, NEUTRAL, NEUTRAL)
    arrange(game, hands={0: ["gatling-10h"], 1: [], 2: [], 3: []}, life={1: 1, 2: 1, 3: 1})
    events = when(game, 0, PlayCard(card="gatling-10h"))
    reasons = [e.reason for e in of_type(events, BangCardsDrawn)]
    assert reasons == ["REWARD-OUTLAW", "CHAR-HERB-HUNTER"] * 2
    assert isinstance(events[-1], BangGameEnded)
    assert events[-1].reason == "END-LAW-WINS"


def test_given_a_sheriff_winning_a_duel_against_a_deputy_then_he_is_penalised_read_killer_duel() -> None:
    game = table(5)  # Sheriff, Outlaw, Outlaw, Renegade, Deputy (seat 4)
    arrange(game, hands={0: ["duel-js", "beer-6h"], 4: []}, life={4: 1})
    events = when(game, 0, PlayCard(card="duel-js", target=4))
    assert [e.killer for e in of_type(events, BangPlayerEliminated)] == [0]
    assert game.state.players[0].hand == []
    assert "beer-6h" in game.state.discard_pile


def test_given_an_outlaw_losing_his_own_duel_then_he_has_no_killer_and_nobody_is_rewarded_read_killer_duel() -> None:
    game = four()
    arrange(game, hands={0: []})
    when(game, 0, EndPlay())
    arrange(game, hands={1: ["duel-js"], 2: ["bang-5c", "beer-6h"]}, life={1: 1})
    when(game, 1, PlayCard(card="duel-js", target=2))
    events = when(game, 2, Answer(card="bang-5c"))
    assert [e.killer for e in of_type(events, BangPlayerEliminated)] == [None]
    assert drawn(events, "REWARD-OUTLAW") == []


def test_given_an_exploding_dynamite_then_it_is_discarded_read_dynamite_details() -> None:
    game = four()
    arrange(game, hands={0: [], 1: []}, in_play={1: ["dynamite-10c"]}, pile=["bang-8s"])
    when(game, 0, EndPlay())
    assert "dynamite-10c" in game.state.discard_pile
    assert game.state.players[1].life == 1


def test_given_every_other_living_player_holds_a_dynamite_then_it_stays_read_dynamite_details() -> None:
    game = table(3)
    arrange(
        game,
        hands={0: [], 1: []},
        in_play={0: ["dynamite-2h"], 1: ["dynamite-10c"]},
        pile=["bang-ah"],
    )
    out(game, 2)
    when(game, 0, EndPlay())
    assert game.state.players[1].in_play == ["dynamite-10c"]
    assert game.state.turn.seat == 1


def test_given_both_piles_empty_then_a_jail_check_fails_and_a_dynamite_passes_read_reshuffle() -> None:
    game = four()
    named = ["jail-js", "dynamite-10c"]
    arrange(game, hands={0: [], 3: everything_but(named)}, in_play={1: named})
    events = when(game, 0, EndPlay())
    checks = [(e.purpose, e.card, e.success) for e in of_type(events, BangCheckDrawn) if e.seat == 1]
    assert checks == [("dynamite", None, False), ("jail", None, False)]
    assert [(e.seat, e.to_seat) for e in of_type(events, BangDynamitePassed)][:1] == [(1, 2)]
    assert [e.phase for e in of_type(events, BangPhaseBegan) if e.seat == 1] == [Phase.DISCARD]


def test_given_an_empty_draw_pile_then_the_stagecoach_played_is_not_reshuffled_read_reshuffle() -> None:
    game = four()
    arrange(
        game,
        hands={0: ["stagecoach-9s"], 3: everything_but(["stagecoach-9s", "bang-5c"])},
        discard=["bang-5c"],
    )
    events = when(game, 0, PlayCard(card="stagecoach-9s"))
    assert drawn(events, "CARD-STAGECOACH") == [(0, 1)]
    assert game.state.players[0].hand == ["bang-5c"]
    assert game.state.discard_pile == ["stagecoach-9s"]


def test_given_the_current_player_killed_by_dynamite_then_the_next_turn_begins_read_current_eliminated() -> None:
    game = four()
    arrange(game, hands={0: [], 1: []}, in_play={1: ["dynamite-10c"]}, pile=["bang-8s"], life={1: 2})
    events = when(game, 0, EndPlay())
    assert not game.state.players[1].alive
    assert [e.seat for e in of_type(events, BangTurnBegan)] == [1, 2]
    assert game.state.turn.seat == 2


@pytest.mark.parametrize(("living", "winners"), [((3, 4), (1, 2)), ((3,), (3,))])
def test_given_the_sheriff_dies_then_the_renegade_wins_only_alone_read_sheriff_renegade_end(
    living: tuple[int, ...], winners: tuple[int, ...]
) -> None:
    game = table(5)  # Sheriff, Outlaw, Outlaw, Renegade, Deputy
    arrange(game, hands={0: ["duel-js"], 3: ["bang-5c", "beer-6h"]}, life={0: 1})
    out(game, *[seat for seat in (1, 2, 4) if seat not in living])
    when(game, 0, PlayCard(card="duel-js", target=3))
    events = when(game, 3, Answer(card="bang-5c"))
    ended = of_type(events, BangGameEnded)
    assert [(e.winners, e.reason) for e in ended] == [(winners, "END-SHERIFF-DIES")]


# -- General Store -----------------------------------------------------------------------------------


def test_given_a_player_eliminated_then_the_general_store_shows_one_card_per_living_player_read_general_store_count() -> None:
    game = four()
    arrange(game, hands={0: ["general-store-as"]})
    out(game, 3)
    events = when(game, 0, PlayCard(card="general-store-as"))
    assert [len(e.cards) for e in of_type(events, BangStoreRevealed)] == [3]


def test_given_a_general_store_then_taking_a_card_is_mandatory_read_general_store_pick() -> None:
    game = four()
    arrange(game, hands={0: ["general-store-as"]})
    when(game, 0, PlayCard(card="general-store-as"))
    assert awaited(game) == BangDecision(seat=0, kind=DecisionKind.STORE, source=0)
    assert Pass() not in legal(game, 0)
    assert refused(game, 0, Pass()) == "FLOW-DECISIONS"


# -- Derringer, combined game ----------------------------------------------------------------------


def test_given_a_derringer_then_its_user_draws_before_the_hit_even_when_cancelled_read_derringer_order() -> None:
    game = four()
    arrange(game, hands={0: [], 1: ["missed-2s"]}, in_play={0: ["derringer-7s"]}, pile=["beer-6h"])
    events = when(game, 0, UseCard(card="derringer-7s", target=1))
    kinds = [type(e) for e in events if isinstance(e, (BangCardsDrawn, BangHitAimed))]
    assert kinds == [BangCardsDrawn, BangHitAimed]
    when(game, 1, Dodge(card="missed-2s"))
    assert game.state.players[0].hand == ["beer-6h"]


def test_given_the_dodge_city_box_alone_then_no_vulture_sam_to_share_with_read_vera_vulture() -> None:
    """Combined play is out of scope ([COMBINE-SCOPE-NOTE]): what the engine does instead is
    have no Vulture Sam at all, so Vera Custer can never copy him and no card sharing is asked."""
    assert "vulture-sam" not in characters()
    assert {kind.value for kind in DecisionKind}.isdisjoint({"share", "vulture"})


def test_given_a_picker_shot_dead_during_the_general_store_then_the_card_left_over_is_discarded_read_general_store_pick() -> None:
    game = four("doc-holyday", NEUTRAL, NEUTRAL, NEUTRAL)
    shown = ["beer-6h", "missed-2s", "panic-jh", "duel-js"]
    arrange(game, hands={0: ["general-store-as", "bang-5c", "bang-6c"], 1: []}, pile=shown, life={1: 1})
    when(game, 0, PlayCard(card="general-store-as"))
    when(game, 0, DocShot(cards=("bang-5c", "bang-6c"), target=1))  # at his own pick
    assert not game.state.players[1].alive
    when(game, 0, Pick(card="beer-6h"))
    assert awaited(game) == BangDecision(seat=2, kind=DecisionKind.STORE, source=0)
    when(game, 2, Pick(card="missed-2s"))
    events = when(game, 3, Pick(card="panic-jh"))
    left = [e.card for e in of_type(events, BangCardDiscarded) if e.reason == "CARD-GENERAL-STORE"]
    assert left == ["duel-js", "general-store-as"]
