"""Dodge City's own words in the OpenAPI document: descriptions of its schemas, by component
name, for the types whose docstrings say too little (the kernel's api/document/text.py writes
them)."""

from __future__ import annotations

SCHEMA_WORDS: dict[str, str] = {
    "NewPlayer": "A person taking a seat of a Dodge City game: an optional name.",
    "GameView": "A Dodge City game as the caller sees it, with the caller's legal actions.",
    "PlayerView": "One seat of a Dodge City game, as the caller sees it.",
    "StoneView": "A stone on the Dodge City board: its owner and where it stands.",
    "BuildingView": "A building of Dodge City in play: its figure, value and status.",
    "DuelView": "The duel being fought in a Dodge City game.",
    "EventTaskView": "The Dodge City event card being resolved, and who still has to answer.",
    "Board": "A Dodge City game's board, from the board read model.",
    "BuildingRow": "One building on a Dodge City board.",
    "StoneRow": "One stone on a Dodge City board.",
    "Scores": "A Dodge City game's scores, from the scores read model.",
    "ScoreRow": "One player's score in a Dodge City game.",
    "Catalog": "Dodge City's printed material: the board, the decks, the event cards, the figures.",
    "CardSheet": "One Dodge City card as printed.",
    "EventSheet": "One Dodge City event card as printed.",
    "FigureSheet": "One Dodge City figure as printed.",
    "Landmark": "A landmark of the Dodge City board.",
    "PassBegan": "Event: a Dodge City pass (one round of the board) began.",
    "BuildingStatus": "The status of a Dodge City building.",
    "CardKind": "The kind of a Dodge City card.",
    "Colour": "A Dodge City player's colour.",
    "DecisionKind": "What a Dodge City seat is awaited for.",
    "EffectOutcome": "How a Dodge City card's effect turned out.",
    "Figure": "A Dodge City figure.",
    "PassReason": "Why a Dodge City pass began.",
    "Stage": "A stage of a Dodge City game.",
}
