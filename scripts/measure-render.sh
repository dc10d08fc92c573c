#!/usr/bin/env bash
# Times graphviz on navgraph's own generated diagrams (tree-shaped apps with cross links, modules
# as clusters): dot with/without edge labels, dot with the bounded settings, sfdp, collapsed modules.
# Usage: scripts/measure-render.sh [timeout-seconds]   (results: docs/rendering.md)
# The diagrams are those of `navgraph-synth --features N --measurement-dot DIR` (the bench's
# synthetic apps); NAVGRAPH_MEASURE_GRAPHS=DIR reuses DOT files written earlier.
set -euo pipefail
cd "$(dirname "$0")/.."
limit="${1:-120}"
if [ -n "${NAVGRAPH_MEASURE_GRAPHS:-}" ]; then  # DOT files already written
    dir="$NAVGRAPH_MEASURE_GRAPHS"
else
    dir="$(mktemp -d)"
    trap 'rm -rf "$dir"' EXIT
    swift build --product navgraph-synth >/dev/null
    for n in 500 1000 2000 3000 5000 10000; do
        .build/debug/navgraph-synth --features "$n" --seed 7 -o /dev/null --measurement-dot "$dir" 2>/dev/null
    done
fi
time_one() {  # engine file
    local start end rc
    start=$(date +%s.%N)
    set +e
    timeout "$limit" dot -K"$1" -Glayout="$1" $( [ "$1" = sfdp ] && echo "-Goverlap=prism -Gsplines=false -Gsep=+4" ) -Tsvg "$2" -o /dev/null 2>"$dir/err"
    rc=$?
    set -e
    end=$(date +%s.%N)
    local t; t=$(echo "$end - $start" | bc)
    if [ $rc -eq 124 ]; then echo "> ${limit} s (killed)";
    elif [ $rc -ne 0 ]; then echo "failed rc=$rc after ${t} s ($(grep -c . "$dir/err") stderr lines)";
    else printf "%.1f s%s\n" "$t" "$( [ -s "$dir/err" ] && echo " ($(grep -c . "$dir/err") stderr lines)")"; fi
}
printf "| features | dot, no labels | dot, labels | dot bounded | sfdp | collapsed (dot) |\n|---|---|---|---|---|---|\n"
for n in 500 1000 2000 3000 5000 10000; do
    a=$(time_one dot "$dir/app$n-nolabels.dot")
    b=$(time_one dot "$dir/app$n-labels.dot")
    c=$(time_one dot "$dir/app$n-nolabels-bounded.dot")
    d=$(time_one sfdp "$dir/app$n-nolabels.dot")
    e=$(time_one dot "$dir/app$n-collapsed.dot")
    echo "| $n | $a | $b | $c | $d | $e |"
done
