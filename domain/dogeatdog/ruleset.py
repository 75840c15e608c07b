"""Dog Eat Dog as a ruleset of the engine: the :class:`~domain.ruleset.Rules` the kernel's
``Game`` drives, over the modules that hold the rules themselves (``rules/``, ``evolve``,
``views``, ``narration``). Registered under the ``engine.rulesets`` entry point group
(``pyproject.toml``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.context import Context
from domain.dogeatdog.actions import (
    ACTION_TYPE,
    DecisionKind,
    DogEatDogDecision,
    DogEatDogMove,
)
from domain.dogeatdog.evolve import apply
from domain.dogeatdog.narration import describe
from domain.dogeatdog.rules import decisions, flow, setup, trade
from domain.dogeatdog.rules.outcome import outcome
from domain.dogeatdog.state import MAX_PLAYERS, MIN_PLAYERS, DogEatDogState
from domain.dogeatdog.views import DogEatDogView, event_view, game_view
from domain.errors import RuleViolation
from domain.events.base import DomainEvent
from domain.events.dogeatdog import (
    EVENT_TYPES,
    DogEatDogGameOpened,
    DogEatDogSealedBidMade,
    DogEatDogSettings,
)
from domain.events.dogeatdog.trade import DogEatDogTradeSide
from domain.offers import Offer
from domain.ruleset import GameStatus, OfferRules, Opening, Outcome, Rules, SeatInfo


class DogEatDogRules:
    name = "dogeatdog"
    title = "Dog Eat Dog"
    rules_version = setup.RULES_VERSION
    rules_versions: tuple[str, ...] = (setup.RULES_VERSION,)
    min_seats = MIN_PLAYERS
    max_seats = MAX_PLAYERS
    topic_prefix = "dogeatdog."
    settings_type = DogEatDogSettings
    event_types = EVENT_TYPES
    action_type: Any = ACTION_TYPE
    opening_event: type[DomainEvent] = DogEatDogGameOpened
    view_type = DogEatDogView

    # -- setting up ------------------------------------------------------------------------

    def new_state(self) -> DogEatDogState:
        return DogEatDogState()

    def seed_of(self, state: DogEatDogState) -> str:
        return state.seed

    def settings_of(self, state: DogEatDogState) -> DogEatDogSettings:
        return state.settings

    def open(
        self,
        ctx: Context[DogEatDogState],
        *,
        seats: int,
        settings: DogEatDogSettings,
        seed: str,
        rules_version: str,
    ) -> None:
        # One version so far: ``Game.create`` admits no other, and open_game records it.
        assert rules_version == setup.RULES_VERSION
        setup.open_game(ctx, seats=seats, settings=settings, seed=seed)

    def opening(self, event: DomainEvent) -> Opening:
        if not isinstance(event, DogEatDogGameOpened):
            raise TypeError(f"a game of Dog Eat Dog opens with DogEatDogGameOpened, not {event!r}")
        return Opening(
            seats=event.seats,
            settings=event.settings,
            seed=event.seed,
            rules_version=event.rules_version,
        )

    def seat(
        self, ctx: Context[DogEatDogState], name: str, attributes: Any, bot: str | None
    ) -> int:
        if attributes not in (None, {}):
            raise RuleViolation("SETUP-PLAYERS", "a seat of Dog Eat Dog has no attributes")
        return setup.take_seat(ctx, name, bot)

    def start(self, ctx: Context[DogEatDogState]) -> None:
        setup.start(ctx)

    # -- playing ---------------------------------------------------------------------------

    def pending(self, state: DogEatDogState) -> list[DogEatDogDecision]:
        return flow.pending(state)

    def simultaneous(self, decision: DogEatDogDecision) -> bool:
        # One seat at a time in the default game ([TURN-DECISIONS]); only the sealed bids of
        # [VAR-AUCTION-SEALED] are asked of every bidder at once.
        return decision.kind is DecisionKind.SEALED_BID

    def legal_actions(
        self, state: DogEatDogState, seat: int, pending: Sequence[DogEatDogDecision]
    ) -> list[DogEatDogMove]:
        try:
            decision = decisions.asked(state, seat, pending)
        except RuleViolation:
            return []
        return decisions.legal_actions(state, decision)

    def is_legal(
        self,
        state: DogEatDogState,
        seat: int,
        action: DogEatDogMove,
        pending: Sequence[DogEatDogDecision],
    ) -> bool:
        try:
            decisions.judge(state, seat, action, pending)
        except RuleViolation:
            return False
        return True

    #: Every action: the rules' own function, not a method calling it.
    act = staticmethod(decisions.act)

    def default_action(
        self, state: DogEatDogState, seat: int, pending: Sequence[DogEatDogDecision]
    ) -> DogEatDogMove:
        return decisions.default_action(state, decisions.asked(state, seat, pending))

    def offers(self, state: DogEatDogState) -> Sequence[Offer[DogEatDogTradeSide]]:
        """The trade proposed and not answered yet ([TRADE-ANSWER], docs/OFFERS.md)."""
        return trade.open_offers(state)

    #: Applied to every event: the function itself, not a method calling it.
    evolve = staticmethod(apply)

    # -- reading ---------------------------------------------------------------------------

    def status(self, state: DogEatDogState) -> GameStatus:
        return state.status

    def seats(self, state: DogEatDogState) -> tuple[SeatInfo, ...]:
        return tuple([SeatInfo(name=player.name, bot=player.bot) for player in state.players])

    def eliminated(self, state: DogEatDogState) -> frozenset[int]:
        return frozenset(player.seat for player in state.players if not player.in_game)

    def outcome(self, state: DogEatDogState) -> Outcome | None:
        return outcome(state)

    def view(
        self,
        state: DogEatDogState,
        version: int,
        viewer: int | None,
        *,
        reveal_all: bool = False,
        awaiting: Sequence[DogEatDogDecision] | None = None,
    ) -> DogEatDogView:
        return game_view(
            state,
            version,
            viewer,
            outcome=self.outcome(state),
            reveal_all=reveal_all,
            awaiting=awaiting,
        )

    def event_view(
        self, event: DomainEvent, viewer: int | None, *, game_ended: bool
    ) -> DomainEvent:
        return event_view(event, viewer, game_ended=game_ended)

    def tolerates_stale(
        self, state: DogEatDogState, seat: int, since: Sequence[DomainEvent]
    ) -> bool:
        """Only sealed bids are made at once ([VAR-AUCTION-SEALED]): what the other bidders
        committed is hidden and changes nothing ``seat`` may bid, so it must not make ``seat``
        read the game again and retry. Any other event may change what a seat may do."""
        auction = state.turn.auction
        if not since or auction is None or seat not in auction.waiting:
            return False
        return all(isinstance(e, DogEatDogSealedBidMade) and e.seat != seat for e in since)

    def describe(
        self, event: DomainEvent, names: Sequence[str], settings: DogEatDogSettings
    ) -> str:
        return describe(event, names)


#: The one Dog Eat Dog ruleset.
DOGEATDOG = DogEatDogRules()

#: mypy checks here that Dog Eat Dog implements the whole protocol.
_AS_RULES: Rules[DogEatDogState, DogEatDogMove, DogEatDogSettings, DogEatDogDecision] = DOGEATDOG
#: ... and the offers' part of it (docs/OFFERS.md).
_AS_OFFERS: OfferRules[DogEatDogState] = DOGEATDOG
