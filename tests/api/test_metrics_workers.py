"""``GET /metrics`` of a real ``dodgecity serve --workers 2``: one scrape, whichever worker answers
it, counts the requests every worker answered (prometheus_client's multi-process mode), and the
folder the workers count in is the serve command's, gone when it stops.

Which worker answered is read from the workers' own files, with the library's reader: each worker
writes its counters to ``counter_<its pid>.db`` in the folder its environment names."""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path

import httpx
from api.http.metrics import MULTIPROCESS_VARIABLE
from prometheus_client.multiprocess import MultiProcessCollector

from tests.api.servers import Server, start_server
from tests.api.test_metrics import parse, value
from tests.patience import PATIENCE, wait_until

REQUESTS = "dodgecity_http_requests_total"
ROUTE = {"method": "GET", "route": "/rulesets", "status": "200"}
#: Fresh connections tried before concluding that one worker takes them all (each lands on
#: either; two workers waiting on one socket share them).
MOST_TRIES = 400


def _workers(server: Server) -> list[int]:
    """The pids of the server's worker processes: the children of ``serve`` that
    multiprocessing spawned (not its resource tracker)."""
    children: list[int] = []
    for task in Path(f"/proc/{server.process.pid}/task").iterdir():
        children += [int(pid) for pid in (task / "children").read_text().split()]
    return [pid for pid in children if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()]


def _counting_folder(pid: int) -> Path:
    """The folder a worker counts in, as its environment names it."""
    environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    named = [entry.partition(b"=")[2] for entry in environ if entry.startswith(MULTIPROCESS_VARIABLE.encode() + b"=")]
    assert named, f"worker {pid} has no {MULTIPROCESS_VARIABLE}"
    return Path(os.fsdecode(named[0]))


def _answered_by(folder: Path, pid: int) -> float:
    """The GET /rulesets a worker counted, read from its own file."""
    own = folder / f"counter_{pid}.db"
    if not own.exists():
        return 0
    for metric in MultiProcessCollector.merge([str(own)]):  # type: ignore[no-untyped-call]
        for sample in metric.samples:
            if sample.name == REQUESTS and sample.labels == ROUTE:
                return float(sample.value)
    return 0


def _all_counted(folder: Path, workers: list[int], sent: int) -> bool:
    return sum(_answered_by(folder, pid) for pid in workers) == sent


def test_given_two_workers_when_requests_land_on_both_then_one_scrape_counts_every_one(tmp_path: Path) -> None:
    server = start_server(f"sqlite:///{tmp_path / 'games.db'}", "--workers", "2")
    try:
        assert wait_until(lambda: len(_workers(server)) == 2), "two workers did not start"
        workers = _workers(server)
        (folder,) = {_counting_folder(pid) for pid in workers}
        assert folder.is_dir()
        sent = 0
        for _ in range(MOST_TRIES):
            with httpx.Client(base_url=server.url, timeout=PATIENCE) as fresh:  # a new connection
                assert fresh.get("/rulesets").status_code == 200
            sent += 1
            # A request is counted as its answer ends: wait until its worker has counted it.
            assert wait_until(partial(_all_counted, folder, workers, sent))
            if all(_answered_by(folder, pid) for pid in workers):
                break
        counted = {pid: _answered_by(folder, pid) for pid in workers}
        assert all(counted.values()), f"after {sent} connections one worker answered them all: {counted}"
        for _ in range(3):  # whichever worker answers the scrape
            with httpx.Client(base_url=server.url, timeout=PATIENCE) as scraper:
                answer = scraper.get("/metrics")
            assert answer.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8"
            assert value(parse(answer.text), REQUESTS, **ROUTE) == sent == sum(counted.values())
    finally:
        server.stop()
    assert not folder.exists(), "the serve command left its metrics folder behind"
