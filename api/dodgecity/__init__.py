"""Dodge City (1983) on the REST API: its bodies, its printed material, its read models."""

from __future__ import annotations

from api.dodgecity.catalog import Catalog, catalog, catalog_route
from api.dodgecity.document_words import SCHEMA_WORDS
from api.dodgecity.read_models import board, scores
from api.dodgecity.wire import NewBot, NewGame, NewPlayer, colour_of, settings_of
from api.wire import GameApi
from domain.dodgecity.actions import AnyAction
from domain.dodgecity.ruleset import DODGECITY
from domain.events.dodgecity import AnyEvent

API = GameApi(
    rules=DODGECITY,
    prefix="",  # the first game: its clients know its bare component names
    action=AnyAction,
    event=AnyEvent,
    new_game=NewGame,
    new_player=NewPlayer,
    new_bot=NewBot,
    settings_of=settings_of,
    attributes_of=colour_of,
    catalog=catalog,
    catalog_type=Catalog,
    routes=(board, scores, catalog_route),
    # settings_of refuses both given (null is as good as absent); said without "not", which
    # contract testers' generators handle worst, and inside an allOf: a body-wide anyOf made
    # client generators split the body into two partial models without `players` or `seed`
    schema_extras={
        "NewGame": {
            "allOf": [
                {
                    "anyOf": [
                        {"properties": {"settings": {"type": "null"}}},
                        {"properties": {"variants": {"type": "null"}}},
                    ]
                }
            ]
        }
    },
    schema_words=SCHEMA_WORDS,
)
