"""Distance, range and weapons (RULES.md section 7)."""

from __future__ import annotations

import pytest
from domain.bang.actions import PlayCard, UseCard
from domain.bang.rules.common import distance, weapon_range
from domain.events.bang import BangCardDiscarded

from tests.rulesets.bang.builders import arrange, of_type, refused, table, when
from tests.rulesets.bang.playing import let_pass, pass_turn


def distances_from(seat: int, in_play: dict[int, list[str]] | None = None) -> dict[int, int]:
    """``seat``'s distance to each other seat of six, with ``in_play`` laid out."""
    game = table(6)
    arrange(game, in_play=in_play or {})
    return {other: distance(game.state, seat, other) for other in range(6) if other != seat}


def test_given_six_players_then_the_base_distance_is_the_shorter_way_round_dist_count() -> None:
    """[DIST-COUNT]: from A, B and F at 1, C and E at 2, D at 3."""
    assert distances_from(0) == {1: 1, 2: 2, 3: 3, 4: 2, 5: 1}
    assert distances_from(3) == {0: 3, 1: 2, 2: 1, 4: 1, 5: 2}


def test_given_an_eliminated_player_when_measuring_then_he_is_not_counted_dist_living() -> None:
    """[DIST-LIVING] [DEF-LIVING]: the seat beyond an eliminated neighbour moves up to 1, and a
    dead player is no target."""
    game = table(6)
    arrange(game, hands={0: ["bang-ah", "springfield-ks", "beer-6h"], 1: []}, life={1: 1})
    assert distance(game.state, 0, 2) == 2
    when(game, 0, PlayCard(card="bang-ah", target=1))
    assert not game.state.players[1].alive
    assert distance(game.state, 0, 2) == 1
    assert distance(game.state, 0, 3) == 2
    assert game.view(0).seats[2].distance == 1
    targets = {a.target for a in game.legal_actions(0) if isinstance(a, PlayCard)}
    assert 1 not in targets
    assert refused(game, 0, PlayCard(card="springfield-ks", target=1, cost="beer-6h")) == ("DEF-LIVING")


def test_given_a_mustang_in_front_of_b_then_others_see_b_farther_but_b_sees_them_as_before_dist_plus() -> None:
    """[DIST-PLUS]"""
    assert distances_from(0, {2: ["mustang-5h"]}) == {1: 1, 2: 3, 3: 3, 4: 2, 5: 1}
    assert distances_from(2, {2: ["mustang-5h"]}) == {0: 2, 1: 1, 3: 1, 4: 2, 5: 3}


def test_given_a_mustang_and_a_hideout_in_front_of_b_then_each_adds_one_dist_plus() -> None:
    """[DIST-PLUS] [DIST-FORMULA]: Mustang and Hideout both count."""
    seen = distances_from(0, {1: ["mustang-5h", "hideout-kd"]})
    assert seen[1] == 3


def test_given_a_silver_in_front_of_a_then_a_sees_everyone_nearer_but_not_the_reverse_dist_minus() -> None:
    """[DIST-MINUS]"""
    assert distances_from(0, {0: ["silver-10d"]}) == {1: 1, 2: 1, 3: 2, 4: 1, 5: 1}
    assert distances_from(3, {0: ["silver-10d"]})[0] == 3


def test_given_the_seed_example_then_a_sees_b_e_f_at_1_and_c_d_at_2_dist_formula() -> None:
    """[DIST-FORMULA]: A has a Silver, C a Mustang; distance is directional."""
    laid = {0: ["silver-10d"], 2: ["mustang-5h"]}
    assert distances_from(0, laid) == {1: 1, 2: 2, 3: 2, 4: 1, 5: 1}
    assert [distances_from(b, laid)[0] for b in (1, 2, 3, 4, 5)] == [1, 2, 3, 2, 1]


def test_given_a_silver_against_a_neighbour_then_the_distance_stays_1_dist_min_1() -> None:
    """[DIST-MIN-1]"""
    assert distances_from(0, {0: ["silver-10d"]})[1] == 1


def test_given_weapons_then_range_is_the_printed_number_or_1_without_range_weapon_comp_colt() -> None:
    """[RANGE-WEAPON] [COMP-COLT]: Colt .45 without a weapon card."""
    game = table(6)
    weapons = ["volcanic-10s", "schofield-jc", "remington-6d", "rev-carabine-5s", "winchester-8s"]
    arrange(game, in_play={seat: [w] for seat, w in enumerate(weapons)} | {5: []})
    assert [weapon_range(game.state, seat) for seat in range(6)] == [1, 2, 3, 4, 5, 1]
    assert [seat.range for seat in game.view(0).seats] == [1, 2, 3, 4, 5, 1]


@pytest.mark.parametrize(
    ("weapon", "reached"),
    [(None, {1, 5}), ("schofield-jc", {1, 2, 4, 5}), ("remington-6d", {1, 2, 3, 4, 5})],
)
def test_given_a_weapon_when_playing_bang_then_only_players_within_reach_are_targets_range_reach(
    weapon: str | None, reached: set[int]
) -> None:
    """[RANGE-REACH] [SYM-TARGET-REACH]: distance(A→B) ≤ range of A."""
    game = table(6)
    arrange(game, hands={0: ["bang-ah"]}, in_play={0: [weapon] if weapon else []})
    assert {a.target for a in game.legal_actions(0) if isinstance(a, PlayCard)} == reached
    if 3 not in reached:
        assert refused(game, 0, PlayCard(card="bang-ah", target=3)) == "RANGE-REACH"


def test_given_a_long_weapon_when_playing_panic_then_only_distance_1_counts_range_fixed() -> None:
    """[RANGE-FIXED] [SYM-TARGET-DISTANCE]: "at distance 1" ignores the weapon; a Silver
    brings seat 2 to distance 1."""
    game = table(6)
    everyone = {seat: ["beer-6h", "beer-7h", "beer-8h", "beer-6s", "missed-2s"][seat - 1 : seat] for seat in range(1, 6)}
    arrange(game, hands={0: ["panic-jh"], **everyone}, in_play={0: ["winchester-8s"]})
    assert {a.target for a in game.legal_actions(0) if isinstance(a, PlayCard)} == {1, 5}
    assert refused(game, 0, PlayCard(card="panic-jh", target=2, pick="hand")) == "RANGE-FIXED"
    arrange(game, hands={0: ["panic-jh"], **everyone}, in_play={0: ["silver-10d"]})
    assert {a.target for a in game.legal_actions(0) if isinstance(a, PlayCard)} == {1, 2, 4, 5}


def test_given_players_out_of_reach_when_playing_duel_or_springfield_then_any_player_is_a_target_range_any() -> None:
    """[RANGE-ANY] [SYM-TARGET-ANY]: "any player" ignores distance and range."""
    game = table(6)
    arrange(
        game,
        hands={0: ["duel-qd", "springfield-ks", "beer-6h"]},
        in_play={3: ["mustang-5h", "hideout-kd"]},
    )
    duel = {a.target for a in game.legal_actions(0) if isinstance(a, PlayCard) and a.card == "duel-qd"}
    springfield = {a.target for a in game.legal_actions(0) if isinstance(a, PlayCard) and a.card == "springfield-ks"}
    assert duel == springfield == {1, 2, 3, 4, 5}


def test_given_a_weapon_in_play_when_playing_another_then_the_old_one_is_discarded_weapon_replace() -> None:
    """[WEAPON-ONE] [WEAPON-REPLACE]: even of the same name."""
    game = table(4)
    arrange(game, hands={0: ["remington-6d", "schofield-qc"]}, in_play={0: ["schofield-jc"]})
    events = when(game, 0, PlayCard(card="remington-6d"))
    assert [(e.card, e.reason) for e in of_type(events, BangCardDiscarded)] == [("schofield-jc", "WEAPON-REPLACE")]
    assert game.state.players[0].in_play == ["remington-6d"]
    when(game, 0, PlayCard(card="schofield-qc"))
    assert game.state.players[0].in_play == ["schofield-qc"]
    assert game.state.discard_pile[-2:] == ["schofield-jc", "remington-6d"]
    assert weapon_range(game.state, 0) == 2


def test_given_a_weapon_in_play_when_turns_pass_then_it_stays_until_removed_weapon_keep() -> None:
    """[WEAPON-KEEP]: it stays across turns; a Cat Balou removes it."""
    game = table(4)
    arrange(game, hands={0: []}, in_play={1: ["winchester-8s"]})
    pass_turn(game)
    pass_turn(game)
    assert game.state.players[1].in_play == ["winchester-8s"]
    arrange(game, hands={2: ["cat-balou-8c"]})
    when(game, 2, PlayCard(card="cat-balou-8c", target=1, pick="winchester-8s"))
    assert game.state.players[1].in_play == []
    assert weapon_range(game.state, 1) == 1


def test_given_a_pepperbox_when_used_then_targets_are_checked_at_use_against_reach_sym_target_reach() -> None:
    """[SYM-TARGET-REACH] [BORDER-GREEN-USE]: reach is measured when the card is used."""
    game = table(6)
    arrange(game, hands={0: ["schofield-jc"], 2: [], 1: [], 5: [], 4: []}, in_play={0: ["pepperbox-ah"]})
    assert {a.target for a in game.legal_actions(0) if isinstance(a, UseCard)} == {1, 5}
    when(game, 0, PlayCard(card="schofield-jc"))
    assert {a.target for a in game.legal_actions(0) if isinstance(a, UseCard)} == {1, 2, 4, 5}
    when(game, 0, UseCard(card="pepperbox-ah", target=2))
    let_pass(game)
    assert game.state.players[2].life == 3
