"""The decisions the rules take in a seat's place when its time runs out (``rules/defaults.py``,
READINGS.md "Default decisions"): one test per kind of decision that the default is legal there
and is the one the table names (a card of the seat's own: one it may name, drawn from the secret
seed, the same for the same state whatever the hand's order, and not the same for every seed);
random playouts in which every asked seat's default is legal and accepted at every step; and twin
games that differ only in one seat's hidden cards, where the default is the same and shows others
the same, byte for byte ([SEE-PRIVATE]).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from uuid import UUID

import msgspec
import pytest
from domain.dodgecity.actions import (
    Action,
    Challenge,
    ChooseRecipient,
    CommitCard,
    Done,
    EndTurn,
    GiveStone,
    Pass,
    PlaceStone,
    PlayCard,
    RemoveStone,
    SellStone,
)
from domain.dodgecity.decisions import DecisionKind
from domain.dodgecity.figures import Figure
from domain.dodgecity.rules.versions import RULES_1_0
from domain.dodgecity.ruleset import DODGECITY, RULES_VERSION, DodgeCityGame, open_game
from domain.errors import RuleViolation
from domain.events.dodgecity import (
    CardPlayed,
    CardResolved,
    ChallengePassed,
    DomainEvent,
    PassReason,
    RecipientChosen,
    StartCardCommitted,
    StoneRemovalDeclined,
    StoneRemoved,
    StoneSold,
    StoneTransferred,
    TurnEnded,
    Variants,
)

from tests.builders import (
    BANDIT_5,
    BANDIT_6,
    BANDIT_7,
    COWBOY_5,
    COWBOY_6,
    COWBOY_7,
    COWBOY_PIC_2,
    GUNMAN_5,
    GUNMAN_7,
    INDIAN_1,
    INDIAN_2,
    LADY_5,
    LADY_6,
    LADY_7,
    QUESTION_1,
    QUESTION_2,
    SHERIFF_5,
    SHERIFF_6,
    SHERIFF_7,
    commit_start,
    money,
    new_game,
    only,
    stones,
    when,
)
from tests.rulesets.dodgecity.test_duel_round import duel_game, play_to_duel_round, share
from tests.rulesets.dodgecity.test_duel_secrets import (
    ALL_INDIANS,
    INDIAN_AND_LADY,
    INDIAN_AND_LADY_6,
    TWO_LADIES,
    TwoCards,
    forced_indian_twins,
    two_card_hand_game,
)

#: What seats 1 and 2 hold in every game of the setting round and event tests here, in full, so
#: that twins differing in seat 0's cards deal them the same hands.
OTHER_HANDS = {1: [COWBOY_6, BANDIT_5, SHERIFF_5, GUNMAN_5], 2: [COWBOY_7, BANDIT_6, SHERIFF_6, LADY_5]}
#: Seat 0's cards beside its LADY_7 (it starts) and its "?": other ones in either twin.
SPARE_CARDS = ((COWBOY_5, BANDIT_7), (INDIAN_2, GUNMAN_7))
START = {0: LADY_7, 1: COWBOY_6, 2: COWBOY_7}

VIEWERS: tuple[int | None, ...] = (1, 2, None)


# -- helpers -------------------------------------------------------------------------------------


def default(game: DodgeCityGame, seat: int) -> Action:
    """The default the rules would take for ``seat`` now; then: it is one of its legal actions."""
    pending = game.pending()
    action = DODGECITY.default_action(game.state, seat, pending)
    assert DODGECITY.is_legal(game.state, seat, action, pending), (action, pending)
    assert action in game.legal_actions(seat)
    return action


def asked(game: DodgeCityGame, seat: int) -> DecisionKind:
    return next(d.kind for d in game.pending() if d.seat == seat)


def card_named(action: Action) -> str:
    assert isinstance(action, CommitCard | PlayCard), action
    return action.card


def default_in(game: DodgeCityGame, seat: int, *, seed: str | None = None, reverse_hand: bool = False) -> Action:
    """The default ``seat`` would be given in a copy of ``game``'s state whose seed is ``seed``
    (the game's own if None) and whose hand is held in reverse order if ``reverse_hand``."""
    state = copy.deepcopy(game.state)
    if seed is not None:
        state.seed = seed
    if reverse_hand:
        state.players[seat].hand.reverse()
    pending = game.pending()
    action = DODGECITY.default_action(state, seat, pending)
    assert DODGECITY.is_legal(state, seat, action, pending), (action, pending)
    return action


def reseeded(game: DodgeCityGame, seed: str) -> DodgeCityGame:
    """The same game, its secret seed replaced (the defaults still to come draw from it)."""
    game.state.seed = seed
    return game


def setting_game(cards: Sequence[str], *, event: str = "E20", spare: int = 0) -> DodgeCityGame:
    """Given: seat 0 holds LADY_7 (so it starts) and ``cards`` (filled up with one set of spare
    cards); seats 1 and 2 hold ``OTHER_HANDS``; ``event`` tops the event pile."""
    hand = [LADY_7, *cards, *SPARE_CARDS[spare]][:4]
    return new_game(3, hands={0: hand, **OTHER_HANDS}, events=[event])


def setting_turn(game: DodgeCityGame) -> list[DomainEvent]:
    """When: the start round is played; seat 0 starts its setting turn."""
    return commit_start(game, START)


def question_game(event: str, spare: int = 0) -> DodgeCityGame:
    """Given: seat 0 will play its "?" in its setting turn and draw ``event``."""
    return setting_game([QUESTION_1], event=event, spare=spare)


def play_question(game: DodgeCityGame) -> list[DomainEvent]:
    return setting_turn(game) + when(game, 0, PlayCard(card=QUESTION_1))


def seen_by_others(events: Sequence[DomainEvent]) -> list[bytes]:
    """What seats 1, 2 and a spectator are shown of ``events``, encoded."""
    return [msgspec.json.encode([DODGECITY.event_view(e, viewer, game_ended=False) for e in events]) for viewer in VIEWERS]


# -- one test per kind of decision ---------------------------------------------------------------


@pytest.mark.rule("START-COMMIT")
@pytest.mark.rule("START-NO-INDIAN")
@pytest.mark.parametrize(
    ("hand", "candidates"),
    [
        ([LADY_7, SHERIFF_5, COWBOY_6, COWBOY_5], {LADY_7, SHERIFF_5, COWBOY_6, COWBOY_5}),
        ([LADY_7, COWBOY_5, QUESTION_2, INDIAN_1], {LADY_7, COWBOY_5, QUESTION_2}),
    ],
    ids=["any-card", "an-indian-not-allowed"],
)
def test_START_COMMIT_given_a_start_hand_when_time_runs_out_then_a_card_it_may_commit_is_committed(
    hand: list[str], candidates: set[str]
) -> None:
    game = new_game(3, hands={0: hand})
    assert asked(game, 0) is DecisionKind.COMMIT_START_CARD

    action = default(game, 0)

    assert card_named(action) in candidates
    assert only(when(game, 0, action), StartCardCommitted).card == card_named(action)


@pytest.mark.rule("SET-PLAY")
@pytest.mark.rule("PASS-ONE-CARD")
def test_SET_PLAY_given_a_setting_turn_when_time_runs_out_then_a_card_in_hand_is_played() -> None:
    game = setting_game([SHERIFF_7, QUESTION_1, INDIAN_1])
    setting_turn(game)
    assert asked(game, 0) is DecisionKind.PLAY_CARD
    hand = set(game.state.players[0].hand)

    action = default(game, 0)

    assert isinstance(action, PlayCard)
    assert action.card in hand
    assert only(when(game, 0, action), CardPlayed).card == action.card


@pytest.mark.rule("SET-PICTURE")
def test_SET_PICTURE_given_picture_stones_to_place_when_time_runs_out_then_done_forfeits_them() -> None:
    game = setting_game([COWBOY_PIC_2])
    stones(game, 1, "saloon", [(0, 3)], Figure.COWBOY)
    setting_turn(game)
    when(game, 0, PlayCard(card=COWBOY_PIC_2))
    assert asked(game, 0) is DecisionKind.PLACE_PICTURE_STONES

    action = default(game, 0)

    assert action == Done()
    assert only(when(game, 0, action), CardResolved).forfeited == 2


@pytest.mark.rule("SET-INDIAN")
def test_SET_INDIAN_given_opposing_stones_to_remove_when_time_runs_out_then_done_removes_none() -> None:
    game = setting_game([INDIAN_1])
    stones(game, 1, "saloon", [(0, 3)])
    setting_turn(game)
    when(game, 0, PlayCard(card=INDIAN_1))
    assert asked(game, 0) is DecisionKind.REMOVE_OPPOSING_STONES

    action = default(game, 0)

    assert action == Done()
    events = when(game, 0, action)
    assert only(events, CardResolved).forfeited == 3
    assert game.state.buildings["saloon"].stones == {(0, 3): 1}


@pytest.mark.rule("SET-END")
def test_SET_END_given_stones_to_buy_when_time_runs_out_then_the_turn_ends_with_none_bought() -> None:
    game = setting_game([SHERIFF_7])
    setting_turn(game)
    when(game, 0, PlayCard(card=SHERIFF_7))
    assert asked(game, 0) is DecisionKind.BUY_STONES

    action = default(game, 0)

    assert action == EndTurn()
    assert only(when(game, 0, action), TurnEnded).seat == 0
    assert game.state.players[0].on_board == 0


@pytest.mark.rule("DUEL-COMMIT")
@pytest.mark.rule("DUEL-NO-INDIAN")
@pytest.mark.parametrize(
    ("cards", "candidates"),
    [(TWO_LADIES, {LADY_5, LADY_6}), (INDIAN_AND_LADY_6, {LADY_6}), (ALL_INDIANS, {INDIAN_1, INDIAN_2})],
    ids=["either-of-two-ladies", "the-card-other-than-the-indian", "a-forced-indian"],
)
def test_DUEL_COMMIT_given_two_cards_in_the_duel_round_when_time_runs_out_then_a_card_it_may_commit_is_committed(
    cards: TwoCards, candidates: set[str]
) -> None:
    game = two_card_hand_game(cards, RULES_VERSION)
    play_to_duel_round(game)
    assert asked(game, 0) is DecisionKind.COMMIT_DUEL_CARD

    action = default(game, 0)

    assert card_named(action) in candidates
    when(game, 0, action)
    assert game.state.commitments[0] == card_named(action)


def start_scene() -> DodgeCityGame:
    """Given: seat 0 may commit any of three start cards (not its Indian)."""
    return new_game(3, hands={0: [LADY_7, COWBOY_5, QUESTION_2, INDIAN_1]})


def play_scene() -> DodgeCityGame:
    """Given: seat 0 may play any of its three cards in its setting turn."""
    game = setting_game([SHERIFF_7, QUESTION_1, INDIAN_1])
    setting_turn(game)
    return game


def duel_scene() -> DodgeCityGame:
    """Given: seat 0 may commit either of its two Ladies in the duel round."""
    game = two_card_hand_game(TWO_LADIES, RULES_VERSION)
    play_to_duel_round(game)
    return game


CARD_SCENES = pytest.mark.parametrize(
    ("scene", "kind"),
    [
        (start_scene, DecisionKind.COMMIT_START_CARD),
        (play_scene, DecisionKind.PLAY_CARD),
        (duel_scene, DecisionKind.COMMIT_DUEL_CARD),
    ],
    ids=["commit-start", "play", "commit-duel"],
)


@pytest.mark.rule("SEE-PRIVATE")
@CARD_SCENES
def test_SEE_PRIVATE_given_a_card_to_name_when_time_runs_out_twice_on_the_same_state_then_the_same_card_whatever_the_hands_order(
    scene: Callable[[], DodgeCityGame], kind: DecisionKind
) -> None:
    game = scene()
    assert asked(game, 0) is kind

    first = default(game, 0)

    assert default(game, 0) == first == default_in(game, 0)
    assert default_in(game, 0, reverse_hand=True) == first


@pytest.mark.rule("SEE-PRIVATE")
@CARD_SCENES
def test_SEE_PRIVATE_given_a_card_to_name_when_the_seed_differs_then_every_card_it_may_name_is_drawn_for_some_seed(
    scene: Callable[[], DodgeCityGame], kind: DecisionKind
) -> None:
    """Not a fixed order in disguise: over forty seeds, every card it may name comes up."""
    game = scene()
    assert asked(game, 0) is kind
    candidates = {card_named(action) for action in game.legal_actions(0)}
    assert len(candidates) > 1

    drawn = {card_named(default_in(game, 0, seed=f"seed {n}")) for n in range(40)}

    assert drawn == candidates


def compulsory_chain_game() -> DodgeCityGame:
    """Given: seat 1 starts the duel round and must challenge: seat 0 shares the Post Office with
    it, seat 2 the Saloon and the Hotel; seat 1 holds the best card."""
    game = duel_game({0: SHERIFF_5, 1: LADY_5, 2: GUNMAN_5}, start_player=1)
    stones(game, 1, "post", [(1, 1)], Figure.SHERIFF)
    stones(game, 0, "post", [(1, 2)])
    stones(game, 1, "hotel", [(0, 1)], Figure.BANDIT)
    stones(game, 2, "hotel", [(0, 3)])
    share(game, "saloon", {1: [(0, 1)], 2: [(0, 3)]})
    play_to_duel_round(game)
    return game


@pytest.mark.rule("DUEL-CHAIN")
def test_DUEL_CHAIN_given_a_compulsory_challenge_when_time_runs_out_then_the_first_opponent_clockwise_is_challenged_over_the_first_building() -> (
    None
):
    game = compulsory_chain_game()
    assert asked(game, 1) is DecisionKind.CHALLENGE

    action = default(game, 1)

    # Seat 2 sits next clockwise of seat 1 (seat 0 is the lower seat); the Saloon comes before
    # the Hotel in board order.
    assert action == Challenge(opponent=2, building="saloon")
    when(game, 1, action)
    assert game.state.duel is not None
    assert game.state.duel.winner == 1


@pytest.mark.rule("DUEL-CHAIN")
@pytest.mark.rule("VAR")
def test_DUEL_CHAIN_given_a_player_may_pass_when_time_runs_out_then_he_passes() -> None:
    game = duel_game({0: LADY_5, 1: GUNMAN_5, 2: SHERIFF_5}, variants=Variants(challenge_optional=True))
    share(game, "saloon", {0: [(0, 1)], 1: [(0, 3)]})
    play_to_duel_round(game)
    assert asked(game, 0) is DecisionKind.CHALLENGE

    action = default(game, 0)

    assert action == Pass()
    assert only(when(game, 0, action), ChallengePassed).reason is PassReason.CHOSE_TO_PASS


@pytest.mark.rule("DUEL-WIN")
def test_DUEL_WIN_given_the_winner_may_take_a_stone_when_time_runs_out_then_he_takes_none() -> None:
    game = compulsory_chain_game()
    when(game, 1, Challenge(opponent=2, building="saloon"))
    assert asked(game, 1) is DecisionKind.REMOVE_LOSER_STONE

    action = default(game, 1)

    assert action == Done()
    assert only(when(game, 1, action), StoneRemovalDeclined).seat == 1
    assert game.state.buildings["saloon"].stones[(0, 3)] == 2


def transfer_game(spare: int = 0) -> DodgeCityGame:
    """Given: seat 1 commits a "?" in the start round and draws E06 (two cowboys join an
    opponent); it has a cowboy in the Hotel and one in the Post Office, and spare cards in hand."""
    game = new_game(
        3,
        hands={0: [LADY_7, BANDIT_5, SHERIFF_5, SHERIFF_7], 1: [QUESTION_1, *SPARE_CARDS[spare], GUNMAN_5], 2: OTHER_HANDS[2]},
        events=["E06"],
    )
    stones(game, 1, "hotel", [(0, 1)], Figure.COWBOY)
    stones(game, 1, "post", [(1, 1)], Figure.COWBOY)
    commit_start(game, {0: LADY_7, 1: QUESTION_1, 2: COWBOY_7})
    return game


@pytest.mark.rule("EVENT-TRANSFER")
def test_EVENT_TRANSFER_given_a_recipient_to_choose_when_time_runs_out_then_the_first_opponent_clockwise_receives() -> None:
    game = transfer_game()
    assert asked(game, 1) is DecisionKind.CHOOSE_RECIPIENT

    action = default(game, 1)

    assert action == ChooseRecipient(seat=2)  # next clockwise of seat 1; seat 0 is the lower seat
    assert only(when(game, 1, action), RecipientChosen).recipient == 2


@pytest.mark.rule("EVENT-TRANSFER")
def test_EVENT_TRANSFER_given_stones_to_give_when_time_runs_out_then_the_first_in_board_order_goes_first() -> None:
    game = transfer_game()
    when(game, 1, ChooseRecipient(seat=2))
    assert asked(game, 1) is DecisionKind.GIVE_STONES

    first = default(game, 1)
    when(game, 1, first)
    second = default(game, 1)

    # The Post Office comes before the Hotel in board order (not in the order of their ids).
    assert (first, second) == (GiveStone(building="post", row=1, col=1), GiveStone(building="hotel", row=0, col=1))
    events = when(game, 1, second)
    assert only(events, StoneTransferred).recipient == 2


@pytest.mark.rule("EVENT-STONES")
@pytest.mark.rule("EVENT-MANDATORY")
@pytest.mark.rule("PLACE-CLAIM")
@pytest.mark.parametrize(
    ("event", "expected"),
    [
        ("E03", PlaceStone(building="saloon", row=0, col=1, figure=Figure.GUNMAN)),
        ("E11", PlaceStone(building="saloon", row=0, col=1, figure=Figure.LADY)),
        ("E13", Done()),
    ],
    ids=["a-fixed-figure-first-field", "a-free-figure-lady-first", "an-optional-clause-declined"],
)
def test_EVENT_STONES_given_event_stones_to_place_when_time_runs_out_then_the_first_field_takes_them_unless_optional(
    event: str, expected: Action
) -> None:
    game = question_game(event)
    stones(game, 1, "post", [(1, 1)], Figure.SHERIFF)
    play_question(game)
    assert asked(game, 0) is DecisionKind.PLACE_EVENT_STONES

    action = default(game, 0)

    assert action == expected
    when(game, 0, action)


def own_stones_game(event: str, spare: int = 0) -> DodgeCityGame:
    """Given: seat 0 will draw ``event``; it has a stone in the Hotel and one in the Post Office."""
    game = question_game(event, spare)
    stones(game, 0, "hotel", [(0, 1)], Figure.COWBOY)
    stones(game, 0, "post", [(1, 1)], Figure.SHERIFF)
    return game


@pytest.mark.rule("EVENT-RESOLVE")
def test_EVENT_RESOLVE_given_an_own_stone_to_remove_when_time_runs_out_then_the_first_in_board_order_is_removed() -> None:
    game = own_stones_game("E29")
    play_question(game)
    assert asked(game, 0) is DecisionKind.REMOVE_OWN_STONES

    action = default(game, 0)

    assert action == RemoveStone(building="post", row=1, col=1)
    assert only(when(game, 0, action), StoneRemoved).building == "post"


@pytest.mark.rule("EVENT-SELL")
def test_EVENT_SELL_given_a_debt_to_sell_for_when_time_runs_out_then_the_first_stone_in_board_order_is_sold() -> None:
    game = own_stones_game("E08")  # pay $500
    money(game, 0, 100)
    play_question(game)
    assert asked(game, 0) is DecisionKind.SELL_STONES

    action = default(game, 0)

    assert action == SellStone(building="post", row=1, col=1)
    assert only(when(game, 0, action), StoneSold).amount == 100


@pytest.mark.rule("PASS-ORDER")
def test_PASS_ORDER_given_a_seat_not_asked_when_its_default_is_asked_for_then_refused() -> None:
    game = setting_game([SHERIFF_7])
    setting_turn(game)

    with pytest.raises(RuleViolation) as refusal:
        DODGECITY.default_action(game.state, 1, game.pending())

    assert refusal.value.rule == "PASS-ORDER"


# -- random playouts -----------------------------------------------------------------------------

#: (seats, variants, rules version) of the random games: every seat count, both readings of
#: the challenge and of picture stones, and the older rules still played.
PLAYOUTS = [
    (2 + index % 4, Variants(challenge_optional=index % 2 == 1, picture_may_claim=index % 3 == 0), version)
    for index, version in enumerate([RULES_VERSION] * 14 + [RULES_1_0] * 2)
]


def test_given_random_playouts_when_any_asked_seat_times_out_at_any_step_then_its_default_is_legal_and_accepted() -> None:
    acted: set[DecisionKind] = set()
    for index, (seats, variants, version) in enumerate(PLAYOUTS):
        choose = random.Random(f"defaults {index}")
        game = open_game(UUID(int=index), seed=f"defaults {index}", max_players=seats, variants=variants, rules_version=version)
        for seat in range(seats):
            game.join(f"p{seat}")
        game.start()
        game.collect_events()
        while not game.is_over:
            defaults = {seat: default(game, seat) for seat in range(seats) if game.legal_actions(seat)}
            actor, by_default = choose.choice(sorted(defaults)), choose.random() < 0.5
            for seat, action in defaults.items():
                acted.add(asked(game, seat))
                if seat != actor or not by_default:
                    copy.deepcopy(game).act(seat, action)  # accepted: raises nothing
            game.act(actor, defaults[actor] if by_default else choose.choice(game.legal_actions(actor)))
            game.collect_events()
    assert acted == set(DecisionKind)


# -- public grounds: twins differing only in one seat's hidden cards -----------------------------


@pytest.mark.rule("SEE-PRIVATE")
@pytest.mark.rule("START-COMMIT")
@pytest.mark.parametrize("seed", ["test", "seed 1", "seed 2", "seed 3"])
def test_SEE_PRIVATE_given_twin_start_hands_when_time_runs_out_then_others_see_the_default_commitments_byte_for_byte_alike(
    seed: str,
) -> None:
    twins = [
        reseeded(new_game(3, hands={0: hand, **OTHER_HANDS}), seed)
        for hand in ([LADY_7, COWBOY_5, QUESTION_1, INDIAN_1], [LADY_6, BANDIT_7, GUNMAN_7, INDIAN_2])
    ]

    actions = [default(game, 0) for game in twins]
    recorded = [when(game, 0, action) for game, action in zip(twins, actions, strict=True)]

    assert all(isinstance(action, CommitCard) for action in actions)
    assert actions[0] != actions[1]  # the twins really differ
    assert seen_by_others(recorded[0]) == seen_by_others(recorded[1])


@pytest.mark.rule("SEE-PRIVATE")
@pytest.mark.rule("DUEL-COMMIT")
@pytest.mark.parametrize(
    ("one", "other"),
    [(INDIAN_AND_LADY_6, TWO_LADIES), (ALL_INDIANS, INDIAN_AND_LADY)],
    ids=["indian-and-lady-or-two-ladies", "indians-or-indian-and-lady"],
)
@pytest.mark.parametrize("seed", ["test", "seed 1", "seed 2", "seed 3"])
def test_SEE_PRIVATE_given_twin_duel_hands_when_time_runs_out_then_others_see_the_default_commitments_byte_for_byte_alike(
    one: TwoCards, other: TwoCards, seed: str
) -> None:
    twins = [two_card_hand_game(cards, RULES_VERSION) for cards in (one, other)]
    for game in twins:
        play_to_duel_round(reseeded(game, seed))
    assert twins[0].state.players[0].hand != twins[1].state.players[0].hand  # the twins really differ

    actions = [default(game, 0) for game in twins]
    recorded = [when(game, 0, action) for game, action in zip(twins, actions, strict=True)]

    assert all(isinstance(action, CommitCard) for action in actions)
    assert seen_by_others(recorded[0]) == seen_by_others(recorded[1])


@pytest.mark.rule("SEE-PRIVATE")
@pytest.mark.rule("DUEL-NO-INDIAN")
def test_SEE_PRIVATE_given_twins_with_and_without_a_forced_indian_when_time_runs_out_in_the_chain_then_both_pass_alike() -> None:
    twins = forced_indian_twins(RULES_VERSION)
    for game in twins:
        play_to_duel_round(game)

    actions = [default(game, 0) for game in twins]
    recorded = [when(game, 0, action) for game, action in zip(twins, actions, strict=True)]

    assert actions == [Pass(), Pass()]
    assert twins[0].state.commitments[0] != twins[1].state.commitments[0]  # the twins really differ
    assert seen_by_others(recorded[0]) == seen_by_others(recorded[1])


def setting_twins(cards: Sequence[str], event: str = "E20") -> list[DodgeCityGame]:
    return [setting_game(cards, event=event, spare=spare) for spare in (0, 1)]


def event_twins(event: str) -> list[DodgeCityGame]:
    twins = [own_stones_game(event, spare) for spare in (0, 1)]
    for game in twins:
        money(game, 0, 100)
        play_question(game)
    return twins


def buying_twins() -> list[DodgeCityGame]:
    twins = setting_twins([SHERIFF_7])
    for game in twins:
        setting_turn(game)
        when(game, 0, PlayCard(card=SHERIFF_7))
    return twins


def transfer_twins() -> list[DodgeCityGame]:
    return [transfer_game(spare) for spare in (0, 1)]


@pytest.mark.rule("SEE-PRIVATE")
@pytest.mark.parametrize(
    ("make_twins", "seat", "kind"),
    [
        (buying_twins, 0, DecisionKind.BUY_STONES),
        (lambda: event_twins("E29"), 0, DecisionKind.REMOVE_OWN_STONES),
        (lambda: event_twins("E08"), 0, DecisionKind.SELL_STONES),
        (lambda: event_twins("E03"), 0, DecisionKind.PLACE_EVENT_STONES),
        (transfer_twins, 1, DecisionKind.CHOOSE_RECIPIENT),
    ],
    ids=["buy", "remove-own", "sell", "place-event", "recipient"],
)
def test_SEE_PRIVATE_given_twins_differing_in_the_seats_hand_when_time_runs_out_then_the_default_and_what_others_see_of_it_are_alike(
    make_twins: Callable[[], list[DodgeCityGame]], seat: int, kind: DecisionKind
) -> None:
    twins = make_twins()
    assert twins[0].state.players[seat].hand != twins[1].state.players[seat].hand
    assert [asked(game, seat) for game in twins] == [kind, kind]

    actions = [default(game, seat) for game in twins]
    recorded = [when(game, seat, action) for game, action in zip(twins, actions, strict=True)]

    assert actions[0] == actions[1]
    assert seen_by_others(recorded[0]) == seen_by_others(recorded[1])


@pytest.mark.rule("SEE-PRIVATE")
@pytest.mark.rule("SET-PLAY")
def test_SEE_PRIVATE_given_twins_differing_in_the_hand_when_time_runs_out_in_a_setting_turn_then_both_play_a_card() -> None:
    twins = setting_twins([SHERIFF_7])  # seat 0: LADY_7, SHERIFF_7 and either pair of spare cards
    for game in twins:
        setting_turn(game)

    hands = [set(game.state.players[0].hand) for game in twins]

    actions = [default(game, 0) for game in twins]

    # A card is played either way, face up: one of each hand's own, drawn from the secret seed.
    assert all(isinstance(action, PlayCard) for action in actions)
    assert [card_named(action) in hand for action, hand in zip(actions, hands, strict=True)] == [True, True]
