"""The bodies the API accepts and answers with, beyond the domain's own views and read models.

Requests forbid unknown fields, so a misspelt field is a 400 naming it rather than being ignored.
"""

from __future__ import annotations

from typing import Annotated, Literal
from uuid import UUID

import msgspec

from domain.dodgecity.actions import AnyAction
from domain.dodgecity.ruleset import MAX_NAME_LENGTH
from domain.dodgecity.views import GameView
from domain.events.dodgecity import AnyEvent, Colour, Variants

Version = Annotated[int, msgspec.Meta(ge=0, le=1_000_000_000)]
#: litestar leaves out a bound of 0 (it tests bounds for truth), so parameters restate it.
ZERO_MINIMUM: dict[str, object] = {"minimum": 0}


class _Request(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


#: The computer players the server can seat (``engine.players.BOT_KINDS``).
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
                description="default: a name nobody at the table has",
            ),
        ]
        | None
    ) = None
    colour: Colour | None = None


class BotSeated(msgspec.Struct, frozen=True, kw_only=True):
    game_id: UUID
    seat: int
    version: int
    kind: BotKind
    name: str


class NewGame(_Request, frozen=True):
    """The settings of a new game."""

    players: Annotated[int, msgspec.Meta(ge=2, le=5, description="seats in the game")] = 5
    variants: Variants | None = None
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


class CreatedGame(msgspec.Struct, frozen=True, kw_only=True):
    game_id: UUID
    version: int
    host_token: str  # shown once; start the game with it (Authorization: Bearer …)


class NewPlayer(_Request, frozen=True):
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH)]
    colour: Colour | None = None


class SeatTaken(msgspec.Struct, frozen=True, kw_only=True):
    game_id: UUID
    seat: int
    version: int
    token: str  # shown once; every request as this seat carries it


class StartRequest(_Request, frozen=True):
    expected_version: Version | None = None


class ActionRequest(_Request, frozen=True):
    """One action, and optionally the version of the game it was chosen for: a newer game
    refuses it as stale, unless only other seats' commitments to the same simultaneous decision
    came since (they are secret and change nothing the seat may do)."""

    action: AnyAction
    expected_version: Version | None = None


class LegalActions(msgspec.Struct, frozen=True, kw_only=True):
    """What the caller's seat may do now; each item can be sent as it is to POST …/actions."""

    game_id: UUID
    version: int
    seat: int | None
    actions: list[ActionRequest]


class CallerView(GameView, frozen=True, kw_only=True):
    """The game as the caller may see it, and every action the caller's seat may take now, each
    ready to POST (empty for spectators, the host, and seats not awaited): a client acting again
    needs no ``GET …/actions`` in between."""

    actions: list[ActionRequest]

    @classmethod
    def of(cls, view: GameView, actions: list[ActionRequest]) -> CallerView:
        fields = {name: getattr(view, name) for name in view.__struct_fields__}
        return cls(**fields, actions=actions)


class EventsPage(msgspec.Struct, frozen=True, kw_only=True):
    """Events after version ``after``, as the caller may see them."""

    game_id: UUID
    events: list[AnyEvent]
    latest_version: int
    next_after: int | None  # pass as ``after`` for the next page; None when none is left


class Told(msgspec.Struct, frozen=True, kw_only=True):
    """One event in words, as the caller may see it."""

    version: int
    type: str  # the event's type, as in GET …/events
    text: str


class NarrationPage(msgspec.Struct, frozen=True, kw_only=True):
    """Events after version ``after`` told in plain English, as the caller may see them: what a
    frontend shows as the game's log."""

    game_id: UUID
    entries: list[Told]
    latest_version: int
    next_after: int | None  # pass as ``after`` for the next page; None when none is left
