"""Playing cards moving between piles, hands, commitments and the table."""

from __future__ import annotations

from domain.events.base import DomainEvent


class DrawPileShuffled(DomainEvent, frozen=True):
    """The draw pile was formed in this order (top first): at setup, or from the discard pile when
    a draw found it empty ([SETUP-DEAL], [PASS-RESHUFFLE]). The order is secret ([SEE-SECRET])."""

    order: tuple[str, ...]
    from_discard: bool


class EventPileShuffled(DomainEvent, frozen=True):
    """The event pile was formed in this order (top first); secret like the draw pile."""

    order: tuple[str, ...]
    from_discard: bool


class CardsDealt(DomainEvent, frozen=True):
    """Cards from the top of the draw pile went to a hand; only their owner sees which
    ([SETUP-DEAL], [SEE-PRIVATE])."""

    seat: int
    cards: tuple[str, ...]


class CardsDrawn(DomainEvent, frozen=True):
    """An event card made a player draw into his hand ([EVENT-CARD]); private to him."""

    seat: int
    cards: tuple[str, ...]
    cause: str


class StartCardCommitted(DomainEvent, frozen=True):
    """A player secretly chose his start-round card ([START-COMMIT])."""

    seat: int
    card: str


class StartCardsRevealed(DomainEvent, frozen=True):
    """Every start-round card was turned face up at once; they stay on the table until the start
    round ends, then go face up onto the discard pile."""

    cards: tuple[tuple[int, str], ...]


class StartPlayerChosen(DomainEvent, frozen=True):
    """The owner of the highest card became start player; ``tied`` and ``by_lot`` record a draw by
    lot among equal top cards ([START-PLAYER])."""

    seat: int
    tied: tuple[int, ...]
    by_lot: bool


class CardPlayed(DomainEvent, frozen=True):
    """A card was played face up in a setting turn ([SET-PLAY])."""

    seat: int
    card: str


class CardResolved(DomainEvent, frozen=True):
    """A played card's effect is over; it goes face up onto the discard pile. ``forfeited`` counts
    picture stones or Indian removals left unused."""

    seat: int
    card: str
    forfeited: int


class DuelCardCommitted(DomainEvent, frozen=True):
    """A player secretly chose his duel card ([DUEL-COMMIT]); ``forced`` when it was his only
    choice and the engine committed it for him."""

    seat: int
    card: str
    forced: bool | None  # None only in a view that hides whether the choice was forced


class CardsDiscarded(DomainEvent, frozen=True):
    """Cards went face down onto the discard pile: only their number is public ([PASS-DISCARD])."""

    seat: int
    cards: tuple[str, ...]


class CardRevealed(DomainEvent, frozen=True):
    """A committed duel card was turned face up for a control dispute ([DUEL-DISPUTE])."""

    seat: int
    card: str
