"""A PostgreSQL server of one's own, to stop and start again: the outage tests and benchmark.

The shared test server (``scripts/with-postgres``) serves every other test at once, so stopping
it would fail them; this makes a throwaway cluster in a temporary directory with Debian's server
programs (as the script does), on a free port, and removes it afterwards.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path


def server_programs() -> Path | None:
    """The newest installed ``/usr/lib/postgresql/*/bin`` with ``initdb``, if any."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
    return found[-1].parent if found else None


class Cluster:
    def __init__(self, bindir: Path, folder: Path) -> None:
        self._bindir = bindir
        self._folder = folder
        # initdb and the server refuse to run as root: the cluster belongs to postgres then.
        self._as = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/outage"

    def _run(self, *command: str) -> None:
        subprocess.run([*self._as, *command], check=True, capture_output=True)

    def create(self) -> None:
        if self._as:
            shutil.chown(self._folder, "postgres")
        data = str(self._folder / "data")
        self._run(str(self._bindir / "initdb"), "-D", data, "-U", "postgres", "--auth=trust", "--no-sync")
        self.start()
        subprocess.run(
            [str(self._bindir / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "outage"],
            check=True,
            capture_output=True,
        )

    def start(self) -> None:
        options = f"-h 127.0.0.1 -p {self.port} -k {self._folder} -c fsync=off"
        self._run(
            str(self._bindir / "pg_ctl"),
            "-D",
            str(self._folder / "data"),
            "-l",
            str(self._folder / "server.log"),
            "-w",
            "-o",
            options,
            "start",
        )

    def stop(self) -> None:
        """As a crash or a pulled cable would: at once, every connection dropped."""
        self._run(str(self._bindir / "pg_ctl"), "-D", str(self._folder / "data"), "-m", "immediate", "-w", "stop")


@contextmanager
def throwaway_cluster() -> Iterator[Cluster]:
    bindir = server_programs()
    if bindir is None:
        raise LookupError("PostgreSQL's server programs are not installed")
    folder = Path(tempfile.mkdtemp(prefix="dodgecity-outage-"))
    os.chmod(folder, 0o755)
    cluster = Cluster(bindir, folder)
    try:
        cluster.create()
        yield cluster
    finally:
        with suppress(subprocess.CalledProcessError):  # already stopped
            cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)
