"""Components and setup (RULES.md sections 2 and 3)."""

from __future__ import annotations

from collections import Counter

import pytest
from domain.bang.catalog import Border, Role, cards, characters, role_counts
from domain.bang.ruleset import BANG
from domain.errors import RuleViolation
from domain.events.bang import BangCardsDrawn, BangCharacterDealt, BangRoleDealt, BangTurnBegan

from tests.rulesets.bang.builders import GAME_ID, BangTestGame, table


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
