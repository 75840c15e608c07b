"""What one seat may see of a game of Dog Eat Dog (RULES.md section 21), of the state and of
each event.

Public ([SEE-PUBLIC]): runners, squares, goods, workers, corporate balances, officials and
Current Events held, the Public Laws sheet, the deck's size and the discard pile, every roll.
Private to one seat ([SEE-PRIVATE]): its Swiss balance and the amounts it embezzles (pending,
stopped or done), blanked to ``"?"`` in every event for the others; while his embezzlement
awaits its holders' answers, his corporate balance is shown to the others as undisclosed
(``None``, [EMBEZZLE-AMOUNT]). Secret to all ([SEE-SECRET]): the deck's
order and the seed. Hidden values are blanked, never dropped: a blanked shuffle still says that
it happened and how many cards it holds ([RNG-PUBLIC]). Once the game has ended everything is
shown ([SEE-END]); with [VAR-OPEN-INFO] only the deck's order and the seed stay hidden (the
events that carry a private amount say ``public`` then, since an event is judged alone).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from uuid import UUID

import msgspec

from domain.dogeatdog.actions import DogEatDogDecision
from domain.dogeatdog.rules.flow import pending
from domain.dogeatdog.state import DogEatDogState, Player
from domain.events.base import DomainEvent
from domain.events.dogeatdog import (
    HIDDEN,
    HIDDEN_EVENTS,
    PRIVATE_AMOUNT_EVENTS,
    PRIVATE_VIOLATION_EVENTS,
    BriberyOccasion,
    DogEatDogGameOpened,
    DogEatDogRedTapeShuffled,
    DogEatDogSealedBidMade,
    DogEatDogSettings,
    Step,
    StrikeChoice,
)
from domain.events.dogeatdog.trade import DogEatDogTradeSide
from domain.offers import Offer
from domain.redaction import blanked, visible_to
from domain.ruleset import GameStatus, Outcome


class DogEatDogSeatView(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    name: str
    bot: str | None
    division: str | None
    corporate: int | None  # None: undisclosed to others during his embezzlement ([EMBEZZLE-AMOUNT])
    swiss: int | None  # the viewer's own; everyone's after the end or with [VAR-OPEN-INFO]
    embezzling: int | None = None  # his pending embezzlement's amount, to himself only
    workers: int
    goods: dict[str, int]  # only goods held, by value
    pollution_markers: int
    squares: tuple[str, ...]  # earliest gained first
    runner: int | None
    current_events: tuple[str, ...]
    officials: tuple[str, ...]
    in_game: bool
    #: his standing instructions, public ([LAW-OWNED]): (official, target, invoke or not)
    instructions: tuple[tuple[str, int, bool], ...] = ()
    #: his live violations, to himself only ([VAR-HONOUR]): (rule, turn, shortfall)
    violations: tuple[tuple[str, int, int], ...] | None = None


class DogEatDogSquareView(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    stage: int
    markers: int
    controller: int | None


class DogEatDogWindowView(msgspec.Struct, frozen=True, kw_only=True):
    after: Step | None
    speaker: int
    passes: int


class DogEatDogAuctionView(msgspec.Struct, frozen=True, kw_only=True):
    square: str
    bidders: tuple[int, ...]
    high_bid: int
    high_bidder: int | None
    sealed: bool = False  # [VAR-AUCTION-SEALED]: the bids are never shown before all are in
    waiting: tuple[int, ...] = ()  # the sealed bidders still to bid
    #: the sealed bids made, only with [VAR-OPEN-INFO] or once the game has ended
    bids: dict[int, int] | None = None


class DogEatDogSaleView(msgspec.Struct, frozen=True, kw_only=True):
    good: str
    price: int
    sellers: tuple[int, ...]


class DogEatDogBriberyView(msgspec.Struct, frozen=True, kw_only=True):
    card: str | None  # None: the briber names a public law ([BRIBE-LAW-LATER])
    occasion: BriberyOccasion
    asked: tuple[int, ...]  # still to be offered an attempt, next first


class DogEatDogEmbezzlementView(msgspec.Struct, frozen=True, kw_only=True):
    """An embezzlement declared ([EMBEZZLE-DECLARE]): who, and the holders still to answer;
    never its amount ([SEE-PRIVATE])."""

    seat: int
    asked: tuple[int, ...]
    bonus: bool


class DogEatDogTurnView(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    number: int
    step: Step | None
    steps_done: tuple[Step, ...]
    window: DogEatDogWindowView | None
    strike: StrikeChoice | None = None  # [SPACE-STRIKE]
    auction: DogEatDogAuctionView | None = None
    sale: DogEatDogSaleView | None = None
    priced: tuple[str, ...] = ()
    workers_used: int = 0
    drawn: tuple[str, ...] = ()  # Red Tape cards drawn this turn, face up ([REDTAPE-HAND])
    card: str | None = None  # the Current Event whose choice is asked ([REDTAPE-CE])
    borrowed: int = 0  # lent by the bank this turn ([LOAN-WHEN], [SEE-PUBLIC])
    bribery: DogEatDogBriberyView | None = None  # an official offered now ([BRIBE-ATTEMPT])


class DogEatDogView(msgspec.Struct, frozen=True, kw_only=True):
    game_id: UUID
    version: int
    viewer: int | None
    status: GameStatus
    seat_count: int
    settings: DogEatDogSettings
    rules_version: str
    divisions: tuple[str, ...]  # the division cards in the game
    seats: tuple[DogEatDogSeatView, ...]
    squares: tuple[DogEatDogSquareView, ...]
    supply: dict[str, int]
    supply_workers: int
    supply_pollution: int
    marketplace: dict[str, int]  # [COMP-SHEETS], [SELL-DEST]
    deck_size: int
    discard: tuple[str, ...]  # top last
    public_laws: tuple[str, ...]
    first_chooser: int | None
    start_player: int | None
    round: int
    turn: DogEatDogTurnView | None
    embezzlement: DogEatDogEmbezzlementView | None
    awaiting: tuple[DogEatDogDecision, ...]
    outcome: Outcome | None
    #: The trade proposed and not answered yet, to everyone ([SEE-PUBLIC], docs/OFFERS.md).
    offers: tuple[Offer[DogEatDogTradeSide], ...] = ()


def game_view(
    state: DogEatDogState,
    version: int,
    viewer: int | None,
    *,
    outcome: Outcome | None,
    reveal_all: bool = False,
    awaiting: Sequence[DogEatDogDecision] | None = None,
) -> DogEatDogView:
    open_swiss = reveal_all or state.status is GameStatus.ENDED or state.settings.open_info
    if awaiting is None:
        awaiting = pending(state)  # every sealed bidder at once ([VAR-AUCTION-SEALED])
    return DogEatDogView(
        game_id=state.game_id,
        version=version,
        viewer=viewer,
        status=state.status,
        seat_count=state.seats_wanted,
        settings=state.settings,
        rules_version=state.rules_version,
        divisions=state.divisions,
        seats=tuple([_seat_view(state, player, viewer, open_swiss) for player in state.players]),
        squares=_squares_view(
            tuple([(s.id, s.stage, s.markers, s.controller) for s in state.squares.values()])
        ),
        supply=dict(state.supply),
        supply_workers=state.supply_workers,
        supply_pollution=state.supply_pollution,
        marketplace=_held(state.marketplace),
        deck_size=len(state.deck),
        discard=tuple(state.discard),
        public_laws=tuple(state.public_laws),
        first_chooser=state.first_chooser,
        start_player=state.start_player,
        round=state.round,
        turn=_turn_view(state, open_swiss),
        embezzlement=None
        if state.embezzlement is None
        else DogEatDogEmbezzlementView(
            seat=state.embezzlement.seat,
            asked=tuple(state.embezzlement.asked),
            bonus=state.embezzlement.bonus,
        ),
        awaiting=tuple(awaiting),
        outcome=outcome,
        offers=() if state.offer is None else (state.offer,),
    )


def _held(counts: dict[str, int]) -> dict[str, int]:
    """``counts`` without the goods counted 0: a plain copy when there are none (as there
    mostly are), which every seat of every view asks."""
    if 0 not in counts.values():
        return dict(counts)
    return {good: count for good, count in counts.items() if count}


@lru_cache(maxsize=1024)
def _squares_view(
    squares: tuple[tuple[str, int, int, int | None], ...],
) -> tuple[DogEatDogSquareView, ...]:
    """The squares as everyone sees them, made once for each look of the board: they change
    seldom, and every view shows them all."""
    return tuple(
        [
            DogEatDogSquareView(id=id_, stage=stage, markers=markers, controller=controller)
            for id_, stage, markers, controller in squares
        ]
    )


def _seat_view(
    state: DogEatDogState, player: Player, viewer: int | None, open_swiss: bool
) -> DogEatDogSeatView:
    seat = player.seat
    own = open_swiss or seat == viewer  # ``visible_to((seat,), viewer)``, asked of every seat
    pending = state.embezzlement
    embezzling = pending is not None and pending.seat == seat
    # Standing instructions and violations are rare: most seats' are empty, and cost no walk.
    instructions = player.instructions
    violations = state.violations
    return DogEatDogSeatView(
        seat=seat,
        name=player.name,
        bot=player.bot,
        division=player.division,
        corporate=player.corporate if own or not embezzling else None,
        swiss=player.swiss if own else None,
        embezzling=pending.amount if own and embezzling and pending is not None else None,
        workers=player.workers,
        goods=_held(player.goods),
        pollution_markers=player.pollution_markers,
        squares=tuple(player.squares),
        runner=player.runner,
        current_events=tuple(player.current_events),
        officials=tuple(player.officials),
        instructions=tuple(
            (card, target, invoke) for (card, target), invoke in sorted(instructions.items())
        )
        if instructions
        else (),
        in_game=player.in_game,
        violations=(
            tuple((v.rule, v.turn, v.shortfall) for v in violations if v.seat == seat)
            if violations
            else ()
        )
        if own
        else None,
    )


def _turn_view(state: DogEatDogState, open_all: bool) -> DogEatDogTurnView | None:
    turn = state.turn
    if turn.seat < 0:
        return None
    window, auction, sale = turn.window, turn.auction, turn.sale
    return DogEatDogTurnView(
        seat=turn.seat,
        number=turn.number,
        step=turn.step,
        steps_done=tuple(turn.steps_done),
        window=None
        if window is None
        else DogEatDogWindowView(after=window.after, speaker=window.speaker, passes=window.passes),
        strike=turn.strike,
        auction=None
        if auction is None
        else DogEatDogAuctionView(
            square=auction.square,
            bidders=tuple(auction.bidders),
            high_bid=auction.high_bid,
            high_bidder=auction.high_bidder,
            sealed=auction.sealed,
            waiting=tuple(auction.waiting),
            bids=dict(auction.bids) if open_all and auction.sealed else None,
        ),
        sale=None
        if sale is None
        else DogEatDogSaleView(good=sale.good, price=sale.price, sellers=tuple(sale.sellers)),
        priced=tuple(turn.priced),
        workers_used=turn.workers_used,
        drawn=tuple(turn.drawn),
        card=turn.card,
        borrowed=turn.borrowed,
        bribery=None
        if turn.bribery is None
        else DogEatDogBriberyView(
            card=turn.bribery.card,
            occasion=turn.bribery.occasion,
            asked=tuple(turn.bribery.asked),
        ),
    )


def event_view(event: DomainEvent, viewer: int | None, *, game_ended: bool) -> DomainEvent:
    """``event`` as ``viewer`` (a seat, or None for a spectator) may see it, judged alone."""
    if game_ended or not isinstance(event, HIDDEN_EVENTS):
        return event
    if isinstance(event, DogEatDogGameOpened):
        return blanked(event, seed=HIDDEN)
    if isinstance(event, DogEatDogRedTapeShuffled):
        # The deck's order is secret to all, its size public ([SEE-SECRET], [RNG-PUBLIC]).
        return blanked(event, cards=())
    if (
        isinstance(event, (*PRIVATE_AMOUNT_EVENTS, DogEatDogSealedBidMade))
        and not getattr(event, "public", False)  # [VAR-OPEN-INFO]
        and not visible_to((getattr(event, "seat", -1),), viewer)
    ):
        # An embezzled amount is its embezzler's alone, stopped or not ([SEE-PRIVATE]); so is
        # a sealed bid, until all are revealed together ([VAR-AUCTION-SEALED]).
        return blanked(event, amount=HIDDEN)
    if (
        isinstance(event, PRIVATE_VIOLATION_EVENTS)
        and not getattr(event, "public", False)  # [VAR-OPEN-INFO]
        and not visible_to((getattr(event, "seat", -1),), viewer)
    ):
        # A violation is its violator's alone until denounced or reported ([SEE-PRIVATE]).
        return blanked(event, shortfall=HIDDEN)
    return event
