"""Closing buildings and ending the game: neutralisation ([PLACE-NEUTRAL]), the closed board
([END-BOARD]), the winner and the final tie duel ([END-TIE])."""

from __future__ import annotations

from typing import NoReturn

from domain.dodgecity.catalog import CardKind, deck
from domain.dodgecity.ranking import NO_CARD, RankKey, best, rank_key
from domain.dodgecity.rules.board import building_controllers, is_full
from domain.dodgecity.rules.context import Context, GameOver
from domain.dodgecity.rules.piles import top_card
from domain.events.dodgecity import BuildingNeutralised, EndReason, GameEnded, TieDuelCardDrawn

#: A tie duel that keeps tying (two "?" again and again) is settled as a shared win after this
#: many rounds, so that a game always ends.
MAX_TIE_DUEL_ROUNDS = 20


def check_neutralised(ctx: Context, building_id: str) -> bool:
    """After a stone was placed or exchanged: a full building nobody controls is neutralised.
    Returns True when the building was closed (and ends the game if it was the last one)."""
    building = ctx.state.buildings[building_id]
    if not building.is_open or not is_full(building):
        return False
    if building_controllers(ctx.state, building):
        return False
    ctx.emit(BuildingNeutralised(building=building_id))
    check_board_closed(ctx)
    return True


def check_board_closed(ctx: Context) -> None:
    if all(not b.is_open for b in ctx.state.buildings.values()):
        finish(ctx, EndReason.BOARD_CLOSED)


def finish(ctx: Context, reason: EndReason) -> NoReturn:
    """Record the end of the game, after a tie duel if needed, and unwind the command."""
    points = tuple(player.points for player in ctx.state.players)
    top = max(points)
    winners = tuple(seat for seat, p in enumerate(points) if p == top)
    if len(winners) > 1:
        winners = _tie_duel(ctx, winners)
    ctx.emit(GameEnded(reason=reason, winners=winners, points=points))
    raise GameOver


def _tie_duel(ctx: Context, tied: tuple[int, ...]) -> tuple[int, ...]:
    cards = deck(ctx.state.variants.deck)
    for duel_round in range(1, MAX_TIE_DUEL_ROUNDS + 1):
        keys: dict[int, RankKey] = {}
        for seat in tied:
            keys[seat] = NO_CARD
            for _ in range(len(cards)):  # a pile of nothing but Indians cannot loop forever
                card = top_card(ctx)
                if card is None:
                    break
                ctx.emit(TieDuelCardDrawn(seat=seat, card=card, duel_round=duel_round))
                if cards[card].kind is not CardKind.INDIAN:
                    keys[seat] = rank_key(cards[card])
                    break
        _, tied = best(keys)
        if len(tied) == 1:
            break
    return tied
