"""BANG! – Dodge City's read-model tables: their definitions, the rows one game puts in them, and
the table read back from them."""

from __future__ import annotations

from uuid import UUID

import msgspec

from domain.bang.catalog import Role
from domain.bang.state import BangState
from domain.events.bang import Phase
from projections.bang.read_models import BangSeatRow, BangTable, table
from projections.plugin import Table as SqlTable
from projections.sql import Row, Transaction

GAMES = SqlTable(
    name="bang_table",
    columns=("game_id", "turn_seat", "turn", "phase", "draw_pile_size", "discard_pile_size"),
    key_width=1,
    create=(
        """CREATE TABLE IF NOT EXISTS bang_table (
            game_id TEXT NOT NULL,
            turn_seat INTEGER,
            turn INTEGER NOT NULL,
            phase TEXT,
            draw_pile_size INTEGER NOT NULL,
            discard_pile_size INTEGER NOT NULL,
            PRIMARY KEY (game_id))""",
    ),
)

SEATS = SqlTable(
    name="bang_table_seats",
    columns=(
        "game_id",
        "seat",
        "name",
        "character",
        "life",
        "max_life",
        "hand_size",
        "in_play",
        "weapon",
        "range",
        "role",
        "eliminated",
    ),
    key_width=2,
    create=(
        """CREATE TABLE IF NOT EXISTS bang_table_seats (
            game_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            character TEXT NOT NULL,
            life INTEGER NOT NULL,
            max_life INTEGER NOT NULL,
            hand_size INTEGER NOT NULL,
            in_play TEXT NOT NULL,
            weapon TEXT,
            range INTEGER NOT NULL,
            role TEXT,
            eliminated INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat))""",
    ),
)


# -- writing ---------------------------------------------------------------------------------
# Enums are written as their values explicitly: a driver may otherwise pick an enum's name.


def table_rows(game_id: UUID, state: BangState) -> dict[str, list[Row]]:
    made = table(game_id, state)
    game = str(game_id)
    return {
        GAMES.name: [
            (
                game,
                made.turn_seat,
                made.turn,
                None if made.phase is None else made.phase.value,
                made.draw_pile_size,
                made.discard_pile_size,
            )
        ],
        SEATS.name: [
            (
                game,
                s.seat,
                s.name,
                s.character,
                s.life,
                s.max_life,
                s.hand_size,
                msgspec.json.encode(s.in_play).decode(),
                s.weapon,
                s.range,
                None if s.role is None else s.role.value,
                int(s.eliminated),
            )
            for s in made.seats
        ],
    }


def table_key(state: BangState) -> tuple[object, ...]:
    """Everything the table is made of, cheap to compare, and a copy."""
    turn = state.turn
    return (
        state.status,
        turn.seat,
        turn.number,
        turn.phase,
        len(state.draw_pile),
        len(state.discard_pile),
        tuple(
            (
                p.name,
                p.character,
                p.life,
                p.max_life,
                len(p.hand),
                tuple(p.in_play),
                p.role_public,
                p.alive,
            )
            for p in state.players
        ),
    )


# -- reading ---------------------------------------------------------------------------------


def load_table(tx: Transaction, game_id: UUID) -> BangTable:
    found = tx.query(
        "SELECT turn_seat, turn, phase, draw_pile_size, discard_pile_size FROM bang_table"
        " WHERE game_id = ?",
        (str(game_id),),
    )
    turn_seat, turn, phase, draw, discard = found[0] if found else (None, 0, None, 0, 0)
    seats = tx.query(
        "SELECT seat, name, character, life, max_life, hand_size, in_play, weapon, range, role,"
        " eliminated FROM bang_table_seats WHERE game_id = ? ORDER BY seat",
        (str(game_id),),
    )
    return BangTable(
        game_id=game_id,
        turn_seat=turn_seat,
        turn=turn,
        phase=None if phase is None else Phase(phase),
        draw_pile_size=draw,
        discard_pile_size=discard,
        seats=tuple(_seat(row) for row in seats),
    )


def _seat(row: Row) -> BangSeatRow:
    seat, name, character, life, max_life, hand_size, in_play, weapon, range_, role, out = row
    return BangSeatRow(
        seat=seat,
        name=name,
        character=character,
        life=life,
        max_life=max_life,
        hand_size=hand_size,
        in_play=msgspec.json.decode(in_play, type=tuple[str, ...]),
        weapon=weapon,
        range=range_,
        role=None if role is None else Role(role),
        eliminated=bool(out),
    )
