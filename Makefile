# Koloda: `make run` and `make test` do all set-up on a fresh machine.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
# One stamp per set of extras installed (pyproject.toml): the web table needs `server`, the
# tests need everything (postgres is in dev; `scale` is Ray, for the tournament's --ray test). Installing builds the Rust engine of native/ in release mode into
# the extension module koloda._native (maturin is the build backend), so a stamp is also
# out of date when the crate's sources change.
RUN_STAMP = $(VENV)/.installed-server
STAMP     = $(VENV)/.installed-dev,server,plots,research,tui,scale,docs
DOCS_STAMP = $(VENV)/.installed-docs
NATIVE_SOURCES = native/Cargo.toml native/Cargo.lock $(wildcard native/src/*.rs native/src/*/*.rs native/src/*/*/*.rs)

.PHONY: run test lint typecheck native-check docs docs-check bench bench-native clean browser postgres tmux node mutation mutation-native

$(VENV)/.installed-%: pyproject.toml $(NATIVE_SOURCES)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[$*]'
	touch '$@'

run: $(RUN_STAMP)
	$(BIN)/koloda serve

# System packages the tests use, installed with apt-get when missing: Debian's Chromium for
# the browser tests (Playwright cannot download a browser here), PostgreSQL for the store's
# tests on a private server, tmux for the terminal table's tests, Node for the browser
# modules' unit tests.
APT_INSTALL = SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	DEBIAN_FRONTEND=noninteractive $$SUDO apt-get update -qq && \
	DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq

browser:
	@test -x /usr/bin/chromium || { $(APT_INSTALL) chromium >/dev/null; }

postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { $(APT_INSTALL) postgresql >/dev/null; }

tmux:
	@command -v tmux >/dev/null || { $(APT_INSTALL) tmux >/dev/null; }

node:
	@command -v node >/dev/null || { $(APT_INSTALL) nodejs >/dev/null; }

# The browser's modules too: oxlint (from PyPI, in the dev extra; .oxlintrc.json) and node's
# own test runner over their pure functions (tests/js).
lint: $(STAMP) node
	$(BIN)/ruff check koloda tests bench examples
	$(BIN)/ruff format --check koloda tests bench examples
	$(BIN)/oxlint -c .oxlintrc.json --deny-warnings koloda tests
	node --test tests/js/*.test.mjs

typecheck: $(STAMP)
	$(BIN)/mypy
	$(BIN)/mypy --strict examples

# The Rust crate on its own: formatting, lints (every target, with the Python bindings)
# and its unit tests; then the stubs of the extension module (koloda/_native.pyi) against
# the module as built, member by member (mypy's stubtest; no allowlist).
native-check: $(STAMP)
	cd native && cargo fmt --check
	cd native && PYO3_PYTHON=$(abspath $(BIN)/python) cargo clippy --all-targets --features python -- -D warnings
	cd native && cargo test --quiet
	$(BIN)/python -m mypy.stubtest koloda._native

# The documentation site (mkdocs.yml) into site/; `make test` builds it with --strict, so a
# broken link or a page missing from the nav fails.
docs: $(DOCS_STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

docs-check: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

# The whole suite runs on the default (native) engine; the rules, engine and record tests run
# again on the Python reference engine, so both engines pass them.
ENGINE_TESTS = tests/conformance tests/core tests/king tests/spades tests/hundred_one tests/tressette \
	tests/test_records_fuzz.py tests/test_fairness.py

test: lint typecheck native-check docs-check browser postgres tmux
	$(BIN)/pytest -q -n 2 --durations=40
	KOLODA_ENGINE=python $(BIN)/pytest -q -n 2 $(ENGINE_TESTS)

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python bench/bench_engines.py

# The native engine against the Python one and OpenSpiel: decisions per second.
bench-native: $(STAMP)
	$(BIN)/python bench/bench_native.py

# Mutation testing of the rule engines ([tool.mutmut] in pyproject.toml), one worker at low
# priority, the tests on the Python engine (KOLODA_ENGINE=python: the mutants are in its code);
# MUTANTS narrows the run to mutant names (globs), e.g. 'koloda.games.king.scoring*'.
# Survivors and why they are equivalent: tests/mutation_survivors.md.
mutation: $(STAMP)
	$(BIN)/python -c 'import mutmut' 2>/dev/null || $(BIN)/python -m pip install --quiet 'mutmut>=3'
	KOLODA_ENGINE=python KOLODA_INVARIANT_GAMES=100 PYTEST_ADDOPTS="-p tests.mutation_order" \
		nice -n 10 $(BIN)/mutmut run --max-children 1 $(MUTANTS)
	KOLODA_ENGINE=python KOLODA_INVARIANT_GAMES=100 nice -n 10 $(BIN)/python bench/mutation_recheck.py
	$(BIN)/python bench/mutation_score.py

# Mutation testing of the native rules modules with the crate's own tests (cargo-mutants,
# settings in native/.cargo/mutants.toml; about three hours on two cores). ITERATE=1 skips
# the mutants an earlier run in native/mutants.out caught. Survivors and why they are
# equivalent: native/mutants_survivors.md.
mutation-native:
	command -v cargo-mutants >/dev/null || cargo install --locked cargo-mutants
	command -v cargo-nextest >/dev/null || cargo install --locked cargo-nextest
	cd native && nice -n 10 cargo mutants --jobs 2 $(if $(ITERATE),--iterate)

clean:
	rm -rf $(VENV) site .mypy_cache .pytest_cache .ruff_cache mutants native/target koloda/_native*.so
