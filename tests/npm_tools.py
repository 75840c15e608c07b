"""Node.js tools the tests install from a committed npm lock file (Spectral, the client generator
and tsc), shared by the tests that need them."""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

#: `npm ci` of a small lock file; generous, so that only a hung install fails.
INSTALL_SECONDS = 300


def node_tool(name: str, purpose: str) -> str:
    """The path of the program ``name`` (npm, node); missing, it fails the test in CI, which
    installs it, and skips it elsewhere. ``purpose`` says in the message what needs it."""
    found = shutil.which(name)
    if found is None:
        if os.environ.get("CI"):
            pytest.fail(f"{name} is missing: CI {purpose}")
        pytest.skip(f"{name} is missing: install Node.js and npm: the test {purpose}")
    return found


def installed_from_lock(folder: Path, purpose: str) -> Path:
    """``folder``'s ``node_modules``, installed by `npm ci` from its lock file unless the last
    install already came from this very lock file (a stamp inside ``node_modules`` says)."""
    npm = node_tool("npm", purpose)
    node_modules = folder / "node_modules"
    stamp = node_modules / ".installed-from-lock"
    lock = hashlib.sha256((folder / "package-lock.json").read_bytes()).hexdigest()
    # `npm ci` empties node_modules first: another test worker (pytest-xdist), or another run in
    # this tree, must neither install at the same moment nor find it half installed. One lock
    # per folder, held while checking and installing; kept outside the tree, so nothing is left in it.
    holder = Path(tempfile.gettempdir()) / f"dodgecity-npm-{hashlib.sha256(bytes(folder)).hexdigest()[:16]}.lock"
    with holder.open("a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        if not (stamp.exists() and stamp.read_text() == lock):
            installed = subprocess.run(
                [npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"],
                cwd=folder,
                check=False,
                capture_output=True,
                text=True,
                timeout=INSTALL_SECONDS,
            )
            assert installed.returncode == 0, f"npm ci in {folder} (exit {installed.returncode}):\n{installed.stderr}"
            stamp.write_text(lock)
    return node_modules
