"""A game told step by step in plain English, for people reading a replay.

``describe`` turns one event, already redacted for its reader by
``domain.dodgecity.views.event_view``, into one sentence; ``public_summary`` turns a ``GameView``
into a few lines of money, points and buildings; ``narrate`` folds a stored history and
interleaves both. Nothing here decides what a reader may see: redaction stays in
``domain.dodgecity.views``, and these functions only word what is left, saying "a card face down"
where a value was hidden.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from domain.dodgecity.catalog import BUILDINGS, EVENT_CARDS, CardKind, deck
from domain.dodgecity.decisions import Decision, DecisionKind
from domain.dodgecity.evolve import evolve
from domain.dodgecity.state import GameState
from domain.dodgecity.views import HIDDEN, BuildingView, GameView, PlayerView, event_view, game_view
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
    Cell,
    ChallengeIssued,
    ChallengePassed,
    DisputeResolved,
    DomainEvent,
    DrawPileShuffled,
    DuelCardCommitted,
    DuelFought,
    EffectOutcome,
    EndReason,
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
    PassReason,
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
    Variants,
)
from domain.events.kernel import KernelEvent
from domain.table import describe_kernel_event

DEFAULT_DECK = Variants().deck

#: After these events the replay shows where the game stands.
SUMMARY_POINTS: tuple[type[DomainEvent], ...] = (TurnEnded, StageBegan, PassBegan, GameEnded)

SUMMARY_INDENT = " " * 6

STAGE_WORDS: dict[Stage, str] = {
    Stage.START_ROUND: "start round",
    Stage.SETTING_ROUND_1: "setting round 1",
    Stage.SETTING_ROUND_2: "setting round 2",
    Stage.DUEL_ROUND: "duel round: committing duel cards",
    Stage.CHALLENGES: "duel round: challenges",
    Stage.CONTROL_DISPUTES: "duel round: control disputes",
    Stage.SCORING: "scoring",
}

END_WORDS: dict[EndReason, str] = {
    EndReason.POINTS: "a player reached 6 points",
    EndReason.BOARD_CLOSED: "every building was closed",
    EndReason.PASS_LIMIT: "the last pass was over",
}

PASS_WORDS: dict[PassReason, str] = {
    PassReason.NO_OPPONENT: "had nobody to challenge and passed",
    PassReason.FORCED_INDIAN: "held a forced Indian and could not challenge",
    PassReason.CHOSE_TO_PASS: "passed on the challenge",
}

OUTCOME_WORDS: dict[EffectOutcome, str] = {
    EffectOutcome.DONE: "carried out",
    EffectOutcome.PARTIAL: "carried out as far as possible",
    EffectOutcome.SKIPPED: "skipped",
    EffectOutcome.DECLINED: "declined",
}

CARD_KIND_WORDS: dict[CardKind, str] = {CardKind.INDIAN: "Indian", CardKind.QUESTION: "?"}


@dataclass(frozen=True)
class Words:
    """How to name seats, cards, buildings and causes for one game."""

    names: Sequence[str]
    deck_name: str = DEFAULT_DECK

    def seat(self, seat: int | None) -> str:
        if seat is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        # People count seats from 1 (the page, BANG!'s narration); the events count from 0.
        return "a seat" if seat is None else f"seat {seat + 1}"

    def seats(self, seats: Sequence[int]) -> str:
        return _and_list([self.seat(s) for s in seats]) or "nobody"

    def card(self, card_id: str) -> str:
        """E.g. ``Lady 7 [C03]``: what is printed on the card, then the id players act with."""
        card = deck(self.deck_name).get(card_id)
        if card is None:
            return card_id
        if card.figure is None:
            return f"{CARD_KIND_WORDS[card.kind]} [{card_id}]"
        picture = " picture" if card.kind is CardKind.PICTURE else ""
        return f"{card.figure.value.capitalize()}{picture} {card.value} [{card_id}]"

    def cards(self, card_ids: Sequence[str]) -> str:
        return ", ".join(self.card(c) for c in card_ids) or "no cards"

    def forfeited(self, card_id: str, count: int) -> str:
        """What a card's unused part is called: removals for an Indian, free stones otherwise."""
        card = deck(self.deck_name).get(card_id)
        noun = "removal" if card is not None and card.kind is CardKind.INDIAN else "free stone"
        return _plural(count, noun)

    def building(self, building_id: str) -> str:
        spec = BUILDINGS.get(building_id)
        return f"the {spec.name}" if spec is not None else building_id

    def stone(self, building_id: str, cell: Cell) -> str:
        return f"{self.building(building_id)} at ({cell[0]}, {cell[1]})"

    def cause(self, cause: str) -> str:
        """What made something happen: a playing card, an event card, or a duel."""
        if cause in EVENT_CARDS:
            return f"event card {cause}"  # its title was shown when it was drawn
        if cause == "duel":
            return "the duel"
        return self.card(cause)


def event_title(event_id: str) -> str:
    """An event card's id and its first sentence, e.g. ``E01 "Your people are amateurs!"``."""
    card = EVENT_CARDS.get(event_id)
    if card is None:
        return f"event card {event_id}"
    first_sentence = re.split(r"(?<=[.!?])\s", card.en, maxsplit=1)[0]
    return f'{event_id} "{first_sentence}"'


def _and_list(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _shown(value: object) -> bool:
    """Whether a field survived redaction: hidden cards read HIDDEN, a hidden flag reads None."""
    if isinstance(value, tuple):
        return HIDDEN not in value
    return value is not None and value != HIDDEN


# -- one formatter per event class ----------------------------------------------------------


def _game_created(e: GameCreated, w: Words) -> str:
    seed = f", seed {e.seed}" if _shown(e.seed) else ""
    return (
        f"A game was opened for up to {e.max_players} players "
        f"(deck {e.variants.deck}, rules {e.rules_version}{seed})"
    )


def _player_joined(e: PlayerJoined, w: Words) -> str:
    who = e.name if e.bot is None else f"{e.name}, a {e.bot} bot,"
    return f"{who} took seat {e.seat + 1} to play {e.colour.value}"


def _game_started(e: GameStarted, w: Words) -> str:
    buildings = _and_list([w.building(b) for b in e.buildings])
    return f"The game started with {e.players} players, ${e.money_each} each, and {buildings}"


def _pass_began(e: PassBegan, w: Words) -> str:
    return f"Pass {e.number} began"


def _stage_began(e: StageBegan, w: Words) -> str:
    return f"A new stage began: {STAGE_WORDS[e.stage]}"


def _turn_began(e: TurnBegan, w: Words) -> str:
    return f"{w.seat(e.seat)}'s setting turn began"


def _turn_ended(e: TurnEnded, w: Words) -> str:
    return f"{w.seat(e.seat)} ended the turn"


def _pile_formed(pile: str, order: tuple[str, ...], from_discard: bool) -> str:
    source = " from the discard pile" if from_discard else ""
    shown = f" (top first: {' '.join(order)})" if _shown(order) else ""
    return f"The {pile} pile was shuffled{source}: {_plural(len(order), 'card')}{shown}"


def _draw_pile_shuffled(e: DrawPileShuffled, w: Words) -> str:
    return _pile_formed("draw", e.order, e.from_discard)


def _event_pile_shuffled(e: EventPileShuffled, w: Words) -> str:
    return _pile_formed("event", e.order, e.from_discard)


def _cards_dealt(e: CardsDealt, w: Words) -> str:
    shown = f": {w.cards(e.cards)}" if _shown(e.cards) else ""
    return f"{w.seat(e.seat)} was dealt {_plural(len(e.cards), 'card')}{shown}"


def _cards_drawn(e: CardsDrawn, w: Words) -> str:
    shown = f": {w.cards(e.cards)}" if _shown(e.cards) else ""
    drawn = _plural(len(e.cards), "card")
    return f"{w.seat(e.seat)} drew {drawn} for {w.cause(e.cause)}{shown}"


def _start_card_committed(e: StartCardCommitted, w: Words) -> str:
    card = w.card(e.card) if _shown(e.card) else "a card"
    return f"{w.seat(e.seat)} committed {card} face down as start card"


def _start_cards_revealed(e: StartCardsRevealed, w: Words) -> str:
    shown = [f"{w.seat(seat)} {w.card(card)}" for seat, card in e.cards]
    return f"Start cards were turned up: {', '.join(shown) or 'none'}"


def _start_player_chosen(e: StartPlayerChosen, w: Words) -> str:
    lot = f", by lot among {w.seats(e.tied)}" if e.by_lot else ""
    return f"{w.seat(e.seat)} became start player{lot}"


def _card_played(e: CardPlayed, w: Words) -> str:
    return f"{w.seat(e.seat)} played {w.card(e.card)}"


def _card_resolved(e: CardResolved, w: Words) -> str:
    unused = f", {w.forfeited(e.card, e.forfeited)} left unused" if e.forfeited else ""
    return f"{w.seat(e.seat)}'s {w.card(e.card)} was done and discarded face up{unused}"


def _duel_card_committed(e: DuelCardCommitted, w: Words) -> str:
    card = w.card(e.card) if _shown(e.card) else "a duel card"
    forced = " (the only choice)" if e.forced else ""
    return f"{w.seat(e.seat)} committed {card} face down{forced}"


def _cards_discarded(e: CardsDiscarded, w: Words) -> str:
    cards = w.cards(e.cards) if _shown(e.cards) else _plural(len(e.cards), "card")
    return f"{w.seat(e.seat)} discarded {cards} face down"


def _card_revealed(e: CardRevealed, w: Words) -> str:
    return f"{w.seat(e.seat)} revealed {w.card(e.card)} for a control dispute"


def _building_claimed(e: BuildingClaimed, w: Words) -> str:
    return f"{w.seat(e.seat)} claimed {w.building(e.building)} for the {e.figure.value}"


def _stone_bought(e: StoneBought, w: Words) -> str:
    return f"{w.seat(e.seat)} bought a stone for ${e.price}: {w.stone(e.building, e.cell)}"


def _stone_placed(e: StonePlaced, w: Words) -> str:
    where = w.stone(e.building, e.cell)
    return f"{w.seat(e.seat)} placed a free stone ({w.cause(e.cause)}): {where}"


def _stone_removed(e: StoneRemoved, w: Words) -> str:
    where, why = w.stone(e.building, e.cell), w.cause(e.cause)
    if e.by == e.owner:
        return f"{w.seat(e.owner)} lost a stone ({why}): {where}"
    return f"{w.seat(e.by)} removed {w.seat(e.owner)}'s stone ({why}): {where}"


def _stone_removal_declined(e: StoneRemovalDeclined, w: Words) -> str:
    return f"{w.seat(e.seat)} won the duel but removed no stone"


def _stone_transferred(e: StoneTransferred, w: Words) -> str:
    where, owner, recipient = w.stone(e.building, e.cell), w.seat(e.owner), w.seat(e.recipient)
    if e.replaced:
        return f"{owner}'s stone went over to {recipient} ({w.cause(e.cause)}): {where}"
    return f"{owner}'s stone left, {recipient} had none to put there: {where}"


def _stone_sold(e: StoneSold, w: Words) -> str:
    where = w.stone(e.building, e.cell)
    return f"{w.seat(e.seat)} sold a stone to the bank for ${e.amount}: {where}"


def _building_neutralised(e: BuildingNeutralised, w: Words) -> str:
    return f"{w.building(e.building).capitalize()} was full and nobody controlled it: it closed"


def _building_scored(e: BuildingScored, w: Words) -> str:
    return (
        f"{w.seat(e.seat)} scored {w.building(e.building)}: "
        f"{_plural(e.points, 'point')} and ${e.rent} rent"
    )


def _money_received(e: MoneyReceived, w: Words) -> str:
    return f"{w.seat(e.seat)} received ${e.amount} from the bank ({w.cause(e.cause)})"


def _money_paid(e: MoneyPaid, w: Words) -> str:
    payee = "the bank" if e.to is None else w.seat(e.to)
    waived = f"; ${e.waived} was waived" if e.waived else ""
    return f"{w.seat(e.seat)} paid ${e.amount} to {payee} ({w.cause(e.cause)}){waived}"


def _event_card_drawn(e: EventCardDrawn, w: Words) -> str:
    return f"{w.seat(e.seat)} drew event card {event_title(e.event)}"


def _recipient_chosen(e: RecipientChosen, w: Words) -> str:
    return f"{w.seat(e.seat)} chose {w.seat(e.recipient)} to receive the stones of {e.event}"


def _event_effect_ended(e: EventEffectEnded, w: Words) -> str:
    return f"{e.event} clause {e.effect + 1} for {w.seat(e.seat)}: {OUTCOME_WORDS[e.outcome]}"


def _event_card_resolved(e: EventCardResolved, w: Words) -> str:
    return f"{w.seat(e.seat)}'s event card {e.event} was resolved and discarded"


def _challenge_issued(e: ChallengeIssued, w: Words) -> str:
    return f"{w.seat(e.challenger)} challenged {w.seat(e.opponent)} over {w.building(e.building)}"


def _challenge_passed(e: ChallengePassed, w: Words) -> str:
    return f"{w.seat(e.seat)} {PASS_WORDS[e.reason]}"


def _duel_fought(e: DuelFought, w: Words) -> str:
    outcome = "nobody won" if e.winner is None else f"{w.seat(e.winner)} won"
    return (
        f"Duel over {w.building(e.building)}: {w.seat(e.challenger)}'s "
        f"{w.card(e.challenger_card)} against {w.seat(e.opponent)}'s "
        f"{w.card(e.opponent_card)}; {outcome}"
    )


def _dispute_resolved(e: DisputeResolved, w: Words) -> str:
    outcome = "nobody" if e.winner is None else w.seat(e.winner)
    return (
        f"{w.seats(e.contenders)} disputed control of {w.building(e.building)}: "
        f"{outcome} could score it this pass"
    )


def _tie_duel_card_drawn(e: TieDuelCardDrawn, w: Words) -> str:
    return f"{w.seat(e.seat)} drew {w.card(e.card)} in final duel round {e.duel_round}"


def _game_ended(e: GameEnded, w: Words) -> str:
    verb = "won" if len(e.winners) == 1 else "shared the win"
    points = ", ".join(f"{w.seat(seat)} {p}" for seat, p in enumerate(e.points))
    return f"The game ended, {END_WORDS[e.reason]}: {w.seats(e.winners)} {verb} (points: {points})"


FORMATTERS: dict[type[DomainEvent], Callable[[Any, Words], str]] = {
    GameCreated: _game_created,
    PlayerJoined: _player_joined,
    GameStarted: _game_started,
    PassBegan: _pass_began,
    StageBegan: _stage_began,
    TurnBegan: _turn_began,
    TurnEnded: _turn_ended,
    DrawPileShuffled: _draw_pile_shuffled,
    EventPileShuffled: _event_pile_shuffled,
    CardsDealt: _cards_dealt,
    CardsDrawn: _cards_drawn,
    StartCardCommitted: _start_card_committed,
    StartCardsRevealed: _start_cards_revealed,
    StartPlayerChosen: _start_player_chosen,
    CardPlayed: _card_played,
    CardResolved: _card_resolved,
    DuelCardCommitted: _duel_card_committed,
    CardsDiscarded: _cards_discarded,
    CardRevealed: _card_revealed,
    BuildingClaimed: _building_claimed,
    StoneBought: _stone_bought,
    StonePlaced: _stone_placed,
    StoneRemoved: _stone_removed,
    StoneRemovalDeclined: _stone_removal_declined,
    StoneTransferred: _stone_transferred,
    StoneSold: _stone_sold,
    BuildingNeutralised: _building_neutralised,
    BuildingScored: _building_scored,
    MoneyReceived: _money_received,
    MoneyPaid: _money_paid,
    EventCardDrawn: _event_card_drawn,
    RecipientChosen: _recipient_chosen,
    EventEffectEnded: _event_effect_ended,
    EventCardResolved: _event_card_resolved,
    ChallengeIssued: _challenge_issued,
    ChallengePassed: _challenge_passed,
    DuelFought: _duel_fought,
    DisputeResolved: _dispute_resolved,
    TieDuelCardDrawn: _tie_duel_card_drawn,
    GameEnded: _game_ended,
}


def describe(event: DomainEvent, names: Sequence[str], *, deck_name: str = DEFAULT_DECK) -> str:
    """One sentence for an event as its reader may see it (pass it through ``event_view`` first).

    ``names[seat]`` names a seat; ``deck_name`` says what the card ids mean in this game.
    """
    if isinstance(event, KernelEvent):
        return describe_kernel_event(event, names)
    formatter = FORMATTERS.get(type(event))
    if formatter is None:
        raise LookupError(f"no description for {type(event).__name__}")
    return formatter(event, Words(names, deck_name))


# -- where the game stands ------------------------------------------------------------------


def public_summary(view: GameView) -> list[str]:
    """A header, one line per player and two buildings per line: about 10 lines for 5 players."""
    words = Words([p.name for p in view.players], view.variants.deck)
    buildings = [_building_line(b, view.players) for b in view.buildings]
    building_lines = [" | ".join(buildings[i : i + 2]) for i in range(0, len(buildings), 2)]
    return [
        _header(view, words),
        *(_player_line(p, words) for p in view.players),
        *building_lines,
    ]


def _header(view: GameView, words: Words) -> str:
    if view.status == "lobby":
        return f"Waiting for players: {len(view.players)} of {view.max_players} seats taken"
    if view.status == "ended":
        reason = f", {END_WORDS[view.end_reason]}" if view.end_reason is not None else ""
        return (
            f"Game over after pass {view.pass_number}{reason}: won by {words.seats(view.winners)}"
        )
    stage = f", {STAGE_WORDS[view.stage]}" if view.stage is not None else ""
    # Between two commands nothing may be awaited yet (the next turn begins in the same command).
    awaiting = f"; awaiting {_awaiting(view.awaiting, words)}" if view.awaiting else ""
    return f"Pass {view.pass_number}{stage}{awaiting}"


def _awaiting(decisions: Sequence[Decision], words: Words) -> str:
    """Seats that face the same decision are grouped, as in a simultaneous commitment."""
    parts = []
    for _key, group in groupby(decisions, key=lambda d: (d.kind, d.event, d.remaining, d.building)):
        members = list(group)
        who = words.seats([d.seat for d in members])
        parts.append(f"{who} to {_decision_words(members[0], words)}")
    return "; ".join(parts)


def _decision_words(decision: Decision, words: Words) -> str:
    text = decision.kind.value.replace("_", " ")
    if decision.building is not None:
        text += f" in {words.building(decision.building)}"
    if decision.kind is DecisionKind.SELL_STONES:
        text += f" (${decision.remaining} owed)"
    elif decision.remaining:
        text += f" ({decision.remaining} left)"
    if decision.event is not None:
        text += f" for {decision.event}"
    return text


def _player_line(player: PlayerView, words: Words) -> str:
    discs = f" ({'+'.join(map(str, player.value_discs))})" if player.value_discs else ""
    hand = f": {words.cards(player.hand)}" if player.hand else ""
    return (
        f"{player.name} ({player.colour.value}): ${player.money}, "
        f"{_plural(player.points, 'point')}{discs}, "
        f"{_plural(player.stones_on_board, 'stone')} on the board, "
        f"{_plural(player.hand_size, 'card')}{hand}"
    )


def _building_line(building: BuildingView, players: Sequence[PlayerView]) -> str:
    figure = (
        "unclaimed"
        if building.figure is None
        else f"{building.figure.value}, {_plural(building.value or 0, 'point')}"
    )
    if building.scored_by is not None:
        return f"{building.name} ({figure}): scored by {players[building.scored_by].name}"
    if building.status != "open":
        return f"{building.name} ({figure}): {building.status}"
    per_seat = Counter(stone.seat for stone in building.stones)
    stones = [
        f"{player.colour.value} {per_seat[player.seat]}"
        for player in players
        if per_seat[player.seat]
    ]
    return f"{building.name} ({figure}): open, {' '.join(stones) or 'no stones'}"


# -- a whole game ---------------------------------------------------------------------------


def narrate(
    events: Sequence[DomainEvent], viewer: int | None, *, reveal_all: bool
) -> Iterator[str]:
    """Lines telling a stored game as ``viewer`` (a seat, or None for a spectator) may see it.

    Each event gives a line ``<version>  <sentence>``, the event redacted by
    ``event_view(event, viewer, game_ended=reveal_all)``; pass ``reveal_all=True`` only for a game
    that has ended ([SEE-END]). Where the game stands (``public_summary``, indented) follows every
    ``TurnEnded``, ``StageBegan``, ``PassBegan`` and ``GameEnded``, and the last event. When such
    events follow one another directly (the last turn of a round, then the next round), the
    summary is shown once, after the last of them: it shows all they changed, and a reader is
    spared two near-identical blocks.
    """
    state = GameState()
    for index, event in enumerate(events):
        evolve(state, event)
        names = [player.name for player in state.players]
        shown = event_view(event, viewer, game_ended=reveal_all)
        sentence = describe(shown, names, deck_name=state.variants.deck)
        yield f"{event.originator_version:>4}  {sentence}"
        following = events[index + 1] if index + 1 < len(events) else None
        if _summary_due(event, following):
            view = game_view(state, event.originator_version, viewer, reveal_all=reveal_all)
            yield from (SUMMARY_INDENT + line for line in public_summary(view))


def _summary_due(event: DomainEvent, following: DomainEvent | None) -> bool:
    if following is None:
        return True
    return isinstance(event, SUMMARY_POINTS) and not isinstance(following, SUMMARY_POINTS)
