"""Facts that hold between any two commands of every game of Dog Eat Dog; a violated one is a bug
in the engine. Checked by ``simulate --check`` (the kit's ``invariants``), the bot tests and the
conformance suite after every step of its random games (the one copy: tests import it).

Of the state (:func:`violations`):

- the box's counts are kept: raw materials, products, workers and pollution markers are each
  somewhere, as many as printed ([COMP-RAW], [COMP-PRODUCTS], [COMP-WORKERS], [COMP-POLLUTION]);
  once laid out, each of the 40 Red Tape cards is in exactly one place ([COMP-REDTAPE]);
- no balance and no stock is negative ([COMP-MONEY]);
- every square is on the map, at a stage 1 to 3 ([BOARD-STAGES]), held by its controller, and
  no division controls more than two (three only while asked which to release, [ACQ-LIMIT-2]);
- every runner of a player with a division is on the track ([BOARD-TRACK]);
- a pending embezzlement is of $1M or more and no more than its embezzler's corporate account
  ([EMBEZZLE-AMOUNT]); no Swiss account holds the target while the game goes on
  ([END-SWISS-150]);
- an open trade is between two players in the game ([TRADE-PROPOSE]).

Of each event (:func:`transfer_violations`): where RULES.md moves money between accounts rather
than to or from the bank — Geneva ([GENEVA-LAND]), a kickback ([VAR-KICKBACK]), an embezzlement
([EMBEZZLE-SUCCEED], [EMBEZZLE-DECLARE]), a payment between players ([INSOLVENT-OFFTURN]), a
trade ([TRADE-LIMITS]) — the money of all players together, corporate and Swiss, is the same
after the event as before. (The bank's money has no count, R18, so no other event keeps it.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache

from msgspec.structs import asdict

from domain.dogeatdog.catalog import board, red_tape
from domain.dogeatdog.evolve import apply
from domain.dogeatdog.state import DogEatDogState
from domain.events.base import DomainEvent
from domain.events.dogeatdog import (
    DogEatDogEmbezzlementDeclared,
    DogEatDogEmbezzlementStopped,
    DogEatDogEmbezzlementSucceeded,
    DogEatDogKickbackTaken,
    DogEatDogMovedToSwiss,
    DogEatDogPaidToPlayer,
)
from domain.events.dogeatdog.trade import (
    DogEatDogTradeAccepted,
    DogEatDogTradeLapsed,
    DogEatDogTradeProposed,
    DogEatDogTradeRejected,
    DogEatDogTradeWithdrawn,
)
from domain.ruleset import GameStatus

#: The events that move money between players' accounts and never to or from the bank.
MONEY_KEEPING_EVENTS: tuple[type[DomainEvent], ...] = (
    DogEatDogMovedToSwiss,
    DogEatDogKickbackTaken,
    DogEatDogEmbezzlementDeclared,
    DogEatDogEmbezzlementSucceeded,
    DogEatDogEmbezzlementStopped,
    DogEatDogPaidToPlayer,
    DogEatDogTradeProposed,
    DogEatDogTradeAccepted,
    DogEatDogTradeRejected,
    DogEatDogTradeWithdrawn,
    DogEatDogTradeLapsed,
)


@cache
def _printed_goods() -> dict[str, int]:
    components = board().components
    return {**asdict(components.raw_materials), **asdict(components.products)}


@cache
def _deck() -> Counter[str]:
    return Counter(red_tape().card_ids())


def violations(state: DogEatDogState) -> list[str]:
    if state.status is GameStatus.LOBBY:
        return []
    return [
        *_money(state),
        *_goods(state),
        *_workers_and_markers(state),
        *_cards(state),
        *_squares(state),
        *_runners(state),
        *_embezzlement(state),
        *_offer(state),
    ]


def _money(state: DogEatDogState) -> list[str]:
    found = [
        f"seat {p.seat} holds ${p.corporate}M corporate and ${p.swiss}M Swiss"
        for p in state.players
        if p.corporate < 0 or p.swiss < 0
    ]
    target = state.settings.target
    if state.status is GameStatus.RUNNING:
        found += [
            f"seat {p.seat} holds ${p.swiss}M Swiss, the target ${target}M, and the game goes on"
            for p in state.players
            if p.swiss >= target
        ]
    return found


def _goods(state: DogEatDogState) -> list[str]:
    found: list[str] = []
    for good, printed in _printed_goods().items():
        places = [state.supply.get(good, 0), state.marketplace.get(good, 0)]
        places += [p.goods.get(good, 0) for p in state.players]
        if any(count < 0 for count in places):
            found.append(f"a negative stock of {good}: {places}")
        if sum(places) != printed:
            found.append(f"{sum(places)} {good} in the game, {printed} in the box")
    return found


def _workers_and_markers(state: DogEatDogState) -> list[str]:
    components = board().components
    found: list[str] = []
    workers = [state.supply_workers, *(p.workers for p in state.players)]
    if any(count < 0 for count in workers) or sum(workers) != components.workers:
        found.append(f"workers {workers}: {components.workers} in the box")
    markers = [
        state.supply_pollution,
        state.marketplace.get("pollution", 0),
        *(p.pollution_markers for p in state.players),
        *(square.markers for square in state.squares.values()),
    ]
    if any(count < 0 for count in markers) or sum(markers) != components.pollution_markers:
        found.append(f"{sum(markers)} pollution markers, {components.pollution_markers} in the box")
    return found


def _cards(state: DogEatDogState) -> list[str]:
    if not state.deck and not state.public_laws:
        return []  # started, not yet shuffled: the setup's next command lays the deck out
    places = Counter([*state.deck, *state.discard, *state.public_laws])
    for player in state.players:
        places.update(player.current_events)
        places.update(player.officials)
    if places != _deck():
        return [f"Red Tape cards not conserved: extra {dict(places - _deck())}"]
    return []


def _squares(state: DogEatDogState) -> list[str]:
    found: list[str] = []
    on_map = {square.id for square in board().nature_map.squares}
    seats = range(len(state.players))
    for square in state.squares.values():
        if square.id not in on_map or not 1 <= square.stage <= 3 or square.markers < 0:
            found.append(f"square {square.id} at stage {square.stage} with {square.markers}")
        if square.controller is not None and (
            square.controller not in seats
            or square.id not in state.players[square.controller].squares
        ):
            found.append(f"square {square.id}'s controller {square.controller} does not hold it")
    for player in state.players:
        limit = 3 if state.turn.releasing == player.seat else 2
        if len(player.squares) > limit or len(set(player.squares)) != len(player.squares):
            found.append(f"seat {player.seat} controls {player.squares}")
        found += [
            f"seat {player.seat} holds square {square}, controlled by someone else"
            for square in player.squares
            if square not in state.squares or state.squares[square].controller != player.seat
        ]
    return found


def _runners(state: DogEatDogState) -> list[str]:
    length = board().track.length
    return [
        f"seat {p.seat}'s runner at {p.runner}"
        for p in state.players
        if state.round > 0
        and p.in_game
        and p.division is not None  # one awaiting his reorganisation has no runner yet
        and (p.runner is None or not 0 <= p.runner < length)
    ]


def _embezzlement(state: DogEatDogState) -> list[str]:
    pending = state.embezzlement
    if pending is None:
        return []
    corporate = state.players[pending.seat].corporate
    if not 1 <= pending.amount <= corporate:
        return [f"seat {pending.seat} embezzles ${pending.amount}M of ${corporate}M"]
    return []


def _offer(state: DogEatDogState) -> list[str]:
    offer = state.offer
    if offer is None:
        return []
    in_game = state.in_game()
    if offer.proposer == offer.recipient or not {offer.proposer, offer.recipient} <= set(in_game):
        return [f"trade {offer.id} from seat {offer.proposer} to seat {offer.recipient}"]
    return []


def players_money(state: DogEatDogState) -> int:
    """All the money the players hold, corporate and Swiss."""
    return sum(p.corporate + p.swiss for p in state.players)


def transfer_violations(events: Iterable[DomainEvent]) -> list[str]:
    """The events of a game, replayed from its first, that should have kept the players' money
    together and did not."""
    state = DogEatDogState()
    found: list[str] = []
    for event in events:
        before = players_money(state)
        apply(state, event)
        after = players_money(state)
        if isinstance(event, MONEY_KEEPING_EVENTS) and after != before:
            found.append(f"{event!r} changed the players' money from ${before}M to ${after}M")
    return found
