"""Dog Eat Dog's wire types carry the ``DogEatDog`` prefix in their names, so that no type of this
game shares its name with another game's in the REST API's OpenAPI document, whose component names
are the types' names (``api/wire.py``): Dodge City has a ``DecisionKind`` too.

Its structs are named so in Python already; its enums keep their short names in Python (``Step``),
and :func:`prefix` renames them in place and adds the prefixed name to their module, so that
pickling still finds them (as BANG!'s ``domain/bang/naming.py`` does). An enum is stored and sent
by its values, never its name: no stored byte changes.
"""

from __future__ import annotations

import sys
from typing import Any

PREFIX = "DogEatDog"


def prefix(*types: type[Any]) -> None:
    for kind in types:
        if kind.__name__.startswith(PREFIX):
            continue
        name = f"{PREFIX}{kind.__name__}"
        kind.__name__ = name
        kind.__qualname__ = name
        setattr(sys.modules[kind.__module__], name, kind)
