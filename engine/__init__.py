"""The engine around the rules of every game: the application service (store, cache, locks,
hash chain), verification, game records, bot seats, simulation; each game's kit (bots,
invariants, statistics) is a sub-package."""
