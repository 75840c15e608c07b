"""Red Tape cards (RULES.md section 8): the draw on landing on a city that is not one's home
([REDTAPE-CITY], [REDTAPE-DRAW]), the discard pile reshuffled when the deck runs out
([REDTAPE-DECK]), a Corrupt Official laid on the Public Laws sheet, and a Current Event read out
and followed by the machine-readable effects of ``cards.json`` ([REDTAPE-CE]): kept (Internal
Investigation, [REDTAPE-HAND]), or resolved and discarded.

Effects that ask nothing are applied in the card's order; the one effect that asks the drawer
something is asked last, after the card went to the discard pile (no card has an effect after
its choice that depends on it): Numbered Account asks as Geneva does, Land Grab as passing one's
home city, Wildcat Strike as the Strike space, the others ask a card choice (``choices``).
"This turn" effects are read by ``rates`` from the cards drawn this turn.

A drawn official lies on the Public Laws sheet and is offered for bribery at once
([BRIBE-FRESH]); Campaign Contribution's attempt is offered like the Lobbyist's
([BRIBE-LAW-LATER]), both in ``rules/bribery.py``.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from domain.context import Context
from domain.dogeatdog.catalog import CorruptOfficial, CurrentEvent, EventKind, cards, divisions
from domain.dogeatdog.effects import (
    AcquisitionNow,
    BribePublicLaw,
    CollectFromEachOpponent,
    Effect,
    Gain,
    GainRaw,
    GainWorkers,
    GenevaNow,
    LoseWorkers,
    Pay,
    PayPerSquare,
    Pollute,
    Rate,
    RemovePollution,
    RichestPay,
    SellNow,
    StrikeNow,
    TaxNow,
)
from domain.dogeatdog.rules import bribery, goods, honour, money, pollution, rates, sell
from domain.dogeatdog.state import Compliance, DogEatDogState
from domain.events.dogeatdog import (
    BriberyOccasion,
    DogEatDogAcquisitionOffered,
    DogEatDogCardChoiceMade,
    DogEatDogCardChoiceOffered,
    DogEatDogCardDiscarded,
    DogEatDogCardKept,
    DogEatDogCardSold,
    DogEatDogGenevaReached,
    DogEatDogKickbackOffered,
    DogEatDogMarkersRemoved,
    DogEatDogOfficialLaidOut,
    DogEatDogPaidByBank,
    DogEatDogRawTaken,
    DogEatDogRedTapeDrawn,
    DogEatDogRedTapeShuffled,
    DogEatDogStrikeCalled,
    DogEatDogWorkersGained,
    DogEatDogWorkersLost,
    ShuffleReason,
)

#: The effects that ask the drawer something.
_ASKING = (
    GenevaNow,
    AcquisitionNow,
    StrikeNow,
    SellNow,
    GainRaw,
    Pollute,
    RemovePollution,
    BribePublicLaw,
)


def draw(ctx: Context[DogEatDogState], seat: int, space: int) -> bool:
    """[REDTAPE-DRAW] on the track space ``space``; False when the card asks a decision."""
    state = ctx.state
    if not state.deck:
        if not state.discard:
            return True  # [REDTAPE-DECK]: nothing to draw
        order = tuple(ctx.rng.shuffled(state.discard))
        ctx.emit(
            DogEatDogRedTapeShuffled(cards=order, size=len(order), reason=ShuffleReason.RESHUFFLE)
        )
    card = state.deck[0]
    ctx.emit(DogEatDogRedTapeDrawn(seat=seat, card=card))
    found = cards()[card]
    if isinstance(found, CorruptOfficial):
        ctx.emit(DogEatDogOfficialLaidOut(card=card))  # [LAW-PUBLIC], until bribed
        return not bribery.offer_fresh(ctx, seat, card, space)  # [BRIBE-FRESH]
    return _resolve(ctx, seat, found, space)


def _resolve(ctx: Context[DogEatDogState], seat: int, card: CurrentEvent, space: int) -> bool:
    if card.kind is EventKind.KEEP:
        ctx.emit(DogEatDogCardKept(seat=seat, card=card.id))
        return True
    asking = None
    received = 0
    for effect in card.effects:
        if isinstance(effect, _ASKING):
            asking = effect
        elif isinstance(effect, TaxNow) and _tax_question(ctx, seat, space):
            continue  # paid once he has answered ([HONOUR-BREACH])
        else:
            received += _apply(ctx, seat, card.id, effect)
    ctx.emit(DogEatDogCardDiscarded(card=card.id))
    if ctx.state.turn.compliance is not None:
        return False  # the move waits for his answer
    if received and ctx.state.settings.kickback:
        # [VAR-KICKBACK]: money from other players may go to his Swiss account instead.
        ctx.emit(DogEatDogKickbackOffered(seat=seat, amount=received, space=space))
        return False  # no card both pays him and asks a choice of its own
    return True if asking is None else _ask(ctx, seat, card.id, asking, space)


def _tax_question(ctx: Context[DogEatDogState], seat: int, space: int) -> bool:
    """[VAR-HONOUR]: taxes drawn by a card under a Revised Tax Code ask him first."""
    state = ctx.state
    corporate = state.players[seat].corporate
    due, lawful = money.tax_due(state, corporate), money.tax_due(state, corporate, lawless=True)
    law = rates.law_setting(state, Rate.TAX_THRESHOLD)
    return honour.ask(ctx, honour.CARD_TAXES, law, due=due, lawful=lawful, space=space, seat=seat)


def answered_tax(ctx: Context[DogEatDogState], compliance: Compliance) -> None:
    """[HONOUR-BREACH]: the card's taxes, as his answer pays them."""
    breach = honour.breached(ctx.state, compliance.question)
    money.tax(ctx, compliance.seat, lawless=breach)


def _apply(ctx: Context[DogEatDogState], seat: int, card: str, effect: Effect) -> int:
    """An effect that asks nothing; "this turn" effects need nothing here (``rates``). What
    the drawer received from other players by it."""
    state = ctx.state
    player = state.players[seat]
    match effect:
        case Gain(amount=amount):
            ctx.emit(DogEatDogPaidByBank(seat=seat, amount=amount, reason=card))
        case Pay(amount=amount):
            money.pay_bank(ctx, seat, amount, card)
        case PayPerSquare(amount=amount):
            money.pay_bank(ctx, seat, amount * len(player.squares), card)
        case TaxNow():
            money.tax(ctx, seat)
        case LoseWorkers(n=n) if player.workers:
            ctx.emit(DogEatDogWorkersLost(seat=seat, count=min(n, player.workers)))
        case GainWorkers(n=n) if state.supply_workers:
            ctx.emit(DogEatDogWorkersGained(seat=seat, count=min(n, state.supply_workers)))
        case RichestPay(amount=amount):
            payers = state.seated()
            richest = max(state.players[each].corporate for each in payers)
            for each in state.clockwise_from(seat):
                if each in payers and state.players[each].corporate == richest:
                    money.pay_bank(ctx, each, amount, card)
        case CollectFromEachOpponent(amount=amount):
            before = player.corporate
            for each in state.clockwise_from(seat)[1:]:
                money.pay_player(ctx, each, seat, amount, card)
            return player.corporate - before
        case _:
            pass
    return 0


def _ask(ctx: Context[DogEatDogState], seat: int, card: str, effect: Effect, space: int) -> bool:
    """Ask the drawer the card's choice, when there is one to make."""
    state = ctx.state
    match effect:
        case GenevaNow() if state.players[seat].corporate > 0:
            ctx.emit(DogEatDogGenevaReached(seat=seat))
        case AcquisitionNow() if any(s.controller is None for s in state.squares.values()):
            ctx.emit(DogEatDogAcquisitionOffered(seat=seat, space=space))
        case StrikeNow():
            ctx.emit(DogEatDogStrikeCalled(seat=seat, space=space))
        case BribePublicLaw():  # [BRIBE-LAW-LATER]: one attempt at a public law he names
            return not bribery.offer(ctx, None, BriberyOccasion.CAMPAIGN, [seat], space)
        case SellNow() | GainRaw() | Pollute() | RemovePollution():
            options = choices(state, seat, effect)
            if len(options) == 1 and options[0]:  # no question without a choice
                carry_out(ctx, seat, card, options[0])
            if len(options) <= 1:
                return True
            ctx.emit(DogEatDogCardChoiceOffered(seat=seat, card=card, space=space))
        case _:
            return True
    return False


# -- the card choice ------------------------------------------------------------------------


def asking_effect(card: str) -> Effect:
    found = cards()[card]
    assert isinstance(found, CurrentEvent)  # only a Current Event asks a card choice
    return next(effect for effect in found.effects if isinstance(effect, _ASKING))


def optional(effect: Effect) -> bool:
    """Whether the choice may be empty: the card's "may" part unused."""
    return isinstance(effect, SellNow | RemovePollution)


def choices(state: DogEatDogState, seat: int, effect: Effect) -> list[tuple[str, ...]]:
    """Every choice the drawer may make, the empty one first when the card allows it."""
    player = state.players[seat]
    found: list[tuple[str, ...]] = [()] if optional(effect) else []
    match effect:
        case SellNow(what=what, max=most):
            kinds = goods.PRODUCTS if what == "product" else goods.RAWS
            held = [good for good in kinds if player.goods.get(good, 0)]
            for size in range(1, most + 1):
                found += [
                    combo
                    for combo in combinations_with_replacement(held, size)
                    if all(combo.count(good) <= player.goods[good] for good in combo)
                ]
        case GainRaw():
            found += [(raw,) for raw in goods.RAWS if state.supply.get(raw, 0) > 0]
        case Pollute():
            division = player.division
            clean = division is None or not divisions()[division].pollutes
            if not clean and state.supply_pollution:
                found += [(square,) for square in pollution.eligible(state, seat)]
        case RemovePollution(max=most):
            marked = [s.id for s in state.squares.values() if s.markers]
            for size in range(1, most + 1):
                found += [tuple(sorted(c)) for c in combinations(marked, size)]
        case _:
            pass
    return found


def carry_out(ctx: Context[DogEatDogState], seat: int, card: str, choice: tuple[str, ...]) -> None:
    """Carry out the drawer's choice for ``card``."""
    state = ctx.state
    effect = asking_effect(card)
    ctx.emit(DogEatDogCardChoiceMade(seat=seat, card=card, choice=choice))
    match effect:
        case SellNow(price=price) if choice:
            fee = sum(sell.excise(state, seat, good, 1) for good in choice)
            amount = price * len(choice)
            sold = DogEatDogCardSold(seat=seat, goods=choice, amount=amount, fee=fee)  # type: ignore[arg-type]
            ctx.emit(sold)
        case GainRaw():
            ctx.emit(DogEatDogRawTaken(seat=seat, raw=choice[0]))  # type: ignore[arg-type]
        case Pollute():
            pollution.place_one(ctx, seat, choice[0])
        case RemovePollution(wm_may_keep=may_keep) if choice:
            kept = may_keep and goods.trades_pollution(state.players[seat])
            ctx.emit(DogEatDogMarkersRemoved(seat=seat, squares=choice, kept=kept))
        case _:
            pass
