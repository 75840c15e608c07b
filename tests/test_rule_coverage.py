"""Every rule id of RULES.md is named by at least one test, so a reader can go from any rule to the
tests that check it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[1]


def rule_ids() -> set[str]:
    text = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    return set(re.findall(r"\[([A-Z]+-[A-Z0-9]+(?:-[A-Z0-9]+)*)\]", text))


def test_every_rule_id_is_named_by_a_test() -> None:
    tests_text = "\n".join(
        p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py") if p.name != Path(__file__).name
    ).upper()
    missing = sorted(rule for rule in rule_ids() if rule not in tests_text and rule.replace("-", "_") not in tests_text)
    assert len(rule_ids()) > 50
    assert missing == []


def named_in(rule: str, text: str, rules: set[str]) -> bool:
    """Whether ``text`` (upper case) names ``rule`` as a word, in its own spelling or with
    underscores (a test's name), and not only as the start of a longer id (``CARD-JAIL`` inside
    ``CARD-JAIL-CHECK``)."""
    for separator in ("-", "_"):
        spelled = rule.replace("-", separator)
        longer = [other.replace("-", separator) for other in rules if other.startswith(rule + "-")]
        for found in re.finditer(rf"(?<![A-Z0-9]){re.escape(spelled)}(?![A-Z0-9])", text):
            if not any(text.startswith(other, found.start()) for other in longer):
                return True
    return False


def test_every_bang_rule_id_is_named_by_one_of_its_tests() -> None:
    """BANG! – Dodge City's rule ids, each named by a test of that game (tests/rulesets/bang)."""
    rules = set(
        re.findall(
            r"^\[([A-Z]+-[A-Z0-9]+(?:-[A-Z0-9]+)*)\]",
            (ROOT / "docs" / "bang" / "RULES.md").read_text(encoding="utf-8"),
            re.MULTILINE,
        )
    )
    tests_text = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests" / "rulesets" / "bang").glob("test_*.py")).upper()
    assert len(rules) == 274  # RULES.md section 21
    assert sorted(rule for rule in rules if not named_in(rule, tests_text, rules)) == []
