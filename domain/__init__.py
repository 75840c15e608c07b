"""The rules of every game: pure, deterministic, free of I/O, clocks and global randomness.

The kernel at the top (the Rules protocol, the registry, the generic Game aggregate) names no
game; each game is a sub-package.
"""
