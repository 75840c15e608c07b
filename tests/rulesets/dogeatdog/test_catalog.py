"""The printed material (RULES.md sections 1-3 and 8-9, ``board.json``, ``cards.json``): what the
catalog loads matches the counts and the layout the rules state, and every record says whether it
is the original's or our design (section 23)."""

from __future__ import annotations

from collections import Counter

from domain.dogeatdog.catalog import (
    EventKind,
    LawTrigger,
    Product,
    Raw,
    Source,
    SpaceKind,
    board,
    divisions,
    home_space,
    red_tape,
    squares,
)
from domain.dogeatdog.effects import CancelEmbezzlement, ExtraFee, PerUnitFee, SetRate

SEED_SPACES = {
    "Geneva",
    "Taxes",
    "Strike",
    "Green City",
    "Las Naugas",
    "New Roark",
    "Grand Forge",
    "Boomtown",
    "Clearview",
}


def test_given_the_red_tape_cards_then_40_of_them_9_officials_and_31_events_comp_redtape() -> None:
    cards = red_tape()
    assert len(cards.card_ids()) == 40
    assert len(cards.corrupt_officials) == 9
    assert len(cards.current_events) == 31
    assert len(set(cards.card_ids())) == 40


def test_given_the_components_then_the_seeds_counts_comp_raw_comp_products_comp_pollution_comp_workers_comp_tiles_comp_money() -> None:
    components = board().components
    assert {raw: components.raw_materials.of(raw) for raw in Raw} == {
        Raw.IRON: 18,
        Raw.TIMBER: 18,
        Raw.COAL: 20,
        Raw.CHEMICALS: 20,
        Raw.OIL: 20,
    }
    assert [components.products.of(product) for product in Product] == [10, 10, 10, 10, 8]
    assert components.pollution_markers == 16
    assert components.workers == 32
    assert (components.cover_tiles.stage_2, components.cover_tiles.stage_3) == (16, 16)
    assert components.bank_notes_millions == (1, 5, 10, 20)


def test_given_the_divisions_then_six_cards_of_three_control_markers_comp_divisions() -> None:
    assert len(divisions()) == 6
    assert board().components.control_markers_per_division == 3


def test_given_the_track_then_a_closed_loop_of_20_spaces_11_of_them_designed_board_track() -> None:
    spaces = board().track.spaces
    assert len(spaces) == board().track.length == 20
    assert [space.index for space in spaces] == list(range(20))
    assert {space.name for space in spaces} >= SEED_SPACES
    designed = [space for space in spaces if space.provenance.of("identity") is Source.DESIGNED]
    assert len(designed) == 11
    assert all(space.provenance.of("position") is Source.DESIGNED for space in spaces)


def test_given_the_track_then_the_space_kinds_of_section_6_space_plain_space_labor_exchange_space_commodity_exchange() -> None:
    kinds = Counter(space.kind for space in board().track.spaces)
    assert kinds == {
        SpaceKind.CITY: 7,  # six home cities and Capitol City ([REDTAPE-CITY])
        SpaceKind.PLAIN: 4,
        SpaceKind.LABOR_EXCHANGE: 2,
        SpaceKind.COMMODITY_EXCHANGE: 2,
        SpaceKind.GENEVA: 1,
        SpaceKind.TAXES: 1,
        SpaceKind.STRIKE: 1,
        SpaceKind.LOBBYIST: 1,
        SpaceKind.TRADE_SHOW: 1,
    }


def test_given_the_track_then_the_designed_spaces_carry_their_rates_in_the_data_space_strike_space_trade_show() -> None:
    rates = {(space.kind, space.rates.as_pairs() if space.rates else ()) for space in board().track.spaces}
    assert rates == {
        (SpaceKind.STRIKE, (("settle_wage_per_worker", 2),)),
        (SpaceKind.LABOR_EXCHANGE, (("hire_cost", 2),)),
        (SpaceKind.COMMODITY_EXCHANGE, (("marketplace_buy_price", 9),)),
        (SpaceKind.TRADE_SHOW, (("product_price_delta", 5),)),
        *((kind, ()) for kind in (SpaceKind.CITY, SpaceKind.PLAIN, SpaceKind.GENEVA)),
        *((kind, ()) for kind in (SpaceKind.TAXES, SpaceKind.LOBBYIST)),
    }
    assert all(space.provenance.of("effect") is Source.DESIGNED for space in board().track.spaces if space.rates is not None)
    assert board().economy.product_price_base == 20  # [SELL-ROLL]: 2d6+20


def test_given_the_map_then_16_squares_a_to_p_row_by_row_with_orthogonal_adjacency_board_map() -> None:
    nature = board().nature_map
    assert (nature.rows, nature.cols) == (4, 4)
    assert [square.id for square in nature.squares] == [chr(ord("A") + i) for i in range(16)]
    assert squares()["F"].grid_cell == (1, 1)
    assert set(squares()["F"].orthogonal_squares) == {"B", "E", "G", "J"}
    assert set(squares()["A"].orthogonal_squares) == {"B", "E"}
    # The frame: non-corner spaces touch one edge square, corners touch none.
    for space in board().track.spaces:
        assert len(space.adjacent_squares) == (0 if space.corner else 1)
    assert sum(space.corner for space in board().track.spaces) == 4


def test_given_the_map_then_the_home_cities_touch_the_squares_section_2_names_board_map() -> None:
    touching = {space.name: space.adjacent_squares for space in board().track.spaces if space.home_city_of is not None}
    assert touching == {
        "Green City": ("B",),
        "Las Naugas": ("D",),
        "Grand Forge": ("P",),
        "Boomtown": ("O",),
        "New Roark": ("M",),
        "Clearview": ("A",),
    }


def test_given_the_map_then_exactly_the_twelve_edge_squares_become_urban_fringe_board_edge() -> None:
    fringe = {square.id for square in board().nature_map.squares if square.urban_fringe_at_stage_3}
    assert fringe == set("ABCDEHILMNOP")
    assert {square.id for square in board().nature_map.squares if square.edge} == fringe


def test_given_the_map_then_every_square_starts_at_stage_1_of_3_board_stages() -> None:
    assert board().nature_map.stages == (1, 2, 3)
    assert board().nature_map.start_stage == 1


def test_given_the_icons_then_two_at_stage_1_the_first_at_stage_2_none_at_stage_3_board_icons() -> None:
    stage_2: Counter[Raw] = Counter()
    for square in board().nature_map.squares:
        assert len(square.icons.at(1)) == 2
        assert square.icons.at(2) == square.icons.at(1)[:1]
        assert square.icons.at(3) == ()
        assert square.provenance.of("icons") is Source.DESIGNED
        stage_2.update(square.icons.at(2))
    assert stage_2 == {Raw.TIMBER: 3, Raw.IRON: 3, Raw.OIL: 3, Raw.CHEMICALS: 3, Raw.COAL: 4}
    assert (squares()["C"].icons.at(2), squares()["O"].icons.at(2), squares()["P"].icons.at(2)) == (
        (Raw.CHEMICALS,),
        (Raw.COAL,),
        (Raw.CHEMICALS,),
    )


def test_given_the_divisions_then_home_cities_starting_goods_start_squares_and_recipes_div_data() -> None:
    table = {
        division.name: (
            board().track.spaces[home_space(division.id)].name,
            {raw.value: division.start_raw.of(raw) for raw in Raw if division.start_raw.of(raw)},
            division.start_pollution_markers,
            division.start_square,
            {recipe.out.value for recipe in division.recipes},
        )
        for division in divisions().values()
    }
    assert table == {
        "Georgia Horrific": ("Green City", {"timber": 1, "coal": 1}, 0, "F", {"paper"}),
        "Goo Pont Plastics": ("Las Naugas", {"oil": 1, "chemicals": 1}, 0, "G", {"plastic"}),
        "D.K. Mart": ("New Roark", {"oil": 1}, 0, "E", {"paper", "plastic", "steel", "fuel"}),
        "W.E. Steel": ("Grand Forge", {"iron": 1, "chemicals": 1}, 0, "K", {"steel"}),
        "Substandard Oil": ("Boomtown", {"oil": 1, "coal": 1}, 0, "J", {"fuel"}),
        "Waste Mismanagement, Inc.": ("Clearview", {}, 2, "L", {"recyclable"}),
    }
    steel = divisions()["we_steel"].recipes[0].inputs
    assert (steel.iron, steel.coal) == (1, 1)
    recyclable = divisions()["waste_mismanagement"].recipes[0].inputs
    assert (recyclable.any_raw, recyclable.pollution) == (1, 2)


def test_given_dk_mart_then_each_product_at_most_once_per_turn_div_dkmart() -> None:
    assert divisions()["dk_mart"].max_per_product_per_turn == 1
    assert all(d.max_per_product_per_turn is None for k, d in divisions().items() if k != "dk_mart")


def test_given_waste_mismanagement_then_the_only_clean_collector_and_only_with_5_players_div_wm_setup_wm() -> None:
    wm = divisions()["waste_mismanagement"]
    assert (wm.pollutes, wm.collects_pollution, wm.trades_pollution_at_marketplace) == (
        False,
        True,
        True,
    )
    assert wm.players_min == 5
    others = [d for k, d in divisions().items() if k != "waste_mismanagement"]
    assert all(d.pollutes and not d.collects_pollution and d.players_min == 3 for d in others)


def test_given_the_economy_then_the_starting_kit_and_the_seeds_prices_setup_kit() -> None:
    economy = board().economy
    assert (economy.start_money, economy.start_workers) == (25, 2)
    assert (economy.hire_cost, economy.wage_per_worker, economy.marketplace_buy_price) == (3, 1, 12)
    assert (economy.tax_threshold, economy.win_swiss) == (26, 150)
    assert economy.dice_bid_range == economy.bribe_range == (2, 10)


def test_given_the_officials_then_each_carries_one_designed_law_redtape_ce_law_public() -> None:
    officials = red_tape().corrupt_officials
    assert {official.trigger for official in officials} == set(LawTrigger)
    for official in officials:
        assert len(official.effects) == 1
        assert isinstance(official.effects[0], SetRate | ExtraFee | PerUnitFee)
        assert official.provenance.of("law") is Source.DESIGNED
        assert official.provenance.of("existence_and_count") is Source.SEED
        assert official.provenance.designed
        assert not official.provenance.published


def test_given_internal_investigation_then_three_public_keep_cards_that_stop_an_embezzlement_redtape_hand_embezzle_declare() -> None:
    investigations = [c for c in red_tape().current_events if c.name == "Internal Investigation"]
    assert len(investigations) == 3
    for card in investigations:
        assert card.kind is EventKind.KEEP
        assert card.effects == (CancelEmbezzlement(),)
        assert card.provenance.of("name") is Source.SEED
        assert card.provenance.of("copies") is Source.DESIGNED


def test_given_the_current_events_then_all_but_the_seeds_card_are_designed_comp_redtape() -> None:
    events = red_tape().current_events
    assert all(card.provenance.designed for card in events)
    assert sum(card.kind is EventKind.THIS_TURN for card in events) == 7
    assert all(card.effects for card in events)
