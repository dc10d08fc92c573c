#!/usr/bin/env bash
# Regenerates Output/ from every registry in Examples/ and from the Swift example app
# (scan => check => render): diagrams (SVG, DOT, PNG, Mermaid), the interactive HTML page, the
# check report and the terminal report of each; and the diff of each Examples/diff pair (Markdown
# and SVG). Usage: scripts/regenerate-outputs.sh [NAVGRAPH] [DIR]
set -euo pipefail
# Scans of Examples/ cache their facts outside the repository (and are removed afterwards).
export NAVGRAPH_CACHE_DIR=$(mktemp -d /tmp/navgraph-outputs-cache.XXXXXX)
trap 'rm -rf "$NAVGRAPH_CACHE_DIR"' EXIT
cd "$(dirname "$0")/.."
NAVGRAPH=${1:-.build/release/navgraph}
OUT=${2:-Output}
mkdir -p "$OUT"
one() {  # one INPUT STEM
  local input=$1 stem=$2
  "$NAVGRAPH" render "$input" --name "$stem" -f svg -f dot -f png -f mermaid -f html -o "$OUT" >/dev/null
  # Exit code 1 only means the example has findings (Broken.yml must).
  "$NAVGRAPH" check "$input" > "$OUT/$stem.check.txt" 2>/dev/null || [ $? -eq 1 ]
  "$NAVGRAPH" report "$input" --color never --width 100 > "$OUT/$stem.report.txt" 2>/dev/null || [ $? -eq 1 ]
}
for reg in Examples/*.yml; do
  one "$reg" "$(basename "$reg" .yml)"
done
# The map of the example with the most modules (issue 34): what `render` draws above 120 screens,
# forced here with --view map; one picture per group beside it (ShopApp-map-<group>.svg/.png).
"$NAVGRAPH" render Examples/ShopApp.yml --view map --name ShopApp-map -f svg -f png -o "$OUT" >/dev/null 2>&1
# The Swift example apps: scanned into a registry (with the scan's explanation of every navigate
# call), then checked and drawn from their sources.
for app in ExampleProject VIPERShop CoordinatorApp RenamedDialect SwiftUIRouter ProtocolRoutesApp FeatherweightApp ModuleFactoryApp ComponentsApp \
    ComponentsReadmeApp ModuleFactoryArticleApp FeatherweightReadmeApp ProtocolRoutesArticleApp MixedRoutingApp RouteEnumApp; do
  "$NAVGRAPH" scan "Examples/$app" -o "$OUT/$app.registry.yml" 2>/dev/null
  "$NAVGRAPH" scan --explain "Examples/$app" > "$OUT/$app.explain.txt" 2>/dev/null
  one "Examples/$app" "$app"
done
# navgraph diff: each Examples/diff pair as a pull-request comment (Markdown with Mermaid) and an SVG.
for head in Examples/diff/*/head.yml; do
  pair=$(basename "$(dirname "$head")")
  "$NAVGRAPH" diff Examples/diff/base.yml "$head" --format markdown -o "$OUT/diff-$pair.md" 2>/dev/null
  "$NAVGRAPH" diff Examples/diff/base.yml "$head" --format svg -o "$OUT/diff-$pair.svg" 2>/dev/null
done
