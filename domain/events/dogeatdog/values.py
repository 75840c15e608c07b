"""The values Dog Eat Dog's events are made of: the settings a game opens with, the steps of a
turn, why dice were rolled or a deck shuffled, and what stands in for a value a viewer may not
see."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

import msgspec

from domain.dogeatdog.catalog import Product, Raw
from domain.dogeatdog.naming import prefix

__all__ = [
    "HIDDEN",
    "BriberyOccasion",
    "DogEatDogSettings",
    "Good",
    "Hidden",
    "Product",
    "Raw",
    "RollPurpose",
    "Saleable",
    "ShuffleReason",
    "Step",
    "StrikeChoice",
]


class Hidden(StrEnum):
    """Stands in for the seed ([SEE-SECRET]) or a private amount ([SEE-PRIVATE]) a viewer may not
    see: ``"?"`` on the wire. An enum rather than a literal, so that the OpenAPI document names
    it as one and generated clients tell it from the number it stands in for."""

    HIDDEN = "?"


HIDDEN = Hidden.HIDDEN

#: A raw material or a product, by its value: what a player holds, sells or trades.
Good = Literal[
    "iron",
    "timber",
    "coal",
    "chemicals",
    "oil",
    "steel",
    "paper",
    "plastic",
    "fuel",
    "recyclable",
]

#: What may be priced and sold to the bank: a good, or pollution markers (Waste Mismanagement's
#: only, [SELL-POLLUTION]); and what may be bought from the Marketplace ([BUY-MARKET],
#: [BUY-WM-POLLUTION]).
Saleable = Literal[
    "iron",
    "timber",
    "coal",
    "chemicals",
    "oil",
    "steel",
    "paper",
    "plastic",
    "fuel",
    "recyclable",
    "pollution",
]

#: The Swiss targets a game may be played to ([END-SWISS-150], [OPT-LONG-GAME], [OPT-SHORT-TARGET]).
TARGETS = (150, 250, 100)
#: The rounds a short game lasts ([OPT-SHORT-ROUNDS]); None: no limit but [END-LIMIT].
ROUND_LIMITS = (None, 6)


class DogEatDogSettings(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The original's options (RULES.md section 19) and our variants (section 20), recorded in
    the first event. The defaults are the seed's standard game. Bounded by their types, so a
    decoded settings object never carries a target or a round limit the rules do not know."""

    # -- the original's four options ----------------------------------------------------------
    target: Literal[150, 250, 100] = 150  # [OPT-LONG-GAME] 250, [OPT-SHORT-TARGET] 100
    round_limit: Literal[6] | None = None  # [OPT-SHORT-ROUNDS]
    old_boys: bool = False  # [OPT-OLD-BOYS]
    long_term: bool = False  # [OPT-LONG-TERM]
    # -- engine variants ------------------------------------------------------------------------
    honour: bool = False  # [VAR-HONOUR]
    wm_own_squares: bool = False  # [VAR-WM-OWN-SQUARES]
    kickback: bool = False  # [VAR-KICKBACK]
    auction_sealed: bool = False  # [VAR-AUCTION-SEALED]
    embezzle_own_turn: bool = False  # [VAR-EMBEZZLE-OWN-TURN]
    open_info: bool = False  # [VAR-OPEN-INFO]


class Step(StrEnum):
    """The six steps of a turn ([TURN-ORDER]); [OPT-LONG-TERM] moves hiring to the end."""

    MOVE = "move"  # [MOVE]
    SELL = "sell"  # [SELL]
    PAYROLL = "payroll"  # [PAY]
    HIRE = "hire"  # [HIRE]: hire or fire
    PRODUCE = "produce"  # [PRODUCE], [POLLUTE]
    EXPLOIT = "exploit"  # [EXPLOIT], [BUY]: exploit and buy


class RollPurpose(StrEnum):
    """Why two dice were rolled: every roll of the game is one of these ([RNG-STEPS])."""

    DIVISION_ORDER = "division_order"  # [SETUP-DIVISIONS]
    START_PLAYER = "start_player"  # [SETUP-START-PLAYER]
    MOVE = "move"  # [MOVE-DICE]
    DICE_BID = "dice_bid"  # [BID-SEALED]
    BRIBE = "bribe"  # [BRIBE-ATTEMPT]
    PRICE = "price"  # [SELL-ROLL], [END-BONUS-SELL]


class BriberyOccasion(StrEnum):
    """Why an official is offered for bribery ([BRIBE-ATTEMPT])."""

    FRESH = "fresh"  # drawn from the Red Tape deck ([BRIBE-FRESH])
    INITIAL = "initial"  # the setup law, after the start player's first roll ([BRIBE-INITIAL])
    LOBBYIST = "lobbyist"  # landing on the Lobbyist ([SPACE-LOBBYIST], [BRIBE-LAW-LATER])
    CAMPAIGN = "campaign"  # the Campaign Contribution card ([BRIBE-LAW-LATER])
    CHAIN = "chain"  # opened by an invocation of an owned law ([BRIBE-CHAIN])


class ShuffleReason(StrEnum):
    """Why the Red Tape cards were shuffled ([RNG-STEPS])."""

    SEARCH = "search"  # all 40, turned up to find the first official ([SETUP-LAW])
    SETUP = "setup"  # the 39 others into the deck ([SETUP-LAW], [OPT-OLD-BOYS])
    RESHUFFLE = "reshuffle"  # the discard pile, when the deck ran out ([REDTAPE-DECK])


class StrikeChoice(StrEnum):
    """What the active player chose on the Strike space ([SPACE-STRIKE])."""

    SETTLE = "settle"  # wages $2M per worker this turn
    WALKOUT = "walkout"  # no wages, and no worker works this turn


# The wire's names are prefixed: DogEatDogStep, DogEatDogRollPurpose … (domain/dogeatdog/naming.py).
prefix(Step, RollPurpose, BriberyOccasion, ShuffleReason, StrikeChoice, Hidden)
