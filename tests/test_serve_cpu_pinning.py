"""A single server worker keeps its threads on one CPU (entrypoints/cpu_pinning.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from entrypoints.cpu_pinning import PINNING_VARIABLE, pin_if_asked

from tests.api.servers import start_server
from tests.patience import PATIENCE

ALLOWED = os.sched_getaffinity(0)

# Run in a process of its own: pinning the test's process would slow every later test.
PIN_AND_REPORT = """
import os, sys, threading
from entrypoints.cpu_pinning import keep_on_one_cpu

started = threading.Event()
stop = threading.Event()
def idle():
    started.set()
    stop.wait()
before = threading.Thread(target=idle)
before.start()
started.wait()
cpu = keep_on_one_cpu()
after = threading.Thread(target=lambda: print(sorted(os.sched_getaffinity(0))))
after.start()
after.join()
print(cpu)
print(sorted(os.sched_getaffinity(before.native_id)))
print(sorted(os.sched_getaffinity(0)))
stop.set()
before.join()
"""


def affinities(pid: int) -> dict[int, set[int]]:
    """Each thread of process ``pid`` and the CPUs it may run on."""
    return {int(task): os.sched_getaffinity(int(task)) for task in os.listdir(f"/proc/{pid}/task")}


def test_given_a_process_with_threads_when_it_keeps_on_one_cpu_then_every_thread_before_and_after_runs_on_that_cpu() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PIN_AND_REPORT],
        capture_output=True,
        text=True,
        check=True,
        timeout=PATIENCE,
        cwd=Path(__file__).resolve().parents[1],
    )
    started_after, cpu, thread_before, caller = done.stdout.split("\n")[:4]
    if len(ALLOWED) < 2:  # nothing to choose from: nothing changes
        assert cpu == "None"
        assert thread_before == caller == started_after == str(sorted(ALLOWED))
        return
    assert int(cpu) in ALLOWED
    assert thread_before == caller == started_after == f"[{cpu}]"


def test_given_no_request_to_pin_then_the_process_is_left_to_the_scheduler() -> None:
    assert pin_if_asked({}) is None
    assert pin_if_asked({PINNING_VARIABLE: "off"}) is None
    assert os.sched_getaffinity(0) == ALLOWED


@pytest.mark.parametrize(("arguments", "pinned"), [((), True), (("--cpu-pinning", "off"), False)])
def test_given_one_worker_then_the_server_keeps_its_threads_on_one_cpu_unless_told_not_to(
    tmp_path: Path, arguments: tuple[str, ...], pinned: bool
) -> None:
    server = start_server(f"sqlite:///{tmp_path / 'games.db'}", *arguments)
    try:
        threads = affinities(server.process.pid)
    finally:
        server.stop()
    assert len(threads) > 2  # the event loop's, the read models', the bots' …
    cpus = set().union(*threads.values())
    if pinned and len(ALLOWED) >= 2:
        assert len(cpus) == 1
        assert all(len(allowed) == 1 for allowed in threads.values())
    else:
        assert all(allowed == ALLOWED for allowed in threads.values())


def test_given_one_worker_on_postgresql_then_the_server_is_left_to_the_scheduler(postgres_url: str) -> None:
    server = start_server(postgres_url)
    try:
        threads = affinities(server.process.pid)
    finally:
        server.stop()
    assert len(threads) > 2
    assert all(allowed == ALLOWED for allowed in threads.values())
