"""Rules versions ([VAR]: a game records the version of the rules it is played by): a game
recorded under an older version goes on, replays and verifies by the reading it was played with;
new games get the newest; a version the engine does not know is refused, recording nothing."""

from __future__ import annotations

from uuid import UUID

import msgspec
import pytest
from domain.aggregates.game import Game, project_game
from domain.dodgecity.rules.versions import RULES_1_0, RULES_VERSIONS
from domain.dodgecity.ruleset import DODGECITY, RULES_VERSION, DodgeCityGame, empty_game, open_game
from domain.events.dodgecity import ChallengePassed, DomainEvent, GameCreated, PassReason, Variants
from engine.audit import verify
from engine.players import RandomPlayer
from engine.records import ActCommand, Command, CreateCommand, StartCommand, act_command, join_command, seal_game

Commands = list[tuple[Command, list[DomainEvent]]]

GAME = UUID(int=17)
#: A four-seat game with challenge_optional whose random players meet a forced Indian in the
#: chain: a game that 1.0 and 1.1 play differently.
SEED = "rules 1.0, seed 0"
RECORDED_AT = "2026-11-21T12:00:00+00:00"


def recorded_game(rules_version: str) -> Commands:
    """A game between random players, each command with the events it recorded."""
    game = open_game(GAME, seed=SEED, max_players=4, variants=Variants(challenge_optional=True), rules_version=rules_version)
    commands: Commands = [(CreateCommand(), game.collect_events())]
    for seat in range(4):
        game.join(f"p{seat}")
        commands.append((join_command(f"p{seat}", None), game.collect_events()))
    game.start()
    commands.append((StartCommand(), game.collect_events()))
    player = RandomPlayer(SEED)
    while not game.is_over:
        seat = game.pending()[0].seat
        action = player.choose(game, seat)
        game.act(seat, action)
        commands.append((act_command(seat, action), game.collect_events()))
    return commands


def events_of(commands: Commands) -> list[DomainEvent]:
    return [event for _, recorded in commands for event in recorded]


@pytest.fixture(scope="module")
def game_of_1_0() -> Commands:
    commands = recorded_game(RULES_1_0)
    # The game meets what 1.0 reads differently: its records prove nothing otherwise.
    passed = [e for e in events_of(commands) if isinstance(e, ChallengePassed)]
    assert any(e.reason is PassReason.FORCED_INDIAN for e in passed)
    return commands


@pytest.mark.rule("VAR")
def test_VAR_given_the_versions_the_engine_plays_then_new_games_get_the_newest_and_1_0_is_still_played() -> None:
    assert DODGECITY.rules_versions == RULES_VERSIONS
    assert DODGECITY.rules_version == RULES_VERSION == RULES_VERSIONS[-1] != RULES_1_0
    assert RULES_1_0 in DODGECITY.rules_versions

    created = open_game(GAME, seed="s", max_players=3).collect_events()[0]

    assert isinstance(created, GameCreated)
    assert created.rules_version == RULES_VERSION


@pytest.mark.rule("VAR")
def test_VAR_given_a_game_of_rules_1_0_when_audited_then_it_verifies_by_the_reading_it_was_played_with(game_of_1_0: Commands) -> None:
    records = seal_game(game_of_1_0, RECORDED_AT)

    verdict = verify(GAME, records)

    assert verdict.ok, verdict.describe()


@pytest.mark.rule("VAR")
def test_VAR_given_a_game_of_rules_1_0_when_played_again_at_the_newest_version_then_it_plays_differently(game_of_1_0: Commands) -> None:
    """The audit above verifies only because it reopens the game at 1.0."""
    relabelled = [(command, [_as_newest(event) for event in events]) for command, events in game_of_1_0]

    verdict = verify(GAME, seal_game(relabelled, RECORDED_AT))

    assert not verdict.ok
    assert verdict.version is not None
    assert verdict.version > 1  # opened, then played otherwise


@pytest.mark.rule("VAR")
def test_VAR_given_a_game_recorded_under_an_unknown_rules_version_when_audited_then_it_is_refused_naming_the_versions_played(
    game_of_1_0: Commands,
) -> None:
    unknown = [(command, [_relabelled(event, "0.9") for event in events]) for command, events in game_of_1_0]

    verdict = verify(GAME, seal_game(unknown, RECORDED_AT))

    assert not verdict.ok
    assert verdict.version == 1
    assert verdict.problem == f"recorded under rules version 0.9; this engine implements {', '.join(RULES_VERSIONS)}"


@pytest.mark.rule("VAR")
def test_VAR_given_an_unknown_rules_version_when_a_game_is_opened_at_it_then_it_is_refused() -> None:
    with pytest.raises(ValueError, match=r"rules version '0\.9'"):
        Game.create(GAME, DODGECITY, seed="s", seats=3, rules_version="0.9")


@pytest.mark.rule("VAR")
def test_VAR_given_a_game_of_rules_1_0_stored_half_played_when_continued_then_it_goes_on_by_rules_1_0(game_of_1_0: Commands) -> None:
    half = len(game_of_1_0) // 2
    stored = events_of(game_of_1_0[:half])
    game: DodgeCityGame = project_game(empty_game(GAME), stored)
    assert game.state.rules_version == RULES_1_0

    for command, recorded in game_of_1_0[half:]:
        assert isinstance(command, ActCommand)
        game.act(command.seat, msgspec.json.decode(command.action, type=DODGECITY.action_type))
        assert game.collect_events() == recorded

    assert game.is_over


def _relabelled(event: DomainEvent, version: str) -> DomainEvent:
    if isinstance(event, GameCreated):
        return msgspec.structs.replace(event, rules_version=version)
    return event


def _as_newest(event: DomainEvent) -> DomainEvent:
    return _relabelled(event, RULES_VERSION)
