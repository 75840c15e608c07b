"""The kernel's name rule: a player's name is printable text ([TABLE-NAME], docs/CLOCK.md).

A name is shown to every other player, printed by the command line and kept in every record of
the game, so it may not carry what a terminal or a page would act on or hide: control characters
(ESC, NUL, newlines), format characters (right-to-left overrides, zero-width spaces), line and
paragraph separators, private-use characters, the permanent noncharacters and lone surrogates.
:meth:`~domain.aggregates.game.Game.join` checks it for every seat taken, whoever takes it (a
player, a bot, an import, the command line), before the ruleset records anything.

The rule refuses nothing the API accepts (api/names.py publishes it as a pattern, and says why
only the Basic Multilingual Plane is refused from: flag emoji need the tag characters beyond it,
and unassigned code points change with every Unicode version). Lone surrogates are refused here
too: no JSON body carries one, but a string built in Python may. How long a name may be is each
ruleset's own rule.

A game stored before the rule (by an older server) may hold such a name: it keeps it, so the game
verifies and exports byte for byte, and :func:`shown_name` is how it is shown wherever it leaves
the server (views, events, narration, the game list and leaderboards): every refused character
written as a visible escape.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TypeVar, cast

import msgspec

from domain.errors import RuleViolation

T = TypeVar("T")

RULE = "TABLE-NAME"

# Escapes ECMA-262 (with or without the ``u`` flag), Python and Rust's regex crate read alike.
REFUSED_BMP = (
    r"\x00-\x1f\x7f-\x9f"  # Cc: control characters
    r"\xad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e"
    r"\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb"  # Cf: format characters
    r"\u2028\u2029"  # Zl, Zp: line and paragraph separators
    r"\ue000-\uf8ff"  # Co: private use
    r"\ufdd0-\ufdef\ufffe\uffff"  # noncharacters
)
_SURROGATES = r"\ud800-\udfff"  # Cs
_REFUSED = re.compile(f"[{REFUSED_BMP}{_SURROGATES}]")
#: What the rule asks, in words.
PRINTABLE_TEXT = (
    "a name is printable text: no control or format characters, line separators or private-use "
    "characters"
)


def name_problem(name: str) -> str | None:
    """Why ``name`` is not printable text, or None if it is."""
    refused = _REFUSED.search(name)
    if refused is None:
        return None
    return f"{PRINTABLE_TEXT} (U+{ord(refused.group()):04X} at character {refused.start() + 1})"


def check_name(name: str) -> None:
    """Refuse ``name`` ([TABLE-NAME]) unless it is printable text."""
    problem = name_problem(name)
    if problem is not None:
        raise RuleViolation(RULE, problem)


def shown_name(name: str) -> str:
    """``name`` as the server shows it: every character the rule refuses written as a visible
    escape (``\\x1b``, ``\\u202e``), so that a name stored before the rule (or by an older
    server) is recognisable and prints safely; a name the rule accepts is returned as it is.
    Records keep the name as it was stored: only what is shown is escaped."""
    if _REFUSED.search(name) is None:
        return name
    return _REFUSED.sub(_escape, name)


def _escape(found: re.Match[str]) -> str:
    code = ord(found.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def odd_names(names: Iterable[str]) -> dict[str, str]:
    """Each of ``names`` the rule refuses, with how it is shown (empty for the usual game)."""
    return {name: shown_name(name) for name in names if _REFUSED.search(name) is not None}


def with_names_shown(value: T, shown: Mapping[str, str]) -> T:
    """``value`` (a view, an event: structs, tuples, lists, dicts and strings) with every string
    that is one of ``shown``'s names replaced by how it is shown; the same object where nothing
    changed. Only games holding a name stored before the rule pay for the walk."""
    if not shown:
        return value
    return cast("T", _replaced(value, shown))


def _replaced(value: object, shown: Mapping[str, str]) -> object:
    if isinstance(value, str):
        return shown.get(value, value)
    if isinstance(value, msgspec.Struct):
        changes = {}
        for field in value.__struct_fields__:
            before = getattr(value, field)
            after = _replaced(before, shown)
            if after is not before:
                changes[field] = after
        return msgspec.structs.replace(value, **changes) if changes else value
    if isinstance(value, (tuple, list)):
        items = [_replaced(item, shown) for item in value]
        if all(after is before for after, before in zip(items, value, strict=True)):
            return value
        return type(value)(items)
    if isinstance(value, dict):
        pairs = {key: _replaced(item, shown) for key, item in value.items()}
        if all(pairs[key] is item for key, item in value.items()):
            return value
        return pairs
    return value
