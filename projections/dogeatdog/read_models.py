"""What Dog Eat Dog's board read model holds for one game, computed from its folded state: the
round and whose turn it is, every player's runner on the track, division, public corporate
account, workers, goods, Corrupt Officials and Current Events held; the 4 by 4 map's squares with
their stage, pollution markers and controller; the laws, public or owned and by whom; the
Marketplace, the supply, and the Red Tape deck's size and discard pile.

Only what a spectator sees (RULES.md section 21, [SEE-PUBLIC]): anyone may read a read model.
So never a Swiss balance nor an amount embezzled before the end ([SEE-PRIVATE]; with
[VAR-OPEN-INFO] the Swiss balances are everyone's, as in the views), never the deck's order
([SEE-SECRET]), and an embezzler's corporate balance is undisclosed while his embezzlement awaits
its holders' answers ([EMBEZZLE-AMOUNT]). Pure functions, no I/O: the tables store what these
return, so "projection == fold" is checkable row by row.
"""

from __future__ import annotations

from uuid import UUID

import msgspec

from domain.dogeatdog.catalog import CorruptOfficial, cards, space
from domain.dogeatdog.state import DogEatDogState, Player
from domain.events.dogeatdog import Step
from domain.names import shown_name
from domain.ruleset import GameStatus


class DogEatDogSeatRow(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    name: str
    division: str | None  # None before the division choice and while reorganising
    in_game: bool  # False once bankrupt ([BANKRUPT-OUT])
    runner: int | None  # the track space index it stands on; None off the board
    runner_space: str | None  # that space's id (``GET /rulesets/dogeatdog``'s track)
    corporate: int | None  # $M, public; None while he embezzles ([EMBEZZLE-AMOUNT])
    swiss: int | None  # $M: only once the game has ended, or with [VAR-OPEN-INFO]
    workers: int
    goods: dict[str, int]  # raw materials and products held, by value; none held: absent
    pollution_markers: int  # Waste Mismanagement's ([DIV-WM])
    squares: tuple[str, ...]  # controlled, earliest gained first
    officials: tuple[str, ...]  # Corrupt Officials owned: their laws are his ([LAW-OWNED])
    current_events: tuple[str, ...]  # kept face up ([REDTAPE-HAND])


class DogEatDogSquareRow(msgspec.Struct, frozen=True, kw_only=True):
    square: str  # A to P, row by row ([BOARD-MAP])
    stage: int  # 1 to 3 ([BOARD-STAGES])
    markers: int  # pollution markers lying on it ([POLLUTE-DEGRADE])
    controller: int | None  # the seat controlling it


class DogEatDogLawRow(msgspec.Struct, frozen=True, kw_only=True):
    """A Corrupt Official's law in force: on the Public Laws sheet ([LAW-PUBLIC]) or owned by a
    player who bribed its official ([LAW-OWNED])."""

    card: str
    law_name: str
    owner: int | None  # None: a public law, binding on everyone


class DogEatDogBoard(msgspec.Struct, frozen=True, kw_only=True):
    game_id: UUID
    round: int  # 0 before the first
    turn_seat: int | None  # whose turn it is; None before the start and after the end
    turn: int  # the turn's number, 0 before the first
    step: Step | None  # the step under way, or the last one begun
    deck_size: int  # the Red Tape deck's size; its order is nobody's ([SEE-SECRET])
    discard: tuple[str, ...]  # top last
    marketplace: dict[str, int]  # raw materials and pollution markers for sale ([SELL-DEST])
    supply: dict[str, int]  # goods left in the box
    supply_workers: int
    supply_pollution: int
    end_reason: str | None  # the rule that ended the game
    seats: tuple[DogEatDogSeatRow, ...]
    squares: tuple[DogEatDogSquareRow, ...]
    laws: tuple[DogEatDogLawRow, ...]  # the public ones in the sheet's order, then by owner


def board(game_id: UUID, state: DogEatDogState) -> DogEatDogBoard:
    running = state.status is GameStatus.RUNNING and state.turn.seat >= 0
    ended = state.status is GameStatus.ENDED
    open_swiss = ended or state.settings.open_info
    embezzler = None if state.embezzlement is None else state.embezzlement.seat
    return DogEatDogBoard(
        game_id=game_id,
        round=state.round,
        turn_seat=state.turn.seat if running else None,
        turn=state.turn.number,
        step=state.turn.step if running else None,
        deck_size=len(state.deck),
        discard=tuple(state.discard),
        marketplace={good: count for good, count in state.marketplace.items() if count},
        supply=dict(state.supply),
        supply_workers=state.supply_workers,
        supply_pollution=state.supply_pollution,
        end_reason=state.end_reason if ended else None,
        seats=tuple(_seat(p, open_swiss, p.seat == embezzler) for p in state.players),
        squares=tuple(
            DogEatDogSquareRow(
                square=square.id,
                stage=square.stage,
                markers=square.markers,
                controller=square.controller,
            )
            for square in state.squares.values()
        ),
        laws=(
            *(_law(card, None) for card in state.public_laws),
            *(_law(card, p.seat) for p in state.players for card in p.officials),
        ),
    )


def _seat(player: Player, open_swiss: bool, embezzling: bool) -> DogEatDogSeatRow:
    return DogEatDogSeatRow(
        seat=player.seat,
        name=shown_name(player.name),  # as every view shows it (domain/names.py)
        division=player.division,
        in_game=player.in_game,
        runner=player.runner,
        runner_space=None if player.runner is None else space(player.runner).id,
        corporate=None if embezzling and not open_swiss else player.corporate,
        swiss=player.swiss if open_swiss else None,
        workers=player.workers,
        goods={good: count for good, count in player.goods.items() if count},
        pollution_markers=player.pollution_markers,
        squares=tuple(player.squares),
        officials=tuple(player.officials),
        current_events=tuple(player.current_events),
    )


def _law(card: str, owner: int | None) -> DogEatDogLawRow:
    printed = cards()[card]
    law_name = printed.law_name if isinstance(printed, CorruptOfficial) else printed.name
    return DogEatDogLawRow(card=card, law_name=law_name, owner=owner)
