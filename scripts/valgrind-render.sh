#!/usr/bin/env bash
# Runs a 1,000-node build + layout + render through navgraph's graphviz shim under valgrind, in
# process (no child), and lists definite leaks. Leaks whose stacks pass through the shim's own
# code (Sources/CGraphviz/*.c) fail the script; graphviz's internal leaks in dot layout (make_aux_edge,
# new_virtual_edge, …), fontconfig and the one-time gvconfig are expected (../shared notes,
# docs/rendering.md) and only counted.
# Usage: scripts/valgrind-render.sh [nodes]
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-1000}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT; [ -n "${KEEP_LOG:-}" ] && trap 'cp "$out/valgrind.log" "$KEEP_LOG"; rm -rf "$out"' EXIT
gcc -g -O0 -std=c11 -D_GNU_SOURCE -o "$out/driver" scripts/valgrind-render.c Sources/CGraphviz/*.c \
    -ISources/CGraphviz/include -ISources/CGraphviz $(pkg-config --cflags --libs libgvc) -lz
valgrind --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite --num-callers=40 \
    --log-file="$out/valgrind.log" "$out/driver" "$n"
grep -E "definitely lost|indirectly lost|ERROR SUMMARY" "$out/valgrind.log" | sed 's/^==[0-9]*== //'
# The shim's own files, as valgrind names them in a stack (file names, without their folder).
shim='[(](buffer|build|ids|layout|png)[.]c:'
# A definite-leak record is a block of lines; keep those whose stack mentions the shim or the driver.
ours=$(awk -v shim="$shim" '/definitely lost in loss record/{rec=$0; keep=0; next} rec!="" && ($0 ~ shim || /valgrind-render\.c/){keep=1} rec!="" && /^==[0-9]+== $/{ if (keep) print rec; rec=""; keep=0 }' "$out/valgrind.log")
# Leaks that pass through our code only because we called into graphviz (gvLayout, gvRenderData,
# gvContext, agread) are graphviz's; ours would have one of our own allocations at the top.
own=$(awk -v shim="$shim" '/definitely lost in loss record/{rec=1; depth=0; next} rec && /at 0x|by 0x/{depth++; if (depth<=3 && ($0 ~ shim || /valgrind-render\.c/)) {print; rec=0}} /^==[0-9]+== $/{rec=0}' "$out/valgrind.log")
echo "definite-leak records whose stack passes through the shim (calls into graphviz): $(echo -n "$ours" | grep -c . || true)"
if [ -n "$own" ]; then
    echo "LEAK allocated by navgraph's own code:"
    echo "$own"
    exit 1
fi
echo "no definite leak allocated by navgraph's own code (the shim, the driver)"
