"""Bot seats on the server: the host seats computer players, and the server plays them through
the same command path as people, from their seat's view alone, after restarts and from several
processes at once."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from uuid import UUID

import pytest
from domain.dodgecity.actions import Action, CommitCard
from domain.dodgecity.ruleset import DodgeCityGame
from domain.dodgecity.views import GameView
from domain.errors import RuleViolation
from domain.events.dodgecity import PlayerJoined
from engine.application import GameService, UnknownBotKindError
from engine.audit import verify
from engine.bot_seats import BotSeats
from engine.dodgecity.kit import BOT_NAMES, KIT
from engine.players import BotSeat, ProgressCheck, RandomPlayer, bot_name
from engine.records import ActCommand, JoinCommand

IDLE_SECONDS = 60
GAME_ID = UUID("2b8f7f0e-6a43-4d1e-9d36-0c4c3c8f1a01")


@pytest.fixture
def games() -> Iterator[GameService]:
    app = GameService("memory://")
    yield app
    app.close()


@pytest.fixture
def bots(games: GameService) -> Iterator[BotSeats]:
    seats = BotSeats(games)
    yield seats
    seats.close()


def play_person(games: GameService, bots: BotSeats, game_id: UUID, seat: int, seed: int) -> int:
    """Play ``seat`` at random whenever the bots have nothing left to do; returns its actions."""
    person = RandomPlayer(seed)
    acted = 0
    while True:
        assert bots.wait_idle(IDLE_SECONDS), "the bots never finished their moves"
        seen = games.seat_view(game_id, seat)
        if seen.view.status == "ended":
            return acted
        assert seen.actions, f"the game waits for {seen.view.awaiting} and nobody acts"
        games.perform(game_id, seat, person.decide(seen.view, seen.actions), expected_version=seen.view.version)
        acted += 1


def table_with_bots(games: GameService, kinds: Sequence[str], people: int = 1, game_id: UUID | None = None) -> UUID:
    game_id = games.create_game(
        ruleset="dodgecity", seats=len(kinds) + people, seed="bots", game_id=game_id, bots=[BotSeat(k) for k in kinds]
    )
    for index in range(people):
        games.join(game_id, f"Person {index}")
    games.start(game_id)
    return game_id


def test_given_bots_for_three_seats_when_a_person_plays_the_fourth_then_the_game_is_played_to_its_end(
    games: GameService, bots: BotSeats
) -> None:
    """[SETUP-PLAYERS] bots are players like any other: the game ends, and the audit of its log
    (every command re-run through the rules) finds nothing wrong."""
    game_id = table_with_bots(games, ["heuristic", "heuristic", "random"])
    acted = play_person(games, bots, game_id, seat=3, seed=7)
    assert acted > 0
    records = games.records(game_id)
    assert verify(game_id, records).ok
    actors = {r.command.seat for r in records if isinstance(r.command, ActCommand)}
    assert actors == {0, 1, 2, 3}, "every seat acted, the bots through ordinary commands"


def test_given_a_game_created_with_bots_then_they_take_the_first_seats_with_free_names_and_are_shown_as_bots(
    games: GameService,
) -> None:
    game_id = games.create_game(ruleset="dodgecity", seats=4, seed="s", bots=[BotSeat("heuristic"), BotSeat("random", name="Clay")])
    games.join(game_id, "Ann", credential="ann's hash")
    seat = games.add_bot(game_id, BotSeat("heuristic"))
    players = games.seat_view(game_id, None).view.players
    assert [(p.name, p.bot) for p in players] == [("Wyatt", "heuristic"), ("Clay", "random"), ("Ann", None), ("Bat", "heuristic")]
    assert seat == 3
    joined = [e for e in games.domain_events(game_id) if isinstance(e, PlayerJoined)]
    assert [e.bot for e in joined] == ["heuristic", "random", None, "heuristic"]
    commands = [r.command for r in games.records(game_id) if isinstance(r.command, JoinCommand)]
    assert [(c.bot, c.credential) for c in commands] == [
        ("heuristic", None),
        ("random", None),
        (None, "ann's hash"),
        ("heuristic", None),
    ], "a bot seat has no token"


def test_given_more_bots_than_seats_when_creating_then_it_is_refused_and_nothing_is_stored(games: GameService) -> None:
    """[SETUP-PLAYERS] a game has at most its seats."""
    with pytest.raises(RuleViolation) as refused:
        games.create_game(ruleset="dodgecity", seats=2, game_id=GAME_ID, bots=[BotSeat(), BotSeat(), BotSeat()])
    assert refused.value.rule == "SETUP-PLAYERS"
    assert GAME_ID not in games.game_ids()


def test_given_a_started_game_when_the_host_adds_a_bot_then_it_is_refused(games: GameService) -> None:
    """[SETUP-PLAYERS] seats are taken before the start only."""
    game_id = games.create_game(ruleset="dodgecity", seats=3, bots=[BotSeat()])
    games.join(game_id, "Ann")
    games.start(game_id)
    with pytest.raises(RuleViolation) as refused:
        games.add_bot(game_id, BotSeat())
    assert refused.value.rule == "SETUP-PLAYERS"


def test_given_an_unknown_kind_then_no_bot_seat_can_name_it(games: GameService) -> None:
    with pytest.raises(UnknownBotKindError, match="no bot kind 'genius'"):
        games.create_game(ruleset="dodgecity", seats=3, game_id=GAME_ID, bots=[BotSeat("genius")])
    assert games.game_ids() == []
    game_id = games.create_game(ruleset="dodgecity", seats=3)
    with pytest.raises(UnknownBotKindError, match="no bot kind 'genius'"):
        games.add_bot(game_id, BotSeat("genius"))
    assert games.latest_version(game_id) == 1
    assert bot_name(BOT_NAMES, BOT_NAMES) == f"Bot {len(BOT_NAMES) + 1}"


def test_given_the_same_game_and_the_same_person_then_the_bots_make_the_same_moves() -> None:
    """Each decision's bot is seeded by the game, the seat and the version: a replayed game is
    the very same game, event for event."""
    logs = []
    for _run in range(2):
        app = GameService("memory://")
        seats = BotSeats(app)
        try:
            game_id = table_with_bots(app, ["heuristic", "random"], game_id=GAME_ID)
            play_person(app, seats, game_id, seat=2, seed=3)
            logs.append([r.payload for r in app.records(game_id)])
        finally:
            seats.close()
            app.close()
    assert logs[0] == logs[1]


def test_given_a_bot_due_when_the_server_was_down_then_it_plays_after_the_restart(tmp_path: Path) -> None:
    """A game started while no bot driver ran (a server stopping right after the start) goes on
    when a driver resumes: here two bots play a whole game with nobody else."""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    first = GameService(url)
    game_id = table_with_bots(first, ["heuristic", "random"], people=0)
    first.close()

    second = GameService(url)
    seats = BotSeats(second)
    try:
        assert seats.resume() == 1
        assert seats.wait_idle(IDLE_SECONDS)
        assert second.seat_view(game_id, None).view.status == "ended"
        assert verify(game_id, second.records(game_id)).ok
    finally:
        seats.close()
        second.close()


def test_given_two_processes_playing_the_same_bots_then_every_move_is_stored_once(tmp_path: Path) -> None:
    """Two servers on one store (two workers) both resume the game; they race on the version
    and the loser looks again, so the log is one valid game."""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    setup = GameService(url)
    game_id = table_with_bots(setup, ["heuristic", "heuristic", "random"], people=0)
    setup.close()

    apps = [GameService(url) for _ in range(2)]
    drivers = [BotSeats(app) for app in apps]
    try:
        for driver in drivers:
            driver.resume()
        for driver in drivers:
            assert driver.wait_idle(IDLE_SECONDS)
        records = apps[0].records(game_id)
        assert [r.version for r in records] == list(range(1, len(records) + 1))
        assert verify(game_id, records).ok
        assert apps[1].seat_view(game_id, None).view.status == "ended"
    finally:
        for driver in drivers:
            driver.close()
        for app in apps:
            app.close()


class _Watching:
    """A bot kind for tests: remembers what it was shown and plays the first offered action."""

    shown: list[tuple[GameView, list[Action]]] = []

    def __init__(self, seed: int | str | None, progress: ProgressCheck[Action] | None = None) -> None:
        pass  # it plays the first offered action, checking nothing

    def decide(self, view: GameView, actions: Sequence[Action]) -> Action:
        self.shown.append((view, list(actions)))
        return actions[0]

    def choose(self, game: DodgeCityGame, seat: int) -> Action:
        raise AssertionError("a bot seat decides from the seat's view, never from the game")


class _Refused(_Watching):
    """A bot kind for tests whose every choice the rules refuse: a card nobody holds."""

    def decide(self, view: GameView, actions: Sequence[Action]) -> Action:
        self.shown.append((view, list(actions)))
        return CommitCard(card="no-such-card")


def test_given_a_bot_seat_then_it_is_shown_only_its_own_seats_view_and_its_legal_actions(
    games: GameService, bots: BotSeats, monkeypatch: pytest.MonkeyPatch
) -> None:
    """[SEE-SECRET] a bot seat learns what its seat's token would: its own hand, nobody else's."""
    monkeypatch.setitem(KIT.bots, "watching", _Watching)
    monkeypatch.setattr(_Watching, "shown", [])
    game_id = table_with_bots(games, ["watching"])
    play_person(games, bots, game_id, seat=1, seed=5)
    assert _Watching.shown, "the bot was never asked"
    for view, actions in _Watching.shown:
        assert view.viewer == 0
        assert view.players[0].hand is not None
        assert view.players[1].hand is None
        assert actions == games.game_at(game_id, view.version).legal_actions(0)


def test_given_a_bot_whose_choice_is_refused_then_it_plays_a_legal_action_and_the_game_goes_on(
    games: GameService, bots: BotSeats, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A bot's bug must not stall a person's game: the refusal is logged with its rule, and a
    random legal action is played instead."""
    monkeypatch.setitem(KIT.bots, "refused", _Refused)
    monkeypatch.setattr(_Watching, "shown", [])
    game_id = table_with_bots(games, ["refused"])
    play_person(games, bots, game_id, seat=1, seed=9)
    assert games.seat_view(game_id, None).view.status == "ended"
    assert verify(game_id, games.records(game_id)).ok
    assert "bot seat 0 of game" in caplog.text
