"""An event log in memory for projection tests: random games played with the real engine, their
commands interleaved into one global log the way concurrent players would store them.

``MemoryFeed`` implements the ``EventFeed`` the application provides over the real event store, and
``expected_*`` compute what each read model should hold independently of the projector, by folding
each game's events from scratch with the ruleset its first event names.
"""

from __future__ import annotations

import copy
import random
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from domain.aggregates.game import AnyGame, Game
from domain.dodgecity.ruleset import open_game
from domain.events.base import DomainEvent
from domain.registry import AnyRules, Registry, default_registry, topic_of
from domain.ruleset import GameStatus
from engine.kit import kit_for
from engine.players import RandomPlayer
from engine.simulation import play_game
from projections import read_models
from projections.dodgecity import read_models as dodgecity
from projections.feed import Notification
from projections.plugin import installed_read_models
from projections.read_models import GameSummary, LeaderboardRow, TeamRow

from tests.kernel.toy.rules import TOY

#: Each ruleset's own read models, which say how far its games have gone.
OWN_READ_MODELS = {own.ruleset: own for own in installed_read_models()}

#: Events recorded by one command, stored together.
Command = list[DomainEvent]

NAMES = ("ann", "bob", "cy", "dee", "eve", "fay", "gus")
CLOCK_START = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)

#: Every installed ruleset, and toy poker: a ruleset with no read models of its own.
RULESETS = Registry([*default_registry().rulesets(), *([TOY] if "toy" not in default_registry() else [])])


def play(game_id: UUID, *, names: Sequence[str], seed: str, actions: int | None = None) -> list[Command]:
    """A game of Dodge City's commands: create, join each name, then (if there are names enough)
    start and play random legal actions until the end, or until ``actions`` actions when given."""
    game = open_game(game_id, seed=seed, max_players=max(len(names), 2))
    commands = [game.collect_events()]
    for name in names:
        game.join(name)
        commands.append(game.collect_events())
    if len(names) < 2:
        return commands
    game.start()
    commands.append(game.collect_events())
    chooser = RandomPlayer(f"{seed}/players")
    order = random.Random(f"{seed}/order")
    done = 0
    while not game.is_over and (actions is None or done < actions):
        seat = order.choice(game.pending()).seat
        game.act(seat, chooser.choose(game, seat))
        commands.append(game.collect_events())
        done += 1
    return commands


def play_toy(game_id: UUID, *, names: Sequence[str], seed: str, actions: int | None = None) -> list[Command]:
    """A game of toy poker's commands, as :func:`play`: two seats; started once both are taken."""
    game: AnyGame = Game.create(game_id, TOY, seed=seed, seats=2)
    commands = [game.collect_events()]
    for name in names[:2]:
        game.join(name)
        commands.append(game.collect_events())
    if len(names) < 2:
        return commands
    game.start()
    commands.append(game.collect_events())
    chooser = random.Random(seed)
    done = 0
    while not game.is_over and (actions is None or done < actions):
        pending = game.pending()
        asked = [d for d in pending if TOY.simultaneous(d)] if TOY.simultaneous(pending[0]) else pending[:1]
        seat = chooser.choice(asked).seat
        game.act(seat, chooser.choice(game.legal_actions(seat)))
        commands.append(game.collect_events())
        done += 1
    return commands


def play_bang(game_id: UUID, *, players: int, seed: str) -> list[Command]:
    """A game of BANG!'s commands, played to its end by random players in seats ``bot0``…"""
    commands: list[Command] = []
    _game, result = play_game(kit_for("bang"), players, seed, game_id=game_id, log=lambda _command, events: commands.append(events))
    assert result.error is None, result.error
    return commands


def interleave(games: Sequence[list[Command]], seed: str) -> list[DomainEvent]:
    """One log holding every game's commands in order, games taking turns at random."""
    chooser = random.Random(seed)
    queues = [list(reversed(commands)) for commands in games]
    log: list[DomainEvent] = []
    while any(queues):
        queue = chooser.choice([q for q in queues if q])
        log.extend(queue.pop())
    return log


def recorded_at(position: int) -> str:
    return (CLOCK_START + timedelta(seconds=position)).isoformat()


def notifications(events: Iterable[DomainEvent], *, first_position: int = 1) -> list[Notification]:
    """The stored log: increasing positions with an occasional gap (as a rolled-back insert leaves
    in a real store), and a fixed clock."""
    log: list[Notification] = []
    position = first_position
    for index, event in enumerate(events):
        log.append(
            Notification(
                position=position,
                game_id=event.originator_id,
                version=event.originator_version,
                recorded_at=recorded_at(position),
                event=event,
            )
        )
        position += 3 if index % 97 == 96 else 1
    return log


def random_log(games: int, *, seed: str, toy_every: int = 0) -> list[Notification]:
    """``games`` games of 2 to 5 players: most complete, every fourth stopped midway, every fifth
    still in the lobby; names drawn from a small pool so the leaderboard adds up across games.
    With ``toy_every`` n, every n-th game is one of toy poker instead."""
    chooser = random.Random(seed)
    played = []
    for index in range(games):
        names = chooser.sample(NAMES, chooser.randint(2, 5))
        if index % 5 == 4:
            names = names[:1]  # created, one seat taken, never started
        actions = chooser.randint(20, 200) if index % 4 == 3 else None
        toy = toy_every and index % toy_every == toy_every - 1
        game = play_toy if toy else play
        if toy and actions is not None:
            actions = 1  # a hand of toy poker is a few actions long
        played.append(game(UUID(int=index + 1), names=names, seed=f"{seed}-{index}", actions=actions))
    return notifications(interleave(played, seed))


def rules_of(events: Sequence[DomainEvent]) -> AnyRules:
    return RULESETS.of_topic(topic_of(type(events[0])))


def fold(events: Sequence[DomainEvent]) -> Any:
    rules = rules_of(events)
    state = rules.new_state()
    for event in events:
        rules.evolve(state, event)
    return state


class MemoryFeed:
    """The ``EventFeed`` over a list; ``append`` stores more, as new commands would."""

    def __init__(self, log: Iterable[Notification] = ()) -> None:
        self._log: list[Notification] = []
        self._positions: list[int] = []
        self._events: dict[UUID, list[DomainEvent]] = {}
        # The latest state each game was folded to by ``state_at``: later versions continue from a
        # copy of it.
        self._folded: dict[UUID, tuple[int, Any]] = {}
        self.append(log)

    def append(self, log: Iterable[Notification]) -> None:
        for notification in log:
            if self._positions and notification.position <= self._positions[-1]:
                raise ValueError("positions must increase")
            self._log.append(notification)
            self._positions.append(notification.position)
            events = self._events.setdefault(notification.game_id, [])
            if notification.version != len(events) + 1:
                raise ValueError("a game's versions must follow each other")
            events.append(notification.event)

    @property
    def log(self) -> list[Notification]:
        return list(self._log)

    def game_ids(self) -> list[UUID]:
        return list(self._events)

    def events_of(self, game_id: UUID) -> list[DomainEvent]:
        return list(self._events[game_id])

    def notifications_after(self, position: int, limit: int) -> list[Notification]:
        start = bisect_right(self._positions, position)
        return self._log[start : start + limit]

    def state_at(self, game_id: UUID, version: int) -> Any:
        events = self._events[game_id]
        if not 1 <= version <= len(events):
            raise LookupError(f"game {game_id} has no version {version}")
        rules = rules_of(events)
        since, state = self._folded.get(game_id, (0, rules.new_state()))
        if since > version:
            since, state = 0, rules.new_state()
        state = copy.deepcopy(state)
        for event in events[since:version]:
            rules.evolve(state, event)
        self._folded[game_id] = (version, state)
        # Handed out as kept, as a caching feed might: a projector that folded it further in place
        # would corrupt every later answer, and the tests comparing with a fresh fold would fail.
        return state


# -- what the read models should hold -------------------------------------------------------


def _first_and_last(feed: MemoryFeed, game_id: UUID) -> tuple[Notification, Notification]:
    mine = [n for n in feed.log if n.game_id == game_id]
    return mine[0], mine[-1]


def is_dodgecity(feed: MemoryFeed, game_id: UUID) -> bool:
    return rules_of(feed.events_of(game_id)).name == "dodgecity"


def expected_board(feed: MemoryFeed, game_id: UUID) -> dodgecity.Board | None:
    """Dodge City's board, None for a game of another ruleset."""
    if not is_dodgecity(feed, game_id):
        return None
    return dodgecity.board(game_id, fold(feed.events_of(game_id)))


def expected_scores(feed: MemoryFeed, game_id: UUID) -> dodgecity.Scores | None:
    if not is_dodgecity(feed, game_id):
        return None
    return dodgecity.scores(game_id, fold(feed.events_of(game_id)))


def expected_summary(feed: MemoryFeed, game_id: UUID) -> GameSummary:
    first, last = _first_and_last(feed, game_id)
    events = feed.events_of(game_id)
    rules, state = rules_of(events), fold(events)
    return read_models.game_summary(
        game_id,
        rules,
        state,
        seats=rules.opening(events[0]).seats,
        pass_number=own.progress(state) if (own := OWN_READ_MODELS.get(rules.name)) else 0,
        version=last.version,
        created_at=first.recorded_at,
        updated_at=last.recorded_at,
    )


def expected_leaderboard(feed: MemoryFeed, ruleset: str | None = None) -> list[LeaderboardRow]:
    """Every ended game's seats summed by name, best first, counted from each game's outcome:
    the games of ``ruleset``, or of every ruleset."""
    totals: dict[str, LeaderboardRow] = {}
    for game_id in feed.game_ids():
        events = feed.events_of(game_id)
        rules, state = rules_of(events), fold(events)
        outcome = rules.outcome(state)
        if rules.status(state) is not GameStatus.ENDED or outcome is None:
            continue
        if ruleset is not None and rules.name != ruleset:
            continue
        names = [seat.name for seat in rules.seats(state)]
        for result in outcome.results:
            name = names[result.seat]
            seen = totals.get(name, LeaderboardRow(name=name, played=0, won=0, points=0))
            totals[name] = LeaderboardRow(
                name=name,
                played=seen.played + 1,
                won=seen.won + result.won,
                points=seen.points + (result.score or 0),
            )
    return sorted(totals.values(), key=lambda row: (-row.won, -row.points, row.name))


def expected_team_leaderboard(feed: MemoryFeed, ruleset: str | None = None) -> list[TeamRow]:
    """Every ended game's teams, each counted once per game it had a seat in and won when a seat
    of it won, from each game's outcome: of ``ruleset``, or of every ruleset; best first."""
    totals: dict[tuple[str, str], TeamRow] = {}
    for game_id in feed.game_ids():
        events = feed.events_of(game_id)
        rules, state = rules_of(events), fold(events)
        outcome = rules.outcome(state)
        if rules.status(state) is not GameStatus.ENDED or outcome is None:
            continue
        if ruleset is not None and rules.name != ruleset:
            continue
        teams = {result.team for result in outcome.results if result.team is not None}
        for team in teams:
            won = any(result.won for result in outcome.results if result.team == team)
            seen = totals.get((rules.name, team), TeamRow(ruleset=rules.name, team=team, played=0, won=0))
            totals[rules.name, team] = TeamRow(ruleset=rules.name, team=team, played=seen.played + 1, won=seen.won + won)
    return sorted(totals.values(), key=lambda row: (-row.won, row.played, row.ruleset, row.team))
