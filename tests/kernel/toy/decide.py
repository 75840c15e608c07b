"""Deciding: what the game waits for, what a seat may do, and the commands that record events or
refuse with the rule that forbids them.

Each guard raises :class:`~domain.errors.RuleViolation` naming a rule of ``RULES.md`` beside this
module. ``refusal`` is the one judge of an action: ``act`` raises what it finds and ``is_legal``
asks whether it finds anything, so the two cannot disagree.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain import offers
from domain.context import Context
from domain.errors import RuleViolation
from domain.offers import AnswerOffer, WithdrawOffer
from domain.ruleset import GameStatus

from tests.kernel.toy.actions import ACCEPTS, ToyCall, ToyCommit, ToyDecision, ToyDecisionKind, ToyFold, ToyMove, ToyPropose
from tests.kernel.toy.events import (
    CHOICES,
    DECK,
    MAX_ANTE,
    ToyCalled,
    ToyCardDealt,
    ToyCardSetAside,
    ToyChoiceCommitted,
    ToyChoicesRevealed,
    ToyEndReason,
    ToyFolded,
    ToyGameEnded,
    ToyGameOpened,
    ToyGameStarted,
    ToyOfferAnswered,
    ToyOfferLapsed,
    ToyOfferMade,
    ToyOfferWithdrawn,
    ToyPursesFilled,
    ToySeatTaken,
    ToySettings,
)
from tests.kernel.toy.state import ToyState

#: Version 2 gave each seat a purse to trade ([TOY-PURSE]); a game of version 1 plays on without.
RULES_VERSIONS = ("1", "2")
RULES_VERSION = RULES_VERSIONS[-1]
SEATS = 2
MAX_NAME_LENGTH = 40
#: The chips in each purse at the start ([TOY-PURSE]).
PURSE = 2
#: The offers each seat may make in a game ([TOY-OFFER]).
MAX_OFFERS = 2

# -- setting up --------------------------------------------------------------------------------


def open_game(ctx: Context[ToyState], *, seats: int, settings: ToySettings, seed: str, rules_version: str) -> None:
    if seats != SEATS:
        raise RuleViolation("TOY-SEATS", f"toy poker has exactly {SEATS} seats, not {seats}")
    if not isinstance(settings, ToySettings) or not 1 <= settings.ante <= MAX_ANTE:
        raise RuleViolation("TOY-ANTE", f"the ante is 1 to {MAX_ANTE} chips")
    ctx.emit(ToyGameOpened(seats=seats, settings=settings, seed=seed, rules_version=rules_version))


def take_seat(ctx: Context[ToyState], name: str, attributes: object, bot: str | None) -> int:
    state = ctx.state
    if attributes is not None:
        raise RuleViolation("TOY-SEATS", "a seat of toy poker has no attributes")
    if state.status is not GameStatus.LOBBY:
        raise RuleViolation("TOY-SEATS", "seats are taken only before the game starts")
    if len(state.seats) >= state.seat_count:
        raise RuleViolation("TOY-SEATS", f"all {state.seat_count} seats are taken")
    name = name.strip()
    if not 1 <= len(name) <= MAX_NAME_LENGTH:
        raise RuleViolation("TOY-SEATS", f"a name has 1 to {MAX_NAME_LENGTH} characters")
    seat = len(state.seats)
    ctx.emit(ToySeatTaken(seat=seat, name=name, bot=bot))
    return seat


def start(ctx: Context[ToyState]) -> None:
    state = ctx.state
    if state.status is not GameStatus.LOBBY:
        raise RuleViolation("TOY-START", "the game has started already")
    if len(state.seats) < state.seat_count:
        raise RuleViolation("TOY-START", f"the game starts once all {state.seat_count} seats are taken")
    ctx.emit(ToyGameStarted(seats=len(state.seats), ante=state.settings.ante))
    deck = ctx.rng.shuffled(DECK)  # [TOY-DEAL]: chance decided once, recorded below
    for seat in range(len(state.seats)):
        ctx.emit(ToyCardDealt(seat=seat, card=deck[seat]))
    ctx.emit(ToyCardSetAside(card=deck[len(state.seats)]))
    if state.rules_version != RULES_VERSIONS[0]:
        ctx.emit(ToyPursesFilled(chips=PURSE))


# -- what the game waits for -------------------------------------------------------------------


def pending(state: ToyState) -> list[ToyDecision]:
    """Before the reveal: the answer to the open offer first ([TOY-OFFER]), then the
    commitments, but the proposer's, which waits for the answer; then the reaction to a bet."""
    if state.status is not GameStatus.RUNNING:
        return []
    if not state.revealed:
        waiting = {offer.proposer for offer in state.offers}
        answers = [ToyDecision(seat=offer.recipient, kind=ToyDecisionKind.ANSWER, offer=offer.id) for offer in state.offers]
        commits = [
            ToyDecision(seat=seat, kind=ToyDecisionKind.COMMIT)
            for seat in range(len(state.seats))
            if seat not in state.committed and seat not in waiting
        ]
        return answers + commits
    if state.reacting is not None:
        return [ToyDecision(seat=state.reacting, kind=ToyDecisionKind.REACT)]
    return []


def asked_now(decisions: Sequence[ToyDecision]) -> list[ToyDecision]:
    """The decisions that may be made now, as the kernel asks them (``domain.table.asked``):
    the first, and every simultaneous one (the commitments)."""
    return [d for index, d in enumerate(decisions) if index == 0 or d.kind is ToyDecisionKind.COMMIT]


def legal_actions(state: ToyState, seat: int, decisions: Sequence[ToyDecision]) -> list[ToyMove]:
    """What ``seat`` is asked: a withdrawal is never listed (docs/OFFERS.md)."""
    actions: list[ToyMove] = []
    for decision in asked_now(decisions):
        if decision.seat != seat:
            continue
        if decision.kind is ToyDecisionKind.COMMIT:
            actions += [ToyCommit(choice=choice) for choice in CHOICES]
            actions += proposals(state, seat)
        elif decision.kind is ToyDecisionKind.ANSWER:
            offer = offers.find(state.offers, decision.offer or 0)
            actions += [] if offer is None else offers.answers(offer)
        else:
            actions += [ToyCall(), ToyFold()]
    return actions


def proposals(state: ToyState, seat: int) -> list[ToyMove]:
    """The offers ``seat`` may make now, without a note ([TOY-OFFER])."""
    if _offer_problem(state, seat) is not None:
        return []
    other = 1 - seat
    return [
        ToyPropose(gives=gives, asks=asks)
        for gives in range(state.purses[seat] + 1)
        for asks in range(state.purses[other] + 1)
        if gives or asks
    ]


def default_action(state: ToyState, seat: int, decisions: Sequence[ToyDecision]) -> ToyMove:
    """What the rules decide for ``seat`` when its time runs out ([TOY-DEFAULT]): reject an
    offer, check to a commitment, fold to a bet. None looks at the seat's card."""
    asked = [d for d in asked_now(decisions) if d.seat == seat]
    answer = next((d for d in asked if d.kind is ToyDecisionKind.ANSWER), None)
    offer = None if answer is None else offers.find(state.offers, answer.offer or 0)
    if offer is not None:
        return offers.default_answer(offer)
    if any(d.kind is ToyDecisionKind.COMMIT for d in asked):
        return ToyCommit(choice="check")
    return ToyFold()


# -- acting ------------------------------------------------------------------------------------


def refusal(state: ToyState, seat: int, action: object, decisions: Sequence[ToyDecision]) -> RuleViolation | None:
    """Why ``seat`` may not send ``action`` now, or None if it may."""
    if not isinstance(action, ToyCommit | ToyCall | ToyFold | ToyPropose | AnswerOffer | WithdrawOffer):
        return RuleViolation("TOY-ACTIONS", "the actions are commit (bet or check), call, fold, and offer, answer or withdraw a trade")
    if not state.is_seat(seat):
        return RuleViolation("TOY-SEATS", f"there is no seat {seat}")
    if state.status is GameStatus.LOBBY:
        return RuleViolation("TOY-START", "the game has not started")
    if state.status is GameStatus.ENDED:
        return RuleViolation("TOY-END", "the game is over")
    if isinstance(action, AnswerOffer | WithdrawOffer):
        return offers.refusal(state.offers, seat, action)
    asked = [d.kind for d in asked_now(decisions) if d.seat == seat]
    if isinstance(action, ToyPropose):
        return _proposal_refusal(state, seat, action, asked)
    if isinstance(action, ToyCommit):
        if action.choice not in CHOICES:
            return RuleViolation("TOY-COMMIT", "a seat commits to bet or to check")
        if any(offer.proposer == seat for offer in state.offers):
            return RuleViolation("TOY-OFFER", "a seat whose offer is open waits for its answer before committing")
        if ToyDecisionKind.COMMIT not in asked:
            return RuleViolation("TOY-COMMIT", "each seat commits once, before the reveal")
    elif not any(isinstance(action, ACCEPTS[kind]) for kind in asked):
        return RuleViolation("TOY-REACT", "only the seat that checked, facing a bet, calls or folds")
    return None


def _offer_problem(state: ToyState, seat: int) -> str | None:
    """Why ``seat`` may make no offer now, whatever it offers; None if it may ([TOY-OFFER])."""
    if not state.purses:
        return "a game of rules version 1 has no purses to trade"
    if state.revealed or seat in state.committed:
        return "a seat offers a trade only while it is asked to commit"
    if state.offers:
        return "one offer is open at a time: it must be answered first"
    if state.offers_made.get(seat, 0) >= MAX_OFFERS:
        return f"a seat makes at most {MAX_OFFERS} offers a game"
    return None


def _proposal_refusal(state: ToyState, seat: int, action: ToyPropose, asked: Sequence[ToyDecisionKind]) -> RuleViolation | None:
    problem = (
        "a seat offers a trade only while it is asked to commit" if ToyDecisionKind.COMMIT not in asked else _offer_problem(state, seat)
    )
    if problem is not None:
        return RuleViolation("TOY-OFFER", problem)
    if not 0 <= action.gives <= state.purses[seat] or not 0 <= action.asks <= state.purses[1 - seat]:
        return RuleViolation("TOY-OFFER", "each side gives no more chips than its purse holds")
    if not action.gives and not action.asks:
        return RuleViolation("TOY-OFFER", "an offer gives or asks at least one chip")
    problem = offers.note_problem(action.note)
    return None if problem is None else RuleViolation("OFFER-NOTE", problem)


def act(ctx: Context[ToyState], seat: int, action: ToyMove, decisions: Sequence[ToyDecision]) -> None:
    refused = refusal(ctx.state, seat, action, decisions)
    if refused is not None:
        raise refused
    match action:
        case ToyPropose():
            number = sum(ctx.state.offers_made.values()) + 1
            made = ToyOfferMade(
                offer=number, proposer=seat, recipient=1 - seat, proposer_gives=action.gives, recipient_gives=action.asks, note=action.note
            )
            ctx.emit(made)
        case AnswerOffer():
            ctx.emit(ToyOfferAnswered(offer=action.offer, accepted=action.accept))
        case WithdrawOffer():
            ctx.emit(ToyOfferWithdrawn(offer=action.offer))
        case ToyCommit():
            _commit(ctx, seat, action)
        case ToyCall():
            ctx.emit(ToyCalled(seat=seat))
            _showdown(ctx)
        case ToyFold():
            ctx.emit(ToyFolded(seat=seat))
            bettor = next(s for s, choice in ctx.state.committed.items() if choice == "bet")
            ctx.emit(ToyGameEnded(winner=bettor, reason=ToyEndReason.FOLD, pot=ctx.state.pot))


def _commit(ctx: Context[ToyState], seat: int, action: ToyCommit) -> None:
    state = ctx.state
    ctx.emit(ToyChoiceCommitted(seat=seat, choice=action.choice))
    for offer in [offer for offer in state.offers if offer.recipient == seat]:
        ctx.emit(ToyOfferLapsed(offer=offer.id))  # [TOY-LAPSE]: its window closed unanswered
    if len(state.committed) < len(state.seats):
        return  # the other seat's choice is still to come
    choices = tuple(state.committed[s] for s in range(len(state.seats)))
    ctx.emit(ToyChoicesRevealed(choices=choices))
    if state.reacting is None:  # both checked or both bet: nothing to react to
        _showdown(ctx)


def _showdown(ctx: Context[ToyState]) -> None:
    state = ctx.state
    shown = tuple(state.cards[s] for s in range(len(state.seats)))
    winner = max(range(len(shown)), key=lambda s: DECK.index(shown[s]))
    ctx.emit(ToyGameEnded(winner=winner, reason=ToyEndReason.SHOWDOWN, pot=state.pot, shown=shown))
