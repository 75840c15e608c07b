"""What the game is waiting for: which seat must decide, and what kind of decision it is."""

from __future__ import annotations

from enum import StrEnum

import msgspec

from domain.dodgecity.actions import (
    Action,
    BuyStone,
    Challenge,
    ChooseRecipient,
    CommitCard,
    Done,
    EndTurn,
    GiveStone,
    Pass,
    PlaceStone,
    PlayCard,
    RemoveStone,
    SellStone,
)


class DecisionKind(StrEnum):
    COMMIT_START_CARD = "commit_start_card"
    PLAY_CARD = "play_card"
    PLACE_PICTURE_STONES = "place_picture_stones"
    REMOVE_OPPOSING_STONES = "remove_opposing_stones"
    BUY_STONES = "buy_stones"
    COMMIT_DUEL_CARD = "commit_duel_card"
    CHALLENGE = "challenge"
    REMOVE_LOSER_STONE = "remove_loser_stone"
    CHOOSE_RECIPIENT = "choose_recipient"
    PLACE_EVENT_STONES = "place_event_stones"
    REMOVE_OWN_STONES = "remove_own_stones"
    GIVE_STONES = "give_stones"
    SELL_STONES = "sell_stones"


#: Simultaneous decisions: every listed seat decides independently, in any order.
SIMULTANEOUS = frozenset({DecisionKind.COMMIT_START_CARD, DecisionKind.COMMIT_DUEL_CARD})

#: The action kinds each decision accepts.
ACCEPTS: dict[DecisionKind, tuple[type[Action], ...]] = {
    DecisionKind.COMMIT_START_CARD: (CommitCard,),
    DecisionKind.PLAY_CARD: (PlayCard,),
    DecisionKind.PLACE_PICTURE_STONES: (PlaceStone, Done),
    DecisionKind.REMOVE_OPPOSING_STONES: (RemoveStone, Done),
    DecisionKind.BUY_STONES: (BuyStone, EndTurn),
    DecisionKind.COMMIT_DUEL_CARD: (CommitCard,),
    DecisionKind.CHALLENGE: (Challenge, Pass),
    DecisionKind.REMOVE_LOSER_STONE: (RemoveStone, Done),
    DecisionKind.CHOOSE_RECIPIENT: (ChooseRecipient,),
    DecisionKind.PLACE_EVENT_STONES: (PlaceStone, Done),
    DecisionKind.REMOVE_OWN_STONES: (RemoveStone,),
    DecisionKind.GIVE_STONES: (GiveStone,),
    DecisionKind.SELL_STONES: (SellStone,),
}


class Decision(msgspec.Struct, frozen=True, kw_only=True):
    """A decision the game waits for. ``event`` names the event card that asks for it;
    ``remaining`` counts stones still to place, remove, give, or dollars still owed."""

    seat: int
    kind: DecisionKind
    event: str | None = None
    remaining: int = 0
    building: str | None = None
