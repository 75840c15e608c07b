"""BANG! – Dodge City's own request bodies: a new game's settings (its variants), a new player
(just a name) and a bot seat. Every name is prefixed ``Bang`` (api/wire.py)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from api.clock import NewClock
from api.http.names import PRINTABLE
from domain.bang.state import MAX_PLAYERS, MIN_PLAYERS
from domain.events.bang import BangSettings


class _Request(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


#: The longest seat name accepted, as for Dodge City's seats.
MAX_NAME_LENGTH = 40

#: The computer players the server can seat (``engine.bang.kit``).
BangBotKind = Literal["heuristic", "random"]

Name = Annotated[
    str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH, extra_json_schema=PRINTABLE)
]


class BangNewBot(_Request, frozen=True):
    """A seat for a computer player, played by the server: ``heuristic`` plays to win for its
    role, ``random`` picks any legal action."""

    kind: BangBotKind = "heuristic"
    name: (
        Annotated[
            str,
            msgspec.Meta(
                min_length=1,
                max_length=MAX_NAME_LENGTH,
                extra_json_schema=PRINTABLE,
                description="default: a name nobody at the table has",
            ),
        ]
        | None
    ) = None


class BangNewGame(_Request, frozen=True):
    """The settings of a new game of BANG! – Dodge City."""

    ruleset: Annotated[
        Literal["bang"], msgspec.Meta(description="the game to play (GET /rulesets)")
    ]
    players: Annotated[
        int, msgspec.Meta(ge=MIN_PLAYERS, le=MAX_PLAYERS, description="seats in the game")
    ] = 5
    settings: BangSettings | None = None
    seed: (
        Annotated[
            str,
            msgspec.Meta(
                min_length=1,
                max_length=128,
                description="makes the shuffles reproducible; whoever knows it knows every "
                "pile and every role, so use it for tests and demos, not for fair play",
            ),
        ]
        | None
    ) = None
    bots: Annotated[
        tuple[BangNewBot, ...],
        msgspec.Meta(
            max_length=MAX_PLAYERS,
            description="computer players for the first seats, played by the server; no more "
            "than `players`",
        ),
    ] = ()
    clock: Annotated[
        NewClock | None,
        msgspec.Meta(description="play on a clock (times in seconds); absent or null: no clock"),
    ] = None


class BangNewPlayer(_Request, frozen=True):
    name: Name


def settings_of(body: BangNewGame) -> BangSettings | None:
    return body.settings


def no_attributes(_body: BangNewPlayer | BangNewBot) -> Any:
    """A seat of BANG! has no attributes to choose: roles and characters are dealt."""
    return None
