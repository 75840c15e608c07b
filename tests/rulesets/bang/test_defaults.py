"""The decisions the rules take in a seat's place when its time runs out (``rules/defaults.py``,
``docs/bang/DEFAULTS.md``): one for every decision kind of [FLOW-DECISIONS], always legal, the
least committal, and chosen on public grounds only ([HIDDEN-DECLINE]); a discard forced on the
seat's own hand is drawn from the game's secret seed: a card it holds, the same for the same state
whatever the hand's order, and not the same for every seed.

Default table: four players, Ann (seat 0, Sheriff, 5 life) is in her phase II; Bob (1) and Dee
(3) sit at distance 1 from her, Cid (2) at distance 2. Every character has 4 printed life.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable
from uuid import UUID

import msgspec
import pytest
from domain.aggregates.game import Game
from domain.bang.actions import (
    RANDOM_HAND_CARD,
    BangAction,
    BangDecision,
    Choose,
    CopyAbility,
    DecisionKind,
    Discard,
    DrawCards,
    EndPlay,
    Pass,
    Pick,
    PlayCard,
    UseCard,
)
from domain.bang.ruleset import BANG
from domain.bang.state import BangState
from domain.errors import RuleViolation
from domain.events.bang import (
    BangAbilityCopied,
    BangCardsDrawn,
    BangCheckDrawn,
    BangHitTaken,
    BangReactionDeclined,
    BangSettings,
)
from domain.events.base import DomainEvent

from tests.rulesets.bang.builders import (
    NAMES,
    BangTestGame,
    arrange,
    awaited,
    of_type,
    table,
    when,
)

SPECTATOR = None


def default(game: BangTestGame) -> BangAction:
    """The default of the seat asked now, checked to be one of its legal actions."""
    pending = game.pending()
    assert pending, "the game waits for nobody"
    seat = pending[0].seat
    action = BANG.default_action(game.state, seat, pending)
    assert BANG.is_legal(game.state, seat, action, pending)
    assert action in game.legal_actions(seat)
    return action


def time_out(game: BangTestGame) -> list[DomainEvent]:
    """The seat asked now runs out of time: its default is acted; the events recorded."""
    decision = awaited(game)
    assert decision is not None
    return when(game, decision.seat, default(game))


def asked(game: BangTestGame) -> tuple[int, DecisionKind] | None:
    decision = awaited(game)
    return None if decision is None else (decision.seat, decision.kind)


def default_in(game: BangTestGame, *, seed: str | None = None, reverse_hand: bool = False) -> BangAction:
    """The default of the seat asked now in a copy of ``game``'s state whose seed is ``seed``
    (the game's own if None) and whose hand is held in reverse order if ``reverse_hand``."""
    pending = game.pending()
    seat = pending[0].seat
    state = copy.deepcopy(game.state)
    if seed is not None:
        state.seed = seed
    if reverse_hand:
        state.players[seat].hand.reverse()
    action = BANG.default_action(state, seat, pending)
    assert BANG.is_legal(state, seat, action, pending)
    return action


def discarded_to_the_limit(hand: list[str], *, seed: str | None = None) -> list[str]:
    """Given: Ann holds ``hand`` with 3 life points (and a seed, if given); when: she times out
    until her turn is over; then: the cards she discarded, in order."""
    game = table(4)
    arrange(game, hands={0: hand}, life={0: 3})
    if seed is not None:
        game.state.seed = seed
    time_out(game)
    discarded = []
    while asked(game) == (0, DecisionKind.DISCARD):
        action = default(game)
        assert isinstance(action, Discard)
        discarded.append(action.card)
        time_out(game)
    assert game.state.turn.seat == 1
    return discarded


# -- one test per decision kind ------------------------------------------------------------------


def test_given_vera_custer_at_her_phase_one_when_she_times_out_then_she_copies_her_left_neighbour_char_vera_custer() -> None:
    """[CHAR-VERA-CUSTER] the choice is mandatory: the first other living seat clockwise from her
    left ([DEF-SEATING], [SYM-MULTI-ORDER]), a public order."""
    game = table(4, chars=("greg-digger", "vera-custer", "pixie-pete", "herb-hunter"))
    arrange(game, hands={0: []})
    when(game, 0, EndPlay())
    assert asked(game) == (1, DecisionKind.COPY)
    assert default(game) == CopyAbility(seat=2)
    events = time_out(game)
    assert [e.character for e in of_type(events, BangAbilityCopied)] == ["pixie-pete"]


def test_given_vera_custer_in_the_last_seat_when_she_times_out_then_the_order_wraps_to_seat_zero_char_vera_custer() -> None:
    """[CHAR-VERA-CUSTER], [DEF-SEATING]: clockwise from seat 3 the next seat is 0."""
    game = table(4, chars=("greg-digger", "pixie-pete", "herb-hunter", "vera-custer"))
    while asked(game) != (3, DecisionKind.COPY):
        time_out(game)
    assert default(game) == CopyAbility(seat=0)


def test_given_pat_brennan_in_phase_one_when_he_times_out_then_he_draws_the_normal_way_char_pat_brennan() -> None:
    """[CHAR-PAT-BRENNAN] optional; [FLOW-DECISIONS] row 2: if he declines he draws normally."""
    game = table(4, chars=("greg-digger", "pat-brennan", "herb-hunter", "greg-digger"))
    arrange(game, hands={0: []}, in_play={3: ["barrel-ac"]})
    when(game, 0, EndPlay())
    assert asked(game) == (1, DecisionKind.DRAW)
    assert default(game) == DrawCards()
    events = time_out(game)
    assert [(e.seat, e.count) for e in of_type(events, BangCardsDrawn)] == [(1, 2)]
    assert game.state.players[3].in_play == ["barrel-ac"]
    assert asked(game) == (1, DecisionKind.PLAY)


def test_given_an_idle_moment_of_phase_two_when_the_player_times_out_then_phase_two_ends_turn_play() -> None:
    """[TURN-PLAY] playing nothing is allowed; phase II ends when he declares it over."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah", "beer-6h", "stagecoach-9s"]})
    assert asked(game) == (0, DecisionKind.PLAY)
    assert default(game) == EndPlay()
    time_out(game)
    assert game.state.players[0].hand == ["bang-ah", "beer-6h", "stagecoach-9s"]
    assert game.state.turn.seat == 1


@pytest.mark.parametrize("character", ["chuck-wengam", "doc-holyday", "jose-delgado"])
def test_given_an_own_turn_ability_at_hand_when_the_player_times_out_then_no_ability_is_used_char_own_turn_abilities(
    character: str,
) -> None:
    """[CHAR-OWN-TURN-ABILITIES], [FLOW-DECISIONS] row 12: optional abilities are never taken in
    a seat's place; phase II simply ends ([TURN-PLAY])."""
    game = table(4, chars=(character, "herb-hunter", "greg-digger", "herb-hunter"))
    arrange(game, hands={0: ["barrel-ks", "bang-5c", "beer-6h"]})
    assert len(game.legal_actions(0)) > 1
    assert default(game) == EndPlay()


def test_given_a_hit_on_bob_holding_a_missed_with_a_barrel_when_he_times_out_then_the_hit_goes_through_hidden_decline() -> None:
    """[HIT-RESOLVE] each step may be skipped; [HIDDEN-DECLINE] a reaction is declined, never
    answered from the hand, even with a Missed! in it. The Barrel is not drawn either."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah"], 1: ["missed-2s", "beer-6h"]}, in_play={1: ["barrel-ac"]})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    assert asked(game) == (1, DecisionKind.HIT)
    assert default(game) == Pass()
    events = time_out(game)
    assert [e.seat for e in of_type(events, BangReactionDeclined)] == [1]
    assert [e.target for e in of_type(events, BangHitTaken)] == [1]
    assert of_type(events, BangCheckDrawn) == []
    assert game.state.players[1].hand == ["missed-2s", "beer-6h"]


def test_given_bob_about_to_lose_a_life_point_with_a_beer_when_he_times_out_then_he_loses_it_beer_reaction() -> None:
    """[BEER-REACTION] he may play Beer; [FLOW-DECISIONS] row 6: else he loses the points;
    [HIDDEN-DECLINE]."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah"], 1: ["beer-6h"]})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    time_out(game)
    assert asked(game) == (1, DecisionKind.BEER)
    assert default(game) == Pass()
    time_out(game)
    assert game.state.players[1].life == 3
    assert game.state.players[1].hand == ["beer-6h"]
    assert asked(game) == (0, DecisionKind.PLAY)


def test_given_a_duel_on_cid_holding_a_bang_when_he_times_out_then_he_loses_the_duel_card_duel() -> None:
    """[CARD-DUEL] the first who does not discard a BANG! loses 1 life point;
    [HIDDEN-DUEL-INDIANS], [HIDDEN-DECLINE]."""
    game = table(4)
    arrange(game, hands={0: ["duel-js", "bang-kc"], 2: ["bang-5c"]})
    when(game, 0, PlayCard(card="duel-js", target=2))
    assert asked(game) == (2, DecisionKind.DUEL)
    assert default(game) == Pass()
    time_out(game)
    while asked(game) == (2, DecisionKind.BEER):
        time_out(game)
    assert game.state.players[2].life == 3
    assert game.state.players[2].hand == ["bang-5c"]
    assert asked(game) == (0, DecisionKind.PLAY)


def test_given_indians_when_each_player_times_out_then_each_loses_a_life_point_card_indians() -> None:
    """[CARD-INDIANS] discard a BANG! or lose 1 life point; [HIDDEN-DUEL-INDIANS]."""
    game = table(4)
    arrange(game, hands={0: ["indians-kd"], 1: ["bang-5c"], 2: ["bang-6c"], 3: ["missed-2s"]})
    when(game, 0, PlayCard(card="indians-kd"))
    assert asked(game) == (1, DecisionKind.INDIANS)
    assert default(game) == Pass()
    while asked(game) != (0, DecisionKind.PLAY):
        time_out(game)
    assert [game.state.players[seat].life for seat in (1, 2, 3)] == [3, 3, 3]


def test_given_a_general_store_when_each_player_times_out_then_each_takes_the_first_card_shown_card_general_store() -> None:
    """[CARD-GENERAL-STORE], [READ-GENERAL-STORE-PICK] taking is mandatory: the first card of
    the public display ([HIDDEN-GENERAL-STORE]) in the order it was revealed."""
    shown = ["beer-6h", "bang-5c", "missed-2s", "bang-6c"]
    game = table(4)
    arrange(game, hands={0: ["general-store-as"], 1: [], 2: [], 3: []}, pile=shown)
    when(game, 0, PlayCard(card="general-store-as"))
    for seat, expected in enumerate(shown):
        assert asked(game) == (seat, DecisionKind.STORE)
        assert default(game) == Pick(card=expected)
        time_out(game)
    assert [game.state.players[seat].hand for seat in range(4)] == [[c] for c in shown]


def test_given_a_brawl_when_its_player_times_out_then_a_random_hand_card_else_the_lowest_card_in_play_card_brawl() -> None:
    """[CARD-BRAWL] for each other player: a random hand card ([HIDDEN-RANDOM-HAND-CARD]) if he
    holds one, else his card in play of the lowest id ([SYM-DISCARD]): public grounds only."""
    game = table(4)
    arrange(
        game,
        hands={0: ["brawl-js", "beer-6h"], 1: ["bang-5c"], 2: [], 3: []},
        in_play={1: ["volcanic-10c"], 2: [], 3: ["mustang-5h", "barrel-ac"]},
    )
    when(game, 0, PlayCard(card="brawl-js", cost="beer-6h"))
    assert asked(game) == (0, DecisionKind.BRAWL)
    assert default(game) == Choose(target=1, pick=RANDOM_HAND_CARD)
    time_out(game)
    assert asked(game) == (0, DecisionKind.BRAWL)
    assert default(game) == Choose(target=3, pick="barrel-ac")
    time_out(game)
    assert game.state.players[1].in_play == ["volcanic-10c"]
    assert game.state.players[3].in_play == ["mustang-5h"]
    assert asked(game) == (0, DecisionKind.PLAY)


def test_given_cat_balou_on_herself_with_cards_in_play_when_she_times_out_then_her_lowest_card_in_play_goes_card_cat_balou() -> None:
    """[CARD-CAT-BALOU] yourself: any one card of hand or play area; a card in play first, so the
    hidden hand does not sway the choice ([HIDDEN-DECLINE])."""
    game = table(4)
    arrange(game, hands={0: ["cat-balou-8c", "bang-5c"]}, in_play={0: ["mustang-5h", "barrel-ac"]})
    when(game, 0, PlayCard(card="cat-balou-8c", target=0))
    assert asked(game) == (0, DecisionKind.DISCARD_OWN)
    assert default(game) == Choose(target=0, pick="barrel-ac")
    time_out(game)
    assert game.state.players[0].in_play == ["mustang-5h"]
    assert game.state.players[0].hand == ["bang-5c"]


def balou_with_nothing_in_play() -> BangTestGame:
    """Given: Ann played Cat Balou on herself, with three hand cards left and nothing in play."""
    game = table(4)
    arrange(game, hands={0: ["cat-balou-8c", "missed-2s", "bang-5c", "beer-6h"]}, in_play={0: []})
    when(game, 0, PlayCard(card="cat-balou-8c", target=0))
    assert asked(game) == (0, DecisionKind.DISCARD_OWN)
    return game


def test_given_cat_balou_on_herself_with_nothing_in_play_when_she_times_out_then_a_hand_card_goes_card_cat_balou() -> None:
    """[CARD-CAT-BALOU], [SYM-DISCARD]: with no card in play, one of her hand cards."""
    game = balou_with_nothing_in_play()
    action = default(game)
    assert isinstance(action, Choose)
    assert action.target == 0
    assert action.pick in {"missed-2s", "bang-5c", "beer-6h"}
    time_out(game)
    assert sorted([*game.state.players[0].hand, action.pick]) == ["bang-5c", "beer-6h", "missed-2s"]


def test_given_cat_balou_on_herself_with_nothing_in_play_when_she_times_out_then_the_same_card_whatever_the_hands_order_hidden_hands() -> (
    None
):
    """[HIDDEN-HANDS]: deterministic (``verify`` re-runs a timeout), and the order she holds her
    cards in, which nobody else saw, does not matter."""
    game = balou_with_nothing_in_play()
    first = default(game)
    assert default(game) == first == default_in(game) == default_in(game, reverse_hand=True)


def test_given_cat_balou_on_herself_with_nothing_in_play_when_the_seed_differs_then_each_hand_card_goes_for_some_seed_hidden_hands() -> (
    None
):
    """[HIDDEN-HANDS]: not a fixed order of the cards in disguise, which would tell the others
    that no card earlier in it was held: over forty seeds, each of her cards comes up."""
    game = balou_with_nothing_in_play()
    picks = set()
    for n in range(40):
        action = default_in(game, seed=f"seed {n}")
        assert isinstance(action, Choose)
        picks.add(action.pick)
    assert picks == {"missed-2s", "bang-5c", "beer-6h"}


def test_given_can_can_on_herself_when_she_times_out_then_her_other_card_in_play_goes_card_can_can() -> None:
    """[CARD-CAN-CAN] as Cat Balou: the Can Can itself is being used, not in play any more."""
    game = table(4)
    arrange(game, hands={0: ["bang-5c"]}, in_play={0: ["mustang-5h", "can-can-jc"]})
    when(game, 0, UseCard(card="can-can-jc", target=0))
    assert asked(game) == (0, DecisionKind.DISCARD_OWN)
    assert default(game) == Choose(target=0, pick="mustang-5h")


def test_given_phase_three_over_the_limit_when_the_player_times_out_then_his_own_cards_go_one_at_a_time_turn_discard() -> None:
    """[TURN-DISCARD] mandatory, down to his life: cards he holds, one at a time."""
    game = table(4)
    hand = ["missed-2s", "bang-kc", "beer-6h", "bang-5c"]
    arrange(game, hands={0: hand}, life={0: 2})
    time_out(game)
    assert asked(game) == (0, DecisionKind.DISCARD)
    discarded = []
    while asked(game) == (0, DecisionKind.DISCARD):
        action = default(game)
        assert isinstance(action, Discard)
        assert action.card in game.state.players[0].hand
        discarded.append(action.card)
        time_out(game)
    assert len(discarded) == 2
    assert sorted([*game.state.players[0].hand, *discarded]) == sorted(hand)
    assert game.state.discard_pile[-2:] == discarded
    assert game.state.turn.seat == 1


def test_given_a_seat_not_asked_when_its_default_is_sought_then_it_is_refused_flow_one_decider() -> None:
    """[FLOW-ONE-DECIDER] only the seat asked has a decision to take in its place."""
    game = table(4)
    with pytest.raises(RuleViolation) as refusal:
        BANG.default_action(game.state, 1, game.pending())
    assert refusal.value.rule == "FLOW-ONE-DECIDER"


# -- public grounds: twins that differ only in what the asked seat holds unseen --------------------

#: A scene built twice: from the asked seat's hand and its partner's, the game, the asked seat
#: and the partner (who holds the other twin's cards, so the draw pile is the same in both).
Scene = Callable[[list[str], list[str]], tuple[BangTestGame, int, int]]


def shot(hand: list[str], partner_hand: list[str]) -> tuple[BangTestGame, int, int]:
    """Ann shoots Bob (asked, holding ``hand``); Dee holds ``partner_hand``."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah", "stagecoach-9s"], 1: hand, 3: partner_hand})
    when(game, 0, PlayCard(card="bang-ah", target=1))
    return game, 1, 3


def duelled(hand: list[str], partner_hand: list[str]) -> tuple[BangTestGame, int, int]:
    """Ann challenges Cid (asked, holding ``hand``); Dee holds ``partner_hand``."""
    game = table(4)
    arrange(game, hands={0: ["duel-js", "beer-7h"], 2: hand, 3: partner_hand})
    when(game, 0, PlayCard(card="duel-js", target=2))
    return game, 2, 3


def raided(hand: list[str], partner_hand: list[str]) -> tuple[BangTestGame, int, int]:
    """Ann plays Indians!; Bob (asked first) holds ``hand``, Cid ``partner_hand``."""
    game = table(4)
    arrange(game, hands={0: ["indians-kd"], 1: hand, 2: partner_hand, 3: ["beer-7h"]})
    when(game, 0, PlayCard(card="indians-kd"))
    return game, 1, 2


def idle(hand: list[str], partner_hand: list[str]) -> tuple[BangTestGame, int, int]:
    """Ann (asked) at an idle moment of phase II holding ``hand``; Dee holds ``partner_hand``."""
    game = table(4)
    arrange(game, hands={0: hand, 3: partner_hand})
    return game, 0, 3


def balou_on_herself(hand: list[str], partner_hand: list[str]) -> tuple[BangTestGame, int, int]:
    """Ann (asked) played Cat Balou on herself, with ``hand`` left and two cards in play."""
    game = table(4)
    arrange(
        game,
        hands={0: ["cat-balou-8c", *hand], 3: partner_hand},
        in_play={0: ["mustang-5h", "barrel-ac"]},
    )
    when(game, 0, PlayCard(card="cat-balou-8c", target=0))
    return game, 0, 3


#: One hand could answer (a Missed!, a Dodge, a BANG!, a Beer), the other nothing at all.
READY = ["missed-2s", "bang-5c", "beer-6h"]
EMPTY_HANDED = ["panic-jh", "wells-fargo-3h", "saloon-5h"]


@pytest.mark.parametrize(
    ("scene", "kind"),
    [
        (shot, DecisionKind.HIT),
        (duelled, DecisionKind.DUEL),
        (raided, DecisionKind.INDIANS),
        (idle, DecisionKind.PLAY),
        (balou_on_herself, DecisionKind.DISCARD_OWN),
    ],
)
def test_given_twins_differing_only_in_the_asked_hand_when_every_seat_times_out_then_others_see_the_same_bytes_hidden_decline(
    scene: Scene, kind: DecisionKind
) -> None:
    """[HIDDEN-DECLINE], [HIDDEN-DUEL-INDIANS], [HIDDEN-HANDS]: the asked seat holds a card that
    could react in one twin and none in the other (the partner holds the swapped cards, so the
    draw pile is the same); every seat in turn takes its default until the next idle moment of a
    phase II. The defaults are the same, and every event, as the other seats and a spectator see
    it, is byte-identical."""
    games = [scene(READY, EMPTY_HANDED), scene(EMPTY_HANDED, READY)]
    (first, asked_seat, partner), (second, _, _) = games
    assert asked(first) == asked(second) == (asked_seat, kind)
    viewers = [seat for seat in range(4) if seat not in {asked_seat, partner}] + [SPECTATOR]
    for _ in range(20):
        assert awaited(first) == awaited(second)
        assert default(first) == default(second)
        recorded = [time_out(first), time_out(second)]
        for viewer in viewers:
            seen = [[msgspec.json.encode(BANG.event_view(e, viewer, game_ended=False)) for e in events] for events in recorded]
            assert seen[0] == seen[1], viewer
        if asked(first) == (first.state.turn.seat, DecisionKind.PLAY):
            break
    assert asked(first) == (first.state.turn.seat, DecisionKind.PLAY)
    assert first.state.players[asked_seat].hand != second.state.players[asked_seat].hand


HAND_OF_FIVE = ["missed-2s", "bang-kc", "beer-6h", "bang-5c", "dodge-7d"]


def test_given_a_hand_held_in_another_order_when_discarding_to_the_limit_then_the_same_cards_go_turn_discard() -> None:
    """[TURN-DISCARD], [HIDDEN-HANDS]: the forced discards do not follow the order the cards were
    drawn in, which nobody else saw; and a timeout re-run (``verify``) discards the same."""
    discarded = [discarded_to_the_limit(order) for order in (HAND_OF_FIVE, HAND_OF_FIVE[::-1], HAND_OF_FIVE)]
    assert discarded[0] == discarded[1] == discarded[2]
    assert len(discarded[0]) == 2
    assert set(discarded[0]) <= set(HAND_OF_FIVE)


def test_given_discards_to_the_limit_when_the_seed_differs_then_every_card_goes_for_some_seed_turn_discard() -> None:
    """[TURN-DISCARD], [HIDDEN-HANDS]: not a fixed order of the cards in disguise, which would
    tell the others that no card earlier in it was held: over forty seeds, several sets of two
    go, and each card of the hand is among them for some seed."""
    sets = {frozenset(discarded_to_the_limit(HAND_OF_FIVE, seed=f"seed {n}")) for n in range(40)}
    assert len(sets) > 1
    assert set().union(*sets) == set(HAND_OF_FIVE)


def test_given_discards_to_the_limit_when_the_player_chose_one_of_them_then_the_timeout_takes_the_rest_of_one_drawn_set_turn_discard() -> (
    None
):
    """[TURN-DISCARD]: the cards go as one drawn set. Had the player himself discarded the second
    card the default would take, a timeout takes the first: the same two cards go."""
    first, second = discarded_to_the_limit(HAND_OF_FIVE)
    game = table(4)
    arrange(game, hands={0: HAND_OF_FIVE}, life={0: 3})
    time_out(game)
    when(game, 0, Discard(card=second))
    assert default(game) == Discard(card=first)


# -- random playouts ---------------------------------------------------------------------------

MAX_STEPS = 20_000


def random_game(seed: int, seats: int) -> Game[BangState, BangAction, BangDecision]:
    """``seats`` seats, some variants on ([VAR-*]), a real shuffle from the seed."""
    chance = random.Random(f"variants {seed}")
    variants = {f.name: chance.random() < 0.3 for f in msgspec.structs.fields(BangSettings)}
    game = Game.create(
        UUID(int=seats * 1000 + seed),
        BANG,
        seed=f"defaults-{seed}",
        seats=seats,
        settings=BangSettings(**variants),
    )
    for name in NAMES[:seats]:
        game.join(name)
    game.start()
    return game


def dry_run(game: Game[BangState, BangAction, BangDecision], seat: int, action: BangAction) -> None:
    """Act ``action`` on a copy of ``game``; raises what ``act`` raises."""
    twin: Game[BangState, BangAction, BangDecision] = Game(game.id, BANG)
    twin.state = copy.deepcopy(game.state)
    twin.version = game.version
    twin.act(seat, action)


def asked_seat(game: Game[BangState, BangAction, BangDecision]) -> int:
    pending = game.pending()
    assert pending, "a running game waits for somebody"
    return pending[0].seat


def test_given_seeded_random_playouts_when_any_asked_seat_times_out_then_its_default_is_legal_and_acted_flow_decisions() -> None:
    """[FLOW-DECISIONS], [FLOW-ONE-DECIDER]: at every step of 40 random games the asked seat's
    default is one of its legal actions and ``act`` takes it (on a copy, or for real about one
    step in three); every decision kind comes up."""
    kinds: Counter[DecisionKind] = Counter()
    for seed in range(40):
        game = random_game(seed, 3 + seed % 5)
        choose = random.Random(seed)
        for _ in range(MAX_STEPS):
            if game.is_over:
                break
            seat = asked_seat(game)
            kinds[game.pending()[0].kind] += 1
            action = BANG.default_action(game.state, seat, game.pending())
            assert BANG.is_legal(game.state, seat, action, game.pending()), (seed, action)
            assert action in game.legal_actions(seat), (seed, action)
            if choose.random() < 0.3:
                game.act(seat, action)
            else:
                dry_run(game, seat, action)
                game.act(seat, choose.choice(game.legal_actions(seat)))
        assert game.is_over, seed
    assert set(kinds) == set(DecisionKind)


def with_unseen_hand(state: BangState, seat: int) -> BangState | None:
    """A copy of ``state`` in which ``seat`` holds as many other cards, swapped with the top of
    the draw pile: what nobody else sees differs, everything public is the same."""
    hand = state.players[seat].hand
    if len(state.draw_pile) < len(hand):
        return None
    twin = copy.deepcopy(state)
    twin.players[seat].hand = twin.draw_pile[: len(hand)]
    twin.draw_pile = [*hand, *twin.draw_pile[len(hand) :]]
    return twin


def test_given_seeded_random_playouts_when_the_asked_hand_is_swapped_for_unseen_cards_then_the_default_is_the_same_hidden_decline() -> None:
    """[HIDDEN-DECLINE], [HIDDEN-HANDS]: at every step of 20 random games, the asked seat's
    default is the same whatever its hand holds, as long as the hand's size is the same. Only a
    discard the rules force on its own hidden cards names other cards, and is still a discard
    ([TURN-DISCARD]; [CARD-CAT-BALOU] on oneself with nothing in play)."""
    for seed in range(20):
        game = random_game(seed, 3 + seed % 5)
        choose = random.Random(f"unseen {seed}")
        for _ in range(MAX_STEPS):
            if game.is_over:
                break
            pending = game.pending()
            decision = pending[0]
            action = BANG.default_action(game.state, decision.seat, pending)
            twin = with_unseen_hand(game.state, decision.seat)
            if twin is not None:
                assert BANG.pending(twin) == pending
                other = BANG.default_action(twin, decision.seat, pending)
                assert BANG.is_legal(twin, decision.seat, other, pending)
                names_own_hand = decision.kind is DecisionKind.DISCARD or (
                    decision.kind is DecisionKind.DISCARD_OWN and not game.state.players[decision.seat].in_play
                )
                if names_own_hand:
                    assert type(other) is type(action), (seed, action, other)
                else:
                    assert other == action, (seed, decision, action, other)
            game.act(decision.seat, choose.choice(game.legal_actions(decision.seat)))
        assert game.is_over, seed


@pytest.mark.parametrize("seats", [3, 4, 5, 6, 7])
def test_given_one_seat_that_always_times_out_when_the_others_play_at_random_then_the_game_ends_flow_decisions(
    seats: int,
) -> None:
    """[FLOW-DECISIONS]: a seat whose every decision is its default never stalls the game; the
    game reaches its end ([END-*]) with that seat's defaults acted for real."""
    for seed in range(8):
        game = random_game(seed, seats)
        idle_seat = seed % seats
        choose = random.Random(f"always {seed}")
        defaults: Counter[str] = Counter()
        for _ in range(MAX_STEPS):
            if game.is_over:
                break
            seat = asked_seat(game)
            if seat == idle_seat:
                action = BANG.default_action(game.state, seat, game.pending())
                defaults[type(action).__name__] += 1
            else:
                action = choose.choice(game.legal_actions(seat))
            game.act(seat, action)
        assert game.is_over, seed
        assert defaults, seed
