#!/usr/bin/env bash
# Server CPU per API action, before → after, for every game: a baseline commit and this checkout
# measured in turns in one run (benchmarks/bench_api.py --before), each server run from its own
# folder with its own dependencies. CPU time is what is compared: other programs on the machine
# move rates and latencies from run to run, far less the CPU the server spends on an action.
#
#   benchmarks/compare_cpu.sh [BASELINE (default 964859b)] [bench_api.py options...]
#
# The baseline is checked out with `git worktree add` in $BENCH_BEFORE (default /tmp/bench-before)
# and gets a virtual environment of its own there (.venv, its pyproject's dependencies only: no
# compiled HTTP parser or event loop unless it asks for them); both are kept for the next run.
#
# The "after" side is this working tree as it is, unless $BENCH_AFTER_COMMIT names a commit: then
# that commit, checked out in a worktree of its own ($BENCH_AFTER, default /tmp/bench-after) and
# run with this checkout's environment, so that another change half-made in the working tree
# cannot stop its server or move its figures.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
baseline="${1:-964859b}"
shift || true
before="${BENCH_BEFORE:-/tmp/bench-before}"
python="$here/.venv/bin/python"

if [ ! -d "$before" ]; then
    git -C "$here" worktree add --detach "$before" "$baseline" >&2
fi
if [ "$(git -C "$before" rev-parse HEAD)" != "$(git -C "$here" rev-parse "$baseline^{commit}")" ]; then
    echo "$before holds another commit than $baseline: remove it (git worktree remove $before)" >&2
    exit 2
fi
if [ ! -x "$before/.venv/bin/python" ]; then
    "$("$python" -c 'import sys; print(sys._base_executable)')" -m venv "$before/.venv"
    (cd "$before" && .venv/bin/pip install --quiet .) >&2
fi
if [ -n "${BENCH_AFTER_COMMIT:-}" ]; then
    after="${BENCH_AFTER:-/tmp/bench-after}"
    commit="$(git -C "$here" rev-parse "$BENCH_AFTER_COMMIT^{commit}")"  # named here, not there
    if [ ! -d "$after" ]; then
        git -C "$here" worktree add --detach "$after" "$commit" >&2
    else
        git -C "$after" checkout --quiet --detach "$commit"
    fi
    cd "$after"
    # Its own modules first, before the ones this environment installs from the working tree.
    PYTHONPATH="$after" exec "$python" benchmarks/bench_api.py --before "$before" --only games "$@"
fi
cd "$here"
exec "$python" benchmarks/bench_api.py --before "$before" --only games "$@"
