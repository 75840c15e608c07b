"""The table around a game of any ruleset: its clock, its absent players and its abandonment.

The kernel keeps this beside the ruleset's state and changes it by its own events
(``domain/events/kernel.py``) and by the recorded time of each command. Nothing here reads a
clock: every time is one the store recorded, so a replay finds the same deadlines the live game
had ([CLOCK-RECORDED]).

How the clock runs ([CLOCK-DEADLINE]): a seat is *asked* a decision when the ruleset awaits it
(:func:`asked`). The decision opens at the recorded time of the command after which the seat is
asked a new decision: it was not asked before, it was asked something else, or it has just
decided (each decision a seat makes opens its next one). It gets ``decision_seconds``; what the
seat takes beyond that drains its reserve, which never refills. The deadline is the opening time
plus ``decision_seconds`` plus the reserve left; at or after it, a timeout may be taken.

The rule ids are in ``docs/CLOCK.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import msgspec

from domain.errors import RuleViolation
from domain.events.kernel import (
    ClockSet,
    DecisionTimedOut,
    GameAbandoned,
    KernelEvent,
    SeatHandedToBot,
    SeatTakenBack,
)

MIN_DECISION_SECONDS = 5
MAX_DECISION_SECONDS = 7 * 24 * 3600
MAX_RESERVE_SECONDS = 30 * 24 * 3600
MIN_BOT_AFTER_TIMEOUTS = 1
MAX_BOT_AFTER_TIMEOUTS = 10


class ClockSettings(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A game's clock, chosen when it is created ([CLOCK-SETTINGS])."""

    decision_seconds: int
    reserve_seconds: int = 0
    bot_after_timeouts: int = 3

    def check(self) -> None:
        """Refuse settings outside the limits ([CLOCK-LIMITS])."""
        if not MIN_DECISION_SECONDS <= self.decision_seconds <= MAX_DECISION_SECONDS:
            raise RuleViolation(
                "CLOCK-LIMITS",
                f"decision_seconds must be from {MIN_DECISION_SECONDS} to "
                f"{MAX_DECISION_SECONDS} (7 days), not {self.decision_seconds}",
            )
        if not 0 <= self.reserve_seconds <= MAX_RESERVE_SECONDS:
            raise RuleViolation(
                "CLOCK-LIMITS",
                f"reserve_seconds must be from 0 to {MAX_RESERVE_SECONDS} (30 days), "
                f"not {self.reserve_seconds}",
            )
        if not MIN_BOT_AFTER_TIMEOUTS <= self.bot_after_timeouts <= MAX_BOT_AFTER_TIMEOUTS:
            raise RuleViolation(
                "CLOCK-LIMITS",
                f"bot_after_timeouts must be from {MIN_BOT_AFTER_TIMEOUTS} to "
                f"{MAX_BOT_AFTER_TIMEOUTS}, not {self.bot_after_timeouts}",
            )


def asked(rules: Any, pending: Sequence[Any]) -> dict[int, str]:
    """The seats asked a decision now, each with the kind of its decision: every seat of a
    simultaneous decision, and the seat of the first decision listed (the others wait their
    turn, as ``Rules.pending`` says). Public: pending decisions are part of every view."""
    found: dict[int, str] = {}
    for index, decision in enumerate(pending):
        if index == 0 or rules.simultaneous(decision):
            found.setdefault(decision.seat, str(decision.kind))
    return found


def parse_time(text: str) -> datetime:
    return datetime.fromisoformat(text)


class SeatClock(msgspec.Struct, frozen=True, kw_only=True):
    """One seat's clock as every viewer sees it."""

    seat: int
    #: The seconds of reserve left (before the decision in hand draws on it).
    reserve_seconds: float
    #: The decision the seat is asked now, when it was asked and when its time runs out; all
    #: None while the seat is not asked.
    decision: str | None = None
    asked_at: str | None = None
    deadline: str | None = None
    #: The kind of computer player playing the seat for its absent player, or None.
    stand_in: str | None = None
    #: Timeouts since the seat last decided itself.
    timeouts_in_row: int = 0


class ClockView(msgspec.Struct, frozen=True, kw_only=True):
    """A game's clock: its settings and every seat's clock ([CLOCK-VISIBLE])."""

    decision_seconds: int
    reserve_seconds: int
    bot_after_timeouts: int
    stand_in: str
    seats: tuple[SeatClock, ...]


@dataclass
class _Asked:
    decision: str
    at: datetime


@dataclass
class Table:
    """The kernel's state of one game: changed by kernel events (:meth:`evolve`) and, after
    every command, by the command's recorded time (:meth:`settle`)."""

    clock: ClockSet | None = None
    asked: dict[int, _Asked] = field(default_factory=dict)
    #: Seconds of reserve used so far, by seat.
    used: dict[int, float] = field(default_factory=dict)
    timeouts_in_row: dict[int, int] = field(default_factory=dict)
    #: Seats played by a computer player for their absent player: seat → bot kind.
    stand_ins: dict[int, str] = field(default_factory=dict)
    abandoned: bool = False

    # -- events ----------------------------------------------------------------------------

    def evolve(self, event: KernelEvent) -> None:
        if isinstance(event, ClockSet):
            self.clock = event
        elif isinstance(event, DecisionTimedOut):
            self.timeouts_in_row[event.seat] = event.in_row
        elif isinstance(event, SeatHandedToBot):
            self.stand_ins[event.seat] = event.bot
        elif isinstance(event, SeatTakenBack):
            self.stand_ins.pop(event.seat, None)
            self.timeouts_in_row.pop(event.seat, None)
        elif isinstance(event, GameAbandoned):
            self.abandoned = True

    # -- time ------------------------------------------------------------------------------

    def settle(
        self,
        before: dict[int, str],
        after: dict[int, str],
        *,
        actor: int | None,
        by_itself: bool,
        at: datetime,
    ) -> None:
        """Account for one command recorded at ``at``: ``before`` and ``after`` are the seats
        asked (:func:`asked`) around it, ``actor`` the seat whose decision it was (None: a
        join, a start, the host), ``by_itself`` whether that seat's own player made it."""
        clock = self.clock
        if clock is None:
            return
        if actor is not None and actor in self.asked:
            taken = (at - self.asked[actor].at).total_seconds()
            over = taken - clock.decision_seconds
            if over > 0:
                self.used[actor] = min(
                    self.used.get(actor, 0.0) + over, float(clock.reserve_seconds)
                )
        if actor is not None and by_itself:
            self.timeouts_in_row.pop(actor, None)
        for seat in [seat for seat in self.asked if seat not in after]:
            del self.asked[seat]
        for seat, decision in after.items():
            current = self.asked.get(seat)
            if current is None or seat == actor or before.get(seat) != decision:
                self.asked[seat] = _Asked(decision, at)

    def reserve_left(self, seat: int) -> float:
        if self.clock is None:
            return 0.0
        return max(0.0, self.clock.reserve_seconds - self.used.get(seat, 0.0))

    def deadline(self, seat: int) -> datetime | None:
        """When ``seat``'s decision in hand times out; None if it is asked none or there is no
        clock."""
        current = self.asked.get(seat)
        if current is None or self.clock is None:
            return None
        return current.at + timedelta(seconds=self.clock.decision_seconds + self.reserve_left(seat))

    def deadlines(self) -> dict[int, datetime]:
        """Every asked seat's deadline."""
        found = {}
        for seat in self.asked:
            deadline = self.deadline(seat)
            if deadline is not None:
                found[seat] = deadline
        return found

    def view(self, seats: int) -> ClockView | None:
        clock = self.clock
        if clock is None:
            return None
        shown = []
        for seat in range(seats):
            current = self.asked.get(seat)
            deadline = self.deadline(seat)
            shown.append(
                SeatClock(
                    seat=seat,
                    reserve_seconds=round(self.reserve_left(seat), 3),
                    decision=None if current is None else current.decision,
                    asked_at=None if current is None else current.at.isoformat(),
                    deadline=None if deadline is None else deadline.isoformat(),
                    stand_in=self.stand_ins.get(seat),
                    timeouts_in_row=self.timeouts_in_row.get(seat, 0),
                )
            )
        return ClockView(
            decision_seconds=clock.decision_seconds,
            reserve_seconds=clock.reserve_seconds,
            bot_after_timeouts=clock.bot_after_timeouts,
            stand_in=clock.stand_in,
            seats=tuple(shown),
        )


def describe_kernel_event(event: KernelEvent, names: Sequence[str]) -> str:
    """One English sentence for a kernel event, in the past tense of every game's narration
    (docs/WIRE.md)."""

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"

    if isinstance(event, ClockSet):
        reserve = (
            f", with a reserve of {_duration(event.reserve_seconds)}"
            if event.reserve_seconds
            else ""
        )
        return (
            f"The game was put on a clock: {_duration(event.decision_seconds)} per decision"
            f"{reserve}; after {event.bot_after_timeouts} timeout"
            f"{'s' if event.bot_after_timeouts != 1 else ''} in a row a computer player would "
            "take the seat."
        )
    if isinstance(event, DecisionTimedOut):
        claimed = "" if event.claimed_by is None else f" (claimed by {name(event.claimed_by)})"
        return (
            f"{name(event.seat)}'s time ran out{claimed}: the rules decided in their place "
            f"({event.decision.replace('_', ' ')})."
        )
    if isinstance(event, SeatHandedToBot):
        why = "after timing out" if event.reason == "timeouts" else "at the host's word"
        return f"A computer player ({event.bot}) took over {name(event.seat)}'s seat {why}."
    if isinstance(event, SeatTakenBack):
        return f"{name(event.seat)} came back to play their seat again."
    if isinstance(event, GameAbandoned):
        return (
            f"The table was closed: the game did not start within {_duration(event.after_seconds)}."
        )
    return type(event).__name__


def _duration(seconds: int) -> str:
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size and seconds % size == 0:
            count = seconds // size
            return f"{count} {unit}{'s' if count != 1 else ''}"
    return f"{seconds} second{'s' if seconds != 1 else ''}"
