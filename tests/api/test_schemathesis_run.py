"""The committed schemathesis run (``scripts/schemathesis-run``): ``st run --checks all``, every
phase with the stateful one, against a real ``dodgecity serve`` and the document it serves,
reports no failure."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "scripts" / "schemathesis-run"


def test_given_a_served_server_when_schemathesis_runs_every_check_and_phase_then_it_finds_no_failure(
    tmp_path: Path,
) -> None:
    done = subprocess.run([str(SCRIPT)], capture_output=True, text=True, timeout=900, check=False, cwd=tmp_path)
    report = "\n".join(line for line in done.stdout.splitlines() if not line.startswith("INFO:"))
    assert done.returncode == 0, report[-6000:] + done.stderr[-2000:]
    # Every generated case passed: the summary says so in one line ("1734 generated, 1734
    # passed"), where a failure makes it "…, 1 found 1 unique failure".
    assert re.search(r"(\d+) generated, \1 passed", report), report[-3000:]
    # schemathesis keeps a cache under the directory it runs in: the script runs it in its own
    # temporary folder, so no run leaves one where it was started (the work tree).
    assert not (tmp_path / ".schemathesis").exists()
