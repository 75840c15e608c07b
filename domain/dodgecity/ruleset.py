"""Dodge City (1983) as a ruleset of the engine: the :class:`~domain.ruleset.Rules` the kernel's
``Game`` drives, over the modules that hold the rules themselves (``rules/``, ``evolve``,
``views``, ``narration``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from uuid import UUID

from domain.aggregates.game import Game, RandomFactory
from domain.context import Context
from domain.dodgecity.actions import Action, AnyAction
from domain.dodgecity.catalog import BUILDINGS_BY_PLAYER_COUNT, DECK_NAMES
from domain.dodgecity.decisions import SIMULTANEOUS, Decision
from domain.dodgecity.evolve import evolve
from domain.dodgecity.narration import describe
from domain.dodgecity.rules import commands
from domain.dodgecity.rules.defaults import default_action
from domain.dodgecity.rules.flow import begin_game
from domain.dodgecity.rules.legal import is_legal, legal_actions
from domain.dodgecity.rules.pending import pending_decisions
from domain.dodgecity.rules.versions import RULES_VERSIONS
from domain.dodgecity.state import MAX_PLAYERS, MIN_PLAYERS, STARTING_MONEY, GameState, Status
from domain.dodgecity.views import GameView, event_view, game_view
from domain.errors import RuleViolation
from domain.events.base import DomainEvent
from domain.events.dodgecity import (
    ALL_EVENT_TYPES,
    Colour,
    DuelCardCommitted,
    GameCreated,
    GameStarted,
    PlayerJoined,
    StartCardCommitted,
    Variants,
)
from domain.random_source import SeededRandom
from domain.ruleset import GameStatus, Opening, Outcome, SeatInfo, SeatResult

#: The version of the rules new games are played by; recorded in every game's first event.
RULES_VERSION = RULES_VERSIONS[-1]

MAX_NAME_LENGTH = 40

#: The events of a simultaneous decision: one seat's secret commitment each.
_COMMITMENTS = (StartCardCommitted, DuelCardCommitted)

_STATUS = {
    Status.LOBBY: GameStatus.LOBBY,
    Status.RUNNING: GameStatus.RUNNING,
    Status.ENDED: GameStatus.ENDED,
}

DodgeCityGame = Game[GameState, Action, Decision]


class DodgeCityRules:
    name = "dodgecity"
    title = "Dodge City"
    rules_version = RULES_VERSION
    rules_versions: tuple[str, ...] = RULES_VERSIONS
    min_seats = MIN_PLAYERS
    max_seats = MAX_PLAYERS
    #: The first game keeps the bare topics its stored games were hashed with.
    topic_prefix = ""
    settings_type = Variants
    event_types = ALL_EVENT_TYPES
    action_type = AnyAction
    opening_event: type[DomainEvent] = GameCreated
    view_type = GameView

    # -- setting up ------------------------------------------------------------------------

    def new_state(self) -> GameState:
        return GameState()

    def seed_of(self, state: GameState) -> str:
        return state.seed

    def settings_of(self, state: GameState) -> Variants:
        return state.variants

    def open(
        self,
        ctx: Context[GameState],
        *,
        seats: int,
        settings: Variants,
        seed: str,
        rules_version: str,
    ) -> None:
        if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
            raise RuleViolation("SETUP-PLAYERS", "a game has 2 to 5 players")
        if settings.deck not in DECK_NAMES:
            raise RuleViolation("COMP-DECK", f"unknown deck {settings.deck!r}")
        if settings.max_passes < 1:
            raise RuleViolation("END-LIMIT", "max_passes must be at least 1")
        ctx.emit(
            GameCreated(
                max_players=seats, variants=settings, rules_version=rules_version, seed=seed
            )
        )

    def opening(self, event: DomainEvent) -> Opening:
        if not isinstance(event, GameCreated):
            raise TypeError(f"a game of Dodge City opens with GameCreated, not {event!r}")
        return Opening(
            seats=event.max_players,
            settings=event.variants,
            seed=event.seed,
            rules_version=event.rules_version,
        )

    def seat(self, ctx: Context[GameState], name: str, attributes: Any, bot: str | None) -> int:
        """Take the next seat with ``attributes`` the colour (None: the first free one). Seat
        order is clockwise order ([SETUP-PLAYERS])."""
        state = ctx.state
        colour = _colour(attributes)
        if state.status is not Status.LOBBY:
            raise RuleViolation("SETUP-PLAYERS", "seats can only be taken before the game starts")
        if len(state.players) >= state.max_players:
            raise RuleViolation("SETUP-PLAYERS", f"all {state.max_players} seats are taken")
        name = name.strip()
        if not name or len(name) > MAX_NAME_LENGTH:
            raise RuleViolation("SETUP-PLAYERS", f"a name has 1 to {MAX_NAME_LENGTH} characters")
        taken = {p.colour for p in state.players}
        if colour is None:
            colour = next(c for c in Colour if c not in taken)
        elif colour in taken:
            raise RuleViolation("SETUP-PLAYERS", f"{colour} is already taken")
        seat = len(state.players)
        ctx.emit(PlayerJoined(seat=seat, name=name, colour=colour, bot=bot))
        return seat

    def start(self, ctx: Context[GameState]) -> None:
        state = ctx.state
        if state.status is not Status.LOBBY:
            raise RuleViolation("SETUP-PLAYERS", "the game has already started")
        if len(state.players) < MIN_PLAYERS:
            raise RuleViolation("SETUP-PLAYERS", "at least 2 players are needed to start")
        buildings = BUILDINGS_BY_PLAYER_COUNT[len(state.players)]  # [SETUP-BOARD]
        ctx.emit(
            GameStarted(players=len(state.players), buildings=buildings, money_each=STARTING_MONEY)
        )
        begin_game(ctx)

    # -- playing ---------------------------------------------------------------------------

    def pending(self, state: GameState) -> list[Decision]:
        return pending_decisions(state)

    def simultaneous(self, decision: Decision) -> bool:
        return decision.kind in SIMULTANEOUS

    def legal_actions(
        self, state: GameState, seat: int, pending: Sequence[Decision]
    ) -> list[Action]:
        return legal_actions(state, seat, pending)

    def default_action(self, state: GameState, seat: int, pending: Sequence[Decision]) -> Action:
        """The least committal legal action, on public grounds only (``rules/defaults.py``)."""
        return default_action(state, seat, pending)

    def is_legal(
        self, state: GameState, seat: int, action: Action, pending: Sequence[Decision]
    ) -> bool:
        return is_legal(state, seat, action, pending)

    def act(
        self, ctx: Context[GameState], seat: int, action: Action, pending: Sequence[Decision]
    ) -> None:
        commands.act(ctx, seat, action, pending)

    # The rules' own function, not a method calling it: applied to every event of every game.
    evolve = staticmethod(evolve)

    # -- reading ---------------------------------------------------------------------------

    def status(self, state: GameState) -> GameStatus:
        return _STATUS[state.status]

    def seats(self, state: GameState) -> tuple[SeatInfo, ...]:
        return tuple(SeatInfo(name=p.name, bot=p.bot) for p in state.players)

    def eliminated(self, state: GameState) -> frozenset[int]:
        return frozenset()  # nobody leaves Dodge City before the end

    def outcome(self, state: GameState) -> Outcome | None:
        if state.status is not Status.ENDED:
            return None
        ranks = competition_ranks(state)
        return Outcome(
            winners=state.winners,
            reason=None if state.end_reason is None else state.end_reason.value,
            results=tuple(
                SeatResult(
                    seat=p.seat, won=p.seat in state.winners, rank=ranks[p.seat], score=p.points
                )
                for p in state.players
            ),
        )

    def view(
        self,
        state: GameState,
        version: int,
        viewer: int | None,
        *,
        reveal_all: bool = False,
        awaiting: Sequence[Decision] | None = None,
    ) -> GameView:
        return game_view(state, version, viewer, reveal_all=reveal_all, awaiting=awaiting)

    def event_view(
        self, event: DomainEvent, viewer: int | None, *, game_ended: bool
    ) -> DomainEvent:
        return event_view(event, viewer, game_ended=game_ended)

    def tolerates_stale(self, state: GameState, seat: int, since: Sequence[DomainEvent]) -> bool:
        """Everyone commits at once, independently ([START-COMMIT], [DUEL-COMMIT]): what the
        others committed is hidden and changes nothing ``seat`` may do, so it must not make
        ``seat`` read the game again and retry, nor depend on whose request arrived first."""
        if not 0 < len(since) < state.player_count:
            return False
        if not any(d.seat == seat and d.kind in SIMULTANEOUS for d in pending_decisions(state)):
            return False
        return all(isinstance(event, _COMMITMENTS) and event.seat != seat for event in since)

    def describe(self, event: DomainEvent, names: Sequence[str], settings: Variants) -> str:
        return describe(event, names, deck_name=settings.deck)


def _colour(attributes: Any) -> Colour | None:
    """A seat's attributes read as its colour (stored commands hold its name)."""
    if attributes is None or isinstance(attributes, Colour):
        return attributes
    try:
        return Colour(attributes)
    except ValueError:
        raise RuleViolation("SETUP-PLAYERS", f"there is no colour {attributes!r}") from None


def competition_ranks(state: GameState) -> dict[int, int]:
    """Standard competition ranking (1, 2, 2, 4): winners first, as the final tie duel may have
    put a player ahead of another with as many points; then by points."""
    return ranks_by_points(state.winners, {p.seat: p.points for p in state.players})


def ranks_by_points(winners: Sequence[int], points: Mapping[int, int]) -> dict[int, int]:
    """:func:`competition_ranks` from the winners and each seat's points alone (what a view of
    an ended game shows)."""
    keys = {seat: (seat in winners, scored) for seat, scored in points.items()}
    return {
        seat: 1 + sum(1 for other in keys.values() if other > key) for seat, key in keys.items()
    }


#: The one Dodge City ruleset; registered under ``engine.rulesets`` in pyproject.toml.
DODGECITY = DodgeCityRules()


def open_game(
    game_id: UUID,
    *,
    seed: str,
    max_players: int = MAX_PLAYERS,
    variants: Variants | None = None,
    random_factory: RandomFactory = SeededRandom,
    rules_version: str = RULES_VERSION,
) -> DodgeCityGame:
    """Open a game of Dodge City (the kernel's ``Game.create`` in Dodge City's words), played
    by ``rules_version`` (an older one only to play a game recorded under it again)."""
    return Game.create(
        game_id,
        DODGECITY,
        seed=seed,
        seats=max_players,
        settings=variants,
        random_factory=random_factory,
        rules_version=rules_version,
    )


def empty_game(game_id: UUID) -> DodgeCityGame:
    """A Dodge City game before its first event, to fold stored events into."""
    return Game(game_id, DODGECITY)
