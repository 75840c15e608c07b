"""BANG! – Dodge City's wire types carry the ``Bang`` prefix in their names, so that no type of
this game shares its name with another game's in the REST API's OpenAPI document, whose component
names are the types' names (``api/wire.py``): Dodge City has a ``PlayCard`` and a ``Pass`` too.

The classes keep their short names in Python (``PlayCard``); :func:`prefix` renames them in
place and adds the prefixed name to their module, so that pickling still finds them.
"""

from __future__ import annotations

import sys
from typing import Any

PREFIX = "Bang"


def prefix(*types: type[Any]) -> None:
    for kind in types:
        if kind.__name__.startswith(PREFIX):
            continue
        name = f"{PREFIX}{kind.__name__}"
        kind.__name__ = name
        kind.__qualname__ = name
        setattr(sys.modules[kind.__module__], name, kind)
