"""The optional variants (RULES.md section 18, ``VAR-*``), each both ways through ``BangSettings``:
off, the German rule; on, the international wording."""

from __future__ import annotations

from domain.bang.actions import (
    DecisionKind,
    Discard,
    DrinkBeer,
    EndPlay,
    Pass,
    PlayCard,
    TradeBlue,
)
from domain.bang.catalog import Role
from domain.events.bang import (
    BangCardsDrawn,
    BangCheckDrawn,
    BangSettings,
    BangTurnBegan,
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

OFF = BangSettings()
QUIET = ("chuck-wengam", "jose-delgado", "doc-holyday", "bill-noface")

# -- helpers -----------------------------------------------------------------------------------


def asked(game: BangTestGame) -> tuple[int, DecisionKind] | None:
    decision = awaited(game)
    return None if decision is None else (decision.seat, decision.kind)


def life(game: BangTestGame, seat: int) -> int:
    return game.state.players[seat].life


def hand(game: BangTestGame, seat: int) -> list[str]:
    return list(game.state.players[seat].hand)


def end_play(game: BangTestGame) -> list[DomainEvent]:
    return when(game, game.state.turn.seat, EndPlay())


# -- VAR-BEER-LETHAL-ONLY ----------------------------------------------------------------------


def test_given_the_german_rule_when_bob_faces_a_harmless_hit_then_he_may_drink_a_beer_var_beer_lethal_only() -> None:
    """[VAR-BEER-LETHAL-ONLY] off ([BEER-REACTION]): Beer against any pending loss."""
    game = arrange(table(chars=QUIET, settings=OFF), hands={0: ["bang-5c"], 1: ["beer-6h"]}, life={1: 3})
    when(game, 0, PlayCard(card="bang-5c", target=1))
    when(game, 1, Pass())
    assert asked(game) == (1, DecisionKind.BEER)
    when(game, 1, DrinkBeer(card="beer-6h"))
    assert life(game, 1) == 3


def test_given_lethal_only_when_bob_faces_a_harmless_hit_then_no_beer_window_opens_var_beer_lethal_only() -> None:
    """[VAR-BEER-LETHAL-ONLY] on: out of his phase II, Beer only when the loss would eliminate him."""
    settings = BangSettings(beer_lethal_only=True)
    game = arrange(table(chars=QUIET, settings=settings), hands={0: ["bang-5c"], 1: ["beer-6h"]}, life={1: 3})
    when(game, 0, PlayCard(card="bang-5c", target=1))
    when(game, 1, Pass())
    assert asked(game) == (0, DecisionKind.PLAY)
    assert life(game, 1) == 2
    assert hand(game, 1) == ["beer-6h"]


def test_given_lethal_only_when_bob_faces_a_lethal_hit_then_he_may_drink_to_survive_var_beer_lethal_only() -> None:
    """[VAR-BEER-LETHAL-ONLY] on: a lethal loss opens the Beer window."""
    settings = BangSettings(beer_lethal_only=True)
    game = arrange(table(chars=QUIET, settings=settings), hands={0: ["bang-5c"], 1: ["beer-6h"]}, life={1: 1})
    when(game, 0, PlayCard(card="bang-5c", target=1))
    when(game, 1, Pass())
    assert asked(game) == (1, DecisionKind.BEER)
    when(game, 1, DrinkBeer(card="beer-6h"))
    assert life(game, 1) == 1
    assert game.state.players[1].alive


def dynamite_on_bob(settings: BangSettings) -> BangTestGame:
    """Bob at 2 life with three Beers; the Dynamite in front of him explodes (3 points)."""
    game = table(chars=QUIET, settings=settings)
    arrange(
        game,
        hands={0: [], 1: ["beer-6h", "beer-7h", "beer-8h"]},
        in_play={1: ["dynamite-10c"]},
        life={1: 2},
        pile=["bang-8s"],
    )
    end_play(game)
    assert asked(game) == (1, DecisionKind.BEER)
    when(game, 1, DrinkBeer(card="beer-6h"))
    assert asked(game) == (1, DecisionKind.BEER)  # 2 points still pending: lethal either way
    when(game, 1, DrinkBeer(card="beer-7h"))
    return game


def test_given_the_german_rule_when_dynamite_explodes_then_bob_may_drink_every_beer_var_beer_lethal_only() -> None:
    """[VAR-BEER-LETHAL-ONLY] off: Beers while some loss is pending, lethal or not."""
    game = dynamite_on_bob(OFF)
    assert asked(game) == (1, DecisionKind.BEER)
    when(game, 1, DrinkBeer(card="beer-8h"))
    assert life(game, 1) == 2
    assert "beer-8h" not in hand(game, 1)


def test_given_lethal_only_when_dynamite_explodes_then_bob_drinks_only_enough_to_survive_var_beer_lethal_only() -> None:
    """[VAR-BEER-LETHAL-ONLY] on: only enough Beer to survive."""
    game = dynamite_on_bob(BangSettings(beer_lethal_only=True))
    assert asked(game) == (1, DecisionKind.PLAY)  # his turn goes on; no third Beer
    assert life(game, 1) == 1
    assert "beer-8h" in hand(game, 1)


def test_given_lethal_only_then_beer_in_ones_own_phase_ii_still_heals_var_beer_lethal_only() -> None:
    """[VAR-BEER-LETHAL-ONLY] replaces only the reaction: in his own phase II Beer still heals."""
    game = arrange(table(chars=QUIET, settings=BangSettings(beer_lethal_only=True)), hands={0: ["beer-6h"]}, life={0: 3})
    when(game, 0, PlayCard(card="beer-6h"))
    assert life(game, 0) == 4


# -- VAR-BEER-NO-EFFECT ------------------------------------------------------------------------


def two_left(settings: BangSettings) -> BangTestGame:
    """Three players; the Deputy (Ann) has just killed the Outlaw (Bob): two living."""
    game = table(3, chars=QUIET[:3], settings=settings)
    arrange(game, hands={0: ["bang-5c", "beer-6h"], 1: []}, life={0: 2, 1: 1})
    when(game, 0, PlayCard(card="bang-5c", target=1))
    assert len(game.state.living()) == 2
    return game


def test_given_the_german_rule_and_two_living_then_beer_cannot_be_played_var_beer_no_effect() -> None:
    """[VAR-BEER-NO-EFFECT] off ([BEER-TWO-PLAYERS]): no Beer at all with 2 living players."""
    game = two_left(OFF)
    assert refused(game, 0, PlayCard(card="beer-6h")) == "BEER-TWO-PLAYERS"


def test_given_beer_no_effect_and_two_living_then_beer_may_be_played_but_heals_nothing_var_beer_no_effect() -> None:
    """[VAR-BEER-NO-EFFECT] on: with 2 living players Beer may be played but heals nothing."""
    game = two_left(BangSettings(beer_no_effect=True))
    assert any(isinstance(a, PlayCard) and a.card == "beer-6h" for a in game.legal_actions(0))
    when(game, 0, PlayCard(card="beer-6h"))
    assert life(game, 0) == 2
    assert "beer-6h" in game.state.discard_pile


# -- VAR-PIXIE-PETE-THREE ----------------------------------------------------------------------


def first_draw(settings: BangSettings) -> int:
    game = table(chars=("pixie-pete", *QUIET[1:]), settings=settings, start=False)
    game.start()
    drawn = of_type(game.collect_events(), BangCardsDrawn)
    return sum(e.count for e in drawn if e.seat == 0 and e.reason == "TURN-DRAW")


def test_given_pixie_pete_then_he_draws_four_by_the_german_rule_and_three_in_the_variant_var_pixie_pete_three() -> None:
    """[VAR-PIXIE-PETE-THREE] off ([CHAR-PIXIE-PETE]): 4 cards in phase I; on: 3."""
    assert first_draw(OFF) == 4
    assert first_draw(BangSettings(pixie_pete_three=True)) == 3


# -- VAR-SEAN-MALLORY-TEN ----------------------------------------------------------------------

TWELVE = ["bang-2c", "bang-3c", "bang-4c", "bang-5c", "bang-6c", "bang-7c", "bang-9c", "bang-kc"]
TWELVE += ["beer-6h", "beer-7h", "beer-8h", "missed-2s"]


def test_given_sean_mallory_with_twelve_cards_then_he_keeps_them_all_by_the_german_rule_var_sean_mallory_ten() -> None:
    """[VAR-SEAN-MALLORY-TEN] off ([CHAR-SEAN-MALLORY]): no hand limit at all."""
    game = arrange(table(chars=("sean-mallory", *QUIET[1:]), settings=OFF), hands={0: TWELVE})
    events = end_play(game)
    assert [e.seat for e in of_type(events, BangTurnBegan)] == [1]
    assert len(hand(game, 0)) == 12


def test_given_sean_mallory_with_twelve_cards_in_the_variant_then_he_discards_down_to_ten_var_sean_mallory_ten() -> None:
    """[VAR-SEAN-MALLORY-TEN] on: his hand limit in phase III is 10."""
    settings = BangSettings(sean_mallory_ten=True)
    game = arrange(table(chars=("sean-mallory", *QUIET[1:]), settings=settings), hands={0: TWELVE})
    end_play(game)
    assert asked(game) == (0, DecisionKind.DISCARD)
    when(game, 0, Discard(card="bang-2c"))
    assert asked(game) == (0, DecisionKind.DISCARD)
    events = when(game, 0, Discard(card="bang-3c"))
    assert [e.seat for e in of_type(events, BangTurnBegan)] == [1]
    assert len(hand(game, 0)) == 10


# -- VAR-JOSE-DELGADO-TWICE --------------------------------------------------------------------

BLUES = ["barrel-ac", "mustang-5h", "silver-10d"]
NOT_BLUE = ["bang-2c", "bang-3c", "bang-4c", "bang-5c", "bang-6c", "bang-7c"]


def jose(settings: BangSettings) -> BangTestGame:
    """José Delgado (Ann) holds three blue cards; he has traded two of them already this turn."""
    game = arrange(table(chars=("jose-delgado", *QUIET[:3]), settings=settings), hands={0: BLUES}, pile=NOT_BLUE)
    when(game, 0, TradeBlue(card="barrel-ac"))
    when(game, 0, TradeBlue(card="mustang-5h"))
    assert len(hand(game, 0)) == 5
    return game


def test_given_jose_delgado_by_the_german_rule_then_he_may_trade_a_third_time_var_jose_delgado_twice() -> None:
    """[VAR-JOSE-DELGADO-TWICE] off ([CHAR-JOSE-DELGADO]): any number of times per turn."""
    game = jose(OFF)
    assert TradeBlue(card="silver-10d") in game.legal_actions(0)
    when(game, 0, TradeBlue(card="silver-10d"))
    assert len(hand(game, 0)) == 6


def test_given_jose_delgado_in_the_variant_then_a_third_trade_is_refused_var_jose_delgado_twice() -> None:
    """[VAR-JOSE-DELGADO-TWICE] on: at most twice per turn."""
    game = jose(BangSettings(jose_delgado_twice=True))
    assert TradeBlue(card="silver-10d") not in game.legal_actions(0)
    assert refused(game, 0, TradeBlue(card="silver-10d")) == "VAR-JOSE-DELGADO-TWICE"


# -- VAR-JAIL-SKIP-TURN ------------------------------------------------------------------------

SIX = ["bang-2c", "bang-3c", "bang-4c", "bang-5c", "bang-6c", "bang-7c"]


def jailed_bob(settings: BangSettings) -> tuple[BangTestGame, list[DomainEvent]]:
    """Bob (4 life, six cards) fails his Jail check."""
    game = table(chars=QUIET, roles=(Role.SHERIFF, Role.OUTLAW, Role.OUTLAW, Role.RENEGADE), settings=settings)
    arrange(game, hands={0: [], 1: SIX}, in_play={1: ["jail-js"]}, pile=["bang-8s"])
    events = end_play(game)
    assert [(e.seat, e.purpose, e.success) for e in of_type(events, BangCheckDrawn)] == [(1, "jail", False)]
    return game, events


def test_given_the_german_rule_when_bob_fails_his_jail_check_then_he_still_has_phase_iii_var_jail_skip_turn() -> None:
    """[VAR-JAIL-SKIP-TURN] off ([CARD-JAIL-CHECK]): he discards down to his life in phase III."""
    game, _ = jailed_bob(OFF)
    assert asked(game) == (1, DecisionKind.DISCARD)
    when(game, 1, Discard(card="bang-2c"))
    events = when(game, 1, Discard(card="bang-3c"))
    assert [e.seat for e in of_type(events, BangTurnBegan)] == [2]
    assert len(hand(game, 1)) == 4
    assert "jail-js" in game.state.discard_pile


def test_given_jail_skip_turn_when_bob_fails_his_jail_check_then_his_whole_turn_is_skipped_var_jail_skip_turn() -> None:
    """[VAR-JAIL-SKIP-TURN] on: the Jail is discarded and the whole turn is skipped (no phase III)."""
    game, events = jailed_bob(BangSettings(jail_skip_turn=True))
    assert [e.seat for e in of_type(events, BangTurnBegan)] == [1, 2]
    assert hand(game, 1) == SIX
    assert game.state.players[1].in_play == []
    assert "jail-js" in game.state.discard_pile
