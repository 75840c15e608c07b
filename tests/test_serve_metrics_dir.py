"""The folder ``dodgecity serve`` prepares for its workers' metrics (``entrypoints/metrics_dir.py``):
none for one worker, a fresh one named in ``PROMETHEUS_MULTIPROC_DIR`` for several, removed
afterwards; a folder the operator named is used with the files of an earlier run deleted, and one
that cannot be used stops ``serve`` with a message and exit 2 before it listens."""

from __future__ import annotations

from pathlib import Path

import pytest
from api.http.metrics import MULTIPROCESS_VARIABLE
from entrypoints.metrics_dir import metrics_dir

from tests.api.servers import free_port, run_cli


def test_given_one_worker_and_no_folder_named_then_none_and_the_variable_stays_unset() -> None:
    environ: dict[str, str] = {}
    with metrics_dir(1, environ) as folder:
        assert folder is None
        assert environ == {}


def test_given_two_workers_and_no_folder_named_then_a_fresh_one_named_while_serving_and_removed_after() -> None:
    environ: dict[str, str] = {}
    with metrics_dir(2, environ) as folder:
        assert folder is not None
        assert environ == {MULTIPROCESS_VARIABLE: str(folder)}
        assert folder.is_dir()
        assert list(folder.iterdir()) == []
        (folder / "counter_1.db").write_bytes(b"a worker's counts")
    assert environ == {}
    assert not folder.exists()


def test_given_a_folder_named_by_the_operator_then_an_earlier_runs_files_are_deleted_and_the_folder_kept(tmp_path: Path) -> None:
    named = tmp_path / "metrics"
    named.mkdir()
    (named / "counter_4242.db").write_bytes(b"an earlier run's counts")
    (named / "README").write_text("the operator's own file")
    environ = {MULTIPROCESS_VARIABLE: str(named)}
    with metrics_dir(1, environ) as folder:
        assert folder == named
        assert sorted(path.name for path in named.iterdir()) == ["README"]
    assert environ == {MULTIPROCESS_VARIABLE: str(named)}
    assert (named / "README").exists()


def test_given_a_named_folder_that_is_a_file_when_serving_then_a_message_and_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    not_a_folder = tmp_path / "metrics"
    not_a_folder.write_text("")
    monkeypatch.setenv(MULTIPROCESS_VARIABLE, str(not_a_folder))
    # In a process of its own: serve passes its settings to its workers in its environment.
    done = run_cli("serve", "--workers", "2", "--port", str(free_port()), "--db", f"sqlite:///{tmp_path / 'games.db'}")
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith(f"dodgecity serve: {MULTIPROCESS_VARIABLE}={not_a_folder}: cannot use the folder: ")
