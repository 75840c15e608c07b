"""The small value types Dodge City's events carry."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import msgspec

Cell = tuple[int, int]


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"
    GREEN = "green"
    YELLOW = "yellow"
    BLACK = "black"


class Stage(StrEnum):
    """A pass's stage; the duel round has four: commit, challenge, dispute, score."""

    START_ROUND = "start_round"
    SETTING_ROUND_1 = "setting_round_1"
    SETTING_ROUND_2 = "setting_round_2"
    DUEL_ROUND = "duel_round"
    CHALLENGES = "challenges"
    CONTROL_DISPUTES = "control_disputes"
    SCORING = "scoring"


class EndReason(StrEnum):
    POINTS = "points"  # [END-POINTS]
    BOARD_CLOSED = "board_closed"  # [END-BOARD]
    PASS_LIMIT = "pass_limit"  # [END-LIMIT]


class Variants(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Section 11 of RULES.md; the defaults are the German original."""

    deck: Annotated[str, msgspec.Meta(min_length=1, max_length=64)] = "default_32"
    landmarks_bridge: bool = True
    picture_may_claim: bool = False
    challenge_optional: bool = False
    # Bounded so a settings object can never carry a number no store or client can hold.
    max_passes: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 30
