"""Opening a game, taking seats and the start: roles, characters, life, the shuffle and the deal
(section 3)."""

from __future__ import annotations

from typing import Any

from domain.bang.catalog import Role, characters, deck, role_counts
from domain.bang.rules import flow, piles
from domain.bang.state import MAX_PLAYERS, MIN_PLAYERS, BangState
from domain.context import Context
from domain.errors import RuleViolation
from domain.events.bang import (
    BangCharacterDealt,
    BangGameOpened,
    BangGameStarted,
    BangPileShuffled,
    BangRoleDealt,
    BangSeatTaken,
    BangSettings,
)
from domain.ruleset import GameStatus

RULES_VERSION = "1"


def open_game(ctx: Context[BangState], *, seats: int, settings: BangSettings, seed: str) -> None:
    if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise RuleViolation(
            "SETUP-PLAYER-COUNT",
            f"BANG! – Dodge City is for {MIN_PLAYERS} to {MAX_PLAYERS} players",
        )
    ctx.emit(BangGameOpened(seats=seats, settings=settings, seed=seed, rules_version=RULES_VERSION))


def take_seat(ctx: Context[BangState], name: str, attributes: Any, bot: str | None) -> int:
    """Seats are taken in order and fix the circle ([SETUP-SEATS]); a seat has no attributes."""
    state = ctx.state
    if state.status is not GameStatus.LOBBY:
        raise RuleViolation("SETUP-SEATS", "seats are taken before the game starts")
    if len(state.players) >= state.seats_wanted:
        raise RuleViolation("SETUP-PLAYER-COUNT", "every seat is taken")
    if attributes not in (None, {}):
        raise RuleViolation("SETUP-SEATS", "a seat of BANG! – Dodge City has no attributes")
    seat = len(state.players)
    ctx.emit(BangSeatTaken(seat=seat, name=name, bot=bot))
    return seat


def start(ctx: Context[BangState]) -> None:
    """Deal roles and characters, shuffle, deal hands, and let the first player begin."""
    state = ctx.state
    if state.status is not GameStatus.LOBBY:
        raise RuleViolation("SETUP-SEATS", "the game has already started")
    count = len(state.players)
    if count < MIN_PLAYERS:
        raise RuleViolation("SETUP-PLAYER-COUNT", f"at least {MIN_PLAYERS} players are needed")
    ctx.emit(BangGameStarted(seats=count))
    table = role_counts()[count]
    roles = ctx.rng.shuffled(table.roles)  # [SETUP-ROLE-DEAL]
    for seat, role in enumerate(roles):
        public = table.roles_public or role is Role.SHERIFF  # [HIDDEN-SHERIFF-PUBLIC]
        ctx.emit(BangRoleDealt(seat=seat, role=role.value, public=public))
    dealt = ctx.rng.shuffled(list(characters().values()))[:count]  # [SETUP-CHARACTER-DEAL]
    for seat, character in enumerate(dealt):
        bonus = 1 if roles[seat] is Role.SHERIFF else 0  # [SETUP-LIFE]
        ctx.emit(BangCharacterDealt(seat=seat, character=character.id, life=character.life + bonus))
    order = tuple(ctx.rng.shuffled(deck()))  # [SETUP-SHUFFLE]
    ctx.emit(BangPileShuffled(cards=order, size=len(order)))
    for player in state.players:  # [SETUP-HAND]
        piles.draw(ctx, player.seat, player.life, "SETUP-HAND")
    flow.begin_turn(ctx, flow.first_player(state))
    flow.advance(ctx)
