"""Creating, joining and starting a game."""

from __future__ import annotations

from domain.events.base import DomainEvent
from domain.events.dodgecity.values import Colour, Variants


class GameCreated(DomainEvent, frozen=True):
    """A game was opened for up to ``max_players`` seats under these rules.

    ``seed`` drives every shuffle and lot of this game; it is secret until the game ends
    ([SETUP-RANDOM], [SEE-SECRET]).
    """

    max_players: int
    variants: Variants
    rules_version: str
    seed: str


class PlayerJoined(DomainEvent, frozen=True, omit_defaults=True):
    """A seat was taken, by a person or, when ``bot`` names its kind, by a computer player that
    the server plays. Written without ``bot`` for people, exactly as before bots existed."""

    seat: int
    name: str
    colour: Colour
    bot: str | None = None


class GameStarted(DomainEvent, frozen=True):
    """Play began with the seats taken; the buildings in play follow from their number."""

    players: int
    buildings: tuple[str, ...]
    money_each: int
