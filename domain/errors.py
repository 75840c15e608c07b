"""The one error the rules raise: a refused action, naming the RULES.md rule that refuses it."""

from __future__ import annotations


class RuleViolation(Exception):  # noqa: N818 - reads as the domain term
    """An action the rules do not allow. Nothing was recorded.

    ``rule`` is the RULES.md id without brackets, e.g. ``"BUY-3"``.
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"[{rule}] {reason}")
        self.rule = rule
        self.reason = reason
