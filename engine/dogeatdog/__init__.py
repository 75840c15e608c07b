"""Dog Eat Dog's engine kit: its computer players, invariants and statistics (``kit.KIT``)."""
