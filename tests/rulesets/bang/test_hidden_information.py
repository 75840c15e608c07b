"""Who may see what (RULES.md section 20, HIDDEN-*): the per-seat view and the redaction of each
event, and a differential check that nothing hidden leaks into what a seat or a spectator gets."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import msgspec
from domain.bang.actions import (
    RANDOM_HAND_CARD,
    Answer,
    BangAction,
    BangDecision,
    CopyAbility,
    DecisionKind,
    Discard,
    EndPlay,
    Pass,
    Pick,
    PlayCard,
)
from domain.bang.catalog import Role, characters, role_counts
from domain.bang.ruleset import BANG
from domain.events.bang import (
    BangAnswered,
    BangCardDiscarded,
    BangCardsDrawn,
    BangCardTaken,
    BangCharacterDealt,
    BangCheckDrawn,
    BangGameOpened,
    BangPileShuffled,
    BangReactionDeclined,
    BangRoleDealt,
    BangStoreCardPicked,
    BangStoreRevealed,
)
from domain.events.bang.values import HIDDEN
from domain.events.base import DomainEvent

from tests.rulesets.bang.builders import (
    BangTestGame,
    arrange,
    awaited,
    of_type,
    table,
    when,
)

SPECTATOR = None


E = TypeVar("E", bound=DomainEvent)


def seen(event: E, viewer: int | None) -> E:
    """``event`` as ``viewer`` gets it while the game runs: the same kind of event."""
    shown = BANG.event_view(event, viewer, game_ended=False)
    assert isinstance(shown, type(event))
    return shown


def started(players: int = 4, roles: Sequence[Role] | None = None) -> tuple[BangTestGame, list[DomainEvent]]:
    """A game and every event of its opening, seating and start."""
    game = table(players, roles=roles, start=False)
    game.start()
    return game, [*game.history, *game.collect_events()]


def encoded_view(game: BangTestGame, viewer: int | None) -> bytes:
    return msgspec.json.encode(BANG.view(game.state, game.version, viewer))


# -- roles -------------------------------------------------------------------------------------


def test_given_a_start_then_each_seat_sees_its_own_role_hidden_own_role() -> None:
    game, events = started()
    dealt = {e.seat: e for e in of_type(events, BangRoleDealt)}
    for seat, role in enumerate((Role.SHERIFF, Role.OUTLAW, Role.OUTLAW, Role.RENEGADE)):
        assert game.view(seat).seats[seat].role is role
        assert seen(dealt[seat], seat) == dealt[seat]


def test_given_a_start_then_everybody_sees_the_sheriff_hidden_sheriff_public() -> None:
    game, events = started()
    sheriff = next(e for e in of_type(events, BangRoleDealt) if e.seat == 0)
    for viewer in (SPECTATOR, 0, 1, 2, 3):
        assert game.view(viewer).seats[0].role is Role.SHERIFF
        assert seen(sheriff, viewer).role == Role.SHERIFF.value


def test_given_a_start_then_other_roles_are_hidden_from_others_and_spectators_hidden_other_roles() -> None:
    game, events = started()
    dealt = {e.seat: e for e in of_type(events, BangRoleDealt)}
    for viewer in (SPECTATOR, 1, 2, 3):
        for seat in (1, 2, 3):
            if seat != viewer:
                assert game.view(viewer).seats[seat].role is None
                assert seen(dealt[seat], viewer).role == HIDDEN


def test_given_three_players_then_every_role_is_public_hidden_other_roles() -> None:
    game, events = started(3)
    assert [s.role for s in game.view(SPECTATOR).seats] == [
        Role.DEPUTY,
        Role.OUTLAW,
        Role.RENEGADE,
    ]
    assert all(seen(e, SPECTATOR) == e for e in of_type(events, BangRoleDealt))


def test_given_a_renegade_eliminated_then_his_role_is_shown_to_all_hidden_eliminated_role() -> None:
    game = table(4)
    arrange(game, hands={0: ["bang-ah"], 3: []}, life={3: 1})
    when(game, 0, PlayCard(card="bang-ah", target=3))
    assert not game.state.players[3].alive
    for viewer in (SPECTATOR, 1, 2):
        assert game.view(viewer).seats[3].role is Role.RENEGADE
    assert game.view(1).seats[2].role is None


def sheriff_dies_in_his_own_duel() -> BangTestGame:
    """The Sheriff (seat 1) challenges seat 2 and loses his last life point: the game ends."""
    game = table(4, roles=(Role.OUTLAW, Role.SHERIFF, Role.OUTLAW, Role.RENEGADE))
    arrange(game, hands={1: ["duel-js"], 2: ["bang-5c", "missed-2s"]}, life={1: 1})
    when(game, 1, PlayCard(card="duel-js", target=2))
    when(game, 2, Answer(card="bang-5c"))
    assert game.is_over
    return game


def test_given_the_game_over_then_every_role_and_hand_is_shown_hidden_end_reveal() -> None:
    game = sheriff_dies_in_his_own_duel()
    view = game.view(SPECTATOR)
    assert [s.role for s in view.seats] == [Role.OUTLAW, Role.SHERIFF, Role.OUTLAW, Role.RENEGADE]
    assert view.seats[2].hand == ("missed-2s",)
    drawn = BangCardsDrawn(seat=2, cards=("bang-ah",), count=1, reason="TURN-DRAW")
    assert BANG.event_view(drawn, SPECTATOR, game_ended=True) == drawn


def test_given_any_viewer_then_the_set_of_roles_in_the_game_is_public_hidden_role_set() -> None:
    for players in (3, 4, 5, 6, 7):
        game = table(players)
        for viewer in (SPECTATOR, 1):
            assert sorted(game.view(viewer).roles_in_game) == sorted(role_counts()[players].roles)


# -- characters, hands, cards in play ------------------------------------------------------------


def test_given_a_spectator_then_characters_life_and_vera_custers_choice_are_public_hidden_characters() -> None:
    game = table(4, chars=("greg-digger", "vera-custer", "pixie-pete", "herb-hunter"))
    arrange(game, hands={0: []}, life={3: 2})
    when(game, 0, EndPlay())
    when(game, 1, CopyAbility(seat=2))
    seats = game.view(SPECTATOR).seats
    assert [s.character for s in seats] == ["greg-digger", "vera-custer", "pixie-pete", "herb-hunter"]
    assert [(s.life, s.max_life) for s in seats] == [(5, 5), (3, 3), (3, 3), (2, 4)]
    assert seats[1].copied == "pixie-pete"


def test_given_hands_then_each_seat_sees_only_its_own_hidden_hands_hidden_hand_size() -> None:
    game = table(4)
    arrange(game, hands={0: ["bang-ah"], 1: ["missed-2s", "beer-6h"], 2: [], 3: ["duel-js"]})
    for viewer in (SPECTATOR, 0, 1, 2, 3):
        view = game.view(viewer)
        assert [s.hand_size for s in view.seats] == [1, 2, 0, 1]
        for s in view.seats:
            assert s.hand == (tuple(game.state.players[s.seat].hand) if s.seat == viewer else None)
    assert b"missed-2s" not in encoded_view(game, 0)


def test_given_cards_in_play_then_all_see_them_and_whether_a_green_is_active_hidden_in_play() -> None:
    game = table(4)
    arrange(game, in_play={2: ["mustang-5h", "sombrero-7c"]}, active=False)
    cards = [(c.card, c.active) for c in game.view(SPECTATOR).seats[2].in_play]
    assert cards == [("mustang-5h", True), ("sombrero-7c", False)]


# -- piles and what is drawn ---------------------------------------------------------------------


def test_given_the_draw_pile_then_nobody_sees_its_order_only_its_size_hidden_draw_pile() -> None:
    game, events = started()
    arrange(game, hands={0: ["bang-ah"], 1: ["beer-6h"]}, pile=["wells-fargo-3h"])
    for viewer in (SPECTATOR, 0, 1):
        assert b"wells-fargo-3h" not in encoded_view(game, viewer)
        assert game.view(viewer).draw_pile_size == len(game.state.draw_pile)
        for shuffled in of_type(events, BangPileShuffled):
            assert seen(shuffled, viewer).cards == ()
        opened = of_type(events, BangGameOpened)[0]
        assert seen(opened, viewer).seed == HIDDEN
    when(game, 0, PlayCard(card="bang-ah", target=1))
    assert game.view(2).resolving_cards == ("bang-ah",)  # the resolving area is public


def test_given_cards_discarded_then_the_discard_pile_is_public_hidden_discard_pile() -> None:
    game = table(4)
    arrange(game, hands={0: ["bang-ah", "beer-6h", "missed-2s"]}, life={0: 2}, discard=["duel-js"])
    when(game, 0, EndPlay())
    events = when(game, 0, Discard(card="beer-6h"))
    for event in of_type(events, BangCardDiscarded):
        assert seen(event, SPECTATOR) == event
    assert game.view(SPECTATOR).discard_pile == ("duel-js", "beer-6h")


def test_given_a_draw_then_only_the_drawer_sees_the_cards_hidden_drawn_cards() -> None:
    game = table(4)
    arrange(game, hands={0: []}, pile=["bang-ah", "missed-2s"])
    events = when(game, 0, EndPlay())
    draw = next(e for e in of_type(events, BangCardsDrawn) if e.reason == "TURN-DRAW")
    assert draw.seat == 1
    assert seen(draw, 1) == draw
    for viewer in (SPECTATOR, 0, 2):
        assert seen(draw, viewer).cards == (HIDDEN, HIDDEN)
        assert seen(draw, viewer).count == 2


def test_given_a_jail_check_then_the_card_drawn_is_public_hidden_check_cards() -> None:
    game = table(4)
    arrange(game, hands={0: []}, in_play={1: ["jail-js"]}, pile=["bang-ah"])
    events = when(game, 0, EndPlay())
    checks = of_type(events, BangCheckDrawn)
    assert [c.card for c in checks] == ["bang-ah"]
    assert seen(checks[0], SPECTATOR) == checks[0]


def test_given_a_general_store_then_the_display_and_every_pick_are_public_hidden_general_store() -> None:
    game = table(4)
    shown = ["bang-5c", "beer-6h", "missed-2s", "panic-jh"]
    arrange(game, hands={0: ["general-store-as"]}, pile=shown)
    events = when(game, 0, PlayCard(card="general-store-as"))
    assert [e.cards for e in of_type(events, BangStoreRevealed)] == [tuple(shown)]
    assert game.view(SPECTATOR).resolving[-1].display == tuple(shown)
    events += when(game, 0, Pick(card="beer-6h"))
    for event in [*of_type(events, BangStoreRevealed), *of_type(events, BangStoreCardPicked)]:
        assert seen(event, SPECTATOR) == event


def test_given_panic_on_a_random_hand_card_then_only_the_two_see_it_hidden_random_hand_card() -> None:
    game = table(4)
    arrange(game, hands={0: ["panic-jh", "cat-balou-8c"], 1: ["missed-2s", "beer-6h"]})
    events = when(game, 0, PlayCard(card="panic-jh", target=1, pick=RANDOM_HAND_CARD))
    taken = of_type(events, BangCardTaken)[0]
    assert seen(taken, 0) == taken
    assert seen(taken, 1) == taken
    assert seen(taken, 2).card == HIDDEN
    assert seen(taken, SPECTATOR).card == HIDDEN
    events = when(game, 0, PlayCard(card="cat-balou-8c", target=1, pick=RANDOM_HAND_CARD))
    dropped = [e for e in of_type(events, BangCardDiscarded) if e.seat == 1]
    assert [seen(e, SPECTATOR) for e in dropped] == dropped  # a random discard is public


def test_given_panic_on_a_card_in_play_then_everybody_still_knows_it_hidden_in_play_taken() -> None:
    game = table(4)
    arrange(game, hands={0: ["panic-jh"]}, in_play={1: ["barrel-ac"]})
    events = when(game, 0, PlayCard(card="panic-jh", target=1, pick="barrel-ac"))
    taken = of_type(events, BangCardTaken)[0]
    assert seen(taken, SPECTATOR) == taken
    assert taken.card == "barrel-ac"


# -- reactions ---------------------------------------------------------------------------------


def indians_answered_and_declined(second_hand: list[str]) -> list[DomainEvent]:
    game = table(4)
    arrange(game, hands={0: ["indians-kd"], 1: ["bang-5c"], 2: second_hand, 3: []})
    events = when(game, 0, PlayCard(card="indians-kd"))
    events += when(game, 1, Answer(card="bang-5c"))
    assert awaited(game) == BangDecision(seat=2, kind=DecisionKind.INDIANS, source=0)
    events += when(game, 2, Pass())
    return events


def test_given_indians_then_an_answer_is_public_and_a_decline_tells_nothing_hidden_duel_indians() -> None:
    with_bang = indians_answered_and_declined(["bang-6c", "beer-6h"])
    without = indians_answered_and_declined(["missed-2s", "beer-6h"])
    answer = of_type(with_bang, BangAnswered)[0]
    assert seen(answer, SPECTATOR) == answer
    assert of_type(with_bang, BangReactionDeclined)[0].seat == 2

    def public(events: list[DomainEvent]) -> list[bytes]:
        return [msgspec.json.encode(seen(e, SPECTATOR)) for e in events]

    assert public(with_bang) == public(without)


def hit_and_decline(hand: list[str]) -> tuple[BangDecision | None, list[bytes]]:
    """Seat 0 shoots seat 1, who holds ``hand`` and lets the hit and the Beer window pass."""
    game = table(4)
    arrange(game, hands={0: ["bang-ah"], 1: hand})
    events = when(game, 0, PlayCard(card="bang-ah", target=1))
    asked = awaited(game)
    events += when(game, 1, Pass())
    if awaited(game) == BangDecision(seat=1, kind=DecisionKind.BEER, source=0):
        events += when(game, 1, Pass())
    others = [msgspec.json.encode(seen(e, viewer)) for e in events for viewer in (0, 2, None)]
    return asked, others


def test_given_a_hit_then_the_target_is_asked_whether_or_not_he_holds_a_missed_hidden_decline() -> None:
    with_missed = hit_and_decline(["missed-2s", "beer-6h"])
    without = hit_and_decline(["panic-jh", "beer-7h"])
    assert with_missed[0] == BangDecision(seat=1, kind=DecisionKind.HIT, source=0)
    assert with_missed == without


def test_given_a_spectator_then_unused_characters_never_appear_hidden_unused() -> None:
    game, events = started()
    dealt = {e.character for e in of_type(events, BangCharacterDealt)}
    unused = set(characters()) - dealt
    assert unused
    for viewer in (SPECTATOR, 0, 1):
        text = encoded_view(game, viewer)
        assert not [c for c in unused if c.encode() in text]
        assert len(game.view(viewer).roles_in_game) == 4  # the 4 roles in use, no other


# -- the differential check ------------------------------------------------------------------------

HAND_A = ["missed-2s", "dodge-7d"]  # could cancel a hit
HAND_B = ["beer-6h", "panic-jh"]  # could not


def twin(swapped: bool) -> BangTestGame:
    """Four players; seat 1 (an Outlaw) is the chosen seat. Seats 2 and 3 swap roles and hands
    between the twins, and the draw pile differs below the 2 cards seat 1 will draw."""
    roles = (Role.SHERIFF, Role.OUTLAW, Role.OUTLAW, Role.RENEGADE)
    if swapped:
        roles = (Role.SHERIFF, Role.OUTLAW, Role.RENEGADE, Role.OUTLAW)
    game = table(4, roles=roles)
    first, second = (HAND_B, HAND_A) if swapped else (HAND_A, HAND_B)
    under = ["wells-fargo-3h", "bang-kc"] if swapped else ["missed-3s", "duel-js"]
    arrange(
        game,
        hands={0: ["bang-ah", "panic-8d", "gatling-10h"], 1: ["bang-5c"], 2: first, 3: second},
        pile=["stagecoach-9s", "bang-6c", *under],
    )
    return game


#: Actions none of which depends on a card the chosen seat or a spectator cannot see.
SCRIPT: list[tuple[int, BangAction]] = [
    (0, PlayCard(card="bang-ah", target=1)),
    (1, Pass()),  # the hit
    (1, Pass()),  # the Beer window
    (0, PlayCard(card="panic-8d", target=3, pick=RANDOM_HAND_CARD)),
    (0, PlayCard(card="gatling-10h")),
    *[(seat, Pass()) for seat in (1, 1, 2, 2, 3, 3)],
    (0, EndPlay()),
    (1, PlayCard(card="bang-5c", target=2)),
    (2, Pass()),
    (2, Pass()),
    (1, EndPlay()),  # seat 2 begins and draws from where the twins' piles differ
]


def test_given_twins_differing_only_in_hidden_facts_when_driven_alike_then_seat_and_spectator_see_the_same_bytes_hidden_decline() -> None:
    """[HIDDEN-OTHER-ROLES], [HIDDEN-HANDS], [HIDDEN-DRAW-PILE], [HIDDEN-DRAWN-CARDS],
    [HIDDEN-RANDOM-HAND-CARD], [HIDDEN-DECLINE]: what seat 1 and a spectator get (views and
    redacted events) is byte-identical although roles, hands and the draw pile differ."""
    games = (twin(False), twin(True))
    assert games[0].state.players[2].hand != games[1].state.players[2].hand
    assert games[0].state.draw_pile != games[1].state.draw_pile
    for viewer in (1, SPECTATOR):
        assert encoded_view(games[0], viewer) == encoded_view(games[1], viewer)
    for seat, action in SCRIPT:
        decisions = [awaited(game) for game in games]
        assert decisions[0] == decisions[1]
        assert decisions[0] is not None
        assert decisions[0].seat == seat, (seat, action)
        recorded = [when(game, seat, action) for game in games]
        for viewer in (1, SPECTATOR):
            redacted = [[msgspec.json.encode(seen(event, viewer)) for event in events] for events in recorded]
            assert redacted[0] == redacted[1], (seat, action, viewer)
            assert encoded_view(games[0], viewer) == encoded_view(games[1], viewer)
    assert games[0].state.players[0].hand != games[1].state.players[0].hand  # Panic! took unlike
    assert awaited(games[0]) == BangDecision(seat=2, kind=DecisionKind.PLAY)
