#!/usr/bin/env bash
# Where `navgraph check` spends its instructions, per stage (docs/performance.md): runs callgrind on a
# copy of the binary without debug info (valgrind 3.19 cannot read Swift's DWARF 5) and prints the
# inclusive instruction counts of load (file read, parse, schema), graph build, each rule and the report.
#
#   scripts/profile-check.sh BINARY REGISTRY [check options...]     e.g. --reporter json
set -euo pipefail
bin=$1 reg=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug "$bin" "$work/ng"
valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$work/ng" check "$reg" "$@" > /dev/null 2> "$work/vg.err" || true
grep -q "Collected" "$work/vg.err" || { cat "$work/vg.err" >&2; exit 1; }
callgrind_annotate --inclusive=yes --threshold=100 "$work/cg.out" 2>/dev/null | swift-demangle --simplified > "$work/annotated.txt"
[[ -n ${KEEP:-} ]] && cp "$work/annotated.txt" "$KEEP"
python3 - "$work/annotated.txt" "$(grep -o 'Collected : [0-9]*' "$work/vg.err" | grep -o '[0-9]*')" <<'PY'
import re, sys
lines = open(sys.argv[1], errors="replace").read().splitlines()
total = int(sys.argv[2])
rows = []
for line in lines:
    m = re.match(r"\s*([\d,]+) \([^)]*\)\s+\S*?:(.*)$", line) or re.match(r"\s*([\d,]+)\s+(?:\([^)]*\)\s+)?\S*?:(.*)$", line)
    if m:
        rows.append((int(m.group(1).replace(",", "")), m.group(2)))
def first(pattern):
    for ir, name in rows:
        if re.search(pattern, name):
            return ir
    return None
stages = [
    ("whole run", None),
    ("load: files → Registry (all of it)", r"RegistryLoader\.load\(paths:"),
    ("  read file + UTF-8 check", r"RegistryLoader\.load\(file:"),
    ("  fast path (events → Registry)", r"RegistryLoader\.fastLoad"),
    ("  positioned reader (RawNode + schema)", r"RegistryLoader\.positionedLoad"),
    ("  JSONReader → RawNode", r"JSONReader\.read"),
    ("  YAMLReader → RawNode", r"YAMLReader\.read"),
    ("  RegistryDecoder (RawNode → Registry)", r"(?<!Fast)RegistryDecoder\.decode"),
    ("graph build (NavGraph.init)", r"NavGraph\.init\(registry:"),
    ("checks (CheckRunner.run)", r"CheckRunner\.run\("),
]
print(f"{'stage':44} {'instructions':>15} {'share':>7}")
for label, pat in stages:
    ir = total if pat is None else first(pat)
    if ir is not None:
        print(f"{label:44} {ir:15,} {100 * ir / total:6.1f}%")
seen = set()
checks = []
for ir, name in rows:
    m = re.search(r"static (?:NavGraph(?:Kit|Checks)\.)?(\w+)\.run\((?:_:\)|(?:NavGraph(?:Kit|Checks)\.)?CheckContext\))", name)
    if m and m.group(1) not in seen and m.group(1) not in ("CheckRunner", "Check"):
        seen.add(m.group(1))
        checks.append((ir, m.group(1)))
for ir, name in sorted(checks, reverse=True):
    print(f"{'  ' + name:44} {ir:15,} {100 * ir / total:6.1f}%")
for label, pat in [("report (JSON)", r"JSONReporter\.(generateReport|write)"), ("report (xcode)", r"XcodeReporter\.(generateReport|write)")]:
    ir = first(pat)
    if ir is not None:
        print(f"{label:44} {ir:15,} {100 * ir / total:6.1f}%")
PY
