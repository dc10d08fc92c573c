#!/usr/bin/env bash
# Fails when Output/ is not what the current code makes from Examples/ (DOT, SVG, Mermaid and
# check reports are compared byte for byte; PNG only for presence, since it depends on fonts).
set -euo pipefail
cd "$(dirname "$0")/.."
NAVGRAPH=${NAVGRAPH:-.build/debug/navgraph}
[ -x "$NAVGRAPH" ] || swift build --product navgraph >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
scripts/regenerate-outputs.sh "$NAVGRAPH" "$tmp"
status=0
for f in "$tmp"/*; do
  name=$(basename "$f")
  case "$name" in
    *.png) [ -f "Output/$name" ] || { echo "Output/$name is missing"; status=1; } ;;
    *) if ! cmp -s "$f" "Output/$name"; then echo "Output/$name is out of date"; status=1; fi ;;
  esac
done
if [ $status -ne 0 ]; then
  echo "Output/ is stale: run 'make outputs' and commit the result." >&2
  exit 1
fi
echo "Output/ is up to date."
