"""Toy poker: a two-seat hidden-card game in the spirit of Kuhn poker, which proves that the kernel
runs a game it was not written for (rules in ``RULES.md`` beside this module)."""
