"""Every domain event of Dodge City, and the union used to decode them."""

from __future__ import annotations

from typing import Union, get_args

from domain.events.base import DomainEvent
from domain.events.dodgecity.cards import (
    CardPlayed,
    CardResolved,
    CardRevealed,
    CardsDealt,
    CardsDiscarded,
    CardsDrawn,
    DrawPileShuffled,
    DuelCardCommitted,
    EventPileShuffled,
    StartCardCommitted,
    StartCardsRevealed,
    StartPlayerChosen,
)
from domain.events.dodgecity.duel import (
    ChallengeIssued,
    ChallengePassed,
    DisputeResolved,
    DuelFought,
    PassReason,
)
from domain.events.dodgecity.end import GameEnded, TieDuelCardDrawn
from domain.events.dodgecity.event_cards import (
    EffectOutcome,
    EventCardDrawn,
    EventCardResolved,
    EventEffectEnded,
    RecipientChosen,
)
from domain.events.dodgecity.flow import PassBegan, StageBegan, TurnBegan, TurnEnded
from domain.events.dodgecity.lobby import GameCreated, GameStarted, PlayerJoined
from domain.events.dodgecity.money import MoneyPaid, MoneyReceived
from domain.events.dodgecity.stones import (
    BuildingClaimed,
    BuildingNeutralised,
    BuildingScored,
    StoneBought,
    StonePlaced,
    StoneRemovalDeclined,
    StoneRemoved,
    StoneSold,
    StoneTransferred,
)
from domain.events.dodgecity.values import Cell, Colour, EndReason, Stage, Variants

AnyEvent = Union[  # noqa: UP007 - a runtime union: the API documents and decodes it
    GameCreated,
    PlayerJoined,
    GameStarted,
    PassBegan,
    StageBegan,
    TurnBegan,
    TurnEnded,
    DrawPileShuffled,
    EventPileShuffled,
    CardsDealt,
    CardsDrawn,
    StartCardCommitted,
    StartCardsRevealed,
    StartPlayerChosen,
    CardPlayed,
    CardResolved,
    DuelCardCommitted,
    CardsDiscarded,
    CardRevealed,
    BuildingClaimed,
    StoneBought,
    StonePlaced,
    StoneRemoved,
    StoneRemovalDeclined,
    StoneTransferred,
    StoneSold,
    BuildingNeutralised,
    BuildingScored,
    MoneyReceived,
    MoneyPaid,
    EventCardDrawn,
    RecipientChosen,
    EventEffectEnded,
    EventCardResolved,
    ChallengeIssued,
    ChallengePassed,
    DuelFought,
    DisputeResolved,
    TieDuelCardDrawn,
    GameEnded,
]

#: Every event class, in the order the union lists them.
ALL_EVENT_TYPES: tuple[type[DomainEvent], ...] = get_args(AnyEvent)

EVENT_TYPES_BY_NAME: dict[str, type[DomainEvent]] = {cls.__name__: cls for cls in ALL_EVENT_TYPES}

__all__ = [
    "ALL_EVENT_TYPES",
    "EVENT_TYPES_BY_NAME",
    "AnyEvent",
    "BuildingClaimed",
    "BuildingNeutralised",
    "BuildingScored",
    "CardPlayed",
    "CardResolved",
    "CardRevealed",
    "CardsDealt",
    "CardsDiscarded",
    "CardsDrawn",
    "Cell",
    "ChallengeIssued",
    "ChallengePassed",
    "Colour",
    "DisputeResolved",
    "DomainEvent",
    "DrawPileShuffled",
    "DuelCardCommitted",
    "DuelFought",
    "EffectOutcome",
    "EndReason",
    "EventCardDrawn",
    "EventCardResolved",
    "EventEffectEnded",
    "EventPileShuffled",
    "GameCreated",
    "GameEnded",
    "GameStarted",
    "MoneyPaid",
    "MoneyReceived",
    "PassBegan",
    "PassReason",
    "PlayerJoined",
    "RecipientChosen",
    "Stage",
    "StageBegan",
    "StartCardCommitted",
    "StartCardsRevealed",
    "StartPlayerChosen",
    "StoneBought",
    "StonePlaced",
    "StoneRemovalDeclined",
    "StoneRemoved",
    "StoneSold",
    "StoneTransferred",
    "TieDuelCardDrawn",
    "TurnBegan",
    "TurnEnded",
    "Variants",
]
