"""The rules of Dog Eat Dog that decide: each module owns a part of RULES.md, records events
through a ``Context`` and refuses with a ``RuleViolation`` naming the rule
(``docs/dogeatdog/DESIGN.md`` says which part lives where)."""
