"""Toy poker on the REST API, as a game's ``api/<game>/`` package would describe it: the proof
that the kernel's routes serve a game they were not written for."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

import msgspec
from api.clock import NewClock
from api.wire import GameApi

from tests.kernel.toy.actions import ACTION_TYPE
from tests.kernel.toy.decide import MAX_NAME_LENGTH
from tests.kernel.toy.events import DECK, EVENT_TYPES, Card, ToySettings
from tests.kernel.toy.rules import TOY

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH)]


class ToyNewBot(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    kind: Literal["random"] = "random"
    name: Name | None = None


class ToyNewGame(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    ruleset: Literal["toy"]
    players: Literal[2] = 2
    settings: ToySettings | None = None
    seed: Annotated[str, msgspec.Meta(min_length=1, max_length=128)] | None = None
    bots: Annotated[tuple[ToyNewBot, ...], msgspec.Meta(max_length=2)] = ()
    clock: NewClock | None = None  # the kernel's, as every game's


class ToyNewPlayer(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: Name


class ToyCatalog(msgspec.Struct, frozen=True, kw_only=True):
    rules_version: str
    deck: list[Card]  # lowest first


def _no_attributes(_body: Any) -> None:
    return None


TOY_API = GameApi(
    rules=TOY,
    prefix="Toy",
    action=ACTION_TYPE,
    event=Union[EVENT_TYPES],  # noqa: UP007  (a run-time union)
    new_game=ToyNewGame,
    new_player=ToyNewPlayer,
    new_bot=ToyNewBot,
    settings_of=lambda body: body.settings,
    attributes_of=_no_attributes,
    catalog=lambda: ToyCatalog(rules_version=TOY.rules_version, deck=list(DECK)),
    catalog_type=ToyCatalog,
)
