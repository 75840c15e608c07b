"""What a seat can do: one tagged struct per kind of action.

``Game.legal_actions(seat)`` lists ready-made instances of these, which can be sent straight back to
``Game.act``; over JSON they are objects tagged by ``"kind"``.
"""

from __future__ import annotations

from typing import Union

import msgspec

from domain.dodgecity.figures import Figure


class Action(
    msgspec.Struct, frozen=True, kw_only=True, tag_field="kind", forbid_unknown_fields=True
):
    pass


class CommitCard(Action, frozen=True, tag="commit_card"):
    """Secretly choose the card for the start round or the duel round."""

    card: str


class PlayCard(Action, frozen=True, tag="play_card"):
    """Play a card face up at the start of a setting turn."""

    card: str


class BuyStone(Action, frozen=True, tag="buy_stone"):
    """Buy one stone and place it; ``figure`` is needed only to claim an unclaimed building."""

    building: str
    row: int
    col: int
    figure: Figure | None = None


class PlaceStone(Action, frozen=True, tag="place_stone"):
    """Place one free stone (picture card or event card)."""

    building: str
    row: int
    col: int
    figure: Figure | None = None


class RemoveStone(Action, frozen=True, tag="remove_stone"):
    """Remove a stone: an opponent's (Indian, duel) or your own (event card)."""

    building: str
    row: int
    col: int


class GiveStone(Action, frozen=True, tag="give_stone"):
    """Hand one of your stones over to the chosen opponent (E02, E06, E27)."""

    building: str
    row: int
    col: int


class SellStone(Action, frozen=True, tag="sell_stone"):
    """Sell one of your stones to the bank to pay a debt (forced sale)."""

    building: str
    row: int
    col: int


class ChooseRecipient(Action, frozen=True, tag="choose_recipient"):
    """Name the opponent who receives your stones (E02, E06, E27)."""

    seat: int


class Challenge(Action, frozen=True, tag="challenge"):
    """Challenge an opponent to a duel over a building you share."""

    opponent: int
    building: str


class Pass(Action, frozen=True, tag="pass"):
    """Pass the right to challenge on (variant ``challenge_optional`` only)."""


class Done(Action, frozen=True, tag="done"):
    """Stop: place or remove no more stones, or decline an optional effect."""


class EndTurn(Action, frozen=True, tag="end_turn"):
    """End your setting turn."""


AnyAction = Union[  # noqa: UP007 - a runtime union for msgspec decoding
    CommitCard,
    PlayCard,
    BuyStone,
    PlaceStone,
    RemoveStone,
    GiveStone,
    SellStone,
    ChooseRecipient,
    Challenge,
    Pass,
    Done,
    EndTurn,
]

ALL_ACTION_TYPES: tuple[type[Action], ...] = (
    CommitCard,
    PlayCard,
    BuyStone,
    PlaceStone,
    RemoveStone,
    GiveStone,
    SellStone,
    ChooseRecipient,
    Challenge,
    Pass,
    Done,
    EndTurn,
)
