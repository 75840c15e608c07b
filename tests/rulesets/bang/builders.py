"""Builders for given/when/then tests of BANG! – Dodge City.

``table`` starts a real game through the rules (roles, characters, the shuffle and the deal come
from an arranged random source instead of the seed), then ``arrange`` sets the scene: hands,
cards in play, life, the top of the draw pile and the discard pile. Cards move between zones, so
the 80 cards stay 80. ``when`` sends an action and returns the events it recorded; ``refused``
returns the rule id an action is refused with, checking that nothing was recorded.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar
from uuid import UUID

from domain.aggregates.game import Game
from domain.bang.actions import BangAction, BangDecision
from domain.bang.catalog import Role, characters, deck
from domain.bang.rules.flow import advance
from domain.bang.ruleset import BANG
from domain.bang.state import BangState
from domain.errors import RuleViolation
from domain.events.bang import BangSettings
from domain.events.base import DomainEvent

T = TypeVar("T")
GAME_ID = UUID(int=16)
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus")
#: Plain characters without an ability that changes the usual flow, for tests of general rules.
PLAIN = ("greg-digger", "herb-hunter", "greg-digger", "herb-hunter", "greg-digger")


class BangTestGame(Game[BangState, BangAction, BangDecision]):
    """A game that keeps every event it hands over."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.history: list[DomainEvent] = []

    def collect_events(self) -> list[DomainEvent]:
        new = super().collect_events()
        self.history += new
        return new


class Arranged:
    """Deals the roles and characters asked for, the deck in printed order, and picks the first
    of any random choice (a random hand card is then the first in hand)."""

    def __init__(self, roles: Sequence[Role], characters_: Sequence[str]) -> None:
        self._roles = list(roles)
        self._characters = list(characters_)
        self._calls = 0

    def shuffled(self, items: Sequence[T]) -> list[T]:
        self._calls += 1
        if items and isinstance(items[0], Role):
            return list(self._roles)  # type: ignore[arg-type]
        if items and hasattr(items[0], "life"):
            by_id = {getattr(item, "id", None): item for item in items}
            chosen = [by_id[c] for c in self._characters]
            rest = [item for item in items if getattr(item, "id", None) not in self._characters]
            return chosen + rest
        return list(items)

    def pick(self, items: Sequence[T]) -> T:
        return items[0]


def roles_for(players: int) -> tuple[Role, ...]:
    """A default role per seat: Sheriff first, then Outlaws, Renegade and Deputies."""
    by_count = {
        3: (Role.DEPUTY, Role.OUTLAW, Role.RENEGADE),
        4: (Role.SHERIFF, Role.OUTLAW, Role.OUTLAW, Role.RENEGADE),
        5: (Role.SHERIFF, Role.OUTLAW, Role.OUTLAW, Role.RENEGADE, Role.DEPUTY),
        6: (Role.SHERIFF, Role.OUTLAW, Role.OUTLAW, Role.RENEGADE, Role.DEPUTY, Role.OUTLAW),
        7: (
            Role.SHERIFF,
            Role.OUTLAW,
            Role.OUTLAW,
            Role.RENEGADE,
            Role.DEPUTY,
            Role.OUTLAW,
            Role.DEPUTY,
        ),
    }
    return by_count[players]


def table(
    players: int = 4,
    *,
    roles: Sequence[Role] | None = None,
    chars: Sequence[str] | None = None,
    settings: BangSettings | None = None,
    start: bool = True,
) -> BangTestGame:
    """A game of ``players`` seated (Ann, Bob …) and started: seat 0 holds the first role of
    ``roles`` and the first character of ``chars``."""
    roles = tuple(roles or roles_for(players))
    chosen = tuple(chars or (PLAIN * 2)[:players])
    assert all(c in characters() for c in chosen), chosen
    game = BangTestGame.create(
        GAME_ID,
        BANG,
        seed="bang-test",
        seats=players,
        settings=settings,
        random_factory=lambda _: Arranged(roles, chosen),
    )
    assert isinstance(game, BangTestGame)
    for name in NAMES[:players]:
        game.join(name)
    if start:
        game.start()
        game.collect_events()
    return game


def arrange(
    game: BangTestGame,
    *,
    hands: Mapping[int, Iterable[str]] | None = None,
    in_play: Mapping[int, Iterable[str]] | None = None,
    life: Mapping[int, int] | None = None,
    pile: Iterable[str] = (),
    discard: Iterable[str] = (),
    active: bool = True,
) -> BangTestGame:
    """Set the scene: each seat named in ``hands``/``in_play`` holds exactly those cards; ``pile``
    are the top cards of the draw pile, top first; ``discard`` the discard pile, top last. Every
    other card lies in the draw pile below ``pile``. Green cards given are active unless
    ``active`` is false."""
    state = game.state
    wanted_hands = {seat: list(cards) for seat, cards in (hands or {}).items()}
    wanted_play = {seat: list(cards) for seat, cards in (in_play or {}).items()}
    placed = [c for cs in (*wanted_hands.values(), *wanted_play.values()) for c in cs]
    top, bottom = list(pile), list(discard)
    named = placed + top + bottom
    assert len(named) == len(set(named)), "a card can lie in one place only"
    assert all(c in deck() for c in named), [c for c in named if c not in deck()]
    for player in state.players:
        if player.seat in wanted_hands:
            player.hand = wanted_hands[player.seat]
        else:
            player.hand = [c for c in player.hand if c not in named]
        if player.seat in wanted_play:
            player.in_play = wanted_play[player.seat]
        else:
            player.in_play = [c for c in player.in_play if c not in named]
    elsewhere = {c for p in state.players for c in (*p.hand, *p.in_play)} | set(named)
    rest = [c for c in deck() if c not in elsewhere]
    state.draw_pile = top + rest
    state.discard_pile = bottom
    state.inactive_greens = set() if active else {c for c in placed if c in _greens()}
    for seat, points in (life or {}).items():
        state.players[seat].life = points
    game._decisions = (-1, [])  # the scene changed under the game's cached decisions
    return game


def _greens() -> set[str]:
    from domain.bang.catalog import Border, cards

    return {c.id for c in cards().values() if c.border is Border.GREEN}


def settle(game: BangTestGame) -> BangTestGame:
    """Let the rules take their automatic steps from the arranged scene (after ``arrange``
    changed what a decision depends on)."""
    game._command(advance)
    game.collect_events()
    return game


def when(game: BangTestGame, seat: int, action: BangAction) -> list[DomainEvent]:
    """``seat`` sends ``action``; the events it recorded."""
    game.collect_events()
    game.act(seat, action)
    return game.collect_events()


def refused(game: BangTestGame, seat: int, action: BangAction) -> str:
    """The rule id ``seat``'s ``action`` is refused with; nothing is recorded."""
    game.collect_events()
    version = game.version
    assert not game.is_legal(seat, action)
    try:
        game.act(seat, action)
    except RuleViolation as refusal:
        assert game.version == version
        assert game.collect_events() == []
        return refusal.rule
    raise AssertionError(f"{action!r} by seat {seat} was accepted")


def awaited(game: BangTestGame) -> BangDecision | None:
    pending = game.pending()
    return pending[0] if pending else None


def of_type(events: Sequence[DomainEvent], kind: type[T]) -> list[T]:
    return [event for event in events if isinstance(event, kind)]
