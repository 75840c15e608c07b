"""Read models built from the event log, kept in SQL tables next to the events and updated exactly
once per event: the kernel's (the game list and the leaderboards of players and teams) for every
game, and each game's own (``projections/<game>/``, found through the ``projections.read_models``
entry points)."""

from projections.feed import EventFeed, Notification
from projections.plugin import ReadModel, ReadModels, Table
from projections.projector import Projections
from projections.read_models import GamesPage, GameSummary, LeaderboardRow, TeamRow
from projections.sql import Database, PostgresDatabase, SQLiteDatabase

__all__ = [
    "Database",
    "EventFeed",
    "GameSummary",
    "GamesPage",
    "LeaderboardRow",
    "Notification",
    "PostgresDatabase",
    "Projections",
    "ReadModel",
    "ReadModels",
    "SQLiteDatabase",
    "Table",
    "TeamRow",
]
