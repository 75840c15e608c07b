"""What every ruleset must satisfy, checked the same way for each (``rulesets.RULESETS``): random
games play to an end with the ruleset's invariants intact and a consistent outcome; a replay is the
live game; every event round-trips and has one home in the registry; an action is accepted exactly
when ``is_legal`` says so, which it says of every listed action; the decisions awaited keep the
protocol's contract; and a seat's secrets change nothing any other seat or a spectator may see
(twin games, byte for byte)."""

from __future__ import annotations

import copy
import random
from collections.abc import Collection, Sequence
from typing import Any

import msgspec
import pytest
from domain.aggregates.game import AnyGame, Game, project_game
from domain.errors import RuleViolation
from domain.events.base import DomainEvent
from domain.events.kernel import KERNEL_EVENT_TYPES
from domain.registry import Registry, topic_of
from domain.ruleset import Opening

from tests.conformance.playouts import asked_now, new_game, playout, running_part
from tests.conformance.rulesets import RULESETS, RulesetUnderTest

#: Every ruleset, with each seat count and seed it is played with.
GAMES = [
    pytest.param(entry, seats, seed, id=f"{entry.id}-{seats}-{seed}")
    for entry in RULESETS
    for seats in entry.seat_counts
    for seed in entry.seeds
]
EACH_RULESET = [pytest.param(entry, id=entry.id) for entry in RULESETS]
#: Smaller tables for the costlier checks: the fewest seats, and three (someone who is neither).
SMALL_GAMES = [
    pytest.param(entry, seats, seed, id=f"{entry.id}-{seats}-{seed}")
    for entry in RULESETS
    for seats in sorted({entry.seat_counts[0], min(3, entry.seat_counts[-1])})
    for seed in entry.seeds
]


def encoded(value: Any) -> bytes:
    return msgspec.json.encode(value)


# -- random playouts ----------------------------------------------------------------------------


@pytest.mark.parametrize(("entry", "seats", "seed"), GAMES)
def test_given_random_players_when_playing_to_the_end_then_every_invariant_holds_after_every_step(
    entry: RulesetUnderTest, seats: int, seed: str
) -> None:
    played = playout(entry, seats, seed)

    assert played.game.is_over
    assert played.broken == []


@pytest.mark.parametrize(("entry", "seats", "seed"), GAMES)
def test_given_a_game_played_to_the_end_then_its_outcome_ranks_every_seat_and_its_winners_are_the_seats_that_won(
    entry: RulesetUnderTest, seats: int, seed: str
) -> None:
    outcome = playout(entry, seats, seed).game.outcome()

    assert outcome is not None
    assert [result.seat for result in outcome.results] == list(range(seats))
    assert set(outcome.winners) == {result.seat for result in outcome.results if result.won}
    assert outcome.winners
    assert all(result.rank == 1 for result in outcome.results if result.won)
    assert all(1 <= result.rank <= seats for result in outcome.results)


@pytest.mark.parametrize(("entry", "seats", "seed"), GAMES)
def test_given_a_random_game_then_at_every_step_the_pending_decisions_keep_the_protocols_contract(
    entry: RulesetUnderTest, seats: int, seed: str
) -> None:
    assert playout(entry, seats, seed).breaches == []


@pytest.mark.parametrize(("entry", "seats", "seed"), GAMES)
def test_given_a_random_game_when_its_events_are_replayed_then_the_state_is_the_live_one_at_the_end_and_on_the_way(
    entry: RulesetUnderTest, seats: int, seed: str
) -> None:
    played = playout(entry, seats, seed)
    game_id = played.game.id

    replayed = project_game(Game(game_id, entry.rules), played.events)

    assert (replayed.version, replayed.state) == (played.game.version, played.game.state)
    assert [event.originator_version for event in played.events] == list(range(1, played.game.version + 1))
    assert len(played.snapshots) >= 2
    for version, state in played.snapshots.items():
        assert project_game(Game(game_id, entry.rules), played.events[:version]).state == state, f"at version {version}"


# -- events and the registry --------------------------------------------------------------------


def test_given_the_registry_of_every_ruleset_then_each_event_class_is_at_home_in_its_own_ruleset_under_a_topic_of_its_own() -> None:
    registry = Registry(entry.rules for entry in RULESETS)

    assert registry.names() == sorted(entry.id for entry in RULESETS)
    assert len(registry.topics()) == sum(len(entry.rules.event_types) for entry in RULESETS) + len(KERNEL_EVENT_TYPES)
    for entry in RULESETS:
        assert entry.rules.opening_event in entry.rules.event_types
        for event_type in entry.rules.event_types:
            topic = topic_of(event_type)
            assert topic.startswith(entry.rules.topic_prefix)
            assert registry.of_topic(topic) is entry.rules
            assert registry.event_type(topic) is event_type


@pytest.mark.parametrize("entry", EACH_RULESET)
def test_given_every_event_of_random_games_then_each_round_trips_through_json_by_its_topic(entry: RulesetUnderTest) -> None:
    registry = Registry(other.rules for other in RULESETS)
    events = [event for seats in entry.seat_counts for seed in entry.seeds for event in playout(entry, seats, seed).events]

    for event in events:
        topic = topic_of(type(event))
        assert registry.of_topic(topic) is entry.rules
        assert msgspec.json.decode(encoded(event), type=registry.event_type(topic)) == event
    assert {type(event) for event in events} <= set(entry.rules.event_types)


@pytest.mark.parametrize(("entry", "seats", "seed"), GAMES)
def test_given_a_random_game_then_its_first_event_opens_it_as_it_was_created(entry: RulesetUnderTest, seats: int, seed: str) -> None:
    first = playout(entry, seats, seed).events[0]

    assert type(first) is entry.rules.opening_event
    assert entry.rules.opening(first) == Opening(
        seats=seats, settings=entry.rules.settings_type(), seed=seed, rules_version=entry.rules.rules_version
    )
    assert entry.rules.name == entry.id
    assert entry.rules.min_seats <= seats <= entry.rules.max_seats


# -- legal actions --------------------------------------------------------------------------------


def refusal_of(entry: RulesetUnderTest, game: AnyGame, seat: int, action: Any) -> str:
    """Sends an action that is not legal; checks it is refused by a rule of RULES.md, recording
    nothing; returns that rule."""
    game.collect_events()
    version = game.version
    with pytest.raises(RuleViolation) as refusal:
        game.act(seat, action)
    assert refusal.value.rule in entry.rule_ids(), refusal.value
    assert game.version == version
    assert game.collect_events() == []
    return refusal.value.rule


def accepted_on_a_copy(entry: RulesetUnderTest, history: Sequence[DomainEvent], seat: int, action: Any) -> None:
    copied = project_game(Game(history[0].originator_id, entry.rules), history)
    copied.act(seat, action)
    assert copied.version > len(history)


@pytest.mark.parametrize(("entry", "seats", "seed"), SMALL_GAMES)
def test_given_random_games_when_seats_send_actions_listed_for_anyone_at_any_step_then_act_does_what_is_legal_says(
    entry: RulesetUnderTest, seats: int, seed: str
) -> None:
    """Everything listed is legal; anything else may be too only as another spelling of a listed
    action (Dodge City accepts a stone placement naming the figure a building has already), and is
    then performed like it; whatever is not legal is refused by a rule, recording nothing."""
    game = new_game(entry, seats, seed)
    history = game.collect_events()
    choose = random.Random(f"probe {entry.id} {seats} {seed}")
    seen: dict[bytes, Any] = {}  # every action listed so far, for any seat
    rules: set[str] = set()
    while not game.is_over:
        listed = {seat: game.legal_actions(seat) for seat in range(seats)}
        for seat, actions in listed.items():
            # A proposer's withdrawal is legal though never listed (docs/OFFERS.md).
            for action in [*actions, *game.withdrawals(seat)]:
                assert game.is_legal(seat, action), (seat, action)
                assert msgspec.json.decode(encoded(action), type=entry.rules.action_type) == action
                seen.setdefault(encoded(action), action)
        pool = list(seen.values())
        # Copying a state costs more than a few refusals: one in four steps checks it is intact.
        before = copy.deepcopy(game.state) if choose.random() < 0.25 else None
        for seat in range(seats):
            for action in choose.sample(pool, min(6, len(pool))):
                if not game.is_legal(seat, action):
                    rules.add(refusal_of(entry, game, seat, action))
                elif action not in listed[seat] or choose.random() < 0.2:
                    accepted_on_a_copy(entry, history, seat, action)
        assert before is None or game.state == before
        seat = choose.choice(sorted({d.seat for d in asked_now(game, game.pending())}))
        game.act(seat, choose.choice(listed[seat]))
        history += game.collect_events()
    for seat in range(seats):
        for action in choose.sample(list(seen.values()), min(4, len(seen))):
            rules.add(refusal_of(entry, game, seat, action))
    assert rules, "nothing was refused: the test tried nothing"


# -- hidden information --------------------------------------------------------------------------

#: How many prefixes of a game are compared with their twins, besides the longest.
TWIN_CUTS = 12

#: What a viewer is shown of a history after an event: the event, the view, the event in words,
#: and the viewer's legal actions.
Seen = tuple[bytes, bytes, str, bytes]
ASPECTS = ("event", "view", "words", "legal actions")


def seen_along(entry: RulesetUnderTest, events: Sequence[DomainEvent], viewer: int | None, *, since: int = 0) -> dict[int, Seen]:
    """What ``viewer`` is shown after the first event and after each event from ``since`` on, by
    version."""
    rules = entry.rules
    game: AnyGame = Game(events[0].originator_id, rules)
    settings = rules.opening(events[0]).settings
    seen: dict[int, Seen] = {}
    for index, event in enumerate(events):
        game.apply(event)
        if 0 < index < since:
            continue
        shown = rules.event_view(event, viewer, game_ended=False)
        legal = [] if viewer is None else rules.legal_actions(game.state, viewer, rules.pending(game.state))
        view = rules.view(game.state, game.version, viewer)
        seen[game.version] = (
            encoded(shown),
            encoded(view),
            rules.describe(shown, [s.name for s in game.seats()], settings),
            encoded(legal),
        )
    return seen


def first_difference(mine: dict[int, Seen], theirs: dict[int, Seen]) -> str | None:
    """Where a history looks different from its twin to a viewer (``theirs`` says when to look)."""
    for version, shown in sorted(theirs.items()):
        for aspect, one, other in zip(ASPECTS, mine[version], shown, strict=True):
            if one != other:
                return f"{aspect} at version {version}:\n{one!r}\n{other!r}"
    return None


def twins(entry: RulesetUnderTest, running: Sequence[DomainEvent], boundaries: Sequence[int], secret: int) -> list[list[DomainEvent]]:
    """Twins of ``running`` in ``secret``'s secrets, each cut after a command: at commands spread
    over the game from the deal on, and over the longest prefix that has a twin (secrets come and
    go: a card is secret until it is played, a choice until it is revealed)."""
    cuts = [version for version in boundaries if version <= len(running)]
    spread = set(cuts[:: -(-len(cuts) // TWIN_CUTS)])
    # Nearly the longest: looking back from the end a few commands at a time is fast enough.
    longest = next((cut for cut in cuts[:: -(-len(cuts) // 40)][::-1] if entry.twin(running[:cut], secret) is not None), None)
    chosen = sorted(spread if longest is None else spread | {longest})
    return [twin for cut in chosen if (twin := entry.twin(running[:cut], secret)) is not None]


def broken_along(entry: RulesetUnderTest, events: Sequence[DomainEvent], boundaries: Collection[int], *, since: int) -> list[str]:
    """What breaks the invariants of ``entry`` after any command of ``events`` from ``since`` on."""
    game: AnyGame = Game(events[0].originator_id, entry.rules)
    broken: list[str] = []
    for index, event in enumerate(events):
        game.apply(event)
        if index >= since and game.version in boundaries:
            broken += entry.invariants(game.state)
    return broken


@pytest.mark.parametrize(("entry", "seats", "seed"), SMALL_GAMES)
def test_given_twin_games_differing_only_in_one_seats_secrets_then_every_other_seat_and_a_spectator_see_them_byte_for_byte_alike(
    entry: RulesetUnderTest, seats: int, seed: str
) -> None:
    played = playout(entry, seats, seed)
    running = entry.horizon(running_part(entry, played.events))
    assert played.started_at < len(running) < len(played.events)
    viewers: list[int | None] = [*range(seats), None]
    original = {viewer: seen_along(entry, running, viewer) for viewer in viewers}
    boundaries = set(played.boundaries)
    for secret in range(seats):
        found = twins(entry, running, played.boundaries, secret)
        assert found, f"no twin of seat {secret}'s secrets"
        for twin in found:
            # Before the first secret exchanged (the seed aside), the twins are the same game.
            since = next(index for index in range(1, len(twin)) if twin[index] != running[index])
            # The twins really differ, where they may: to the seat whose secrets they are (or,
            # where the ruleset's twin may exchange secrets of nobody's alone, to no seat at all);
            # and the twin is a whole game too.
            to_secret = first_difference(original[secret], seen_along(entry, twin, secret, since=since))
            assert to_secret is not None or entry.twins_of_nobodys_secrets
            assert broken_along(entry, twin, boundaries, since=since) == []
            for viewer in viewers:
                if viewer != secret or to_secret is None:
                    difference = first_difference(original[viewer], seen_along(entry, twin, viewer, since=since))
                    assert difference is None, f"seat {secret}'s secrets show to {viewer} over {len(twin)} events: {difference}"
