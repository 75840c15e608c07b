"""What the REST API needs of each game it serves, and the bodies made from it.

A game's API package (``api/<game>/``) describes itself as a :class:`GameApi`: its rules, the
three bodies only it can word (a new game's settings, a new player's and a new bot's seat
attributes), the unions its rules answer with (its actions, its events), its
printed material and any routes of its own (its read models). From those the kernel makes the
rest of the game's wire types (:class:`WireTypes`): the view with ``ruleset`` and the caller's
actions, the action body, the events page.

Action kinds and field names collide across games, so a body is never decoded against a union of
every game: the kernel reads which game it is for (the ``ruleset`` of ``POST /games``, or the
stored game a path names) and decodes it strictly with that game's own type.

Component names in the OpenAPI document are the type names, so each game's types carry its
``prefix``: the first game keeps the bare names its clients have always seen.

Some shapes are the kernel's, the same for every game (docs/WIRE.md): a game's view must say
``game_id`` as a UUID and ``status`` as the kernel's :class:`~domain.ruleset.GameStatus`, or its
API is refused when built (:func:`check_view`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Annotated, Any, Literal, Union, get_type_hints
from uuid import UUID

import msgspec
from litestar.handlers import HTTPRouteHandler

from domain.events.kernel import KERNEL_EVENT_TYPES
from domain.ruleset import GameStatus, Rules
from domain.table import ClockView
from projections.read_models import IMPORTED

VERSION = msgspec.Meta(ge=0, le=1_000_000_000)

AnyRules = Rules[Any, Any, Any, Any]


@dataclass(frozen=True)
class GameApi:
    """One game, as the REST API serves it."""

    rules: AnyRules
    #: Prefixed to the name of every type made here for the game (empty only for the first
    #: game, whose bare component names clients already know).
    prefix: str
    #: The game's action union and event union, as its rules' ``action_type`` and events.
    action: Any
    event: Any
    #: ``POST /games`` for this game: a struct with ``ruleset``, ``players``, ``seed``, ``bots``,
    #: the kernel's ``clock`` (``api/clock.py``) and the game's settings, forbidding unknown
    #: fields.
    new_game: type[msgspec.Struct]
    #: ``POST /games/{id}/players`` and ``…/bots``: a name (a bot's may be absent), a bot's
    #: ``kind``, and the game's seat attributes.
    new_player: type[msgspec.Struct]
    new_bot: type[msgspec.Struct]
    #: The game's settings from its ``new_game`` body (None: the defaults).
    settings_of: Callable[[Any], Any]
    #: The seat attributes a ``new_player`` or ``new_bot`` body asks for (None: the rules choose).
    attributes_of: Callable[[Any], Any]
    #: The printed material a frontend draws the game with; the same while the server runs.
    catalog: Callable[[], msgspec.Struct]
    catalog_type: type[msgspec.Struct]
    #: Routes of the game's own (its read models), registered beside the kernel's.
    routes: Sequence[HTTPRouteHandler] = field(default=())
    #: JSON Schema added to a body's component, for a rule its type cannot say (two fields
    #: that may not both be given, say), so clients and contract tests know it.
    schema_extras: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: Descriptions of the game's own schemas in the OpenAPI document, by component name, where
    #: a type's docstring says too little (api/document/text.py writes them).
    schema_words: Mapping[str, str] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.rules.name

    @cached_property
    def wire(self) -> WireTypes:
        return WireTypes.of(self)


@dataclass(frozen=True)
class WireTypes:
    """The game's bodies that the kernel makes from its :class:`GameApi`."""

    action_request: type[msgspec.Struct]
    legal_actions: type[msgspec.Struct]
    view: type[msgspec.Struct]
    caller_view: type[msgspec.Struct]
    events_page: type[msgspec.Struct]

    @classmethod
    def of(cls, game: GameApi) -> WireTypes:
        check_view(game.name, game.rules.view_type)
        # Named as if in the game's API package: never taken for its rules' own types.
        module = f"api.{game.name}"
        prefix = game.prefix
        ruleset: Any = Literal[game.name]
        action_request = _struct(
            f"{prefix}ActionRequest",
            ACTION_REQUEST_DOC,
            [
                ("action", game.action),
                ("expected_version", Annotated[int, VERSION] | None, None),
            ],
            module=module,
            forbid_unknown_fields=True,
        )
        view = _struct(
            f"{prefix}GameView",
            game.rules.view_type.__doc__,
            [("ruleset", ruleset), *SEED_FIELDS, CLOCK_FIELD, IMPORTED_FIELD],
            bases=(game.rules.view_type,),
            module=module,
        )
        return cls(
            action_request=action_request,
            legal_actions=_struct(
                f"{prefix}LegalActions",
                LEGAL_ACTIONS_DOC,
                [
                    ("game_id", UUID),
                    ("version", int),
                    ("seat", int | None),
                    ("actions", list[action_request]),  # type: ignore[valid-type]
                    # Which game: with no action listed, one game's answer would fit another's
                    # type too (a oneOf of the games' types must match exactly one).
                    ("ruleset", ruleset, game.name),
                ],
                module=module,
            ),
            view=view,
            caller_view=_struct(
                f"{prefix}CallerView",
                CALLER_VIEW_DOC,
                [("actions", list[action_request])],  # type: ignore[valid-type]
                bases=(view,),
                module=module,
            ),
            events_page=_struct(
                f"{prefix}EventsPage",
                EVENTS_PAGE_DOC,
                [
                    ("game_id", UUID),
                    # The game's own events and the kernel's (its clock, timeouts, stand-ins).
                    ("events", list[Union[game.event, KERNEL_EVENT]]),  # type: ignore[name-defined]  # noqa: UP007
                    ("latest_version", int),
                    ("next_after", int | None),
                    ("ruleset", ruleset, game.name),  # which game, as for legal actions
                ],
                module=module,
            ),
        )


#: The fields every game's view has with the same type (docs/WIRE.md).
KERNEL_VIEW_FIELDS: Mapping[str, Any] = {"game_id": UUID, "version": int, "status": GameStatus}


def check_view(ruleset: str, view_type: type[msgspec.Struct]) -> None:
    """Refuse a game whose view says the kernel's fields in its own way (``game_id`` as text,
    ``status`` as a string of its own): a client reads them alike in every game."""
    hints = get_type_hints(view_type)
    wrong = [
        f"{name} is {hints.get(name, 'missing')}, not {wanted.__name__}"
        for name, wanted in KERNEL_VIEW_FIELDS.items()
        if hints.get(name) is not wanted
    ]
    if wrong:
        raise TypeError(f"{ruleset}'s view breaks the wire's rule: {'; '.join(wrong)}")


#: What every view tells of the game's seed (engine/fairness.py), whatever the game.
SEED_FIELDS: list[tuple[str, Any]] = [
    (
        "seed_commitment",
        Annotated[
            str | None,
            msgspec.Meta(
                description="SHA-256 (hex) of `seed-commitment-v2:<game_id>:<seed_nonce>:<seed>`, "
                "published when the game was created: once the game has ended, hash `seed_nonce` "
                "and `seed` the same way and compare (a game recorded before nonces: of "
                "`<game_id>:<seed>`). Null for a game created before commitments were recorded"
            ),
        ],
    ),
    (
        "seed_chosen",
        Annotated[
            bool | None,
            msgspec.Meta(
                description="true when the game's creator chose its seed (and so knows every "
                "shuffle) instead of the server drawing it; null when not recorded (old games)"
            ),
        ],
    ),
    (
        "seed",
        Annotated[
            str | None,
            msgspec.Meta(description="the seed every shuffle came from, once the game has ended"),
        ],
    ),
    (
        "seed_nonce",
        Annotated[
            str | None,
            msgspec.Meta(
                description="the secret random nonce (64 hex digits) the commitment is over "
                "with the seed, shown with the seed once the game has ended; null before, and "
                "for a game recorded before nonces"
            ),
        ],
    ),
]

#: The clock every view shows, whatever the game: null for a game played without one.
CLOCK_FIELD: tuple[str, Any] = (
    "clock",
    Annotated[
        ClockView | None,
        msgspec.Meta(
            description="the game's clock, the same for every viewer ([CLOCK-VISIBLE]): its "
            "settings and each seat's decision asked, when it was asked, its deadline, the "
            "reserve left, the computer player standing in and the timeouts in a row; null "
            "for a game played without a clock"
        ),
    ],
)
#: Whether the game was stored from a game record rather than played here, in every view.
IMPORTED_FIELD: tuple[str, Any] = ("imported", Annotated[bool, msgspec.Meta(description=IMPORTED)])
#: The kernel's events, which every game's event log may hold beside its own.
KERNEL_EVENT: Any = Union[KERNEL_EVENT_TYPES]  # noqa: UP007  (a union built at run time)


# The descriptions clients have always read: a class docstring as Python keeps it (indented).
ACTION_REQUEST_DOC = (
    "One action, and optionally the version of the game it was chosen for: a newer game\n"
    "    refuses it as stale, unless only other seats' commitments to the same simultaneous "
    "decision\n    came since (they are secret and change nothing the seat may do)."
)
LEGAL_ACTIONS_DOC = (
    "What the caller's seat may do now; each item can be sent as it is to POST …/actions."
)
CALLER_VIEW_DOC = (
    "The game as the caller may see it, and every action the caller's seat may take now, each\n"
    "    ready to POST (empty for spectators, the host, and seats not awaited): a client acting "
    "again\n    needs no ``GET …/actions`` in between."
)
EVENTS_PAGE_DOC = "Events after version ``after``, as the caller may see them."


def _struct(
    name: str,
    doc: str | None,
    fields: Iterable[tuple[str, Any] | tuple[str, Any, Any]],
    *,
    module: str,
    bases: tuple[type[msgspec.Struct], ...] = (),
    forbid_unknown_fields: bool = False,
) -> type[msgspec.Struct]:
    made = msgspec.defstruct(
        name,
        list(fields),
        bases=bases or None,
        module=module,
        frozen=True,
        kw_only=True,
        forbid_unknown_fields=forbid_unknown_fields,
    )
    made.__doc__ = doc
    return made


class ServedGames:
    """The games one app serves, by ruleset name, in the order they were given.

    ``default`` is the game a request naming none means: the first game (the one keeping its
    bare names, which clients named no game for before there were several), else the only one.
    """

    def __init__(self, games: Iterable[GameApi]) -> None:
        self._games = {game.name: game for game in games}
        if not self._games:
            raise ValueError("an API serves at least one game")
        first = [game.name for game in self._games.values() if not game.prefix]
        if len(first) > 1:
            raise ValueError(f"only one game may keep bare type names: {', '.join(first)}")
        only = list(self._games) if len(self._games) == 1 else []
        self.default: str | None = (first or only or [None])[0]  # type: ignore[list-item]

    def __iter__(self) -> Iterator[GameApi]:
        return iter(self._games.values())

    def __contains__(self, name: object) -> bool:
        return name in self._games

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._games)

    def get(self, name: str) -> GameApi | None:
        return self._games.get(name)

    def signature_namespace(self) -> Mapping[str, Any]:
        """The names the kernel's handlers annotate with, each the union over the games served,
        so the OpenAPI document describes every game's bodies and only those."""
        games = list(self)
        return {
            "RulesetName": Literal[self.names],
            "AnyGameView": _union(game.wire.view for game in games),
            "AnyCallerView": _union(game.wire.caller_view for game in games),
            "AnyLegalActions": _union(game.wire.legal_actions for game in games),
            "AnyEventsPage": _union(game.wire.events_page for game in games),
            "AnyCatalog": _union(game.catalog_type for game in games),
        }


def _union(types: Iterable[Any]) -> Any:
    return Union[tuple(types)]  # noqa: UP007  (a union built at run time)
