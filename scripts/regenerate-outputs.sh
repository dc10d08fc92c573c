#!/usr/bin/env bash
# Regenerates Output/ from every registry in Examples/ and from the Swift example app
# (scan => check => render): diagrams (SVG, DOT, PNG, Mermaid), the interactive HTML page, the check report and the
# terminal report of each. Usage: scripts/regenerate-outputs.sh [NAVGRAPH] [DIR]
set -euo pipefail
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
# The Swift example app: scanned into a registry, then checked and drawn from its sources.
"$NAVGRAPH" scan Examples/ExampleProject -o "$OUT/ExampleProject.registry.yml" 2>/dev/null
one Examples/ExampleProject ExampleProject
