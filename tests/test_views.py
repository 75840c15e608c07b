"""What each seat may see ([SEE-PUBLIC], [SEE-PRIVATE], [SEE-SECRET], [SEE-END]), of the state and
every event, checked on arranged situations and over random games."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from uuid import UUID

import msgspec
import pytest
from domain.dodgecity.actions import CommitCard
from domain.dodgecity.ruleset import DodgeCityGame, open_game
from domain.dodgecity.views import HIDDEN, REDACTORS, event_view, game_view
from domain.events.dodgecity import (
    ALL_EVENT_TYPES,
    CardsDealt,
    CardsDiscarded,
    DomainEvent,
    DrawPileShuffled,
    DuelCardCommitted,
    GameCreated,
    StartCardCommitted,
)
from engine.players import RandomPlayer

from tests.builders import COWBOY_5, LADY_7, SHERIFF_6, new_game, random_play, when

encode = msgspec.json.encode


def view_json(game: DodgeCityGame, viewer: int | None) -> bytes:
    return encode(game_view(game.state, game.version, viewer))


def random_game_steps(players: int, seed: int) -> Iterator[tuple[DodgeCityGame, list[DomainEvent]]]:
    """Yield the game after every action, with all events recorded so far."""
    game = open_game(UUID(int=seed + 7), seed=f"views{seed}", max_players=players)
    for seat in range(players):
        game.join(f"p{seat}")
    game.start()
    events = game.collect_events()
    chooser, order = RandomPlayer(seed), random.Random(seed)
    while not game.is_over:
        seat = order.choice(game.pending()).seat
        game.act(seat, chooser.choose(game, seat))
        events += game.collect_events()
        yield game, events


def secrets_of_others(game: DodgeCityGame, viewer: int | None) -> set[str]:
    """Card ids ``viewer`` must not see now: others' hands and unrevealed commitments, the draw
    pile, and others' face-down discards."""
    state = game.state
    hidden = set(state.draw_pile)
    for player in state.players:
        if player.seat != viewer:
            hidden.update(player.hand)
            card = state.commitments.get(player.seat)
            if card is not None and player.seat not in state.revealed:
                hidden.add(card)
    hidden.update(d.card for d in state.discard if not d.face_up and d.owner != viewer)
    return hidden


@pytest.mark.rule("SEE-PUBLIC")
def test_SEE_PUBLIC_given_a_started_game_when_a_spectator_looks_then_board_money_and_sizes_show() -> None:
    game = new_game(3)
    view = game_view(game.state, game.version, None)
    assert [p.money for p in view.players] == [2000, 2000, 2000]
    assert [p.hand_size for p in view.players] == [4, 4, 4]
    assert [b.id for b in view.buildings] == ["saloon", "post", "hotel", "sheriff"]
    assert view.draw_pile_size == 32 - 12
    assert {d.seat for d in view.awaiting} == {0, 1, 2}
    assert all(p.hand is None for p in view.players)


@pytest.mark.rule("SEE-PRIVATE")
def test_SEE_PRIVATE_given_a_commitment_when_others_look_then_only_its_owner_sees_the_card() -> None:
    game = new_game(3, hands={0: [LADY_7, COWBOY_5], 1: [SHERIFF_6]})
    when(game, 0, CommitCard(card=LADY_7))

    own = game_view(game.state, game.version, 0)
    other = game_view(game.state, game.version, 1)
    assert own.players[0].committed_card == LADY_7
    assert own.players[0].hand is not None
    assert COWBOY_5 in own.players[0].hand
    assert other.players[0].committed is True
    assert other.players[0].committed_card is None
    assert other.players[0].hand is None
    assert LADY_7.encode() not in view_json(game, 1)
    assert COWBOY_5.encode() not in view_json(game, 1)


@pytest.mark.rule("SEE-PRIVATE")
def test_SEE_PRIVATE_given_dealt_and_committed_cards_when_events_are_viewed_then_hidden_from_others() -> None:
    dealt = CardsDealt(seat=1, cards=(LADY_7, COWBOY_5))
    committed = StartCardCommitted(seat=1, card=LADY_7)
    discarded = CardsDiscarded(seat=1, cards=(COWBOY_5,))
    duel = DuelCardCommitted(seat=1, card=SHERIFF_6, forced=True)

    assert event_view(dealt, 1, game_ended=False) == dealt
    assert event_view(dealt, 0, game_ended=False) == CardsDealt(seat=1, cards=(HIDDEN, HIDDEN))
    assert event_view(committed, 2, game_ended=False) == StartCardCommitted(seat=1, card=HIDDEN)
    assert event_view(discarded, None, game_ended=False) == CardsDiscarded(seat=1, cards=(HIDDEN,))
    assert event_view(duel, 0, game_ended=False) == DuelCardCommitted(seat=1, card=HIDDEN, forced=None)


@pytest.mark.rule("SEE-SECRET")
def test_SEE_SECRET_given_pile_orders_and_seed_when_anyone_looks_then_hidden_from_every_seat() -> None:
    shuffled = DrawPileShuffled(order=(LADY_7, COWBOY_5, SHERIFF_6), from_discard=False)
    created = GameCreated(
        max_players=3,
        variants=msgspec.convert({}, type=type(new_game(2).state.variants)),
        rules_version="1.0",
        seed="s3cret",
    )
    for viewer in (None, 0, 1, 2):
        assert event_view(shuffled, viewer, game_ended=False).order == (HIDDEN,) * 3  # type: ignore[attr-defined]
        assert event_view(created, viewer, game_ended=False).seed == HIDDEN  # type: ignore[attr-defined]
    game = new_game(3)
    for viewer in (None, 0, 1, 2):
        view = game_view(game.state, game.version, viewer)
        assert view.secrets is None
        assert b"test" not in view_json(game, viewer)  # the seed new_game uses


@pytest.mark.rule("SEE-SECRET")
def test_SEE_SECRET_every_event_type_is_either_public_or_has_a_redactor() -> None:
    card_bearing = {cls for cls in ALL_EVENT_TYPES if any(name in ("card", "cards", "order", "seed") for name in cls.__struct_fields__)}
    # Cards in these are face up when recorded: played, revealed, compared or drawn in the tie duel.
    public_cards = {
        "CardPlayed",
        "CardResolved",
        "StartCardsRevealed",
        "CardRevealed",
        "TieDuelCardDrawn",
    }
    assert {c.__name__ for c in card_bearing - set(REDACTORS)} == public_cards


@pytest.mark.rule("SEE-END")
def test_SEE_END_given_an_ended_game_when_anyone_looks_then_everything_is_visible() -> None:
    steps = list(random_game_steps(3, seed=1))
    game, events = steps[-1]
    view = game_view(game.state, game.version, None)
    assert view.secrets is not None
    assert view.secrets.seed == "views1"
    assert all(p.hand is not None for p in view.players)
    assert [event_view(e, None, game_ended=True) for e in events] == events


@pytest.mark.rule("SEE-PRIVATE")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_SEE_PRIVATE_SEE_SECRET_over_random_games_no_view_ever_shows_another_seats_secret(
    players: int,
) -> None:
    for step, (game, events) in enumerate(random_game_steps(players, seed=players)):
        if game.is_over or step % 3:
            continue
        for viewer in (None, *range(players)):
            shown = view_json(game, viewer)
            leaked = [card for card in secrets_of_others(game, viewer) if f'"{card}"'.encode() in shown]
            assert leaked == [], f"seat {viewer} sees {leaked} at step {step}"
        for event in events[-5:]:
            if type(event) not in REDACTORS:
                continue
            for viewer in (None, *range(players)):
                if getattr(event, "seat", None) != viewer:
                    assert _secret_fields(event_view(event, viewer, game_ended=False)) <= {HIDDEN}


def _secret_fields(event: DomainEvent) -> set[str]:
    """The values of an event's card, card list, pile order and seed fields."""
    values: set[str] = set()
    for name in ("card", "cards", "order", "seed"):
        value = getattr(event, name, None)
        if isinstance(value, tuple):
            values.update(value)
        elif isinstance(value, str):
            values.add(value)
    return values


@pytest.mark.rule("SEE-PRIVATE")
@pytest.mark.parametrize("seed", range(4))
def test_SEE_PRIVATE_given_two_games_differing_only_in_another_seats_hand_then_my_view_is_identical(
    seed: int,
) -> None:
    """Swap one card between seat 1's hand and the draw pile: seat 0 and spectators cannot tell."""
    checked = 0
    for step, (game, _events) in enumerate(random_game_steps(3, seed=seed + 20)):
        state = game.state
        if game.is_over or step % 7 or not state.players[1].hand or not state.draw_pile:
            continue
        other = copy.deepcopy(game)
        hand, pile = other.state.players[1].hand, other.state.draw_pile
        hand[0], pile[-1] = pile[-1], hand[0]
        rng = random.Random(step)
        rng.shuffle(pile)
        for viewer in (None, 0, 2):
            assert view_json(other, viewer) == view_json(game, viewer)
        assert view_json(other, 1) != view_json(game, 1)
        checked += 1
    assert checked > 0


def test_given_random_games_then_every_remembered_building_view_equals_one_built_afresh() -> None:
    """Building views are reused until an event changes the building (``domain.dodgecity.remembered``):
    after every action of several random games, each reused view equals one built from the
    building now."""
    from domain.dodgecity.catalog import BUILDINGS
    from domain.dodgecity.connectivity import controllers
    from domain.dodgecity.views import _building_view, _shown_building

    checked = 0
    for index in range(4):
        for game in random_play(f"remembered-{index}", players=3):
            state = game.state
            for building in state.buildings.values():
                bridge = state.variants.landmarks_bridge
                in_control = controllers(BUILDINGS[building.id], building.stones, landmarks_bridge=bridge)
                fresh = _shown_building(
                    building.id,
                    building.figure,
                    building.status,
                    building.scored_by,
                    tuple(building.stones.items()),
                    controllers=in_control if building.is_open else (),
                )
                assert _building_view(state, building.id) == fresh
                checked += 1
    assert checked > 1000
