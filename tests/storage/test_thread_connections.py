"""The SQLite store's own connection per thread (engine/sqlite_events.py, ThreadConnections):
the freshness check and a command's insert of one thread go through one connection, which keeps
its page cache across its own writes; each thread has its own, closed when its thread has ended
and another opens one, and all closed with the store; an error other than a taken version
closes it, and the next statement opens another."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from uuid import UUID, uuid4

import pytest
from engine.application import GameService
from engine.sqlite_events import MarkingSQLiteRecorder, ThreadConnections
from eventsourcing.persistence import IntegrityError, PersistenceError, StoredEvent


@pytest.fixture
def service(tmp_path: Path) -> Iterator[GameService]:
    games = GameService(f"sqlite:///{tmp_path / 'games.db'}")
    yield games
    games.close()


def recorder_of(games: GameService) -> MarkingSQLiteRecorder:
    recorder = games.recorder
    assert isinstance(recorder, MarkingSQLiteRecorder)
    return recorder


def own_of(games: GameService) -> ThreadConnections:
    own = getattr(recorder_of(games).datastore.pool, "own", None)
    assert isinstance(own, ThreadConnections)
    return own


def events(game_id: UUID, versions: range) -> list[StoredEvent]:
    return [StoredEvent(originator_id=game_id, originator_version=version, topic="t", state=b"{}") for version in versions]


def in_thread(work: Callable[[], None]) -> None:
    thread = threading.Thread(target=work)
    thread.start()
    thread.join()


def test_given_one_thread_when_it_checks_and_writes_then_every_statement_goes_through_its_own_connection(
    service: GameService,
) -> None:
    recorder, own = recorder_of(service), own_of(service)
    statements: list[str] = []
    own.connection().set_trace_callback(statements.append)
    game_id = uuid4()

    recorder.insert_events(events(game_id, range(1, 4)))
    assert recorder.select_events(game_id, gt=3) == []
    recorder.insert_events(events(game_id, range(4, 5)))
    found = recorder.select_events(game_id, gt=2)

    assert [event.originator_version for event in found] == [3, 4]
    assert [statement.split()[0] for statement in statements] == [
        "INSERT",
        "SELECT",
        "INSERT",
        "SELECT",
    ]


def test_given_two_threads_then_each_has_its_own_connection_and_an_ended_threads_is_closed(
    service: GameService,
) -> None:
    recorder, own = recorder_of(service), own_of(service)
    game_id = uuid4()
    recorder.insert_events(events(game_id, range(1, 2)))
    seen: list[sqlite3.Connection] = []

    def read() -> None:
        recorder.select_events(game_id)
        seen.append(own.connection())

    in_thread(read)
    in_thread(read)  # opens its own, closing the ended thread's

    first, second = seen
    assert first is not second
    assert second is not own.connection()
    with pytest.raises(sqlite3.ProgrammingError):
        first.execute("SELECT 1")
    second.execute("SELECT 1")  # open until its thread's connection is swept or the store closes


def test_given_the_store_closed_then_every_thread_connection_is_closed(tmp_path: Path) -> None:
    games = GameService(f"sqlite:///{tmp_path / 'games.db'}")
    recorder_of(games).select_events(uuid4())
    connection = own_of(games).connection()
    games.close()
    with pytest.raises(sqlite3.ProgrammingError):
        connection.execute("SELECT 1")


def test_given_a_version_taken_then_the_insert_is_refused_and_the_connection_kept(
    service: GameService,
) -> None:
    recorder, own = recorder_of(service), own_of(service)
    game_id = uuid4()
    recorder.insert_events(events(game_id, range(1, 3)))
    before = own.connection()

    with pytest.raises(IntegrityError):
        recorder.insert_events(events(game_id, range(2, 3)))

    assert own.connection() is before
    assert len(recorder.select_events(game_id)) == 2


def test_given_a_connection_that_fails_then_the_next_statement_opens_another(
    service: GameService,
) -> None:
    recorder, own = recorder_of(service), own_of(service)
    game_id = uuid4()
    recorder.insert_events(events(game_id, range(1, 2)))
    broken = own.connection()
    broken.close()  # as a failing disk or a closed file would leave it

    with pytest.raises(PersistenceError):
        recorder.select_events(game_id)

    assert own.connection() is not broken
    assert len(recorder.select_events(game_id)) == 1


def test_given_threads_writing_at_once_then_every_write_is_stored(service: GameService) -> None:
    recorder = recorder_of(service)
    games = [uuid4() for _ in range(4)]
    start = threading.Barrier(len(games))

    def write(game_id: UUID) -> None:
        start.wait()
        for version in range(1, 31):
            recorder.insert_events(events(game_id, range(version, version + 1)))

    threads = [threading.Thread(target=write, args=(game_id,)) for game_id in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert [len(recorder.select_events(game_id)) for game_id in games] == [30] * len(games)
