"""BANG! – Dodge City's own words in the OpenAPI document: descriptions of its schemas, by
component name, for the types whose docstrings say too little (the kernel's
api/document/text.py writes them)."""

from __future__ import annotations

SCHEMA_WORDS: dict[str, str] = {
    "BangNewPlayer": "A person taking a seat of a BANG! game: an optional name.",
    "BangGameView": "A BANG! game as the caller sees it, with the caller's legal actions.",
    "BangSeatView": "One seat of a BANG! game, as the caller sees it.",
    "BangTurnView": "Whose turn it is in a BANG! game, and its phase.",
    "BangInPlayView": "A card in play in front of a BANG! seat.",
    "BangTable": "A BANG! game as everyone at the table sees it.",
    "BangSeatRow": "One seat at a BANG! table.",
    "BangCatalog": "BANG! – Dodge City's printed material: the cards, characters and roles.",
    "BangCharacterSheet": "One BANG! character as printed.",
    "BangTurnBegan": "Event: a BANG! seat's turn began.",
    "BangPhaseBegan": "Event: a phase of a BANG! turn began.",
    "BangLifeGained": "Event: a BANG! seat gained a life point.",
    "BangStoreCardPicked": "Event: a BANG! seat picked a card of the general store.",
    "BangBorder": "The border colour of a BANG! card: brown (played and discarded), blue (stays in "
    "play) or green (in play, used later).",
    "BangCheckPurpose": "Why a BANG! card is drawn for a check.",
    "BangDecisionKind": "What a BANG! seat is awaited for.",
    "BangPhase": "A phase of a BANG! turn.",
    "BangRole": "A BANG! role: sheriff, deputy, outlaw or renegade.",
    "BangSuit": "The suit of a BANG! card.",
    "BangZone": "Where a BANG! card is.",
}
