"""BANG! – Dodge City in the engine: its kit (bots, invariants, statistics), registered under the
``engine.games`` entry point in pyproject.toml."""
