"""A heuristic computer player of BANG! – Dodge City that plays to win for its role, and decides
only from what its seat may see: its view (section 20, ``HIDDEN-*``) and its legal actions.

What it knows of the others is what anyone at the table knows: the Sheriff's role
([HIDDEN-SHERIFF-PUBLIC]), the roles shown at an elimination ([HIDDEN-ELIMINATED-ROLE]), every
role with 3 players ([THREE-ROLES]), and its own. Of the hidden roles it infers what a player
would from public behaviour: whom each seat has attacked. It remembers every hit and Duel
it saw resolving in its views (a hit on the Sheriff by a hidden seat makes that seat look
like an Outlaw; a hit on someone who attacked the Sheriff makes the attacker look like law).

How it plays:

* **Whom to hurt.** Each other living seat gets a hostility score from the bot's role (see
  :meth:`HeuristicPlayer._hostility`): an Outlaw hunts the Sheriff; the Sheriff and his Deputies
  hunt whoever looks like an Outlaw; the Renegade thins out the Outlaws and Deputies first and
  turns on the Sheriff when only the two of them are left; with 3 players each hunts his target
  ([THREE-TARGETS]). It never attacks a seat it scores as a friend.
* **Its turn.** It puts useful blue and green cards in play (a longer-range weapon, Barrel,
  Mustang, Hideout, Silver, the Missed!-type greens), heals when hurt, draws with every card
  that draws, steals and discards the best card of the most hostile seat in reach, then shoots
  (BANG!, Punch, Springfield and the green weapons) at the most hostile seat in reach; Gatling,
  Indians!, Howitzer and Brawl only when they hurt more foes than friends; it never plays
  Dynamite.
* **Reactions.** It draws for its Barrel first, then dodges with a Missed!-type card, drinks a
  Beer when a loss would be lethal or leave it at one point, answers Indians! and a foe's Duel
  with a BANG!, and takes the best card of the General Store.
* **Discarding.** It keeps its most useful cards: Missed!-type cards and Beer above all when its
  life is low, then BANG! cards; Dynamite and duplicates go first.
* **Progress.** Every choice passes its progress check (``engine/players.py``): from a state it
  has acted from in this turn it never chooses the same action again, but ends phase II (or
  declines) instead, so Stagecoach and Wells Fargo drawing each other back out of the last cards
  of both piles stop after one round.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any
from uuid import UUID

from domain.aggregates.game import AnyGame
from domain.bang.actions import (
    RANDOM_HAND_CARD,
    Answer,
    BangAction,
    BangDecision,
    Choose,
    CopyAbility,
    DecisionKind,
    Discard,
    DocShot,
    Dodge,
    DrawCards,
    DrawCheck,
    DrinkBeer,
    EndPlay,
    Pass,
    PayLife,
    Pick,
    PlayCard,
    TakeInPlay,
    TradeBlue,
    UseCard,
)
from domain.bang.catalog import Role, card, role_counts
from domain.bang.views import BangView, SeatView, game_view
from engine.players import ProgressCheck, view_digest

#: Effects that hurt whom they reach, by what they reach.
SHOOTING = {
    "CARD-BANG",
    "CARD-PUNCH",
    "CARD-SPRINGFIELD",
    "CARD-KNIFE",
    "CARD-DERRINGER",
    "CARD-PEPPERBOX",
    "CARD-BUFFALO-RIFLE",
}
MASS = {"CARD-GATLING", "CARD-INDIANS", "CARD-HOWITZER", "CARD-BRAWL"}
TAKING = {"CARD-PANIC", "CARD-RAG-TIME", "CARD-CONESTOGA", "CARD-CAT-BALOU", "CARD-CAN-CAN"}
DRAWING = {"CARD-STAGECOACH", "CARD-WELLS-FARGO", "CARD-PONY-EXPRESS", "CARD-GENERAL-STORE"}
HEALING = {"CARD-BEER", "CARD-SALOON", "CARD-WHISKY", "CARD-TEQUILA", "CARD-CANTEEN"}
DEFENSIVE = {
    "CARD-BARREL",
    "CARD-MUSTANG",
    "CARD-HIDEOUT",
    "CARD-SILVER",
    "CARD-IRON-PLATE",
    "CARD-BIBLE",
    "CARD-TEN-GALLON-HAT",
    "CARD-SOMBRERO",
}
#: Green cards worth putting in play for later use.
GREEN_TOOLS = {
    "CARD-KNIFE",
    "CARD-DERRINGER",
    "CARD-PEPPERBOX",
    "CARD-BUFFALO-RIFLE",
    "CARD-HOWITZER",
    "CARD-CONESTOGA",
    "CARD-CAN-CAN",
    "CARD-CANTEEN",
    "CARD-PONY-EXPRESS",
}
#: What a card in front of a victim is worth taking or discarding, the most first.
IN_PLAY_WORTH = {
    "CARD-BARREL": 6,
    "CARD-MUSTANG": 5,
    "CARD-HIDEOUT": 5,
    "CARD-VOLCANIC": 4,
    "CARD-WINCHESTER": 4,
    "CARD-REV-CARABINE": 4,
    "CARD-REMINGTON": 3,
    "CARD-SCHOFIELD": 3,
    "CARD-SILVER": 3,
    "CARD-JAIL": -5,
    "CARD-DYNAMITE": -3,
}


def _effect(card_id: str) -> str:
    return card(card_id).effect


def keep_value(card_id: str, life: int) -> float:
    """How much the bot wants to keep ``card_id`` in hand, at ``life`` points."""
    effect = _effect(card_id)
    low = life <= 2
    if effect in {"CARD-MISSED", "CARD-DODGE"}:
        return 8 if low else 6
    if effect == "CARD-BEER":
        return 9 if low else 5
    if effect == "CARD-BANG":
        return 5
    if effect in DEFENSIVE or card(card_id).is_weapon:
        return 4
    if effect in TAKING or effect in DRAWING or effect in HEALING:
        return 4
    if effect == "CARD-DYNAMITE":
        return 0
    return 3


def ending(actions: Sequence[BangAction]) -> BangAction | None:
    """What ends a seat's phase II ([TURN-PLAY]), or else declines a reaction, if offered."""
    return _first(actions, EndPlay) or _first(actions, Pass)


class HeuristicPlayer:
    """Plays to win for its role from its seat's view; reproducible from its seed."""

    def __init__(
        self, seed: int | str | None = None, progress: ProgressCheck[BangAction] | None = None
    ) -> None:
        self._random = random.Random(seed)
        self._progress = ProgressCheck(ending) if progress is None else progress
        self._game_id: UUID | None = None
        #: Attacks seen: (turn, source, target, what) — deduplicated across views.
        self._seen: set[tuple[int, int, int, str]] = set()
        #: attacks[source][target]: how often ``source`` was seen attacking ``target``.
        self._attacks: dict[int, dict[int, int]] = {}

    # -- the Player and Bot protocols --------------------------------------------------------

    def choose(self, game: AnyGame, seat: int) -> Any:
        actions = game.legal_actions(seat)
        if len(actions) == 1:
            return self._progress.steer(actions[0], actions)
        view = game_view(game.state, game.version, seat, awaiting=game.pending())
        return self.decide(view, actions)

    def decide(self, view: BangView, actions: Sequence[BangAction]) -> BangAction:
        if len(actions) == 1:  # nothing to weigh: skip reading the view
            return self._progress.steer(actions[0], actions)
        return self._progress.steer(self._weigh(view, actions), actions, view_digest(view))

    def _weigh(self, view: BangView, actions: Sequence[BangAction]) -> BangAction:
        self._remember(view)
        decision = view.awaiting[0] if view.awaiting else None
        me = view.viewer
        if decision is None or me is None:
            return actions[0]
        chosen = self._decide(view, me, decision, list(actions))
        return chosen if chosen is not None else actions[self._random.randrange(len(actions))]

    # -- what the table has shown ------------------------------------------------------------

    def _remember(self, view: BangView) -> None:
        if view.game_id != self._game_id:
            self._game_id = view.game_id
            self._seen = set()
            self._attacks = {}
        turn = view.turn.number if view.turn is not None else 0
        for frame in view.resolving:
            if frame.source is None:
                continue
            if frame.kind == "hit" and frame.target is not None:
                self._saw(turn, frame.source, frame.target, f"hit {frame.card} {frame.effect}")
            elif frame.kind == "effect" and frame.effect == "CARD-DUEL":
                for target in frame.targets:
                    self._saw(turn, frame.source, target, f"duel {frame.card}")

    def _saw(self, turn: int, source: int, target: int, what: str) -> None:
        key = (turn, source, target, what)
        if key in self._seen or source == target:
            return
        self._seen.add(key)
        row = self._attacks.setdefault(source, {})
        row[target] = row.get(target, 0) + 1

    def _attacked(self, source: int, target: int) -> int:
        return self._attacks.get(source, {}).get(target, 0)

    # -- whom to hurt ------------------------------------------------------------------------

    def _hostility(self, view: BangView, me: int, other: int) -> float:
        """How much the bot wants ``other`` hurt: above 0 a foe, below 0 a friend."""
        seats = view.seats
        mine = seats[me].role
        theirs = seats[other].role
        if view.seat_count == 3:
            return self._three_player_hostility(view, mine, theirs)
        sheriff = next((s.seat for s in seats if s.role is Role.SHERIFF), None)
        living = [s.seat for s in seats if s.alive]
        hit_sheriff = 0 if sheriff is None else self._attacked(other, sheriff)
        hit_me = self._attacked(other, me)
        if mine in {Role.SHERIFF, Role.DEPUTY}:
            if theirs is Role.SHERIFF or theirs is Role.DEPUTY:
                return -10
            if theirs is Role.OUTLAW:
                return 10
            if theirs is Role.RENEGADE:
                outlaws_left = self._hidden_outlaws_left(view)
                return 4 if outlaws_left else 10
            # hidden: suspicion from whom he attacked
            defended = sum(
                self._attacked(other, s.seat)
                for s in seats
                if s.seat != sheriff and self._attacked(s.seat, sheriff or 0) > 0
            )
            score: float = 1 + 3 * hit_sheriff + 2 * hit_me - 2 * defended
            if mine is Role.SHERIFF and score <= 1 and len(living) > 2:
                score = 0.5  # unknown: hurt, but lightly
            return score
        if mine is Role.OUTLAW:
            if theirs is Role.SHERIFF:
                return 10
            if theirs is Role.DEPUTY:
                return 6
            if theirs is Role.RENEGADE:
                return 3
            if theirs is Role.OUTLAW:
                return -10
            # hidden: who hits the Sheriff is a fellow Outlaw; who hits me is law
            return 0.5 + 2 * hit_me - 3 * hit_sheriff
        # the Renegade: the Sheriff last
        if theirs is Role.SHERIFF:
            return 10 if len(living) <= 2 else (-3 if seats[other].life <= 2 else 0.2)
        if theirs is Role.OUTLAW:
            return 6
        if theirs is Role.DEPUTY:
            return 5
        return 2 + 2 * hit_me + hit_sheriff

    @staticmethod
    def _three_player_hostility(view: BangView, mine: Role | None, theirs: Role | None) -> float:
        count = role_counts()[3]
        targets = dict(count.targets)
        if mine is None or theirs is None:
            return 1
        if targets.get(mine) is theirs:
            return 10
        if targets.get(theirs) is mine:
            return 5  # my hunter
        return 1

    @staticmethod
    def _hidden_outlaws_left(view: BangView) -> bool:
        roles = list(view.roles_in_game)
        outlaws = roles.count(Role.OUTLAW)
        dead_outlaws = sum(1 for s in view.seats if not s.alive and s.role is Role.OUTLAW)
        return outlaws > dead_outlaws

    # -- deciding ----------------------------------------------------------------------------

    def _decide(
        self, view: BangView, me: int, decision: BangDecision, actions: list[BangAction]
    ) -> BangAction | None:
        kind = decision.kind
        player = view.seats[me]
        if kind is DecisionKind.PLAY:
            return self._play(view, me, actions)
        if kind is DecisionKind.HIT:
            return self._answer_hit(player, actions)
        if kind is DecisionKind.BEER:
            beers = [a for a in actions if isinstance(a, DrinkBeer)]
            loss = next((f.amount or 1 for f in reversed(view.resolving) if f.kind == "loss"), 1)
            if beers and player.life - loss <= 1:
                return beers[0]
            return _first(actions, Pass)
        if kind in {DecisionKind.DUEL, DecisionKind.INDIANS}:
            answers = [a for a in actions if isinstance(a, Answer)]
            source = decision.source
            friendly = source is not None and self._hostility(view, me, source) < 0
            if answers and (kind is DecisionKind.INDIANS or not friendly):
                return answers[0]
            return _first(actions, Pass)
        if kind is DecisionKind.STORE:
            picks = [a for a in actions if isinstance(a, Pick)]
            return max(picks, key=lambda a: keep_value(a.card, player.life), default=None)
        if kind in {DecisionKind.BRAWL, DecisionKind.DISCARD_OWN}:
            return self._choose_discard(view, me, [a for a in actions if isinstance(a, Choose)])
        if kind is DecisionKind.DISCARD:
            discards = [a for a in actions if isinstance(a, Discard)]
            return min(discards, key=lambda a: keep_value(a.card, player.life), default=None)
        if kind is DecisionKind.COPY:
            copies = [a for a in actions if isinstance(a, CopyAbility)]
            return copies[self._random.randrange(len(copies))] if copies else None
        if kind is DecisionKind.DRAW:
            # A card of a name already held is not worth taking: two Pat Brennans each holding a
            # Barrel in hand would otherwise take one Barrel back and forth for ever, drawing
            # nothing.
            held = {card(c).name for c in [*(player.hand or ()), *(p.card for p in player.in_play)]}
            takes = [
                a
                for a in actions
                if isinstance(a, TakeInPlay)
                and self._hostility(view, me, a.seat) > 0
                and IN_PLAY_WORTH.get(_effect(a.card), 1) >= 4
                and card(a.card).name not in held
            ]
            if takes:
                return max(takes, key=lambda a: IN_PLAY_WORTH.get(_effect(a.card), 1))
            return _first(actions, DrawCards)
        return None

    def _answer_hit(self, player: SeatView, actions: list[BangAction]) -> BangAction | None:
        barrel = _first(actions, DrawCheck)
        if barrel is not None:
            return barrel
        dodges = [a for a in actions if isinstance(a, Dodge)]
        if dodges:
            # a green card in play first, then the cheapest hand card
            laid = {c.card for c in player.in_play}
            return min(
                dodges,
                key=lambda a: (a.card not in laid, keep_value(a.card, player.life)),
            )
        return _first(actions, Pass)

    def _choose_discard(self, view: BangView, me: int, chooses: list[Choose]) -> BangAction | None:
        if not chooses:
            return None
        target = chooses[0].target
        if target == me:  # Cat Balou or Can Can on myself: the least useful card
            laid = {c.card for c in view.seats[me].in_play}

            def own_worth(choice: Choose) -> float:
                if choice.pick in laid:
                    return IN_PLAY_WORTH.get(_effect(choice.pick), 2)
                return keep_value(choice.pick, view.seats[me].life)

            return min(chooses, key=own_worth)
        foe = self._hostility(view, me, target) > 0
        return max(chooses, key=lambda c: _pick_worth(c.pick) * (1 if foe else -1))

    # -- phase II ----------------------------------------------------------------------------

    def _play(self, view: BangView, me: int, actions: list[BangAction]) -> BangAction:
        player = view.seats[me]
        hurt = player.life < player.max_life
        hostility = {
            s.seat: self._hostility(view, me, s.seat)
            for s in view.seats
            if s.alive and s.seat != me
        }
        plays = [a for a in actions if isinstance(a, PlayCard)]
        uses = [a for a in actions if isinstance(a, UseCard)]
        in_play = {_effect(c.card) for c in player.in_play}
        weapon_range = player.range

        best: tuple[float, BangAction] | None = None

        def consider(score: float, action: BangAction) -> None:
            nonlocal best
            if score > 0 and (best is None or score > best[0]):
                best = (score, action)

        for action in plays:
            info = card(action.card)
            effect = info.effect
            cost = 0.0 if action.cost is None else keep_value(action.cost, player.life)
            if info.is_weapon:
                if (info.range or 1) > weapon_range or (
                    effect == "CARD-VOLCANIC" and _count_bangs(view, me) >= 2
                ):
                    consider(9, action)
            elif effect in DEFENSIVE and effect not in in_play:
                consider(9, action)
            elif effect in GREEN_TOOLS and effect not in in_play:
                consider(8, action)
            elif effect == "CARD-JAIL" and action.target is not None and action.target != me:
                consider(hostility.get(action.target, 0) - 1, action)
            elif effect in DRAWING:
                consider(8.5, action)
            elif effect in HEALING:
                target = me if action.target is None else action.target
                if effect == "CARD-SALOON":
                    consider(7 if hurt else 0, action)
                elif target == me and hurt:
                    consider(7.5 - cost, action)
            elif effect in TAKING and action.target is not None:
                if action.target == me:
                    continue
                h = hostility.get(action.target, 0)
                if h > 0:
                    consider(6 + h / 10 + _pick_worth(action.pick) / 10 - cost / 2, action)
            elif effect in SHOOTING and action.target is not None:
                h = hostility.get(action.target, 0)
                if h > 0:
                    low = view.seats[action.target].life
                    consider(5 + h / 2 + (2 - min(low, 2)) - cost / 2, action)
            elif effect == "CARD-DUEL" and action.target is not None:
                h = hostility.get(action.target, 0)
                bangs = _count_bangs(view, me) - (1 if action.cost else 0)
                if h > 0 and bangs >= 2:
                    consider(4 + h / 2, action)
            elif effect in MASS:
                foes = sum(1 for h in hostility.values() if h > 0)
                friends = sum(1 for h in hostility.values() if h < 0)
                if foes > friends:
                    consider(5 + foes - friends - cost / 2, action)
        for use in uses:
            effect = _effect(use.card)
            if effect == "CARD-CANTEEN":
                consider(7 if hurt else 0, use)
            elif effect == "CARD-PONY-EXPRESS":
                consider(8.5, use)
            elif effect in SHOOTING and use.target is not None:
                h = hostility.get(use.target, 0)
                if h > 0:
                    consider(5.5 + h / 2, use)
            elif effect in TAKING and use.target is not None and use.target != me:
                h = hostility.get(use.target, 0)
                if h > 0:
                    consider(6 + h / 10, use)
            elif effect == "CARD-HOWITZER":
                foes = sum(1 for h in hostility.values() if h > 0)
                friends = sum(1 for h in hostility.values() if h < 0)
                if foes > friends:
                    consider(5 + foes - friends, use)
        for other in actions:
            if isinstance(other, PayLife) and player.life >= 3:
                consider(3, other)
            elif isinstance(other, DocShot):
                h = hostility.get(other.target, 0)
                spent = sum(keep_value(c, player.life) for c in other.cards)
                if h > 0 and len(view.seats[me].hand or ()) > 4:
                    consider(4 + h / 2 - spent / 4, other)
            elif isinstance(other, TradeBlue) and _effect(other.card) in in_play:
                consider(6, other)
        if best is not None:
            return best[1]
        end = _first(actions, EndPlay)
        return end if end is not None else actions[0]


def _first(actions: Sequence[BangAction], kind: type[BangAction]) -> BangAction | None:
    return next((a for a in actions if isinstance(a, kind)), None)


def _pick_worth(pick: str | None) -> float:
    if pick is None:
        return 0
    if pick == RANDOM_HAND_CARD:
        return 3
    return IN_PLAY_WORTH.get(_effect(pick), 2)


def _count_bangs(view: BangView, me: int) -> int:
    hand = view.seats[me].hand or ()
    return sum(1 for c in hand if card(c).name == "BANG!")
