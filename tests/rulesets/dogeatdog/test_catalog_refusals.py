"""A data file that does not say what the game needs is refused when it loads, with an error that
says where ([BOARD-TRACK], [BOARD-MAP], [DIV-DATA], [COMP-REDTAPE], [REDTAPE-CE])."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest
from domain.dogeatdog.catalog import CatalogError, parse_board, parse_red_tape


def _file(name: str) -> Any:
    data = resources.files("domain.dogeatdog").joinpath("data", name).read_text("utf-8")
    return json.loads(data)


def _refusal_of_board(board: Any) -> str:
    with pytest.raises(CatalogError) as refusal:
        parse_board(json.dumps(board).encode())
    return str(refusal.value)


def _refusal_of_cards(cards: Any) -> str:
    with pytest.raises(CatalogError) as refusal:
        parse_red_tape(json.dumps(cards).encode())
    return str(refusal.value)


def test_given_the_shipped_files_when_parsed_then_accepted_board_track_comp_redtape() -> None:
    assert len(parse_board(json.dumps(_file("board.json")).encode()).track.spaces) == 20
    assert len(parse_red_tape(json.dumps(_file("cards.json")).encode()).card_ids()) == 40


def test_given_a_track_index_that_is_not_a_number_when_loaded_then_refused_where_board_track() -> None:
    board = _file("board.json")
    board["track"]["spaces"][3]["index"] = "three"
    assert "$.track.spaces[3].index" in _refusal_of_board(board)


def test_given_an_unknown_raw_material_icon_when_loaded_then_refused_where_board_icons() -> None:
    board = _file("board.json")
    board["map"]["squares"][0]["icons"]["1"] = ["timber", "gold"]
    assert "$.map.squares[0].icons.1[1]" in _refusal_of_board(board)


def test_given_an_adjacency_listed_one_way_only_when_loaded_then_refused_board_map() -> None:
    board = _file("board.json")
    board["track"]["spaces"][1]["adjacent_squares"] = ["B"]
    assert "track space 1 (highway_1): wrong adjacent squares" in _refusal_of_board(board)


def test_given_a_division_whose_start_square_does_not_exist_when_loaded_then_refused_div_data() -> None:
    board = _file("board.json")
    board["divisions"][0]["start_square"] = "Z"
    assert "division georgia_horrific: no square 'Z'" in _refusal_of_board(board)


def test_given_a_record_of_unknown_provenance_when_loaded_then_refused_board_track() -> None:
    board = _file("board.json")
    board["track"]["spaces"][0]["provenance"]["identity"] = "folklore"
    assert "unknown provenance 'folklore'" in _refusal_of_board(board)


def test_given_a_file_that_is_not_json_when_loaded_then_refused_board_track() -> None:
    with pytest.raises(CatalogError, match=r"board\.json is not JSON"):
        parse_board(b"{not json")


def test_given_a_card_missing_when_loaded_then_the_count_refuses_it_comp_redtape() -> None:
    cards = _file("cards.json")
    del cards["current_events"][-1]
    assert "do not match the count 40" in _refusal_of_cards(cards)


def test_given_an_effect_with_an_unknown_op_when_loaded_then_refused_where_redtape_ce() -> None:
    cards = _file("cards.json")
    cards["current_events"][3]["effects"][0]["op"] = "print_money"
    assert "$.current_events[3].effects[0]" in _refusal_of_cards(cards)


def test_given_a_law_that_is_no_law_effect_when_loaded_then_refused_law_public() -> None:
    cards = _file("cards.json")
    cards["corrupt_officials"][0]["effects"] = [{"op": "gain", "amount": 5}]
    assert "$.corrupt_officials[0].effects[0]" in _refusal_of_cards(cards)


def test_given_an_unknown_field_when_loaded_then_refused_comp_redtape() -> None:
    cards = _file("cards.json")
    cards["current_events"][0]["colour"] = "red"
    assert "colour" in _refusal_of_cards(cards)


def test_given_a_labor_exchange_without_its_hire_cost_when_loaded_then_refused_space_labor_exchange() -> None:
    board = _file("board.json")
    del board["track"]["spaces"][3]["rates"]
    assert "track space 3 (labor_exchange_1): rates []" in _refusal_of_board(board)


def test_given_a_plain_space_with_a_rate_when_loaded_then_refused_space_plain() -> None:
    board = _file("board.json")
    board["track"]["spaces"][1]["rates"] = {"hire_cost": 1}
    assert "track space 1 (highway_1): rates ['hire_cost']" in _refusal_of_board(board)
