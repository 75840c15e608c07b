"""What BANG! – Dodge City's table read model holds for one game, computed from its folded state:
each seat's character, life, hand size, cards in play, weapon and range, role once revealed and
whether it is eliminated; whose turn it is and the sizes of the piles.

Only what everyone at the table may see ([HIDDEN-CHARACTERS], [HIDDEN-HAND-SIZE],
[HIDDEN-IN-PLAY], [HIDDEN-DRAW-PILE], [HIDDEN-DISCARD-PILE]): a hand's cards and a role nobody
has been shown ([HIDDEN-OTHER-ROLES]) never are; anyone may read a read model. Pure functions, no
I/O: the tables store what these return, so "projection == fold" is checkable row by row.
"""

from __future__ import annotations

from uuid import UUID

import msgspec

from domain.bang.catalog import Role
from domain.bang.rules.common import weapon_of, weapon_range
from domain.bang.state import BangState
from domain.events.bang import Phase
from domain.names import shown_name
from domain.ruleset import GameStatus


class BangSeatRow(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    name: str
    character: str  # empty before the deal
    life: int
    max_life: int
    hand_size: int
    in_play: tuple[str, ...]  # card ids, in the order they were put in play
    weapon: str | None  # the weapon in play; None: the Colt .45 ([COMP-COLT])
    range: int
    role: Role | None  # once shown to everyone: the Sheriff, 3 players, eliminated, the end
    eliminated: bool


class BangTable(msgspec.Struct, frozen=True, kw_only=True):
    game_id: UUID
    turn_seat: int | None  # whose turn it is; None before the start and after the end
    turn: int  # the turn's number, 0 before the first
    phase: Phase | None
    draw_pile_size: int
    discard_pile_size: int
    seats: tuple[BangSeatRow, ...]


def table(game_id: UUID, state: BangState) -> BangTable:
    running = state.status is GameStatus.RUNNING
    ended = state.status is GameStatus.ENDED
    return BangTable(
        game_id=game_id,
        turn_seat=state.turn.seat if running and state.turn.seat >= 0 else None,
        turn=state.turn.number,
        phase=state.turn.phase if running and state.turn.seat >= 0 else None,
        draw_pile_size=len(state.draw_pile),
        discard_pile_size=len(state.discard_pile),
        seats=tuple(
            BangSeatRow(
                seat=player.seat,
                name=shown_name(player.name),  # as every view shows it (domain/names.py)
                character=player.character,
                life=player.life,
                max_life=player.max_life,
                hand_size=len(player.hand),
                in_play=tuple(player.in_play),
                weapon=weapon_of(state, player.seat),
                range=weapon_range(state, player.seat) if player.character else 1,
                role=player.role if (player.role_public or ended or not player.alive) else None,
                eliminated=not player.alive,
            )
            for player in state.players
        ),
    )
