"""Every fact a game of BANG! – Dodge City records.

Each topic is ``bang.<Name>`` (the class name without its ``Bang`` prefix), so one registry maps
any stored topic of any game to one class. A field a viewer may not see is blanked by
``domain.bang.views.event_view`` to :data:`HIDDEN` (one card, one role) or to a tuple of them (the
cards of a draw, the order of a shuffled pile), never dropped: a blanked event still says that it
happened and how many cards it moved ([HIDDEN-DRAWN-CARDS], [HIDDEN-DRAW-PILE]).

The events that open and close a resolution say so in their names (``…Aimed``, ``…Started``,
``…Threatened`` open one; ``…Cancelled``, ``…Taken``, ``…Resolved``, ``…Ended`` close it): the
state keeps what is resolving as a stack ([DEF-RESOLVING]), and these events alone push and pop
it.
"""

from __future__ import annotations

from typing import Literal

from domain.events.bang.values import BangSettings, CheckPurpose, Hidden, Phase, Role, Zone
from domain.events.base import DomainEvent

# -- the lobby -------------------------------------------------------------------------------


class BangGameOpened(DomainEvent, frozen=True, tag="bang.GameOpened"):
    """A game was opened for ``seats`` players under these settings and rules. ``seed`` drives
    every shuffle and is secret until the end ([HIDDEN-DRAW-PILE])."""

    seats: int
    settings: BangSettings
    seed: str
    rules_version: str


class BangSeatTaken(DomainEvent, frozen=True, tag="bang.SeatTaken"):
    """A player took ``seat``: seats are taken in order and fix the circle ([SETUP-SEATS])."""

    seat: int
    name: str
    bot: str | None = None


class BangGameStarted(DomainEvent, frozen=True, tag="bang.GameStarted"):
    """Play began with ``seats`` players."""

    seats: int


# -- setup ------------------------------------------------------------------------------------


RoleOrHidden = Literal["sheriff", "deputy", "outlaw", "renegade", "?"]


class BangRoleDealt(DomainEvent, frozen=True, tag="bang.RoleDealt"):
    """``seat`` was dealt ``role``; ``public`` when it is shown to everyone at once (the Sheriff,
    every role with 3 players: [SETUP-ROLE-DEAL], [THREE-ROLES])."""

    seat: int
    #: A role's value, or "?" where hidden: msgspec decodes no union of an enum and a literal
    #: string, so the stored event could not be read back as ``Role | Hidden``.
    role: RoleOrHidden
    public: bool


class BangCharacterDealt(DomainEvent, frozen=True, tag="bang.CharacterDealt"):
    """``seat`` plays ``character`` with ``life`` life points, also its maximum ([SETUP-LIFE])."""

    seat: int
    character: str
    life: int


class BangPileShuffled(DomainEvent, frozen=True, tag="bang.PileShuffled"):
    """The draw pile is now ``cards``, top first: the whole deck at setup, the discard pile at a
    reshuffle ([DECK-RESHUFFLE]). Its order is seen by nobody ([HIDDEN-DRAW-PILE])."""

    cards: tuple[str, ...]
    size: int
    reshuffle: bool = False


class BangCardsDrawn(DomainEvent, frozen=True, tag="bang.CardsDrawn"):
    """``seat`` took ``cards`` from the top of the draw pile into his hand, for ``reason`` (a
    rule id). Only he sees which ([HIDDEN-DRAWN-CARDS]); ``count`` is public."""

    seat: int
    cards: tuple[str, ...]
    count: int
    reason: str


# -- the turn ---------------------------------------------------------------------------------


class BangTurnBegan(DomainEvent, frozen=True, tag="bang.TurnBegan"):
    seat: int
    turn: int


class BangPhaseBegan(DomainEvent, frozen=True, tag="bang.PhaseBegan"):
    seat: int
    phase: Phase


class BangTurnEnded(DomainEvent, frozen=True, tag="bang.TurnEnded"):
    """``seat``'s turn ended; his green cards put into play in it are active from now on
    ([DEF-ACTIVE-GREEN])."""

    seat: int


# -- cards moving -----------------------------------------------------------------------------


class BangCardPlayed(DomainEvent, frozen=True, tag="bang.CardPlayed"):
    """``seat`` played ``card`` from his hand into the resolving area ([DECK-RESOLVING]), at
    ``targets`` (a cost card is discarded just before, [SYM-DISCARD-COST]); ``as_missed`` when
    Elena Fuente played it as a Missed! ([CHAR-ELENA-FUENTE])."""

    seat: int
    card: str
    targets: tuple[int, ...] = ()
    as_missed: bool = False


class BangCardUsed(DomainEvent, frozen=True, tag="bang.CardUsed"):
    """``seat`` used the green ``card`` from his play area ([BORDER-GREEN-USE])."""

    seat: int
    card: str
    targets: tuple[int, ...] = ()


class BangCardPutInPlay(DomainEvent, frozen=True, tag="bang.CardPutInPlay"):
    """``seat`` played the blue or green ``card`` in front of ``owner`` ([BORDER-BLUE])."""

    seat: int
    card: str
    owner: int


class BangCardDiscarded(DomainEvent, frozen=True, tag="bang.CardDiscarded"):
    """``card`` went from ``seat``'s ``zone`` onto the discard pile, shown to all
    ([DECK-DISCARD-FACE-UP]); ``reason`` is the rule id that put it there."""

    seat: int
    card: str
    zone: Zone
    reason: str


class BangCardTaken(DomainEvent, frozen=True, tag="bang.CardTaken"):
    """``seat`` took ``card`` from ``from_seat``'s ``zone`` into his hand. A card from a hand is
    seen only by the two ([HIDDEN-RANDOM-HAND-CARD]); one from play stays known to all
    ([HIDDEN-IN-PLAY-TAKEN])."""

    seat: int
    from_seat: int
    card: str
    zone: Zone
    reason: str


class BangDynamitePassed(DomainEvent, frozen=True, tag="bang.DynamitePassed"):
    """The Dynamite ``card`` moved from ``seat``'s play area to ``to_seat``'s
    ([CARD-DYNAMITE-PASS])."""

    seat: int
    to_seat: int
    card: str


class BangCheckDrawn(DomainEvent, frozen=True, tag="bang.CheckDrawn"):
    """``seat`` "drew!" ``card`` for ``purpose`` and it went onto the discard pile; None when no
    card was left ([CHECK-PROCEDURE], [DECK-EXHAUSTED]). Public ([HIDDEN-CHECK-CARDS])."""

    seat: int
    purpose: CheckPurpose
    card: str | None
    success: bool


# -- resolutions ------------------------------------------------------------------------------


class BangEffectStarted(DomainEvent, frozen=True, tag="bang.EffectStarted"):
    """The effect ``effect`` (a rule id) of ``card`` (None for an ability) began to resolve for
    ``source``, to reach ``targets`` one after another ([SYM-MULTI-ORDER])."""

    source: int
    card: str | None
    effect: str
    targets: tuple[int, ...]


class BangEffectReached(DomainEvent, frozen=True, tag="bang.EffectReached"):
    """The effect resolving now reaches ``target``, the next of its targets."""

    target: int


class BangTargetResolved(DomainEvent, frozen=True, tag="bang.TargetResolved"):
    """The effect resolving now is done with ``target`` (a Brawl's or Cat Balou's discard)."""

    target: int


class BangResolutionAbandoned(DomainEvent, frozen=True, tag="bang.ResolutionAbandoned"):
    """Whatever was resolving stops: the current player was eliminated
    ([TURN-CURRENT-ELIMINATED])."""


class BangEffectEnded(DomainEvent, frozen=True, tag="bang.EffectEnded"):
    """The effect resolving now is complete."""

    effect: str


class BangStoreRevealed(DomainEvent, frozen=True, tag="bang.StoreRevealed"):
    """General Store: ``cards`` were laid out face up from the draw pile, beside any laid out
    before a reshuffle ([HIDDEN-GENERAL-STORE])."""

    cards: tuple[str, ...]


class BangStoreCardPicked(DomainEvent, frozen=True, tag="bang.StoreCardPicked"):
    seat: int
    card: str


class BangAnswered(DomainEvent, frozen=True, tag="bang.Answered"):
    """``seat`` discarded the BANG! ``card`` to answer a Duel or Indians! (``decision``): it is
    discarded, not played ([TURN-BANG-EXCEPTIONS]). In a Duel the other duellist answers next."""

    seat: int
    card: str
    decision: str


class BangHitAimed(DomainEvent, frozen=True, tag="bang.HitAimed"):
    """One hit from ``source`` aimed at ``target`` by ``card`` or ``ability`` ([DEF-HIT])."""

    source: int
    target: int
    card: str | None = None
    ability: str | None = None


class BangHitCancelled(DomainEvent, frozen=True, tag="bang.HitCancelled"):
    """The hit on ``target`` was cancelled ([HIT-RESOLVE]) by ``rule``: a Barrel, a
    Missed!-type effect, or Apache Kid's ability."""

    target: int
    rule: str


class BangHitTaken(DomainEvent, frozen=True, tag="bang.HitTaken"):
    """The hit on ``target`` was not cancelled: he is about to lose a life point."""

    target: int


class BangReactionDeclined(DomainEvent, frozen=True, tag="bang.ReactionDeclined"):
    """``seat`` let the reaction ``decision`` pass. It says nothing of whether he could have
    reacted ([HIDDEN-DECLINE])."""

    seat: int
    decision: str


class BangLossThreatened(DomainEvent, frozen=True, tag="bang.LossThreatened"):
    """``seat`` is about to lose ``amount`` life points from ``source`` ([LIFE-LOSS])."""

    seat: int
    amount: int
    source: int | None


class BangLossReduced(DomainEvent, frozen=True, tag="bang.LossReduced"):
    """A Beer took ``by`` points off ``seat``'s pending loss ([BEER-REACTION])."""

    seat: int
    by: int


class BangLossResolved(DomainEvent, frozen=True, tag="bang.LossResolved"):
    """``seat``'s pending loss was settled: his life is now ``life`` ([LIFE-LOSS])."""

    seat: int
    life: int
    source: int | None


class BangLifeGained(DomainEvent, frozen=True, tag="bang.LifeGained"):
    seat: int
    life: int
    reason: str


class BangLifePaid(DomainEvent, frozen=True, tag="bang.LifePaid"):
    """``seat`` gave up a life point for an ability ([CHAR-CHUCK-WENGAM])."""

    seat: int
    life: int


class BangAbilityUsed(DomainEvent, frozen=True, tag="bang.AbilityUsed"):
    """``seat`` used ``ability`` (a character id)."""

    seat: int
    ability: str


class BangAbilityCopied(DomainEvent, frozen=True, tag="bang.AbilityCopied"):
    """Vera Custer (``seat``) now has ``character``'s ability, or none ([CHAR-VERA-CUSTER])."""

    seat: int
    character: str | None


# -- eliminations and the end -----------------------------------------------------------------


class BangPlayerEliminated(DomainEvent, frozen=True, tag="bang.PlayerEliminated"):
    """``seat`` was eliminated and his role is shown ([ELIM-SEQUENCE]); ``killer`` as
    [ELIM-KILLER] says."""

    seat: int
    role: Role
    killer: int | None


class BangGameEnded(DomainEvent, frozen=True, tag="bang.GameEnded"):
    """The game ended ([END-IMMEDIATE]); ``roles`` are every seat's, all revealed ([END-REVEAL])."""

    winners: tuple[int, ...]
    reason: str
    roles: tuple[Role, ...]


EVENT_TYPES: tuple[type[DomainEvent], ...] = (
    BangGameOpened,
    BangSeatTaken,
    BangGameStarted,
    BangRoleDealt,
    BangCharacterDealt,
    BangPileShuffled,
    BangCardsDrawn,
    BangTurnBegan,
    BangPhaseBegan,
    BangTurnEnded,
    BangCardPlayed,
    BangCardUsed,
    BangCardPutInPlay,
    BangCardDiscarded,
    BangCardTaken,
    BangDynamitePassed,
    BangCheckDrawn,
    BangEffectStarted,
    BangEffectReached,
    BangEffectEnded,
    BangTargetResolved,
    BangResolutionAbandoned,
    BangStoreRevealed,
    BangStoreCardPicked,
    BangAnswered,
    BangHitAimed,
    BangHitCancelled,
    BangHitTaken,
    BangReactionDeclined,
    BangLossThreatened,
    BangLossReduced,
    BangLossResolved,
    BangLifeGained,
    BangLifePaid,
    BangAbilityUsed,
    BangAbilityCopied,
    BangPlayerEliminated,
    BangGameEnded,
)

__all__ = [
    "EVENT_TYPES",
    "HIDDEN_EVENTS",
    "BangAbilityCopied",
    "BangAbilityUsed",
    "BangAnswered",
    "BangCardDiscarded",
    "BangCardPlayed",
    "BangCardPutInPlay",
    "BangCardTaken",
    "BangCardUsed",
    "BangCardsDrawn",
    "BangCharacterDealt",
    "BangCheckDrawn",
    "BangDynamitePassed",
    "BangEffectEnded",
    "BangEffectReached",
    "BangEffectStarted",
    "BangGameEnded",
    "BangGameOpened",
    "BangGameStarted",
    "BangHitAimed",
    "BangHitCancelled",
    "BangHitTaken",
    "BangLifeGained",
    "BangLifePaid",
    "BangLossReduced",
    "BangLossResolved",
    "BangLossThreatened",
    "BangPhaseBegan",
    "BangPileShuffled",
    "BangPlayerEliminated",
    "BangReactionDeclined",
    "BangResolutionAbandoned",
    "BangRoleDealt",
    "BangSeatTaken",
    "BangSettings",
    "BangStoreCardPicked",
    "BangStoreRevealed",
    "BangTargetResolved",
    "BangTurnBegan",
    "BangTurnEnded",
    "CheckPurpose",
    "Hidden",
    "Phase",
    "Role",
    "RoleOrHidden",
    "Zone",
]

#: The events that may carry something a viewer may not see (``domain.bang.views.event_view``).
HIDDEN_EVENTS = (BangGameOpened, BangPileShuffled, BangRoleDealt, BangCardsDrawn, BangCardTaken)
