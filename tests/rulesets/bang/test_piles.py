"""The draw pile, the discard pile, the resolving area and "draw!" (RULES.md sections 1, 6
and 10)."""

from __future__ import annotations

import pytest
from domain.bang.actions import BangDecision, DecisionKind, DrawCheck, EndPlay, Pick, PlayCard
from domain.bang.catalog import deck
from domain.events.bang import (
    BangCardDiscarded,
    BangCardsDrawn,
    BangCheckDrawn,
    BangDynamitePassed,
    BangHitCancelled,
    BangPileShuffled,
    BangPlayerEliminated,
    Zone,
)

from tests.rulesets.bang.builders import BangTestGame, arrange, awaited, of_type, table, when
from tests.rulesets.bang.playing import full_deck, let_pass, whole_deck


def empty_draw_pile(game: BangTestGame) -> list[str]:
    """Move the whole draw pile onto the discard pile (top last); returns that pile."""
    state = game.state
    state.discard_pile = [*state.discard_pile, *state.draw_pile]
    state.draw_pile = []
    return list(state.discard_pile)


def no_pile_at_all(game: BangTestGame, seat: int) -> None:
    """Both piles empty: every card not in play or in another hand lies in ``seat``'s hand."""
    state = game.state
    state.players[seat].hand += [*state.draw_pile, *state.discard_pile]
    state.draw_pile, state.discard_pile = [], []


# -- drawing -----------------------------------------------------------------------------------


def test_given_a_wells_fargo_when_played_then_the_top_three_cards_are_drawn_deck_draw_top() -> None:
    """[DECK-DRAW-TOP] [SYM-DRAW]"""
    game = table(4)
    arrange(game, hands={0: ["wells-fargo-3h"]}, pile=["bang-ah", "beer-6h", "missed-2s", "duel-qd"])
    events = when(game, 0, PlayCard(card="wells-fargo-3h"))
    assert [d.cards for d in of_type(events, BangCardsDrawn)] == [("bang-ah", "beer-6h", "missed-2s")]
    assert game.state.players[0].hand == ["bang-ah", "beer-6h", "missed-2s"]
    assert game.state.draw_pile[0] == "duel-qd"


def test_given_an_empty_draw_pile_when_drawing_then_the_discard_pile_becomes_the_draw_pile_deck_reshuffle() -> None:
    """[DECK-RESHUFFLE] [DECK-RESOLVING]: the Stagecoach being played is not reshuffled."""
    game = table(4)
    arrange(game, hands={0: ["stagecoach-9s"]})
    pile = empty_draw_pile(game)
    events = when(game, 0, PlayCard(card="stagecoach-9s"))
    shuffled = of_type(events, BangPileShuffled)
    assert len(shuffled) == 1
    assert shuffled[0].reshuffle
    assert sorted(shuffled[0].cards) == sorted(pile)
    assert "stagecoach-9s" not in shuffled[0].cards
    assert game.state.players[0].hand == pile[:2]
    assert game.state.discard_pile == ["stagecoach-9s"]
    assert whole_deck(game) == full_deck()


def test_given_a_bang_resolving_when_a_barrel_check_reshuffles_then_the_bang_stays_out_deck_resolving() -> None:
    """[DECK-RESOLVING] [DEF-RESOLVING]: a resolving card is not part of the discard pile when
    it is reshuffled; it goes there once its effect is complete."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah"], 1: ["missed-2s"]}, in_play={1: ["barrel-ac"]})
    empty_draw_pile(game)
    when(game, 0, PlayCard(card="bang-ah", target=1))
    events = when(game, 1, DrawCheck())
    assert "bang-ah" not in of_type(events, BangPileShuffled)[0].cards
    assert game.state.resolving == ["bang-ah"]
    let_pass(game)
    assert game.state.resolving == []
    assert game.state.discard_pile[-1] == "bang-ah"


def test_given_a_springfield_when_played_then_its_cost_is_discarded_at_once_and_it_at_the_end_deck_resolving() -> None:
    """[DECK-RESOLVING]: the cost card goes to the discard pile at once, the played card lies in
    the resolving area until its hit is resolved."""
    game = table(4)
    arrange(game, hands={0: ["springfield-ks", "beer-6h"], 2: ["missed-2s"]})
    when(game, 0, PlayCard(card="springfield-ks", target=2, cost="beer-6h"))
    assert game.state.discard_pile == ["beer-6h"]
    assert game.state.resolving == ["springfield-ks"]
    assert game.view(3).resolving_cards == ("springfield-ks",)
    let_pass(game)
    assert game.state.discard_pile == ["beer-6h", "springfield-ks"]


def test_given_a_killing_bang_when_it_resolves_then_it_is_discarded_after_elimination_and_triggers_def_resolving() -> None:
    """[DEF-RESOLVING]: the card resolves until every reaction, elimination and triggered
    ability it causes is complete."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah"], 1: []}, life={1: 1})
    events = when(game, 0, PlayCard(card="bang-ah", target=1))
    eliminated = of_type(events, BangPlayerEliminated)[0]
    herb = next(d for d in of_type(events, BangCardsDrawn) if d.reason == "CHAR-HERB-HUNTER")
    spent = next(d for d in of_type(events, BangCardDiscarded) if d.card == "bang-ah")
    assert spent.zone is Zone.RESOLVING
    assert events.index(eliminated) < events.index(herb) < events.index(spent)


def test_given_both_piles_empty_when_drawing_then_the_effect_gets_what_exists_deck_exhausted() -> None:
    """[DECK-EXHAUSTED]: the draw is short; a Barrel "draw!" finding no card does not cancel."""
    game = table(4)
    arrange(game, hands={0: ["wells-fargo-3h", "bang-ah"], 1: []}, in_play={1: ["barrel-ac"]})
    no_pile_at_all(game, 2)
    game.state.draw_pile = [game.state.players[2].hand.pop()]
    events = when(game, 0, PlayCard(card="wells-fargo-3h"))
    assert sum(d.count for d in of_type(events, BangCardsDrawn)) == 1
    game.state.players[2].hand.append(game.state.discard_pile.pop())  # the Wells Fargo
    when(game, 0, PlayCard(card="bang-ah", target=1))
    events = when(game, 1, DrawCheck())
    assert [(c.card, c.success) for c in of_type(events, BangCheckDrawn)] == [(None, False)]
    assert not of_type(events, BangHitCancelled)
    assert game.state.players[1].life == 3
    assert whole_deck(game) == full_deck()


def test_given_both_piles_empty_when_jail_and_dynamite_are_checked_then_jail_fails_and_dynamite_passes_deck_exhausted() -> None:
    """[DECK-EXHAUSTED]: Jail counts as failed, Dynamite does not explode and is passed on."""
    game = table(4)
    arrange(game, hands={0: [], 1: []}, in_play={1: ["dynamite-10c", "jail-4h"]})
    no_pile_at_all(game, 3)
    events = when(game, 0, EndPlay())
    assert [(c.purpose, c.card, c.success) for c in of_type(events, BangCheckDrawn)][:2] == [
        ("dynamite", None, False),
        ("jail", None, False),
    ]
    assert next((p.seat, p.to_seat) for p in of_type(events, BangDynamitePassed)) == (1, 2)
    assert game.state.players[1].life == 4
    assert not any(d.seat == 1 and d.reason == "TURN-DRAW" for d in of_type(events, BangCardsDrawn))


# -- the discard pile and the zones -------------------------------------------------------------


def test_given_a_discarded_card_then_every_seat_sees_it_on_the_discard_pile_deck_discard_face_up() -> None:
    """[DECK-DISCARD-FACE-UP]"""
    game = table(4)
    arrange(game, hands={0: ["cat-balou-8c"], 2: ["beer-6h"]})
    events = when(game, 0, PlayCard(card="cat-balou-8c", target=2, pick="hand"))
    discarded = [e for e in of_type(events, BangCardDiscarded) if e.card == "beer-6h"]
    assert len(discarded) == 1
    for viewer in (None, 1, 2, 3):
        assert game.rules.event_view(discarded[0], viewer, game_ended=False) == discarded[0]
        assert game.view(viewer).discard_pile == ("beer-6h", "cat-balou-8c")


def test_given_a_general_store_when_it_resolves_then_each_card_lies_in_exactly_one_zone_def_zones() -> None:
    """[DEF-ZONES]: draw pile, discard pile, hands, play areas, the General Store display and
    the resolving area hold the 80 cards between them at every step; hands are hidden, play
    areas public."""
    game = table(4)
    arrange(
        game,
        hands={0: ["general-store-as", "beer-7h"]},
        in_play={1: ["mustang-5h"]},
        pile=["beer-6h", "bang-ah", "missed-2s", "stagecoach-9s"],
    )
    when(game, 0, PlayCard(card="general-store-as"))
    assert game.view(2).resolving[0].display == ("beer-6h", "bang-ah", "missed-2s", "stagecoach-9s")
    for seat, shown in ((0, "beer-6h"), (1, "bang-ah"), (2, "missed-2s"), (3, "stagecoach-9s")):
        assert whole_deck(game) == full_deck()
        when(game, seat, Pick(card=shown))
    assert whole_deck(game) == full_deck()
    assert sum(whole_deck(game).values()) == len(deck()) == 80
    seen_by_2 = game.view(2).seats
    assert seen_by_2[0].hand is None
    assert seen_by_2[0].hand_size == 2
    assert seen_by_2[2].hand == tuple(game.state.players[2].hand)
    assert [c.card for c in seen_by_2[1].in_play] == ["mustang-5h"]


# -- "draw!" -----------------------------------------------------------------------------------


def test_given_a_barrel_when_drawing_a_heart_then_the_hit_is_cancelled_and_the_card_discarded_check_procedure() -> None:
    """[CHECK-PROCEDURE] [CHECK-USES]: reveal the top card, put it on the discard pile, compare
    its suit."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah"], 1: ["missed-2s"]}, in_play={1: ["barrel-ac"]}, pile=["beer-6h", "duel-qd"])
    when(game, 0, PlayCard(card="bang-ah", target=1))
    events = when(game, 1, DrawCheck())
    assert [(c.purpose, c.card, c.success) for c in of_type(events, BangCheckDrawn)] == [("barrel", "beer-6h", True)]
    assert [c.rule for c in of_type(events, BangHitCancelled)] == ["CARD-BARREL"]
    assert game.state.discard_pile == ["beer-6h", "bang-ah"]
    assert game.state.draw_pile[0] == "duel-qd"
    assert game.state.players[1].life == 4


def test_given_a_jail_check_revealing_a_beer_then_the_beer_heals_nobody_check_no_effect() -> None:
    """[CHECK-NO-EFFECT]: the revealed card only decides the outcome."""
    game = table(4)
    arrange(game, hands={0: [], 1: []}, in_play={1: ["jail-4h"]}, life={1: 2}, pile=["beer-6h"])
    events = when(game, 0, EndPlay())
    assert [(c.card, c.success) for c in of_type(events, BangCheckDrawn)] == [("beer-6h", True)]
    assert game.state.players[1].life == 2
    assert "beer-6h" not in game.state.players[1].hand
    assert "beer-6h" in game.state.discard_pile


@pytest.mark.parametrize(
    ("revealed", "explodes"),
    [
        ("missed-2s", True),
        ("bang-8s", True),
        ("stagecoach-9s", True),
        ("punch-10s", False),
        ("general-store-as", False),
        ("missed-kc", False),
        ("beer-6h", False),
    ],
)
def test_given_a_dynamite_when_checked_then_it_explodes_on_2_to_9_of_spades_only_check_uses(revealed: str, explodes: bool) -> None:
    """[CHECK-USES] [COMP-SUITS-VALUES]: "2♠–9♠" includes both ends and only spades."""
    game = table(4)
    arrange(game, hands={0: [], 1: []}, in_play={1: ["dynamite-10c"]}, pile=[revealed])
    events = when(game, 0, EndPlay())
    assert [(c.card, c.success) for c in of_type(events, BangCheckDrawn)] == [(revealed, explodes)]
    assert game.state.players[1].life == (1 if explodes else 4)
    assert (game.state.holder_of("dynamite-10c") == 2) is not explodes


@pytest.mark.parametrize(("revealed", "free"), [("beer-6h", True), ("dodge-7d", False), ("missed-2s", False)])
def test_given_a_jail_when_checked_then_only_a_heart_frees_him_check_uses(revealed: str, free: bool) -> None:
    """[CHECK-USES]: Jail succeeds on hearts; failing, he skips phases I and II."""
    game = table(4)
    arrange(game, hands={0: [], 1: []}, in_play={1: ["jail-4h"]}, pile=[revealed, "bang-ah", "bang-kh"])
    when(game, 0, EndPlay())
    if free:
        assert awaited(game) == BangDecision(seat=1, kind=DecisionKind.PLAY)
        assert game.state.players[1].hand == ["bang-ah", "bang-kh"]
    else:
        assert game.state.turn.seat == 2
        assert "bang-ah" not in game.state.players[1].hand
    assert "jail-4h" in game.state.discard_pile
