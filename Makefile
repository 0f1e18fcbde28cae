# The README's two commands are `make reproduce` and `make test`; each sets up .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: reproduce test unit nbval lint bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

reproduce: $(STAMP)
	$(BIN)/python -m puzzles reproduce --scale paper

test: unit nbval

unit: $(STAMP)
	$(BIN)/python -m pytest tests

# Re-executes copies of the committed (paper-scale) notebooks in a temporary folder and
# compares every stored output; the repository is never written.
nbval: $(STAMP)
	$(BIN)/python tests/run_nbval.py

lint: $(STAMP)
	$(BIN)/ruff check puzzles tests benchmarks

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	find . -path ./$(VENV) -prune -o \( -name '*.nbi' -o -name '*.nbc' \) -print -exec rm -f {} +
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -print -exec rm -rf {} +
	rm -rf build dist *.egg-info .pytest_cache .ruff_cache .hypothesis .cache
