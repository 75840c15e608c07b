"""The garbage collector of a serving process (entrypoints/collector.py), checked in a process of
its own: freezing and new thresholds would otherwise stay set for the rest of the test run."""

from __future__ import annotations

import subprocess
import sys

from entrypoints.collector import OLDER_THRESHOLDS, YOUNG_THRESHOLD

PROBE = """
import gc
from entrypoints.collector import tune_for_serving
before = gc.get_freeze_count()
tune_for_serving()
print(before, gc.get_freeze_count(), *gc.get_threshold())
"""


def test_given_a_process_when_tuned_for_serving_then_what_exists_is_frozen_and_thresholds_raised() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    before, frozen, *thresholds = (int(word) for word in done.stdout.split())
    assert before == 0
    assert frozen > 0  # the interpreter's modules at least
    assert thresholds == [YOUNG_THRESHOLD, *OLDER_THRESHOLDS]
