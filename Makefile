# Two entry points for a fresh machine: `make run` and `make test`. Both create .venv themselves.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed

.PHONY: run test lint bench bench-store bench-api clean

$(INSTALLED): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

run: $(INSTALLED)
	$(BIN)/dodgecity serve --db sqlite:///dodgecity.db

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
