"""Computer players of any game, the seats the host gives them, and what keeps every one of them
moving: a progress check in each player, and a cap on the actions one seat records in a turn.

A bot decides from what its seat may see (see :class:`engine.kit.Bot`); each game's kinds of
bot are in its kit. The uniform random player plays every game.

Every legal step can still lead nowhere: a player holding two cards that each draw the other back
from a nearly empty pile can play them in turn for ever, every step changing nothing. So
every bot keeps a :class:`ProgressCheck`: it never chooses again, from a state it has acted from
already in this turn, the action it chose there, and it takes the action that ends its turn (or
phase, or declines) once it has gone :data:`PATIENCE` decisions in a row without. The server and
simulations also count each seat's actions in a turn (:class:`TurnCount`) and, past a cap, take
the rules' default decision instead: a bot with no check of its own still ends its turn.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import msgspec

from domain.aggregates.game import AnyGame

A = TypeVar("A")

#: Decisions in a row that took no action ending a turn (or phase, or declining), after which a
#: bot ends it as soon as it may. The longest turns of simulated games are about 30 actions.
PATIENCE = 100
#: States remembered at most before a check forgets them (each view holds its turn, so a state
#: never repeats across turns; the memory is cleared whenever the bot ends one anyway).
REMEMBERED = 4096

#: The action among those offered that ends the seat's turn or phase, or declines; None: none.
Ending = Callable[[Sequence[A]], A | None]


def no_ending(actions: Sequence[A]) -> A | None:
    """For a player that knows no game: it can tell no action that ends a turn."""
    return None


def view_digest(view: Any) -> bytes:
    """What a seat sees, as a short digest: its whole view but the version, which grows with
    every event and so would never let a repeated state look the same."""
    if isinstance(view, msgspec.Struct) and "version" in view.__struct_fields__:
        view = msgspec.structs.replace(view, version=0)
    return hashlib.blake2b(msgspec.msgpack.encode(view), digest_size=16).digest()


class ProgressCheck(Generic[A]):
    """A bot's memory of its current turn, which steers it out of cycles that change nothing.

    :meth:`steer` takes the action the bot chose and returns the one to play: the same, unless
    the bot chose it before from this very state (``state``, a :func:`view_digest`) — then the
    action that ends the turn if that was not tried from here, else the first offered action not
    tried from here — or unless the bot has made :data:`PATIENCE` decisions in a row without
    ending a turn or phase: then it ends one as soon as it may. It looks only at what the
    bot was shown and chose, so a bot stays reproducible from its seed: the same game and the
    same choices steer the same way."""

    __slots__ = ("_ending", "_passed_up", "_patience", "_tried")

    def __init__(self, ending: Ending[A] = no_ending, *, patience: int = PATIENCE) -> None:
        self._ending = ending
        self._patience = patience
        self._tried: set[tuple[bytes, A]] = set()
        self._passed_up = 0

    def steer(self, choice: A, actions: Sequence[A], state: bytes | None = None) -> A:
        """The action to play for ``choice`` among ``actions``; ``state`` None for a bot that
        reads no view (only its patience applies). Cheap when nothing is steered: one look at
        the choice, and a set lookup for a bot that gives its state."""
        chosen = choice
        if self._passed_up >= self._patience:
            chosen = self._ending(actions) or choice
        elif state is not None and (state, choice) in self._tried:
            chosen = self._untried(state, actions, self._ending(actions), choice)
        if self._ending((chosen,)) is not None:
            self._tried.clear()  # a new turn or phase: nothing of this one can come back
            self._passed_up = 0
            return chosen
        self._passed_up += 1
        if state is not None:
            if len(self._tried) >= REMEMBERED:
                self._tried.clear()
            self._tried.add((state, chosen))
        return chosen

    def _untried(self, state: bytes, actions: Sequence[A], ending: A | None, choice: A) -> A:
        candidates = actions if ending is None else [ending, *actions]
        return next(
            (action for action in candidates if (state, action) not in self._tried),
            choice if ending is None else ending,
        )


class RandomPlayer:
    """Uniform over the seat's legal actions; reproducible from its seed. It reads no view, so
    only the patience of its :class:`ProgressCheck` applies (given by its game's kit)."""

    def __init__(
        self, seed: int | str | None = None, progress: ProgressCheck[Any] | None = None
    ) -> None:
        self._random = random.Random(seed)
        self._progress: ProgressCheck[Any] = ProgressCheck() if progress is None else progress

    def decide(self, view: Any, actions: Sequence[A]) -> A:
        choice = actions[self._random.randrange(len(actions))]
        chosen: A = self._progress.steer(choice, actions)
        return chosen

    def choose(self, game: AnyGame, seat: int) -> Any:
        # The view would not change a uniform choice.
        actions = game.legal_actions(seat)
        return self._progress.steer(actions[self._random.randrange(len(actions))], actions)


#: The actions one bot seat may record in one turn before the rules' default decision plays the
#: rest of it, on the server and in simulations; a real turn takes about 30 at most.
TURN_CAP = 200


class TurnCount:
    """How many actions one seat has recorded in the turn being played, from public facts only:
    the turn (a kit's ``turn_of``, None for a game without turns) and the game's version. In a
    game without turns, a turn is a run of the seat's actions with nobody else's between."""

    __slots__ = ("count", "turn", "version")

    def __init__(self) -> None:
        self.turn: Hashable = None
        self.count = 0
        self.version = -1  # the game's version after the seat's last action

    def before(self, turn: Hashable, version: int) -> int:
        """The seat's actions so far in ``turn``, the game being at ``version``."""
        if turn != self.turn or (turn is None and version != self.version):
            self.turn = turn
            self.count = 0
        return self.count

    def recorded(self, version: int) -> None:
        """The seat recorded an action; the game is now at ``version``."""
        self.count += 1
        self.version = version


@dataclass(frozen=True)
class BotSeat:
    """A seat the host gives to a computer player of ``kind`` (one of its game's kit); the
    name defaults to one of the kit's bot names nobody at the table has; ``attributes`` are
    the ruleset's seat attributes (a colour; None: the ruleset's default)."""

    kind: str = "heuristic"
    name: str | None = None
    attributes: Any = None


def bot_name(names: Sequence[str], taken: Iterable[str]) -> str:
    """The first of ``names`` not in ``taken``, else a numbered one."""
    used = set(taken)
    free = (name for name in names if name not in used)
    return next(free, f"Bot {len(used) + 1}")
