"""Combining with the base game BANG! (RULES.md section 17, COMBINE-*).

The combined game is out of scope ([COMBINE-SCOPE-NOTE]): the engine plays the Dodge City box
alone. Each test here checks what the engine does instead: it refuses 8 players, and neither its
card data nor its character data holds anything of the base game.
"""

from __future__ import annotations

import pytest
from domain.bang.actions import (
    BangDecision,
    CopyAbility,
    DecisionKind,
    EndPlay,
    Pass,
    PlayCard,
)
from domain.bang.catalog import cards, characters, deck, role_counts
from domain.bang.ruleset import BANG
from domain.errors import RuleViolation

from tests.rulesets.bang.builders import GAME_ID, BangTestGame, arrange, awaited, table, when

#: The base game's characters, none of which is in the Dodge City box.
BASE_CHARACTERS = {
    "bart-cassidy",
    "black-jack",
    "calamity-janet",
    "el-gringo",
    "jesse-jones",
    "jourdonnais",
    "kit-carlson",
    "lucky-duke",
    "paul-regret",
    "pedro-ramirez",
    "rose-doolan",
    "sid-ketchum",
    "slab-the-killer",
    "suzy-lafayette",
    "vulture-sam",
    "willy-the-kid",
}


def test_given_the_box_alone_then_the_deck_is_its_80_cards_with_no_base_game_card_combine_deck() -> None:
    """Out of scope ([COMBINE-SCOPE-NOTE]): instead of removing the 40 reprints and adding the
    base game's cards, the engine plays the 80 cards of the box, reprints included; the base
    game's Scope (the box has Silver instead) is not among them."""
    assert len(deck()) == 80
    names = {c.name for c in cards().values()}
    assert "Scope" not in names
    assert {"Silver", "Volcanic", "Jail", "Barrel"} <= names


def test_given_the_box_alone_then_only_its_15_characters_are_dealt_combine_characters() -> None:
    """Out of scope ([COMBINE-SCOPE-NOTE]): no base-game character is in the data, so a seeded
    game deals Dodge City characters only."""
    assert len(characters()) == 15
    assert BASE_CHARACTERS.isdisjoint(characters())
    game = BangTestGame.create(GAME_ID, BANG, seed="combine", seats=7)
    assert isinstance(game, BangTestGame)
    for name in "ABCDEFG":
        game.join(name)
    game.start()
    assert {p.character for p in game.state.players} <= set(characters())


@pytest.mark.parametrize("seats", [8, 9])
def test_given_eight_players_when_opening_then_refused_combine_8_players(seats: int) -> None:
    """Out of scope ([COMBINE-SCOPE-NOTE]): 8 players need the base game, so they are refused
    like any count outside 3 to 7, and no role table for 8 is offered."""
    with pytest.raises(RuleViolation) as refusal:
        BangTestGame.create(GAME_ID, BANG, seed="x", seats=seats)
    assert refusal.value.rule == "SETUP-PLAYER-COUNT"
    assert sorted(role_counts()) == [3, 4, 5, 6, 7]
    assert BANG.max_seats == 7


def test_given_vera_custer_copying_when_a_character_is_eliminated_then_nobody_shares_his_cards_combine_vera_vulture() -> None:
    """Out of scope ([COMBINE-SCOPE-NOTE]): without Vulture Sam there is nothing to share. The
    eliminated player's cards all go to the discard pile ([ELIM-SEQUENCE]) and no decision of
    row 14 of [FLOW-DECISIONS] is ever asked."""
    game = table(4, chars=("sean-mallory", "vera-custer", "greg-digger", "sean-mallory"))
    arrange(game, hands={0: []})
    when(game, 0, EndPlay())
    when(game, 1, CopyAbility(seat=2))
    arrange(game, hands={1: ["bang-ah"], 2: ["beer-6h", "missed-2s"]}, in_play={2: ["barrel-ac"]})
    game.state.players[2].life = 1
    when(game, 1, PlayCard(card="bang-ah", target=2))
    while (decision := awaited(game)) is not None and decision.seat == 2:
        when(game, 2, Pass())
    assert not game.state.players[2].alive
    assert {"beer-6h", "missed-2s", "barrel-ac"} <= set(game.state.discard_pile)
    assert awaited(game) == BangDecision(seat=1, kind=DecisionKind.PLAY)


def test_given_the_package_data_then_it_covers_the_dodge_city_box_only_combine_scope_note() -> None:
    """[COMBINE-SCOPE-NOTE]: 80 playing cards, 15 characters, role tables for 3 to 7 players."""
    assert (len(cards()), len(characters()), sorted(role_counts())) == (80, 15, [3, 4, 5, 6, 7])
