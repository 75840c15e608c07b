"""Optimistic concurrency: stale versions are refused, racing writers never lose or duplicate an
event, writes to one game are serialised in a process, and other processes' writes are seen."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
from collections.abc import Iterator
from uuid import UUID, uuid4

import pytest
from domain.dodgecity.actions import Action
from domain.dodgecity.decisions import DecisionKind
from domain.dodgecity.ruleset import DodgeCityGame
from engine.application import GameNotFoundError, GameService, VersionConflictError
from engine.audit import verify
from engine.players import RandomPlayer
from engine.records import act_command


@pytest.fixture
def app(database_url: str) -> Iterator[GameService]:
    application = GameService(database_url)
    yield application
    application.close()


def _started(app: GameService, players: int, seed: str) -> UUID:
    game_id = app.create_game(ruleset="dodgecity", seats=players, seed=seed)
    for seat in range(players):
        app.join(game_id, f"p{seat}")
    app.start(game_id)
    return game_id


def _next_move(game: DodgeCityGame, player: RandomPlayer, order: random.Random) -> tuple[int, int, Action] | None:
    if game.is_over:
        return None
    seat = order.choice(game.pending()).seat
    return game.version, seat, player.choose(game, seat)


def test_given_a_stale_version_when_acting_then_conflict_and_nothing_stored(app: GameService) -> None:
    game_id = _started(app, 2, "stale")
    version, seat, action = app.read(game_id, lambda g: _next_move(g, RandomPlayer(1), random.Random(1)))  # type: ignore[misc]

    with pytest.raises(VersionConflictError, match=f"not version {version - 1}"):
        app.act(game_id, seat, action, expected_version=version - 1)

    assert app.latest_version(game_id) == version
    assert app.act(game_id, seat, action, expected_version=version) > version


def test_given_many_threads_racing_on_one_game_then_each_version_is_taken_exactly_once(app: GameService) -> None:
    game_id = _started(app, 3, "race")
    accepted: list[int] = []
    conflicts = [0]
    guard = threading.Lock()

    barrier = threading.Barrier(8)

    def client(number: int) -> None:
        player, order = RandomPlayer(number), random.Random(number)
        for _ in range(30):
            barrier.wait()  # everyone reads the same version ...
            move = app.read(game_id, lambda g: _next_move(g, player, order))
            barrier.wait()  # ... and then everyone tries to act on it
            if move is None:
                continue
            version, seat, action = move
            try:
                app.act(game_id, seat, action, expected_version=version)
            except VersionConflictError:
                with guard:
                    conflicts[0] += 1
                continue
            with guard:
                accepted.append(version)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert len(accepted) == len(set(accepted)), "a version was accepted twice"
    assert len(accepted) == 30, "one winner per round"
    assert conflicts[0] == 30 * 7, "every other client got the conflict"
    records = app.records(game_id)
    assert [r.version for r in records] == list(range(1, len(records) + 1))
    assert verify(game_id, records).ok
    live = app.read(game_id, lambda g: g.state)
    assert app.game_at(game_id).state == live


def test_given_another_process_wrote_when_this_one_reads_then_it_sees_the_write(durable_url: str) -> None:
    first, second = GameService(durable_url), GameService(durable_url)
    try:
        game_id = _started(first, 2, "two-processes")
        seen = first.read(game_id, lambda g: g.version)
        version, seat, action = second.read(game_id, lambda g: _next_move(g, RandomPlayer(2), random.Random(2)))  # type: ignore[misc]
        assert version == seen
        second.act(game_id, seat, action, expected_version=version)

        assert first.read(game_id, lambda g: g.version) > seen
        with pytest.raises(VersionConflictError):
            first.act(game_id, seat, action, expected_version=seen)
    finally:
        first.close()
        second.close()


def test_given_two_writers_clash_in_the_store_then_conflict_and_the_cache_recovers(durable_url: str) -> None:
    first, second = GameService(durable_url), GameService(durable_url)
    try:
        game_id = _started(first, 2, "clash")
        version, seat, action = first.read(game_id, lambda g: _next_move(g, RandomPlayer(3), random.Random(3)))  # type: ignore[misc]
        # The first process has loaded the game and decided; the second one wins the race.
        loaded = first._load(game_id)
        second.act(game_id, seat, action, expected_version=version)
        loaded.game.act(seat, action)

        with pytest.raises(VersionConflictError):
            first._append(loaded, act_command(seat, action))

        records = first.records(game_id)
        assert [r.version for r in records] == list(range(1, len(records) + 1))
        assert verify(game_id, records).ok
        assert first.read(game_id, lambda g: g.version) == second.read(game_id, lambda g: g.version)
    finally:
        first.close()
        second.close()


def test_given_a_cached_game_when_asking_its_ruleset_then_the_store_is_not_read(durable_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # POST /games/{id}/actions asks for the ruleset before every action: a game's ruleset never
    # changes, so a game this process holds answers without another query.
    app = GameService(durable_url)
    try:
        game_id = _started(app, 2, "ruleset-cached")

        def no_store_read(*_args: object, **_kwargs: object) -> None:
            raise AssertionError("the store was read")

        monkeypatch.setattr(app, "_select", no_store_read)
        monkeypatch.setattr(app, "records", no_store_read)
        assert app.ruleset_of(game_id).name == "dodgecity"
    finally:
        app.close()


def test_given_a_game_another_process_created_when_asking_its_ruleset_then_it_is_read(durable_url: str) -> None:
    first, second = GameService(durable_url), GameService(durable_url)
    try:
        game_id = _started(first, 2, "ruleset-elsewhere")
        assert second.ruleset_of(game_id).name == "dodgecity"
        with pytest.raises(GameNotFoundError):
            second.ruleset_of(uuid4())
    finally:
        first.close()
        second.close()


_WRITER = """
import random, sys
from uuid import UUID
from engine.application import GameService, VersionConflictError
from engine.players import RandomPlayer
app = GameService(sys.argv[1])
game_id, number = UUID(sys.argv[2]), int(sys.argv[3])
player, order = RandomPlayer(number), random.Random(number)
accepted = conflicts = 0
while accepted < 80:
    def move(game):
        if game.is_over:
            return None
        seat = order.choice(game.pending()).seat
        return game.version, seat, player.choose(game, seat)
    found = app.read(game_id, move)
    if found is None:
        break
    version, seat, action = found
    try:
        app.act(game_id, seat, action, expected_version=version)
        accepted += 1
    except VersionConflictError:
        conflicts += 1
app.close()
print(accepted, conflicts)
"""


def test_given_two_processes_writing_one_game_then_no_event_is_lost_or_duplicated(durable_url: str) -> None:
    app = GameService(durable_url)
    try:
        game_id = _started(app, 4, "processes")
        start = app.latest_version(game_id)
        writers = [
            subprocess.Popen([sys.executable, "-c", _WRITER, durable_url, str(game_id), str(n)], stdout=subprocess.PIPE, text=True)
            for n in range(2)
        ]
        outputs = [w.communicate(timeout=120)[0].split() for w in writers]
        assert all(w.returncode == 0 for w in writers)
        assert sum(int(accepted) for accepted, _ in outputs) >= 80

        records = app.records(game_id)
        assert [r.version for r in records] == list(range(1, len(records) + 1))
        assert len(records) > start
        assert verify(game_id, records).ok
        assert app.game_at(game_id).state == app.read(game_id, lambda g: g.state)
    finally:
        app.close()


def test_given_threads_on_different_games_then_none_conflict(app: GameService) -> None:
    games = [_started(app, 2, f"parallel-{n}") for n in range(4)]
    failures: list[BaseException] = []

    def play(game_id: UUID, number: int) -> None:
        player, order = RandomPlayer(number), random.Random(number)
        try:
            for _ in range(80):
                move = app.read(game_id, lambda g: _next_move(g, player, order))
                if move is None:
                    return
                version, seat, action = move
                app.act(game_id, seat, action, expected_version=version)
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=play, args=(g, n)) for n, g in enumerate(games)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert failures == []
    for game_id in games:
        assert verify(game_id, app.records(game_id)).ok


_OPEN = "import sys; from engine.application import GameService; GameService(sys.argv[1]).close()"


def test_given_several_processes_starting_on_a_new_database_then_all_open_it(durable_url: str) -> None:
    # On PostgreSQL the fixture's schema already exists; the tables do not, and their creation
    # raced ("tuple concurrently updated") until table creation took an advisory lock.
    openers = [subprocess.Popen([sys.executable, "-c", _OPEN, durable_url], stderr=subprocess.PIPE, text=True) for _ in range(4)]
    errors = [opener.communicate(timeout=120)[1] for opener in openers]
    assert [opener.returncode for opener in openers] == [0, 0, 0, 0], errors


def _until_duel_commitments(app: GameService, game_id: UUID, seed: str) -> int:
    """Play random moves until several seats are to commit a duel card at once; that version."""
    player, order = RandomPlayer(seed), random.Random(seed)
    for _ in range(5_000):
        awaited = app.read(game_id, lambda g: [d.kind for d in g.pending()])
        if awaited.count(DecisionKind.COMMIT_DUEL_CARD) >= 2:
            return app.latest_version(game_id)
        version, seat, action = app.read(game_id, lambda g: _next_move(g, player, order))  # type: ignore[misc]
        app.perform(game_id, seat, action, expected_version=version)
    raise AssertionError("no duel round with two seats to commit")


def test_given_duel_commitments_chosen_at_one_version_then_each_is_accepted_whoever_comes_first(app: GameService) -> None:
    """[DUEL-COMMIT]: every player commits at the same time; another's commitment changes
    nothing a seat may commit, so it does not make the seat's version stale."""
    seed = "duel commitments 37"  # random play rarely leaves two seats a choice of duel card
    game_id = _started(app, 4, seed)
    read_at = _until_duel_commitments(app, game_id, seed)
    choices = app.read(game_id, lambda g: [(d.seat, g.legal_actions(d.seat)[0]) for d in g.pending()])
    first_seat, first = choices[0]
    app.perform(game_id, first_seat, first, expected_version=read_at)
    second_seat, second = choices[1]
    with pytest.raises(VersionConflictError):
        app.perform(game_id, second_seat, second, expected_version=read_at, exact=True)
    with pytest.raises(VersionConflictError):
        app.act(game_id, second_seat, second, expected_version=read_at)  # act asks for the very version
    performed = app.perform(game_id, second_seat, second, expected_version=read_at)
    assert performed.version > read_at + 1
    records = app.records(game_id)
    assert [type(r.event()).__name__ for r in records[read_at : read_at + 2]] == ["DuelCardCommitted"] * 2
    assert verify(game_id, records).ok


def test_given_a_seat_repeating_its_own_commitment_version_then_it_is_stale(app: GameService) -> None:
    """Only other seats' commitments are tolerated: a seat's own earlier request is not."""
    game_id = _started(app, 3, "own commitment")
    read_at = app.latest_version(game_id)
    seat = 0
    commitment = app.read(game_id, lambda g: g.legal_actions(seat)[0])
    app.perform(game_id, seat, commitment, expected_version=read_at)
    other = app.read(game_id, lambda g: g.legal_actions(1)[0])
    app.perform(game_id, 1, other, expected_version=read_at)
    with pytest.raises(VersionConflictError):
        app.perform(game_id, seat, commitment, expected_version=read_at)
