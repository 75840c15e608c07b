"""Dog Eat Dog's read-model tables: their definitions, the rows one game puts in them, and the
board read back from them. Mappings and lists are stored as JSON text."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import msgspec

from domain.dogeatdog.state import DogEatDogState
from domain.events.base import NO_GAME
from domain.events.dogeatdog import Step
from projections.dogeatdog.read_models import (
    DogEatDogBoard,
    DogEatDogLawRow,
    DogEatDogSeatRow,
    DogEatDogSquareRow,
    board,
)
from projections.plugin import Table as SqlTable
from projections.sql import Row, Transaction

GAMES = SqlTable(
    name="dogeatdog_board",
    columns=(
        "game_id",
        "round",
        "turn_seat",
        "turn",
        "step",
        "deck_size",
        "discard",
        "marketplace",
        "supply",
        "supply_workers",
        "supply_pollution",
        "end_reason",
    ),
    key_width=1,
    create=(
        """CREATE TABLE IF NOT EXISTS dogeatdog_board (
            game_id TEXT NOT NULL,
            round INTEGER NOT NULL,
            turn_seat INTEGER,
            turn INTEGER NOT NULL,
            step TEXT,
            deck_size INTEGER NOT NULL,
            discard TEXT NOT NULL,
            marketplace TEXT NOT NULL,
            supply TEXT NOT NULL,
            supply_workers INTEGER NOT NULL,
            supply_pollution INTEGER NOT NULL,
            end_reason TEXT,
            PRIMARY KEY (game_id))""",
    ),
)

SEATS = SqlTable(
    name="dogeatdog_board_seats",
    columns=(
        "game_id",
        "seat",
        "name",
        "division",
        "in_game",
        "runner",
        "runner_space",
        "corporate",
        "swiss",
        "workers",
        "goods",
        "pollution_markers",
        "squares",
        "officials",
        "current_events",
    ),
    key_width=2,
    create=(
        """CREATE TABLE IF NOT EXISTS dogeatdog_board_seats (
            game_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            division TEXT,
            in_game INTEGER NOT NULL,
            runner INTEGER,
            runner_space TEXT,
            corporate INTEGER,
            swiss INTEGER,
            workers INTEGER NOT NULL,
            goods TEXT NOT NULL,
            pollution_markers INTEGER NOT NULL,
            squares TEXT NOT NULL,
            officials TEXT NOT NULL,
            current_events TEXT NOT NULL,
            PRIMARY KEY (game_id, seat))""",
    ),
)

SQUARES = SqlTable(
    name="dogeatdog_board_squares",
    columns=("game_id", "square", "stage", "markers", "controller"),
    key_width=2,
    create=(
        """CREATE TABLE IF NOT EXISTS dogeatdog_board_squares (
            game_id TEXT NOT NULL,
            square TEXT NOT NULL,
            stage INTEGER NOT NULL,
            markers INTEGER NOT NULL,
            controller INTEGER,
            PRIMARY KEY (game_id, square))""",
    ),
)

LAWS = SqlTable(
    name="dogeatdog_board_laws",
    # ``place`` keeps the laws' order: the Public Laws sheet's first, then each owner's.
    columns=("game_id", "card", "place", "law_name", "owner"),
    key_width=2,
    create=(
        """CREATE TABLE IF NOT EXISTS dogeatdog_board_laws (
            game_id TEXT NOT NULL,
            card TEXT NOT NULL,
            place INTEGER NOT NULL,
            law_name TEXT NOT NULL,
            owner INTEGER,
            PRIMARY KEY (game_id, card))""",
    ),
)

TABLES = (GAMES, SEATS, SQUARES, LAWS)


def _json(value: Any) -> str:
    return msgspec.json.encode(value).decode()


# -- writing ---------------------------------------------------------------------------------
# Enums are written as their values explicitly: a driver may otherwise pick an enum's name.


def board_rows(game_id: UUID, state: DogEatDogState) -> dict[str, list[Row]]:
    made = board(game_id, state)
    game = str(game_id)
    return {
        GAMES.name: [
            (
                game,
                made.round,
                made.turn_seat,
                made.turn,
                None if made.step is None else made.step.value,
                made.deck_size,
                _json(made.discard),
                _json(made.marketplace),
                _json(made.supply),
                made.supply_workers,
                made.supply_pollution,
                made.end_reason,
            )
        ],
        SEATS.name: [
            (
                game,
                s.seat,
                s.name,
                s.division,
                int(s.in_game),
                s.runner,
                s.runner_space,
                s.corporate,
                s.swiss,
                s.workers,
                _json(s.goods),
                s.pollution_markers,
                _json(s.squares),
                _json(s.officials),
                _json(s.current_events),
            )
            for s in made.seats
        ],
        SQUARES.name: [(game, q.square, q.stage, q.markers, q.controller) for q in made.squares],
        LAWS.name: [
            (game, law.card, place, law.law_name, law.owner) for place, law in enumerate(made.laws)
        ],
    }


def board_key(state: DogEatDogState) -> DogEatDogBoard:
    """Everything the rows are made of: the board itself, under no game's id (a new struct, so
    it stays as it was when the state moves on)."""
    return board(NO_GAME, state)


# -- reading ---------------------------------------------------------------------------------


def load_board(tx: Transaction, game_id: UUID) -> DogEatDogBoard:
    game = (str(game_id),)
    found = tx.query(
        "SELECT round, turn_seat, turn, step, deck_size, discard, marketplace, supply,"
        " supply_workers, supply_pollution, end_reason FROM dogeatdog_board WHERE game_id = ?",
        game,
    )
    row = found[0] if found else (0, None, 0, None, 0, "[]", "{}", "{}", 0, 0, None)
    (round_, turn_seat, turn, step, deck, discard, market, supply, workers, pollution, end) = row
    seats = tx.query(
        f"SELECT {', '.join(SEATS.columns[1:])} FROM dogeatdog_board_seats"
        " WHERE game_id = ? ORDER BY seat",
        game,
    )
    squares = tx.query(
        "SELECT square, stage, markers, controller FROM dogeatdog_board_squares"
        " WHERE game_id = ? ORDER BY square",
        game,
    )
    laws = tx.query(
        "SELECT card, law_name, owner FROM dogeatdog_board_laws WHERE game_id = ? ORDER BY place",
        game,
    )
    return DogEatDogBoard(
        game_id=game_id,
        round=round_,
        turn_seat=turn_seat,
        turn=turn,
        step=None if step is None else Step(step),
        deck_size=deck,
        discard=msgspec.json.decode(discard, type=tuple[str, ...]),
        marketplace=msgspec.json.decode(market, type=dict[str, int]),
        supply=msgspec.json.decode(supply, type=dict[str, int]),
        supply_workers=workers,
        supply_pollution=pollution,
        end_reason=end,
        seats=tuple(_seat(row) for row in seats),
        squares=tuple(
            DogEatDogSquareRow(square=square, stage=stage, markers=markers, controller=controller)
            for square, stage, markers, controller in squares
        ),
        laws=tuple(
            DogEatDogLawRow(card=card, law_name=law_name, owner=owner)
            for card, law_name, owner in laws
        ),
    )


def _seat(row: Row) -> DogEatDogSeatRow:
    (
        seat,
        name,
        division,
        in_game,
        runner,
        runner_space,
        corporate,
        swiss,
        workers,
        goods,
        markers,
        squares,
        officials,
        current_events,
    ) = row
    return DogEatDogSeatRow(
        seat=seat,
        name=name,
        division=division,
        in_game=bool(in_game),
        runner=runner,
        runner_space=runner_space,
        corporate=corporate,
        swiss=swiss,
        workers=workers,
        goods=msgspec.json.decode(goods, type=dict[str, int]),
        pollution_markers=markers,
        squares=msgspec.json.decode(squares, type=tuple[str, ...]),
        officials=msgspec.json.decode(officials, type=tuple[str, ...]),
        current_events=msgspec.json.decode(current_events, type=tuple[str, ...]),
    )
