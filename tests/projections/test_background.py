"""The background projector: catches up soon after a poke, never twice at once, and stops."""

from __future__ import annotations

import logging
import random
import threading
import time

import pytest
from projections.background import BackgroundProjector

from tests.patience import PATIENCE

SOON = PATIENCE  # far beyond any real wait, reached only if something is broken


def _eventually(condition: object, what: str) -> None:
    deadline = time.monotonic() + SOON
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, what
        time.sleep(0.001)


def test_given_a_poke_then_a_catch_up_follows() -> None:
    runs: list[float] = []
    projector = BackgroundProjector(lambda: runs.append(time.monotonic()), gather_seconds=0.001)
    try:
        projector.poke()
        _eventually(lambda: len(runs) == 1, "no catch-up after a poke")
    finally:
        projector.close()


def test_given_pokes_during_a_catch_up_then_one_more_follows_and_never_two_at_once() -> None:
    running, most_at_once, runs = 0, 0, 0
    lock, release = threading.Lock(), threading.Event()

    def catch_up() -> None:
        nonlocal running, most_at_once, runs
        with lock:
            running += 1
            most_at_once = max(most_at_once, running)
        release.wait(SOON)
        with lock:
            running -= 1
            runs += 1

    projector = BackgroundProjector(catch_up, gather_seconds=0.001)
    try:
        projector.poke()
        _eventually(lambda: running == 1, "the first catch-up did not start")
        for _ in range(10):  # commands stored while it runs
            projector.poke()
        release.set()
        _eventually(lambda: runs == 2, "the pokes during the catch-up were lost")
        time.sleep(0.05)
        assert runs == 2, "ten pokes during one catch-up ask for one more, not ten"
        assert most_at_once == 1
    finally:
        release.set()
        projector.close()


def test_given_a_failing_catch_up_then_it_is_logged_and_the_next_poke_retries(caplog: pytest.LogCaptureFixture) -> None:
    attempts: list[int] = []

    def catch_up() -> None:
        attempts.append(1)
        if len(attempts) == 1:
            raise OSError("the database is away")

    projector = BackgroundProjector(catch_up, gather_seconds=0.001)
    try:
        with caplog.at_level(logging.ERROR, logger="projections.background"):
            projector.poke()
            _eventually(lambda: len(attempts) == 1, "no first attempt")
            _eventually(lambda: "could not catch up" in caplog.text, "the failure was not logged")
        projector.poke()
        _eventually(lambda: len(attempts) == 2, "the next poke did not retry")
    finally:
        projector.close()


def test_given_pokes_racing_a_close_then_the_thread_always_stops(caplog: pytest.LogCaptureFixture) -> None:
    # A stop must never be lost however it interleaves with pokes: a first version could lose one
    # arriving just as the gathering ended, and close() then waited out its whole time limit with
    # the thread still running, which it logs. Not timed: a busy machine only makes it slower.
    shuffle = random.Random(3)
    with caplog.at_level(logging.ERROR, logger="projections.background"):
        for attempt in range(300):
            projector = BackgroundProjector(lambda: None, gather_seconds=0.0005)
            projector.poke()
            time.sleep(shuffle.choice([0, 0.0003, 0.0005, 0.0007, 0.001]))
            projector.poke()
            projector.close()
            assert "did not stop" not in caplog.text, f"the stop was lost at attempt {attempt}"


def test_given_a_closed_projector_then_a_poke_starts_nothing() -> None:
    runs: list[int] = []
    projector = BackgroundProjector(lambda: runs.append(1), gather_seconds=0.001)
    projector.close()
    projector.poke()
    time.sleep(0.05)
    assert runs == []
