"""What a seat is asked in Dog Eat Dog, and what it may send back ([TURN-DECISIONS]).

No decision of the default game is simultaneous: one seat is asked at a time. Each action is a
tagged struct (``"kind"``); ``legal_actions`` lists ready-made ones, which go straight back to
``act``. The classes carry the game's prefix in their names, as its events do, so that none
shares its name with another game's on the wire.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec


class DogEatDogAction(
    msgspec.Struct, frozen=True, kw_only=True, tag_field="kind", forbid_unknown_fields=True
):
    pass


class DogEatDogChooseDivision(DogEatDogAction, frozen=True, tag="choose_division"):
    """Take the free division card ``division`` ([SETUP-DIVISIONS])."""

    division: str


class DogEatDogPass(DogEatDogAction, frozen=True, tag="pass"):
    """Pass in the open window ([TURN-WINDOW])."""


class DogEatDogLetPass(DogEatDogAction, frozen=True, tag="let_pass"):
    """Let the acquisition opportunity pass ([ACQ-TARGET], [HOME-PASS])."""


class DogEatDogMoveToSwiss(DogEatDogAction, frozen=True, tag="move_to_swiss"):
    """On Geneva: move ``amount`` $M (0 up to the whole corporate account) to the Swiss account
    ([GENEVA-LAND])."""

    amount: int


ACTION_TYPE = DogEatDogChooseDivision | DogEatDogPass | DogEatDogLetPass | DogEatDogMoveToSwiss


class DecisionKind(StrEnum):
    """The rows of [TURN-DECISIONS] built so far."""

    DIVISION = "division"  # division choice ([SETUP-DIVISIONS])
    WINDOW = "window"  # free actions in an open window ([TURN-WINDOW])
    ACQUISITION = "acquisition"  # on passing or landing on one's home city ([HOME-PASS])
    GENEVA = "geneva"  # the amount moved on Geneva ([GENEVA-LAND])


class DogEatDogDecision(msgspec.Struct, frozen=True, kw_only=True):
    """``seat`` must decide ``kind``."""

    seat: int
    kind: DecisionKind


#: The actions each decision accepts.
ACCEPTS: dict[DecisionKind, type[DogEatDogAction]] = {
    DecisionKind.DIVISION: DogEatDogChooseDivision,
    DecisionKind.WINDOW: DogEatDogPass,
    DecisionKind.ACQUISITION: DogEatDogLetPass,
    DecisionKind.GENEVA: DogEatDogMoveToSwiss,
}

#: The rule that governs each decision: a refusal of an action it does not accept names it.
RULE_OF: dict[DecisionKind, str] = {
    DecisionKind.DIVISION: "SETUP-DIVISIONS",
    DecisionKind.WINDOW: "TURN-WINDOW",
    DecisionKind.ACQUISITION: "ACQ-TARGET",
    DecisionKind.GENEVA: "GENEVA-LAND",
}
