"""Read models built from the event log (board, scores, game list, leaderboard), kept in SQL tables
next to the events and updated exactly once per event."""

from projections.feed import EventFeed, Notification
from projections.projector import Projections
from projections.read_models import (
    Board,
    BuildingRow,
    GamesPage,
    GameSummary,
    LeaderboardRow,
    ScoreRow,
    Scores,
    StoneRow,
)
from projections.sql import Database, PostgresDatabase, SQLiteDatabase

__all__ = [
    "Board",
    "BuildingRow",
    "Database",
    "EventFeed",
    "GameSummary",
    "GamesPage",
    "LeaderboardRow",
    "Notification",
    "PostgresDatabase",
    "Projections",
    "SQLiteDatabase",
    "ScoreRow",
    "Scores",
    "StoneRow",
]
