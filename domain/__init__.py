"""The Dodge City rules: pure, deterministic, free of I/O, clocks and global randomness."""
