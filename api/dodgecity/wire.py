"""Dodge City's own request bodies: the settings of a new game (its variants) and a seat's colour.

``variants`` is what clients sent before the server played more than one game; it stays, and
means the same as ``settings``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from api.clock import NewClock
from api.http.bodies import invalid_body
from api.http.names import PRINTABLE
from domain.dodgecity.ruleset import MAX_NAME_LENGTH
from domain.events.dodgecity import Colour, Variants


class _Request(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


#: The computer players the server can seat (``engine.dodgecity.kit``).
BotKind = Literal["heuristic", "random"]


class NewBot(_Request, frozen=True):
    """A seat for a computer player, played by the server: ``heuristic`` plays to win,
    ``random`` picks any legal action."""

    kind: BotKind = "heuristic"
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
    colour: Colour | None = None


class NewGame(_Request, frozen=True):
    """The settings of a new game."""

    ruleset: Annotated[
        Literal["dodgecity"],
        msgspec.Meta(description="the game to play (GET /rulesets); this one when absent"),
    ] = "dodgecity"
    players: Annotated[int, msgspec.Meta(ge=2, le=5, description="seats in the game")] = 5
    settings: Variants | None = None
    variants: (
        Annotated[
            Variants,
            msgspec.Meta(description="the same as `settings`, by its older name: give one"),
        ]
        | None
    ) = None
    seed: (
        Annotated[
            str,
            msgspec.Meta(
                min_length=1,
                max_length=128,
                description="makes the shuffles reproducible; whoever knows it knows every "
                "pile, so use it for tests and demos, not for fair play",
            ),
        ]
        | None
    ) = None
    bots: Annotated[
        tuple[NewBot, ...],
        msgspec.Meta(
            max_length=5,
            description="computer players for the first seats, played by the server; no more "
            "than `players`",
        ),
    ] = ()
    clock: Annotated[
        NewClock | None,
        msgspec.Meta(description="play on a clock (times in seconds); absent or null: no clock"),
    ] = None


class NewPlayer(_Request, frozen=True):
    name: Annotated[
        str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH, extra_json_schema=PRINTABLE)
    ]
    colour: Colour | None = None


def settings_of(body: NewGame) -> Variants | None:
    if body.settings is not None and body.variants is not None:
        raise invalid_body("give `settings` or `variants` (its older name), not both - at `$`")
    return body.settings if body.settings is not None else body.variants


def colour_of(body: NewPlayer | NewBot) -> Any:
    return body.colour
