"""Random games of any ruleset, played through the kernel's ``Game`` to their end, with what the
conformance tests read afterwards: every event, copies of the state at a few versions, and what
went wrong at any step (a broken invariant, a breach of the ``pending`` contract).

A playout is made once per ruleset, seat count and seed, and shared by the tests that only read it.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from domain.aggregates.game import AnyGame, Game
from domain.events.base import DomainEvent
from domain.offers import ANSWER, WithdrawOffer
from domain.ruleset import GameStatus, OfferRules

from tests.conformance.rulesets import RulesetUnderTest

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus")
MAX_STEPS = 20_000


@dataclass
class Playout:
    game: AnyGame
    events: list[DomainEvent] = field(default_factory=list)
    #: A copy of the state after some commands (the 1st, 2nd, 4th, 8th …), by version.
    snapshots: dict[int, Any] = field(default_factory=dict)
    #: The version right after the start: the deal is recorded, nothing is played yet.
    started_at: int = 0
    #: The version after each command since the start: where invariants hold.
    boundaries: list[int] = field(default_factory=list)
    #: "version N: what broke", for every step that broke an invariant of the ruleset.
    broken: list[str] = field(default_factory=list)
    #: "version N: how", for every step whose pending decisions broke the protocol's contract.
    breaches: list[str] = field(default_factory=list)


def game_id(entry: RulesetUnderTest, seats: int, seed: str) -> UUID:
    return uuid5(NAMESPACE_URL, f"conformance/{entry.id}/{seats}/{seed}")


def new_game(entry: RulesetUnderTest, seats: int, seed: str) -> AnyGame:
    """A game of ``seats`` seats, every seat taken, started."""
    game: AnyGame = Game.create(game_id(entry, seats, seed), entry.rules, seed=seed, seats=seats)
    for seat in range(seats):
        game.join(NAMES[seat])
    game.start()
    return game


def asked_now(game: AnyGame, pending: Sequence[Any]) -> list[Any]:
    """The decisions that may be made now: every simultaneous one, or the first alone (the
    others wait their turn), as ``Rules.pending`` says."""
    if not pending:
        return []
    if not game.rules.simultaneous(pending[0]):
        return [pending[0]]
    return [decision for decision in pending if game.rules.simultaneous(decision)]


def contract_breaches(game: AnyGame, seats: int) -> list[str]:
    """How the decisions awaited now break the ``Rules`` contract: a running game waits for
    someone; of several decisions at once, the simultaneous ones are asked together, or else the
    first alone while the rest queue; exactly the seats asked have legal actions; no eliminated seat is asked; the
    outcome is there exactly when the game has ended."""
    pending = game.pending()
    running = game.status is GameStatus.RUNNING
    found: list[str] = []
    if running != bool(pending):
        found.append(f"status {game.status} with pending {pending}")
    asked = {decision.seat for decision in asked_now(game, pending)}
    acting = {seat for seat in range(seats) if game.legal_actions(seat)}
    if acting != asked:
        found.append(f"seats with legal actions {sorted(acting)}, asked {sorted(asked)}")
    if asked & game.rules.eliminated(game.state):
        found.append(f"eliminated seats asked: {pending}")
    if (game.outcome() is not None) != game.is_over:
        found.append(f"status {game.status} with outcome {game.outcome()}")
    return found + offer_breaches(game, seats)


def offer_breaches(game: AnyGame, seats: int) -> list[str]:
    """How the open offers break the kernel's rules (docs/OFFERS.md): ids are unique and name two
    different seats; each recipient is asked to answer ([OFFER-ASKED]); a withdrawal is legal for
    its proposer alone and listed for nobody ([OFFER-WITHDRAW])."""
    found: list[str] = []
    if not isinstance(game.rules, OfferRules):
        return found  # a ruleset that makes no offers: nothing to check, and no time spent
    open_offers = game.open_offers()
    if len({offer.id for offer in open_offers}) != len(open_offers):
        found.append(f"offer ids open twice: {open_offers}")
    asked = game.asked()
    for offer in open_offers:
        if offer.proposer == offer.recipient or not {offer.proposer, offer.recipient} <= set(range(seats)):
            found.append(f"offer {offer.id} from seat {offer.proposer} to seat {offer.recipient}")
        if asked.get(offer.recipient) != ANSWER:
            found.append(f"offer {offer.id} open, its recipient asked {asked.get(offer.recipient)}")
        withdrawal = WithdrawOffer(offer=offer.id)
        legal = {seat for seat in range(seats) if game.is_legal(seat, withdrawal)}
        if legal != {offer.proposer}:
            found.append(f"offer {offer.id} of seat {offer.proposer} withdrawable by {sorted(legal)}")
    listed = [seat for seat in range(seats) if any(isinstance(a, WithdrawOffer) for a in game.legal_actions(seat))]
    if listed:
        found.append(f"withdrawals listed as legal actions of seats {listed}")
    return found


@cache
def playout(entry: RulesetUnderTest, seats: int, seed: str) -> Playout:
    """A random game to its end: each step, a random seat among those asked sends a random one
    of its legal actions."""
    game = new_game(entry, seats, seed)
    played = Playout(game=game, events=game.collect_events(), started_at=game.version, boundaries=[game.version])
    choose = random.Random(f"{entry.id} {seats} {seed}")
    for step in range(1, MAX_STEPS):
        played.broken += [f"version {game.version}: {problem}" for problem in entry.invariants(game.state)]
        played.breaches += [f"version {game.version}: {breach}" for breach in contract_breaches(game, seats)]
        if game.is_over:
            break
        seat = choose.choice(sorted({d.seat for d in asked_now(game, game.pending())}))
        game.act(seat, choose.choice(game.legal_actions(seat)))
        played.events += game.collect_events()
        played.boundaries.append(game.version)
        if step & (step - 1) == 0:  # a power of two
            played.snapshots[game.version] = copy.deepcopy(game.state)
    return played


def running_part(entry: RulesetUnderTest, events: Sequence[DomainEvent]) -> list[DomainEvent]:
    """``events`` up to the one that ends the game: the history while its secrets are secret."""
    game: AnyGame = Game(events[0].originator_id, entry.rules)
    for index, event in enumerate(events):
        game.apply(event)
        if game.is_over:
            return list(events[:index])
    return list(events)
