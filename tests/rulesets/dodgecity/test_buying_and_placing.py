"""Buying and placing stones in a setting turn (RULES.md section 6): BUY-PRICE, BUY-3, BUY-FIGURE,
BUY-SUPPLY, PLACE-FIELD, PLACE-CLAIM and PLACE-NEUTRAL.

Most tests deal a 3-player game in which seat 0 holds LADY_7 (so it becomes start player), set up
the board while the start round is still open (so given stones never count toward [BUY-3]), play
the start round, and let seat 0 play LADY_5 (+$500, $2500 in all) to reach its buying step.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

import msgspec
import pytest
from domain.dodgecity.actions import (
    Action,
    BuyStone,
    Done,
    EndTurn,
    PlaceStone,
    PlayCard,
    RemoveStone,
)
from domain.dodgecity.catalog import BUILDINGS, CardKind, Cell, deck
from domain.dodgecity.connectivity import controllers
from domain.dodgecity.decisions import DecisionKind
from domain.dodgecity.figures import STONE_PRICE, Figure
from domain.dodgecity.ruleset import DodgeCityGame
from domain.dodgecity.state import STARTING_MONEY, STONES_PER_COLOUR, BuildingStatus
from domain.events.base import NO_GAME
from domain.events.dodgecity import (
    BuildingClaimed,
    BuildingNeutralised,
    BuildingScored,
    CardResolved,
    DomainEvent,
    EffectOutcome,
    EventEffectEnded,
    MoneyReceived,
    StoneBought,
    StonePlaced,
    Variants,
)

from tests.builders import (
    BANDIT_5,
    BANDIT_6,
    BANDIT_7,
    COWBOY_5,
    COWBOY_6,
    COWBOY_PIC_2,
    COWBOY_PIC_3,
    GUNMAN_5,
    INDIAN_1,
    LADY_5,
    LADY_6,
    LADY_7,
    QUESTION_1,
    SHERIFF_5,
    SHERIFF_6,
    SHERIFF_7,
    commit_start,
    given,
    money,
    names,
    new_game,
    of_type,
    only,
    refused,
    stones,
    when,
)

E = TypeVar("E", bound=DomainEvent)

# Seat 0's LADY_7 beats the others' start cards: seat 0 is start player, then seats 1 and 2.
START_CARDS = {0: LADY_7, 1: COWBOY_5, 2: COWBOY_6}
HANDS = {
    0: [LADY_7, LADY_5, LADY_6, GUNMAN_5],
    1: [COWBOY_5, BANDIT_5, BANDIT_6, BANDIT_7],
    2: [COWBOY_6, SHERIFF_5, SHERIFF_6, SHERIFF_7],
}
AFTER_LADY_5 = STARTING_MONEY + 500

SALOON_CHAIN = [(0, 1), (1, 1), (2, 1), (3, 1), (3, 2), (3, 3), (3, 4)]  # board.json example


# -- helpers ---------------------------------------------------------------------------------------


def deal(
    hands: Mapping[int, Sequence[str]] | None = None,
    *,
    events: Sequence[str] = (),
    variants: Variants | None = None,
) -> DodgeCityGame:
    """Given: a 3-player game in its start round with HANDS, some seats' hands replaced."""
    return new_game(3, hands={**HANDS, **(hands or {})}, events=events, variants=variants)


def begin(game: DodgeCityGame, start_cards: Mapping[int, str] = START_CARDS) -> list[DomainEvent]:
    """The start round is played."""
    return commit_start(game, start_cards)


def to_buying(game: DodgeCityGame, card: str = LADY_5) -> DodgeCityGame:
    """The start round is played and seat 0 plays a number card: it may now buy."""
    begin(game)
    when(game, 0, PlayCard(card=card))
    assert decision_kind(game) is DecisionKind.BUY_STONES
    return game


def buy(game: DodgeCityGame, building: str, cell: Cell, figure: Figure | None = None, seat: int = 0) -> list[DomainEvent]:
    return when(game, seat, BuyStone(building=building, row=cell[0], col=cell[1], figure=figure))


def place(game: DodgeCityGame, building: str, cell: Cell, figure: Figure | None = None) -> list[DomainEvent]:
    return when(game, 0, PlaceStone(building=building, row=cell[0], col=cell[1], figure=figure))


def bare(event: E) -> E:
    """The event without the aggregate's stamp, to compare with an expected event."""
    return msgspec.structs.replace(event, originator_id=NO_GAME, originator_version=0)


def bare_all(events: Iterable[E]) -> list[E]:
    return [bare(e) for e in events]


def decision_kind(game: DodgeCityGame, seat: int = 0) -> DecisionKind:
    (decision,) = [d for d in game.pending() if d.seat == seat]
    return decision.kind


def bought_in(game: DodgeCityGame, seat: int, building: str) -> set[Cell]:
    return {(a.row, a.col) for a in game.legal_actions(seat) if isinstance(a, BuyStone) and a.building == building}


def figures_offered(game: DodgeCityGame, building: str) -> set[Figure | None]:
    """The ``figure`` values of the buys seat 0 is offered into this building."""
    return {a.figure for a in game.legal_actions(0) if isinstance(a, BuyStone) and a.building == building}


def checkerboard(building: str, empty: Iterable[Cell]) -> dict[int, list[Cell]]:
    """Seat 1 on the fields whose row + column is even, seat 2 on the others, except ``empty``:
    no two stones of one colour touch, so nobody controls the building."""
    left = set(empty)
    cells = sorted(BUILDINGS[building].fields - left)
    return {
        1: [c for c in cells if (c[0] + c[1]) % 2 == 0],
        2: [c for c in cells if (c[0] + c[1]) % 2 == 1],
    }


def fill(game: DodgeCityGame, building: str, figure: Figure, by_seat: Mapping[int, Iterable[Cell]]) -> None:
    """Given: the building is claimed for ``figure`` and holds these stones."""
    for seat, cells in by_seat.items():
        stones(game, seat, building, cells, figure)


def play_turn(game: DodgeCityGame, seat: int) -> None:
    """A setting turn of ``seat``: a number card, nothing bought."""
    cards = deck("default_32")
    card = next(c for c in game.state.players[seat].hand if cards[c].kind is CardKind.NUMBER)
    when(game, seat, PlayCard(card=card))
    when(game, seat, EndTurn())


def play_out_pass(game: DodgeCityGame) -> list[DomainEvent]:
    """Every remaining decision of the pass, taken plainly: number cards, no buying, first
    challenge, no stone removed; until the next pass's start round (or the end)."""
    cards = deck("default_32")
    recorded: list[DomainEvent] = []
    while not game.is_over and game.pending():
        decision = game.pending()[0]
        if decision.kind is DecisionKind.COMMIT_START_CARD:
            break
        legal = game.legal_actions(decision.seat)
        action: Action = legal[0]
        if decision.kind is DecisionKind.PLAY_CARD:
            hand = game.state.players[decision.seat].hand
            card = next((c for c in hand if cards[c].kind is CardKind.NUMBER), hand[0])
            action = PlayCard(card=card)
        elif decision.kind is DecisionKind.BUY_STONES:
            action = EndTurn()
        elif Done() in legal:
            action = Done()
        recorded += when(game, decision.seat, action)
    return recorded


# -- BUY-PRICE -------------------------------------------------------------------------------------


@pytest.mark.rule("BUY-PRICE")
@pytest.mark.parametrize(
    ("figure", "price"),
    [
        (Figure.LADY, 300),
        (Figure.GUNMAN, 250),
        (Figure.SHERIFF, 200),
        (Figure.BANDIT, 150),
        (Figure.COWBOY, 100),
    ],
)
def test_BUY_PRICE_given_an_unclaimed_building_when_buying_a_stone_of_a_figure_then_it_costs_that_figures_price(
    figure: Figure, price: int
) -> None:
    game = to_buying(deal())

    recorded = buy(game, "saloon", (1, 1), figure)

    assert bare(only(recorded, StoneBought)) == StoneBought(seat=0, building="saloon", cell=(1, 1), price=price)
    assert game.state.players[0].money == AFTER_LADY_5 - price
    assert STONE_PRICE[figure] == price


@pytest.mark.rule("BUY-PRICE")
def test_BUY_PRICE_given_a_claimed_building_when_buying_without_naming_a_figure_then_its_figures_price_is_paid() -> None:
    game = deal()
    stones(game, 1, "saloon", [(0, 1)], Figure.GUNMAN)
    to_buying(game)

    recorded = buy(game, "saloon", (1, 1)) + buy(game, "saloon", (1, 2))

    assert [e.price for e in of_type(recorded, StoneBought)] == [250, 250]
    assert game.state.players[0].money == AFTER_LADY_5 - 500


@pytest.mark.rule("BUY-PRICE")
def test_BUY_PRICE_given_exactly_the_price_when_buying_then_cash_drops_to_zero_and_nothing_more_can_be_bought() -> None:
    game = deal()
    stones(game, 1, "post", [(0, 0)], Figure.COWBOY)
    to_buying(game)
    money(game, 0, 300)

    buy(game, "saloon", (1, 1), Figure.LADY)

    assert game.state.players[0].money == 0
    refused(game, 0, BuyStone(building="post", row=1, col=1), "BUY-PRICE")
    assert game.legal_actions(0) == [EndTurn()]


@pytest.mark.rule("BUY-PRICE")
def test_BUY_PRICE_given_less_cash_than_the_price_when_buying_then_refused_and_cash_never_goes_below_zero() -> None:
    game = deal()
    stones(game, 1, "saloon", [(0, 1)], Figure.LADY)
    stones(game, 2, "post", [(0, 0)], Figure.COWBOY)
    to_buying(game)
    money(game, 0, 299)

    refused(game, 0, BuyStone(building="saloon", row=1, col=1), "BUY-PRICE")
    refused(game, 0, BuyStone(building="hotel", row=0, col=0, figure=Figure.LADY), "BUY-PRICE")

    assert game.state.players[0].money == 299
    assert not bought_in(game, 0, "saloon")
    assert bought_in(game, 0, "post")
    assert not [a for a in game.legal_actions(0) if isinstance(a, BuyStone) and a.building == "hotel" and a.figure is Figure.LADY]


# -- BUY-3 -----------------------------------------------------------------------------------------


@pytest.mark.rule("BUY-3")
def test_BUY_3_given_three_stones_bought_into_a_building_this_turn_when_buying_a_fourth_then_refused() -> None:
    game = deal()
    stones(game, 1, "saloon", [(0, 1)], Figure.COWBOY)
    to_buying(game)
    for cell in [(1, 1), (1, 2), (1, 3)]:
        buy(game, "saloon", cell)

    refused(game, 0, BuyStone(building="saloon", row=1, col=4), "BUY-3")
    assert not bought_in(game, 0, "saloon")
    assert of_type(buy(game, "post", (0, 0), Figure.COWBOY), StoneBought)


@pytest.mark.rule("BUY-3")
def test_BUY_3_given_a_building_claimed_this_turn_when_buying_a_fourth_stone_there_then_refused() -> None:
    game = to_buying(deal())
    recorded = buy(game, "hotel", (0, 0), Figure.COWBOY)
    recorded += buy(game, "hotel", (0, 1)) + buy(game, "hotel", (0, 3))

    assert names(recorded) == ["BuildingClaimed", "StoneBought", "StoneBought", "StoneBought"]
    refused(game, 0, BuyStone(building="hotel", row=0, col=4), "BUY-3")
    refused(game, 0, BuyStone(building="hotel", row=0, col=4, figure=Figure.COWBOY), "BUY-3")


@pytest.mark.rule("BUY-3")
def test_BUY_3_given_two_picture_stones_in_a_building_when_buying_there_then_only_one_more_is_allowed() -> None:
    game = deal({0: [LADY_7, COWBOY_PIC_2]})
    stones(game, 1, "saloon", [(0, 1)], Figure.COWBOY)
    begin(game)
    when(game, 0, PlayCard(card=COWBOY_PIC_2))
    place(game, "saloon", (1, 1))
    place(game, "saloon", (1, 2))
    assert decision_kind(game) is DecisionKind.BUY_STONES

    assert of_type(buy(game, "saloon", (1, 3)), StoneBought)

    refused(game, 0, BuyStone(building="saloon", row=1, col=4), "BUY-3")


@pytest.mark.rule("BUY-3")
def test_BUY_3_given_two_event_stones_in_own_setting_turn_when_buying_there_then_only_one_more_is_allowed() -> None:
    game = deal({0: [LADY_7, QUESTION_1]}, events=["E30"])  # E30: place two men in one building
    stones(game, 1, "saloon", [(0, 1)], Figure.COWBOY)
    begin(game)
    when(game, 0, PlayCard(card=QUESTION_1))
    place(game, "saloon", (1, 1))
    place(game, "saloon", (1, 2))
    assert decision_kind(game) is DecisionKind.BUY_STONES

    assert of_type(buy(game, "saloon", (1, 3)), StoneBought)

    refused(game, 0, BuyStone(building="saloon", row=1, col=4), "BUY-3")


@pytest.mark.rule("BUY-3")
def test_BUY_3_given_two_event_stones_placed_in_the_start_round_when_buying_in_own_turn_then_three_are_still_allowed() -> None:
    game = deal({0: [QUESTION_1, LADY_5, LADY_6, GUNMAN_5]}, events=["E30"])
    stones(game, 1, "saloon", [(0, 1)], Figure.COWBOY)
    begin(game, {0: QUESTION_1, 1: COWBOY_5, 2: COWBOY_6})  # seat 2 starts; seat 0 draws E30
    place(game, "saloon", (1, 1))
    place(game, "saloon", (1, 2))
    play_turn(game, 2)
    when(game, 0, PlayCard(card=LADY_5))

    recorded = [e for cell in [(1, 3), (1, 4), (1, 5)] for e in buy(game, "saloon", cell)]

    assert len(of_type(recorded, StoneBought)) == 3
    assert sorted(c for c, s in game.state.buildings["saloon"].stones.items() if s == 0) == [
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
        (1, 5),
    ]
    refused(game, 0, BuyStone(building="saloon", row=1, col=0), "BUY-3")


@pytest.mark.rule("BUY-3")
def test_BUY_3_given_three_stones_bought_in_the_first_setting_round_when_buying_in_the_second_then_three_more_are_allowed() -> None:
    game = deal()
    stones(game, 1, "saloon", [(0, 1)], Figure.COWBOY)
    to_buying(game)
    for cell in [(1, 1), (1, 2), (1, 3)]:
        buy(game, "saloon", cell)
    when(game, 0, EndTurn())
    play_turn(game, 1)
    play_turn(game, 2)
    when(game, 0, PlayCard(card=LADY_6))

    recorded = [e for cell in [(1, 4), (1, 5), (1, 0)] for e in buy(game, "saloon", cell)]

    assert len(of_type(recorded, StoneBought)) == 3
    refused(game, 0, BuyStone(building="saloon", row=3, col=0), "BUY-3")


@pytest.mark.rule("BUY-3")
def test_BUY_3_given_another_player_placed_three_stones_in_a_building_when_it_is_my_turn_then_i_may_place_three_there_too() -> None:
    game = deal()
    stones(game, 2, "saloon", [(0, 1)], Figure.COWBOY)
    to_buying(game)
    for cell in [(1, 1), (1, 2), (1, 3)]:
        buy(game, "saloon", cell)
    when(game, 0, EndTurn())
    when(game, 1, PlayCard(card=BANDIT_5))

    recorded = [e for c in [(3, 0), (3, 1), (3, 2)] for e in buy(game, "saloon", c, seat=1)]

    assert [e.seat for e in of_type(recorded, StoneBought)] == [1, 1, 1]
    refused(game, 1, BuyStone(building="saloon", row=3, col=3), "BUY-3")


# -- BUY-FIGURE ------------------------------------------------------------------------------------


@pytest.mark.rule("BUY-FIGURE")
def test_BUY_FIGURE_given_a_cowboy_building_when_buying_a_lady_there_then_refused() -> None:
    game = deal()
    stones(game, 1, "saloon", [(0, 1)], Figure.COWBOY)
    to_buying(game)

    refused(game, 0, BuyStone(building="saloon", row=1, col=1, figure=Figure.LADY), "BUY-FIGURE")

    assert figures_offered(game, "saloon") == {None}
    recorded = buy(game, "saloon", (1, 1), Figure.COWBOY)
    assert bare(only(recorded, StoneBought)).price == 100
    assert not of_type(recorded, BuildingClaimed)
    assert game.state.buildings["saloon"].figure is Figure.COWBOY


# -- BUY-SUPPLY ------------------------------------------------------------------------------------


@pytest.mark.rule("BUY-SUPPLY")
def test_BUY_SUPPLY_given_39_stones_on_the_board_when_buying_the_40th_and_then_another_then_the_second_is_refused() -> None:
    game = deal()
    fill(game, "saloon", Figure.COWBOY, {0: sorted(BUILDINGS["saloon"].fields)})  # 20 fields
    fill(game, "post", Figure.COWBOY, {0: sorted(BUILDINGS["post"].fields)[:19]})
    to_buying(game)
    assert game.state.players[0].on_board == 39

    assert of_type(buy(game, "hotel", (0, 0), Figure.BANDIT), StoneBought)
    assert game.state.players[0].on_board == STONES_PER_COLOUR

    refused(game, 0, BuyStone(building="hotel", row=0, col=1), "BUY-SUPPLY")
    refused(game, 0, BuyStone(building="sheriff", row=0, col=0, figure=Figure.LADY), "BUY-SUPPLY")
    assert game.legal_actions(0) == [EndTurn()]
    assert game.state.players[0].money == AFTER_LADY_5 - 150


@pytest.mark.rule("BUY-SUPPLY")
def test_BUY_SUPPLY_given_39_stones_on_the_board_when_a_picture_gives_three_then_one_is_placed_and_two_are_forfeited() -> None:
    game = deal({0: [LADY_7, COWBOY_PIC_3]})
    fill(game, "saloon", Figure.COWBOY, {0: sorted(BUILDINGS["saloon"].fields)})  # 20 fields
    fill(game, "post", Figure.COWBOY, {0: sorted(BUILDINGS["post"].fields)[:19]})
    begin(game)
    when(game, 0, PlayCard(card=COWBOY_PIC_3))

    last = sorted(BUILDINGS["post"].fields)[19]

    recorded = place(game, "post", last)

    assert bare_all(recorded) == [
        StonePlaced(seat=0, building="post", cell=last, cause=COWBOY_PIC_3),
        CardResolved(seat=0, card=COWBOY_PIC_3, forfeited=2),
    ]
    assert game.state.players[0].on_board == STONES_PER_COLOUR


# -- PLACE-FIELD -----------------------------------------------------------------------------------


@pytest.mark.rule("CTRL-LANDMARK")
@pytest.mark.parametrize("landmark", BUILDINGS["saloon"].landmarks)
def test_PLACE_FIELD_given_a_landmark_field_when_buying_a_stone_onto_it_then_refused_by_CTRL_LANDMARK(
    landmark: Cell,
) -> None:
    game = to_buying(deal())

    row, col = landmark
    action = BuyStone(building="saloon", row=row, col=col, figure=Figure.COWBOY)
    refused(game, 0, action, "CTRL-LANDMARK")
    assert landmark not in bought_in(game, 0, "saloon")


@pytest.mark.rule("PLACE-FIELD")
def test_PLACE_FIELD_given_an_occupied_field_when_buying_onto_it_then_refused() -> None:
    game = deal()
    stones(game, 1, "saloon", [(1, 1)], Figure.COWBOY)
    to_buying(game)

    refused(game, 0, BuyStone(building="saloon", row=1, col=1), "PLACE-FIELD")
    assert (1, 1) not in bought_in(game, 0, "saloon")
    assert game.state.buildings["saloon"].stones == {(1, 1): 1}


@pytest.mark.rule("PLACE-FIELD")
@pytest.mark.parametrize("cell", [(0, 0), (2, 2), (2, 3), (9, 9), (-1, 1)])
def test_PLACE_FIELD_given_a_cell_that_is_not_a_field_of_the_building_when_buying_onto_it_then_refused(
    cell: Cell,
) -> None:
    game = to_buying(deal())

    action = BuyStone(building="saloon", row=cell[0], col=cell[1], figure=Figure.COWBOY)
    refused(game, 0, action, "PLACE-FIELD")


@pytest.mark.rule("PLACE-FIELD")
@pytest.mark.parametrize(
    "closing",
    [
        BuildingNeutralised(building="post"),
        BuildingScored(seat=1, building="post", points=1, rent=200),
    ],
)
def test_PLACE_FIELD_given_a_closed_building_when_buying_into_it_then_refused(closing: DomainEvent) -> None:
    game = deal()
    stones(game, 1, "post", [(0, 0)], Figure.COWBOY)
    given(game, closing)
    to_buying(game)

    refused(game, 0, BuyStone(building="post", row=0, col=0), "PLACE-FIELD")
    refused(game, 0, BuyStone(building="post", row=1, col=1), "PLACE-FIELD")
    assert not bought_in(game, 0, "post")


@pytest.mark.rule("PLACE-FIELD")
def test_PLACE_FIELD_given_a_building_not_in_play_when_buying_into_it_then_refused() -> None:
    game = to_buying(deal())  # three players: no Union Pacific Station

    action = BuyStone(building="union_pacific", row=0, col=0, figure=Figure.COWBOY)
    refused(game, 0, action, "PLACE-FIELD")


@pytest.mark.rule("PLACE-FIELD")
def test_PLACE_FIELD_given_stones_far_apart_when_buying_them_then_no_adjacency_is_needed() -> None:
    game = deal()
    stones(game, 1, "saloon", [(2, 1)], Figure.COWBOY)
    to_buying(game)

    recorded = buy(game, "saloon", (0, 4)) + buy(game, "saloon", (4, 1))
    recorded += buy(game, "hotel", (5, 5), Figure.BANDIT)

    assert [(e.building, e.cell) for e in of_type(recorded, StoneBought)] == [
        ("saloon", (0, 4)),
        ("saloon", (4, 1)),
        ("hotel", (5, 5)),
    ]


@pytest.mark.rule("PLACE-FIELD")
def test_PLACE_FIELD_given_a_picture_card_when_placing_on_a_landmark_or_an_occupied_field_then_refused() -> None:
    game = deal({0: [LADY_7, COWBOY_PIC_3]})
    stones(game, 1, "saloon", [(1, 1)], Figure.COWBOY)
    begin(game)
    when(game, 0, PlayCard(card=COWBOY_PIC_3))

    refused(game, 0, PlaceStone(building="saloon", row=0, col=2), "CTRL-LANDMARK")
    refused(game, 0, PlaceStone(building="saloon", row=1, col=1), "PLACE-FIELD")
    refused(game, 0, PlaceStone(building="saloon", row=2, col=2), "PLACE-FIELD")


# -- PLACE-CLAIM -----------------------------------------------------------------------------------


@pytest.mark.rule("PLACE-CLAIM")
def test_PLACE_CLAIM_given_an_unclaimed_building_when_the_first_stone_is_bought_then_it_is_claimed_for_the_named_figure() -> None:
    game = to_buying(deal())

    recorded = buy(game, "post", (1, 1), Figure.SHERIFF)

    assert bare_all(recorded) == [
        BuildingClaimed(seat=0, building="post", figure=Figure.SHERIFF),
        StoneBought(seat=0, building="post", cell=(1, 1), price=200),
    ]
    assert game.state.buildings["post"].figure is Figure.SHERIFF
    assert game.state.symbol_discs_used == {Figure.SHERIFF: 1}
    assert not of_type(buy(game, "post", (1, 2)), BuildingClaimed)


@pytest.mark.rule("PLACE-CLAIM")
def test_PLACE_CLAIM_given_an_unclaimed_building_when_buying_without_naming_a_figure_then_refused() -> None:
    game = to_buying(deal())

    refused(game, 0, BuyStone(building="post", row=1, col=1), "PLACE-CLAIM")
    assert game.state.buildings["post"].figure is None


@pytest.mark.rule("PLACE-CLAIM")
def test_PLACE_CLAIM_given_an_event_stone_without_a_figure_when_it_goes_into_an_unclaimed_building_then_the_placer_chooses_the_figure() -> (
    None
):
    game = deal({0: [LADY_7, QUESTION_1]}, events=["E30"])  # E30: place two men in one building
    begin(game)
    when(game, 0, PlayCard(card=QUESTION_1))

    recorded = place(game, "hotel", (0, 0), Figure.BANDIT)

    assert bare_all(recorded) == [
        BuildingClaimed(seat=0, building="hotel", figure=Figure.BANDIT),
        StonePlaced(seat=0, building="hotel", cell=(0, 0), cause="E30"),
    ]
    assert game.state.buildings["hotel"].figure is Figure.BANDIT


@pytest.mark.rule("PLACE-CLAIM")
def test_PLACE_CLAIM_given_a_claimed_building_when_scored_then_its_value_is_the_figures_value() -> None:
    game = to_buying(deal())
    chain = [(1, 1), (1, 2), (1, 3), (2, 1), (3, 1), (3, 2)]  # board.json example for the sheriff
    buy(game, "sheriff", chain[0], Figure.GUNMAN)
    stones(game, 0, "sheriff", chain[1:])
    when(game, 0, EndTurn())

    recorded = play_out_pass(game)

    assert bare_all(of_type(recorded, BuildingScored)) == [BuildingScored(seat=0, building="sheriff", points=4, rent=800)]
    assert game.state.players[0].points == 4


@pytest.mark.rule("PLACE-CLAIM")
def test_PLACE_CLAIM_given_a_claimed_building_emptied_by_an_indian_when_buying_there_then_it_keeps_its_figure() -> None:
    game = deal({1: [COWBOY_5, INDIAN_1]})
    to_buying(game)
    buy(game, "saloon", (1, 1), Figure.SHERIFF)
    when(game, 0, EndTurn())
    when(game, 1, PlayCard(card=INDIAN_1))
    when(game, 1, RemoveStone(building="saloon", row=1, col=1))  # no opposing stone is left
    assert game.state.buildings["saloon"].stones == {}

    refused(game, 1, BuyStone(building="saloon", row=1, col=1, figure=Figure.LADY), "BUY-FIGURE")
    recorded = buy(game, "saloon", (1, 1), seat=1)

    assert names(recorded) == ["StoneBought"]
    assert bare(only(recorded, StoneBought)).price == 200
    assert game.state.buildings["saloon"].figure is Figure.SHERIFF
    assert game.state.symbol_discs_used == {Figure.SHERIFF: 1}


@pytest.mark.rule("PLACE-CLAIM")
def test_PLACE_CLAIM_given_both_lady_discs_used_when_claiming_a_third_building_for_ladies_then_refused() -> None:
    game = deal()
    stones(game, 1, "saloon", [(0, 1)], Figure.LADY)
    stones(game, 2, "post", [(0, 0)], Figure.LADY)
    to_buying(game)

    refused(game, 0, BuyStone(building="hotel", row=0, col=0, figure=Figure.LADY), "PLACE-CLAIM")

    assert figures_offered(game, "hotel") == {
        Figure.GUNMAN,
        Figure.SHERIFF,
        Figure.BANDIT,
        Figure.COWBOY,
    }


@pytest.mark.rule("PLACE-CLAIM")
def test_PLACE_CLAIM_given_a_lady_building_neutralised_when_claiming_for_ladies_again_then_its_disc_is_still_used() -> None:
    game = deal()
    fill(game, "saloon", Figure.LADY, checkerboard("saloon", empty=[(4, 4)]))
    stones(game, 2, "post", [(0, 0)], Figure.LADY)
    to_buying(game)

    assert of_type(buy(game, "saloon", (4, 4)), BuildingNeutralised)

    assert game.state.symbol_discs_used[Figure.LADY] == 2
    refused(game, 0, BuyStone(building="hotel", row=0, col=0, figure=Figure.LADY), "PLACE-CLAIM")


# -- PLACE-NEUTRAL ---------------------------------------------------------------------------------


@pytest.mark.rule("PLACE-NEUTRAL")
def test_PLACE_NEUTRAL_given_one_free_field_and_no_controller_when_the_last_stone_is_bought_then_the_building_is_neutralised() -> None:
    game = deal()
    board = checkerboard("saloon", empty=[(4, 4)])
    fill(game, "saloon", Figure.COWBOY, board)
    assert not controllers(BUILDINGS["saloon"], game.state.buildings["saloon"].stones)
    to_buying(game)

    recorded = buy(game, "saloon", (4, 4))

    assert bare_all(recorded) == [
        StoneBought(seat=0, building="saloon", cell=(4, 4), price=100),
        BuildingNeutralised(building="saloon"),
    ]
    saloon = game.state.buildings["saloon"]
    assert saloon.status is BuildingStatus.NEUTRAL
    assert saloon.stones == {}
    assert [p.on_board for p in game.state.players] == [0, 0, 0]
    assert game.state.players[0].money == AFTER_LADY_5 - 100  # no refund
    assert game.state.symbol_discs_used[Figure.COWBOY] == 1
    refused(game, 0, BuyStone(building="saloon", row=4, col=4), "PLACE-FIELD")


@pytest.mark.rule("PLACE-NEUTRAL")
def test_PLACE_NEUTRAL_given_one_free_field_and_a_controller_when_the_last_stone_is_bought_then_the_building_stays_open() -> None:
    game = deal()
    others = sorted(BUILDINGS["saloon"].fields - {*SALOON_CHAIN, (4, 4)})
    fill(game, "saloon", Figure.COWBOY, {1: SALOON_CHAIN, 2: others})
    assert controllers(BUILDINGS["saloon"], game.state.buildings["saloon"].stones) == (1,)
    to_buying(game)

    recorded = buy(game, "saloon", (4, 4))

    assert names(recorded) == ["StoneBought"]
    saloon = game.state.buildings["saloon"]
    assert saloon.status is BuildingStatus.OPEN
    assert len(saloon.stones) == len(BUILDINGS["saloon"].fields)
    assert game.state.players[1].on_board == len(SALOON_CHAIN)


@pytest.mark.rule("PLACE-NEUTRAL")
def test_PLACE_NEUTRAL_given_one_free_field_when_the_last_stone_completes_the_buyers_chain_then_the_building_stays_open() -> None:
    game = deal()
    last = (3, 4)  # the chain's stone beside the dollar
    others = sorted(BUILDINGS["saloon"].fields - set(SALOON_CHAIN))
    fill(game, "saloon", Figure.COWBOY, {0: SALOON_CHAIN[:-1], 2: others})
    assert SALOON_CHAIN[-1] == last
    assert controllers(BUILDINGS["saloon"], game.state.buildings["saloon"].stones) == ()
    to_buying(game)

    recorded = buy(game, "saloon", last)

    assert names(recorded) == ["StoneBought"]
    assert game.state.buildings["saloon"].status is BuildingStatus.OPEN
    assert controllers(BUILDINGS["saloon"], game.state.buildings["saloon"].stones) == (0,)


@pytest.mark.rule("PLACE-NEUTRAL")
def test_PLACE_NEUTRAL_given_two_free_fields_when_a_picture_fills_them_then_neutralised_after_the_second_stone_and_the_third_is_forfeited() -> (
    None
):
    game = deal({0: [LADY_7, COWBOY_PIC_3]})
    fill(game, "saloon", Figure.COWBOY, checkerboard("saloon", empty=[(1, 0), (4, 4)]))
    begin(game)
    when(game, 0, PlayCard(card=COWBOY_PIC_3))

    first = place(game, "saloon", (1, 0))
    second = place(game, "saloon", (4, 4))

    assert names(first) == ["StonePlaced"]
    assert bare_all(second) == [
        StonePlaced(seat=0, building="saloon", cell=(4, 4), cause=COWBOY_PIC_3),
        BuildingNeutralised(building="saloon"),
        CardResolved(seat=0, card=COWBOY_PIC_3, forfeited=1),
    ]
    assert game.state.buildings["saloon"].status is BuildingStatus.NEUTRAL
    assert decision_kind(game) is DecisionKind.BUY_STONES


@pytest.mark.rule("PLACE-NEUTRAL")
def test_PLACE_NEUTRAL_given_one_free_field_in_the_hotel_when_an_event_places_two_stones_there_then_the_second_is_forfeited() -> None:
    game = deal({0: [LADY_7, QUESTION_1]}, events=["E22"])  # E22: place two men in the hotel
    fill(game, "hotel", Figure.BANDIT, checkerboard("hotel", empty=[(0, 0)]))
    assert not controllers(BUILDINGS["hotel"], game.state.buildings["hotel"].stones)
    begin(game)
    when(game, 0, PlayCard(card=QUESTION_1))

    recorded = place(game, "hotel", (0, 0))

    assert names(recorded) == [
        "StonePlaced",
        "BuildingNeutralised",
        "EventEffectEnded",
        "EventCardResolved",
        "CardResolved",
    ]
    assert bare(only(recorded, EventEffectEnded)).outcome is EffectOutcome.PARTIAL
    assert game.state.buildings["hotel"].status is BuildingStatus.NEUTRAL
    assert game.state.players[0].on_board == 0
    assert not of_type(recorded, MoneyReceived)
