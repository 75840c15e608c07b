"""The values BANG! – Dodge City's events are made of: settings, phases, zones and what stands in
for a value a viewer may not see."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

import msgspec

from domain.bang.catalog import Role
from domain.bang.naming import prefix

#: Stands in for a card or a role the viewer may not see ([HIDDEN-HANDS], [HIDDEN-OTHER-ROLES]).
Hidden = Literal["?"]
HIDDEN: Hidden = "?"

__all__ = ["HIDDEN", "BangSettings", "CheckPurpose", "Hidden", "Phase", "Role", "Zone"]


class BangSettings(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The optional variants ([VAR-*]), all off by default: the German rules are the game."""

    beer_lethal_only: bool = False  # [VAR-BEER-LETHAL-ONLY]
    beer_no_effect: bool = False  # [VAR-BEER-NO-EFFECT]
    pixie_pete_three: bool = False  # [VAR-PIXIE-PETE-THREE]
    sean_mallory_ten: bool = False  # [VAR-SEAN-MALLORY-TEN]
    jose_delgado_twice: bool = False  # [VAR-JOSE-DELGADO-TWICE]
    jail_skip_turn: bool = False  # [VAR-JAIL-SKIP-TURN]


class Phase(StrEnum):
    """Where the current player's turn is ([TURN-SEQUENCE])."""

    CHECKS = "checks"  # Dynamite, then Jail ([TURN-START-CHECKS])
    DRAW = "draw"  # phase I
    PLAY = "play"  # phase II
    DISCARD = "discard"  # phase III


class Zone(StrEnum):
    HAND = "hand"
    PLAY = "play"  # in play in front of a player
    RESOLVING = "resolving"  # being played or used ([DECK-RESOLVING])
    STORE = "store"  # the General Store display
    DRAW_PILE = "draw_pile"


class CheckPurpose(StrEnum):
    """Why a card was "drawn!" ([CHECK-USES])."""

    BARREL = "barrel"
    JAIL = "jail"
    DYNAMITE = "dynamite"


# The wire's names are prefixed: BangPhase, BangZone, BangCheckPurpose (domain/bang/naming.py).
prefix(Phase, Zone, CheckPurpose)
