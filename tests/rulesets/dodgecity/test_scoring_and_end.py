"""Scoring and the end of the game (RULES.md [SCORE-BUILDING] and section 10, [END-*]), and the
variants a game can be created with (section 11, [VAR]).

Scoring: the sole controller of a building takes its value disc and the rent, its stones go home
and it closes; other buildings carry over with their stones; a dispute loser is excluded. The end:
6 points after scoring, a closed board (even in the middle of a round), the pass limit, the final
tie duel, and every action refused afterwards.

Every test plays real passes: each seat commits its first card in the start round, then plays a
number card and buys nothing in each setting turn, and its last card is its duel card. Stones are
placed beforehand where a test needs them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from uuid import UUID

import pytest
from domain.aggregates.game import project_game
from domain.dodgecity.actions import (
    BuyStone,
    Challenge,
    CommitCard,
    Done,
    EndTurn,
    Pass,
    PlaceStone,
    PlayCard,
    RemoveStone,
)
from domain.dodgecity.catalog import deck
from domain.dodgecity.decisions import Decision, DecisionKind
from domain.dodgecity.figures import Figure
from domain.dodgecity.ruleset import RULES_VERSION, DodgeCityGame, empty_game, open_game
from domain.dodgecity.state import BuildingStatus, DiscardedCard
from domain.errors import RuleViolation
from domain.events.dodgecity import (
    BuildingClaimed,
    BuildingNeutralised,
    BuildingScored,
    CardResolved,
    DomainEvent,
    EndReason,
    EventCardDrawn,
    GameCreated,
    GameEnded,
    PassBegan,
    StonePlaced,
    TieDuelCardDrawn,
    TurnEnded,
    Variants,
)
from domain.events.dodgecity.values import Cell, Stage

from tests.builders import (
    BANDIT_5,
    BANDIT_6,
    BANDIT_7,
    BANDIT_PIC_2,
    BANDIT_PIC_3,
    COWBOY_5,
    COWBOY_6,
    COWBOY_7,
    COWBOY_PIC_3,
    GUNMAN_5,
    GUNMAN_6,
    GUNMAN_7,
    GUNMAN_PIC_2,
    GUNMAN_PIC_3,
    INDIAN_1,
    LADY_5,
    LADY_6,
    LADY_7,
    LADY_PIC_2,
    LADY_PIC_3,
    QUESTION_1,
    QUESTION_2,
    SHERIFF_5,
    SHERIFF_6,
    SHERIFF_7,
    SHERIFF_PIC_2,
    SHERIFF_PIC_3,
    commit_start,
    given,
    names,
    new_game,
    of_type,
    only,
    refused,
    stones,
    when,
)

# -- arranged hands -------------------------------------------------------------------------------

#: Start card, two setting cards (number cards: $1000, $1200, $1400 in total) and duel card.
PASS_1_HANDS: dict[int, list[str]] = {
    0: [LADY_7, COWBOY_5, BANDIT_5, LADY_5],
    1: [GUNMAN_7, COWBOY_6, BANDIT_6, GUNMAN_5],
    2: [SHERIFF_7, COWBOY_7, BANDIT_7, SHERIFF_5],
}
#: Hands for a second pass, dealt from the top of the draw pile (seat 0 first, 4 cards each).
PASS_2_HANDS: dict[int, list[str]] = {
    0: [LADY_PIC_3, LADY_5, LADY_6, COWBOY_PIC_3],
    1: [GUNMAN_PIC_3, GUNMAN_5, GUNMAN_6, BANDIT_PIC_3],
    2: [SHERIFF_PIC_3, SHERIFF_5, SHERIFF_6, BANDIT_PIC_2],
}
#: Pass 1 duel cards that leave every card of PASS_2_HANDS in the draw pile.
PASS_1_DUEL_CARDS_FOR_TWO_PASSES = {0: LADY_PIC_2, 1: GUNMAN_PIC_2, 2: SHERIFF_PIC_2}

# -- stones ---------------------------------------------------------------------------------------

#: Minimal chains connecting a building's landmarks (board.json ``example_minimal_chain_strict``).
SHERIFF_CHAIN = [(1, 1), (1, 2), (1, 3), (2, 1), (3, 1), (3, 2)]
SALOON_CHAIN = [(0, 1), (1, 1), (2, 1), (3, 1), (3, 2), (3, 3), (3, 4)]
#: Two chains in the Hotel (any 4 of its 5 landmarks) that both control it. HOTEL_B only connects
#: through landmark fields, so it controls with ``landmarks_bridge`` and not without it.
HOTEL_A = [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (4, 2), (4, 3)]
HOTEL_B = [(0, 3), (0, 4), (0, 5), (0, 6), (1, 5), (2, 5), (3, 5), (3, 4), (5, 4), (5, 3), (5, 2)]
#: Every field of the Sheriff's Office, owned by seat (row + col) % 3: full, and nobody controls.
SHERIFF_FIELDS = [
    (0, 0), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (1, 3), (2, 1), (2, 3), (2, 4),
    (3, 0), (3, 1), (3, 2), (3, 3), (3, 4), (4, 1), (4, 3),
]  # fmt: skip


def scoring_game(
    *,
    duel_cards: Mapping[int, str] | None = None,
    draw_next: Sequence[str] = (),
    variants: Variants | None = None,
    hands: Mapping[int, list[str]] | None = None,
) -> DodgeCityGame:
    """A new 3-player game with PASS_1_HANDS (seat 0 is start player), duel cards replaced."""
    dealt = {seat: list(cards) for seat, cards in (hands or PASS_1_HANDS).items()}
    for seat, card in (duel_cards or {}).items():
        dealt[seat][3] = card
    return new_game(3, hands=dealt, draw_next=draw_next, variants=variants)


def play_pass(game: DodgeCityGame) -> list[DomainEvent]:
    """The start round and both setting rounds: every seat commits its first card, then plays its
    next card in each setting turn and buys nothing. With no challenge possible the duel round,
    scoring and the end of the pass follow by themselves. Returns the events."""
    recorded = commit_start(game, {p.seat: p.hand[0] for p in game.state.players})
    for _ in range(2):
        for seat in game.state.order:
            card = game.state.players[seat].hand[0]
            recorded += when(game, seat, PlayCard(card=card)) + when(game, seat, EndTurn())
    return recorded


def claimed(game: DodgeCityGame, seat: int, building: str, figure: Figure, cells: Iterable[Cell]) -> None:
    """Given: ``building`` is claimed for ``figure`` and ``seat`` has stones on these fields."""
    stones(game, seat, building, cells, figure=figure)


def closed_earlier(game: DodgeCityGame, *buildings: str, scored_by: int | None = None) -> None:
    """Given: these buildings were closed earlier: neutralised, or scored as cowboy buildings."""
    for building in buildings:
        if scored_by is None:
            given(game, BuildingNeutralised(building=building))
        else:
            given(
                game,
                BuildingClaimed(seat=scored_by, building=building, figure=Figure.COWBOY),
                BuildingScored(seat=scored_by, building=building, points=1, rent=200),
            )


def ended(events: Iterable[DomainEvent]) -> tuple[EndReason, tuple[int, ...], tuple[int, ...]]:
    end = only(events, GameEnded)
    return end.reason, end.winners, end.points


def tie_draws(events: Iterable[DomainEvent]) -> list[tuple[int, str, int]]:
    return [(e.seat, e.card, e.duel_round) for e in of_type(events, TieDuelCardDrawn)]


# -- [SCORE-BUILDING] -----------------------------------------------------------------------------


@pytest.mark.rule("SCORE-BUILDING")
@pytest.mark.parametrize(
    ("figure", "points", "rent"),
    [
        (Figure.LADY, 5, 1000),
        (Figure.GUNMAN, 4, 800),
        (Figure.SHERIFF, 3, 600),
        (Figure.BANDIT, 2, 400),
        (Figure.COWBOY, 1, 200),
    ],
)
def test_SCORE_BUILDING_given_a_sole_controller_when_scoring_then_he_takes_the_value_disc_and_the_rent(
    figure: Figure, points: int, rent: int
) -> None:
    game = scoring_game()
    claimed(game, 0, "sheriff", figure, SHERIFF_CHAIN)

    events = play_pass(game)

    scored = only(events, BuildingScored)
    assert (scored.seat, scored.building, scored.points, scored.rent) == (0, "sheriff", points, rent)
    player = game.state.players[0]
    assert player.value_discs == [points]
    assert player.points == points
    assert player.money == 2000 + 500 + 500 + rent  # start money, Cowboy 5, Bandit 5, rent


@pytest.mark.rule("SCORE-BUILDING")
def test_SCORE_BUILDING_given_a_scored_building_then_it_is_closed_and_every_stone_went_back_to_its_owner() -> None:
    game = scoring_game()
    claimed(game, 0, "sheriff", Figure.COWBOY, SHERIFF_CHAIN)
    stones(game, 1, "sheriff", [(0, 0), (4, 3)])

    play_pass(game)
    when(game, 0, Challenge(opponent=1, building="sheriff"))  # compulsory: they share it

    events = when(game, 0, Done())  # Lady 5 beat Gunman 5; the winner removes nothing

    assert only(events, BuildingScored).building == "sheriff"
    sheriff = game.state.buildings["sheriff"]
    assert sheriff.status is BuildingStatus.SCORED
    assert sheriff.scored_by == 0
    assert sheriff.stones == {}
    assert [p.on_board for p in game.state.players] == [0, 0, 0]
    assert [p.supply for p in game.state.players] == [40, 40, 40]


@pytest.mark.rule("SCORE-BUILDING")
def test_SCORE_BUILDING_given_a_building_nobody_controls_when_the_pass_ends_then_it_carries_over_with_its_stones() -> None:
    game = scoring_game()
    claimed(game, 0, "sheriff", Figure.COWBOY, SHERIFF_CHAIN)
    claimed(game, 1, "saloon", Figure.BANDIT, [(0, 1), (1, 1), (2, 1)])

    events = play_pass(game)

    assert [e.building for e in of_type(events, BuildingScored)] == ["sheriff"]
    assert only(events, PassBegan).number == 2
    saloon = game.state.buildings["saloon"]
    assert saloon.is_open
    assert saloon.figure is Figure.BANDIT
    assert saloon.stones == {(0, 1): 1, (1, 1): 1, (2, 1): 1}
    assert game.state.players[1].on_board == 3


@pytest.mark.rule("SCORE-BUILDING")
@pytest.mark.rule("DUEL-WIN")
def test_SCORE_BUILDING_given_a_duel_winner_broke_the_chain_of_the_controller_when_scoring_then_it_is_not_scored() -> None:
    game = scoring_game(duel_cards={0: COWBOY_PIC_3})
    claimed(game, 0, "sheriff", Figure.COWBOY, SHERIFF_CHAIN)
    stones(game, 1, "sheriff", [(0, 0)])
    play_pass(game)
    when(game, 0, Challenge(opponent=1, building="sheriff"))  # Cowboy 3 loses to Gunman 5

    events = when(game, 1, RemoveStone(building="sheriff", row=1, col=2))

    assert not of_type(events, BuildingScored)
    assert only(events, PassBegan).number == 2
    sheriff = game.state.buildings["sheriff"]
    assert sheriff.is_open
    assert sorted(cell for cell, seat in sheriff.stones.items() if seat == 0) == sorted(cell for cell in SHERIFF_CHAIN if cell != (1, 2))


@pytest.mark.rule("SCORE-BUILDING")
def test_SCORE_BUILDING_given_a_dispute_loser_when_scoring_then_he_is_excluded_from_that_building_only() -> None:
    game = scoring_game(duel_cards={0: LADY_5, 1: GUNMAN_5})
    stones(game, 0, "hotel", HOTEL_A)
    stones(game, 1, "hotel", HOTEL_B)
    claimed(game, 1, "sheriff", Figure.SHERIFF, SHERIFF_CHAIN)
    play_pass(game)
    when(game, 0, Challenge(opponent=1, building="hotel"))

    events = when(game, 0, Done())  # Lady 5 beats Gunman 5 in the duel and in the dispute

    scored = [(e.building, e.seat) for e in of_type(events, BuildingScored)]
    assert scored == [("hotel", 0), ("sheriff", 1)]
    assert game.state.players[1].value_discs == [3]


# -- [END-POINTS] ---------------------------------------------------------------------------------


def six_points_game() -> DodgeCityGame:
    """Seat 0 controls the Sheriff's Office as a lady building (5) and the Saloon as a cowboy
    building (1): 6 points at the first scoring."""
    game = scoring_game()
    claimed(game, 0, "sheriff", Figure.LADY, SHERIFF_CHAIN)
    claimed(game, 0, "saloon", Figure.COWBOY, SALOON_CHAIN)
    return game


@pytest.mark.rule("END-POINTS")
def test_END_POINTS_given_six_points_after_scoring_then_the_game_ends_and_he_wins() -> None:
    game = six_points_game()

    events = play_pass(game)

    assert ended(events) == (EndReason.POINTS, (0,), (6, 0, 0))
    assert names(events)[-1] == "GameEnded"
    assert not of_type(events, PassBegan)
    assert game.is_over
    assert game.state.winners == (0,)


@pytest.mark.rule("END-POINTS")
def test_END_POINTS_given_five_points_after_scoring_then_the_game_goes_on() -> None:
    game = scoring_game()
    claimed(game, 0, "sheriff", Figure.LADY, SHERIFF_CHAIN)

    events = play_pass(game)

    assert not of_type(events, GameEnded)
    assert only(events, PassBegan).number == 2
    assert not game.is_over


@pytest.mark.rule("END-POINTS")
def test_END_POINTS_given_points_from_earlier_passes_then_the_player_with_the_most_points_wins() -> None:
    game = six_points_game()
    given(
        game,
        BuildingClaimed(seat=1, building="post", figure=Figure.LADY),
        BuildingScored(seat=1, building="post", points=5, rent=1000),
    )

    events = play_pass(game)

    assert ended(events) == (EndReason.POINTS, (0,), (6, 5, 0))


@pytest.mark.rule("END-POINTS")
def test_END_POINTS_given_the_game_ended_on_points_when_anyone_acts_then_refused_by_END_POINTS() -> None:
    game = six_points_game()
    play_pass(game)

    refused(game, 0, CommitCard(card=LADY_6), "END-POINTS")
    refused(game, 1, EndTurn(), "END-POINTS")
    assert game.pending() == []
    assert game.legal_actions(0) == []


# -- [END-BOARD] ----------------------------------------------------------------------------------


@pytest.mark.rule("END-BOARD")
def test_END_BOARD_given_the_last_open_building_is_scored_then_the_game_ends_with_a_closed_board() -> None:
    game = scoring_game()
    closed_earlier(game, "saloon", "post", "hotel")
    claimed(game, 0, "sheriff", Figure.COWBOY, SHERIFF_CHAIN)

    events = play_pass(game)

    assert ended(events) == (EndReason.BOARD_CLOSED, (0,), (1, 0, 0))
    assert not of_type(events, PassBegan)


def last_building_almost_full(game: DodgeCityGame) -> DodgeCityGame:
    """Given: every building but the Sheriff's Office is closed, and the Sheriff's Office (cowboy)
    is full but for field (0, 0), with nobody controlling it even when seat 0 fills that field."""
    closed_earlier(game, "saloon", "post")
    for seat in range(3):
        cells = [(r, c) for r, c in SHERIFF_FIELDS if (r + c) % 3 == seat and (r, c) != (0, 0)]
        stones(game, seat, "sheriff", cells, figure=Figure.COWBOY)
    commit_start(game, {p.seat: p.hand[0] for p in game.state.players})
    when(game, 0, PlayCard(card=COWBOY_5))
    return game


@pytest.mark.rule("END-BOARD")
def test_END_BOARD_given_the_last_open_building_is_neutralised_in_a_setting_turn_then_the_game_ends_at_once() -> None:
    game = scoring_game()
    closed_earlier(game, "hotel", scored_by=2)
    last_building_almost_full(game)

    events = when(game, 0, BuyStone(building="sheriff", row=0, col=0))

    assert names(events) == ["StoneBought", "BuildingNeutralised", "GameEnded"]
    assert ended(events) == (EndReason.BOARD_CLOSED, (2,), (0, 0, 1))
    assert not of_type(events, TurnEnded)
    assert game.state.stage is Stage.SETTING_ROUND_1
    assert game.is_over


@pytest.mark.rule("END-BOARD")
def test_END_BOARD_given_the_game_ended_with_a_closed_board_when_anyone_acts_then_refused_by_END_BOARD() -> None:
    game = scoring_game()
    closed_earlier(game, "hotel", scored_by=2)
    last_building_almost_full(game)
    when(game, 0, BuyStone(building="sheriff", row=0, col=0))

    refused(game, 0, EndTurn(), "END-BOARD")
    refused(game, 1, PlayCard(card=COWBOY_6), "END-BOARD")


@pytest.mark.rule("END-BOARD")
@pytest.mark.rule("END-TIE")
def test_END_BOARD_END_TIE_given_the_board_closes_with_everyone_at_0_points_then_a_tie_duel_among_all_decides() -> None:
    game = scoring_game(draw_next=[COWBOY_PIC_3, LADY_PIC_2, SHERIFF_PIC_2])
    closed_earlier(game, "hotel")
    last_building_almost_full(game)

    events = when(game, 0, BuyStone(building="sheriff", row=0, col=0))

    assert tie_draws(events) == [(0, COWBOY_PIC_3, 1), (1, LADY_PIC_2, 1), (2, SHERIFF_PIC_2, 1)]
    assert ended(events) == (EndReason.BOARD_CLOSED, (1,), (0, 0, 0))


# -- [END-LIMIT] ----------------------------------------------------------------------------------


@pytest.mark.rule("END-LIMIT")
@pytest.mark.rule("VAR")
def test_END_LIMIT_VAR_given_max_passes_1_when_the_first_pass_is_scored_then_the_game_ends() -> None:
    game = scoring_game(variants=Variants(max_passes=1))
    claimed(game, 0, "sheriff", Figure.COWBOY, SHERIFF_CHAIN)

    events = play_pass(game)

    assert ended(events) == (EndReason.PASS_LIMIT, (0,), (1, 0, 0))
    assert names(events)[-2:] == ["BuildingScored", "GameEnded"]


@pytest.mark.rule("END-LIMIT")
@pytest.mark.rule("VAR")
def test_END_LIMIT_VAR_given_max_passes_2_when_the_second_pass_is_scored_then_the_game_ends() -> None:
    game = scoring_game(
        duel_cards=PASS_1_DUEL_CARDS_FOR_TWO_PASSES,
        draw_next=[card for seat in range(3) for card in PASS_2_HANDS[seat]],
        variants=Variants(max_passes=2),
    )
    claimed(game, 0, "sheriff", Figure.COWBOY, SHERIFF_CHAIN)

    first = play_pass(game)

    assert not of_type(first, GameEnded)
    assert only(first, PassBegan).number == 2
    assert game.state.players[0].hand == PASS_2_HANDS[0]

    second = play_pass(game)

    assert ended(second) == (EndReason.PASS_LIMIT, (0,), (1, 0, 0))
    assert not of_type(second, PassBegan)


@pytest.mark.rule("END-LIMIT")
@pytest.mark.rule("VAR")
def test_END_LIMIT_VAR_given_the_game_ended_at_the_pass_limit_when_anyone_acts_then_refused_by_END_LIMIT() -> None:
    game = scoring_game(variants=Variants(max_passes=1))
    claimed(game, 0, "sheriff", Figure.COWBOY, SHERIFF_CHAIN)
    play_pass(game)

    refused(game, 2, CommitCard(card=SHERIFF_6), "END-LIMIT")


@pytest.mark.rule("END-LIMIT")
@pytest.mark.rule("VAR")
def test_END_LIMIT_VAR_given_max_passes_below_1_when_creating_a_game_then_refused() -> None:
    with pytest.raises(RuleViolation) as refusal:
        open_game(UUID(int=3), seed="s", max_players=3, variants=Variants(max_passes=0))

    assert refusal.value.rule == "END-LIMIT"


# -- [END-TIE] ------------------------------------------------------------------------------------


def tied_game(draw_next: Sequence[str]) -> DodgeCityGame:
    """Seats 0 and 1 each score a cowboy building (1 point) in the only pass (max_passes 1);
    ``draw_next`` is the top of the draw pile for the final tie duel."""
    game = scoring_game(draw_next=draw_next, variants=Variants(max_passes=1))
    claimed(game, 0, "sheriff", Figure.COWBOY, SHERIFF_CHAIN)
    claimed(game, 1, "saloon", Figure.COWBOY, SALOON_CHAIN)
    return game


@pytest.mark.rule("END-TIE")
def test_END_TIE_given_a_tie_for_most_points_then_the_tied_draw_until_a_non_indian_and_the_highest_wins() -> None:
    game = tied_game([INDIAN_1, SHERIFF_6, LADY_6])

    events = play_pass(game)

    assert tie_draws(events) == [(0, INDIAN_1, 1), (0, SHERIFF_6, 1), (1, LADY_6, 1)]
    assert ended(events) == (EndReason.PASS_LIMIT, (1,), (1, 1, 0))
    assert game.state.winners == (1,)
    discard = game.state.discard[-3:]
    assert discard == [DiscardedCard(c, face_up=True, owner=None) for c in (INDIAN_1, SHERIFF_6, LADY_6)]


@pytest.mark.rule("END-TIE")
def test_END_TIE_given_the_tie_duel_ties_again_then_the_tied_draw_again_and_a_question_draws_no_event() -> None:
    game = tied_game([QUESTION_1, QUESTION_2, BANDIT_PIC_2, GUNMAN_PIC_2])

    events = play_pass(game)

    assert tie_draws(events) == [
        (0, QUESTION_1, 1),
        (1, QUESTION_2, 1),
        (0, BANDIT_PIC_2, 2),
        (1, GUNMAN_PIC_2, 2),
    ]
    assert ended(events) == (EndReason.PASS_LIMIT, (1,), (1, 1, 0))
    assert not of_type(events, EventCardDrawn)


# -- [VAR] ----------------------------------------------------------------------------------------


@pytest.mark.rule("VAR")
def test_VAR_given_a_game_created_with_variants_then_its_first_event_records_them_and_the_rules_version() -> None:
    variants = Variants(
        deck="variant_44",
        landmarks_bridge=False,
        picture_may_claim=True,
        challenge_optional=True,
        max_passes=7,
    )

    game = open_game(UUID(int=5), seed="s", max_players=4, variants=variants)

    created = game.collect_events()
    assert names(created) == ["GameCreated"]
    first = only(created, GameCreated)
    assert first.variants == variants
    assert first.rules_version == RULES_VERSION != ""
    replayed = project_game(empty_game(created[0].originator_id), created)
    assert replayed.state.variants == variants
    assert replayed.state.rules_version == RULES_VERSION


@pytest.mark.rule("VAR")
def test_VAR_given_no_variants_then_the_game_records_the_defaults_of_the_german_original() -> None:
    game = open_game(UUID(int=6), seed="s", max_players=3)

    first = only(game.collect_events(), GameCreated)

    assert first.variants == Variants(
        deck="default_32",
        landmarks_bridge=True,
        picture_may_claim=False,
        challenge_optional=False,
        max_passes=30,
    )


@pytest.mark.rule("VAR")
def test_VAR_given_the_variant_44_deck_then_the_game_is_played_with_its_44_cards() -> None:
    game = new_game(3, variants=Variants(deck="variant_44"))

    in_play = [c for p in game.state.players for c in p.hand] + game.state.draw_pile

    assert sorted(in_play) == sorted(deck("variant_44"))
    assert len(in_play) == 44


@pytest.mark.rule("VAR")
@pytest.mark.parametrize(("landmarks_bridge", "scored"), [(True, ["hotel"]), (False, [])])
def test_VAR_given_landmarks_bridge_when_stones_connect_only_through_landmark_fields_then_they_control_only_with_it(
    landmarks_bridge: bool, scored: list[str]
) -> None:
    game = scoring_game(variants=Variants(landmarks_bridge=landmarks_bridge))
    claimed(game, 1, "hotel", Figure.COWBOY, HOTEL_B)

    events = play_pass(game)

    assert [e.building for e in of_type(events, BuildingScored)] == scored
    assert game.state.buildings["hotel"].is_open is (not scored)


def picture_turn_game(variants: Variants) -> DodgeCityGame:
    """Seat 0 starts and plays Lady picture 2 in its first setting turn; no building is claimed."""
    hands = {**PASS_1_HANDS, 0: [LADY_7, LADY_PIC_2, BANDIT_5, LADY_5]}
    game = scoring_game(hands=hands, variants=variants)
    commit_start(game, {p.seat: p.hand[0] for p in game.state.players})
    return game


@pytest.mark.rule("VAR")
def test_VAR_given_picture_may_claim_off_when_a_picture_card_has_no_claimed_building_then_its_stones_are_forfeited() -> None:
    game = picture_turn_game(Variants())

    events = when(game, 0, PlayCard(card=LADY_PIC_2))

    assert only(events, CardResolved).forfeited == 2
    assert not of_type(events, StonePlaced)
    assert game.pending() == [Decision(seat=0, kind=DecisionKind.BUY_STONES)]


@pytest.mark.rule("VAR")
def test_VAR_given_picture_may_claim_on_when_a_picture_stone_goes_into_an_unclaimed_building_then_it_claims_it() -> None:
    game = picture_turn_game(Variants(picture_may_claim=True))
    when(game, 0, PlayCard(card=LADY_PIC_2))

    events = when(game, 0, PlaceStone(building="saloon", row=0, col=1, figure=Figure.LADY))

    claim = only(events, BuildingClaimed)
    assert (claim.seat, claim.building, claim.figure) == (0, "saloon", Figure.LADY)
    assert only(events, StonePlaced).cause == LADY_PIC_2
    assert game.state.buildings["saloon"].figure is Figure.LADY


@pytest.mark.rule("VAR")
@pytest.mark.parametrize("challenge_optional", [False, True])
def test_VAR_given_challenge_optional_then_pass_is_offered_in_the_chain_only_with_it(
    challenge_optional: bool,
) -> None:
    game = scoring_game(variants=Variants(challenge_optional=challenge_optional))
    stones(game, 0, "saloon", [(0, 1)])
    stones(game, 1, "saloon", [(0, 3)])
    play_pass(game)

    offered = Pass() in game.legal_actions(0)

    assert offered is challenge_optional
    assert Challenge(opponent=1, building="saloon") in game.legal_actions(0)
