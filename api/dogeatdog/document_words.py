"""Dog Eat Dog's own words in the OpenAPI document: descriptions of its schemas, by component
name, for the types whose docstrings say too little (the kernel's api/document/text.py writes
them)."""

from __future__ import annotations

SCHEMA_WORDS: dict[str, str] = {
    "DogEatDogNewPlayer": "A person taking a seat of a Dog Eat Dog game: a name.",
    "DogEatDogGameView": "A Dog Eat Dog game as the caller sees it.",
    "DogEatDogSeatView": "One player of a Dog Eat Dog game, as the caller sees him: his Swiss "
    "account only if it is his own (or the game has ended).",
    "DogEatDogSquareView": "One square of a Dog Eat Dog map: its stage, pollution and controller.",
    "DogEatDogTurnView": "Whose turn it is in a Dog Eat Dog game, its step and what is under way.",
    "DogEatDogWindowView": "An open window of a Dog Eat Dog turn: who may act now, and the passes "
    "in a row.",
    "DogEatDogAuctionView": "An auction of a Dog Eat Dog square under way: who is still in and the "
    "high bid (sealed bids only once all are in).",
    "DogEatDogSaleView": "Goods priced this Dog Eat Dog turn, and the sellers still asked.",
    "DogEatDogBriberyView": "A Corrupt Official offered for bribery in a Dog Eat Dog game, and who "
    "is still to be offered an attempt.",
    "DogEatDogStepEnded": "Event: a step of a Dog Eat Dog turn ended.",
    # The kernel's generic offer, named by the document after its parameter's full name.
    "Offer_domain.events.dogeatdog.trade.DogEatDogTradeSide_": "A Dog Eat Dog trade proposed and "
    "not answered yet (the kernel's offer, docs/OFFERS.md): what each side gives.",
    "DogEatDogTurnEnded": "Event: a Dog Eat Dog player's turn ended.",
    "DogEatDogBoard": "A Dog Eat Dog game as a spectator sees it.",
    "DogEatDogSeatRow": "One player on a Dog Eat Dog board.",
    "DogEatDogSquareRow": "One square of a Dog Eat Dog map.",
    "DogEatDogCatalog": "Dog Eat Dog's printed material: the track, the map, the divisions, the "
    "Red Tape cards; mostly designed for this engine, as its notice says.",
    "DogEatDogComponentsSheet": "What is in the box of Dog Eat Dog.",
    "DogEatDogRecipeSheet": "What one Dog Eat Dog product consumes.",
    "DogEatDogSource": "Where a part of Dog Eat Dog's printed material comes from.",
    "DogEatDogStep": "A step of a Dog Eat Dog turn.",
    "DogEatDogDecisionKind": "What a Dog Eat Dog seat is awaited for.",
    "DogEatDogRaw": "A raw material of Dog Eat Dog.",
    "DogEatDogProduct": "A product of Dog Eat Dog.",
    "DogEatDogSpaceKind": "What a space of Dog Eat Dog's track does.",
    "DogEatDogLawTrigger": "When a Dog Eat Dog law applies.",
    "DogEatDogEventKind": "When a Dog Eat Dog Current Event takes effect.",
    "DogEatDogRollPurpose": "Why dice were rolled in a Dog Eat Dog game.",
    "DogEatDogShuffleReason": "Why the Red Tape deck was shuffled.",
    "DogEatDogStrikeChoice": "What the player on the Strike space chose.",
    "DogEatDogBriberyOccasion": "Why a Corrupt Official was offered for bribery.",
}
