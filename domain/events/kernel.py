"""The facts the kernel records in a game of any ruleset: its clock, decisions taken in a seat's
place when its time ran out, seats handed to a computer player and taken back, and a table
closed because it never started.

Every topic is ``kernel.<Name>``: no ruleset's prefix, so the registry knows them beside every
game's own. They change the table around the game (``domain/table.py``), never the ruleset's
state: a ruleset's ``evolve`` passes over them. Every field is public: the kernel records
nothing a seat may not see (a timed-out decision's own events, which may hold a hidden card, are
the ruleset's and are redacted by it).

Times are ISO 8601 text with the UTC offset, as the event store's ``recorded_at``.
"""

from __future__ import annotations

from typing import Literal

from domain.events.base import DomainEvent

#: The prefix of every kernel topic.
KERNEL_PREFIX = "kernel."


class KernelEvent(DomainEvent, frozen=True):
    """The base of every kernel event."""


class ClockSet(KernelEvent, frozen=True, tag="kernel.ClockSet"):
    """The game is played on a clock, recorded by the command that opens it, right after the
    ruleset's first event ([CLOCK-SETTINGS]). Each decision gets ``decision_seconds``; time
    beyond it drains the seat's reserve of ``reserve_seconds``; after ``bot_after_timeouts``
    timeouts in a row the seat is handed to a computer player of kind ``stand_in``."""

    decision_seconds: int
    reserve_seconds: int
    bot_after_timeouts: int
    stand_in: str


class DecisionTimedOut(KernelEvent, frozen=True, tag="kernel.DecisionTimedOut"):
    """``seat`` did not decide ``decision`` by ``deadline``; at ``at`` the rules took their
    default decision in its place, recorded by the events after this one ([CLOCK-TIMEOUT]).
    ``claimed_by`` is the seat that claimed it (None: the server's own timer); ``in_row`` counts
    the seat's timeouts since it last decided itself, this one included."""

    seat: int
    decision: str
    deadline: str
    at: str
    in_row: int
    claimed_by: int | None = None


class SeatHandedToBot(KernelEvent, frozen=True, tag="kernel.SeatHandedToBot"):
    """A computer player of kind ``bot`` plays ``seat`` from now on, until its player takes it
    back: after the seat's timeouts in a row (``reason`` "timeouts", [CLOCK-ABSENT]) or at the
    host's word once its time ran out ("host", [CLOCK-HAND-OVER])."""

    seat: int
    bot: str
    reason: Literal["timeouts", "host"]


class SeatTakenBack(KernelEvent, frozen=True, tag="kernel.SeatTakenBack"):
    """``seat``'s player is back and plays it again ([CLOCK-TAKE-BACK])."""

    seat: int


class GameAbandoned(KernelEvent, frozen=True, tag="kernel.GameAbandoned"):
    """The game never started within ``after_seconds`` of its opening and was closed
    ([TABLE-ABANDONED]); it has no result."""

    after_seconds: int


KERNEL_EVENT_TYPES: tuple[type[KernelEvent], ...] = (
    ClockSet,
    DecisionTimedOut,
    SeatHandedToBot,
    SeatTakenBack,
    GameAbandoned,
)

#: The same, for a test of an event's class that costs no call on the paths every event takes.
KERNEL_EVENT_CLASSES: frozenset[type[DomainEvent]] = frozenset(KERNEL_EVENT_TYPES)
