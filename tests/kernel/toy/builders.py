"""Builders for given/when/then tests of toy poker: a started game with the deal arranged, an
action and the events it recorded, an action refused and the rule that refused it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar, cast
from uuid import UUID

from domain.aggregates.game import Game
from domain.errors import RuleViolation
from domain.events.base import DomainEvent

from tests.kernel.toy.actions import ToyCommit, ToyDecision, ToyMove
from tests.kernel.toy.events import DECK, Card, ToySettings
from tests.kernel.toy.rules import TOY
from tests.kernel.toy.state import ToyState
from tests.kernel.toy.views import ToyView

T = TypeVar("T")
GAME_ID = UUID(int=7)
NAMES = ("Ann", "Bob")
BET, CHECK = ToyCommit(choice="bet"), ToyCommit(choice="check")


class ToyGame(Game[ToyState, ToyMove, ToyDecision]):
    """A game that also keeps every event it hands over, for tests that read the whole history."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.history: list[DomainEvent] = []

    def collect_events(self) -> list[DomainEvent]:
        new = super().collect_events()
        self.history += new
        return new

    def everything(self) -> list[DomainEvent]:
        """Every event recorded so far, collected or not."""
        self.collect_events()
        return list(self.history)


class Arranged:
    """A random source that deals ``order``: seat 0 gets its first card, seat 1 the second, the
    third is set aside."""

    def __init__(self, order: Sequence[Card]) -> None:
        self._order = list(order)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        by_text = {str(item): item for item in items}
        return [by_text[card] for card in self._order]

    def pick(self, items: Sequence[T]) -> T:
        return items[0]


def opened(*, ante: int = 1, deal: Sequence[Card] = DECK, seed: str = "toy") -> ToyGame:
    """A game in the lobby, nobody seated; ``deal`` is what its start will deal."""
    game = ToyGame.create(GAME_ID, TOY, seed=seed, seats=2, settings=ToySettings(ante=ante), random_factory=lambda _: Arranged(deal))
    return cast(ToyGame, game)


def started(*, ante: int = 1, deal: Sequence[Card] = DECK) -> ToyGame:
    """Ann in seat 0 and Bob in seat 1, dealt ``deal`` (seat 0's card first, the card set aside last)."""
    game = opened(ante=ante, deal=deal)
    for name in NAMES:
        game.join(name)
    game.start()
    game.collect_events()
    return game


def when(game: ToyGame, seat: int, action: ToyMove) -> list[DomainEvent]:
    """``seat`` sends ``action``; the events it recorded."""
    game.act(seat, action)
    return game.collect_events()


def committed(game: ToyGame, choices: dict[int, ToyCommit]) -> list[DomainEvent]:
    """The seats commit in the order of ``choices``; the events they recorded."""
    return [event for seat, action in choices.items() for event in when(game, seat, action)]


def view(game: ToyGame, viewer: int | None) -> ToyView:
    shown: ToyView = game.view(viewer)
    return shown


def refused(game: ToyGame, seat: int, action: object) -> str:
    """The rule id ``seat``'s ``action`` is refused by; checks that nothing was recorded."""
    game.collect_events()
    version = game.version
    assert not game.is_legal(seat, action)  # type: ignore[arg-type]
    try:
        game.act(seat, action)  # type: ignore[arg-type]
    except RuleViolation as refusal:
        assert game.version == version
        assert game.collect_events() == []
        return refusal.rule
    raise AssertionError(f"seat {seat} was allowed {action!r}")


def names(events: Sequence[DomainEvent]) -> list[str]:
    return [type(event).__name__ for event in events]
