"""The per-game lock map holds only the games somebody is using: asking about any number of
unknown ids leaves no entry behind, while two callers of one game still never run at once."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from uuid import uuid4

import pytest
from engine.application import GameNotFoundError, GameService


@pytest.fixture
def app() -> Iterator[GameService]:
    service = GameService("memory://")
    yield service
    service.close()


def test_given_50000_unknown_game_ids_when_each_is_asked_about_then_the_lock_map_holds_no_entry(app: GameService) -> None:
    for _ in range(50_000):
        with pytest.raises(GameNotFoundError):
            app.read(uuid4(), lambda game: game.version)
    assert len(app._locks) == 0


def test_given_one_game_held_when_a_second_caller_asks_for_it_then_it_waits_until_the_first_lets_go(app: GameService) -> None:
    game_id = app.create_game(ruleset="dodgecity", seats=2, seed="locks")
    locks = app._locks
    release, entered = threading.Event(), threading.Event()
    order: list[str] = []

    def first() -> None:
        with locks.hold(game_id):
            entered.set()
            release.wait()
            order.append("first leaves")

    def second() -> None:
        with locks.hold(game_id):
            order.append("second enters")

    one = threading.Thread(target=first)
    one.start()
    entered.wait()
    two = threading.Thread(target=second)
    two.start()
    try:
        while _users(locks, game_id) < 2:  # the second is waiting on the first's lock
            threading.Event().wait(0.001)
        assert order == []
    finally:  # never leave the first thread waiting, whatever was found
        release.set()
        one.join()
        two.join()
    assert order == ["first leaves", "second enters"]
    assert len(locks) == 0


def test_given_many_threads_writing_one_game_when_they_race_then_no_two_run_at_once(app: GameService) -> None:
    game_id = uuid4()
    locks = app._locks
    inside = [0]
    most = [0]

    def writer() -> None:
        for _ in range(300):
            with locks.hold(game_id):
                inside[0] += 1
                most[0] = max(most[0], inside[0])
                threading.Event().wait(0)  # let another thread run while this one holds it
                inside[0] -= 1

    threads = [threading.Thread(target=writer) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most[0] == 1
    assert len(locks) == 0


def _users(locks: object, game_id: object) -> int:
    entry = locks._locks.get(game_id)  # type: ignore[attr-defined]
    return 0 if entry is None else int(entry.users)
