"""Dog Eat Dog's own request bodies: a new game's settings (the original's options and our
variants, RULES.md sections 19 and 20), a new player (just a name) and a bot seat. Every name is
prefixed ``DogEatDog`` (api/wire.py)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from api.clock import NewClock
from api.http.names import PRINTABLE
from domain.dogeatdog.state import MAX_PLAYERS, MIN_PLAYERS
from domain.events.dogeatdog import DogEatDogSettings


class _Request(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


#: The longest seat name accepted, as for the other games' seats.
MAX_NAME_LENGTH = 40

#: The computer players the server can seat (``engine.dogeatdog.kit``).
DogEatDogBotKind = Literal["heuristic", "random"]

Name = Annotated[
    str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH, extra_json_schema=PRINTABLE)
]


class DogEatDogNewBot(_Request, frozen=True):
    """A seat for a computer player, played by the server: ``heuristic`` plays to win (the
    most money in its Swiss account), ``random`` picks any legal action."""

    kind: DogEatDogBotKind = "heuristic"
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


class DogEatDogNewGame(_Request, frozen=True):
    """The settings of a new game of Dog Eat Dog."""

    ruleset: Annotated[
        Literal["dogeatdog"], msgspec.Meta(description="the game to play (GET /rulesets)")
    ]
    players: Annotated[
        int, msgspec.Meta(ge=MIN_PLAYERS, le=MAX_PLAYERS, description="seats in the game")
    ] = 4
    settings: DogEatDogSettings | None = None
    seed: (
        Annotated[
            str,
            msgspec.Meta(
                min_length=1,
                max_length=128,
                description="makes the dice and the Red Tape deck reproducible; whoever knows "
                "it knows every roll and card to come, so use it for tests and demos, not for "
                "fair play",
            ),
        ]
        | None
    ) = None
    bots: Annotated[
        tuple[DogEatDogNewBot, ...],
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


class DogEatDogNewPlayer(_Request, frozen=True):
    name: Name


def settings_of(body: DogEatDogNewGame) -> DogEatDogSettings | None:
    return body.settings


def no_attributes(_body: DogEatDogNewPlayer | DogEatDogNewBot) -> Any:
    """A seat of Dog Eat Dog has no attributes to choose: divisions are chosen in the game, in
    the order the dice say ([SETUP-DIVISIONS])."""
    return None
