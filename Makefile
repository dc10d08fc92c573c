# navgraph — the two commands a new machine needs:
#   make demo   install what is missing, build, check and render the bundled examples into Output/
#   make test   install what is missing, build and run every test
SWIFT ?= swift
# demo and test share the debug build (a release build of swift-syntax takes far longer on 2 cores);
# bench builds release.
NAVGRAPH = .build/debug/navgraph

.PHONY: demo test setup build release outputs bench fuzz clean install uninstall

setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build --product navgraph

# On Linux, release builds link the Swift runtime and Foundation statically (scripts/install.sh says why).
STATIC_STDLIB := $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)

release: setup
	$(SWIFT) build -c release $(STATIC_STDLIB) --product navgraph

demo: build
	@mkdir -p Output
	@echo "== navgraph check Examples/ShopApp.yml (a clean app)"
	$(NAVGRAPH) check Examples/ShopApp.yml
	@echo "== navgraph check Examples/Broken.yml (every rule fires; exit code 1 is expected)"
	@$(NAVGRAPH) check Examples/Broken.yml || echo "(exit code $$? : findings, as intended)"
	@$(MAKE) --no-print-directory outputs
	@echo "Diagrams and reports are in Output/"

# Regenerates Output/ from Examples/ (the test command checks it is up to date).
outputs: build
	@scripts/regenerate-outputs.sh $(NAVGRAPH)

test: setup
	@scripts/portability-check.py && scripts/portability-check-test.sh && scripts/ci-summary-test.sh
	$(SWIFT) build
	NAVGRAPH_REQUIRE_TMUX=1 $(SWIFT) test
	@scripts/check-outputs.sh
	@scripts/browser-test.sh
	@scripts/plugin-check.sh
	@scripts/build-plugin-check.sh
	@scripts/install-check.sh
	@scripts/bench.sh --smoke
	@scripts/valgrind-render.sh

bench: setup
	@scripts/bench.sh

# A longer differential fuzz of the fast and positioned readers, the scanner on mutated example sources
# (ScannerFuzzTests), and more random registries for the
# model-consistency property, than make test runs: a new seed each time (printed;
# NAVGRAPH_FUZZ_SEED=S repeats the readers' run; a failing property prints its own `.fixedSeed`)
# and NAVGRAPH_FUZZ_ROUNDS times the rounds (default 25).
fuzz: setup
	@seed=$${NAVGRAPH_FUZZ_SEED:-$$(date +%s)}; rounds=$${NAVGRAPH_FUZZ_ROUNDS:-25}; \
	echo "== fuzz: NAVGRAPH_FUZZ_SEED=$$seed NAVGRAPH_FUZZ_ROUNDS=$$rounds"; \
	NAVGRAPH_FUZZ_SEED=$$seed NAVGRAPH_FUZZ_ROUNDS=$$rounds $(SWIFT) test --filter 'FastReaderDifferentialTests|ModelConsistencyTests|ScannerFuzzTests'

clean:
	rm -rf .build

# make install [PREFIX=/usr/local] [CONFIG=release|debug] [DESTDIR=]: the binary, its bash/zsh/fish
# completions and its man page, all generated from the binary (scripts/install.sh). CONFIG=debug reuses
# the debug build; SWIFT_BUILD_FLAGS adds swift build flags. make uninstall removes exactly those files.
PREFIX ?= /usr/local
CONFIG ?= release
INSTALL_ENV = PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" CONFIG="$(CONFIG)" SWIFT="$(SWIFT)" SWIFT_BUILD_FLAGS="$(SWIFT_BUILD_FLAGS)"

install:
	@$(INSTALL_ENV) scripts/install.sh install

uninstall:
	@$(INSTALL_ENV) scripts/install.sh uninstall
