"""BANG! – Dodge City as a ruleset of the engine: the :class:`~domain.ruleset.Rules` the kernel's
``Game`` drives, over the modules that hold the rules themselves (``rules/``, ``evolve``,
``views``, ``narration``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.bang.actions import ACTION_TYPE, BangAction, BangDecision
from domain.bang.evolve import apply
from domain.bang.narration import describe
from domain.bang.rules import commands, defaults, legal, setup
from domain.bang.rules.flow import awaited
from domain.bang.rules.outcome import outcome
from domain.bang.state import MAX_PLAYERS, MIN_PLAYERS, BangState
from domain.bang.views import BangView, event_view, game_view
from domain.context import Context
from domain.errors import RuleViolation
from domain.events.bang import EVENT_TYPES, BangGameOpened, BangSettings
from domain.events.base import DomainEvent
from domain.ruleset import GameStatus, Opening, Outcome, Rules, SeatInfo


class BangRules:
    name = "bang"
    title = "BANG! – Dodge City"
    rules_version = setup.RULES_VERSION
    rules_versions: tuple[str, ...] = (setup.RULES_VERSION,)
    min_seats = MIN_PLAYERS
    max_seats = MAX_PLAYERS
    topic_prefix = "bang."
    settings_type = BangSettings
    event_types = EVENT_TYPES
    action_type: Any = ACTION_TYPE
    opening_event: type[DomainEvent] = BangGameOpened
    view_type = BangView

    # -- setting up ------------------------------------------------------------------------

    def new_state(self) -> BangState:
        return BangState()

    def seed_of(self, state: BangState) -> str:
        return state.seed

    def settings_of(self, state: BangState) -> BangSettings:
        return state.settings

    def open(
        self,
        ctx: Context[BangState],
        *,
        seats: int,
        settings: BangSettings,
        seed: str,
        rules_version: str,
    ) -> None:
        # One version so far: ``Game.create`` admits no other, and open_game records it.
        assert rules_version == setup.RULES_VERSION
        setup.open_game(ctx, seats=seats, settings=settings, seed=seed)

    def opening(self, event: DomainEvent) -> Opening:
        if not isinstance(event, BangGameOpened):
            raise TypeError(f"a game of BANG! opens with BangGameOpened, not {event!r}")
        return Opening(
            seats=event.seats,
            settings=event.settings,
            seed=event.seed,
            rules_version=event.rules_version,
        )

    def seat(self, ctx: Context[BangState], name: str, attributes: Any, bot: str | None) -> int:
        return setup.take_seat(ctx, name, attributes, bot)

    def start(self, ctx: Context[BangState]) -> None:
        setup.start(ctx)

    # -- playing ---------------------------------------------------------------------------

    def pending(self, state: BangState) -> list[BangDecision]:
        found = awaited(state)
        return [] if found is None else [found]

    def simultaneous(self, decision: BangDecision) -> bool:
        return False  # one decider at a time ([FLOW-ONE-DECIDER])

    def legal_actions(
        self, state: BangState, seat: int, pending: Sequence[BangDecision]
    ) -> list[BangAction]:
        if not pending or pending[0].seat != seat:
            return []
        return legal.legal_actions(state, pending[0])

    def default_action(
        self, state: BangState, seat: int, pending: Sequence[BangDecision]
    ) -> BangAction:
        if not pending or pending[0].seat != seat:
            raise RuleViolation("FLOW-ONE-DECIDER", f"seat {seat} is asked nothing now")
        return defaults.default_action(state, pending[0])

    def is_legal(
        self, state: BangState, seat: int, action: BangAction, pending: Sequence[BangDecision]
    ) -> bool:
        return (
            bool(pending)
            and pending[0].seat == seat
            and commands.is_legal(state, pending[0], action)
        )

    def act(
        self,
        ctx: Context[BangState],
        seat: int,
        action: BangAction,
        pending: Sequence[BangDecision],
    ) -> None:
        commands.act(ctx, seat, action, pending)

    def evolve(self, state: BangState, event: DomainEvent) -> None:
        apply(state, event)

    # -- reading ---------------------------------------------------------------------------

    def status(self, state: BangState) -> GameStatus:
        return state.status

    def seats(self, state: BangState) -> tuple[SeatInfo, ...]:
        return tuple(SeatInfo(name=player.name, bot=player.bot) for player in state.players)

    def eliminated(self, state: BangState) -> frozenset[int]:
        return frozenset(player.seat for player in state.players if not player.alive)

    def outcome(self, state: BangState) -> Outcome | None:
        return outcome(state)

    def view(
        self,
        state: BangState,
        version: int,
        viewer: int | None,
        *,
        reveal_all: bool = False,
        awaiting: Sequence[BangDecision] | None = None,
    ) -> BangView:
        return game_view(state, version, viewer, reveal_all=reveal_all, awaiting=awaiting)

    def event_view(
        self, event: DomainEvent, viewer: int | None, *, game_ended: bool
    ) -> DomainEvent:
        return event_view(event, viewer, game_ended=game_ended)

    def tolerates_stale(self, state: BangState, seat: int, since: Sequence[DomainEvent]) -> bool:
        return False  # no simultaneous decisions: every event may change what a seat may do

    def describe(self, event: DomainEvent, names: Sequence[str], settings: BangSettings) -> str:
        return describe(event, names)


#: The one BANG! – Dodge City ruleset.
BANG = BangRules()

#: mypy checks here that BANG! implements the whole protocol.
_AS_RULES: Rules[BangState, BangAction, BangSettings, BangDecision] = BANG
