# The README's two commands are `make reproduce` and `make test`; each sets up .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: reproduce test unit nbval lint bench clean test-browser mutants

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

# Plays every board in JupyterLab in headless Chromium (Debian's /usr/bin/chromium, never a
# downloaded browser); stops with a message when Chromium is missing.
BROWSER_STAMP := $(VENV)/.browser-stamp
CHROMIUM ?= /usr/bin/chromium

$(BROWSER_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,browser]'
	touch $(BROWSER_STAMP)

test-browser: $(BROWSER_STAMP)
	@test -x $(CHROMIUM) || { echo "make test-browser: no Chromium at $(CHROMIUM);" \
		"install it (Debian: apt-get install -y --no-install-recommends chromium)" >&2; exit 2; }
	PUZZLE_LAB_BROWSER=1 PUZZLE_LAB_CHROMIUM=$(CHROMIUM) $(BIN)/python -m pytest tests/browser \
		-p no:cacheprovider -v

# One-line mutants of every rule (tests/mutants/catalogue.csv), each applied in a temporary copy
# of the repository and run against the unit tests that should kill it with a fresh numba cache;
# writes tests/mutants/results.csv and prints the kill rate per family and the survivors.
# About an hour on 2 cores, so not part of `make test`; finished mutants are not rerun.
# Subsets: make mutants MUTANTS_ARGS="--family hypercube" (or "--only hc08 hc09").
mutants: $(STAMP)
	$(BIN)/python tests/mutants/run.py $(MUTANTS_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check puzzles tests benchmarks

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	find . -path ./$(VENV) -prune -o \( -name '*.nbi' -o -name '*.nbc' \) -print -exec rm -f {} +
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -print -exec rm -rf {} +
	rm -rf build dist *.egg-info .pytest_cache .ruff_cache .hypothesis .cache
