"""The game clock on the wire, for every game: the clock a new game may be created on, and the
body of a timeout claim.

Every game's ``POST /games`` body has the same optional ``clock`` (``NewClock``): no clock is a
game without one, as every game was before clocks. Its limits are the kernel's
(``domain/table.py``, [CLOCK-LIMITS] in ``docs/CLOCK.md``). They are written into the document's
schema for clients, but not decoded as constraints: a value outside them is the rule's refusal,
a 422 problem naming ``CLOCK-LIMITS`` (``api/http/problems.py``), not a malformed body.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from api.wire import VERSION
from domain.table import (
    MAX_BOT_AFTER_TIMEOUTS,
    MAX_DECISION_SECONDS,
    MAX_RESERVE_SECONDS,
    MIN_BOT_AFTER_TIMEOUTS,
    MIN_DECISION_SECONDS,
    ClockSettings,
)

#: The largest seat number a body or path may name: above every game's seats.
MAX_SEAT = 99


def _limits(minimum: int, maximum: int) -> dict[str, object]:
    return {"minimum": minimum, "maximum": maximum}


class NewClock(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The clock a new game is played on ([CLOCK-SETTINGS]): each decision a seat is asked gets
    `decision_seconds`; time beyond that drains the seat's reserve of `reserve_seconds`, which
    never refills; once a seat's deadline has passed, the server, any seat or the host takes the
    rules' default decision in its place, and after `bot_after_timeouts` timeouts in a row a
    computer player plays the seat until its player takes it back. Values outside the limits
    are refused with 422 (`rule` `CLOCK-LIMITS`), and no game is created."""

    decision_seconds: Annotated[
        int,
        msgspec.Meta(
            description="seconds for each decision: 5 seconds to 7 days (604800)",
            extra_json_schema=_limits(MIN_DECISION_SECONDS, MAX_DECISION_SECONDS),
        ),
    ]
    reserve_seconds: Annotated[
        int,
        msgspec.Meta(
            description="seconds of reserve per seat, drawn on by decisions that take longer: "
            "0 to 30 days (2592000)",
            extra_json_schema=_limits(0, MAX_RESERVE_SECONDS),
        ),
    ] = 0
    bot_after_timeouts: Annotated[
        int,
        msgspec.Meta(
            description="timeouts in a row after which a computer player takes the seat: 1 to 10",
            extra_json_schema=_limits(MIN_BOT_AFTER_TIMEOUTS, MAX_BOT_AFTER_TIMEOUTS),
        ),
    ] = 3


def clock_settings(clock: NewClock | None) -> ClockSettings | None:
    """The kernel's settings for ``clock`` (None: no clock), refused by the rule
    (RuleViolation ``CLOCK-LIMITS``) before anything is charged or recorded."""
    if clock is None:
        return None
    settings = ClockSettings(
        decision_seconds=clock.decision_seconds,
        reserve_seconds=clock.reserve_seconds,
        bot_after_timeouts=clock.bot_after_timeouts,
    )
    settings.check()
    return settings


class TimeoutClaim(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A claim that `seat`'s time has run out, so that the rules decide in its place
    ([CLOCK-CLAIM]); optionally the version of the game it was seen at."""

    seat: Annotated[
        int,
        msgspec.Meta(ge=0, le=MAX_SEAT, description="the seat whose time has run out, from 0"),
    ]
    expected_version: Annotated[int, VERSION] | None = None
