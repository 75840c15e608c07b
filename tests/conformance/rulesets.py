"""Every ruleset the conformance suite runs over, with what the suite needs to know of each: its
RULES.md (every refusal names an id there), the seat counts to play, the invariants that hold after
every step, and how to make a twin of a running game that differs only in one seat's secrets.

A twin is the same recorded history with what one seat alone, or nobody, may see exchanged for
something else it could have been, consistently in every event: folded into a fresh game it is a
game that seat's opponents cannot tell from the first one. ``twin`` answers None when nothing in
the history can be exchanged so.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import msgspec
from domain.bang.ruleset import BANG
from domain.dodgecity.catalog import Card, deck
from domain.dodgecity.ruleset import DODGECITY
from domain.dogeatdog.ruleset import DOGEATDOG
from domain.events.bang import BangCardsDrawn, BangGameOpened, BangPileShuffled
from domain.events.base import DomainEvent
from domain.events.dodgecity import (
    CardsDealt,
    CardsDiscarded,
    CardsDrawn,
    DrawPileShuffled,
    DuelCardCommitted,
    GameCreated,
    StartCardCommitted,
)
from domain.registry import AnyRules
from engine.bang.invariants import violations as bang_violations
from engine.dodgecity.invariants import violations as dodgecity_violations
from engine.dogeatdog.invariants import violations as dogeatdog_violations

from tests.conformance import dogeatdog
from tests.kernel.toy import invariants as toy_invariants
from tests.kernel.toy.actions import ToyCommit, ToyPropose
from tests.kernel.toy.events import ToyCardDealt, ToyCardSetAside, ToyChoiceCommitted, ToyChoicesRevealed, ToyGameOpened
from tests.kernel.toy.rules import TOY

ROOT = Path(__file__).parents[2]
RULE_ID = re.compile(r"\[([A-Z]+(?:-[A-Z0-9]+)*)\]")

Twin = Callable[[Sequence[DomainEvent], int], list[DomainEvent] | None]


def _ready_at_once(game: Any) -> tuple[int, Any] | None:
    return None


@dataclass(frozen=True)
class OfferScenario:
    """How the suite reaches the offers of a ruleset that makes them (docs/OFFERS.md)."""

    #: ``propose(game, note)``: from a game where a seat may make an offer (``ready`` says
    #: none is needed first), that seat, and an offer with ``note`` it may make. It acts not.
    propose: Callable[[Any, str], tuple[int, Any]]
    #: ``lapse(game)``: with one offer open, do what the ruleset says makes it lapse.
    lapse: Callable[[Any], None]
    #: Whether seats other than its two, and spectators, see an open offer.
    public: bool
    #: ``ready(game)``: from a game just started (``playouts.new_game``), the next action and
    #: its seat to send before any seat may make an offer, or None once one may. Sent one at a
    #: time, so a game served by the engine stores each as a command of its own.
    ready: Callable[[Any], tuple[int, Any] | None] = _ready_at_once


@dataclass(frozen=True)
class RulesetUnderTest:
    id: str
    rules: AnyRules
    rules_md: Path
    seat_counts: tuple[int, ...]
    #: The broken invariants of a state (empty when all hold).
    invariants: Callable[[Any], list[str]]
    #: ``twin(events, seat)``: ``events`` (a running game's, from its first) with ``seat``'s
    #: secrets and everyone's exchanged, or None when there is nothing to exchange.
    twin: Twin
    #: The seeds of the random games played for each seat count.
    seeds: tuple[str, ...]
    #: How to reach its offers, for a ruleset that makes them; None for one that makes none.
    offers: OfferScenario | None = None
    #: How much of a running game the twin tests compare: all of it, or, for a game whose
    #: every round shows what the first ones do, its first rounds (their cost grows with it).
    horizon: Callable[[Sequence[DomainEvent]], list[DomainEvent]] = list
    #: Whether a seat's twin may exchange only what nobody sees before the end (a deck's order)
    #: where the seat holds no secret of its own: such a twin looks alike to that seat too.
    twins_of_nobodys_secrets: bool = False

    def rule_ids(self) -> frozenset[str]:
        """The ids a refusal may name: the ruleset's and the kernel's."""
        return _rule_ids(self.rules_md) | KERNEL_RULE_IDS

    def __str__(self) -> str:
        return self.id


@cache
def _rule_ids(path: Path) -> frozenset[str]:
    return frozenset(RULE_ID.findall(path.read_text(encoding="utf-8")))


#: The kernel's rule ids a ruleset's refusal may name: those of offers, whose guards every ruleset
#: that makes offers calls (``domain/offers.py``).
KERNEL_RULE_IDS = _rule_ids(ROOT / "docs" / "OFFERS.md")


# -- Dodge City ---------------------------------------------------------------------------------

#: Events whose cards only their ``seat`` may see before the end ([SEE-PRIVATE]).
_PRIVATE_TO_SEAT = (CardsDealt, CardsDrawn, CardsDiscarded, StartCardCommitted, DuelCardCommitted)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def _exchanged(value: Any, exchange: dict[str, str]) -> Any:
    if isinstance(value, str):
        return exchange.get(value, value)
    if isinstance(value, tuple):
        return tuple(_exchanged(item, exchange) for item in value)
    return value


def dodgecity_twin(events: Sequence[DomainEvent], seat: int) -> list[DomainEvent] | None:
    """Exchange cards only ``seat`` has seen for cards of the same kind nobody has seen, from a
    shuffle of the draw pile on, in every event; and give the game another secret seed.

    A shuffle's order is secret ([SEE-SECRET]): two cards it took in may have changed places in
    it, whatever was known of them before. From there on, a card of ``seat``'s may have been
    dealt or drawn into his hand, committed or discarded face down, but never shown; the card it
    is exchanged with stayed in the draw pile. The latest shuffle that allows an exchange is
    taken, the longer ago the fewer cards stayed hidden since."""
    opened = events[0]
    assert isinstance(opened, GameCreated)
    cards = deck(opened.variants.deck)
    shuffles = [i for i, event in enumerate(events) if isinstance(event, DrawPileShuffled)]
    for start in reversed(shuffles):
        exchange = _exchange(events[start:], seat, cards)
        if exchange:
            return [_reseeded(event) for event in events[:start]] + [_with_cards_exchanged(event, exchange) for event in events[start:]]
    return None


def _exchange(events: Sequence[DomainEvent], seat: int, cards: dict[str, Card]) -> dict[str, str]:
    """Pairs of cards (both ways) that ``events``, from a shuffle on, let change places: both
    were in the shuffled pile (a card in a hand already keeps its place)."""
    shuffle = events[0]
    assert isinstance(shuffle, DrawPileShuffled)
    seen_by: dict[str, set[str]] = {card: set() for card in shuffle.order}
    for event in events:
        private = isinstance(event, _PRIVATE_TO_SEAT) and event.seat == seat
        audience = "nobody" if isinstance(event, DrawPileShuffled) else "seat" if private else "others"
        for text in _strings(msgspec.to_builtins(event)):
            if text in seen_by:
                seen_by[text].add(audience)
    own = [card for card, seen in seen_by.items() if "seat" in seen and seen <= {"seat", "nobody"}]
    unseen = [card for card, seen in seen_by.items() if seen == {"nobody"}]
    exchange: dict[str, str] = {}
    for card in own:
        spare = next((c for c in unseen if cards[c].kind is cards[card].kind and c not in exchange), None)
        if spare is not None:
            exchange |= {card: spare, spare: card}
    return exchange


def _reseeded(event: DomainEvent) -> DomainEvent:
    if isinstance(event, GameCreated):
        return msgspec.structs.replace(event, seed=f"{event.seed} and another")
    return event


def _with_cards_exchanged(event: DomainEvent, exchange: dict[str, str]) -> DomainEvent:
    fields = {name: _exchanged(getattr(event, name), exchange) for name in event.__struct_fields__}
    return msgspec.structs.replace(event, **fields)


# -- BANG! – Dodge City --------------------------------------------------------------------------


def bang_twin(events: Sequence[DomainEvent], seat: int) -> list[DomainEvent] | None:
    """Exchange cards only ``seat`` has seen (drawn into his hand, never shown since) for cards
    nobody has seen (still in the draw pile where the latest shuffle put them), in every event
    from that shuffle on; and give the game another secret seed.

    A shuffle's order is secret ([HIDDEN-DRAW-PILE]), and what a seat draws only it sees
    ([HIDDEN-DRAWN-CARDS]): from the shuffle on, either card could have been where the other
    was. A card taken at random from a hand is seen by both players concerned
    ([HIDDEN-RANDOM-HAND-CARD]), so it is not ``seat``'s alone."""
    shuffles = [i for i, event in enumerate(events) if isinstance(event, BangPileShuffled)]
    for start in reversed(shuffles):
        exchange = _bang_exchange(events[start:], seat)
        if exchange:
            return [_bang_reseeded(event) for event in events[:start]] + [
                _with_cards_exchanged(event, exchange) for event in events[start:]
            ]
    return None


def _bang_exchange(events: Sequence[DomainEvent], seat: int) -> dict[str, str]:
    shuffle = events[0]
    assert isinstance(shuffle, BangPileShuffled)
    seen_by: dict[str, set[str]] = {card: set() for card in shuffle.cards}
    for event in events:
        private = isinstance(event, BangCardsDrawn) and event.seat == seat
        audience = "nobody" if isinstance(event, BangPileShuffled) else "seat" if private else "others"
        for text in _strings(msgspec.to_builtins(event)):
            if text in seen_by:
                seen_by[text].add(audience)
    own = [card for card, seen in seen_by.items() if "seat" in seen and seen <= {"seat", "nobody"}]
    unseen = [card for card, seen in seen_by.items() if seen == {"nobody"}]
    return {card: spare for pair in zip(own, unseen, strict=False) for card, spare in (pair, pair[::-1])}


def _bang_reseeded(event: DomainEvent) -> DomainEvent:
    if isinstance(event, BangGameOpened):
        return msgspec.structs.replace(event, seed=f"{event.seed} and another")
    return event


# -- the toy ------------------------------------------------------------------------------------


def toy_twin(events: Sequence[DomainEvent], seat: int) -> list[DomainEvent] | None:
    """Exchange ``seat``'s card with the card set aside, turn its choice the other way while it
    is not revealed, and give the game another seed."""
    dealt = next((e.card for e in events if isinstance(e, ToyCardDealt) and e.seat == seat), None)
    aside = next((e.card for e in events if isinstance(e, ToyCardSetAside)), None)
    if dealt is None or aside is None:
        return None
    revealed = any(isinstance(e, ToyChoicesRevealed) for e in events)

    def changed(event: DomainEvent) -> DomainEvent:
        match event:
            case ToyGameOpened():
                return msgspec.structs.replace(event, seed=f"{event.seed} and another")
            case ToyCardDealt() if event.seat == seat:
                return msgspec.structs.replace(event, card=aside)
            case ToyCardSetAside():
                return msgspec.structs.replace(event, card=dealt)
            case ToyChoiceCommitted() if event.seat == seat and not revealed:
                return msgspec.structs.replace(event, choice="check" if event.choice == "bet" else "bet")
        return event

    return [changed(event) for event in events]


def toy_proposal(game: Any, note: str) -> tuple[int, Any]:
    """Seat 0, asked to commit at the start, offers a chip for nothing ([TOY-OFFER])."""
    return 0, ToyPropose(gives=1, asks=0, note=note)


def toy_lapse(game: Any) -> None:
    """The recipient commits: its offer lapses unanswered ([TOY-LAPSE])."""
    [offer] = game.open_offers()
    game.act(offer.recipient, ToyCommit(choice="check"))


TOY_OFFERS = OfferScenario(propose=toy_proposal, lapse=toy_lapse, public=True)

RULESETS: tuple[RulesetUnderTest, ...] = (
    RulesetUnderTest(
        id="dodgecity",
        rules=DODGECITY,
        rules_md=ROOT / "docs" / "RULES.md",
        seat_counts=(2, 3, 4, 5),
        invariants=dodgecity_violations,
        twin=dodgecity_twin,
        seeds=("a", "b", "c"),
    ),
    RulesetUnderTest(
        id="bang",
        rules=BANG,
        rules_md=ROOT / "docs" / "bang" / "RULES.md",
        seat_counts=(3, 4, 5, 6, 7),
        invariants=bang_violations,
        twin=bang_twin,
        seeds=("a", "b", "c"),
    ),
    RulesetUnderTest(
        id="dogeatdog",
        rules=DOGEATDOG,
        rules_md=ROOT / "docs" / "dogeatdog" / "RULES.md",
        seat_counts=(3, 4, 5, 6),
        invariants=dogeatdog_violations,
        twin=dogeatdog.secrets_twin,
        seeds=("a", "b"),
        # Trades are public ([SEE-PUBLIC]).
        offers=OfferScenario(propose=dogeatdog.trade_proposal, lapse=dogeatdog.trade_lapse, public=True, ready=dogeatdog.before_a_window),
        horizon=dogeatdog.first_rounds,
        twins_of_nobodys_secrets=True,  # few seats embezzle in the first rounds
    ),
    RulesetUnderTest(
        id="toy",
        rules=TOY,
        rules_md=ROOT / "tests" / "kernel" / "toy" / "RULES.md",
        seat_counts=(2,),
        invariants=toy_invariants.violations,
        twin=toy_twin,
        seeds=tuple("abcdefghijkl"),  # a game is a handful of steps: enough seeds to meet every ending
        offers=TOY_OFFERS,
    ),
)
