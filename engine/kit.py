"""What the engine needs to run one game beyond its rules: its kinds of computer player, the
invariants a simulation checks after every action, and the statistics it sums up.

Each game registers one :class:`GameKit` under the ``engine.games`` entry point group
(``pyproject.toml``), named like its ruleset, so no engine module names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import entry_points
from typing import Any, Protocol

from domain.aggregates.game import AnyGame
from domain.events.base import DomainEvent
from domain.registry import AnyRules, UnknownRulesetError
from domain.ruleset import Outcome
from engine.players import Ending, ProgressCheck, no_ending

#: The entry point group games register their kit in.
ENTRY_POINT_GROUP = "engine.games"


class Player(Protocol):
    """A computer player in process: chooses ``seat``'s next action in ``game``."""

    def choose(self, game: AnyGame, seat: int) -> Any: ...


class Bot(Player, Protocol):
    """A computer player that decides from what its seat may see: the seat's view and legal
    actions, as the REST API serves them, so it plays in process, as a bot seat on the
    server, or as an outside client alike. ``choose`` must decide exactly as ``decide``.

    Each keeps a :class:`~engine.players.ProgressCheck` (given by its maker, so that the
    server, which makes a fresh bot for every decision, keeps one per seat), through which its
    every choice passes: no bot repeats for ever a cycle that changes nothing."""

    def decide(self, view: Any, actions: Sequence[Any]) -> Any: ...


class BotFactory(Protocol):
    """Makes a computer player, reproducible from its seed, that steers its choices through
    ``progress`` (None: a check of its own)."""

    def __call__(
        self, seed: int | str | None, /, progress: ProgressCheck[Any] | None = None
    ) -> Bot: ...


def _no_turns(game: AnyGame) -> Hashable:
    return None


class Narrator(Protocol):
    def __call__(
        self, events: Sequence[DomainEvent], viewer: int | None, *, reveal_all: bool
    ) -> Iterator[str]: ...


#: A game's figures after it ended (``passes``, ``buildings_scored`` …), whole numbers.
GameStatistics = Callable[[AnyGame], dict[str, int]]


def _no_invariants(state: Any) -> list[str]:
    return []


def _no_statistics(game: AnyGame) -> dict[str, int]:
    return {}


def _outcome_in_view(view: Any) -> Outcome | None:
    outcome = getattr(view, "outcome", None)
    return outcome if isinstance(outcome, Outcome) else None


def _no_roles(game: AnyGame) -> tuple[str | None, ...]:
    return ()


def _summed(per_game: Sequence[Mapping[str, int]]) -> dict[str, float]:
    return {}


def _per_game(summary: Mapping[str, float]) -> list[str]:
    return [
        f"per game:       {summary['average_actions']} actions, {summary['average_events']} events"
    ]


@dataclass(frozen=True)
class GameKit:
    rules: AnyRules
    #: The kinds of computer player by name; the first is the default of ``simulate``.
    bots: dict[str, BotFactory]
    #: The invariants broken by a state (none: an empty list), checked by ``simulate --check``.
    invariants: Callable[[Any], list[str]] = _no_invariants
    #: One ended game's statistics.
    game_statistics: GameStatistics = _no_statistics
    #: Many games' statistics summed up for ``simulate``'s summary.
    summary_statistics: Callable[[Sequence[Mapping[str, int]]], dict[str, float]] = _summed
    #: The summary's figures per game (``average_actions``, ``average_events`` and the summed
    #: statistics) in a few lines of words, for ``simulate``'s printed summary.
    statistics_lines: Callable[[Mapping[str, float]], list[str]] = _per_game
    #: Names a bot seat gets when the host names none, in order.
    bot_names: tuple[str, ...] = field(default=())
    #: Tells stored events as lines of a replay; None: one line per event, in the rules' words.
    narrate: Narrator | None = None
    #: The outcome an ended game's view shows (a client of the API has nothing else); the
    #: default reads a view's ``outcome`` field.
    outcome_of_view: Callable[[Any], Outcome | None] = _outcome_in_view
    #: Each seat's role in an ended game, for ``simulate``'s wins by role (hidden-role games);
    #: empty: the game has no roles.
    seat_roles: Callable[[AnyGame], tuple[str | None, ...]] = _no_roles
    #: What ``simulate``'s summary calls what ``seat_roles`` gives ("role", "division").
    role_name: str = "role"

    #: The kind of computer player that takes an absent player's seat on a clock (None: the
    #: ``heuristic`` kind if the game has one, else its first kind).
    stand_in: str | None = None
    #: The action among those offered that ends the seat's turn or phase, or declines (None:
    #: none is offered): what a bot's progress check falls back on.
    ending: Ending[Any] = no_ending
    #: The turn a game is in, from public facts only (a turn number), for the cap on the
    #: actions one bot seat records in one turn; None for a game without turns, whose turn is
    #: then a run of one seat's actions.
    turn_of: Callable[[AnyGame], Hashable] = _no_turns
    #: What the game list's progress figure (``GameSummary.pass_number``) counts, one of it in
    #: the game's own words ("pass", "turn"), for ``dodgecity games``; None: the game has none.
    progress_unit: str | None = None

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def stand_in_kind(self) -> str:
        """The kind of computer player that plays for an absent player: the one that plays to
        win where there is one, as Board Game Arena's zombie mode would want a bot to."""
        if self.stand_in is not None:
            return self.stand_in
        return "heuristic" if "heuristic" in self.bots else next(iter(self.bots))

    def tell(
        self, events: Sequence[DomainEvent], viewer: int | None, *, reveal_all: bool
    ) -> Iterator[str]:
        """A stored game's events as ``viewer`` may see them, a line each (``reveal_all``: as
        everyone may once the game has ended)."""
        if self.narrate is not None:
            yield from self.narrate(events, viewer, reveal_all=reveal_all)
            return
        rules = self.rules
        state = rules.new_state()
        settings = None
        for event in events:
            rules.evolve(state, event)
            if isinstance(event, rules.opening_event):
                settings = rules.opening(event).settings
            names = [seat.name for seat in rules.seats(state)]
            shown = rules.event_view(event, viewer, game_ended=reveal_all)
            yield f"{event.originator_version:4d}  {rules.describe(shown, names, settings)}"

    def progress_check(self) -> ProgressCheck[Any]:
        """A new bot's progress check, which knows what ends a turn of this game."""
        return ProgressCheck(self.ending)

    def bot(
        self, kind: str, seed: int | str | None, progress: ProgressCheck[Any] | None = None
    ) -> Bot:
        """A new computer player of ``kind``, reproducible from ``seed``, whose choices pass
        through ``progress`` (None: a new :meth:`progress_check`)."""
        try:
            factory = self.bots[kind]
        except KeyError:
            raise ValueError(
                f"unknown bot kind {kind!r} for {self.name}: use {', '.join(self.bots)}"
            ) from None
        return factory(seed, self.progress_check() if progress is None else progress)


@cache
def installed_kits() -> dict[str, GameKit]:
    """Every installed game's kit by ruleset name, made once per process."""
    kits: dict[str, GameKit] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        kit = point.load()
        kits[kit.name] = kit
    return kits


def register_kit(kit: GameKit) -> None:
    """Add a kit to this process's (a test's ruleset); one already there by that name must be
    this very kit."""
    kits = installed_kits()
    if kits.setdefault(kit.name, kit) is not kit:
        raise ValueError(f"a kit named {kit.name!r} is registered already")


def kit_for(rules: AnyRules | str) -> GameKit:
    """The kit of ``rules`` (a ruleset or its name)."""
    name = rules if isinstance(rules, str) else rules.name
    kits = installed_kits()
    try:
        return kits[name]
    except KeyError:
        raise UnknownRulesetError(name, kits) from None
