# Two entry points for a fresh machine: `make run` and `make test`. Both create .venv themselves.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed
RUNTIME := $(VENV)/.runtime
# `make run PORT=9000` (or PORT in the environment) serves elsewhere; HOST likewise.
PORT ?= 8000
HOST ?= 127.0.0.1

.PHONY: run test lint bench bench-store bench-api clean

# Serving needs only the runtime dependencies; the tests add the dev tools to the same .venv.
$(RUNTIME): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -e .
	touch $@

$(INSTALLED): $(RUNTIME)
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

run: $(RUNTIME)
	$(BIN)/dodgecity serve --db sqlite:///dodgecity.db --host $(HOST) --port $(PORT)

test: $(INSTALLED) lint
	scripts/with-postgres $(BIN)/pytest

lint: $(INSTALLED)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: $(INSTALLED)
	$(BIN)/python benchmarks/bench_random_games.py

bench-store: $(INSTALLED)
	scripts/with-postgres $(BIN)/python benchmarks/bench_store.py

bench-api: $(INSTALLED)
	scripts/with-postgres $(BIN)/python benchmarks/bench_api.py --postgres

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
