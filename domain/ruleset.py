"""The interface every game's rules implement, in the vocabulary of game engines (OpenSpiel's
``State`` where it fits): whose decisions are awaited, the legal actions of a seat, acting,
applying an event, terminal or not, the outcome, and what one seat may see.

A ``Rules`` object is pure: no I/O, no clock, no global randomness. It decides (``open``,
``seat``, ``start``, ``act`` record events through a :class:`~domain.context.Context`, or refuse
with a :class:`~domain.errors.RuleViolation` naming the rule) and it evolves (``evolve`` applies
one event and never validates, never fails, so every stored game replays). The generic
:class:`~domain.aggregates.game.Game` drives it; the engine stores what it records. A command
that ends the game may raise :class:`~domain.context.GameOver` after recording the end, to
unwind; the aggregate keeps what was recorded.

Everything a seat is shown (views, events, decisions, actions) is a msgspec struct, so it
encodes to JSON as it is. Invariants hold between commands, not after every event: a state in
the middle of a command (a replay at any version may show one) can be half-built.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any, Protocol, TypeVar, runtime_checkable

import msgspec

from domain.context import Context
from domain.events.base import DomainEvent
from domain.offers import Offer

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
SettingsT = TypeVar("SettingsT")
DecisionT = TypeVar("DecisionT")
#: A state an :class:`OfferRules` only reads.
StateT_contra = TypeVar("StateT_contra", contravariant=True)


class GameStatus(StrEnum):
    LOBBY = "lobby"  # seats are being taken
    RUNNING = "running"
    ENDED = "ended"
    ABANDONED = "abandoned"  # closed by the kernel before it started ([TABLE-ABANDONED])


class Decision(Protocol):
    """A decision the game waits for: which seat, and of what kind (the ruleset's own words)."""

    @property
    def seat(self) -> int: ...

    @property
    def kind(self) -> str: ...


class SeatInfo(msgspec.Struct, frozen=True, kw_only=True):
    """What the engine needs of a seat whatever the game: its name, and the kind of computer
    player that plays it (None for a person)."""

    name: str
    bot: str | None = None


class SeatResult(msgspec.Struct, frozen=True, kw_only=True):
    """How one seat finished. ``rank`` 1 is first, equal for a tie; ``team`` names the side a
    seat played on in team games; ``eliminated`` seats left the game before its end."""

    seat: int
    won: bool
    rank: int
    score: int | None = None
    team: str | None = None
    eliminated: bool = False


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    """The result of an ended game: its winners, why it ended, and every seat's result."""

    winners: tuple[int, ...]
    reason: str | None
    results: tuple[SeatResult, ...]


class Opening(msgspec.Struct, frozen=True, kw_only=True):
    """What a game's first event says of it: enough to open the same game again (an audit
    re-runs every command, the opening first) and to tell which rules it was played by."""

    seats: int
    settings: Any
    seed: str
    rules_version: str


class Rules(Protocol[StateT, ActionT, SettingsT, DecisionT]):
    """One game's rules. ``StateT`` is its mutable state, ``ActionT`` its action type (a tagged
    msgspec union), ``SettingsT`` its settings (variants, options) chosen when a game opens,
    ``DecisionT`` what it says a seat is asked (with a ``seat`` and a ``kind``)."""

    #: The registry key, and the ``ruleset`` clients name: lower case, stable forever.
    name: str
    title: str
    #: The version of the game's rules that new games are played by (``rules_versions[-1]``);
    #: recorded in every game's first event.
    rules_version: str
    #: Every version of the rules the ruleset can still play, oldest first: a game recorded
    #: under an older one goes on, replays and verifies by the reading it was played with.
    rules_versions: tuple[str, ...]
    min_seats: int
    max_seats: int
    #: Prefixed to every stored event topic, so one registry maps a topic to one game. Empty
    #: only for the first game, whose bare topics stored games pin.
    topic_prefix: str
    #: Its settings; ``settings_type()`` are the defaults. ``open`` checks their bounds again:
    #: msgspec checks a struct's constraints only when it decodes one.
    settings_type: type[SettingsT]
    #: Every event class the game records, each registered once.
    event_types: tuple[type[DomainEvent], ...]
    #: The union of the game's action classes, decoded by their ``kind`` tag.
    action_type: Any
    #: The class of every game's first event: its topic tells a stored game's ruleset.
    opening_event: type[DomainEvent]
    #: The class of what :meth:`view` answers (a client decodes a served view with it). A view
    #: has at least ``game_id``, ``version``, ``viewer`` and ``status`` (a GameStatus value).
    view_type: type[Any]

    # -- setting up ------------------------------------------------------------------------

    def new_state(self) -> StateT:
        """The state before the first event."""
        ...

    def seed_of(self, state: StateT) -> str:
        """The seed every command's random source derives from (recorded at opening)."""
        ...

    def settings_of(self, state: StateT) -> SettingsT:
        """The settings the game was opened with (recorded at opening)."""
        ...

    def open(
        self,
        ctx: Context[StateT],
        *,
        seats: int,
        settings: SettingsT,
        seed: str,
        rules_version: str,
    ) -> None:
        """Record the game's first event: how many seats, the settings, and ``rules_version``
        (one of ``rules_versions``), by which the game is played from then on."""
        ...

    def opening(self, event: DomainEvent) -> Opening:
        """What the first event ``event`` recorded (see :meth:`open`)."""
        ...

    def seat(self, ctx: Context[StateT], name: str, attributes: Any, bot: str | None) -> int:
        """Record a player taking the next seat; ``attributes`` are the game's own (a colour,
        say). Returns the seat."""
        ...

    def start(self, ctx: Context[StateT]) -> None:
        """Record the start: deal, draw lots, and go on until the first decision."""
        ...

    # -- playing ---------------------------------------------------------------------------

    def pending(self, state: StateT) -> list[DecisionT]:
        """The decisions awaited, in the order they are asked. Simultaneous decisions may be
        made in any order; any other decision is asked only of the first seat listed, and the
        rest wait their turn (reactions around the table)."""
        ...

    def simultaneous(self, decision: DecisionT) -> bool:
        """Whether ``decision`` is made at once with the others awaited, independently."""
        ...

    def legal_actions(
        self, state: StateT, seat: int, pending: Sequence[DecisionT]
    ) -> list[ActionT]:
        """Every move ``seat`` may make now, once each in one spelling, ready to send back as it
        is. ``pending`` is ``pending(state)``, passed so it is worked out once."""
        ...

    def is_legal(
        self, state: StateT, seat: int, action: ActionT, pending: Sequence[DecisionT]
    ) -> bool:
        """Whether ``act`` would accept ``action``: every listed action, and any other spelling
        of a listed move the rules accept (say, a stone placed with its building's figure named),
        and, in a game that makes offers, a proposer's withdrawal of his open offer, which is
        never listed (nobody is asked to withdraw, docs/OFFERS.md)."""
        ...

    def act(
        self, ctx: Context[StateT], seat: int, action: ActionT, pending: Sequence[DecisionT]
    ) -> None:
        """Perform ``action`` for ``seat``, or refuse it with a RuleViolation, recording nothing."""
        ...

    def default_action(self, state: StateT, seat: int, pending: Sequence[DecisionT]) -> ActionT:
        """The decision the rules take in ``seat``'s place when its time runs out (the clock,
        ``domain/table.py``): one of ``legal_actions(state, seat, pending)``, asked only while
        ``seat`` is asked (see :func:`domain.table.asked`).

        Chosen on public grounds only: which default is taken (its kind, its target) never
        depends on what the seat holds unseen, so a timeout tells nobody anything a decision
        the seat chose would not have told. Where the default must name some of the seat's own
        cards (a commitment, a forced discard), it draws them by the game's secret seed, never by
        a fixed order (which would tell that no earlier card was held), and shows them only as a
        chosen action would; the draw is the same whenever the rules are run again, so ``verify``
        finds the same default."""
        ...

    def evolve(self, state: StateT, event: DomainEvent) -> object:
        """Apply one recorded event to ``state`` in place (anything returned is ignored). Never
        validates, never fails, never draws at random."""
        ...

    # -- reading ---------------------------------------------------------------------------

    def status(self, state: StateT) -> GameStatus: ...

    def seats(self, state: StateT) -> Sequence[SeatInfo]:
        """Every seat taken so far, in seat order."""
        ...

    def eliminated(self, state: StateT) -> frozenset[int]:
        """Seats out of the game before its end (they are asked nothing more)."""
        ...

    def outcome(self, state: StateT) -> Outcome | None:
        """The result once the game has ended, else None."""
        ...

    def view(
        self,
        state: StateT,
        version: int,
        viewer: int | None,
        *,
        reveal_all: bool = False,
        awaiting: Sequence[DecisionT] | None = None,
    ) -> Any:
        """The game as ``viewer`` (a seat, or None for a spectator) may see it; ``reveal_all``
        shows everything (an ended game's earlier steps); ``awaiting`` are the pending
        decisions when the caller knows them already."""
        ...

    def event_view(
        self, event: DomainEvent, viewer: int | None, *, game_ended: bool
    ) -> DomainEvent:
        """``event`` as ``viewer`` may see it: hidden values blanked, never the event dropped.
        It is judged alone: what a later event reveals stays blanked here until the game ends."""
        ...

    def tolerates_stale(self, state: StateT, seat: int, since: Sequence[DomainEvent]) -> bool:
        """Whether ``seat`` may still act on a version older than the latest by the events
        ``since`` (never empty; ``state`` is the latest): only when they changed nothing it may
        do and nothing it may see (other seats' hidden commitments to a simultaneous decision
        ``seat`` is still making)."""
        ...

    def describe(self, event: DomainEvent, names: Sequence[str], settings: SettingsT) -> str:
        """One English sentence telling ``event`` (already redacted for its reader); ``names``
        are the seats' names so far and ``settings`` the game's. Nothing else of the game is
        given, so the words can tell nothing the redacted event does not."""
        ...


@runtime_checkable
class OfferRules(Protocol[StateT_contra]):
    """The optional part of :class:`Rules` for a game whose seats make offers to each other
    (``domain/offers.py``, docs/OFFERS.md). A ruleset without ``offers`` makes none.

    The ruleset lists its open offers; while one is open, ``pending`` lists its recipient's
    decision of kind :data:`domain.offers.ANSWER` (he is asked, on the clock like any decision,
    and ``default_action`` rejects); its action union holds the kernel's
    :class:`~domain.offers.AnswerOffer` and :class:`~domain.offers.WithdrawOffer`, judged by
    :func:`domain.offers.refusal` and never listed for withdrawal; its own proposal action checks
    the note with :func:`domain.offers.check_note`; and its views show each offer to whom the
    game's rules say (at least its two seats)."""

    def offers(self, state: StateT_contra) -> Sequence[Offer[Any]]:
        """The offers open now, oldest first."""
        ...
