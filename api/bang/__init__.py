"""BANG! – Dodge City on the REST API: its bodies, its printed material, its table read model.
Every type it adds to the OpenAPI document is named ``Bang…`` (api/wire.py)."""

from __future__ import annotations

from typing import Union

from api.bang.catalog import BangCatalog, catalog
from api.bang.document_words import SCHEMA_WORDS
from api.bang.read_models import table
from api.bang.wire import BangNewBot, BangNewGame, BangNewPlayer, no_attributes, settings_of
from api.wire import GameApi
from domain.bang.actions import ACTION_TYPE
from domain.bang.ruleset import BANG
from domain.events.bang import EVENT_TYPES

API = GameApi(
    rules=BANG,
    prefix="Bang",
    action=ACTION_TYPE,
    event=Union[EVENT_TYPES],  # noqa: UP007  (a run-time union)
    new_game=BangNewGame,
    new_player=BangNewPlayer,
    new_bot=BangNewBot,
    settings_of=settings_of,
    attributes_of=no_attributes,
    catalog=catalog,
    catalog_type=BangCatalog,
    routes=(table,),
    schema_words=SCHEMA_WORDS,
)
