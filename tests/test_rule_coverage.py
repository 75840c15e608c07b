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
