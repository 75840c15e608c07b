"""Text from the store made safe to print on a terminal.

Names and everything else a game recorded come from whoever played it, and records imported from
elsewhere or stored before names were checked (``api/http/names.py``) may hold anything: an ESC
starts a sequence that can rewrite the screen, the title or the clipboard, a carriage return hides
what came before, a right-to-left override reorders a line. What the command line prints from the
store therefore shows each such character as an escape (``\\x1b``, ``\\u202e``) instead.
"""

from __future__ import annotations

import unicodedata

#: Control, format, surrogate, private-use and unassigned characters, and the line and
#: paragraph separators: the categories a name may not hold, plus unassigned ones.
_UNPRINTABLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def _unprintable(char: str) -> bool:
    return unicodedata.category(char) in _UNPRINTABLE


def escaped(text: str) -> str:
    """``text`` with every unprintable character written as a Python-style escape."""
    if text.isprintable():  # the usual case, checked in C
        return text
    return "".join(_escape(char) if _unprintable(char) else char for char in text)


def json_escaped(text: str) -> str:
    """JSON text with every unprintable character written as a JSON ``\\u`` escape: the same
    JSON, safe to print. Such characters only occur inside strings, where the escape means the
    same character."""
    if text.isprintable() or all(not _unprintable(char) for char in text if char != "\n"):
        return text
    return "".join(
        _json_escape(char) if char != "\n" and _unprintable(char) else char for char in text
    )


def _escape(char: str) -> str:
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def _json_escape(char: str) -> str:
    code = ord(char)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000  # beyond the BMP, JSON writes a surrogate pair
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
