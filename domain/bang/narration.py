"""Each event of BANG! – Dodge City told in one plain English sentence.

The event is already redacted for its reader, and only the seats' names are given besides, so a
sentence can tell nothing the reader may not see.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import singledispatch

from domain.bang.catalog import cards, characters
from domain.events.bang import (
    BangAbilityCopied,
    BangAbilityUsed,
    BangAnswered,
    BangCardDiscarded,
    BangCardPlayed,
    BangCardPutInPlay,
    BangCardsDrawn,
    BangCardTaken,
    BangCardUsed,
    BangCharacterDealt,
    BangCheckDrawn,
    BangDynamitePassed,
    BangEffectEnded,
    BangEffectReached,
    BangEffectStarted,
    BangGameEnded,
    BangGameOpened,
    BangGameStarted,
    BangHitAimed,
    BangHitCancelled,
    BangHitTaken,
    BangLifeGained,
    BangLifePaid,
    BangLossReduced,
    BangLossResolved,
    BangLossThreatened,
    BangPhaseBegan,
    BangPileShuffled,
    BangPlayerEliminated,
    BangReactionDeclined,
    BangResolutionAbandoned,
    BangRoleDealt,
    BangSeatTaken,
    BangStoreCardPicked,
    BangStoreRevealed,
    BangTargetResolved,
    BangTurnBegan,
    BangTurnEnded,
)
from domain.events.bang.values import HIDDEN
from domain.events.base import DomainEvent
from domain.events.kernel import KernelEvent
from domain.table import describe_kernel_event


def describe(event: DomainEvent, names: Sequence[str]) -> str:
    if isinstance(event, KernelEvent):
        return describe_kernel_event(event, names)
    return _tell(event, _Names(names))


class _Names:
    def __init__(self, names: Sequence[str]) -> None:
        self._names = names

    def __call__(self, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        return self._names[seat] if 0 <= seat < len(self._names) else f"seat {seat}"


def card_name(card_id: str | None) -> str:
    if card_id is None:
        return "no card"
    if card_id == HIDDEN:
        return "a hidden card"
    info = cards().get(card_id)
    return card_id if info is None else f"{info.name} ({info.value} of {info.suit.value})"


def _cards(card_ids: Sequence[str]) -> str:
    if all(c == HIDDEN for c in card_ids):
        return f"{len(card_ids)} card{'s' if len(card_ids) != 1 else ''}"
    return ", ".join(card_name(c) for c in card_ids)


@singledispatch
def _tell(event: DomainEvent, name: _Names) -> str:
    return type(event).__name__.removeprefix("Bang")


@_tell.register
def _(event: BangGameOpened, name: _Names) -> str:
    return f"A game of BANG! – Dodge City for {event.seats} players was opened."


@_tell.register
def _(event: BangSeatTaken, name: _Names) -> str:
    who = f"{event.name} (computer)" if event.bot else event.name
    return f"{who} took seat {event.seat + 1}."


@_tell.register
def _(event: BangGameStarted, name: _Names) -> str:
    return f"The game started with {event.seats} players."


@_tell.register
def _(event: BangRoleDealt, name: _Names) -> str:
    if event.role == HIDDEN:
        return f"{name(event.seat)} was dealt a secret role."
    shown = "and showed it" if event.public else "in secret"
    return f"{name(event.seat)} was dealt the role of {event.role.title()} {shown}."


@_tell.register
def _(event: BangCharacterDealt, name: _Names) -> str:
    character = characters()[event.character].name
    return f"{name(event.seat)} was dealt {character}, with {event.life} life points."


@_tell.register
def _(event: BangPileShuffled, name: _Names) -> str:
    if event.reshuffle:
        return f"The discard pile was shuffled into a new draw pile of {event.size} cards."
    return f"The {event.size} playing cards were shuffled."


@_tell.register
def _(event: BangCardsDrawn, name: _Names) -> str:
    return f"{name(event.seat)} drew {_cards(event.cards)}."


@_tell.register
def _(event: BangTurnBegan, name: _Names) -> str:
    return f"Turn {event.turn} began: {name(event.seat)}'s."


@_tell.register
def _(event: BangPhaseBegan, name: _Names) -> str:
    words = {
        "checks": "the start-of-turn checks",
        "draw": "drawing",
        "play": "playing cards",
        "discard": "discarding",
    }
    return f"{name(event.seat)} began {words[event.phase.value]}."


@_tell.register
def _(event: BangTurnEnded, name: _Names) -> str:
    return f"{name(event.seat)} ended the turn."


@_tell.register
def _(event: BangCardPlayed, name: _Names) -> str:
    at = f" at {', '.join(name(t) for t in event.targets)}" if event.targets else ""
    as_missed = " as a Missed!" if event.as_missed else ""
    return f"{name(event.seat)} played {card_name(event.card)}{as_missed}{at}."


@_tell.register
def _(event: BangCardUsed, name: _Names) -> str:
    at = f" at {', '.join(name(t) for t in event.targets)}" if event.targets else ""
    return f"{name(event.seat)} used {card_name(event.card)}{at}."


@_tell.register
def _(event: BangCardPutInPlay, name: _Names) -> str:
    where = "" if event.owner == event.seat else f" in front of {name(event.owner)}"
    return f"{name(event.seat)} put {card_name(event.card)} in play{where}."


@_tell.register
def _(event: BangCardDiscarded, name: _Names) -> str:
    return f"{name(event.seat)}'s {card_name(event.card)} went to the discard pile."


@_tell.register
def _(event: BangCardTaken, name: _Names) -> str:
    return f"{name(event.seat)} took {card_name(event.card)} from {name(event.from_seat)}."


@_tell.register
def _(event: BangDynamitePassed, name: _Names) -> str:
    return f"The Dynamite passed from {name(event.seat)} to {name(event.to_seat)}."


@_tell.register
def _(event: BangCheckDrawn, name: _Names) -> str:
    outcome = "success" if event.success else "failure"
    return f"{name(event.seat)} drew! {card_name(event.card)} for {event.purpose.value}: {outcome}."


@_tell.register
def _(event: BangEffectStarted, name: _Names) -> str:
    what = card_name(event.card) if event.card else "an ability"
    return f"{what} of {name(event.source)} took effect."


@_tell.register
def _(event: BangEffectReached, name: _Names) -> str:
    return f"It reached {name(event.target)}."


@_tell.register
def _(event: BangEffectEnded, name: _Names) -> str:
    return "The effect was over."


@_tell.register
def _(event: BangTargetResolved, name: _Names) -> str:
    return f"{name(event.target)} was done."


@_tell.register
def _(event: BangResolutionAbandoned, name: _Names) -> str:
    return "What was resolving stopped."


@_tell.register
def _(event: BangStoreRevealed, name: _Names) -> str:
    return f"The General Store showed {_cards(event.cards)}."


@_tell.register
def _(event: BangStoreCardPicked, name: _Names) -> str:
    return f"{name(event.seat)} took {card_name(event.card)} from the General Store."


@_tell.register
def _(event: BangAnswered, name: _Names) -> str:
    return f"{name(event.seat)} answered the {event.decision.title()} with {card_name(event.card)}."


@_tell.register
def _(event: BangHitAimed, name: _Names) -> str:
    return f"{name(event.source)} shot at {name(event.target)}."


@_tell.register
def _(event: BangHitCancelled, name: _Names) -> str:
    return f"The shot at {name(event.target)} missed ({event.rule})."


@_tell.register
def _(event: BangHitTaken, name: _Names) -> str:
    return f"{name(event.target)} was hit."


@_tell.register
def _(event: BangReactionDeclined, name: _Names) -> str:
    return f"{name(event.seat)} did not react."


@_tell.register
def _(event: BangLossThreatened, name: _Names) -> str:
    points = "point" if event.amount == 1 else "points"
    return f"{name(event.seat)} was about to lose {event.amount} life {points}."


@_tell.register
def _(event: BangLossReduced, name: _Names) -> str:
    return f"A Beer saved {name(event.seat)} {event.by}."


@_tell.register
def _(event: BangLossResolved, name: _Names) -> str:
    return f"{name(event.seat)} was left with {event.life} life points."


@_tell.register
def _(event: BangLifeGained, name: _Names) -> str:
    return f"{name(event.seat)} gained life, to {event.life} life points."


@_tell.register
def _(event: BangLifePaid, name: _Names) -> str:
    return f"{name(event.seat)} gave up a life point, keeping {event.life}."


@_tell.register
def _(event: BangAbilityUsed, name: _Names) -> str:
    return f"{name(event.seat)} used {characters()[event.ability].name}'s ability."


@_tell.register
def _(event: BangAbilityCopied, name: _Names) -> str:
    if event.character is None:
        return f"{name(event.seat)} was left with no ability."
    return f"{name(event.seat)} took {characters()[event.character].name}'s ability."


@_tell.register
def _(event: BangPlayerEliminated, name: _Names) -> str:
    by = f" by {name(event.killer)}" if event.killer is not None else ""
    return f"{name(event.seat)}, the {event.role.title()}, was eliminated{by}."


@_tell.register
def _(event: BangGameEnded, name: _Names) -> str:
    winners = ", ".join(name(seat) for seat in event.winners) or "nobody"
    return f"The game was over: {winners} won."
