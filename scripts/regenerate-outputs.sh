#!/usr/bin/env bash
# Regenerates Output/ from every registry in Examples/ (and the Swift example project):
# diagrams (SVG, DOT, PNG, Mermaid) and the check report of each. Usage: scripts/regenerate-outputs.sh [NAVGRAPH] [DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
NAVGRAPH=${1:-.build/release/navgraph}
OUT=${2:-Output}
mkdir -p "$OUT"
for reg in Examples/*.yml; do
  stem=$(basename "$reg" .yml)
  "$NAVGRAPH" render "$reg" -f svg -f dot -f png -f mermaid -o "$OUT" >/dev/null
  # Exit code 1 just means the registry has findings (Broken.yml must).
  ( "$NAVGRAPH" check "$reg" > "$OUT/$stem.check.txt" 2>/dev/null ) || true
done
