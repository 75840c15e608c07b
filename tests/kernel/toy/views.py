"""What one seat may see, of the state and of each recorded event ([TOY-SEE-*] in RULES.md).

Public: names, stakes and the pot, who has committed, the revealed choices, calls and folds, whose
decision is awaited ([TOY-SEE-PUBLIC]). Private to one seat: its card, its choice until the reveal
([TOY-SEE-PRIVATE]). Secret to all: the card set aside and the seed ([TOY-SEE-SECRET]). After the end,
everything ([TOY-SEE-END]). ``viewer`` None is a spectator, who is never one of the seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from uuid import UUID

import msgspec
from domain.events.base import DomainEvent
from domain.offers import Offer
from domain.redaction import blanked, visible_to
from domain.ruleset import GameStatus, Outcome

from tests.kernel.toy.actions import ToyDecision
from tests.kernel.toy.decide import pending
from tests.kernel.toy.events import (
    HIDDEN,
    Card,
    Choice,
    ToyCardDealt,
    ToyCardSetAside,
    ToyChoiceCommitted,
    ToyGameOpened,
    ToySettings,
)
from tests.kernel.toy.outcome import outcome
from tests.kernel.toy.state import ToyState


class ToySeatView(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    name: str
    bot: str | None
    stake: int
    card: Card | None  # the viewer's own; every seat's after the end
    committed: bool
    choice: Choice | None  # the viewer's own, every seat's once revealed
    purse: int  # 0 in a game of rules version 1, which has no purses


class ToyView(msgspec.Struct, frozen=True, kw_only=True):
    game_id: UUID
    version: int
    viewer: int | None
    status: GameStatus
    seat_count: int
    settings: ToySettings
    rules_version: str
    seats: tuple[ToySeatView, ...]
    pot: int
    awaiting: tuple[ToyDecision, ...]
    set_aside: Card | None  # after the end only
    seed: str | None  # after the end only
    outcome: Outcome | None
    #: The offers open, to everyone ([TOY-SEE-PUBLIC]).
    offers: tuple[Offer[int], ...] = ()


def game_view(
    state: ToyState,
    version: int,
    viewer: int | None,
    *,
    reveal_all: bool = False,
    awaiting: Sequence[ToyDecision] | None = None,
) -> ToyView:
    """``reveal_all`` is for an earlier step of a game that has ended since ([TOY-SEE-END])."""
    everything = reveal_all or state.status is GameStatus.ENDED
    return ToyView(
        game_id=state.game_id,
        version=version,
        viewer=viewer,
        status=state.status,
        seat_count=state.seat_count,
        settings=state.settings,
        rules_version=state.rules_version,
        seats=tuple(_seat_view(state, seat, viewer, everything) for seat in range(len(state.seats))),
        pot=state.pot,
        awaiting=tuple(pending(state) if awaiting is None else awaiting),
        set_aside=state.set_aside if everything else None,
        seed=state.seed if everything else None,
        outcome=outcome(state),
        offers=tuple(state.offers),
    )


def _seat_view(state: ToyState, seat: int, viewer: int | None, everything: bool) -> ToySeatView:
    own = everything or visible_to({seat}, viewer)
    player = state.seats[seat]
    choice = state.committed.get(seat)
    return ToySeatView(
        seat=seat,
        name=player.name,
        bot=player.bot,
        stake=state.stakes[seat] if state.stakes else 0,
        card=state.cards.get(seat) if own else None,
        committed=choice is not None,
        choice=choice if own or state.revealed else None,
        purse=state.purses[seat] if state.purses else 0,
    )


def event_view(event: DomainEvent, viewer: int | None, *, game_ended: bool) -> DomainEvent:
    """The event as ``viewer`` may see it: hidden values blanked, never the event dropped; the
    whole event once the game has ended.

    A commitment stays blanked after the reveal: the event alone cannot tell that the reveal came,
    and the reveal is an event of its own, public ([TOY-COMMIT])."""
    if game_ended:
        return event
    match event:
        case ToyGameOpened():
            return blanked(event, seed=HIDDEN)
        case ToyCardSetAside():
            return blanked(event, card=HIDDEN)
        case ToyCardDealt() if not visible_to({event.seat}, viewer):
            return blanked(event, card=HIDDEN)
        case ToyChoiceCommitted() if not visible_to({event.seat}, viewer):
            return blanked(event, choice=HIDDEN)
    return event
