"""The blue playing cards (RULES.md section 12.2, ``CARD-*``).

Default table: four players, Ann (seat 0, Sheriff, 5 life) is in her phase II; Bob (1, Outlaw)
and Dee (3, Renegade) sit at distance 1 from her, Cid (2, Outlaw) at distance 2.
"""

from __future__ import annotations

import pytest
from domain.bang.actions import (
    BangAction,
    DecisionKind,
    Discard,
    Dodge,
    DrawCheck,
    DrinkBeer,
    EndPlay,
    Pass,
    PlayCard,
)
from domain.bang.catalog import Role
from domain.bang.rules.common import distance
from domain.events.bang import (
    BangCardDiscarded,
    BangCardsDrawn,
    BangCheckDrawn,
    BangDynamitePassed,
    BangHitCancelled,
    BangLossThreatened,
    BangPhaseBegan,
    BangPlayerEliminated,
    BangTurnBegan,
    Phase,
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

FILLER = ["bang-5c", "bang-6c", "bang-7c", "bang-9c", "bang-kc", "bang-2c", "bang-3c", "bang-4c"]

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


def end_turn(game: BangTestGame) -> list[DomainEvent]:
    """The current player ends phase II and discards his first cards down to his limit."""
    seat = game.state.turn.seat
    events = when(game, seat, EndPlay())
    while asked(game) == (seat, DecisionKind.DISCARD):
        events += when(game, seat, Discard(card=hand(game, seat)[0]))
    return events


def playable(game: BangTestGame, seat: int, card: str) -> list[BangAction]:
    return [a for a in game.legal_actions(seat) if isinstance(a, PlayCard) and a.card == card]


def bang_targets(game: BangTestGame, seat: int, card: str) -> set[int | None]:
    return {a.target for a in playable(game, seat, card) if isinstance(a, PlayCard)}


# -- Barrel ------------------------------------------------------------------------------------


def test_given_bob_has_a_barrel_when_shot_and_he_draws_a_heart_then_the_hit_is_cancelled_card_barrel() -> None:
    """[CARD-BARREL] the target may "draw!" once for the hit; a heart cancels it; outside his turn."""
    game = arrange(table(), hands={0: ["bang-5c"], 1: []}, in_play={1: ["barrel-ac"]}, pile=["beer-6h"])
    when(game, 0, PlayCard(card="bang-5c", target=1))
    assert asked(game) == (1, DecisionKind.HIT)
    assert set(game.legal_actions(1)) == {DrawCheck(), Pass()}
    events = when(game, 1, DrawCheck())
    assert [(e.card, e.success) for e in of_type(events, BangCheckDrawn)] == [("beer-6h", True)]
    assert of_type(events, BangHitCancelled)[0].rule == "CARD-BARREL"
    assert life(game, 1) == 4
    assert laid(game, 1) == ["barrel-ac"]
    assert asked(game) == (0, DecisionKind.PLAY)


def test_given_bob_has_a_barrel_when_the_check_fails_then_he_may_still_play_missed_once_card_barrel() -> None:
    """[CARD-BARREL] before any Missed!-type effect; one check per hit."""
    game = arrange(table(), hands={0: ["bang-5c"], 1: ["missed-2s"]}, in_play={1: ["barrel-ac"]}, pile=["bang-8s"])
    when(game, 0, PlayCard(card="bang-5c", target=1))
    events = when(game, 1, DrawCheck())
    assert [e.success for e in of_type(events, BangCheckDrawn)] == [False]
    assert asked(game) == (1, DecisionKind.HIT)
    assert set(game.legal_actions(1)) == {Dodge(card="missed-2s"), Pass()}
    when(game, 1, Dodge(card="missed-2s"))
    assert life(game, 1) == 4


def test_given_bob_has_a_barrel_when_the_check_fails_and_he_has_nothing_else_then_he_is_hit_card_barrel() -> None:
    """[CARD-BARREL] a failed check leaves the hit standing."""
    game = arrange(table(), hands={0: ["bang-5c"], 1: []}, in_play={1: ["barrel-ac"]}, pile=["bang-8s"])
    when(game, 0, PlayCard(card="bang-5c", target=1))
    when(game, 1, DrawCheck())
    assert life(game, 1) == 3
    assert "bang-8s" in game.state.discard_pile


# -- Dynamite ----------------------------------------------------------------------------------


def test_given_ann_plays_dynamite_then_it_lies_in_front_of_her_and_waits_for_her_next_turn_card_dynamite() -> None:
    """[CARD-DYNAMITE] only in front of the player who plays it; no effect until the start of its
    holder's next turn."""
    game = arrange(table(), hands={0: ["dynamite-10c"], 1: [], 2: [], 3: []}, pile=[*FILLER[:6], "bang-8s"])
    assert playable(game, 0, "dynamite-10c") == [PlayCard(card="dynamite-10c")]
    assert refused(game, 0, PlayCard(card="dynamite-10c", target=1)) == "CARD-DYNAMITE"
    events = when(game, 0, PlayCard(card="dynamite-10c"))
    assert laid(game, 0) == ["dynamite-10c"]
    assert of_type(events, BangCheckDrawn) == []
    checks: list[BangCheckDrawn] = []
    for _ in range(3):  # Bob's, Cid's and Dee's turns: nothing happens
        checks += of_type(end_turn(game), BangCheckDrawn)
        assert checks == []
    events = end_turn(game)  # Ann's next turn begins with the check
    assert [(e.seat, e.purpose, e.card) for e in of_type(events, BangCheckDrawn)] == [(0, "dynamite", "bang-8s")]
    assert life(game, 0) == 2


@pytest.mark.parametrize(
    ("checked", "explodes"),
    [
        ("missed-2s", True),  # 2♠
        ("bang-8s", True),
        ("stagecoach-9s", True),  # 9♠
        ("punch-10s", False),  # 10♠
        ("general-store-qs", False),
        ("bang-5c", False),
        ("dynamite-2h", False),
    ],
)
def test_given_dynamite_in_front_of_bob_when_his_turn_starts_then_it_explodes_only_on_2_to_9_of_spades_card_dynamite_check(
    checked: str, explodes: bool
) -> None:
    """[CARD-DYNAMITE-CHECK] he must "draw!"; on 2♠–9♠ the Dynamite is discarded and he loses 3
    life points with himself as source; otherwise it is passed on."""
    game = arrange(table(), hands={0: [], 1: []}, in_play={1: ["dynamite-10c"]}, pile=[checked])
    events = end_turn(game)
    assert [(e.seat, e.purpose, e.card, e.success) for e in of_type(events, BangCheckDrawn)] == [(1, "dynamite", checked, explodes)]
    if explodes:
        assert [(e.seat, e.amount, e.source) for e in of_type(events, BangLossThreatened)] == [(1, 3, 1)]
        assert life(game, 1) == 1
        assert "dynamite-10c" in game.state.discard_pile
        assert all(laid(game, seat) == [] for seat in range(4))
    else:
        assert of_type(events, BangLossThreatened) == []
        assert life(game, 1) == 4
        assert laid(game, 2) == ["dynamite-10c"]
    assert asked(game) == (1, DecisionKind.PLAY)  # his turn goes on with phase I


def test_given_dynamite_explodes_at_bob_when_he_drinks_a_beer_then_he_loses_two_and_his_turn_goes_on_card_dynamite_check() -> None:
    """[CARD-DYNAMITE-CHECK] Beer reactions are allowed; if he survives, the Jail check comes next,
    then phase I."""
    game = arrange(
        table(),
        hands={0: [], 1: ["beer-6h"]},
        in_play={1: ["dynamite-10c", "jail-4h"]},
        pile=["bang-8s", "saloon-5h", "bang-5c", "bang-6c"],
    )
    end_turn(game)
    assert asked(game) == (1, DecisionKind.BEER)
    events = when(game, 1, DrinkBeer(card="beer-6h"))
    assert life(game, 1) == 2
    checks = of_type(events, BangCheckDrawn)
    assert [(e.purpose, e.card, e.success) for e in checks] == [("jail", "saloon-5h", True)]
    assert hand(game, 1) == ["bang-5c", "bang-6c"]
    assert asked(game) == (1, DecisionKind.PLAY)


def test_given_dynamite_that_does_not_explode_then_it_passes_to_the_next_player_without_one_card_dynamite_pass() -> None:
    """[CARD-DYNAMITE-PASS] to the next living player clockwise who has no Dynamite, skipping those
    who have one."""
    game = arrange(
        table(),
        hands={0: [], 1: []},
        in_play={1: ["dynamite-10c"], 2: ["dynamite-2h"]},
        pile=["bang-5c"],
    )
    events = end_turn(game)
    assert [(e.seat, e.to_seat, e.card) for e in of_type(events, BangDynamitePassed)] == [(1, 3, "dynamite-10c")]
    assert laid(game, 1) == []
    assert laid(game, 2) == ["dynamite-2h"]
    assert laid(game, 3) == ["dynamite-10c"]


def test_given_dynamite_passing_then_it_moves_one_check_per_holders_turn_card_dynamite_pass() -> None:
    """[CARD-DYNAMITE-PASS] it keeps moving, one check per holder's turn, until it explodes."""
    game = arrange(table(), hands={0: [], 1: [], 2: []}, in_play={1: ["dynamite-10c"]}, pile=["bang-5c"])
    end_turn(game)
    assert laid(game, 2) == ["dynamite-10c"]
    arrange(game, hands={1: []}, pile=["bang-6c"])
    end_turn(game)  # Cid's turn starts with the check
    assert laid(game, 3) == ["dynamite-10c"]
    checks = [e for e in of_type(game.history, BangCheckDrawn) if e.purpose == "dynamite"]
    assert [e.seat for e in checks] == [1, 2]


def test_given_every_other_living_player_has_a_dynamite_then_it_stays_with_its_holder_card_dynamite_pass() -> None:
    """[CARD-DYNAMITE-PASS] if no other living player qualifies, it stays where it is (three
    players, Bob eliminated, Ann and Cid each hold one)."""
    game = table(3)
    arrange(
        game,
        hands={0: ["bang-5c"], 1: [], 2: []},
        in_play={0: ["dynamite-2h"], 2: ["dynamite-10c"]},
        life={1: 1},
    )
    when(game, 0, PlayCard(card="bang-5c", target=1))  # the Deputy kills the Outlaw
    assert not game.state.players[1].alive
    arrange(game, hands={0: [], 2: []}, pile=["bang-6c"])
    events = end_turn(game)
    assert [(e.seat, e.card, e.success) for e in of_type(events, BangCheckDrawn)] == [(2, "bang-6c", False)]
    assert of_type(events, BangDynamitePassed) == []
    assert laid(game, 2) == ["dynamite-10c"]


def test_given_an_outlaw_killed_by_dynamite_then_nobody_is_rewarded_card_dynamite_no_reward() -> None:
    """[CARD-DYNAMITE-NO-REWARD] the exploding Dynamite belongs to its victim: no killer, no reward."""
    game = table(chars=("pixie-pete", "bill-noface", "sean-mallory", "tequila-joe"))
    arrange(game, hands={0: [], 1: []}, in_play={1: ["dynamite-10c"]}, life={1: 3}, pile=["bang-8s"])
    events = end_turn(game)
    eliminated = of_type(events, BangPlayerEliminated)
    assert [(e.seat, e.role, e.killer) for e in eliminated] == [(1, Role.OUTLAW, None)]
    assert [e for e in of_type(events, BangCardsDrawn) if e.reason == "REWARD-OUTLAW"] == []
    assert hand(game, 0) == []
    assert game.state.turn.seat == 2


# -- Jail --------------------------------------------------------------------------------------


def test_given_bob_holds_a_jail_then_he_may_jail_anyone_but_the_sheriff_himself_included_card_jail() -> None:
    """[CARD-JAIL] any living player except the Sheriff (himself allowed, any distance) who has no
    Jail yet; it lies in front of that player."""
    game = arrange(table(), hands={0: []}, in_play={3: ["jail-4h"]})
    end_turn(game)
    arrange(game, hands={1: ["jail-js"]})
    assert bang_targets(game, 1, "jail-js") == {1, 2}
    assert refused(game, 1, PlayCard(card="jail-js", target=0)) == "CARD-JAIL"
    assert refused(game, 1, PlayCard(card="jail-js", target=3)) == "TURN-SAME-NAME"
    when(game, 1, PlayCard(card="jail-js", target=2))
    assert laid(game, 2) == ["jail-js"]
    assert laid(game, 1) == []


def test_given_dee_in_jail_when_ann_shoots_her_then_she_is_a_target_and_may_react_card_jail() -> None:
    """[CARD-JAIL] a jailed player remains a legal target and may still react."""
    game = arrange(table(), hands={0: ["bang-5c"], 3: ["missed-2s"]}, in_play={3: ["jail-4h"]})
    assert 3 in bang_targets(game, 0, "bang-5c")
    when(game, 0, PlayCard(card="bang-5c", target=3))
    when(game, 3, Dodge(card="missed-2s"))
    assert life(game, 3) == 4


def test_given_bob_in_jail_when_he_draws_a_heart_then_the_jail_is_discarded_and_his_turn_is_normal_card_jail_check() -> None:
    """[CARD-JAIL-CHECK] on a heart the Jail is discarded and his turn proceeds normally."""
    game = arrange(table(), hands={0: [], 1: []}, in_play={1: ["jail-js"]}, pile=["beer-6h", "bang-5c", "bang-6c"])
    events = end_turn(game)
    assert [(e.purpose, e.success) for e in of_type(events, BangCheckDrawn)] == [("jail", True)]
    assert "jail-js" in game.state.discard_pile
    assert hand(game, 1) == ["bang-5c", "bang-6c"]
    assert asked(game) == (1, DecisionKind.PLAY)


def test_given_bob_in_jail_when_the_check_fails_then_he_skips_to_phase_iii_and_the_jail_goes_after_card_jail_check() -> None:
    """[CARD-JAIL-CHECK] otherwise he skips phases I and II, goes to phase III (discarding down to
    his life), then the Jail is discarded and his turn ends."""
    held = ["bang-5c", "bang-6c", "bang-7c", "bang-9c", "bang-kc"]
    game = arrange(table(), hands={0: [], 1: held}, in_play={1: ["jail-js"]}, pile=["bang-8s"])
    events = end_turn(game)
    assert [(e.purpose, e.success) for e in of_type(events, BangCheckDrawn)] == [("jail", False)]
    assert [e.phase for e in of_type(events, BangPhaseBegan) if e.seat == 1] == [Phase.DISCARD]
    assert of_type(events, BangCardsDrawn) == []
    assert asked(game) == (1, DecisionKind.DISCARD)
    assert laid(game, 1) == ["jail-js"]
    events = when(game, 1, Discard(card="bang-5c"))
    assert [e.card for e in of_type(events, BangCardDiscarded)] == ["bang-5c", "jail-js"]
    assert laid(game, 1) == []
    assert [e.seat for e in of_type(events, BangTurnBegan)] == [2]


def test_given_dynamite_and_jail_in_front_of_bob_then_the_dynamite_is_checked_first_card_jail_check() -> None:
    """[CARD-JAIL-CHECK] after any Dynamite check."""
    game = arrange(table(), hands={0: [], 1: []}, in_play={1: ["jail-js", "dynamite-10c"]}, pile=["bang-5c", "bang-6c"])
    events = end_turn(game)
    assert [e.purpose for e in of_type(events, BangCheckDrawn) if e.seat == 1] == ["dynamite", "jail"]
    assert [e.seat for e in of_type(events, BangTurnBegan)] == [1, 2]  # Jail failed: phase III only


# -- Mustang, Hideout, Silver ------------------------------------------------------------------


def test_given_bob_has_a_mustang_then_ann_sees_him_one_further_card_mustang() -> None:
    """[CARD-MUSTANG] other players see its owner at distance +1; he sees them as before."""
    game = arrange(table(), hands={0: ["bang-5c"]}, in_play={1: ["mustang-5h"]})
    assert distance(game.state, 0, 1) == 2
    assert distance(game.state, 1, 0) == 1
    assert bang_targets(game, 0, "bang-5c") == {3}
    assert refused(game, 0, PlayCard(card="bang-5c", target=1)) == "RANGE-REACH"


def test_given_bob_has_a_hideout_then_ann_sees_him_one_further_card_hideout() -> None:
    """[CARD-HIDEOUT] same effect as Mustang."""
    game = arrange(table(), hands={0: ["bang-5c"]}, in_play={1: ["hideout-kd"]})
    assert distance(game.state, 0, 1) == 2
    assert bang_targets(game, 0, "bang-5c") == {3}


def test_given_bob_has_a_mustang_and_a_hideout_then_he_is_two_further_card_hideout() -> None:
    """[CARD-HIDEOUT] names differ, so both may lie side by side for +2."""
    game = arrange(table(), hands={0: ["bang-5c"]}, in_play={0: ["schofield-jc"], 1: ["mustang-5h"]})
    assert 1 in bang_targets(game, 0, "bang-5c")  # range 2, distance 2
    arrange(game, in_play={1: ["mustang-5h", "hideout-kd"]})
    assert distance(game.state, 0, 1) == 3
    assert 1 not in bang_targets(game, 0, "bang-5c")


def test_given_a_hideout_in_hand_and_a_mustang_in_play_then_the_hideout_may_be_put_in_play_card_hideout() -> None:
    """[CARD-HIDEOUT] with a Mustang in play a Hideout may still be played ([TURN-SAME-NAME])."""
    game = arrange(table(), hands={0: ["hideout-kd"]}, in_play={0: ["mustang-5h"]})
    when(game, 0, PlayCard(card="hideout-kd"))
    assert laid(game, 0) == ["mustang-5h", "hideout-kd"]
    assert distance(game.state, 1, 0) == 3


def test_given_ann_has_silver_then_she_sees_others_one_closer_never_below_one_card_silver() -> None:
    """[CARD-SILVER] its owner sees every other player at -1, never below 1; others see him normally."""
    game = arrange(table(), hands={0: ["bang-5c"]}, in_play={0: ["silver-10d"]})
    assert distance(game.state, 0, 2) == 1
    assert distance(game.state, 0, 1) == 1
    assert distance(game.state, 2, 0) == 2
    assert bang_targets(game, 0, "bang-5c") == {1, 2, 3}


# -- weapons -----------------------------------------------------------------------------------


def at_distance(game: BangTestGame, wanted: int) -> int:
    """Seven players: the seat Ann (0) sees at ``wanted`` once Mustang and Hideout are placed
    (base distances from her: seats 1 and 6 at 1, 2 and 5 at 2, 3 and 4 at 3)."""
    extras = {1: [], 2: [], 3: [], 4: ["mustang-5h"], 5: ["mustang-5h", "hideout-kd"]}
    seat = {1: 1, 2: 2}.get(wanted, 3)
    arrange(game, in_play={3: extras[wanted] if wanted >= 3 else []})
    assert distance(game.state, 0, seat) == wanted
    return seat


@pytest.mark.parametrize(
    ("weapon", "reach"),
    [
        (None, 1),
        ("schofield-qc", 2),
        ("remington-6d", 3),
        ("rev-carabine-5s", 4),
        ("winchester-8s", 5),
        ("volcanic-10s", 1),
    ],
)
def test_given_a_weapon_in_play_then_ann_reaches_players_up_to_its_range_and_no_further(weapon: str | None, reach: int) -> None:
    """[CARD-SCHOFIELD] range 2, [CARD-REMINGTON] range 3, [CARD-REV-CARABINE] range 4,
    [CARD-WINCHESTER] range 5, [CARD-VOLCANIC] range 1, no weapon: the Colt's 1."""
    game = table(7)
    arrange(game, hands={0: ["bang-5c"]}, in_play={0: [weapon] if weapon else []})
    for wanted in range(1, 6):
        seat = at_distance(game, wanted)
        assert (seat in bang_targets(game, 0, "bang-5c")) == (wanted <= reach), (weapon, wanted)


def test_given_a_volcanic_then_ann_may_play_any_number_of_bangs_card_volcanic() -> None:
    """[CARD-VOLCANIC] while it is in play its owner may play any number of BANG! cards."""
    game = arrange(table(), hands={0: ["bang-5c", "bang-6c", "bang-7c"], 1: [], 3: []}, in_play={0: ["volcanic-10s"]})
    when(game, 0, PlayCard(card="bang-5c", target=1))
    when(game, 0, PlayCard(card="bang-6c", target=3))
    when(game, 0, PlayCard(card="bang-7c", target=1))
    assert (life(game, 1), life(game, 3)) == (2, 3)


def test_given_a_bang_already_played_when_ann_then_puts_a_volcanic_in_play_then_she_may_play_another_card_volcanic() -> None:
    """[CARD-VOLCANIC] what counts is having it in play at the moment the BANG! is played."""
    game = arrange(table(), hands={0: ["bang-5c", "bang-6c", "volcanic-10s"], 1: [], 3: []})
    when(game, 0, PlayCard(card="bang-5c", target=1))
    assert refused(game, 0, PlayCard(card="bang-6c", target=3)) == "TURN-ONE-BANG"
    when(game, 0, PlayCard(card="volcanic-10s"))
    when(game, 0, PlayCard(card="bang-6c", target=3))
    assert life(game, 3) == 3


def test_given_a_volcanic_no_longer_in_play_then_the_limit_of_one_bang_is_back_card_volcanic() -> None:
    """[CARD-VOLCANIC] only while it is in play."""
    game = arrange(table(), hands={0: ["bang-5c", "bang-6c"], 1: []}, in_play={0: ["volcanic-10s"]})
    when(game, 0, PlayCard(card="bang-5c", target=1))
    arrange(game, in_play={0: []}, discard=["volcanic-10s"])
    assert refused(game, 0, PlayCard(card="bang-6c", target=1)) == "TURN-ONE-BANG"
