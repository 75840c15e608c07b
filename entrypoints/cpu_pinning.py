"""A server worker's threads kept on one CPU: the interpreter lock runs one of them at a time
anyway, and handing it between threads on different CPUs costs far more than on one.

Every request crosses between a worker's threads: the event loop's, the store's, and now and
then the read models'. Each crossing hands the interpreter lock from one thread to another, and
the store's thread also lets it go around each SQLite statement. When the scheduler runs those
threads on two CPUs, each hand-over wakes the other CPU, and the thread that runs there finds
the request's objects in the first CPU's caches: measured with ``benchmarks/bench_api.py``
(SQLite, one worker, 64 clients, the server's CPU time per action over the same 8 s), the same
server pinned to one CPU with ``taskset`` spent 0.70 ms per Dodge City action where it spent
0.96–1.00 ms left to the scheduler on an otherwise quiet 2-core machine, with half the voluntary
context switches per action (1.4 against 2.7–3.6). On a machine busy with other programs the
threads already share a CPU most of the time, and the difference shrinks.

So a server of one worker process on SQLite (or in memory) keeps all its threads on the CPU it
started on (:func:`keep_on_one_cpu`, called by the app factory before the app starts any
thread; threads started later inherit it). The scheduler still moves every other program away
from a busy CPU. With several workers nothing is pinned: a worker cannot tell which CPUs the
others took, and two of them on one CPU while another sits idle would cost more than the
hand-overs. Nor on PostgreSQL, whose server shares the machine's CPUs and whose store calls wait
on the network: measured in turns on a busy machine (2 rounds), the pinned server spent the same
CPU per action (1.21 → 1.23 ms, 1.30 → 1.32 ms) with a worse POST p99 (42.7 → 66.3 ms,
44.2 → 57.6 ms).
``dodgecity serve --cpu-pinning off`` leaves a single worker to the scheduler too.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

#: Set by ``dodgecity serve`` for its worker: :data:`PINNED` pins it (one worker, ``--cpu-pinning
#: auto``, the default).
PINNING_VARIABLE = "DODGECITY_CPU_PINNING"
PINNED = "on"
AUTO = "auto"

_TASKS = Path("/proc/self/task")


def pin_if_asked(environ: Mapping[str, str]) -> int | None:
    """Keep this process on one CPU if ``dodgecity serve`` asked for it; the CPU, or None."""
    if environ.get(PINNING_VARIABLE) != PINNED:
        return None
    return keep_on_one_cpu()


def keep_on_one_cpu() -> int | None:
    """Keep every thread of this process, and every thread it starts from now on, on the CPU it
    runs on now (one of those it may use); the CPU, or None where there is nothing to choose
    from (a single CPU allowed) or no way to choose (not Linux)."""
    if not hasattr(os, "sched_getaffinity"):
        return None
    allowed = os.sched_getaffinity(0)
    if len(allowed) < 2:
        return None
    cpu = running_cpu()
    if cpu not in allowed:
        cpu = min(allowed)
    # sched_setaffinity applies to one thread (a task): each of the process's own, the calling
    # one included, whose setting the threads it starts later inherit.
    for task in _task_ids():
        try:
            os.sched_setaffinity(task, {cpu})
        except OSError:  # the thread ended meanwhile
            continue
    return cpu


def running_cpu() -> int | None:
    """The CPU this thread last ran on (field 39 of ``/proc/thread-self/stat``), or None."""
    try:
        stat = Path("/proc/thread-self/stat").read_bytes()
    except OSError:
        return None
    # The fields after the command's name, which may hold spaces, start at field 3.
    fields = stat.rsplit(b")", 1)[1].split()
    try:
        return int(fields[39 - 3])
    except (IndexError, ValueError):
        return None


def _task_ids() -> list[int]:
    try:
        return [int(name) for name in os.listdir(_TASKS)]
    except OSError:
        return [0]  # the calling thread alone
