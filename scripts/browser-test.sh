#!/usr/bin/env bash
# Drives the HTML pages (`navgraph render -f html`) in Debian's headless chromium through the
# DevTools protocol (Tests/Browser/html_page_test.py: search, click, flags, paths, keyboard,
# dark mode, hostile names; its paths are compared with `navgraph path`). Nothing is downloaded:
# scripts/setup.sh installs chromium from apt. Usage: scripts/browser-test.sh [--shots DIR] [--large N]
set -euo pipefail
cd "$(dirname "$0")/.."
NAVGRAPH=${NAVGRAPH:-.build/debug/navgraph}
[ -x "$NAVGRAPH" ] || swift build --product navgraph >/dev/null
# The map and --large pages are of synthetic apps (navgraph-synth, beside navgraph or NAVGRAPH_SYNTH).
SYNTH=${NAVGRAPH_SYNTH:-$(dirname "$NAVGRAPH")/navgraph-synth}
[ -x "$SYNTH" ] || swift build --product navgraph-synth >/dev/null
exec python3 Tests/Browser/html_page_test.py --navgraph "$NAVGRAPH" --synth "$SYNTH" "$@"
