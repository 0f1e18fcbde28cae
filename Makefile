# The README's two commands are `make reproduce` and `make test`; each sets up .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
# The exact versions the committed notebooks and figures were made with (make lock refreshes it).
LOCK := requirements.lock
BROWSER_LOCK := requirements-browser.lock

.PHONY: venv book readme runtimes shards reproduce test unit unit-a unit-b unit-notebooks nbval lint bench clean test-browser lock test-oldest test-latest mutants

# Plain pip installs the lock (hashes checked), so a fresh machine needs only Python; the
# package goes in with --no-deps so nothing beyond the lock can be resolved.
$(STAMP): pyproject.toml $(LOCK)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --require-hashes -r $(LOCK)
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(STAMP)

# Only the environment: .venv with the lock's exact versions (every other target makes it too).
venv: $(STAMP)

reproduce: $(STAMP)
	$(BIN)/python -m puzzles reproduce --scale paper

# Unit tests and nbval as a queue of shards for two make jobs (-O prints each shard's log in one
# piece when it ends), the longest first so the two cores finish together. The unit tests are
# cut in three by file (UNIT_A, UNIT_NOTEBOOKS and the rest), so every test runs exactly once;
# nbval runs one notebook per shard, one shard per file in notebooks/ (so a new notebook gets its
# shard by existing), the highest number first: the later papers' notebooks are the longest.
# unit-b reaches tests/test_contract.py after four quick files: it runs every family's
# experiments at smoke scale in one process, compiling their kernels once into the shared numba
# cache (.numba-cache/<source hash>), so the pool workers of the nbval shards that follow load
# them instead of each compiling them at the same time (notebook 05 compiles its own first, in
# ex.warm_up(), beside unit-b).
NOTEBOOK_STEMS := $(basename $(notdir $(wildcard notebooks/*.ipynb)))
NBVAL_SHARDS := $(addprefix nbval-,$(shell printf '%s\n' $(NOTEBOOK_STEMS) | sort -r))
UNIT_A := $(wildcard tests/test_clockwork_*.py tests/test_iqlink_*.py)
UNIT_NOTEBOOKS := tests/test_notebooks.py
TEST_SHARDS := unit-b $(firstword $(NBVAL_SHARDS)) unit-a unit-notebooks \
	$(wordlist 2,$(words $(NBVAL_SHARDS)),$(NBVAL_SHARDS))

test: $(STAMP)
	$(MAKE) --no-print-directory -j2 -O $(TEST_SHARDS)

# The shards `make test` runs, one per line (tests/test_layout.py checks every notebook has one).
shards:
	@printf '%s\n' $(TEST_SHARDS)

unit: $(STAMP)
	$(BIN)/python -m pytest tests

unit-a: $(STAMP)
	$(BIN)/python -m pytest $(UNIT_A)

unit-notebooks: $(STAMP)
	$(BIN)/python -m pytest $(UNIT_NOTEBOOKS)

unit-b: $(STAMP)
	$(BIN)/python -m pytest tests $(addprefix --ignore=,$(UNIT_A) $(UNIT_NOTEBOOKS))

# Re-executes copies of the committed (paper-scale) notebooks in a temporary folder and
# compares every stored output; the repository is never written. nbval-<stem>: one notebook.
nbval: $(STAMP)
	$(BIN)/python tests/run_nbval.py

nbval-%: $(STAMP)
	$(BIN)/python tests/run_nbval.py $*

# Plays every board in JupyterLab in headless Chromium (Debian's /usr/bin/chromium, never a
# downloaded browser); stops with a message when Chromium is missing.
BROWSER_STAMP := $(VENV)/.browser-stamp
CHROMIUM ?= /usr/bin/chromium

$(BROWSER_STAMP): $(STAMP) $(BROWSER_LOCK)
	$(BIN)/python -m pip install --quiet --require-hashes -r $(BROWSER_LOCK)
	touch $(BROWSER_STAMP)

# A static HTML site of the five committed notebooks (never re-executed), the README as its home
# page and each ledger as a paged, filterable table: build/book/index.html.
book: $(BROWSER_STAMP)
	$(BIN)/python book/build.py

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

# README.md's generated tables (notebooks, scoreboard, speed) from the catalogue, the committed
# ledgers and benchmarks/results.csv; tests/test_layout.py fails while one is stale.
readme: $(STAMP)
	$(BIN)/python -m puzzles.readme

# Every notebook's wall time, cold (fresh numba cache) and warm, at smoke and paper scale, into
# figures/timing_notebooks.csv (about 40 minutes; ONLY="01 03" for some), then the README's table.
runtimes: $(STAMP)
	$(BIN)/python -m puzzles.runtimes $(if $(ONLY),--only $(ONLY))
	$(BIN)/python -m puzzles.readme

lint: $(STAMP)
	$(BIN)/ruff check puzzles tests benchmarks
	$(BIN)/lint-imports --no-cache

bench: $(STAMP)
	$(BIN)/python -m benchmarks

# uv resolves the lock: one resolution for Linux, macOS and Windows (environment markers), with
# the hash of every file of every pinned release. Only `make lock`, `test-oldest` and
# `test-latest` need it; installing the lock needs only pip.
UV_VERSION := 0.13.9
UV := $(BIN)/uv
UV_STAMP := $(VENV)/.uv-$(UV_VERSION)
# The lock's oldest Python: soupsieve (via nbconvert) needs 3.11.5.
LOCK_PYTHON := 3.11.5
COMPILE = $(UV) pip compile pyproject.toml --universal --python-version $(LOCK_PYTHON) \
	--generate-hashes --custom-compile-command "make lock"
# UPGRADE=0 keeps every pin that still satisfies pyproject.toml (after adding a dependency).
UPGRADE ?= 1

$(UV_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet uv==$(UV_VERSION)
	touch $(UV_STAMP)

lock: $(UV_STAMP)
	$(COMPILE) --extra test $(if $(filter 1,$(UPGRADE)),--upgrade) -o $(LOCK)
	$(COMPILE) --extra test --extra browser --extra book -c $(LOCK) -o $(BROWSER_LOCK)
	$(MAKE) --no-print-directory $(STAMP)
	@if git diff --quiet -- $(LOCK) $(BROWSER_LOCK) 2>/dev/null; then \
		echo "make lock: the lock is unchanged."; \
	else \
		echo "make lock: $(LOCK) and $(BROWSER_LOCK) changed and .venv was reinstalled from them."; \
		echo "The committed outputs came from the previous lock: run 'make reproduce', check"; \
		echo "'make test', and commit the lock with the notebooks and figures it produced."; \
	fi

# Both drift checks install into their own venv and run the unit tests and the smoke-scale
# notebooks (tests/); nbval is left out, since stored outputs belong to the lock's versions.
# test-oldest: every direct dependency at the lower bound pyproject.toml declares.
# test-latest: the newest releases, and the packages whose versions differ from the lock.
# PYTEST_ARGS passes options to pytest (e.g. -x, or --ignore=tests/test_x.py).
test-oldest: $(UV_STAMP)
	test -x .venv-oldest/bin/python || $(PYTHON) -m venv .venv-oldest
	$(UV) pip compile pyproject.toml --extra test --resolution lowest-direct \
		--python .venv-oldest/bin/python -o .venv-oldest/requirements.txt --quiet
	$(UV) pip sync --python .venv-oldest/bin/python .venv-oldest/requirements.txt
	$(UV) pip install --python .venv-oldest/bin/python --no-deps -e .
	$(BIN)/python tests/drift.py $(LOCK) .venv-oldest/requirements.txt --direct
	.venv-oldest/bin/python -m pytest tests -p no:cacheprovider $(PYTEST_ARGS)

test-latest: $(UV_STAMP)
	test -x .venv-latest/bin/python || $(PYTHON) -m venv .venv-latest
	$(UV) pip compile pyproject.toml --extra test --upgrade --no-config \
		--python .venv-latest/bin/python -o .venv-latest/requirements.txt --quiet
	$(UV) pip sync --python .venv-latest/bin/python .venv-latest/requirements.txt
	$(UV) pip install --python .venv-latest/bin/python --no-deps -e .
	$(BIN)/python tests/drift.py $(LOCK) .venv-latest/requirements.txt
	.venv-latest/bin/python -m pytest tests -p no:cacheprovider $(PYTEST_ARGS)

clean:
	find . -path './$(VENV)*' -prune -o \( -name '*.nbi' -o -name '*.nbc' \) -print -exec rm -f {} +
	find . -path './$(VENV)*' -prune -o -name __pycache__ -type d -print -exec rm -rf {} +
	rm -rf build dist *.egg-info .pytest_cache .ruff_cache .hypothesis .cache .numba-cache
