"""What one seat may see: of the game's state, and of each recorded event (section 12, [SEE-*]).

Everything a player-facing reader gets goes through here. Public: the board, money, points, discs,
played and revealed cards, the face-up discards, pile and hand sizes, whose decision is awaited
([SEE-PUBLIC]). Private to one seat: his hand, his unrevealed commitment, the cards he discarded
face down ([SEE-PRIVATE]). Secret to all: the order of both piles and the game's seed
([SEE-SECRET]). After the end, everything ([SEE-END]). ``viewer`` None is a spectator.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any
from uuid import UUID

import msgspec

from domain.dodgecity.catalog import BUILDINGS
from domain.dodgecity.decisions import Decision
from domain.dodgecity.figures import Figure, building_value
from domain.dodgecity.remembered import remembered
from domain.dodgecity.rules.board import controllers_of
from domain.dodgecity.rules.pending import pending_decisions
from domain.dodgecity.state import Building, BuildingStatus, GameState, Status
from domain.events.dodgecity import (
    CardsDealt,
    CardsDiscarded,
    CardsDrawn,
    DomainEvent,
    DrawPileShuffled,
    DuelCardCommitted,
    EventPileShuffled,
    GameCreated,
    StartCardCommitted,
    Variants,
)
from domain.events.dodgecity.values import Cell, Colour, EndReason, Stage
from domain.ruleset import GameStatus

#: Stands in for a card id or a seed the viewer may not see; keeps counts visible.
HIDDEN = "hidden"


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    name: str
    colour: Colour
    bot: str | None  # the kind of computer player the server plays this seat as; None: a person
    money: int
    points: int
    value_discs: tuple[int, ...]
    hand_size: int
    stones_on_board: int
    stones_in_supply: int
    hand: tuple[str, ...] | None  # the viewer's own hand; everyone's after the end
    committed: bool
    committed_card: str | None  # own, revealed, or after the end


class StoneView(msgspec.Struct, frozen=True):
    row: int
    col: int
    seat: int


class BuildingView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    figure: Figure | None
    value: int | None
    status: str
    stones: tuple[StoneView, ...]
    controllers: tuple[int, ...]
    scored_by: int | None


class EventTaskView(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    event: str
    effect: int
    recipient: int | None


class DuelView(msgspec.Struct, frozen=True, kw_only=True):
    challenger: int
    opponent: int
    building: str
    winner: int | None


class SecretsView(msgspec.Struct, frozen=True, kw_only=True):
    """Shown only after the end ([SEE-END])."""

    seed: str
    draw_pile: tuple[str, ...]
    event_pile: tuple[str, ...]


class GameView(msgspec.Struct, frozen=True, kw_only=True):
    game_id: UUID
    version: int
    viewer: int | None
    status: GameStatus
    max_players: int
    variants: Variants
    rules_version: str
    players: tuple[PlayerView, ...]
    buildings: tuple[BuildingView, ...]
    pass_number: int
    stage: Stage | None
    start_player: int | None
    turn: int | None
    turn_step: str | None
    played_card: str | None
    draw_pile_size: int
    discard_pile: tuple[str, ...]  # bottom first; HIDDEN for face-down cards not the viewer's
    event_pile_size: int
    event_discard: tuple[str, ...]
    current_event: EventTaskView | None
    duel: DuelView | None
    awaiting: tuple[Decision, ...]
    end_reason: EndReason | None
    winners: tuple[int, ...]
    secrets: SecretsView | None


def game_view(
    state: GameState,
    version: int,
    viewer: int | None,
    *,
    reveal_all: bool = False,
    awaiting: Sequence[Decision] | None = None,
) -> GameView:
    """The game as ``viewer`` may see it.

    ``reveal_all`` is for an earlier step of a game that has ended since: everything is public
    then, including what was hidden at that step ([SEE-END]). ``awaiting`` are the pending
    decisions when the caller knows them already (``Game.pending``)."""
    ended = state.status is Status.ENDED or reveal_all
    running = state.status is Status.RUNNING
    return GameView(
        game_id=state.game_id,
        version=version,
        viewer=viewer,
        status=_STATUS[state.status],
        max_players=state.max_players,
        variants=state.variants,
        rules_version=state.rules_version,
        players=tuple(
            _player_view(state, seat, viewer, ended) for seat in range(len(state.players))
        ),
        buildings=tuple(_building_view(state, b) for b in state.buildings),
        pass_number=state.pass_number,
        stage=state.stage if running else None,
        start_player=state.start_player if state.order else None,
        turn=state.turn if running else None,
        turn_step=state.turn_step.value if running and state.turn is not None else None,
        played_card=state.played_card,
        draw_pile_size=len(state.draw_pile),
        discard_pile=tuple(
            d.card if d.face_up or ended or d.owner == viewer else HIDDEN for d in state.discard
        ),
        event_pile_size=len(state.event_pile),
        event_discard=tuple(state.event_discard),
        current_event=None
        if state.event_task is None
        else EventTaskView(
            seat=state.event_task.seat,
            event=state.event_task.event,
            effect=state.event_task.effect,
            recipient=state.event_task.recipient,
        ),
        duel=None
        if state.duel is None or not running
        else DuelView(
            challenger=state.duel.challenger,
            opponent=state.duel.opponent,
            building=state.duel.building,
            winner=state.duel.winner,
        ),
        awaiting=tuple(pending_decisions(state) if awaiting is None else awaiting),
        end_reason=state.end_reason,
        winners=state.winners,
        secrets=SecretsView(
            seed=state.seed,
            draw_pile=tuple(state.draw_pile),
            event_pile=tuple(state.event_pile),
        )
        if ended
        else None,
    )


def _player_view(state: GameState, seat: int, viewer: int | None, ended: bool) -> PlayerView:
    player = state.players[seat]
    sees_private = ended or seat == viewer
    committed = state.commitments.get(seat)
    shown_commitment = committed if (sees_private or seat in state.revealed) else None
    return PlayerView(
        seat=seat,
        name=player.name,
        colour=player.colour,
        bot=player.bot,
        money=player.money,
        points=player.points,
        value_discs=tuple(player.value_discs),
        hand_size=len(player.hand),
        stones_on_board=player.on_board,
        stones_in_supply=player.supply,
        hand=tuple(player.hand) if sees_private else None,
        committed=committed is not None,
        committed_card=shown_commitment,
    )


def _building_view(state: GameState, building_id: str) -> BuildingView:
    # A view is built for every decision, and most buildings are as they were at the one
    # before: their views (immutable, so shared) are reused until the building changes.
    bridge = state.variants.landmarks_bridge
    return remembered(state.buildings[building_id], ("view", bridge), _view_now, bridge)


def _view_now(building: Building, landmarks_bridge: bool) -> BuildingView:
    return _shown_building(
        building.id,
        building.figure,
        building.status,
        building.scored_by,
        tuple(building.stones.items()),
        controllers=controllers_of(building, landmarks_bridge) if building.is_open else (),
    )


#: The kernel's status of each of the game's own stages (the same words).
_STATUS = {status: GameStatus(status.value) for status in Status}


@cache
def _stone_view(cell: Cell, seat: int) -> StoneView:
    # A building's view is built again after every stone placed in it; its other stones'
    # views (immutable) are the same objects as before.
    return StoneView(cell[0], cell[1], seat)


def _shown_building(
    building_id: str,
    figure: Figure | None,
    status: BuildingStatus,
    scored_by: int | None,
    stones: tuple[tuple[Cell, int], ...],
    *,
    controllers: tuple[int, ...],
) -> BuildingView:
    return BuildingView(
        id=building_id,
        name=BUILDINGS[building_id].name,
        figure=figure,
        value=None if figure is None else building_value(figure),
        status=status.value,
        stones=tuple(_stone_view(cell, seat) for cell, seat in sorted(stones)),
        controllers=controllers,
        scored_by=scored_by,
    )


def _hide(cards: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN,) * len(cards)


def _owner_only(seat_field: str, *hidden_fields: str) -> Callable[[Any, int | None], Any]:
    """A redactor that hides ``hidden_fields`` from everyone but the seat in ``seat_field``."""

    def redact(event: Any, viewer: int | None) -> Any:
        if getattr(event, seat_field) == viewer:
            return event
        changes: dict[str, Any] = {}
        for name in hidden_fields:
            value = getattr(event, name)
            if isinstance(value, tuple):
                changes[name] = _hide(value)
            elif isinstance(value, bool):
                changes[name] = None
            else:
                changes[name] = HIDDEN
        return msgspec.structs.replace(event, **changes)

    return redact


def _secret_to_all(*hidden_fields: str) -> Callable[[Any, int | None], Any]:
    def redact(event: Any, _viewer: int | None) -> Any:
        changes = {
            name: _hide(getattr(event, name)) if isinstance(getattr(event, name), tuple) else HIDDEN
            for name in hidden_fields
        }
        return msgspec.structs.replace(event, **changes)

    return redact


#: Every event type carrying hidden information, and how to hide it. All others are public.
REDACTORS: dict[type[DomainEvent], Callable[[Any, int | None], Any]] = {
    GameCreated: _secret_to_all("seed"),
    DrawPileShuffled: _secret_to_all("order"),
    EventPileShuffled: _secret_to_all("order"),
    CardsDealt: _owner_only("seat", "cards"),
    CardsDrawn: _owner_only("seat", "cards"),
    CardsDiscarded: _owner_only("seat", "cards"),
    StartCardCommitted: _owner_only("seat", "card"),
    DuelCardCommitted: _owner_only("seat", "card", "forced"),
}


def event_view(event: DomainEvent, viewer: int | None, *, game_ended: bool) -> DomainEvent:
    """The event as ``viewer`` may see it; unredacted once the game has ended ([SEE-END])."""
    if game_ended:
        return event
    redact = REDACTORS.get(type(event))
    return event if redact is None else redact(event, viewer)
