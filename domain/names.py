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
"""

from __future__ import annotations

import re

from domain.errors import RuleViolation

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
