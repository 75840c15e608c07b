"""What the rules decide in a seat's place when its time runs out (the game clock): one legal
action for every :class:`~domain.dodgecity.decisions.DecisionKind`, the least committal one,
on public grounds only; a card of the seat's own, where one must be named, drawn at random.

| Decision                   | Default                                      | Rules followed       |
|----------------------------|----------------------------------------------|----------------------|
| ``commit_start_card``      | a card it may commit, drawn from the game's  | [START-COMMIT],      |
|                            | secret seed (below)                          | [START-NO-INDIAN]    |
| ``play_card``              | a card in hand, drawn the same way           | [SET-PLAY],          |
|                            |                                              | [PASS-ONE-CARD]      |
| ``place_picture_stones``   | ``Done``: the stones left are forfeited      | [SET-PICTURE]        |
| ``remove_opposing_stones`` | ``Done``: remove no (more) stones            | [SET-INDIAN]         |
| ``buy_stones``             | ``EndTurn``: buy nothing                     | [SET-END]            |
| ``commit_duel_card``       | as ``commit_start_card``                     | [DUEL-COMMIT],       |
|                            |                                              | [DUEL-NO-INDIAN]     |
| ``challenge``              | ``Pass`` where a player may pass; where the  | [DUEL-CHAIN], [VAR], |
|                            | challenge is compulsory, the first opponent  | [DUEL-NO-INDIAN]     |
|                            | clockwise, over the first shared building in |                      |
|                            | board order                                  |                      |
| ``remove_loser_stone``     | ``Done``: take none of the loser's stones    | [DUEL-WIN]           |
| ``choose_recipient``       | the first opponent clockwise from the drawer | [EVENT-TRANSFER]     |
| ``place_event_stones``     | ``Done`` for an optional clause (E13, E30);  | [EVENT-MANDATORY],   |
|                            | else the first field: building in board      | [EVENT-STONES],      |
|                            | order, then row, column, and (to claim)      | [PLACE-CLAIM]        |
|                            | figure in printed order, lady first          |                      |
| ``remove_own_stones``      | his first stone it may take: building in     | [EVENT-MANDATORY],   |
|                            | board order, then row, then column           | [EVENT-RESOLVE]      |
| ``give_stones``            | his first stone it may give, in the same     | [EVENT-TRANSFER]     |
|                            | order                                        |                      |
| ``sell_stones``            | his first stone, in the same order           | [EVENT-SELL]         |

Board order is ``board.json``'s (``BUILDING_ORDER``), the order disputes and scoring walk.
Every target but a card is public: the board, the seats, money, the variants, the face-up card
being resolved, the event card drawn. Of the decisions naming no card, only the challenge has
legal actions that depend on a hidden card (a forced Indian may only pass, [DUEL-NO-INDIAN]), so
its default is decided by the variant alone: where a player may pass, every seat asked passes,
forced Indian or not; where the challenge is compulsory a forced Indian is never asked, and the
others' options are public (READINGS.md, forced commitments).

Only the two commitments and the card played name the seat's own hidden cards, and no fixed
order of the cards may choose them: the card, once shown (revealed, or played face up), would
tell every other seat that no card earlier in that order was held. So the card is drawn at
random among the legal ones, sorted by id (so that the hand's order does not matter), from a
source keyed by the game's seed, which no seat sees before the game ends, and by public facts
alone: the seat, the pass and its stage (a seat is asked each of these at most once a stage).
Whoever sees the card learns that it was held, as from a chosen card, and nothing of the rest;
and the draw is the same on every run, so ``verify`` re-running a timeout records the same
events.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from domain.dodgecity.actions import (
    Action,
    Challenge,
    ChooseRecipient,
    CommitCard,
    Done,
    EndTurn,
    GiveStone,
    Pass,
    PlaceStone,
    PlayCard,
    RemoveStone,
    SellStone,
)
from domain.dodgecity.catalog import BUILDING_ORDER
from domain.dodgecity.decisions import Decision, DecisionKind
from domain.dodgecity.figures import Figure
from domain.dodgecity.rules.commands import decision_for
from domain.dodgecity.rules.legal import legal_actions
from domain.dodgecity.state import GameState

Chooser = Callable[[GameState, Decision, list[Action]], Action]

_FIGURE_ORDER = tuple(Figure)  # printed order, lady first (RULES.md section 1)


def default_action(state: GameState, seat: int, pending: Sequence[Decision]) -> Action:
    """The action taken for ``seat`` when its time runs out (the table above); refused with the
    rule :func:`~domain.dodgecity.rules.commands.decision_for` names when ``seat`` is not asked."""
    decision = decision_for(state, seat, pending)
    return _DEFAULTS[decision.kind](state, decision, legal_actions(state, seat, [decision]))


def _secret_card(state: GameState, decision: Decision, legal: list[Action]) -> Action:
    """One of the legal cards, drawn from the secret seed by public facts only (see above)."""
    cards = sorted((a for a in legal if isinstance(a, CommitCard | PlayCard)), key=lambda a: a.card)
    key = f"{state.seed}:default:{decision.seat}:{state.pass_number}:{state.stage}"
    return random.Random(key).choice(cards)


def _done(state: GameState, decision: Decision, legal: list[Action]) -> Action:
    return Done()


def _end_turn(state: GameState, decision: Decision, legal: list[Action]) -> Action:
    return EndTurn()


def _challenge(state: GameState, decision: Decision, legal: list[Action]) -> Action:
    if state.variants.challenge_optional:
        return Pass()  # asked alike of a forced Indian, whose only answer it is

    def key(action: Challenge) -> tuple[int, int]:
        return _clockwise(state, decision.seat, action.opponent), _board_index(action.building)

    return min((a for a in legal if isinstance(a, Challenge)), key=key)


def _recipient(state: GameState, decision: Decision, legal: list[Action]) -> Action:
    def key(action: ChooseRecipient) -> int:
        return _clockwise(state, decision.seat, action.seat)

    return min((a for a in legal if isinstance(a, ChooseRecipient)), key=key)


def _event_stone(state: GameState, decision: Decision, legal: list[Action]) -> Action:
    """Decline an optional clause (``Done`` is listed only for one); else the first field."""
    return Done() if Done() in legal else _first_stone(state, decision, legal)


def _first_stone(state: GameState, decision: Decision, legal: list[Action]) -> Action:
    def key(action: PlaceStone | RemoveStone | GiveStone | SellStone) -> tuple[int, int, int, int]:
        figure = action.figure if isinstance(action, PlaceStone) else None
        rank = -1 if figure is None else _FIGURE_ORDER.index(figure)
        return _board_index(action.building), action.row, action.col, rank

    stones = (a for a in legal if isinstance(a, PlaceStone | RemoveStone | GiveStone | SellStone))
    return min(stones, key=key)


def _clockwise(state: GameState, seat: int, other: int) -> int:
    """How many seats ``other`` sits clockwise of ``seat`` (seat order is clockwise order)."""
    return (other - seat) % state.player_count


def _board_index(building: str) -> int:
    return BUILDING_ORDER.index(building)


_DEFAULTS: dict[DecisionKind, Chooser] = {
    DecisionKind.COMMIT_START_CARD: _secret_card,
    DecisionKind.PLAY_CARD: _secret_card,
    DecisionKind.PLACE_PICTURE_STONES: _done,
    DecisionKind.REMOVE_OPPOSING_STONES: _done,
    DecisionKind.BUY_STONES: _end_turn,
    DecisionKind.COMMIT_DUEL_CARD: _secret_card,
    DecisionKind.CHALLENGE: _challenge,
    DecisionKind.REMOVE_LOSER_STONE: _done,
    DecisionKind.CHOOSE_RECIPIENT: _recipient,
    DecisionKind.PLACE_EVENT_STONES: _event_stone,
    DecisionKind.REMOVE_OWN_STONES: _first_stone,
    DecisionKind.GIVE_STONES: _first_stone,
    DecisionKind.SELL_STONES: _first_stone,
}
