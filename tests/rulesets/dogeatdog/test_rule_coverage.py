"""Every rule id of Dog Eat Dog's RULES.md is named by one of its tests (``tests/rulesets/dogeatdog``,
or the tests of its board read model and its API), so a reader can go from any rule to the tests
that check it, as for BANG! (``tests/test_rule_coverage.py``)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.test_rule_coverage import named_in

ROOT = Path(__file__).parents[3]
RULE = re.compile(r"^- \*\*\[([A-Z]+-[A-Z0-9]+(?:-[A-Z0-9]+)*)\]", re.MULTILINE)
TESTS = (
    *(ROOT / "tests" / "rulesets" / "dogeatdog").glob("test_*.py"),
    *(ROOT / "tests" / "api" / "dogeatdog").glob("test_*.py"),
    ROOT / "tests" / "projections" / "test_dogeatdog_board.py",
)


def test_every_dogeatdog_rule_id_is_named_by_one_of_its_tests() -> None:
    rules = set(RULE.findall((ROOT / "docs" / "dogeatdog" / "RULES.md").read_text(encoding="utf-8")))
    tests_text = "\n".join(path.read_text(encoding="utf-8") for path in TESTS if path.name != Path(__file__).name).upper()

    assert len(rules) == 141  # every rule RULES.md states
    assert sorted(rule for rule in rules if not named_in(rule, tests_text, rules)) == []
