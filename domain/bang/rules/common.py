"""What the rules read off the state again and again: abilities, distances and reach, which cards
in play count, hand limits and when Beer may be played."""

from __future__ import annotations

from domain.bang.catalog import Border, Role, Suit, card
from domain.bang.state import BangState

APACHE_KID = "apache-kid"
BELLE_STAR = "belle-star"
BILL_NOFACE = "bill-noface"
CHUCK_WENGAM = "chuck-wengam"
DOC_HOLYDAY = "doc-holyday"
ELENA_FUENTE = "elena-fuente"
GREG_DIGGER = "greg-digger"
HERB_HUNTER = "herb-hunter"
JOSE_DELGADO = "jose-delgado"
MOLLY_STARK = "molly-stark"
PAT_BRENNAN = "pat-brennan"
PIXIE_PETE = "pixie-pete"
SEAN_MALLORY = "sean-mallory"
TEQUILA_JOE = "tequila-joe"
VERA_CUSTER = "vera-custer"


def has_ability(state: BangState, seat: int, character: str) -> bool:
    """Whether ``seat`` has ``character``'s ability: its own, or copied by Vera Custer
    ([CHAR-VERA-CUSTER]), who has no ability of her own."""
    player = state.players[seat]
    if player.character == VERA_CUSTER:
        return player.copied == character
    return player.character == character


def named(card_id: str, name: str) -> bool:
    return card(card_id).name == name


def in_play_named(state: BangState, seat: int, name: str) -> str | None:
    """The card called ``name`` in play in front of ``seat``, if any."""
    return next((c for c in state.players[seat].in_play if card(c).name == name), None)


def counts(state: BangState, owner: int) -> bool:
    """Whether the blue and green cards in front of ``owner`` have effect now: not during Belle
    Star's turn unless they are hers ([CHAR-BELLE-STAR])."""
    current = state.turn.seat
    if current < 0 or owner == current:
        return True
    return not has_ability(state, current, BELLE_STAR)


def weapon_of(state: BangState, seat: int) -> str | None:
    return next((c for c in state.players[seat].in_play if card(c).is_weapon), None)


def weapon_range(state: BangState, seat: int) -> int:
    """The range of the weapon in play, else the Colt .45's 1 ([RANGE-WEAPON], [COMP-COLT])."""
    weapon = weapon_of(state, seat)
    return 1 if weapon is None else card(weapon).range or 1


def base_distance(state: BangState, a: int, b: int) -> int:
    """Steps between ``a`` and ``b`` around the living players, the shorter way ([DIST-COUNT])."""
    circle = state.living()
    if a not in circle or b not in circle:
        circle = sorted({*circle, a, b})
    steps = abs(circle.index(a) - circle.index(b))
    return min(steps, len(circle) - steps)


def distance(state: BangState, a: int, b: int) -> int:
    """``a``'s distance to ``b`` ([DIST-FORMULA]): Mustang and Hideout in front of ``b`` add,
    Silver in front of ``a`` subtracts, never below 1 ([DIST-MIN-1])."""
    seen = base_distance(state, a, b)
    if counts(state, b):
        seen += sum(1 for c in state.players[b].in_play if card(c).kind == "distance_plus")
    if counts(state, a):
        seen -= sum(1 for c in state.players[a].in_play if card(c).kind == "distance_minus")
    return max(1, seen)


def in_reach(state: BangState, a: int, b: int) -> bool:
    """[RANGE-REACH]"""
    return distance(state, a, b) <= weapon_range(state, a)


def others(state: BangState, seat: int) -> list[int]:
    """The other living players, clockwise from ``seat``'s left ([SYM-MULTI-ORDER])."""
    return state.clockwise_from(seat)


def has_cards(state: BangState, seat: int, *, besides: str | None = None) -> bool:
    player = state.players[seat]
    return any(c != besides for c in [*player.hand, *player.in_play])


def three_players(state: BangState) -> bool:
    return len(state.players) == 3


def sheriff(state: BangState) -> int | None:
    found = state.with_role(Role.SHERIFF)
    return found[0] if found else None


def beer_allowed(state: BangState) -> bool:
    """Beer cannot be played at all with 2 living players ([BEER-TWO-PLAYERS]), unless the
    variant lets it be played for nothing ([VAR-BEER-NO-EFFECT])."""
    return len(state.living()) > 2 or state.settings.beer_no_effect


def beer_heals(state: BangState, seat: int) -> int:
    """What one Beer is worth: 2 for Tequila Joe ([CHAR-TEQUILA-JOE]), nothing with 2 living
    players under [VAR-BEER-NO-EFFECT]."""
    if len(state.living()) <= 2:
        return 0
    return 2 if has_ability(state, seat, TEQUILA_JOE) else 1


def hand_limit(state: BangState, seat: int) -> int | None:
    """Phase III's limit: current life ([TURN-DISCARD]); none for Sean Mallory
    ([CHAR-SEAN-MALLORY]), or 10 under [VAR-SEAN-MALLORY-TEN]."""
    if has_ability(state, seat, SEAN_MALLORY):
        return 10 if state.settings.sean_mallory_ten else None
    return state.players[seat].life


def is_blue(card_id: str) -> bool:
    return card(card_id).border is Border.BLUE


def is_green(card_id: str) -> bool:
    return card(card_id).border is Border.GREEN


def active_green(state: BangState, card_id: str) -> bool:
    """[DEF-ACTIVE-GREEN]"""
    return is_green(card_id) and card_id not in state.inactive_greens


def apache_immune(state: BangState, source: int, target: int, card_id: str) -> bool:
    """Whether a diamond card ``source`` plays or uses has no effect on ``target`` because he is
    Apache Kid ([CHAR-APACHE-KID]); his own cards affect him."""
    return (
        source != target
        and has_ability(state, target, APACHE_KID)
        and card(card_id).suit is Suit.DIAMONDS
    )
