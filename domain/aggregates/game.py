"""The Game aggregate: one game of Dodge City, changed only by recording domain events.

Commands check the rules, record events and apply them at once; ``collect_events`` hands the new
events to whoever stores them. ``project_game`` rebuilds a game from its stored events.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from uuid import UUID

from msgspec.structs import force_setattr

from domain.dodgecity.actions import Action
from domain.dodgecity.catalog import BUILDINGS_BY_PLAYER_COUNT, DECK_NAMES
from domain.dodgecity.decisions import Decision
from domain.dodgecity.evolve import evolve
from domain.dodgecity.rules import commands
from domain.dodgecity.rules.context import Context, GameOver
from domain.dodgecity.rules.flow import begin_game
from domain.dodgecity.rules.legal import is_legal, legal_actions
from domain.dodgecity.rules.pending import pending_decisions
from domain.dodgecity.state import MAX_PLAYERS, MIN_PLAYERS, STARTING_MONEY, GameState, Status
from domain.errors import RuleViolation
from domain.events.dodgecity import (
    Colour,
    DomainEvent,
    GameCreated,
    GameStarted,
    PlayerJoined,
    Variants,
)
from domain.random_source import RandomSource, SeededRandom

#: The version of RULES.md this engine implements; recorded in every game's first event.
RULES_VERSION = "1.0"

MAX_NAME_LENGTH = 40

RandomFactory = Callable[[str], RandomSource]


class Game:
    def __init__(self, game_id: UUID, random_factory: RandomFactory = SeededRandom) -> None:
        self.id = game_id
        self.version = 0
        self.state = GameState()
        self._pending: list[DomainEvent] = []
        self._random_factory = random_factory
        self._decisions: tuple[int, list[Decision]] = (-1, [])

    # -- creating and joining -------------------------------------------------------------

    @classmethod
    def create(
        cls,
        game_id: UUID,
        *,
        seed: str,
        max_players: int = MAX_PLAYERS,
        variants: Variants | None = None,
        random_factory: RandomFactory = SeededRandom,
    ) -> Game:
        variants = variants or Variants()
        if not MIN_PLAYERS <= max_players <= MAX_PLAYERS:
            raise RuleViolation("SETUP-PLAYERS", "a game has 2 to 5 players")
        if variants.deck not in DECK_NAMES:
            raise RuleViolation("COMP-DECK", f"unknown deck {variants.deck!r}")
        if variants.max_passes < 1:
            raise RuleViolation("END-LIMIT", "max_passes must be at least 1")
        game = cls(game_id, random_factory)
        game._trigger(
            GameCreated(
                max_players=max_players,
                variants=variants,
                rules_version=RULES_VERSION,
                seed=seed,
            )
        )
        return game

    def join(self, name: str, colour: Colour | None = None, *, bot: str | None = None) -> int:
        """Take the next seat; returns it. Seat order is clockwise order ([SETUP-PLAYERS]).

        ``bot`` names the kind of computer player that will play the seat; the rules treat it
        as any other player."""
        state = self.state
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
        self._trigger(PlayerJoined(seat=seat, name=name, colour=colour, bot=bot))
        return seat

    def start(self) -> None:
        state = self.state
        if state.status is not Status.LOBBY:
            raise RuleViolation("SETUP-PLAYERS", "the game has already started")
        if len(state.players) < MIN_PLAYERS:
            raise RuleViolation("SETUP-PLAYERS", "at least 2 players are needed to start")
        buildings = BUILDINGS_BY_PLAYER_COUNT[len(state.players)]  # [SETUP-BOARD]
        started = GameStarted(
            players=len(state.players), buildings=buildings, money_each=STARTING_MONEY
        )

        def deal_and_begin(ctx: Context) -> None:
            ctx.emit(started)
            begin_game(ctx)

        self._command(deal_and_begin)

    # -- playing --------------------------------------------------------------------------

    def act(self, seat: int, action: Action) -> None:
        """Perform one action for ``seat``; raises RuleViolation, recording nothing, if refused."""
        awaited = self._awaited()
        self._command(lambda ctx: commands.act(ctx, seat, action, awaited))

    def pending(self) -> list[Decision]:
        """The decisions the game waits for; several only for simultaneous commitments."""
        return list(self._awaited())

    def legal_actions(self, seat: int) -> list[Action]:
        return legal_actions(self.state, seat, self._awaited())

    def is_legal(self, seat: int, action: Action) -> bool:
        return is_legal(self.state, seat, action, self._awaited())

    def _awaited(self) -> list[Decision]:
        """``pending()`` without a copy, for the rules code, which never changes the list."""
        version, decisions = self._decisions
        if version != self.version:
            decisions = pending_decisions(self.state)
            self._decisions = (self.version, decisions)
        return decisions

    @property
    def is_over(self) -> bool:
        return self.state.status is Status.ENDED

    # -- event sourcing -------------------------------------------------------------------

    def collect_events(self) -> list[DomainEvent]:
        events, self._pending = self._pending, []
        return events

    def apply(self, event: DomainEvent) -> None:
        """Apply a stored event (replay); never validates."""
        evolve(self.state, event)
        self.version = event.originator_version

    def _trigger(self, event: DomainEvent) -> None:
        """Stamp a new event with this game and its version, apply it and keep it for saving.

        Rules code hands over events it has just built and never keeps, so they are stamped in
        place; from here on they are immutable."""
        if event.originator_version != 0:
            raise ValueError("an event can be recorded only once")
        force_setattr(event, "originator_id", self.id)
        force_setattr(event, "originator_version", self.version + 1)
        evolve(self.state, event)
        self.version += 1
        self._pending.append(event)

    def _command(self, body: Callable[[Context], None]) -> None:
        version_before = self.version
        ctx = Context(
            self.state,
            self._trigger,
            lambda: self._random_factory(f"{self.state.seed}:{version_before}"),
        )
        try:
            body(ctx)
        except GameOver:
            return
        except RuleViolation:
            if self.version != version_before:
                raise RuntimeError("a rule refused an action after events were recorded") from None
            raise
        if ctx.awaiting is not None:
            self._decisions = (self.version, ctx.awaiting)


def project_game(game: Game | None, events: Iterable[DomainEvent]) -> Game | None:
    """Fold stored events into a Game (a new one named by the first event if ``game`` is None)."""
    for event in events:
        if game is None:
            game = Game(event.originator_id)
        game.apply(event)
    return game
