"""BANG! – Dodge City's printed material as a frontend needs it: every playing card with its
symbols, every character and the roles by player count (domain/bang/catalog.py). It never changes
while a server runs, so it is built once and may be cached for as long as the rules version stays
the same; served at ``GET /rulesets/bang``."""

from __future__ import annotations

from functools import cache

import msgspec

from domain.bang.catalog import Border, Role, Suit, cards, characters, role_counts
from domain.bang.ruleset import BANG


class BangCardSheet(msgspec.Struct, frozen=True, kw_only=True):
    """One playing card: ``effect`` is the id of the rule in RULES.md that says what it does."""

    id: str
    name: str
    name_de: str
    suit: Suit
    value: str
    border: Border
    kind: str
    effect: str
    target: str
    range: int | None  # a weapon's range
    hit_symbol: bool
    missed_symbol: bool
    counts_as_bang: bool
    discard_cost: bool
    extra_draw: int


class BangCharacterSheet(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    life: int
    ability_rule: str  # the rule id of its ability
    summary: str


class BangRoleSheet(msgspec.Struct, frozen=True, kw_only=True):
    """The roles dealt at one player count ([SETUP-ROLES]); with 3 players they are public and
    each has a target ([THREE-TARGETS])."""

    players: int
    roles: list[Role]
    roles_public: bool
    first_player: Role
    targets: dict[str, Role]


class BangCatalog(msgspec.Struct, frozen=True, kw_only=True):
    rules_version: str
    cards: list[BangCardSheet]  # the deck's printed order
    characters: list[BangCharacterSheet]
    roles: list[BangRoleSheet]  # by player count, fewest first


@cache
def catalog() -> BangCatalog:
    return BangCatalog(
        rules_version=BANG.rules_version,
        cards=[
            BangCardSheet(
                id=info.id,
                name=info.name,
                name_de=info.name_de,
                suit=info.suit,
                value=info.value,
                border=info.border,
                kind=info.kind,
                effect=info.effect,
                target=info.target,
                range=info.range,
                hit_symbol=info.hit_symbol,
                missed_symbol=info.missed_symbol,
                counts_as_bang=info.counts_as_bang,
                discard_cost=info.discard_cost,
                extra_draw=info.extra_draw,
            )
            for info in cards().values()
        ],
        characters=[
            BangCharacterSheet(
                id=info.id,
                name=info.name,
                life=info.life,
                ability_rule=info.ability_rule,
                summary=info.summary,
            )
            for info in characters().values()
        ],
        roles=[
            BangRoleSheet(
                players=count.players,
                roles=list(count.roles),
                roles_public=count.roles_public,
                first_player=count.first_player,
                targets={hunter.value: target for hunter, target in count.targets},
            )
            for _, count in sorted(role_counts().items())
        ],
    )
