"""The Game aggregate: one game of any ruleset, changed only by recording domain events.

The aggregate knows no game's rules: a :class:`~domain.ruleset.Rules` object decides and evolves.
Commands let the rules record events, which are stamped with this game and its next version and
applied at once; ``collect_events`` hands the new events to whoever stores them. ``apply``
replays a stored event. The random source of each command is derived from the game's seed and
the version the command starts at, so the same seed and the same commands record the same events.

Around the ruleset's state the aggregate keeps the kernel's :class:`~domain.table.Table`: the
clock, seats played for absent players, abandonment. Kernel events change the table and never
reach the ruleset's ``evolve``. A command given the time it is recorded at (``at``) settles the
clock with it; a stored command is replayed with its recorded time (:meth:`Game.replay`), so a
replay finds the deadlines the live game had. Commands without a time (simulations, games
without a clock) leave the clock alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Any, Generic, TypeVar, cast
from uuid import UUID

import msgspec
from msgspec.structs import force_setattr

from domain import names, offers
from domain.context import Context, GameOver
from domain.errors import RuleViolation
from domain.events.base import DomainEvent
from domain.events.kernel import (
    KERNEL_EVENT_CLASSES,
    ClockSet,
    DecisionTimedOut,
    GameAbandoned,
    KernelEvent,
    SeatHandedToBot,
    SeatTakenBack,
)
from domain.random_source import RandomSource, SeededRandom
from domain.ruleset import GameStatus, Outcome, Rules, SeatInfo
from domain.table import ClockSettings, ClockView, Table, asked

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
        self.table = Table()

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
        clock: ClockSettings | None = None,
        stand_in: str = "",
        at: datetime | None = None,
    ) -> Game[StateT, ActionT, DecisionT]:
        """Open a game of ``seats`` seats; ``settings`` are the ruleset's (None: its defaults).
        ``rules_version`` is the version of the rules it is played by (None: the newest; an
        older one to play a recorded game again). ``clock`` puts it on a clock, whose absent
        seats a computer player of kind ``stand_in`` takes. Raises RuleViolation, recording
        nothing, for settings the rules refuse, and ValueError for a version the ruleset cannot
        play."""
        version = rules.rules_version if rules_version is None else rules_version
        if version not in rules.rules_versions:
            raise ValueError(
                f"{rules.name} cannot be played by rules version {version!r}; "
                f"it implements {', '.join(rules.rules_versions)}"
            )
        if clock is not None:
            clock.check()
        game = cls(game_id, rules, random_factory)
        chosen = rules.settings_type() if settings is None else settings

        def open_game(ctx: Context[StateT]) -> None:
            rules.open(ctx, seats=seats, settings=chosen, seed=seed, rules_version=version)
            if clock is not None:
                game._trigger(
                    ClockSet(
                        decision_seconds=clock.decision_seconds,
                        reserve_seconds=clock.reserve_seconds,
                        bot_after_timeouts=clock.bot_after_timeouts,
                        stand_in=stand_in,
                    )
                )

        game._command(open_game, at=at)
        return game

    def join(
        self,
        name: str,
        attributes: Any = None,
        *,
        bot: str | None = None,
        at: datetime | None = None,
        check_name: bool = True,
    ) -> int:
        """Take the next seat; returns it. ``attributes`` are the ruleset's own (a colour);
        ``bot`` names the kind of computer player that will play the seat, which the rules
        treat as any other player. The name must be printable text ([TABLE-NAME]);
        ``check_name=False`` is for re-running a stored join, which a game recorded before the
        rule may hold."""
        self._refuse_if_abandoned()
        if check_name:
            names.check_name(name)
        seat = self._command(lambda ctx: self.rules.seat(ctx, name, attributes, bot), at=at)
        if seat is None:
            raise RuntimeError("taking a seat ended the game")
        return seat

    def start(self, *, at: datetime | None = None) -> None:
        self._refuse_if_abandoned()
        self._command(self.rules.start, at=at)

    def _refuse_if_abandoned(self) -> None:
        if self.table.abandoned:
            raise RuleViolation("TABLE-ABANDONED", "the table was closed: it never started")

    # -- playing ---------------------------------------------------------------------------

    def act(
        self, seat: int, action: ActionT, *, at: datetime | None = None, stand_in: bool = False
    ) -> None:
        """Perform one action for ``seat``; raises RuleViolation, recording nothing, if refused.

        ``stand_in`` says the computer player standing in for the seat's absent player acts;
        the seat's own player acting on a seat so played takes it back first
        ([CLOCK-TAKE-BACK]). A seat asked nothing may act too where its rules allow it (a
        proposer withdrawing his open offer, [OFFER-WITHDRAW]): with no decision open, none of
        its time is counted, and the stored command replays to the same clock."""
        awaited = self._awaited()
        handed = seat in self.table.stand_ins
        if stand_in and not handed:
            raise RuleViolation(
                "CLOCK-STAND-IN", f"seat {seat + 1} is not played for an absent player"
            )

        def perform(ctx: Context[StateT]) -> None:
            if handed and not stand_in:
                if not self.rules.is_legal(self.state, seat, action, awaited):
                    # Refused, naming its rule, before the seat is taken back; the rules
                    # promise ``is_legal`` and ``act`` agree, so this records nothing.
                    self.rules.act(ctx, seat, action, awaited)
                    return
                self._trigger(SeatTakenBack(seat=seat))
            self.rules.act(ctx, seat, action, awaited)

        self._command(perform, at=at, actor=seat, by_itself=not stand_in)

    def time_out(self, seat: int, *, at: datetime, claimed_by: int | None = None) -> None:
        """Take the rules' default decision in place of ``seat``, whose time ran out
        ([CLOCK-TIMEOUT]); after its timeouts in a row, hand the seat to the clock's computer
        player ([CLOCK-ABSENT]). ``claimed_by`` is the seat claiming it (None: the server)."""
        clock = self._clock()
        awaited = self._awaited()
        decision = asked(self.rules, awaited).get(seat)
        if decision is None or self.status is not GameStatus.RUNNING:
            raise RuleViolation("CLOCK-NOT-ASKED", f"seat {seat + 1} is asked no decision now")
        deadline = self.table.deadline(seat)
        if deadline is None or at < deadline:
            raise RuleViolation(
                "CLOCK-EARLY",
                f"seat {seat + 1}'s time runs out at "
                f"{'?' if deadline is None else deadline.isoformat()}, not before",
            )
        in_row = self.table.timeouts_in_row.get(seat, 0) + 1
        default = self.rules.default_action(self.state, seat, awaited)

        def take_default(ctx: Context[StateT]) -> None:
            self._trigger(
                DecisionTimedOut(
                    seat=seat,
                    decision=decision,
                    deadline=deadline.isoformat(),
                    at=at.isoformat(),
                    in_row=in_row,
                    claimed_by=claimed_by,
                )
            )
            if in_row >= clock.bot_after_timeouts and self._played_by_its_player(seat):
                self._trigger(SeatHandedToBot(seat=seat, bot=clock.stand_in, reason="timeouts"))
            self.rules.act(ctx, seat, default, awaited)

        self._command(take_default, at=at, actor=seat, by_itself=False)

    def hand_to_bot(self, seat: int, *, at: datetime) -> None:
        """The host hands ``seat``, whose time has run out, to the clock's computer player at
        once ([CLOCK-HAND-OVER])."""
        clock = self._clock()
        if not 0 <= seat < len(self.seats()) or not self._played_by_its_player(seat):
            raise RuleViolation(
                "CLOCK-HAND-OVER", f"seat {seat + 1} is not a person's seat played by its player"
            )
        deadline = self.table.deadline(seat)
        if deadline is None or at < deadline:
            raise RuleViolation(
                "CLOCK-EARLY", f"seat {seat + 1}'s time has not run out: it may not be handed over"
            )
        event = SeatHandedToBot(seat=seat, bot=clock.stand_in, reason="host")
        self._command(lambda ctx: self._trigger(event), at=at)

    def take_back(self, seat: int, *, at: datetime | None = None) -> None:
        """``seat``'s player plays it again ([CLOCK-TAKE-BACK])."""
        if seat not in self.table.stand_ins:
            raise RuleViolation(
                "CLOCK-TAKE-BACK", f"seat {seat + 1} is not played for an absent player"
            )
        self._command(lambda ctx: self._trigger(SeatTakenBack(seat=seat)), at=at)

    def abandon(self, *, after_seconds: int, at: datetime | None = None) -> None:
        """Close a game that never started ([TABLE-ABANDONED])."""
        if self.status is not GameStatus.LOBBY:
            raise RuleViolation("TABLE-ABANDONED", "only a game that has not started is closed")
        event = GameAbandoned(after_seconds=after_seconds)
        self._command(lambda ctx: self._trigger(event), at=at)

    def _clock(self) -> ClockSet:
        clock = self.table.clock
        if clock is None:
            raise RuleViolation("CLOCK-NONE", "this game is played without a clock")
        return clock

    def _played_by_its_player(self, seat: int) -> bool:
        """A person's seat (not a bot seat) that no computer player stands in for."""
        return self.seats()[seat].bot is None and seat not in self.table.stand_ins

    def controller(self, seat: int) -> str | None:
        """The kind of computer player that plays ``seat`` now (a bot seat's own, or the one
        standing in for an absent player); None while a person plays it."""
        return self.seats()[seat].bot or self.table.stand_ins.get(seat)

    def clock_view(self) -> ClockView | None:
        """The clock as everyone sees it; None for a game without one."""
        if self.table.clock is None:
            return None  # asked of every view: a game without a clock costs no look at its seats
        return self.table.view(len(self.seats()))

    def pending(self) -> list[DecisionT]:
        """The decisions the game waits for, in the order the rules ask them."""
        return list(self._awaited())

    def asked(self) -> dict[int, str]:
        """The seats asked a decision now, with its kind (``domain.table.asked``)."""
        return asked(self.rules, self._awaited())

    def legal_actions(self, seat: int) -> list[ActionT]:
        return self.rules.legal_actions(self.state, seat, self._awaited())

    def open_offers(self) -> Sequence[offers.Offer[Any]]:
        """The offers open now (none in a game whose ruleset makes none, docs/OFFERS.md)."""
        return offers.open_offers(self.rules, self.state)

    def withdrawals(self, seat: int) -> list[offers.WithdrawOffer]:
        """What ``seat`` may withdraw now without being asked: its open offers
        ([OFFER-WITHDRAW]). Never among its legal actions, which are what it is asked."""
        return offers.withdrawals(self.open_offers(), seat)

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
        if self.table.abandoned:
            return GameStatus.ABANDONED
        return self.rules.status(self.state)

    @property
    def is_over(self) -> bool:
        """Ended by the rules, or abandoned before it started: nothing more happens."""
        return self.status in (GameStatus.ENDED, GameStatus.ABANDONED)

    def seats(self) -> Sequence[SeatInfo]:
        return self.rules.seats(self.state)

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def view(self, viewer: int | None, *, reveal_all: bool = False) -> Any:
        """The game now as ``viewer`` (a seat, or None for a spectator) may see it. A game the
        kernel closed before it started says so in its ``status``, which its ruleset's state
        cannot know. A seat's name stored before names were checked ([TABLE-NAME]) is shown
        escaped (``names.shown_name``); the game itself keeps it as stored."""
        view = self.rules.view(
            self.state, self.version, viewer, reveal_all=reveal_all, awaiting=self._awaited()
        )
        if self.table.abandoned:
            view = msgspec.structs.replace(view, status=GameStatus.ABANDONED)
        return names.with_names_shown(view, self.odd_names())

    def odd_names(self) -> dict[str, str]:
        """Each seat's name that is not printable text, with how it is shown (empty for every
        game whose names were checked when taken)."""
        return names.odd_names(seat.name for seat in self.seats())

    # -- event sourcing --------------------------------------------------------------------

    def collect_events(self) -> list[DomainEvent]:
        events, self._pending = self._pending, []
        return events

    def apply(self, event: DomainEvent) -> None:
        """Apply a stored event (replay); never validates."""
        if event.__class__ in KERNEL_EVENT_CLASSES:  # no call: every replayed event comes here
            self.table.evolve(cast(KernelEvent, event))
        else:
            self._evolve(self.state, event)
        self.version = event.originator_version

    def replay(
        self,
        events: Iterable[DomainEvent],
        *,
        at: datetime | None,
        actor: int | None = None,
        by_itself: bool = True,
    ) -> None:
        """Apply the stored events of one command, recorded at ``at`` for ``actor``'s decision
        (see :meth:`_command`), settling the clock as the live command did."""
        timed = at is not None and self.table.clock is not None
        before = self.asked() if timed else {}
        for event in events:
            self.apply(event)
        if at is not None and self.table.clock is not None:
            self.table.settle(before, self.asked(), actor=actor, by_itself=by_itself, at=at)

    def _trigger(self, event: DomainEvent) -> None:
        """Stamp a new event with this game and its version, apply it and keep it for saving.

        Rules code hands over events it has just built and never keeps, so they are stamped in
        place; from here on they are immutable."""
        if event.originator_version != 0:
            raise ValueError("an event can be recorded only once")
        force_setattr(event, "originator_id", self.id)
        force_setattr(event, "originator_version", self.version + 1)
        if event.__class__ in KERNEL_EVENT_CLASSES:
            self.table.evolve(cast(KernelEvent, event))
        else:
            self._evolve(self.state, event)
        self.version += 1
        self._pending.append(event)

    def _command(
        self,
        body: Callable[[Context[StateT]], T],
        *,
        at: datetime | None = None,
        actor: int | None = None,
        by_itself: bool = True,
    ) -> T | None:
        """Run ``body`` as one command: all it records, or nothing if the rules refuse.

        ``at`` is the time the command is recorded at; with a clock, it settles the clock:
        ``actor`` is the seat whose decision the command is (None: nobody's), ``by_itself``
        whether the seat's own player made it (not the rules on a timeout, not a stand-in)."""
        version_before = self.version
        timed = at is not None and self.table.clock is not None
        before = self.asked() if timed else {}
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
        finally:
            if at is not None and self.table.clock is not None and self.version != version_before:
                self.table.settle(before, self.asked(), actor=actor, by_itself=by_itself, at=at)
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
