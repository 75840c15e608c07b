"""The versions of Dodge City's rules the engine plays, and where an older one reads differently.

Every game records its version in its first event and is played by it to the end, so a game
stored under an older version goes on, replays and verifies as it was played. Each difference
is one small predicate on the state, named for what the older reading does.
"""

from __future__ import annotations

from domain.dodgecity.state import GameState

#: The first version: the duel round's automatic moves told others of a forced Indian.
RULES_1_0 = "1.0"
#: Automatic duel moves reveal nothing of a hand (docs/READINGS.md, "Forced commitments").
RULES_1_1 = "1.1"

#: Every version the engine plays, oldest first; new games get the last.
RULES_VERSIONS = (RULES_1_0, RULES_1_1)


def reveals_forced_indian(state: GameState) -> bool:
    """Version 1.0 passes a seat holding a forced Indian over in the challenge chain with the
    reason ``forced_indian`` whatever else could be said of it, and commits a duel card for a
    seat whenever only one card may be committed (a hand of Indians, or an Indian and one other
    card): both told everyone the hand held an Indian."""
    return state.rules_version == RULES_1_0
