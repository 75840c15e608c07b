"""Dog Eat Dog over HTTP."""
