"""The full state of one game of BANG! – Dodge City, as rebuilt from its events.

Plain mutable data. Only ``domain.bang.evolve`` changes it, one event at a time; the rules read
it. What is resolving is a stack of frames ([DEF-RESOLVING]): the innermost on top, each
waiting for one seat's decision or for the rules to take its next step.
"""

from __future__ import annotations

from uuid import UUID

from attrs import Factory, define

from domain.bang.catalog import Role
from domain.events.bang.values import BangSettings, Phase
from domain.events.base import NO_GAME
from domain.ruleset import GameStatus

MIN_PLAYERS = 3  # [SETUP-PLAYER-COUNT]
MAX_PLAYERS = 7


@define
class Player:
    seat: int
    name: str
    bot: str | None = None
    role: Role | None = None
    role_public: bool = False  # shown to everyone: Sheriff, 3 players, eliminated, game over
    character: str = ""
    life: int = 0
    max_life: int = 0
    hand: list[str] = Factory(list)
    in_play: list[str] = Factory(list)  # blue and green cards in front of him, in order
    alive: bool = True
    #: Vera Custer's copied ability ([CHAR-VERA-CUSTER]); None: none
    copied: str | None = None


@define
class HitFrame:
    """One hit being resolved on ``target`` ([HIT-RESOLVE])."""

    source: int
    target: int
    card: str | None
    ability: str | None
    barrel_tried: bool = False


@define
class LossFrame:
    """``seat`` is about to lose ``amount`` points: his Beer window ([BEER-REACTION])."""

    seat: int
    amount: int
    source: int | None
    closed: bool = False  # he let the window pass


@define
class EffectFrame:
    """A card or ability whose effect reaches several players, or asks someone a question:
    Gatling, Howitzer, Indians!, Brawl, Duel, General Store, Saloon, Cat Balou on oneself.

    ``targets`` are those still to be reached, in order, ``reached`` those reached so far;
    ``current`` is the one whose answer is due now, None once he answered; in a Duel, the
    duellist whose answer is due. ``answers`` counts the BANG! cards
    each discarded ([CHAR-MOLLY-STARK-DUEL]). General Store's ``display`` are the cards left."""

    source: int
    card: str | None
    effect: str
    targets: list[int]
    current: int | None = None
    reached: list[int] = Factory(list)
    display: list[str] = Factory(list)
    answers: dict[int, int] = Factory(dict)


Frame = HitFrame | LossFrame | EffectFrame


@define
class Turn:
    seat: int = -1
    number: int = 0
    phase: Phase = Phase.CHECKS
    bangs: int = 0  # BANG! cards played this turn ([TURN-ONE-BANG])
    doc_used: bool = False  # Doc Holyday's ability, once per turn
    jose_uses: int = 0  # [VAR-JOSE-DELGADO-TWICE]
    jailed: bool = False  # the Jail check failed: phases I and II are skipped
    dynamite_checked: bool = False
    copied: bool = False  # Vera Custer chose this turn
    fresh_greens: list[str] = Factory(list)  # green cards put into play this turn


@define
class BangState:
    game_id: UUID = NO_GAME
    status: GameStatus = GameStatus.LOBBY
    seats_wanted: int = 0
    seed: str = ""
    settings: BangSettings = Factory(BangSettings)
    rules_version: str = ""
    players: list[Player] = Factory(list)
    draw_pile: list[str] = Factory(list)  # top first
    discard_pile: list[str] = Factory(list)  # top last
    resolving: list[str] = Factory(list)  # [DECK-RESOLVING]
    inactive_greens: set[str] = Factory(set)  # green cards in play, not yet usable
    stack: list[Frame] = Factory(list)
    turn: Turn = Factory(Turn)
    winners: tuple[int, ...] = ()
    end_reason: str | None = None
    eliminations: int = 0
    reshuffles: int = 0

    # -- reading ---------------------------------------------------------------------------

    def living(self) -> list[int]:
        return [player.seat for player in self.players if player.alive]

    def clockwise_from(self, seat: int) -> list[int]:
        """The living players after ``seat``, clockwise, without ``seat`` ([DEF-SEATING])."""
        count = len(self.players)
        return [
            (seat + step) % count
            for step in range(1, count)
            if self.players[(seat + step) % count].alive
        ]

    def next_living(self, seat: int) -> int:
        after = self.clockwise_from(seat)
        return after[0] if after else seat

    def holder_of(self, card: str) -> int | None:
        """The seat in front of whom ``card`` lies in play, if any."""
        for player in self.players:
            if card in player.in_play:
                return player.seat
        return None

    def with_role(self, role: Role) -> list[int]:
        return [player.seat for player in self.players if player.role is role]
