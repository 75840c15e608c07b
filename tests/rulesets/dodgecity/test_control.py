"""Control of a building (RULES.md section 7): CTRL-LANDMARK, CTRL-CONNECT, CTRL-CONTROL and
CTRL-TIMING.

``domain.connectivity`` is checked directly against the real board (``domain.dodgecity.catalog.BUILDINGS``
and the examples stored in board.json), including the three connection examples of the original
rules, drawn on this project's Saloon, which has the same four landmarks as the original's example
building (bottles, pistol, dollar, key):

    . # B # # .        B bottles (0,2)   P pistol (2,0)
    # # # # # #        D dollar (3,5)    K key (4,3)
    P # . . # #        # field   . no cell
    # # # # # D
    . # # K # .

The same situations are then played through a real game, where control shows only at scoring
(BuildingScored) and in control disputes (DisputeResolved).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from typing import Any, TypeVar

import msgspec
import pytest
from domain.dodgecity.actions import Action, BuyStone, EndTurn, PlayCard, RemoveStone
from domain.dodgecity.catalog import BUILDINGS, BuildingSpec, CardKind, Cell, deck
from domain.dodgecity.connectivity import connects, controllers, landmark_groups
from domain.dodgecity.decisions import DecisionKind
from domain.dodgecity.figures import Figure
from domain.dodgecity.ruleset import DodgeCityGame
from domain.dodgecity.state import BuildingStatus
from domain.events.base import NO_GAME
from domain.events.dodgecity import (
    BuildingNeutralised,
    BuildingScored,
    DisputeResolved,
    DomainEvent,
    Stage,
    StageBegan,
    Variants,
)

from tests.builders import (
    BANDIT_5,
    BANDIT_6,
    BANDIT_7,
    COWBOY_5,
    COWBOY_6,
    GUNMAN_5,
    INDIAN_1,
    LADY_5,
    LADY_6,
    LADY_7,
    SHERIFF_5,
    SHERIFF_6,
    SHERIFF_7,
    commit_start,
    new_game,
    of_type,
    refused,
    stones,
    when,
)

E = TypeVar("E", bound=DomainEvent)

BOARD: dict[str, Any] = json.loads(resources.files("domain.dodgecity").joinpath("data", "board.json").read_text())["buildings"]
BOTH_MODES = pytest.mark.parametrize("bridge", [True, False], ids=["bridge", "strict"])
FIVE_LANDMARKS = ["hotel", "union_pacific", "bank"]

SALOON = BUILDINGS["saloon"]
# The original's examples, on the Saloon. Example 1: red links bottles, pistol and dollar.
EXAMPLE_1_RED = [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (2, 4), (3, 4)]
# Example 2: neither red nor blue connects anything, their stones meet only diagonally.
EXAMPLE_2_RED = [(1, 0), (0, 1)]  # (1,0) touches the pistol, (0,1) the bottles
EXAMPLE_2_BLUE = [(3, 3), (2, 4), (2, 5)]  # (3,3) touches the key, (2,5) the dollar
# Example 3: red links all four landmarks and controls the building.
EXAMPLE_3_RED = [*EXAMPLE_1_RED, (3, 3)]
# Two groups of stones that meet only at the bottles: one touches bottles and pistol, the other
# bottles, dollar and key.
SALOON_WEST = [(0, 1), (1, 1), (2, 1)]
SALOON_EAST = [(0, 3), (0, 4), (1, 4), (2, 4), (3, 4), (3, 3)]
# Union Pacific: two groups meeting only at the dollar (4,2), 6 stones in all.
UNION_PACIFIC_BRIDGED = [(1, 2), (2, 1), (2, 2), (3, 2), (4, 3), (4, 4)]
# Two disjoint chains in the Hotel: key, bottles, clock, dollar / key, lamp, dollar, clock.
HOTEL_A = [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (4, 2), (4, 3)]
HOTEL_B = [(0, 3), (0, 4), (0, 5), (1, 5), (2, 5), (3, 5), (4, 5), (5, 5), (5, 4), (5, 3), (5, 2)]

# A 3-player game: seat 0 starts (LADY_7); every card played later is a number card.
START_CARDS = {0: LADY_7, 1: COWBOY_5, 2: COWBOY_6}
HANDS = {
    0: [LADY_7, LADY_5, LADY_6, GUNMAN_5],
    1: [COWBOY_5, BANDIT_5, BANDIT_6, BANDIT_7],
    2: [COWBOY_6, SHERIFF_5, SHERIFF_6, SHERIFF_7],
}


# -- helpers ---------------------------------------------------------------------------------------


def marks(spec: BuildingSpec, *symbols: str) -> frozenset[int]:
    """The indices of these landmark symbols in the building."""
    return frozenset(spec.landmark_symbols.index(s) for s in symbols)


def networks(spec: BuildingSpec, cells: Iterable[Cell], *, bridge: bool = True) -> set[frozenset[int]]:
    return set(landmark_groups(spec, cells, landmarks_bridge=bridge))


def example_chain(building: str) -> list[Cell]:
    return [(r, c) for r, c in BOARD[building]["example_minimal_chain_strict"]]


def bare(event: E) -> E:
    """The event without the aggregate's stamp, to compare with an expected event."""
    return msgspec.structs.replace(event, originator_id=NO_GAME, originator_version=0)


def deal(
    board: Mapping[int, Sequence[Cell]] | None = None,
    *,
    building: str = "saloon",
    figure: Figure = Figure.SHERIFF,
    variants: Variants | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
) -> DodgeCityGame:
    """Given: a 3-player game whose start round is still open, with these stones (by seat) in one
    building claimed for ``figure``."""
    game = new_game(3, hands={**HANDS, **(hands or {})}, variants=variants)
    for seat, cells in (board or {}).items():
        stones(game, seat, building, cells, figure)
    return game


def play_out_pass(game: DodgeCityGame) -> list[DomainEvent]:
    """Every remaining decision of the pass, taken plainly: number cards, no buying, the first
    challenge offered, no stone removed; until the next pass's start round (or the end)."""
    cards = deck("default_32")
    recorded: list[DomainEvent] = []
    while not game.is_over and game.pending():
        decision = game.pending()[0]
        if decision.kind is DecisionKind.COMMIT_START_CARD:
            break
        legal = game.legal_actions(decision.seat)
        action: Action = legal[-1]  # Done / EndTurn come last where offered
        if decision.kind is DecisionKind.PLAY_CARD:
            hand = game.state.players[decision.seat].hand
            action = PlayCard(card=next(c for c in hand if cards[c].kind is CardKind.NUMBER))
        elif decision.kind is DecisionKind.CHALLENGE:
            action = legal[0]
        recorded += when(game, decision.seat, action)
    return recorded


def scored(game: DodgeCityGame) -> list[BuildingScored]:
    """The start round is played and the pass is played out; the buildings scored."""
    commit_start(game, START_CARDS)
    recorded = play_out_pass(game)
    assert reached_scoring(recorded)
    return [bare(e) for e in of_type(recorded, BuildingScored)]


def reached_scoring(recorded: Sequence[DomainEvent]) -> bool:
    return StageBegan(stage=Stage.SCORING) in [bare(e) for e in recorded]


# -- CTRL-LANDMARK ---------------------------------------------------------------------------------


@pytest.mark.rule("CTRL-LANDMARK")
@pytest.mark.parametrize("building", list(BUILDINGS))
def test_CTRL_LANDMARK_given_the_board_then_no_landmark_is_a_field(building: str) -> None:
    spec = BUILDINGS[building]

    assert not set(spec.landmarks) & spec.fields
    assert len(spec.landmarks) == BOARD[building]["landmarks_total"]
    assert len(spec.fields) == BOARD[building]["field_count"]


@pytest.mark.rule("CTRL-LANDMARK")
def test_CTRL_LANDMARK_given_five_players_when_buying_then_no_landmark_of_any_building_is_offered_and_each_is_refused() -> None:
    game = new_game(5, hands={0: [LADY_7, LADY_5]})
    commit_start(game, {seat: game.state.players[seat].hand[0] for seat in range(5)})
    when(game, 0, PlayCard(card=LADY_5))

    offered = {(a.building, (a.row, a.col)) for a in game.legal_actions(0) if isinstance(a, BuyStone)}

    assert {b for b, _ in offered} == set(BUILDINGS)
    for building, spec in BUILDINGS.items():
        assert {cell for b, cell in offered if b == building} == spec.fields
        for row, col in spec.landmarks:
            action = BuyStone(building=building, row=row, col=col, figure=Figure.COWBOY)
            refused(game, 0, action, "CTRL-LANDMARK")


# -- CTRL-CONNECT: the examples of the original rules ----------------------------------------------


@pytest.mark.rule("CTRL-CONNECT")
@BOTH_MODES
def test_CTRL_CONNECT_given_example_1_of_the_original_then_red_connects_bottles_pistol_and_dollar_but_does_not_control(
    bridge: bool,
) -> None:
    assert networks(SALOON, EXAMPLE_1_RED, bridge=bridge) == {marks(SALOON, "bottles", "pistol", "dollar")}
    assert not connects(SALOON, EXAMPLE_1_RED, landmarks_bridge=bridge)


@pytest.mark.rule("CTRL-CONNECT")
@BOTH_MODES
def test_CTRL_CONNECT_given_example_2_of_the_original_then_diagonal_contact_connects_nothing_for_red_or_blue(
    bridge: bool,
) -> None:
    assert networks(SALOON, EXAMPLE_2_RED, bridge=bridge) == {
        marks(SALOON, "pistol"),
        marks(SALOON, "bottles"),
    }
    assert networks(SALOON, EXAMPLE_2_BLUE, bridge=bridge) == {
        marks(SALOON, "key"),
        marks(SALOON, "dollar"),
    }
    board = {**dict.fromkeys(EXAMPLE_2_RED, 0), **dict.fromkeys(EXAMPLE_2_BLUE, 1)}
    assert controllers(SALOON, board, landmarks_bridge=bridge) == ()


@pytest.mark.rule("CTRL-CONNECT")
@BOTH_MODES
def test_CTRL_CONNECT_given_example_3_of_the_original_then_red_connects_all_four_landmarks_and_controls(
    bridge: bool,
) -> None:
    assert networks(SALOON, EXAMPLE_3_RED, bridge=bridge) == {marks(SALOON, "bottles", "pistol", "dollar", "key")}
    assert connects(SALOON, EXAMPLE_3_RED, landmarks_bridge=bridge)
    assert controllers(SALOON, dict.fromkeys(EXAMPLE_3_RED, 2), landmarks_bridge=bridge) == (2,)


@pytest.mark.rule("CTRL-CONNECT")
@BOTH_MODES
def test_CTRL_CONNECT_given_a_stone_diagonal_to_two_landmarks_then_it_touches_neither(bridge: bool) -> None:
    assert networks(SALOON, [(1, 1)], bridge=bridge) == set()  # diagonal to bottles and pistol
    assert networks(SALOON, [(1, 2)], bridge=bridge) == {marks(SALOON, "bottles")}


@pytest.mark.rule("CTRL-CONNECT")
@pytest.mark.parametrize("building", list(BUILDINGS))
def test_CTRL_CONNECT_given_no_stones_then_the_landmarks_alone_form_no_network(building: str) -> None:
    spec = BUILDINGS[building]

    assert landmark_groups(spec, []) == []
    assert not connects(spec, [])
    assert controllers(spec, {}) == ()


@pytest.mark.rule("CTRL-CONNECT")
@BOTH_MODES
def test_CTRL_CONNECT_given_two_adjacent_landmarks_each_touched_by_another_stone_then_they_are_not_connected(
    bridge: bool,
) -> None:
    # No building of the real board has two adjacent landmarks, so this one is made up:
    #   # a b #     a, b landmarks side by side; one stone beside each
    strip = BuildingSpec(
        id="strip",
        name="Strip",
        fields=frozenset({(0, 0), (0, 3)}),
        landmarks=((0, 1), (0, 2)),
        landmark_symbols=("a", "b"),
        landmarks_required=2,
        size=(1, 4),
    )
    real_adjacent = [
        (b, m, n)
        for b, spec in BUILDINGS.items()
        for m, n in itertools.combinations(spec.landmarks, 2)
        if abs(m[0] - n[0]) + abs(m[1] - n[1]) == 1
    ]
    assert real_adjacent == []

    assert networks(strip, [(0, 0), (0, 3)], bridge=bridge) == {frozenset({0}), frozenset({1})}
    assert not connects(strip, [(0, 0), (0, 3)], landmarks_bridge=bridge)


# -- CTRL-CONNECT: the bridge variant --------------------------------------------------------------


@pytest.mark.rule("CTRL-CONNECT")
def test_CTRL_CONNECT_given_two_stone_groups_meeting_only_at_a_landmark_when_landmarks_bridge_then_they_form_one_network() -> None:
    assert networks(SALOON, SALOON_WEST + SALOON_EAST) == {marks(SALOON, "bottles", "pistol", "dollar", "key")}
    assert connects(SALOON, SALOON_WEST + SALOON_EAST)
    assert connects(BUILDINGS["union_pacific"], UNION_PACIFIC_BRIDGED)


@pytest.mark.rule("CTRL-CONNECT")
def test_CTRL_CONNECT_given_two_stone_groups_meeting_only_at_a_landmark_when_landmarks_do_not_bridge_then_they_stay_apart() -> None:
    assert networks(SALOON, SALOON_WEST + SALOON_EAST, bridge=False) == {
        marks(SALOON, "bottles", "pistol"),
        marks(SALOON, "bottles", "dollar", "key"),
    }
    assert not connects(SALOON, SALOON_WEST + SALOON_EAST, landmarks_bridge=False)
    up = BUILDINGS["union_pacific"]
    assert networks(up, UNION_PACIFIC_BRIDGED, bridge=False) == {
        marks(up, "locomotive", "bell", "dollar"),
        marks(up, "dollar", "lantern"),
    }
    assert not connects(up, UNION_PACIFIC_BRIDGED, landmarks_bridge=False)


# -- CTRL-CONNECT / CTRL-CONTROL: the board's own examples and minimum counts ----------------------


@pytest.mark.rule("CTRL-CONTROL")
@BOTH_MODES
@pytest.mark.parametrize("building", list(BUILDINGS))
def test_CTRL_CONTROL_given_the_example_minimal_chain_of_board_json_then_it_controls_the_building(building: str, bridge: bool) -> None:
    chain = example_chain(building)
    spec = BUILDINGS[building]

    assert connects(spec, chain, landmarks_bridge=bridge)
    assert controllers(spec, dict.fromkeys(chain, 3), landmarks_bridge=bridge) == (3,)
    assert len(chain) == BOARD[building]["min_stones_to_control_strict"]


@pytest.mark.rule("CTRL-CONTROL")
@pytest.mark.parametrize("building", list(BUILDINGS))
def test_CTRL_CONTROL_given_the_example_minimal_chain_with_any_one_stone_removed_then_it_no_longer_controls(
    building: str,
) -> None:
    spec = BUILDINGS[building]
    chain = example_chain(building)
    same_minimum = BOARD[building]["min_stones_to_control_bridge"] == BOARD[building]["min_stones_to_control_strict"]

    assert BOARD[building]["min_stones_to_control_bridge"] <= len(chain)
    for gone in chain:
        shorter = [c for c in chain if c != gone]
        assert not connects(spec, shorter, landmarks_bridge=False), gone
        if same_minimum:
            assert not connects(spec, shorter, landmarks_bridge=True), gone


@pytest.mark.rule("CTRL-CONTROL")
@BOTH_MODES
@pytest.mark.parametrize("building", ["sheriff", "drugstore", "saloon"])
def test_CTRL_CONTROL_given_a_small_building_then_no_set_of_fewer_stones_than_the_stated_minimum_controls_it(
    building: str, bridge: bool
) -> None:
    spec = BUILDINGS[building]
    key = "min_stones_to_control_bridge" if bridge else "min_stones_to_control_strict"
    fewer = BOARD[building][key] - 1

    assert not any(connects(spec, cells, landmarks_bridge=bridge) for cells in itertools.combinations(sorted(spec.fields), fewer))


@pytest.mark.rule("CTRL-CONNECT")
def test_CTRL_CONNECT_given_the_union_pacific_then_bridging_at_a_landmark_saves_a_stone() -> None:
    up = BOARD["union_pacific"]

    assert len(UNION_PACIFIC_BRIDGED) == up["min_stones_to_control_bridge"] == 6
    assert up["min_stones_to_control_strict"] == 7
    assert connects(BUILDINGS["union_pacific"], UNION_PACIFIC_BRIDGED, landmarks_bridge=True)
    assert not connects(BUILDINGS["union_pacific"], UNION_PACIFIC_BRIDGED, landmarks_bridge=False)


@pytest.mark.rule("CTRL-CONTROL")
@pytest.mark.parametrize("building", list(BUILDINGS))
def test_CTRL_CONTROL_given_the_board_then_buildings_with_five_landmarks_need_four_and_the_others_all_four(
    building: str,
) -> None:
    spec = BUILDINGS[building]

    assert spec.landmarks_required == 4
    assert (len(spec.landmarks) == 5) == (building in FIVE_LANDMARKS)


@pytest.mark.rule("CTRL-CONTROL")
@BOTH_MODES
@pytest.mark.parametrize("building", FIVE_LANDMARKS)
def test_CTRL_CONTROL_given_a_building_with_five_landmarks_when_a_chain_connects_four_of_them_then_it_controls(
    building: str, bridge: bool
) -> None:
    spec = BUILDINGS[building]
    chain = example_chain(building)

    (network,) = networks(spec, chain, bridge=bridge)
    assert len(network) == 4
    assert connects(spec, chain, landmarks_bridge=bridge)


@pytest.mark.rule("CTRL-CONTROL")
@BOTH_MODES
def test_CTRL_CONTROL_given_the_hotel_when_two_chains_connect_different_fours_of_its_five_landmarks_then_both_control(
    bridge: bool,
) -> None:
    hotel = BUILDINGS["hotel"]

    assert networks(hotel, HOTEL_A, bridge=bridge) == {marks(hotel, "key", "bottles", "clock", "dollar")}
    assert networks(hotel, HOTEL_B, bridge=bridge) == {marks(hotel, "key", "lamp", "dollar", "clock")}
    board = {**dict.fromkeys(HOTEL_A, 0), **dict.fromkeys(HOTEL_B, 1)}
    assert controllers(hotel, board, landmarks_bridge=bridge) == (0, 1)


@pytest.mark.rule("CTRL-CONTROL")
@BOTH_MODES
def test_CTRL_CONTROL_given_a_building_with_four_landmarks_when_three_are_connected_then_it_is_not_controlled(
    bridge: bool,
) -> None:
    board = [*EXAMPLE_1_RED, (4, 2)]  # (4,2) touches the key, apart from the rest

    assert networks(SALOON, board, bridge=bridge) == {
        marks(SALOON, "bottles", "pistol", "dollar"),
        marks(SALOON, "key"),
    }
    assert controllers(SALOON, dict.fromkeys(board, 0), landmarks_bridge=bridge) == ()


# -- Through the game ------------------------------------------------------------------------------


@pytest.mark.rule("CTRL-CONNECT")
@pytest.mark.parametrize(
    ("red", "wins"),
    [(EXAMPLE_1_RED, False), (EXAMPLE_2_RED, False), (EXAMPLE_3_RED, True)],
    ids=["example_1", "example_2", "example_3"],
)
def test_CTRL_CONNECT_given_the_examples_on_the_board_when_the_pass_is_scored_then_only_example_3_wins_the_saloon(
    red: list[Cell], wins: bool
) -> None:
    game = deal({0: red}, figure=Figure.SHERIFF)

    expected = [BuildingScored(seat=0, building="saloon", points=3, rent=600)] if wins else []
    assert scored(game) == expected
    assert game.state.buildings["saloon"].is_open is not wins


@pytest.mark.rule("CTRL-CONNECT")
def test_CTRL_CONNECT_given_two_groups_meeting_at_a_landmark_when_the_pass_is_scored_then_the_building_is_won() -> None:
    game = deal({0: SALOON_WEST + SALOON_EAST}, figure=Figure.BANDIT)

    assert scored(game) == [BuildingScored(seat=0, building="saloon", points=2, rent=400)]


@pytest.mark.rule("CTRL-CONNECT")
def test_CTRL_CONNECT_given_landmarks_bridge_off_when_two_groups_meet_only_at_a_landmark_then_the_building_is_not_won() -> None:
    game = deal({0: SALOON_WEST + SALOON_EAST}, variants=Variants(landmarks_bridge=False))

    assert scored(game) == []
    assert game.state.buildings["saloon"].stones == dict.fromkeys(SALOON_WEST + SALOON_EAST, 0)


@pytest.mark.rule("CTRL-CONNECT")
@pytest.mark.parametrize(("bridge", "neutralised"), [(True, False), (False, True)], ids=["bridge", "strict"])
def test_CTRL_CONNECT_given_groups_meeting_at_a_landmark_when_the_last_free_field_is_filled_then_neutralisation_follows_the_variant(
    bridge: bool, neutralised: bool
) -> None:
    mine = SALOON_WEST + SALOON_EAST
    theirs = sorted(SALOON.fields - {*mine, (4, 4)})
    game = deal({0: mine, 1: theirs}, variants=Variants(landmarks_bridge=bridge))
    commit_start(game, START_CARDS)
    when(game, 0, PlayCard(card=LADY_5))

    recorded = when(game, 0, BuyStone(building="saloon", row=4, col=4))

    assert bool(of_type(recorded, BuildingNeutralised)) is neutralised
    assert game.state.buildings["saloon"].is_open is not neutralised


@pytest.mark.rule("CTRL-CONTROL")
def test_CTRL_CONTROL_given_a_hotel_chain_touching_four_of_five_landmarks_when_the_pass_is_scored_then_the_hotel_is_won() -> None:
    game = deal({0: HOTEL_A}, building="hotel", figure=Figure.LADY)

    assert scored(game) == [BuildingScored(seat=0, building="hotel", points=5, rent=1000)]
    assert game.state.buildings["hotel"].status is BuildingStatus.SCORED


@pytest.mark.rule("CTRL-CONTROL")
def test_CTRL_CONTROL_given_two_players_controlling_the_hotel_when_the_duel_round_ends_then_both_contend_for_it() -> None:
    game = deal({0: HOTEL_A, 1: HOTEL_B}, building="hotel", figure=Figure.LADY)
    commit_start(game, START_CARDS)

    recorded = play_out_pass(game)

    (dispute,) = of_type(recorded, DisputeResolved)
    assert (dispute.building, dispute.contenders) == ("hotel", (0, 1))


# -- CTRL-TIMING -----------------------------------------------------------------------------------


@pytest.mark.rule("CTRL-TIMING")
def test_CTRL_TIMING_given_a_chain_completed_in_the_first_setting_round_when_the_pass_goes_on_then_the_building_is_won_only_at_scoring() -> (
    None
):
    chain = example_chain("sheriff")
    game = deal({0: chain[:-1]}, building="sheriff", figure=Figure.COWBOY)
    commit_start(game, START_CARDS)
    when(game, 0, PlayCard(card=LADY_5))

    completing = when(game, 0, BuyStone(building="sheriff", row=chain[-1][0], col=chain[-1][1]))
    assert controllers(BUILDINGS["sheriff"], game.state.buildings["sheriff"].stones) == (0,)
    recorded = completing + when(game, 0, EndTurn()) + play_out_pass(game)

    scoring = next(i for i, e in enumerate(recorded) if isinstance(e, StageBegan) and e.stage is Stage.SCORING)
    assert not of_type(recorded[:scoring], BuildingScored)
    assert [bare(e) for e in of_type(recorded[scoring:], BuildingScored)] == [
        BuildingScored(seat=0, building="sheriff", points=1, rent=200)
    ]


@pytest.mark.rule("CTRL-TIMING")
def test_CTRL_TIMING_given_control_in_the_setting_round_when_an_indian_breaks_the_chain_before_scoring_then_nothing_is_won() -> None:
    chain = example_chain("sheriff")
    game = deal({0: chain}, building="sheriff", hands={1: [COWBOY_5, INDIAN_1, BANDIT_6, BANDIT_7]})
    commit_start(game, START_CARDS)
    when(game, 0, PlayCard(card=LADY_5))
    when(game, 0, EndTurn())
    when(game, 1, PlayCard(card=INDIAN_1))
    row, col = chain[0]

    when(game, 1, RemoveStone(building="sheriff", row=row, col=col))
    recorded = play_out_pass(game)

    assert reached_scoring(recorded)
    assert not of_type(recorded, BuildingScored)
    assert game.state.buildings["sheriff"].is_open
    assert set(game.state.buildings["sheriff"].stones) == set(chain[1:])
