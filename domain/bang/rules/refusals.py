"""Why an action is refused, named by its rule.

``act`` accepts exactly what ``legal`` lists; this module only finds the words for the rest, the
most specific rule first. It never says anything the actor may not know: a refusal of a
reaction names the rule, not another player's hand.
"""

from __future__ import annotations

from domain.bang.actions import (
    ACCEPTS,
    OWN_TURN_ABILITIES,
    Answer,
    BangAction,
    BangDecision,
    DecisionKind,
    DocShot,
    Dodge,
    DrinkBeer,
    PayLife,
    PlayCard,
    TradeBlue,
    UseCard,
)
from domain.bang.catalog import Border, Role, card, cards
from domain.bang.rules.common import (
    active_green,
    beer_allowed,
    distance,
    in_play_named,
    in_reach,
    three_players,
)
from domain.bang.rules.legal import may_use_own_turn_abilities
from domain.bang.state import BangState
from domain.ruleset import GameStatus


def refusal(
    state: BangState, seat: int, action: BangAction, decision: BangDecision | None
) -> tuple[str, str]:
    """The rule id and the reason ``action`` by ``seat`` is refused."""
    if state.status is not GameStatus.RUNNING:
        return "FLOW-DECISIONS", "the game is not being played"
    if not state.players[seat].alive if 0 <= seat < len(state.players) else True:
        return "DEF-LIVING", "an eliminated player takes no further part"
    if decision is None or decision.seat != seat:
        return "FLOW-ONE-DECIDER", "another player's decision is awaited"
    own_turn = isinstance(action, OWN_TURN_ABILITIES)
    if type(action) not in ACCEPTS[decision.kind] and not own_turn:
        return "FLOW-DECISIONS", f"the decision awaited is {decision.kind.value}"
    if (
        own_turn
        and decision.kind is not DecisionKind.PLAY
        and not may_use_own_turn_abilities(state, seat)
    ):
        return "CHAR-OWN-TURN-ABILITIES", "abilities of one's own turn wait for one's phase II"
    for named in _named_cards(action):
        if named not in cards():
            return "COMP-PLAYING-CARDS", f"there is no card {named!r}"
    if isinstance(action, PlayCard):
        return _play_refusal(state, seat, action)
    if isinstance(action, UseCard):
        return _use_refusal(state, seat, action)
    if isinstance(action, PayLife):
        return "CHAR-CHUCK-WENGAM", "Chuck Wengam may not give up his last life point"
    if isinstance(action, DocShot):
        return "CHAR-DOC-HOLYDAY", "two hand cards, once per turn, at a player within reach"
    if isinstance(action, TradeBlue):
        if state.settings.jose_delgado_twice and state.turn.jose_uses >= 2:
            return "VAR-JOSE-DELGADO-TWICE", "José Delgado trades blue cards at most twice a turn"
        return "CHAR-JOSE-DELGADO", "only a blue-bordered card from your hand can be traded"
    if isinstance(action, Dodge):
        return "DEF-MISSED-TYPE", "only a Missed!-type effect of your own cancels the hit"
    if isinstance(action, DrinkBeer):
        if not beer_allowed(state):
            return "BEER-TWO-PLAYERS", "no Beer with only two players left"
        return "BEER-REACTION", "only a Beer from your hand, while a loss is pending"
    if isinstance(action, Answer):
        return "CARD-DUEL", "only a card named BANG! from your hand answers"
    return "FLOW-DECISIONS", "that is not one of the choices open now"


def _named_cards(action: BangAction) -> list[str]:
    named = [getattr(action, "card", None), getattr(action, "cost", None)]
    if isinstance(action, DocShot):
        named.extend(action.cards)
    return [c for c in named if isinstance(c, str)]


def _play_refusal(state: BangState, seat: int, action: PlayCard) -> tuple[str, str]:
    player = state.players[seat]
    if action.card not in player.hand:
        return "HIDDEN-HANDS", "that card is not in your hand"
    info = card(action.card)
    if info.effect in {"CARD-MISSED", "CARD-DODGE"}:
        return info.effect, f"{info.name} is played only as a reaction to a hit"
    if info.effect == "CARD-BEER" and not beer_allowed(state):
        return "BEER-TWO-PLAYERS", "no Beer with only two players left"
    if info.discard_cost and (
        action.cost is None or action.cost == action.card or action.cost not in player.hand
    ):
        return "SYM-DISCARD-COST", "discard one other card from your hand to play it"
    laid_alike = info.border is not Border.BROWN and info.effect != "CARD-JAIL"
    if laid_alike and not info.is_weapon and in_play_named(state, seat, info.name):
        return "TURN-SAME-NAME", f"you already have a {info.name} in play"
    target = action.target
    if laid_alike and target is not None:  # blue and green cards go in front of their player
        if info.effect == "CARD-DYNAMITE":
            return "CARD-DYNAMITE", "Dynamite is played only in front of yourself"
        rule = "BORDER-BLUE" if info.border is Border.BLUE else "BORDER-GREEN-PLAY"
        return rule, f"{info.name} is put in play in front of yourself, without a target"
    if target is not None and not (
        0 <= target < len(state.players) and state.players[target].alive
    ):
        return "DEF-LIVING", "the target must be a living player"
    if info.effect == "CARD-JAIL" and target is not None:
        if state.players[target].role is Role.SHERIFF and not three_players(state):
            return "CARD-JAIL", "the Sheriff cannot be jailed"
        return "TURN-SAME-NAME", "that player already has a Jail in play"
    if info.effect == "CARD-BANG":
        if state.turn.bangs and not in_play_named(state, seat, "Volcanic"):
            return "TURN-ONE-BANG", "one BANG! per turn"
        if target is not None and target != seat and not in_reach(state, seat, target):
            return "RANGE-REACH", "the target is out of reach"
    at_one = info.effect in {"CARD-PANIC", "CARD-PUNCH"}
    if at_one and target is not None and target != seat and distance(state, seat, target) > 1:
        return "RANGE-FIXED", "the target must be at distance 1"
    if target == seat and info.target not in {"any_player", "any_except_sheriff"}:
        return "SYM-TARGET-ANY", "this card cannot be played on yourself"
    if info.kind in {"steal", "force_discard"} and target is not None:
        return "SYM-TAKE-NEEDS-CARD", "choose a card the target has: 'hand' or one in play"
    if info.effect == "CARD-BRAWL":  # it has no target; it needs another player with a card
        return "SYM-TAKE-NEEDS-CARD", "no other player has a card in hand or in play"
    return "TURN-TARGET-REQUIRED", "choose one of the legal targets of this card"


def _use_refusal(state: BangState, seat: int, action: UseCard) -> tuple[str, str]:
    if action.card not in state.players[seat].in_play:
        return "BORDER-GREEN-USE", "only a green card in play in front of you can be used"
    info = card(action.card)
    if info.border is not Border.GREEN:
        return "BORDER-GREEN-USE", "only green cards are used from play"
    if not active_green(state, action.card):
        return "BORDER-GREEN-DELAY", "a green card is usable from the turn after it was played"
    if info.missed_symbol:
        return "BORDER-GREEN-MISSED", "this card is used only against a hit aimed at you"
    target = action.target
    if target is not None and target != seat and 0 <= target < len(state.players):
        if info.effect in {"CARD-KNIFE", "CARD-DERRINGER"} and distance(state, seat, target) > 1:
            return "RANGE-FIXED", "the target must be at distance 1"
        if info.effect == "CARD-PEPPERBOX" and not in_reach(state, seat, target):
            return "RANGE-REACH", "the target is out of reach"
    return "TURN-TARGET-REQUIRED", "choose one of the legal targets of this card"
