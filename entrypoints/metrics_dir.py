"""The folder where the worker processes of one ``dodgecity serve`` keep their metrics.

prometheus_client counts several processes together through files in the folder named by
``PROMETHEUS_MULTIPROC_DIR`` (``api/http/metrics.py``): the variable must be set before a worker
imports the library, and the folder must hold no file of an earlier run, whose counts a scrape
would add to this run's. So ``serve`` prepares it before the workers start: a fresh temporary
folder, removed when the server stops; or, if the operator named one in the variable (to keep it
on a volume of its own), that folder, its earlier files deleted. One process alone needs none:
it counts in memory.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator, MutableMapping
from contextlib import contextmanager
from pathlib import Path

from api.http.metrics import MULTIPROCESS_VARIABLE


class MetricsDirError(Exception):
    """The folder named in ``PROMETHEUS_MULTIPROC_DIR`` cannot be used."""


@contextmanager
def metrics_dir(workers: int, environ: MutableMapping[str, str]) -> Iterator[Path | None]:
    """While serving: the folder the workers count in, named in ``environ`` (None, and the
    variable left unset, for one worker and no folder named)."""
    named = environ.get(MULTIPROCESS_VARIABLE)
    if named:
        folder = Path(named)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            for stale in folder.glob("*.db"):  # the library's files, and only those
                stale.unlink()
        except OSError as error:
            raise MetricsDirError(
                f"{MULTIPROCESS_VARIABLE}={named}: cannot use the folder: {error.strerror or error}"
            ) from None
        yield folder
        return
    if workers == 1:
        yield None
        return
    made = Path(tempfile.mkdtemp(prefix="dodgecity-metrics-"))
    environ[MULTIPROCESS_VARIABLE] = str(made)
    try:
        yield made
    finally:
        del environ[MULTIPROCESS_VARIABLE]
        shutil.rmtree(made, ignore_errors=True)
