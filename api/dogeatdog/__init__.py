"""Dog Eat Dog on the REST API: its bodies, its printed material, its board read model. Every
type it adds to the OpenAPI document is named ``DogEatDog…`` (api/wire.py)."""

from __future__ import annotations

from typing import Union

from api.dogeatdog.catalog import DogEatDogCatalog, catalog
from api.dogeatdog.document_words import SCHEMA_WORDS
from api.dogeatdog.read_models import board
from api.dogeatdog.wire import (
    DogEatDogNewBot,
    DogEatDogNewGame,
    DogEatDogNewPlayer,
    no_attributes,
    settings_of,
)
from api.wire import GameApi
from domain.dogeatdog.actions import ACTION_TYPE
from domain.dogeatdog.ruleset import DOGEATDOG
from domain.events.dogeatdog import EVENT_TYPES

API = GameApi(
    rules=DOGEATDOG,
    prefix="DogEatDog",
    action=ACTION_TYPE,
    event=Union[EVENT_TYPES],  # noqa: UP007  (a run-time union)
    new_game=DogEatDogNewGame,
    new_player=DogEatDogNewPlayer,
    new_bot=DogEatDogNewBot,
    settings_of=settings_of,
    attributes_of=no_attributes,
    catalog=catalog,
    catalog_type=DogEatDogCatalog,
    routes=(board,),
    schema_words=SCHEMA_WORDS,
)
