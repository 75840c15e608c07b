"""Facts that hold after every step of every game of toy poker; a broken one is a bug."""

from __future__ import annotations

from domain.ruleset import GameStatus

from tests.kernel.toy.events import DECK
from tests.kernel.toy.evolve import BET
from tests.kernel.toy.outcome import outcome, traded
from tests.kernel.toy.state import ToyState


def violations(state: ToyState) -> list[str]:
    if state.status is GameStatus.LOBBY:
        return [] if len(state.seats) <= state.seat_count else [f"{len(state.seats)} seats taken"]
    return [*_cards(state), *_chips(state), *_flow(state), *_offers(state)]


def _cards(state: ToyState) -> list[str]:
    """The three cards are each in exactly one place: a hand or aside."""
    places = [*state.cards.values(), state.set_aside]
    return [] if sorted(places, key=str) == sorted(DECK) else [f"cards in play: {places}"]


def _chips(state: ToyState) -> list[str]:
    """Each stake is the ante plus at most one bet or call; an ended game's scores add up to 0."""
    ante = state.settings.ante
    problems = [f"seat {s} staked {stake}" for s, stake in enumerate(state.stakes) if stake not in (ante, ante + BET)]
    ended = outcome(state)
    if ended is not None and sum(r.score or 0 for r in ended.results) != 0:
        problems.append(f"chips made or lost: {ended.results}")
    winner = None if ended is None else ended.winners[0]
    if ended is not None and winner is not None and ended.results[winner].score != state.pot - state.stakes[winner] + traded(state, winner):
        problems.append("the winner did not take the pot")
    return problems


def _flow(state: ToyState) -> list[str]:
    problems: list[str] = []
    if state.revealed != (len(state.committed) == len(state.seats)):
        problems.append(f"revealed={state.revealed} with {len(state.committed)} commitments")
    if state.reacting is not None and state.committed.get(state.reacting) != "check":
        problems.append(f"seat {state.reacting} reacts without having checked")
    if (state.status is GameStatus.ENDED) != (state.winner is not None):
        problems.append(f"status {state.status} with winner {state.winner}")
    return problems


def _offers(state: ToyState) -> list[str]:
    """Trades make and lose no chips; one offer is open at most, only before the reveal, and
    its proposer has not committed."""
    problems: list[str] = []
    if state.purses and (min(state.purses) < 0 or sum(state.purses) != state.purse_at_start * len(state.seats)):
        problems.append(f"purses {state.purses} from {state.purse_at_start} each")
    if len(state.offers) > 1 or (state.offers and state.revealed):
        problems.append(f"open offers {state.offers} (revealed: {state.revealed})")
    if any(offer.proposer in state.committed for offer in state.offers):
        problems.append(f"an offer open after its proposer committed: {state.offers}")
    return problems
