"""Components and setup (RULES.md sections 2 and 3)."""

from __future__ import annotations

from collections import Counter

import pytest
from domain.aggregates.game import Game
from domain.bang.catalog import VALUES, Border, Role, Suit, card, cards, characters, deck, role_counts
from domain.bang.ruleset import BANG
from domain.errors import RuleViolation
from domain.events.bang import (
    BangCardsDrawn,
    BangCharacterDealt,
    BangPileShuffled,
    BangRoleDealt,
    BangTurnBegan,
)

from tests.rulesets.bang.builders import GAME_ID, BangTestGame, table
from tests.rulesets.bang.playing import full_deck, whole_deck


def test_given_the_card_data_then_there_are_80_cards_by_border_comp_playing_cards() -> None:
    by_border = Counter(card.border for card in cards().values())
    assert len(cards()) == 80
    assert by_border == {Border.BROWN: 50, Border.BLUE: 16, Border.GREEN: 14}
    assert Counter(card.name for card in cards().values())["BANG!"] == 18


def test_given_the_character_data_then_15_characters_with_3_or_4_life_comp_characters() -> None:
    assert len(characters()) == 15
    assert {character.life for character in characters().values()} == {3, 4}


def test_given_each_player_count_then_the_roles_of_the_table_setup_roles() -> None:
    expected = {
        3: Counter({Role.DEPUTY: 1, Role.OUTLAW: 1, Role.RENEGADE: 1}),
        4: Counter({Role.SHERIFF: 1, Role.RENEGADE: 1, Role.OUTLAW: 2}),
        5: Counter({Role.SHERIFF: 1, Role.RENEGADE: 1, Role.OUTLAW: 2, Role.DEPUTY: 1}),
        6: Counter({Role.SHERIFF: 1, Role.RENEGADE: 1, Role.OUTLAW: 3, Role.DEPUTY: 1}),
        7: Counter({Role.SHERIFF: 1, Role.RENEGADE: 1, Role.OUTLAW: 3, Role.DEPUTY: 2}),
    }
    assert {n: Counter(row.roles) for n, row in role_counts().items()} == expected


@pytest.mark.parametrize("players", [2, 8])
def test_given_too_few_or_too_many_players_when_opening_then_refused_setup_player_count(
    players: int,
) -> None:
    with pytest.raises(RuleViolation) as refusal:
        BangTestGame.create(GAME_ID, BANG, seed="x", seats=players)
    assert refusal.value.rule == "SETUP-PLAYER-COUNT"


def test_given_a_start_then_the_sheriff_shows_his_role_and_others_keep_theirs_setup_role_deal() -> None:
    game = table(4, start=False)
    game.start()
    dealt = [e for e in game.collect_events() if isinstance(e, BangRoleDealt)]
    assert [(e.role, e.public) for e in dealt] == [
        (Role.SHERIFF, True),
        (Role.OUTLAW, False),
        (Role.OUTLAW, False),
        (Role.RENEGADE, False),
    ]


def test_given_a_start_then_the_sheriff_has_one_more_life_and_card_setup_life_setup_hand() -> None:
    game = table(4, chars=("greg-digger", "greg-digger", "pixie-pete", "herb-hunter"), start=False)
    game.start()
    events = game.collect_events()
    lives = {e.seat: e.life for e in events if isinstance(e, BangCharacterDealt)}
    assert lives == {0: 5, 1: 4, 2: 3, 3: 4}
    dealt: Counter[int] = Counter()
    for e in events:
        if isinstance(e, BangCardsDrawn) and e.reason == "SETUP-HAND":
            dealt[e.seat] += e.count
    assert dealt == {0: 5, 1: 4, 2: 3, 3: 4}


def test_given_a_start_then_the_sheriff_takes_the_first_turn_setup_first_player() -> None:
    game = table(5, roles=(Role.OUTLAW, Role.OUTLAW, Role.SHERIFF, Role.RENEGADE, Role.DEPUTY), start=False)
    game.start()
    began = [e for e in game.collect_events() if isinstance(e, BangTurnBegan)]
    assert began[0].seat == 2


def test_given_the_role_tables_then_no_count_needs_more_than_the_8_role_cards_comp_roles() -> None:
    """[COMP-ROLES]: 1 Sheriff, 2 Deputies, 3 Outlaws, 2 Renegades."""
    box = Counter({Role.SHERIFF: 1, Role.DEPUTY: 2, Role.OUTLAW: 3, Role.RENEGADE: 2})
    for row in role_counts().values():
        assert not Counter(row.roles) - box, row.players
    assert Counter(role_counts()[7].roles) + Counter({Role.RENEGADE: 1}) == box


def test_given_the_card_data_then_only_playing_cards_are_modelled_comp_summary() -> None:
    """[COMP-SUMMARY]: the 7 summary cards have no effect and are not in the game."""
    assert not [c for c in cards().values() if "summary" in (c.kind, c.name.lower())]
    assert sum(full_deck().values()) == 80


def test_given_a_start_then_life_is_an_integer_per_player_and_no_card_tracks_it_comp_life_track() -> None:
    """[COMP-LIFE-TRACK]: all 80 playing cards stay in the game; life is a number."""
    game = table(4)
    assert whole_deck(game) == full_deck()
    assert [(s.life, s.max_life) for s in game.view(1).seats] == [(5, 5), (4, 4), (4, 4), (4, 4)]


def test_given_the_card_data_then_each_card_has_a_suit_and_a_value_in_ascending_order_comp_suits_values() -> None:
    """[COMP-SUITS-VALUES]: 2 lowest, A highest."""
    assert all(c.suit in set(Suit) and c.value in VALUES for c in cards().values())
    assert card("missed-2s").rank < card("bang-8s").rank < card("punch-10s").rank < card("bang-ah").rank
    assert VALUES[0] == "2"
    assert VALUES[-1] == "A"


def test_given_a_seeded_start_then_the_80_cards_are_shuffled_setup_shuffle() -> None:
    """[SETUP-SHUFFLE]: the whole deck, in an order fixed by the game's seed."""
    orders = []
    for seed in ("one", "two"):
        game = Game.create(GAME_ID, BANG, seed=seed, seats=4)
        for name in ("Ann", "Bob", "Cid", "Dee"):
            game.join(name)
        game.start()
        shuffled = [e for e in game.collect_events() if isinstance(e, BangPileShuffled)]
        assert len(shuffled) == 1
        assert Counter(shuffled[0].cards) == full_deck()
        orders.append(shuffled[0].cards)
    assert orders[0] != orders[1]
    assert deck() not in orders


def test_given_a_start_then_the_rest_forms_the_draw_pile_and_the_discard_pile_is_empty_setup_draw_pile() -> None:
    """[SETUP-DRAW-PILE] [SETUP-HAND]: before the Sheriff's draw, 80 - 17 cards remain."""
    game = table(4, start=False)
    game.start()
    events = game.collect_events()
    dealt = sum(e.count for e in events if isinstance(e, BangCardsDrawn) and e.reason == "SETUP-HAND")
    first_draw = sum(e.count for e in events if isinstance(e, BangCardsDrawn) and e.reason == "TURN-DRAW")
    assert dealt == 5 + 4 + 4 + 4
    assert len(game.state.draw_pile) == 80 - dealt - first_draw
    assert game.state.discard_pile == []


def test_given_seats_taken_when_joining_after_the_start_then_refused_setup_seats() -> None:
    """[SETUP-SEATS]: seats are taken in order, before the start, and fix the circle whatever
    the roles."""
    game = table(4, roles=(Role.OUTLAW, Role.RENEGADE, Role.SHERIFF, Role.OUTLAW), start=False)
    assert [s.name for s in game.seats()] == ["Ann", "Bob", "Cid", "Dee"]
    with pytest.raises(RuleViolation) as refusal:
        game.join("Eve")
    assert refusal.value.rule == "SETUP-PLAYER-COUNT"
    game.start()
    assert [s.name for s in game.seats()] == ["Ann", "Bob", "Cid", "Dee"]
    assert game.state.players[2].role is Role.SHERIFF
    with pytest.raises(RuleViolation) as late:
        game.join("Eve")
    assert late.value.rule == "SETUP-SEATS"


def test_given_a_start_then_each_player_has_his_own_public_character_setup_character_deal() -> None:
    """[SETUP-CHARACTER-DEAL]: one character each, all different, seen by everyone."""
    game = Game.create(GAME_ID, BANG, seed="characters", seats=5)
    for name in ("Ann", "Bob", "Cid", "Dee", "Eve"):
        game.join(name)
    game.start()
    dealt = [e.character for e in game.collect_events() if isinstance(e, BangCharacterDealt)]
    assert len(dealt) == len(set(dealt)) == 5
    assert all(c in characters() for c in dealt)
    assert [s.character for s in game.view(3).seats] == dealt
