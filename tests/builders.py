"""Builders for given/when/then tests of the rules.

``new_game`` starts a real game through its commands with the deal and the event pile arranged;
``given`` applies extra past events to set up a situation; ``when`` performs an action and returns
the events it recorded; ``refused`` checks an action is refused by a named rule and records nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar
from uuid import UUID, uuid4

import msgspec
from domain.dodgecity.actions import Action, CommitCard, EndTurn, PlayCard
from domain.dodgecity.catalog import EVENT_ORDER, deck
from domain.dodgecity.figures import Figure
from domain.dodgecity.ruleset import RULES_VERSION, DodgeCityGame, open_game
from domain.errors import RuleViolation
from domain.events.dodgecity import (
    BuildingClaimed,
    DomainEvent,
    MoneyPaid,
    MoneyReceived,
    StonePlaced,
    Variants,
)
from engine.players import RandomPlayer

T = TypeVar("T")

# Card ids of the default deck, by what is printed on them.
LADY_5, LADY_6, LADY_7 = "C01", "C02", "C03"
GUNMAN_5, GUNMAN_6, GUNMAN_7 = "C04", "C05", "C06"
SHERIFF_5, SHERIFF_6, SHERIFF_7 = "C07", "C08", "C09"
BANDIT_5, BANDIT_6, BANDIT_7 = "C10", "C11", "C12"
COWBOY_5, COWBOY_6, COWBOY_7 = "C13", "C14", "C15"
LADY_PIC_2, LADY_PIC_3 = "C16", "C17"
GUNMAN_PIC_2, GUNMAN_PIC_3 = "C18", "C19"
SHERIFF_PIC_2, SHERIFF_PIC_3 = "C20", "C21"
BANDIT_PIC_2, BANDIT_PIC_3 = "C22", "C23"
COWBOY_PIC_2, COWBOY_PIC_3 = "C24", "C25"
INDIAN_1, INDIAN_2, INDIAN_3 = "C26", "C27", "C28"
QUESTION_1, QUESTION_2, QUESTION_3, QUESTION_4 = "C29", "C30", "C31", "C32"


class ScriptedRandom:
    """A random source that returns arranged orders: each queued order is used by the first
    shuffle of exactly those items; ``picks`` answer lots in turn. Anything else keeps its order."""

    def __init__(self, orders: Iterable[Sequence[str]] = (), picks: Iterable[int] = ()) -> None:
        self.orders = [list(o) for o in orders]
        self.picks = list(picks)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        for i, order in enumerate(self.orders):
            if sorted(order) == sorted(map(str, items)):
                self.orders.pop(i)
                by_text = {str(item): item for item in items}
                return [by_text[x] for x in order]
        return list(items)

    def pick(self, items: Sequence[T]) -> T:
        if self.picks:
            wanted = self.picks.pop(0)
            if wanted in items:
                return wanted  # type: ignore[return-value]
        return items[0]


def deck_order(
    hands: Mapping[int, Sequence[str]],
    players: int,
    deck_name: str = "default_32",
    draw_next: Sequence[str] = (),
) -> list[str]:
    """A draw pile whose deal gives each seat (in seat order, 4 cards each) the listed cards;
    ``draw_next`` are the cards on top of the pile after the deal."""
    all_cards = list(deck(deck_name))
    chosen = [c for seat in range(players) for c in hands.get(seat, [])]
    rest = [c for c in all_cards if c not in chosen and c not in draw_next]
    order: list[str] = []
    for seat in range(players):
        hand = list(hands.get(seat, []))
        while len(hand) < 4:
            hand.append(rest.pop(0))
        order.extend(hand)
    return order + list(draw_next) + rest


def new_game(
    players: int = 3,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    events: Sequence[str] = (),
    draw_next: Sequence[str] = (),
    variants: Variants | None = None,
    picks: Iterable[int] = (),
    game_id: int = 1,
    rules_version: str = RULES_VERSION,
) -> DodgeCityGame:
    """A started game in its first start round. ``hands`` fixes seats' first hands (filled up to 4),
    ``events`` the top of the event pile, ``draw_next`` the top of the draw pile after the deal;
    played by ``rules_version`` (an older one for a game stored before a change of the rules)."""
    variants = variants or Variants()
    order = deck_order(hands or {}, players, variants.deck, draw_next)
    event_order = list(events) + [e for e in EVENT_ORDER if e not in events]
    rng = ScriptedRandom([order, event_order], picks)
    game = open_game(
        UUID(int=game_id),
        seed="test",
        max_players=players,
        variants=variants,
        random_factory=lambda _seed: rng,
        rules_version=rules_version,
    )
    for seat in range(players):
        game.join(f"player{seat}")
    game.start()
    game.collect_events()
    return game


def given(game: DodgeCityGame, *events: DomainEvent) -> DodgeCityGame:
    """Apply past events as if they had happened (setting up a situation); never validated."""
    for event in events:
        game.apply(msgspec.structs.replace(event, originator_id=game.id, originator_version=game.version + 1))
    return game


def stones(
    game: DodgeCityGame,
    seat: int,
    building: str,
    cells: Iterable[tuple[int, int]],
    figure: Figure | None = None,
) -> DodgeCityGame:
    """Given: ``seat`` has stones on these fields (claiming the building for ``figure`` first)."""
    if game.state.buildings[building].figure is None:
        given(game, BuildingClaimed(seat=seat, building=building, figure=figure or Figure.COWBOY))
    for cell in cells:
        given(game, StonePlaced(seat=seat, building=building, cell=cell, cause="given"))
    return game


def money(game: DodgeCityGame, seat: int, amount: int) -> DodgeCityGame:
    """Given: ``seat`` has exactly ``amount`` dollars."""
    diff = amount - game.state.players[seat].money
    if diff > 0:
        given(game, MoneyReceived(seat=seat, amount=diff, cause="given"))
    elif diff < 0:
        given(game, MoneyPaid(seat=seat, amount=-diff, to=None, waived=0, cause="given"))
    return game


def when(game: DodgeCityGame, seat: int, action: Action) -> list[DomainEvent]:
    """Perform an action and return the events it recorded."""
    game.collect_events()
    game.act(seat, action)
    return game.collect_events()


def refused(game: DodgeCityGame, seat: int, action: Action, rule: str) -> RuleViolation:
    """Then: the action is refused by ``rule`` and nothing is recorded."""
    game.collect_events()
    version = game.version
    try:
        game.act(seat, action)
    except RuleViolation as error:
        message = f"refused by {error.rule} ({error.reason}), expected {rule}"
        assert error.rule == rule, message  # noqa: PT017 - a helper, not a test
        assert game.version == version
        assert not game.collect_events()
        return error
    raise AssertionError(f"{action} was accepted; expected a refusal by {rule}")


def commit_start(game: DodgeCityGame, cards: Mapping[int, str]) -> list[DomainEvent]:
    """Every seat commits its start card; returns the events recorded by all commitments."""
    recorded: list[DomainEvent] = []
    for seat, card in cards.items():
        recorded += when(game, seat, CommitCard(card=card))
    return recorded


def play_number_and_end(game: DodgeCityGame, seat: int, card: str) -> list[DomainEvent]:
    """A setting turn that plays ``card`` (a number card) and buys nothing."""
    return when(game, seat, PlayCard(card=card)) + when(game, seat, EndTurn())


def of_type(events: Iterable[DomainEvent], kind: type[T]) -> list[T]:
    return [e for e in events if isinstance(e, kind)]


def only(events: Iterable[DomainEvent], kind: type[T]) -> T:
    found = of_type(events, kind)
    assert len(found) == 1, f"expected one {kind.__name__}, got {len(found)}: {found}"
    return found[0]


def names(events: Iterable[Any]) -> list[str]:
    return [type(e).__name__ for e in events]


def random_play(seed: str, players: int) -> Iterator[DodgeCityGame]:
    """A game between random players, yielded after each of its actions until it ends."""
    game = open_game(uuid4(), seed=seed, max_players=players)
    for seat in range(players):
        game.join(f"p{seat}")
    game.start()
    player = RandomPlayer(seed)
    while not game.is_over:
        seat = game.pending()[0].seat
        game.act(seat, player.choose(game, seat))
        yield game
