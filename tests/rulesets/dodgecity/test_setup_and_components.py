"""Components and setup (RULES.md sections 1 and 2): stones, the two decks, symbol discs, the bank,
joining and starting a game, the starting money, the deal, the buildings in play, and the recorded
randomness that lets a game replay without a random source.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from uuid import UUID

import pytest
from domain.aggregates.game import Game, project_game
from domain.dodgecity.actions import BuyStone, EndTurn, PlayCard
from domain.dodgecity.catalog import EVENT_ORDER, CardKind, deck
from domain.dodgecity.figures import Figure
from domain.dodgecity.ruleset import DODGECITY, DodgeCityGame, open_game
from domain.errors import RuleViolation
from domain.events.dodgecity import (
    BuildingClaimed,
    BuildingScored,
    CardsDealt,
    Colour,
    DomainEvent,
    DrawPileShuffled,
    EventPileShuffled,
    GameStarted,
    MoneyReceived,
    PassBegan,
    PlayerJoined,
    Stage,
    StageBegan,
    StartPlayerChosen,
    StoneBought,
    TurnBegan,
    Variants,
)
from domain.random_source import RandomSource

from tests.builders import (
    BANDIT_5,
    BANDIT_6,
    BANDIT_7,
    COWBOY_5,
    COWBOY_6,
    COWBOY_7,
    GUNMAN_7,
    LADY_5,
    LADY_6,
    LADY_7,
    QUESTION_1,
    QUESTION_2,
    SHERIFF_5,
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

BUILDINGS_2_3 = ("saloon", "post", "hotel", "sheriff")
BUILDINGS_4 = (*BUILDINGS_2_3, "union_pacific")
BUILDINGS_5 = (*BUILDINGS_4, "drugstore", "bank")

#: One minimal chain of stones that connects the Sheriff's Office's four landmarks (board.json).
SHERIFF_CHAIN = [(1, 1), (1, 2), (1, 3), (2, 1), (3, 1), (3, 2)]


def seeded_game(players: int, *, seed: str = "seed") -> DodgeCityGame:
    """A game created, joined and started with the engine's own seeded random source."""
    game = open_game(UUID(int=7), seed=seed, max_players=players)
    for seat in range(players):
        game.join(f"player{seat}")
    game.start()
    return game


def lobby(max_players: int = 5) -> DodgeCityGame:
    game = open_game(UUID(int=8), seed="lobby", max_players=max_players)
    game.collect_events()
    return game


def refused_in_lobby(game: DodgeCityGame, attempt: Callable[[], object], rule: str) -> None:
    """Then: a lobby command (join, start) is refused by ``rule`` and records nothing."""
    version = game.version
    with pytest.raises(RuleViolation) as refusal:
        attempt()
    assert refusal.value.rule == rule
    assert game.version == version
    assert game.collect_events() == []


def drive(game: DodgeCityGame, steps: int) -> None:
    """Play ``steps`` actions, each a legal action picked by a fixed rule (no randomness)."""
    for step in range(steps):
        if game.is_over:
            return
        seat = game.pending()[0].seat
        actions = game.legal_actions(seat)
        game.act(seat, actions[step % len(actions)])


def no_random(seed: str) -> RandomSource:
    """A random factory for replays: any call means a replay tried to draw at random."""
    raise AssertionError(f"a replay asked for a random source (seed {seed!r})")


def at_buy_step() -> DodgeCityGame:
    """A game in seat 0's first setting turn, after his number card: he may buy stones now."""
    game = new_game(
        3,
        hands={0: [LADY_7, COWBOY_5], 1: [LADY_6, BANDIT_5], 2: [LADY_5, SHERIFF_5]},
    )
    commit_start(game, {0: LADY_7, 1: LADY_6, 2: LADY_5})
    when(game, 0, PlayCard(card=COWBOY_5))
    return game


# -- [COMP-STONES] ---------------------------------------------------------------------------------


@pytest.mark.rule("COMP-STONES")
def test_COMP_STONES_given_five_players_then_five_colours_with_forty_stones_each() -> None:
    game = new_game(5)

    assert {player.colour for player in game.state.players} == set(Colour)
    assert len(Colour) == 5
    assert [player.supply for player in game.state.players] == [40] * 5
    assert [player.on_board for player in game.state.players] == [0] * 5


@pytest.mark.rule("COMP-STONES")
def test_COMP_STONES_when_buying_a_stone_then_it_takes_the_figure_of_its_building() -> None:
    game = at_buy_step()
    given(game, BuildingClaimed(seat=1, building="hotel", figure=Figure.LADY))
    lady_field = next((a.row, a.col) for a in game.legal_actions(0) if isinstance(a, BuyStone) and a.building == "hotel")

    recorded = when(game, 0, BuyStone(building="hotel", row=lady_field[0], col=lady_field[1]))

    assert names(recorded) == ["StoneBought"]
    assert only(recorded, StoneBought).price == 300  # a lady stone, by the building's figure
    assert game.state.buildings["hotel"].stones[lady_field] == 0
    assert game.state.players[0].supply == 39


# -- [COMP-DECK] -----------------------------------------------------------------------------------


@pytest.mark.rule("COMP-DECK")
def test_COMP_DECK_default_deck_has_15_number_10_picture_3_indian_and_4_question_cards() -> None:
    cards = list(deck("default_32").values())

    assert len(cards) == 32
    assert Counter(c.kind for c in cards) == {
        CardKind.NUMBER: 15,
        CardKind.PICTURE: 10,
        CardKind.INDIAN: 3,
        CardKind.QUESTION: 4,
    }
    numbers = {(c.figure, c.value) for c in cards if c.kind is CardKind.NUMBER}
    pictures = {(c.figure, c.value) for c in cards if c.kind is CardKind.PICTURE}
    assert numbers == {(f, v) for f in Figure for v in (5, 6, 7)}
    assert pictures == {(f, v) for f in Figure for v in (2, 3)}
    assert all(c.figure is None for c in cards if c.kind in (CardKind.INDIAN, CardKind.QUESTION))


@pytest.mark.rule("COMP-DECK")
def test_COMP_DECK_variant_44_has_25_number_10_picture_4_indian_and_5_question_cards() -> None:
    cards = list(deck("variant_44").values())

    assert len(cards) == 44
    assert Counter(c.kind for c in cards) == {
        CardKind.NUMBER: 25,
        CardKind.PICTURE: 10,
        CardKind.INDIAN: 4,
        CardKind.QUESTION: 5,
    }
    numbers = {(c.figure, c.value) for c in cards if c.kind is CardKind.NUMBER}
    pictures = {(c.figure, c.value) for c in cards if c.kind is CardKind.PICTURE}
    assert numbers == {(f, v) for f in Figure for v in (4, 5, 6, 7, 8)}
    assert pictures == {(f, v) for f in Figure for v in (2, 3)}


@pytest.mark.rule("COMP-DECK")
@pytest.mark.parametrize(("deck_name", "size"), [("default_32", 32), ("variant_44", 44)])
def test_COMP_DECK_given_a_deck_variant_when_the_game_starts_then_that_whole_deck_is_shuffled(deck_name: str, size: int) -> None:
    game = open_game(UUID(int=9), seed="deck", max_players=2, variants=Variants(deck=deck_name))
    game.join("a")
    game.join("b")
    game.start()

    shuffle = only(game.collect_events(), DrawPileShuffled)
    assert len(shuffle.order) == size
    assert sorted(shuffle.order) == sorted(deck(deck_name))


@pytest.mark.rule("COMP-DECK")
def test_COMP_DECK_when_creating_a_game_with_an_unknown_deck_then_refused() -> None:
    with pytest.raises(RuleViolation) as refusal:
        open_game(UUID(int=10), seed="x", variants=Variants(deck="pinochle"))

    assert refusal.value.rule == "COMP-DECK"


# -- [COMP-EVENTS] ---------------------------------------------------------------------------------


@pytest.mark.rule("COMP-EVENTS")
def test_COMP_EVENTS_when_the_game_starts_then_the_event_pile_holds_all_32_event_cards() -> None:
    game = seeded_game(3)

    shuffle = only(game.collect_events(), EventPileShuffled)
    assert len(EVENT_ORDER) == 32
    assert sorted(shuffle.order) == sorted(EVENT_ORDER)
    assert sorted(shuffle.order) == [f"E{n:02d}" for n in range(1, 33)]
    assert game.state.event_pile == list(shuffle.order)
    assert game.state.event_discard == []


# -- [COMP-DISCS] ----------------------------------------------------------------------------------


@pytest.mark.rule("COMP-DISCS")
def test_COMP_DISCS_given_two_lady_buildings_when_buying_then_no_third_lady_is_claimable() -> None:
    game = at_buy_step()
    given(
        game,
        BuildingClaimed(seat=1, building="saloon", figure=Figure.LADY),
        BuildingClaimed(seat=2, building="post", figure=Figure.LADY),
    )

    claims = {(a.building, a.figure) for a in game.legal_actions(0) if isinstance(a, BuyStone) and a.building in ("hotel", "sheriff")}
    assert claims == {(b, f) for b in ("hotel", "sheriff") for f in Figure if f is not Figure.LADY}
    refused(game, 0, BuyStone(building="hotel", row=0, col=0, figure=Figure.LADY), "PLACE-CLAIM")
    assert game.state.buildings["hotel"].figure is None


@pytest.mark.rule("COMP-DISCS")
def test_COMP_DISCS_given_one_lady_building_when_buying_then_a_second_lady_may_be_claimed() -> None:
    game = at_buy_step()
    given(game, BuildingClaimed(seat=1, building="saloon", figure=Figure.LADY))

    recorded = when(game, 0, BuyStone(building="hotel", row=0, col=0, figure=Figure.LADY))

    claim = only(recorded, BuildingClaimed)
    assert (claim.seat, claim.building, claim.figure) == (0, "hotel", Figure.LADY)
    assert game.state.symbol_discs_used[Figure.LADY] == 2
    assert not any(isinstance(a, BuyStone) and a.figure is Figure.LADY for a in game.legal_actions(0))


@pytest.mark.rule("COMP-DISCS")
def test_COMP_DISCS_given_a_lady_building_was_scored_then_its_disc_stays_used() -> None:
    game = at_buy_step()
    given(
        game,
        BuildingClaimed(seat=1, building="saloon", figure=Figure.LADY),
        BuildingClaimed(seat=2, building="post", figure=Figure.LADY),
        BuildingScored(seat=1, building="saloon", points=5, rent=1000),
    )

    refused(game, 0, BuyStone(building="hotel", row=0, col=0, figure=Figure.LADY), "PLACE-CLAIM")
    assert not any(isinstance(a, BuyStone) and a.figure is Figure.LADY for a in game.legal_actions(0))


# -- [COMP-BANK] -----------------------------------------------------------------------------------


@pytest.mark.rule("COMP-BANK")
def test_COMP_BANK_given_players_already_rich_when_a_number_card_is_played_then_bank_pays() -> None:
    game = new_game(3, hands={0: [LADY_7, GUNMAN_7], 1: [LADY_6], 2: [LADY_5]})
    for seat in range(3):
        money(game, seat, 10_000_000)
    commit_start(game, {0: LADY_7, 1: LADY_6, 2: LADY_5})

    recorded = when(game, 0, PlayCard(card=GUNMAN_7))

    received = only(recorded, MoneyReceived)
    assert (received.seat, received.amount) == (0, 700)
    assert game.state.players[0].money == 10_000_700


@pytest.mark.rule("COMP-BANK")
def test_COMP_BANK_given_a_sole_controller_when_scoring_then_the_full_rent_is_paid() -> None:
    game = new_game(
        2,
        hands={
            0: [LADY_7, COWBOY_5, COWBOY_6, COWBOY_7],
            1: [LADY_6, BANDIT_5, BANDIT_6, BANDIT_7],
        },
    )
    for seat in range(2):
        money(game, seat, 5_000_000)
    stones(game, 0, "sheriff", SHERIFF_CHAIN, figure=Figure.LADY)
    commit_start(game, {0: LADY_7, 1: LADY_6})
    recorded: list[DomainEvent] = []
    for card_0, card_1 in ((COWBOY_5, BANDIT_5), (COWBOY_6, BANDIT_6)):
        recorded += when(game, 0, PlayCard(card=card_0)) + when(game, 0, EndTurn())
        recorded += when(game, 1, PlayCard(card=card_1)) + when(game, 1, EndTurn())

    scored = only(recorded, BuildingScored)
    assert (scored.seat, scored.building, scored.points, scored.rent) == (0, "sheriff", 5, 1000)
    assert game.state.players[0].money == 5_000_000 + 500 + 600 + 1000
    assert game.state.players[0].points == 5


# -- [SETUP-PLAYERS] -------------------------------------------------------------------------------


@pytest.mark.rule("SETUP-PLAYERS")
def test_SETUP_PLAYERS_when_five_join_then_seats_follow_join_order_and_colours_differ() -> None:
    game = lobby()

    seats = [game.join(name) for name in ("ann", "bob", "cy", "dee", "eve")]

    joined = of_type(game.collect_events(), PlayerJoined)
    assert seats == [0, 1, 2, 3, 4]
    assert [(e.seat, e.name) for e in joined] == list(enumerate(["ann", "bob", "cy", "dee", "eve"]))
    assert len({e.colour for e in joined}) == 5
    assert [p.name for p in game.state.players] == ["ann", "bob", "cy", "dee", "eve"]


@pytest.mark.rule("SETUP-PLAYERS")
def test_SETUP_PLAYERS_when_joining_with_a_chosen_colour_then_that_colour_is_taken() -> None:
    game = lobby()

    game.join("ann", Colour.BLACK)
    game.join("bob")

    joined = of_type(game.collect_events(), PlayerJoined)
    assert joined[0].colour is Colour.BLACK
    assert joined[1].colour is not Colour.BLACK


@pytest.mark.rule("SETUP-PLAYERS")
def test_SETUP_PLAYERS_given_a_colour_taken_when_joining_with_it_then_refused() -> None:
    game = lobby()
    game.join("ann", Colour.GREEN)
    game.collect_events()

    refused_in_lobby(game, lambda: game.join("bob", Colour.GREEN), "SETUP-PLAYERS")
    assert len(game.state.players) == 1


@pytest.mark.rule("SETUP-PLAYERS")
def test_SETUP_PLAYERS_given_five_seated_when_a_sixth_joins_then_refused() -> None:
    game = lobby(max_players=5)
    for name in ("ann", "bob", "cy", "dee", "eve"):
        game.join(name)
    game.collect_events()

    refused_in_lobby(game, lambda: game.join("fay"), "SETUP-PLAYERS")
    assert len(game.state.players) == 5


@pytest.mark.rule("SETUP-PLAYERS")
@pytest.mark.parametrize("max_players", [1, 6])
def test_SETUP_PLAYERS_when_creating_a_game_for_fewer_than_2_or_more_than_5_then_refused(
    max_players: int,
) -> None:
    with pytest.raises(RuleViolation) as refusal:
        open_game(UUID(int=11), seed="x", max_players=max_players)

    assert refusal.value.rule == "SETUP-PLAYERS"


@pytest.mark.rule("SETUP-PLAYERS")
def test_SETUP_PLAYERS_given_one_player_when_starting_then_refused() -> None:
    game = lobby()
    game.join("ann")
    game.collect_events()

    refused_in_lobby(game, game.start, "SETUP-PLAYERS")
    assert game.pending() == []


@pytest.mark.rule("SETUP-PLAYERS")
def test_SETUP_PLAYERS_given_a_started_game_when_another_player_joins_then_refused() -> None:
    game = lobby(max_players=5)
    game.join("ann")
    game.join("bob")
    game.start()
    game.collect_events()

    refused_in_lobby(game, lambda: game.join("cy"), "SETUP-PLAYERS")
    assert len(game.state.players) == 2


@pytest.mark.rule("SETUP-PLAYERS")
def test_SETUP_PLAYERS_given_seat_1_starts_then_setting_turns_go_clockwise_by_seat() -> None:
    game = new_game(
        3,
        hands={0: [LADY_5, COWBOY_5], 1: [LADY_7, BANDIT_5], 2: [LADY_6, SHERIFF_5]},
    )
    recorded = commit_start(game, {0: LADY_5, 1: LADY_7, 2: LADY_6})
    for seat, card in ((1, BANDIT_5), (2, SHERIFF_5), (0, COWBOY_5)):
        recorded += when(game, seat, PlayCard(card=card)) + when(game, seat, EndTurn())

    assert [e.seat for e in of_type(recorded, StartPlayerChosen)] == [1]
    assert game.state.order == (1, 2, 0)
    turns = [e.seat for e in of_type(recorded, TurnBegan)]
    assert turns == [1, 2, 0, 1]  # the second setting round begins with the start player again


# -- [SETUP-MONEY] ---------------------------------------------------------------------------------


@pytest.mark.rule("SETUP-MONEY")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_SETUP_MONEY_when_the_game_starts_then_every_player_has_2000(players: int) -> None:
    game = seeded_game(players)

    assert only(game.collect_events(), GameStarted).money_each == 2000
    assert [p.money for p in game.state.players] == [2000] * players


# -- [SETUP-DEAL] ----------------------------------------------------------------------------------


@pytest.mark.rule("SETUP-DEAL")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_SETUP_DEAL_when_the_game_starts_then_four_cards_each_and_the_rest_is_the_draw_pile(
    players: int,
) -> None:
    game = seeded_game(players)

    recorded = game.collect_events()
    order = only(recorded, DrawPileShuffled).order
    dealt = of_type(recorded, CardsDealt)
    assert sorted(e.seat for e in dealt) == list(range(players))
    assert all(len(e.cards) == 4 for e in dealt)
    assert {c for e in dealt for c in e.cards} == set(order[: 4 * players])
    assert [sorted(p.hand) for p in game.state.players] == [
        sorted(next(e.cards for e in dealt if e.seat == p.seat)) for p in game.state.players
    ]
    assert game.state.draw_pile == list(order[4 * players :])
    assert len(game.state.draw_pile) == 32 - 4 * players
    assert game.state.discard == []


@pytest.mark.rule("SETUP-DEAL")
def test_SETUP_DEAL_when_the_game_starts_then_both_piles_are_shuffled_before_the_deal() -> None:
    game = seeded_game(3)

    recorded = names(game.collect_events())
    assert recorded == [
        "GameCreated",
        "PlayerJoined",
        "PlayerJoined",
        "PlayerJoined",
        "GameStarted",
        "DrawPileShuffled",
        "EventPileShuffled",
        "PassBegan",
        "CardsDealt",
        "CardsDealt",
        "CardsDealt",
        "StageBegan",
    ]
    assert game.state.stage is Stage.START_ROUND
    assert game.state.pass_number == 1


# -- [SETUP-BOARD] ---------------------------------------------------------------------------------


@pytest.mark.rule("SETUP-BOARD")
@pytest.mark.parametrize(
    ("players", "buildings"),
    [(2, BUILDINGS_2_3), (3, BUILDINGS_2_3), (4, BUILDINGS_4), (5, BUILDINGS_5)],
)
def test_SETUP_BOARD_when_the_game_starts_then_the_buildings_for_that_player_count_are_in_play(
    players: int, buildings: tuple[str, ...]
) -> None:
    game = seeded_game(players)

    assert set(only(game.collect_events(), GameStarted).buildings) == set(buildings)
    assert set(game.state.buildings) == set(buildings)
    for building in game.state.buildings.values():
        assert building.is_open
        assert building.figure is None
        assert not building.stones


@pytest.mark.rule("SETUP-BOARD")
def test_SETUP_BOARD_given_three_players_when_buying_into_the_station_then_refused() -> None:
    game = at_buy_step()

    assert not any(isinstance(a, BuyStone) and a.building in ("union_pacific", "drugstore", "bank") for a in game.legal_actions(0))
    refused(
        game,
        0,
        BuyStone(building="union_pacific", row=0, col=0, figure=Figure.COWBOY),
        "PLACE-FIELD",
    )


# -- [SETUP-RANDOM] --------------------------------------------------------------------------------


@pytest.mark.rule("SETUP-RANDOM")
def test_SETUP_RANDOM_when_the_game_starts_then_the_deal_follows_the_recorded_shuffles() -> None:
    game = seeded_game(4)

    recorded = game.collect_events()
    draw = only(recorded, DrawPileShuffled)
    events = only(recorded, EventPileShuffled)
    assert draw.from_discard is False
    assert events.from_discard is False
    assert names(recorded).index("DrawPileShuffled") < names(recorded).index("PassBegan")
    dealt = [c for e in of_type(recorded, CardsDealt) for c in e.cards]
    assert dealt + game.state.draw_pile == list(draw.order)
    assert game.state.event_pile == list(events.order)
    assert only(recorded, PassBegan).number == 1


@pytest.mark.rule("SETUP-RANDOM")
def test_SETUP_RANDOM_given_the_same_seed_and_actions_then_the_events_are_identical() -> None:
    first, second = seeded_game(4, seed="same"), seeded_game(4, seed="same")
    drive(first, 300)
    drive(second, 300)

    first_events, second_events = first.collect_events(), second.collect_events()
    assert len(first_events) > 300
    assert first_events == second_events


@pytest.mark.rule("SETUP-RANDOM")
def test_SETUP_RANDOM_given_different_seeds_then_the_shuffles_differ() -> None:
    first, second = seeded_game(4, seed="one"), seeded_game(4, seed="two")

    one, two = first.collect_events(), second.collect_events()
    assert only(one, DrawPileShuffled).order != only(two, DrawPileShuffled).order
    assert only(one, EventPileShuffled).order != only(two, EventPileShuffled).order
    assert [p.hand for p in first.state.players] != [p.hand for p in second.state.players]


@pytest.mark.rule("SETUP-RANDOM")
def test_SETUP_RANDOM_when_replaying_the_recorded_events_then_no_random_source_is_needed() -> None:
    game = seeded_game(2, seed="replay")
    drive(game, 1500)
    history = game.collect_events()
    assert game.is_over, "a whole game, played to its end"
    assert any(e.from_discard for e in of_type(history, DrawPileShuffled)), "with reshuffles"
    assert any(e.by_lot for e in of_type(history, StartPlayerChosen)), "and lots"

    replayed: DodgeCityGame = project_game(Game(game.id, DODGECITY, random_factory=no_random), history)

    assert replayed is not None
    assert replayed.version == game.version
    assert replayed.state == game.state
    assert replayed.pending() == game.pending()


@pytest.mark.rule("SETUP-RANDOM")
def test_SETUP_RANDOM_when_a_lot_decides_the_start_player_then_its_result_is_recorded() -> None:
    game = new_game(2, hands={0: [QUESTION_1], 1: [QUESTION_2]}, picks=[1])

    recorded = commit_start(game, {0: QUESTION_1, 1: QUESTION_2})

    chosen = only(recorded, StartPlayerChosen)
    assert (chosen.seat, chosen.tied, chosen.by_lot) == (1, (0, 1), True)
    assert game.state.start_player == 1
    assert of_type(recorded, StageBegan)[-1].stage is Stage.SETTING_ROUND_1
