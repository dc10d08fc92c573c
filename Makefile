# navgraph — the two commands a new machine needs:
#   make demo   install what is missing, build, check and render the bundled examples into Output/
#   make test   install what is missing, build and run every test
SWIFT ?= swift
NAVGRAPH = .build/release/navgraph
EXAMPLES = Examples/ShopApp.yml Examples/RouterServiceExample.yml Examples/Broken.yml

.PHONY: demo test setup build release outputs bench clean

setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release --product navgraph

demo: release
	@mkdir -p Output
	@echo "== navgraph check Examples/ShopApp.yml (a clean app)"
	$(NAVGRAPH) check Examples/ShopApp.yml
	@echo "== navgraph check Examples/Broken.yml (every rule fires; exit code 1 is expected)"
	-$(NAVGRAPH) check Examples/Broken.yml
	@$(MAKE) --no-print-directory outputs
	@echo "Diagrams and reports are in Output/"

# Regenerates Output/ from Examples/ (the test command checks it is up to date).
outputs: release
	@scripts/regenerate-outputs.sh $(NAVGRAPH)

test: setup
	$(SWIFT) build
	$(SWIFT) test
	@scripts/check-outputs.sh
	@scripts/plugin-check.sh

bench: release
	@scripts/bench.sh

clean:
	rm -rf .build
