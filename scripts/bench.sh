#!/usr/bin/env bash
# navgraph's benchmark (issue 7, docs/performance.md): each navgraph command side by side with what a
# user would use otherwise, in one run, several times; prints medians, ratios and peak memory.
#
#   scripts/bench.sh            full run (release build; 1k/10k/100k features; minutes)
#   scripts/bench.sh --smoke    ~1k features, a few seconds: navgraph check must agree with the
#                               networkx peer (called by `make test`; fails when they disagree)
#   scripts/bench.sh --record-digests   writes Benchmarks/check-output.sha256 from the navgraph given
#                               (NAVGRAPH=...): the digests of `check` output on the bench registries
#                               that every later build must reproduce byte for byte
#
# Environment: BENCH_SEED (the seed the drawn rows draw their inputs with; printed; default: the
# clock), DRAWS (inputs drawn per drawn row, default 3), BENCH_ROWS (rows to run, default all:
# "reference check10k check100k flags rescan render map scan plugin"), RUNS (default 5), SIZES (default "1000 10000 100000"), BENCH_DIR (default
# /tmp/navgraph-bench; generated registries and sources live there, never in the repository),
# NAVGRAPH (a navgraph binary to use instead of building one), NAVGRAPH_SYNTH (the generator of the bench's
# registries and trees, default: navgraph-synth beside NAVGRAPH, else built). SIZES are the recorded registries
# (seed 1) whose bytes and check output must match Benchmarks/check-output.sha256; the timed rows
# draw their inputs (Benchmarks/draw.py).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
MODE=full
[[ "${1:-}" == "--smoke" ]] && MODE=smoke
[[ "${1:-}" == "--record-digests" ]] && MODE=record
RUNS=${RUNS:-5}
SIZES=${SIZES:-"1000 10000 100000"}
WORK=${BENCH_DIR:-/tmp/navgraph-bench}
mkdir -p "$WORK"

if ! python3 -c 'import networkx' 2>/dev/null; then
    echo "bench: installing networkx (the peer of navgraph check)" >&2
    python3 -m pip install --quiet --user networkx 2>/dev/null \
        || python3 -m pip install --quiet --user --break-system-packages networkx
fi

if [[ -n "${NAVGRAPH:-}" ]]; then
    NG=$NAVGRAPH
elif [[ $MODE == smoke ]]; then
    # The test command has just built the debug binary; do not pay for a release build here.
    swift build --product navgraph >/dev/null
    swift build --product navgraph-synth >/dev/null
    NG=$ROOT/.build/debug/navgraph
else
    # The binary users install (make release, make install): on Linux, the Swift runtime linked in.
    static=()
    if [[ $(uname -s) == Linux ]]; then static=(--static-swift-stdlib); fi
    swift build -c release ${static[@]+"${static[@]}"} --scratch-path .build-bench --product navgraph >&2
    swift build -c release ${static[@]+"${static[@]}"} --scratch-path .build-bench --product navgraph-synth >&2
    NG=$ROOT/.build-bench/release/navgraph
fi
# The synthetic registries and trees come from navgraph-synth, a tool of this repository (not part of
# the navgraph users install): NAVGRAPH_SYNTH, else the one beside $NG, else one built here.
SYNTH=${NAVGRAPH_SYNTH:-$(dirname "$NG")/navgraph-synth}
if [[ ! -x $SYNTH ]]; then
    swift build -c release ${static[@]+"${static[@]}"} --scratch-path .build-bench --product navgraph-synth >&2
    SYNTH=$ROOT/.build-bench/release/navgraph-synth
fi
PEER="python3 $ROOT/Benchmarks/peer_check.py"
DIGESTS=$ROOT/Benchmarks/check-output.sha256
# The drawn rows' seed: printed, and BENCH_SEED=S draws the same inputs again.
SEED=${BENCH_SEED:-$(( $(date +%s) % 1000000 ))}
DRAWS=${DRAWS:-3}

# draw registry N I MAXFLAGS | draw format N I | draw tree MODULES I: the I-th draw of a family for
# this seed, as `navgraph-synth` options (Benchmarks/draw.py says what each family spans).
draw() { python3 "$ROOT/Benchmarks/draw.py" "$SEED" "$@"; }

# The bench registries: N features, seed 1 (generated once into $WORK).
registry() {
    local n=$1 fmt=$2 reg=$WORK/synthetic-$1.$2
    [[ -s $reg ]] || $SYNTH --features "$n" --seed 1 --format "$fmt" -o "$reg"
    echo "$reg"
}

# output_digests REGISTRY: sha256 lines of the registry itself and of `check`'s JSON and default
# reports on it. Run from $WORK with a relative path, so locations do not depend on BENCH_DIR.
output_digests() {
    local name
    name=$(basename "$1")
    ( cd "$WORK"
      echo "$(sha256sum < "$name" | cut -d' ' -f1)  $name"
      echo "$("$NG" check "$name" --reporter json | sha256sum | cut -d' ' -f1)  check $name --reporter json"
      echo "$("$NG" check "$name" | sha256sum | cut -d' ' -f1)  check $name" )
}

if [[ $MODE == record ]]; then
    [[ -n "${NAVGRAPH:-}" ]] || { echo "bench: --record-digests needs NAVGRAPH=the reference binary" >&2; exit 2; }
    { echo "# sha256 of the bench registries and of navgraph check's output on them (scripts/bench.sh compares"
      echo "# before timing). Recorded with the navgraph built from ${REF:-main}."
      for n in $SIZES; do for fmt in yaml json; do output_digests "$(registry "$n" "$fmt")"; done; done
    } > "$DIGESTS"
    cat "$DIGESTS"
    exit 0
fi

# same_output REGISTRY: the output must be byte-identical to the recorded reference.
same_output() {
    local name expected actual
    name=$(basename "$1")
    expected=$(awk -v n="$name" '$1 !~ /^#/ && ($2 == n || ($2 == "check" && $3 == n))' "$DIGESTS")
    if [[ -z $expected ]]; then
        echo "bench: no recorded digests for $name in $DIGESTS" >&2
        return 1
    fi
    actual=$(output_digests "$1")
    if [[ $actual != "$expected" ]]; then
        echo "bench: output on $name differs from the recorded reference:" >&2
        diff <(echo "$expected") <(echo "$actual") >&2 || true
        return 1
    fi
    echo "output on $name: byte-identical to the reference (registry, json and default report)"
}

# navgraph check exits 1 when it finds errors (the synthetic registries have some by design).
check_cmd() { echo "$NG check $1 --reporter json > ${2:-/dev/null}; test \$? -le 1"; }

# agree REGISTRY: navgraph's and the peer's core results must be the same sets.
agree() {
    local reg=$1 base
    base=$WORK/$(basename "$reg")
    bash -c "$(check_cmd "$reg" "$base.navgraph.json")" 2> "$base.navgraph.err" || { cat "$base.navgraph.err" >&2; return 1; }
    $PEER "$reg" -o "$base.peer.json" 2>/dev/null
    echo "agreement on $(basename "$reg"):"
    $PEER --compare "$base.navgraph.json" "$base.peer.json"
}

if [[ $MODE == smoke ]]; then
    start=$(date +%s.%N)
    for fmt in yaml json; do
        $SYNTH --features 1000 --seed 7 --format $fmt -o "$WORK/smoke-1k.$fmt" 2>/dev/null
        agree "$WORK/smoke-1k.$fmt"
    done
    # The same generator gives the same bytes.
    $SYNTH --features 1000 --seed 7 --format yaml 2>/dev/null | cmp -s - "$WORK/smoke-1k.yaml" \
        || { echo "bench: the generator is not deterministic" >&2; exit 1; }
    printf 'bench smoke: ok in %.1f s\n' "$(echo "$(date +%s.%N) - $start" | bc)"
    exit 0
fi

echo "== machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(uname -sr), $(date -u +%Y-%m-%dT%H:%MZ)"
echo "== load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== navgraph: $NG"
echo "== networkx $(python3 -c 'import networkx; print(networkx.__version__)'), PyYAML $(python3 -c 'import yaml; print(yaml.__version__, "CSafeLoader" if hasattr(yaml, "CSafeLoader") else "pure Python")'), $(dot -V 2>&1), $(swiftc --version 2>&1 | head -1)"
echo "== BENCH_SEED=$SEED, $DRAWS draws per drawn row (the same seed draws the same inputs: BENCH_SEED=$SEED make bench)"

PLAN=$WORK/plan.json
echo "[" > "$PLAN"
sep=""
add() { echo "$sep$1" >> "$PLAN"; sep=","; }
jq_str() { python3 -c 'import json,sys; print(json.dumps(sys.argv[1]))' "$1"; }

# The recorded shape (seed 1): its bytes and navgraph's output on it must not change, and networkx
# must agree with navgraph on it. Checked, not timed: the timed rows draw their inputs.
row_reference() {
    local ok=1 n fmt reg
    for n in $SIZES; do
        for fmt in yaml json; do
            reg=$(registry "$n" "$fmt")
            same_output "$reg" || ok=0
            agree "$reg" || ok=0
        done
    done
    [[ $ok == 1 ]] || { echo "bench: navgraph's output changed or it DISAGREES with the networkx peer (above)" >&2; exit 1; }
}

# 1. check N features against networkx, on registries drawn from the families (draw_registry):
#    ≤ 0.15 s at 10k; ≤ 1 s, ≥ 10× networkx and ≤ 512 MiB at 100k, on the worst draw. Every
#    drawn registry must agree with networkx before it is timed.
row_check() {
    local n=$1 i params fmt reg target rss speed
    for i in $(seq 1 "$DRAWS"); do
        params=$(draw registry "$n" "$i" 64)
        # The 100k row is the JSON one (the YAML peer is 60× slower: never the close call); at 10k
        # the format is drawn too.
        fmt=json
        [[ $n -lt 100000 ]] && fmt=$(draw format "$n" "$i")
        reg=$WORK/drawn-$SEED-check-$n-$i.$fmt
        [[ -s $reg ]] || $SYNTH --features "$n" $params --format "$fmt" -o "$reg" 2>/dev/null
        agree "$reg" > "$reg.agree" || { cat "$reg.agree" >&2; echo "bench: navgraph DISAGREES with networkx on $reg ($params)" >&2; exit 1; }
        target='null'; rss='null'; speed='null'
        if [[ $n == 10000 ]]; then target=0.15; fi
        if [[ $n == 100000 ]]; then target=1; rss=512; speed=10; fi
        add "{\"group\": $(jq_str "check $n (drawn)"), \"name\": $(jq_str "check $n $fmt #$i"), \"draw\": $(jq_str "$fmt $params"), \"ours\": $(jq_str "$(check_cmd "$reg")"), \"peer\": $(jq_str "$PEER $reg -o /dev/null"), \"max_seconds\": $target, \"max_rss_mb\": $rss, \"min_speedup\": $speed}"
    done
}

# 2. --all-flag-combinations against one scenario on the same drawn registry (1–10 flags: the
#    command's limit; 10 flags is 1,024 scenarios), ≤ 3× on the worst draw. The "peer" column is
#    navgraph itself on one scenario.
row_flags() {
    local n=$1 i params reg
    for i in $(seq 1 "$DRAWS"); do
        params=$(draw registry "$n" "$i" 10)
        reg=$WORK/drawn-$SEED-flags-$n-$i.json
        [[ -s $reg ]] || $SYNTH --features "$n" $params --format json -o "$reg" 2>/dev/null
        add "{\"group\": $(jq_str "check $n: all flag combinations / one"), \"name\": $(jq_str "flags $n #$i"), \"draw\": $(jq_str "$params"), \"ours\": $(jq_str "$NG check $reg --all-flag-combinations --reporter json > /dev/null; test \$? -le 1"), \"peer\": $(jq_str "$(check_cmd "$reg")"), \"max_ratio\": 3}"
    done
}

# 3. Re-scans of a drawn 1,000-module app (draw_tree: 1–3 targets per module, routing in 5–50 %
#    of ~4,400 files, a Package.swift or an Xcode project), against its first scan (no cache):
#    the unchanged tree from a warm cache, after one file's comment changed, and after one file's
#    code changed, each ≤ 10 % of the first.
row_rescan() {
    local i params src cache edit code
    for i in $(seq 1 "$DRAWS"); do
        params=$(draw tree 1000 "$i")
        src=$WORK/drawn-$SEED-tree-$i
        [[ -d $src ]] || $SYNTH $params --swift "$src" -o "$src.registry.yml" 2>/dev/null
        cache=$WORK/drawn-$SEED-tree-$i.cache
        rm -rf "$cache"
        $NG scan "$src" --no-cache -o "$src.scanned.yml" 2>/dev/null
        $NG scan "$src" --cache-dir "$cache" -o "$src.first.yml" 2>/dev/null
        $NG scan "$src" --cache-dir "$cache" -o "$src.cached.yml" 2>/dev/null
        cmp -s "$src.scanned.yml" "$src.first.yml" && cmp -s "$src.scanned.yml" "$src.cached.yml" \
            || { echo "bench: the cached scan's registry differs from the uncached one on $src" >&2; exit 1; }
        # One changed file per run: a routing file (a feature's) gets one more line each time.
        edit=$(grep -rl "navigate(" "$src/Sources" | sort | sed -n 1p)
        local files modules
        files=$(find "$src" -name '*.swift' | wc -l)
        modules=$(find "$src/Sources" -mindepth 1 -maxdepth 1 -type d | wc -l)
        add "{\"group\": \"re-scan, unchanged 1,000-module app / first scan\", \"name\": $(jq_str "rescan #$i"), \"draw\": $(jq_str "$params ($files files, $modules folders)"), \"ours\": $(jq_str "$NG scan $src --cache-dir $cache -o $src.cached.yml"), \"peer\": $(jq_str "$NG scan $src --no-cache -o $src.scanned.yml"), \"max_ratio\": 0.10}"
        add "{\"group\": \"re-scan, one file changed / first scan\", \"name\": $(jq_str "edit #$i"), \"draw\": $(jq_str "$params"), \"ours\": $(jq_str "echo '// edited' >> $edit && $NG scan $src --cache-dir $cache -o $src.edited.yml"), \"peer\": $(jq_str "$NG scan $src --no-cache -o $src.scanned.yml"), \"max_ratio\": 0.10}"
        # The edit above only adds a comment, so the file's facts stay the same. A real edit changes
        # code: another routing file gains a function of a new name each run (its facts change, and
        # with them everything the whole-program analysis derives).
        code=$(grep -rl "navigate(" "$src/Sources" | sort | sed -n 2p)
        add "{\"group\": \"re-scan, one file's code changed / first scan\", \"name\": $(jq_str "code edit #$i"), \"draw\": $(jq_str "$params"), \"ours\": $(jq_str "echo \"func navgraphBenchEdit\$(date +%s%N)() {}\" >> $code && $NG scan $src --cache-dir $cache -o $src.edited.yml"), \"peer\": $(jq_str "$NG scan $src --no-cache -o $src.scanned.yml"), \"max_ratio\": 0.10}"
    done
}

row_render() {
    # 2. render: navgraph's in-process SVG vs the dot CLI on the DOT navgraph emits (same engine), both
    #    of every screen in one picture (`--view full`: above 120 screens render draws a map and a
    #    picture per group, whose files are not one graph.dot; the peer then failed at once and the
    #    row compared against nothing).
    for n in 1000; do
        reg=$WORK/synthetic-$n.json
        out=$WORK/render-$n
        rm -rf "$out"; mkdir -p "$out"
        $NG render "$reg" --view full -f dot -o "$out" --name graph > /dev/null 2> "$out/notes.txt" || true
        [[ -s $out/graph.dot ]] || { echo "bench: render $n wrote no $out/graph.dot" >&2; exit 1; }
        engine=dot
        grep -q "using sfdp\|laid out with sfdp" "$out/notes.txt" && engine=sfdp
        add "{\"name\": $(jq_str "render $n (svg, $engine)"), \"ours\": $(jq_str "$NG render $reg --view full -f svg -o $out --name ours"), \"peer\": $(jq_str "dot -K$engine -Tsvg $out/graph.dot -o $out/peer.svg"), \"max_ratio\": 1.05}"
    done
    # 10k: the large-graph bound of docs/rendering.md (120 s on this machine, automatic fallbacks on).
    n=10000
    reg=$WORK/synthetic-$n.json
    add "{\"name\": \"render $n (svg, automatic fallbacks)\", \"ours\": $(jq_str "$NG render $reg -f svg -o $WORK/render-$n --name ours"), \"peer\": null, \"max_seconds\": ${RENDER_BOUND:-120}}"

}

row_scan() {
    # 3. scan: navgraph scan (both cores, no cache) vs swift-syntax's own parse of the same files on
    # both cores (`navgraph scan --parse-only`: read, parse, drop the tree), on a 1,000-module app.
    # Issue 29: the work after parsing costs ≤ 50 % of the parse, i.e. the whole scan ≤ 1.5× the parse
    # alone (the old peer, swiftc -parse, is retired). Then a second scan of the unchanged tree from the
    # scan cache vs the first scan (≤ 10 % of it). The cache lives in $WORK, never in the repository.
    n=${SCAN_SIZE:-10000}
    smods=${SCAN_MODULES:-1000}
    src=$WORK/swift-$n-$smods
    [[ -d $src ]] || $SYNTH --features "$n" --modules "$smods" --seed 1 --swift "$src" -o "$src.registry.yml"
    files=$(find "$src" -name '*.swift' | wc -l)
    bytes=$(find "$src" -name '*.swift' -print0 | du -cb --files0-from=- | tail -1 | cut -f1)
    cache=$WORK/scan-cache-$n-$smods
    rm -rf "$cache"
    # The cached scan must print what the uncached one prints (checked before timing).
    $NG scan "$src" --no-cache -o "$WORK/scanned-$n.yml" 2>/dev/null
    $NG scan "$src" --cache-dir "$cache" -o "$WORK/scanned-$n.first.yml" 2>/dev/null
    $NG scan "$src" --cache-dir "$cache" -o "$WORK/scanned-$n.cached.yml" 2>/dev/null
    cmp "$WORK/scanned-$n.yml" "$WORK/scanned-$n.first.yml" && cmp "$WORK/scanned-$n.yml" "$WORK/scanned-$n.cached.yml" \
        || { echo "bench: the cached scan's registry differs from the uncached one" >&2; exit 1; }
    compgen -G "$cache/scan-*.bin" > /dev/null || { echo "bench: the first scan stored no whole-scan entry in $cache" >&2; exit 1; }
    add "{\"name\": \"scan $n in $smods modules ($files files, $((bytes / 1048576)) MB) / parse\", \"ours\": $(jq_str "$NG scan $src --no-cache -o $WORK/scanned-$n.yml"), \"peer\": $(jq_str "$NG scan $src --parse-only"), \"max_ratio\": 1.5, \"files\": $files, \"bytes\": $bytes}"
    add "{\"name\": \"scan $n cached (peer: first scan)\", \"ours\": $(jq_str "$NG scan $src --cache-dir $cache -o $WORK/scanned-$n.cached.yml"), \"peer\": $(jq_str "$NG scan $src --no-cache -o $WORK/scanned-$n.yml"), \"max_ratio\": 0.10}"
}

# 2b. The map of a 1,000-module app (issue 34): the map and every group picture (SVG + PNG) within
# 10 s and 1 GiB, the map alone within 1 s. Two shapes: three screens a module (seed 1) and ten
# (seed 2). Peer: dot's CLI drawing the same DOT files one after another (navgraph lays the group
# pictures out two at a time). The HTML page's budgets (opens ≤ 1 s, search ≤ 100 ms, headless
# chromium) are printed after the table by Benchmarks/html_page_bench.py.
MAP_SHAPES=${MAP_SHAPES:-"3006:1 10000:2"}
row_map() {
    local shape n seed reg out
    for shape in $MAP_SHAPES; do
        n=${shape%%:*}; seed=${shape##*:}
        reg=$WORK/map-$n-s$seed.yml
        [[ -s $reg ]] || $SYNTH --features "$n" --modules 1000 --seed "$seed" -o "$reg" 2>/dev/null
        out=$WORK/map-$n-s$seed
        rm -rf "$out" "$out-dot"; mkdir -p "$out" "$out-dot"
        $NG render "$reg" -f dot -o "$out-dot" --name map 2>/dev/null
        add "{\"name\": $(jq_str "map+groups, 1000 mod, $n scr (svg+png)"), \"ours\": $(jq_str "$NG render $reg -f svg -f png -o $out --name map"), \"peer\": $(jq_str "for f in $out-dot/*.dot; do dot -Tsvg -Tpng -O \$f; done"), \"max_seconds\": 10, \"max_rss_mb\": 1024}"
        add "{\"name\": $(jq_str "map only, 1000 mod, $n scr (svg)"), \"ours\": $(jq_str "$NG render $reg -f svg --map-only -o $out --name maponly"), \"peer\": $(jq_str "dot -Tsvg $out-dot/map.dot -o $out-dot/map.peer.svg"), \"max_seconds\": 1}"
    done
}

row_plugin() {
    # 4. The build-tool plugin (Plugins/NavGraphBuild) on a build with no source change (issue 31: at most
    # 0.3 s of navgraph on a 1,000-module app): the exact command the plugin runs for an app target that
    # depends on 1,000 feature modules and their 1,000 interface modules (10,000 features), with the
    # folders file the plugin writes (the app first) and its scan cache warm.
    mods=${PLUGIN_MODULES:-1000}
    psrc=$WORK/plugin-swift-$mods
    [[ -d $psrc ]] || $SYNTH --features $((mods * 10)) --modules "$mods" --seed 1 --swift "$psrc" -o "$psrc.registry.yml" 2>/dev/null
    pwork=$WORK/plugin-work-$mods
    rm -rf "$pwork"; mkdir -p "$pwork"
    { echo "$psrc/Sources/App"; for d in "$psrc"/Sources/*/; do d=${d%/}; [[ $d == "$psrc/Sources/App" ]] || echo "$d"; done; } > "$pwork/default-paths.txt"
    pcmd="$NG check --build-tool-plugin $pwork --reporter xcode --default-paths-file $pwork/default-paths.txt"
    $pcmd > /dev/null 2>&1 || [[ $? == 1 ]] || { echo "bench: the plugin's command failed on $psrc" >&2; exit 1; }  # fills the cache
    add "{\"name\": $(jq_str "plugin: unchanged build, $mods modules"), \"ours\": $(jq_str "$pcmd > /dev/null 2>&1; test \$? -le 1"), \"peer\": null, \"max_seconds\": 0.3}"
}

# BENCH_ROWS picks rows (default: all, in this order).
ROWS=${BENCH_ROWS:-reference check10k check100k flags rescan render map scan plugin}
for row in $ROWS; do
    case $row in
        reference) row_reference ;;
        check10k) row_check 10000 ;;
        check100k) row_check 100000 ;;
        flags) row_flags 10000 ;;
        rescan) row_rescan ;;
        render) row_render ;;
        map) row_map ;;
        scan) row_scan ;;
        plugin) row_plugin ;;
        *) echo "bench: no row '$row'" >&2; exit 2 ;;
    esac
done
echo "]" >> "$PLAN"

BENCH_JSON=$WORK/results.json python3 "$ROOT/Benchmarks/bench.py" "$PLAN" "$RUNS"
python3 - "$WORK/results.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1])):
    if "files" in r:
        for who, t in (("navgraph scan", r["o_t"]), ("swift-syntax parse", r["p_t"])):
            print(f"  {who:18} {r['files'] / t:8.0f} files/s {r['bytes'] / t / 1048576:7.1f} MB/s")
PY
# The map's HTML pages in headless chromium (issue 34): open ≤ 1 s, search ≤ 100 ms.
if [[ " $ROWS " == *" map "* ]]; then
    for shape in $MAP_SHAPES; do
        n=${shape%%:*}; seed=${shape##*:}
        $NG render "$WORK/map-$n-s$seed.yml" -f html -o "$WORK/map-$n-s$seed" --name page 2>/dev/null
        python3 "$ROOT/Benchmarks/html_page_bench.py" "$WORK/map-$n-s$seed/page.html" mod0737s2 --runs "$RUNS" || true  # prints MISSED
    done
fi
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
