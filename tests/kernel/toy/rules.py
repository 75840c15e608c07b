"""Toy poker as a ruleset of the engine: the :class:`~domain.ruleset.Rules` the kernel's ``Game``
drives, over the modules that hold the rules themselves (``decide``, ``evolve``, ``views``,
``narration``). Not registered as an entry point: tests build a ``Registry`` holding it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.context import Context
from domain.events.base import DomainEvent
from domain.offers import Offer
from domain.ruleset import GameStatus, OfferRules, Opening, Outcome, Rules, SeatInfo

from tests.kernel.toy import decide
from tests.kernel.toy.actions import ACTION_TYPE, ToyDecision, ToyDecisionKind, ToyMove
from tests.kernel.toy.events import EVENT_TYPES, ToyChoiceCommitted, ToyGameOpened, ToySettings
from tests.kernel.toy.evolve import evolve
from tests.kernel.toy.narration import describe
from tests.kernel.toy.outcome import outcome
from tests.kernel.toy.state import ToyState
from tests.kernel.toy.views import ToyView, event_view, game_view


class ToyRules:
    name = "toy"
    title = "Toy poker"
    rules_version = decide.RULES_VERSION
    rules_versions: tuple[str, ...] = decide.RULES_VERSIONS
    min_seats = decide.SEATS
    max_seats = decide.SEATS
    topic_prefix = "toy."
    settings_type = ToySettings
    event_types = EVENT_TYPES
    action_type: Any = ACTION_TYPE
    opening_event: type[DomainEvent] = ToyGameOpened
    view_type = ToyView

    # -- setting up ------------------------------------------------------------------------

    def new_state(self) -> ToyState:
        return ToyState()

    def seed_of(self, state: ToyState) -> str:
        return state.seed

    def settings_of(self, state: ToyState) -> ToySettings:
        return state.settings

    def open(self, ctx: Context[ToyState], *, seats: int, settings: ToySettings, seed: str, rules_version: str) -> None:
        decide.open_game(ctx, seats=seats, settings=settings, seed=seed, rules_version=rules_version)

    def opening(self, event: DomainEvent) -> Opening:
        if not isinstance(event, ToyGameOpened):
            raise TypeError(f"a game of toy poker opens with ToyGameOpened, not {event!r}")
        return Opening(seats=event.seats, settings=event.settings, seed=event.seed, rules_version=event.rules_version)

    def seat(self, ctx: Context[ToyState], name: str, attributes: Any, bot: str | None) -> int:
        return decide.take_seat(ctx, name, attributes, bot)

    def start(self, ctx: Context[ToyState]) -> None:
        decide.start(ctx)

    # -- playing ---------------------------------------------------------------------------

    def pending(self, state: ToyState) -> list[ToyDecision]:
        return decide.pending(state)

    def simultaneous(self, decision: ToyDecision) -> bool:
        return decision.kind is ToyDecisionKind.COMMIT

    def legal_actions(self, state: ToyState, seat: int, pending: Sequence[ToyDecision]) -> list[ToyMove]:
        return decide.legal_actions(state, seat, pending)

    def is_legal(self, state: ToyState, seat: int, action: ToyMove, pending: Sequence[ToyDecision]) -> bool:
        return decide.refusal(state, seat, action, pending) is None

    def act(self, ctx: Context[ToyState], seat: int, action: ToyMove, pending: Sequence[ToyDecision]) -> None:
        decide.act(ctx, seat, action, pending)

    def default_action(self, state: ToyState, seat: int, pending: Sequence[ToyDecision]) -> ToyMove:
        return decide.default_action(state, seat, pending)

    def offers(self, state: ToyState) -> Sequence[Offer[int]]:
        return state.offers

    def evolve(self, state: ToyState, event: DomainEvent) -> None:
        evolve(state, event)

    # -- reading ---------------------------------------------------------------------------

    def status(self, state: ToyState) -> GameStatus:
        return state.status

    def seats(self, state: ToyState) -> tuple[SeatInfo, ...]:
        return tuple(SeatInfo(name=seat.name, bot=seat.bot) for seat in state.seats)

    def eliminated(self, state: ToyState) -> frozenset[int]:
        return frozenset()  # a fold loses the hand, it does not leave the game before its end

    def outcome(self, state: ToyState) -> Outcome | None:
        return outcome(state)

    def view(
        self,
        state: ToyState,
        version: int,
        viewer: int | None,
        *,
        reveal_all: bool = False,
        awaiting: Sequence[ToyDecision] | None = None,
    ) -> ToyView:
        return game_view(state, version, viewer, reveal_all=reveal_all, awaiting=awaiting)

    def event_view(self, event: DomainEvent, viewer: int | None, *, game_ended: bool) -> DomainEvent:
        return event_view(event, viewer, game_ended=game_ended)

    def tolerates_stale(self, state: ToyState, seat: int, since: Sequence[DomainEvent]) -> bool:
        """Both seats commit at once, independently ([TOY-COMMIT]): the other's commitment is
        hidden and changes nothing ``seat`` may do, so it must not make ``seat`` read the game
        again, nor depend on whose request arrived first. ``state`` is the latest."""
        if not since or state.status is not GameStatus.RUNNING or state.revealed:
            return False
        if not state.is_seat(seat) or seat in state.committed:
            return False
        return all(isinstance(event, ToyChoiceCommitted) and event.seat != seat for event in since)

    def describe(self, event: DomainEvent, names: Sequence[str], settings: ToySettings) -> str:
        return describe(event, names)


#: The one toy ruleset.
TOY = ToyRules()

#: mypy checks here that the toy implements the whole protocol.
_AS_RULES: Rules[ToyState, ToyMove, ToySettings, ToyDecision] = TOY
_AS_OFFER_RULES: OfferRules[ToyState] = TOY
