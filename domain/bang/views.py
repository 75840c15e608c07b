"""What one seat may see of a game of BANG! – Dodge City, of the state and of each event
(section 20, ``HIDDEN-*``).

Public: characters, life and maximum life, Vera Custer's choice ([HIDDEN-CHARACTERS]), hand sizes
([HIDDEN-HAND-SIZE]), cards in play and whether a green one is active ([HIDDEN-IN-PLAY]), the
draw pile's size and the resolving cards ([HIDDEN-DRAW-PILE]), the whole discard pile
([HIDDEN-DISCARD-PILE]), "draw!" cards ([HIDDEN-CHECK-CARDS]), the General Store
([HIDDEN-GENERAL-STORE]), the Sheriff's role ([HIDDEN-SHERIFF-PUBLIC]) and the set of roles in
the game ([HIDDEN-ROLE-SET]). Private: a seat's hand and what it draws ([HIDDEN-HANDS],
[HIDDEN-DRAWN-CARDS]) and its own role ([HIDDEN-OWN-ROLE]); a card taken at random from a hand is
seen by the two players concerned ([HIDDEN-RANDOM-HAND-CARD]). Secret from everybody: the draw
pile's order ([HIDDEN-DRAW-PILE]), unused roles and characters ([HIDDEN-UNUSED]) and the seed.
Roles are shown at an elimination ([HIDDEN-ELIMINATED-ROLE]) and at the end
([HIDDEN-END-REVEAL]); once the game has ended everything may be seen.
"""

from __future__ import annotations

from collections.abc import Sequence
from uuid import UUID

import msgspec

from domain.bang.actions import BangDecision
from domain.bang.catalog import Role, role_counts
from domain.bang.naming import prefix
from domain.bang.rules.common import distance, weapon_range
from domain.bang.rules.flow import awaited
from domain.bang.rules.outcome import outcome
from domain.bang.state import BangState, EffectFrame, HitFrame, LossFrame
from domain.events.bang import (
    HIDDEN_EVENTS,
    BangCardsDrawn,
    BangCardTaken,
    BangGameOpened,
    BangPileShuffled,
    BangRoleDealt,
    BangSettings,
    Phase,
    Zone,
)
from domain.events.bang.values import HIDDEN
from domain.events.base import DomainEvent
from domain.redaction import blanked, visible_to
from domain.ruleset import GameStatus, Outcome


class InPlayView(msgspec.Struct, frozen=True, kw_only=True):
    card: str
    active: bool  # a green card usable now; always true for blue cards


class SeatView(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    name: str
    bot: str | None
    character: str
    copied: str | None  # Vera Custer's current choice
    life: int
    max_life: int
    alive: bool
    role: Role | None  # when the viewer may see it
    hand_size: int
    hand: tuple[str, ...] | None  # the viewer's own; every hand after the end
    in_play: tuple[InPlayView, ...]
    range: int
    distance: int | None  # from the viewer, when the viewer is a living seat


class ResolvingView(msgspec.Struct, frozen=True, kw_only=True):
    """One frame of what is resolving, innermost last: a hit, a pending loss, or an effect."""

    kind: str  # "hit" | "loss" | "effect"
    source: int | None
    target: int | None
    card: str | None
    effect: str | None = None
    amount: int | None = None
    targets: tuple[int, ...] = ()
    display: tuple[str, ...] = ()


class TurnView(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    number: int
    phase: Phase
    bangs_played: int


class BangView(msgspec.Struct, frozen=True, kw_only=True):
    game_id: UUID
    version: int
    viewer: int | None
    status: GameStatus
    seat_count: int
    settings: BangSettings
    rules_version: str
    roles_in_game: tuple[Role, ...]
    seats: tuple[SeatView, ...]
    turn: TurnView | None
    draw_pile_size: int
    discard_pile: tuple[str, ...]  # top last
    resolving: tuple[ResolvingView, ...]
    resolving_cards: tuple[str, ...]
    awaiting: tuple[BangDecision, ...]
    outcome: Outcome | None


def game_view(
    state: BangState,
    version: int,
    viewer: int | None,
    *,
    reveal_all: bool = False,
    awaiting: Sequence[BangDecision] | None = None,
) -> BangView:
    everything = reveal_all or state.status is GameStatus.ENDED
    if awaiting is None:
        found = awaited(state)
        awaiting = [] if found is None else [found]
    roles = role_counts().get(state.seats_wanted)
    started = state.status is not GameStatus.LOBBY
    return BangView(
        game_id=state.game_id,
        version=version,
        viewer=viewer,
        status=state.status,
        seat_count=state.seats_wanted,
        settings=state.settings,
        rules_version=state.rules_version,
        roles_in_game=tuple(sorted(roles.roles)) if roles else (),
        seats=tuple(_seat_view(state, player.seat, viewer, everything) for player in state.players),
        turn=TurnView(
            seat=state.turn.seat,
            number=state.turn.number,
            phase=state.turn.phase,
            bangs_played=state.turn.bangs,
        )
        if started and state.turn.seat >= 0
        else None,
        draw_pile_size=len(state.draw_pile),
        discard_pile=tuple(state.discard_pile),
        resolving=tuple(_frame_view(frame) for frame in state.stack),
        resolving_cards=tuple(state.resolving),
        awaiting=tuple(awaiting),
        outcome=outcome(state),
    )


def _seat_view(state: BangState, seat: int, viewer: int | None, everything: bool) -> SeatView:
    player = state.players[seat]
    own = visible_to((seat,), viewer)
    viewer_alive = viewer is not None and 0 <= viewer < len(state.players)
    return SeatView(
        seat=seat,
        name=player.name,
        bot=player.bot,
        character=player.character,
        copied=player.copied,
        life=player.life,
        max_life=player.max_life,
        alive=player.alive,
        role=player.role if (everything or own or player.role_public) else None,
        hand_size=len(player.hand),
        hand=tuple(player.hand) if (everything or own) else None,
        in_play=tuple(
            InPlayView(card=laid, active=laid not in state.inactive_greens)
            for laid in player.in_play
        ),
        range=weapon_range(state, seat) if player.character else 1,
        distance=distance(state, viewer, seat)
        if viewer_alive
        and viewer is not None
        and viewer != seat
        and player.alive
        and state.players[viewer].alive
        and state.status is GameStatus.RUNNING
        else None,
    )


def _frame_view(frame: HitFrame | LossFrame | EffectFrame) -> ResolvingView:
    if isinstance(frame, HitFrame):
        return ResolvingView(
            kind="hit",
            source=frame.source,
            target=frame.target,
            card=frame.card,
            effect=frame.ability,
        )
    if isinstance(frame, LossFrame):
        return ResolvingView(
            kind="loss", source=frame.source, target=frame.seat, card=None, amount=frame.amount
        )
    return ResolvingView(
        kind="effect",
        source=frame.source,
        target=frame.current,
        card=frame.card,
        effect=frame.effect,
        targets=tuple(frame.targets),
        display=tuple(frame.display),
    )


def event_view(event: DomainEvent, viewer: int | None, *, game_ended: bool) -> DomainEvent:
    """``event`` as ``viewer`` may see it, judged alone; after the end, everything."""
    if game_ended or not isinstance(event, HIDDEN_EVENTS):
        return event
    if isinstance(event, BangGameOpened):
        return blanked(event, seed=HIDDEN)
    if isinstance(event, BangPileShuffled):
        return blanked(event, cards=())
    if isinstance(event, BangRoleDealt):
        if event.public or visible_to((event.seat,), viewer):
            return event
        return blanked(event, role=HIDDEN)
    if isinstance(event, BangCardsDrawn):
        if visible_to((event.seat,), viewer):
            return event
        return blanked(event, cards=(HIDDEN,) * event.count)
    if isinstance(event, BangCardTaken):
        if event.zone is not Zone.HAND or visible_to((event.seat, event.from_seat), viewer):
            return event
        return blanked(event, card=HIDDEN)
    return event


# The wire's names are prefixed: BangSeatView … (domain/bang/naming.py).
prefix(InPlayView, SeatView, ResolvingView, TurnView)
