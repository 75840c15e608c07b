"""The Game aggregate: one game of any ruleset, changed only by recording domain events.

The aggregate knows no game's rules: a :class:`~domain.ruleset.Rules` object decides and evolves.
Commands let the rules record events, which are stamped with this game and its next version and
applied at once; ``collect_events`` hands the new events to whoever stores them. ``apply``
replays a stored event. The random source of each command is derived from the game's seed and
the version the command starts at, so the same seed and the same commands record the same events.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, TypeVar
from uuid import UUID

from msgspec.structs import force_setattr

from domain.context import Context, GameOver
from domain.errors import RuleViolation
from domain.events.base import DomainEvent
from domain.random_source import RandomSource, SeededRandom
from domain.ruleset import GameStatus, Outcome, Rules, SeatInfo

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
DecisionT = TypeVar("DecisionT")
T = TypeVar("T")

RandomFactory = Callable[[str], RandomSource]


class Game(Generic[StateT, ActionT, DecisionT]):
    def __init__(
        self,
        game_id: UUID,
        rules: Rules[StateT, ActionT, Any, DecisionT],
        random_factory: RandomFactory = SeededRandom,
    ) -> None:
        self.id = game_id
        self.rules = rules
        self.version = 0
        self.state: StateT = rules.new_state()
        self._pending: list[DomainEvent] = []
        self._random_factory = random_factory
        self._decisions: tuple[int, list[DecisionT]] = (-1, [])
        self._evolve = rules.evolve  # bound once: applied to every event of every game

    # -- opening, seating, starting ----------------------------------------------------------

    @classmethod
    def create(
        cls,
        game_id: UUID,
        rules: Rules[StateT, ActionT, Any, DecisionT],
        *,
        seed: str,
        seats: int,
        settings: Any = None,
        random_factory: RandomFactory = SeededRandom,
        rules_version: str | None = None,
    ) -> Game[StateT, ActionT, DecisionT]:
        """Open a game of ``seats`` seats; ``settings`` are the ruleset's (None: its defaults).
        ``rules_version`` is the version of the rules it is played by (None: the newest; an
        older one to play a recorded game again). Raises RuleViolation, recording nothing, for
        settings the rules refuse, and ValueError for a version the ruleset cannot play."""
        version = rules.rules_version if rules_version is None else rules_version
        if version not in rules.rules_versions:
            raise ValueError(
                f"{rules.name} cannot be played by rules version {version!r}; "
                f"it implements {', '.join(rules.rules_versions)}"
            )
        game = cls(game_id, rules, random_factory)
        chosen = rules.settings_type() if settings is None else settings
        game._command(
            lambda ctx: rules.open(
                ctx, seats=seats, settings=chosen, seed=seed, rules_version=version
            )
        )
        return game

    def join(self, name: str, attributes: Any = None, *, bot: str | None = None) -> int:
        """Take the next seat; returns it. ``attributes`` are the ruleset's own (a colour);
        ``bot`` names the kind of computer player that will play the seat, which the rules
        treat as any other player."""
        seat = self._command(lambda ctx: self.rules.seat(ctx, name, attributes, bot))
        if seat is None:
            raise RuntimeError("taking a seat ended the game")
        return seat

    def start(self) -> None:
        self._command(self.rules.start)

    # -- playing ---------------------------------------------------------------------------

    def act(self, seat: int, action: ActionT) -> None:
        """Perform one action for ``seat``; raises RuleViolation, recording nothing, if refused."""
        awaited = self._awaited()
        self._command(lambda ctx: self.rules.act(ctx, seat, action, awaited))

    def pending(self) -> list[DecisionT]:
        """The decisions the game waits for, in the order the rules ask them."""
        return list(self._awaited())

    def legal_actions(self, seat: int) -> list[ActionT]:
        return self.rules.legal_actions(self.state, seat, self._awaited())

    def is_legal(self, seat: int, action: ActionT) -> bool:
        return self.rules.is_legal(self.state, seat, action, self._awaited())

    def _awaited(self) -> list[DecisionT]:
        """``pending()`` without a copy, for the rules, which never change the list."""
        version, decisions = self._decisions
        if version != self.version:
            decisions = self.rules.pending(self.state)
            self._decisions = (self.version, decisions)
        return decisions

    # -- reading ---------------------------------------------------------------------------

    @property
    def status(self) -> GameStatus:
        return self.rules.status(self.state)

    @property
    def is_over(self) -> bool:
        return self.rules.status(self.state) is GameStatus.ENDED

    def seats(self) -> Sequence[SeatInfo]:
        return self.rules.seats(self.state)

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def view(self, viewer: int | None, *, reveal_all: bool = False) -> Any:
        """The game now as ``viewer`` (a seat, or None for a spectator) may see it."""
        return self.rules.view(
            self.state, self.version, viewer, reveal_all=reveal_all, awaiting=self._awaited()
        )

    # -- event sourcing --------------------------------------------------------------------

    def collect_events(self) -> list[DomainEvent]:
        events, self._pending = self._pending, []
        return events

    def apply(self, event: DomainEvent) -> None:
        """Apply a stored event (replay); never validates."""
        self._evolve(self.state, event)
        self.version = event.originator_version

    def _trigger(self, event: DomainEvent) -> None:
        """Stamp a new event with this game and its version, apply it and keep it for saving.

        Rules code hands over events it has just built and never keeps, so they are stamped in
        place; from here on they are immutable."""
        if event.originator_version != 0:
            raise ValueError("an event can be recorded only once")
        force_setattr(event, "originator_id", self.id)
        force_setattr(event, "originator_version", self.version + 1)
        self._evolve(self.state, event)
        self.version += 1
        self._pending.append(event)

    def _command(self, body: Callable[[Context[StateT]], T]) -> T | None:
        """Run ``body`` as one command: all it records, or nothing if the rules refuse."""
        version_before = self.version
        ctx: Context[StateT] = Context(
            self.state,
            self._trigger,
            lambda: self._random_factory(f"{self.rules.seed_of(self.state)}:{version_before}"),
        )
        try:
            result = body(ctx)
        except GameOver:
            return None
        except RuleViolation:
            if self.version != version_before:
                raise RuntimeError("a rule refused an action after events were recorded") from None
            raise
        if ctx.awaiting is not None:
            self._decisions = (self.version, ctx.awaiting)
        return result


def project_game(
    game: Game[StateT, ActionT, DecisionT], events: Iterable[DomainEvent]
) -> Game[StateT, ActionT, DecisionT]:
    """Fold stored events into ``game``."""
    for event in events:
        game.apply(event)
    return game


#: A game of any ruleset, as the engine handles it.
AnyGame = Game[Any, Any, Any]
