"""Player names: printable text only.

A name is shown to every other player, printed by the command line (``dodgecity games``,
``replay``) and kept in every record of the game, so it may not carry what a terminal or a page
would act on or hide: control characters (ESC, NUL, newlines), format characters (right-to-left
overrides, zero-width spaces), line and paragraph separators, private-use characters
and the permanent noncharacters; nor begin or end with a space, which would make two names that
look the same. Unassigned code points are not refused: which ones they are changes with every
Unicode version, and the API's document has to say exactly what it accepts.

The characters refused are the domain's ([TABLE-NAME], domain/names.py), which every seat taken
goes through; the API adds that a name neither begins nor ends with a space. The rule is one
regular expression, in the OpenAPI document as each name's ``pattern`` (so
clients and contract tests know it: ``extra_json_schema=PRINTABLE`` on the name's Meta) and
checked by :func:`check_name` in the handlers, which says what is wrong in words rather than
quoting the expression. It matches the whole name: a JSON Schema ``$`` ends the string, where
Python's also allows a final newline.

Only the Basic Multilingual Plane is refused from: every character beyond it is accepted. The
pattern must mean the same to every reader of the document, and JavaScript reads a pattern
without the ``u`` flag (Spectral, many validators) as UTF-16 code units, where a character
beyond the BMP is two surrogates: a range of such characters cannot be written for both Python
and JavaScript, while a class of BMP characters reads alike in both, and a character beyond the
BMP is accepted by both (as one code point, or as two surrogates neither refuses). What this
lets through is harmless to a terminal or a page: the format characters beyond the BMP are tag
characters (which flag emoji such as Scotland's need), Egyptian and musical layout controls;
the private-use planes 15 and 16 show as a box.
"""

from __future__ import annotations

import re

from api.http.bodies import invalid_body
from domain.names import REFUSED_BMP, name_problem

# Surrogates (Cs) are not in the pattern (the domain refuses them): JavaScript without the ``u``
# flag reads a character beyond the BMP as two of them, and a lone one is not JSON the server
# reads (the body is refused as malformed before any name is looked at).
_REFUSED = REFUSED_BMP
#: Space separators (Zs), allowed inside a name but not at either end.
_SPACES = r" \xa0\u1680\u2000-\u200a\u202f\u205f\u3000"

#: The whole rule, as the document's ``pattern`` of every name.
NAME_PATTERN = f"^[^{_REFUSED}{_SPACES}](?:[^{_REFUSED}]*[^{_REFUSED}{_SPACES}])?$"
NAME_RULE = (
    "a name is printable text: no control or format characters, line separators or private-use "
    "characters, and no space at either end"
)
_NAME = re.compile(NAME_PATTERN)
#: The Meta ``extra_json_schema`` that publishes the rule in the document.
PRINTABLE: dict[str, object] = {"pattern": NAME_PATTERN}


def check_name(name: str | None, where: str) -> None:
    """A 400 naming ``where`` (a body path, ``$.name``) unless ``name`` is printable text."""
    if name is None:
        return
    # The characters are the domain's rule (domain/names.py), checked here too so that a
    # client hears of its field; the spaces at either end are the API's alone.
    if name_problem(name) is not None or _NAME.fullmatch(name) is None:
        raise invalid_body(f"{NAME_RULE} - at `{where}`")
