"""Bribery (RULES.md section 9): an official offered to seats one at a time, each offered one
attempt ([BRIBE-ATTEMPT]): the offer ($2M to $10M, at most his corporate account) is committed
and paid to the bank whatever happens ([BRIBE-BANK], [RNG-COMMIT-FIRST]), then two dice are
rolled; at most the offer wins the official.

The occasions: a freshly drawn official, to the drawer and then the others clockwise, the first
attempt deciding ([BRIBE-FRESH]); the setup law, the same way, right after the start player's
first movement roll ([BRIBE-INITIAL]); the Lobbyist space and Campaign Contribution, one attempt
of the active player at a public law he names ([SPACE-LOBBYIST], [BRIBE-LAW-LATER]); and the
chain an invocation opens ([BRIBE-CHAIN]), which goes on after every success with the loser
and then the others clockwise from him, but the new owner.

No question without a choice: a seat whose corporate account cannot pay the smallest offer is
not asked (its decline is taken as made), and nothing is offered when nobody could attempt.
"""

from __future__ import annotations

from domain.context import Context
from domain.dogeatdog.actions import DogEatDogAction, DogEatDogBribe, DogEatDogDeclineBribe
from domain.dogeatdog.catalog import board
from domain.dogeatdog.rules.dice import roll
from domain.dogeatdog.state import Bribery, DogEatDogState
from domain.events.dogeatdog import (
    BriberyOccasion,
    DogEatDogBribeAttempted,
    DogEatDogBribeDeclined,
    DogEatDogBribeFailed,
    DogEatDogBriberyEnded,
    DogEatDogBriberyOffered,
    DogEatDogOfficialBribed,
    RollPurpose,
)

#: The occasions on which the briber names one of the public laws ([BRIBE-LAW-LATER]).
NAMED_BY_BRIBER = (BriberyOccasion.LOBBYIST, BriberyOccasion.CAMPAIGN)

#: The rule of each occasion: an attempt at an official not on offer is refused by it.
RULE_OF_OCCASION = {
    BriberyOccasion.FRESH: "BRIBE-FRESH",
    BriberyOccasion.INITIAL: "BRIBE-INITIAL",
    BriberyOccasion.LOBBYIST: "BRIBE-LAW-LATER",
    BriberyOccasion.CAMPAIGN: "BRIBE-LAW-LATER",
    BriberyOccasion.CHAIN: "BRIBE-CHAIN",
}


def offer_range(state: DogEatDogState, seat: int) -> range:
    """The offers ``seat`` may make: $2M to $10M, at most his corporate account."""
    low, high = board().economy.bribe_range
    return range(low, min(high, state.players[seat].corporate) + 1)


def may_attempt(state: DogEatDogState, seat: int) -> bool:
    return bool(offer_range(state, seat))


def owner_of(state: DogEatDogState, card: str) -> int | None:
    return next((p.seat for p in state.players if card in p.officials), None)


def offer(
    ctx: Context[DogEatDogState],
    card: str | None,
    occasion: BriberyOccasion,
    seats: list[int],
    space: int | None = None,
) -> bool:
    """Offer ``card`` to those of ``seats`` who could attempt, in that order; whether anyone is
    asked (else nothing is recorded)."""
    state = ctx.state
    able = tuple(seat for seat in seats if may_attempt(state, seat))
    if card is None and not state.public_laws:
        return False
    if not able:
        return False
    ctx.emit(DogEatDogBriberyOffered(card=card, occasion=occasion, seats=able, space=space))
    return True


def offer_fresh(ctx: Context[DogEatDogState], seat: int, card: str, space: int | None) -> bool:
    """[BRIBE-FRESH], [BRIBE-INITIAL]: ``card`` to ``seat`` first, then the others clockwise."""
    occasion = BriberyOccasion.FRESH if space is not None else BriberyOccasion.INITIAL
    return offer(ctx, card, occasion, ctx.state.clockwise_from(seat), space)


def initial_due(state: DogEatDogState) -> str | None:
    """[BRIBE-INITIAL]: the setup law, offered in the game's first turn after its roll (the
    only public law then: officials dealt by [OPT-OLD-BOYS] are owned)."""
    if state.turn.number != 1 or state.turn.move is not None or not state.public_laws:
        return None
    return state.public_laws[0]


def legal_actions(state: DogEatDogState, seat: int) -> list[DogEatDogAction]:
    bribery = state.turn.bribery
    if bribery is None:
        return []
    named = list(state.public_laws) if bribery.card is None else [bribery.card]
    offers = offer_range(state, seat)
    return [
        DogEatDogDeclineBribe(),
        *(DogEatDogBribe(card=card, offer=amount) for card in named for amount in offers),
    ]


def refusal(state: DogEatDogState, seat: int, action: DogEatDogAction) -> str:
    """The rule an attempt not allowed now breaks."""
    bribery = state.turn.bribery
    if bribery is None or not isinstance(action, DogEatDogBribe):
        return "BRIBE-ATTEMPT"
    owned = owner_of(state, action.card) is not None
    if owned and bribery.occasion is not BriberyOccasion.CHAIN:
        return "BRIBE-TABOO"  # an owned official only in a chain an invocation opens
    if bribery.card is None and action.card in state.public_laws:
        return "BRIBE-ATTEMPT"  # the official may be named: the offer is what is wrong
    if action.card != bribery.card:
        return RULE_OF_OCCASION[bribery.occasion]
    return "BRIBE-ATTEMPT"


def act(ctx: Context[DogEatDogState], seat: int, action: DogEatDogAction) -> None:
    bribery = ctx.state.turn.bribery
    assert bribery is not None  # the decision is asked only while an official is offered
    if isinstance(action, DogEatDogBribe):
        _attempt(ctx, seat, bribery, action.card, action.offer)
        return
    ctx.emit(DogEatDogBribeDeclined(seat=seat))
    if not bribery.asked:  # everyone offered an attempt has declined
        ctx.emit(DogEatDogBriberyEnded(card=bribery.card))


def _attempt(
    ctx: Context[DogEatDogState], seat: int, bribery: Bribery, card: str, amount: int
) -> None:
    state = ctx.state
    previous = owner_of(state, card)
    ctx.emit(DogEatDogBribeAttempted(seat=seat, card=card, offer=amount))
    if roll(ctx, seat, RollPurpose.BRIBE) > amount:
        ctx.emit(DogEatDogBribeFailed(seat=seat, card=card))
        ctx.emit(DogEatDogBriberyEnded(card=card))  # the first failure decides
        return
    ctx.emit(DogEatDogOfficialBribed(seat=seat, card=card, from_seat=previous))
    if bribery.occasion is BriberyOccasion.CHAIN and previous is not None:
        # [BRIBE-CHAIN]: the loser first, then the others clockwise from him, but the new owner.
        others = [each for each in state.clockwise_from(previous) if each != seat]
        if offer(ctx, card, BriberyOccasion.CHAIN, others):
            return
    ctx.emit(DogEatDogBriberyEnded(card=card))
