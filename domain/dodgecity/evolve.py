"""Applying events to state. Applying never validates, never fails and never draws at random, so
every recorded history replays ([SETUP-RANDOM]); the rules checked everything before recording."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.dodgecity.catalog import EVENT_CARDS, CardKind, deck
from domain.dodgecity.state import (
    Building,
    BuildingStatus,
    CardTask,
    DiscardedCard,
    Duel,
    EventTask,
    GameState,
    Player,
    Status,
    TurnStep,
)
from domain.events.dodgecity import (
    BuildingClaimed,
    BuildingNeutralised,
    BuildingScored,
    CardPlayed,
    CardResolved,
    CardRevealed,
    CardsDealt,
    CardsDiscarded,
    CardsDrawn,
    ChallengeIssued,
    ChallengePassed,
    DisputeResolved,
    DomainEvent,
    DrawPileShuffled,
    DuelCardCommitted,
    DuelFought,
    EventCardDrawn,
    EventCardResolved,
    EventEffectEnded,
    EventPileShuffled,
    GameCreated,
    GameEnded,
    GameStarted,
    MoneyPaid,
    MoneyReceived,
    PassBegan,
    PlayerJoined,
    RecipientChosen,
    Stage,
    StageBegan,
    StartCardCommitted,
    StartCardsRevealed,
    StartPlayerChosen,
    StoneBought,
    StonePlaced,
    StoneRemovalDeclined,
    StoneRemoved,
    StoneSold,
    StoneTransferred,
    TieDuelCardDrawn,
    TurnBegan,
    TurnEnded,
)
from domain.events.dodgecity.values import Cell
from domain.events.kernel import KERNEL_EVENT_CLASSES

SETTING_STAGES = (Stage.SETTING_ROUND_1, Stage.SETTING_ROUND_2)


def is_question(state: GameState, card: str) -> bool:
    return deck(state.variants.deck)[card].kind is CardKind.QUESTION


def clockwise_from(state: GameState, seat: int) -> tuple[int, ...]:
    n = state.player_count
    return tuple((seat + i) % n for i in range(n))


def _created(state: GameState, e: GameCreated) -> None:
    state.game_id = e.originator_id
    state.max_players = e.max_players
    state.variants = e.variants
    state.rules_version = e.rules_version
    state.seed = e.seed


def _joined(state: GameState, e: PlayerJoined) -> None:
    state.players.append(Player(seat=e.seat, name=e.name, colour=e.colour, bot=e.bot))


def _started(state: GameState, e: GameStarted) -> None:
    state.status = Status.RUNNING
    state.buildings = {b: Building(id=b) for b in e.buildings}
    for player in state.players:
        player.money = e.money_each


def _draw_pile_shuffled(state: GameState, e: DrawPileShuffled) -> None:
    state.draw_pile = list(e.order)
    if e.from_discard:
        state.discard = []


def _event_pile_shuffled(state: GameState, e: EventPileShuffled) -> None:
    state.event_pile = list(e.order)
    if e.from_discard:
        state.event_discard = []


def _take_from_draw_pile(state: GameState, seat: int, cards: tuple[str, ...]) -> None:
    del state.draw_pile[: len(cards)]
    state.players[seat].hand.extend(cards)


def _dealt(state: GameState, e: CardsDealt) -> None:
    _take_from_draw_pile(state, e.seat, e.cards)


def _drawn(state: GameState, e: CardsDrawn) -> None:
    _take_from_draw_pile(state, e.seat, e.cards)


def _pass_began(state: GameState, e: PassBegan) -> None:
    state.pass_number = e.number
    state.dispute_losers = {}


def _stage_began(state: GameState, e: StageBegan) -> None:
    state.stage = e.stage
    if e.stage in (Stage.START_ROUND, Stage.DUEL_ROUND):
        state.commitments = {}
        state.revealed = set()
        state.drew_event = set()
        state.event_queue = []
    if e.stage is Stage.DUEL_ROUND:
        state.fought = set()
        state.chain_next = 0
        state.duel = None
    if e.stage is Stage.SETTING_ROUND_1:
        # The start round is over: its revealed cards go face up onto the discard pile.
        for _seat, card in sorted(state.commitments.items()):
            state.discard.append(DiscardedCard(card, True, None))
        state.commitments = {}
    if e.stage in SETTING_STAGES:
        state.turn = None
        state.turn_step = TurnStep.PLAY
    if e.stage is Stage.SCORING:
        # The duel round is over: committed cards leave the table ([DUEL-DISCARD]).
        for seat, card in sorted(state.commitments.items()):
            face_up = seat in state.revealed
            state.discard.append(DiscardedCard(card, face_up, None if face_up else seat))
        state.commitments = {}


def _start_committed(state: GameState, e: StartCardCommitted) -> None:
    state.players[e.seat].hand.remove(e.card)
    state.commitments[e.seat] = e.card


def _start_revealed(state: GameState, e: StartCardsRevealed) -> None:
    state.revealed.update(seat for seat, _card in e.cards)


def _start_player(state: GameState, e: StartPlayerChosen) -> None:
    state.start_player = e.seat
    state.order = clockwise_from(state, e.seat)
    shown = state.commitments
    state.event_queue = [
        seat for seat in state.order if seat in shown and is_question(state, shown[seat])
    ]


def _turn_began(state: GameState, e: TurnBegan) -> None:
    state.turn = e.seat
    state.turn_step = TurnStep.PLAY
    state.placed_this_turn = {}
    state.played_card = None
    state.card_task = None


def _turn_ended(state: GameState, e: TurnEnded) -> None:
    state.turn_step = TurnStep.DONE


def _card_played(state: GameState, e: CardPlayed) -> None:
    state.players[e.seat].hand.remove(e.card)
    state.played_card = e.card
    state.turn_step = TurnStep.RESOLVE
    card = deck(state.variants.deck)[e.card]
    if card.kind is CardKind.PICTURE:
        state.card_task = CardTask(card=e.card, remaining=card.value)
    elif card.kind is CardKind.INDIAN:
        state.card_task = CardTask(card=e.card, remaining=3)  # [SET-INDIAN]
    else:
        state.card_task = CardTask(card=e.card, remaining=0)


def _card_resolved(state: GameState, e: CardResolved) -> None:
    state.discard.append(DiscardedCard(e.card, True, None))
    state.card_task = None
    state.played_card = None
    state.turn_step = TurnStep.BUY


def _duel_committed(state: GameState, e: DuelCardCommitted) -> None:
    state.players[e.seat].hand.remove(e.card)
    state.commitments[e.seat] = e.card


def _discarded(state: GameState, e: CardsDiscarded) -> None:
    hand = state.players[e.seat].hand
    for card in e.cards:
        hand.remove(card)
        state.discard.append(DiscardedCard(card, False, e.seat))


def _revealed(state: GameState, e: CardRevealed) -> None:
    state.revealed.add(e.seat)


def _claimed(state: GameState, e: BuildingClaimed) -> None:
    state.buildings[e.building].figure = e.figure
    state.symbol_discs_used[e.figure] = state.symbol_discs_used.get(e.figure, 0) + 1


def _put_stone(state: GameState, seat: int, building: str, cell: Cell, cause: str) -> None:
    state.buildings[building].stones[cell] = seat
    state.players[seat].on_board += 1
    if state.stage in SETTING_STAGES and state.turn == seat:
        state.placed_this_turn[building] = state.placed_this_turn.get(building, 0) + 1
    task = state.card_task
    if task is not None and task.card == cause:
        task.remaining -= 1
        task.building = building
    _advance_event_progress(state, cause, building)


def _advance_event_progress(state: GameState, cause: str, building: str) -> None:
    task = state.event_task
    if task is not None and task.event == cause:
        task.progress += 1
        task.building = building
        task.served.append(building)


def _bought(state: GameState, e: StoneBought) -> None:
    state.players[e.seat].money -= e.price
    _put_stone(state, e.seat, e.building, e.cell, "buy")


def _placed(state: GameState, e: StonePlaced) -> None:
    _put_stone(state, e.seat, e.building, e.cell, e.cause)


def _removed(state: GameState, e: StoneRemoved) -> None:
    del state.buildings[e.building].stones[e.cell]
    state.players[e.owner].on_board -= 1
    task = state.card_task
    if task is not None and task.card == e.cause:
        task.remaining -= 1
    _advance_event_progress(state, e.cause, e.building)
    if e.cause == "duel" and state.duel is not None:
        state.duel.removal_pending = False


def _removal_declined(state: GameState, e: StoneRemovalDeclined) -> None:
    if state.duel is not None:
        state.duel.removal_pending = False


def _transferred(state: GameState, e: StoneTransferred) -> None:
    stones = state.buildings[e.building].stones
    state.players[e.owner].on_board -= 1
    if e.replaced:
        stones[e.cell] = e.recipient
        state.players[e.recipient].on_board += 1
    else:
        del stones[e.cell]
    _advance_event_progress(state, e.cause, e.building)


def _sold(state: GameState, e: StoneSold) -> None:
    del state.buildings[e.building].stones[e.cell]
    player = state.players[e.seat]
    player.on_board -= 1
    player.money += e.amount


def _close(state: GameState, building: Building, status: BuildingStatus) -> None:
    for owner in building.stones.values():
        state.players[owner].on_board -= 1
    building.stones = {}
    building.status = status


def _neutralised(state: GameState, e: BuildingNeutralised) -> None:
    _close(state, state.buildings[e.building], BuildingStatus.NEUTRAL)


def _scored(state: GameState, e: BuildingScored) -> None:
    building = state.buildings[e.building]
    _close(state, building, BuildingStatus.SCORED)
    building.scored_by = e.seat
    player = state.players[e.seat]
    player.value_discs.append(e.points)
    player.money += e.rent


def _money_received(state: GameState, e: MoneyReceived) -> None:
    state.players[e.seat].money += e.amount


def _money_paid(state: GameState, e: MoneyPaid) -> None:
    state.players[e.seat].money -= e.amount
    if e.to is not None:
        state.players[e.to].money += e.amount


def _event_drawn(state: GameState, e: EventCardDrawn) -> None:
    if state.event_pile and state.event_pile[0] == e.event:
        state.event_pile.pop(0)
    targets: tuple[str, ...] = ()
    if any(eff.placement == "each_building_where_present" for eff in EVENT_CARDS[e.event].effects):
        # E04: "where you are present" is fixed when the card is drawn ([EVENT-MANDATORY]).
        targets = tuple(
            b.id for b in state.buildings.values() if b.is_open and e.seat in b.stones.values()
        )
    state.event_task = EventTask(seat=e.seat, event=e.event, targets=targets)
    state.drew_event.add(e.seat)
    if e.seat in state.event_queue:
        state.event_queue.remove(e.seat)
    if state.card_task is not None and state.turn == e.seat:
        state.card_task.event_drawn = True


def _recipient_chosen(state: GameState, e: RecipientChosen) -> None:
    if state.event_task is not None:
        state.event_task.recipient = e.recipient


def _effect_ended(state: GameState, e: EventEffectEnded) -> None:
    task = state.event_task
    if task is not None:
        task.effect = e.effect + 1
        task.progress = 0
        task.building = None
        task.served = []


def _event_resolved(state: GameState, e: EventCardResolved) -> None:
    state.event_discard.append(e.event)
    state.event_task = None


def _challenge_issued(state: GameState, e: ChallengeIssued) -> None:
    state.duel = Duel(challenger=e.challenger, opponent=e.opponent, building=e.building)
    state.chain_next = state.order.index(e.challenger) + 1


def _challenge_passed(state: GameState, e: ChallengePassed) -> None:
    state.chain_next = state.order.index(e.seat) + 1


def _queue_question_draw(state: GameState, seat: int) -> None:
    card = state.commitments.get(seat)
    if (
        card is not None
        and is_question(state, card)
        and seat not in state.drew_event
        and seat not in state.event_queue
    ):
        state.event_queue.append(seat)


def _duel_fought(state: GameState, e: DuelFought) -> None:
    state.revealed.update((e.challenger, e.opponent))
    state.fought.update((e.challenger, e.opponent))
    duel = state.duel or Duel(e.challenger, e.opponent, e.building)
    duel.winner = e.winner
    loser = None if e.winner is None else (e.opponent if e.winner == e.challenger else e.challenger)
    duel.removal_pending = (
        loser is not None and loser in state.buildings[e.building].stones.values()
    )
    state.duel = duel
    for seat in (e.challenger, e.opponent):  # challenger first ([DUEL-QUESTION])
        _queue_question_draw(state, seat)


def _dispute_resolved(state: GameState, e: DisputeResolved) -> None:
    state.revealed.update(e.contenders)
    state.dispute_losers[e.building] = {s for s in e.contenders if s != e.winner}
    for seat in e.contenders:
        _queue_question_draw(state, seat)


def _tie_duel_draw(state: GameState, e: TieDuelCardDrawn) -> None:
    if state.draw_pile and state.draw_pile[0] == e.card:
        state.draw_pile.pop(0)
    state.discard.append(DiscardedCard(e.card, True, None))
    state.tie_duel_draws.setdefault(e.seat, []).append(e.card)


def _ended(state: GameState, e: GameEnded) -> None:
    state.status = Status.ENDED
    state.end_reason = e.reason
    state.winners = e.winners


_APPLY: dict[type[DomainEvent], Callable[[GameState, Any], None]] = {
    GameCreated: _created,
    PlayerJoined: _joined,
    GameStarted: _started,
    DrawPileShuffled: _draw_pile_shuffled,
    EventPileShuffled: _event_pile_shuffled,
    CardsDealt: _dealt,
    CardsDrawn: _drawn,
    PassBegan: _pass_began,
    StageBegan: _stage_began,
    StartCardCommitted: _start_committed,
    StartCardsRevealed: _start_revealed,
    StartPlayerChosen: _start_player,
    TurnBegan: _turn_began,
    TurnEnded: _turn_ended,
    CardPlayed: _card_played,
    CardResolved: _card_resolved,
    DuelCardCommitted: _duel_committed,
    CardsDiscarded: _discarded,
    CardRevealed: _revealed,
    BuildingClaimed: _claimed,
    StoneBought: _bought,
    StonePlaced: _placed,
    StoneRemoved: _removed,
    StoneRemovalDeclined: _removal_declined,
    StoneTransferred: _transferred,
    StoneSold: _sold,
    BuildingNeutralised: _neutralised,
    BuildingScored: _scored,
    MoneyReceived: _money_received,
    MoneyPaid: _money_paid,
    EventCardDrawn: _event_drawn,
    RecipientChosen: _recipient_chosen,
    EventEffectEnded: _effect_ended,
    EventCardResolved: _event_resolved,
    ChallengeIssued: _challenge_issued,
    ChallengePassed: _challenge_passed,
    DuelFought: _duel_fought,
    DisputeResolved: _dispute_resolved,
    TieDuelCardDrawn: _tie_duel_draw,
    GameEnded: _ended,
}


def evolve(state: GameState, event: DomainEvent) -> GameState:
    """Apply one event to the state, in place, and return the state. The kernel's events
    (``domain/events/kernel.py``) are the table's, not the game's: they change nothing here."""
    kind = type(event)
    if kind in KERNEL_EVENT_CLASSES:
        return state
    _APPLY[kind](state, event)
    if kind in _CHANGE_A_BUILDING:
        state.buildings[event.building].derived.clear()  # type: ignore[attr-defined]
    return state


#: The events that may change a building (claims, stones, closing) are those that name one,
#: but for those that only say where a duel is fought: what was derived from the building
#: (``domain.dodgecity.remembered``) stays good through a challenge, a duel and a dispute.
_CHANGE_A_BUILDING = frozenset(
    kind
    for kind in _APPLY
    if "building" in kind.__struct_fields__
    and kind not in (ChallengeIssued, DuelFought, DisputeResolved)
)
