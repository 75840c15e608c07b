"""The printed material of BANG! – Dodge City, read once from the package's data files.

``data/cards.json`` lists the 80 playing cards ([COMP-PLAYING-CARDS]), ``data/characters.json`` the
15 characters ([COMP-CHARACTERS]) and ``data/roles.json`` the roles by player count
([SETUP-ROLES]). They are copies of the rules package's files: the signs of the reprinted cards
are kept in data so that they can be corrected ([READ-BASE-REPRINTS]).

A card is named everywhere by its id (``bang-ah``, ``missed-2s``); what it does is looked up by
its ``effect``, the id of the rule that defines it (``CARD-BANG``).
"""

from __future__ import annotations

import json
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any

from attrs import frozen

from domain.bang.naming import prefix


class Suit(StrEnum):
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"
    SPADES = "spades"


class Border(StrEnum):
    BROWN = "brown"  # played, takes effect, discarded ([BORDER-BROWN])
    BLUE = "blue"  # stays in play ([BORDER-BLUE])
    GREEN = "green"  # in play, used once from a later turn ([BORDER-GREEN-PLAY])


class Role(StrEnum):
    SHERIFF = "sheriff"
    DEPUTY = "deputy"
    OUTLAW = "outlaw"
    RENEGADE = "renegade"


#: Card values in ascending order ([COMP-SUITS-VALUES]).
VALUES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


@frozen
class CardInfo:
    id: str
    name: str
    name_de: str
    suit: Suit
    value: str
    border: Border
    kind: str
    effect: str  # the rule id defining what the card does
    target: str
    range: int | None
    hit_symbol: bool
    missed_symbol: bool
    counts_as_bang: bool
    discard_cost: bool
    extra_draw: int

    @property
    def rank(self) -> int:
        """The value's place in [COMP-SUITS-VALUES]: 2 is 0, A is 12."""
        return VALUES.index(self.value)

    @property
    def is_weapon(self) -> bool:
        return self.range is not None


@frozen
class CharacterInfo:
    id: str
    name: str
    life: int
    ability_rule: str
    summary: str


@frozen
class RoleCount:
    """The role cards used at one player count ([SETUP-ROLES]); ``targets`` is each role's
    target with 3 players ([THREE-TARGETS])."""

    players: int
    roles: tuple[Role, ...]
    roles_public: bool
    first_player: Role
    targets: tuple[tuple[Role, Role], ...]


def _data(name: str) -> Any:
    return json.loads(resources.files("domain.bang").joinpath("data", name).read_text("utf-8"))


@cache
def cards() -> dict[str, CardInfo]:
    """Every playing card by id, in the data file's order."""
    return {
        card["id"]: CardInfo(
            id=card["id"],
            name=card["name"]["en"],
            name_de=card["name"]["de"],
            suit=Suit(card["suit"]),
            value=card["value"],
            border=Border(card["border"]),
            kind=card["kind"],
            effect=card["effect"],
            target=card["target"],
            range=card["range"],
            hit_symbol=card["hit_symbol"],
            missed_symbol=card["missed_symbol"],
            counts_as_bang=card["counts_as_bang"],
            discard_cost=card["discard_cost"],
            extra_draw=card["extra_draw"],
        )
        for card in _data("cards.json")["cards"]
    }


@cache
def characters() -> dict[str, CharacterInfo]:
    """Every character by id, in the data file's order."""
    return {
        character["id"]: CharacterInfo(
            id=character["id"],
            name=character["name"],
            life=character["life"],
            ability_rule=character["ability_rule"],
            summary=character["summary"],
        )
        for character in _data("characters.json")["characters"]
    }


@cache
def role_counts() -> dict[int, RoleCount]:
    """The roles in use by player count, 3 to 7 (8 needs the base game, [COMBINE-8-PLAYERS])."""
    found: dict[int, RoleCount] = {}
    for players, row in _data("roles.json")["by_player_count"].items():
        if row.get("requires_base_game"):
            continue
        roles = tuple(role for role in Role for _ in range(row[role.value]))
        found[int(players)] = RoleCount(
            players=int(players),
            roles=roles,
            roles_public=row["roles_public"],
            first_player=Role(row["first_player"]),
            targets=tuple((Role(a), Role(b)) for a, b in row.get("targets", {}).items()),
        )
    return found


def card(card_id: str) -> CardInfo:
    return cards()[card_id]


#: The deck in its printed order; a game's first shuffle starts from it ([SETUP-SHUFFLE]).
def deck() -> tuple[str, ...]:
    return tuple(cards())


#: Each role's team ([GOAL-LAW], [GOAL-OUTLAWS], [GOAL-RENEGADE]).
TEAMS = {
    Role.SHERIFF: "law",
    Role.DEPUTY: "law",
    Role.OUTLAW: "outlaws",
    Role.RENEGADE: "renegade",
}

# The wire's names are prefixed: BangSuit, BangBorder, BangRole (domain/bang/naming.py).
prefix(Suit, Border, Role)
