#!/usr/bin/env bash
# Proves scripts/portability-check.py works: it passes on a copy of this repository's sources, and
# for each kind of Linux-only use planted into that copy (one at a time) it fails, naming the
# planted file:line:col and the API. Also: a mention in a comment, a POSIX call both systems have,
# and a Linux-only call inside a Linux branch of the platform layer pass; the same call unguarded in
# the layer, or guarded but outside it, fails. Run by `make test`; takes a few seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
check="$PWD/scripts/portability-check.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
clean="$tmp/clean"
mkdir -p "$clean"
# A tiny tree: the platform layer, Package.swift and the files the plants go into, as they are today
# (the whole repository is checked by `scripts/portability-check.py` itself in `make test`).
files=(
  Package.swift Sources/NavGraphPlatform
  Sources/navgraph/ExploreCommand.swift Sources/NavGraphSupport/Concurrency.swift
  Sources/NavGraphSchema/RegistryLoader.swift Sources/NavGraphSchema/FeatureSplit.swift
  Sources/NavGraphScan/Cache/SourceFileReader.swift Sources/NavGraphScan/Cache/FactCache.swift
  Tests/NavGraphSchemaTests/LoaderTests.swift Sources/CGraphviz Sources/CGraphvizSystem
)
tar -cf - "${files[@]}" | tar -xf - -C "$clean"

failures=0
fail() { echo "portability-check-test: FAIL: $*" >&2; failures=$((failures + 1)); }

# The clean copy passes.
if ! out=$("$check" "$clean" 2>&1); then
  fail "the clean tree does not pass:"; echo "$out" >&2
fi

# plant NAME FILE TEXT TOKEN
# Appends TEXT (one or more lines) to FILE in a fresh copy, runs the check, and expects exactly one
# error, at the last line and column where TOKEN occurs in the file, naming TOKEN.
# (C files are also compiled as strict POSIX by the check: a GNU-only call it does not list is caught so.)
plant() {
  local name=$1 file=$2 text=$3 token=$4
  local tree="$tmp/$name"
  rm -rf "$tree"; cp -a "$clean" "$tree"
  printf '%s\n' "$text" >>"$tree/$file"
  local line column
  line=$(grep -nF -- "$token" "$tree/$file" | tail -1 | cut -d: -f1)
  column=$(sed -n "${line}p" "$tree/$file" | awk -v t="$token" '{ print index($0, t) }')
  local out status=0
  out=$("$check" "$tree" 2>/dev/null) || status=$?
  if [ $status -ne 1 ]; then
    fail "$name: expected exit 1, got $status"; echo "$out" >&2; return
  fi
  local errors; errors=$(grep -c ': error: ' <<<"$out" || true)
  if [ "$errors" -ne 1 ]; then
    fail "$name: expected exactly one error, got $errors:"; echo "$out" >&2; return
  fi
  local want="$file:$line:$column: error: [portability] "
  if ! grep -qF -- "$want" <<<"$out" || ! grep -qF -- "$token" <<<"$out"; then
    fail "$name: expected '$want…', got:"; echo "$out" >&2; return
  fi
  echo "ok: $name: $(cut -c1-150 <<<"$out")"
  rm -rf "$tree"
}

# expect_pass NAME FILE TEXT: the appended line must not be an error.
expect_pass() {
  local name=$1 file=$2 text=$3
  local tree="$tmp/$name"
  rm -rf "$tree"; cp -a "$clean" "$tree"
  printf '%s\n' "$text" >>"$tree/$file"
  local out
  if ! out=$("$check" "$tree" 2>&1); then
    fail "$name: expected a pass, got:"; echo "$out" >&2; return
  fi
  echo "ok: $name passes"
  rm -rf "$tree"
}

# Swift, outside the layer: each kind of Linux-only use.
plant glibc-write Sources/navgraph/ExploreCommand.swift 'func leak() { _ = Glibc.write(1, nil, 0) }' 'Glibc.write'
plant import-glibc Sources/NavGraphSupport/Concurrency.swift 'import Glibc' 'import Glibc'
plant canimport-glibc Sources/NavGraphScan/Cache/SourceFileReader.swift "$(printf '#if canImport(Glibc)\n#endif')" 'canImport(Glibc)'
plant map-populate Sources/NavGraphSchema/RegistryLoader.swift \
  'let leakFlags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE' 'MAP_POPULATE'
plant proc-self Sources/NavGraphScan/Cache/FactCache.swift \
  'let leakPath = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")' '/proc/'
plant silgen-memmem Sources/NavGraphSchema/FeatureSplit.swift \
  '@_silgen_name("memmem") func leakMemmem(_ h: UnsafeRawPointer?, _ hc: Int, _ n: UnsafeRawPointer?, _ nc: Int) -> UnsafeMutableRawPointer?' \
  '@_silgen_name'
plant affinity Sources/NavGraphSupport/Concurrency.swift 'let leakCores = sched_getaffinity(0, 0, nil)' 'sched_getaffinity'
plant nprocs Sources/NavGraphSupport/Concurrency.swift 'let leakProcs = get_nprocs()' 'get_nprocs'
plant stat-field Sources/NavGraphScan/Cache/FactCache.swift 'let leakTime = info.st_mtim.tv_sec' '.st_mtim'
plant in-tests Tests/NavGraphSchemaTests/LoaderTests.swift 'let leakFd = Glibc.open("/dev/null", 0)' 'Glibc.open'
plant guarded-outside-layer Sources/navgraph/ExploreCommand.swift \
  "$(printf '#if os(Linux)\nlet leakFlag = O_DIRECT\n#endif')" 'O_DIRECT'

# C: pipe2, GNU extensions, Linux headers, graphviz by its Linux path.
plant c-pipe2 Sources/CGraphviz/layout.c 'static int leak(int p[2]) { return pipe2(p, O_CLOEXEC); }' 'pipe2'
plant c-gnu-source Sources/CGraphviz/layout.c '#define _GNU_SOURCE' '#define _GNU_SOURCE'
plant c-epoll Sources/CGraphviz/layout.c '#include <sys/epoll.h>' '#include <sys/epoll.h'
plant c-gnu-only-call Sources/CGraphviz/layout.c 'static void leak(char *d, const char *s) { (void)mempcpy(d, s, 1); }' 'mempcpy'
plant c-graphviz-path Sources/CGraphvizSystem/shim.h '#include <graphviz/gvc.h>' '#include <graphviz/'

# The layer: Linux-only calls only inside a Linux branch.
plant layer-unguarded Sources/NavGraphPlatform/FileBytes.swift 'let leakFlags = MAP_POPULATE' 'MAP_POPULATE'
plant layer-else-branch Sources/NavGraphPlatform/FileBytes.swift \
  "$(printf '#if canImport(Darwin)\nlet leakFlags = 0\n#else\nlet leakFlags = MAP_POPULATE\n#endif')" 'MAP_POPULATE'
expect_pass layer-guarded Sources/NavGraphPlatform/FileBytes.swift \
  "$(printf '#if os(Linux)\nlet leakFlags = MAP_POPULATE\n#elseif canImport(Darwin)\nlet leakFlags = MAP_PRIVATE\n#endif')"

# No false alarms: comments, POSIX calls both systems have, look-alike names.
expect_pass comment Sources/navgraph/ExploreCommand.swift \
  '// Glibc.write, MAP_POPULATE, pipe2(), /proc/self/exe and @_silgen_name are fine in a comment'
expect_pass block-comment Sources/CGraphviz/layout.c '/* pipe2() and #define _GNU_SOURCE in a comment */'
expect_pass posix Sources/NavGraphSupport/Concurrency.swift \
  'let leakOK = (pipe(nil), fcntl(0, F_GETFD), open("/dev/null", O_RDONLY | O_CLOEXEC), MAP_ANONYMOUS)'
expect_pass look-alike Sources/NavGraphSupport/Concurrency.swift 'let leakName = "a pipe2 in a string"; func mypipe2() {}; let x = y.splice(1)'

# Package.swift: a system library with apt alone.
tree="$tmp/package"; cp -a "$clean" "$tree"
sed -i.bak 's/, \.brew(\["graphviz"\])//' "$tree/Package.swift"
out=$("$check" "$tree" 2>/dev/null) || true
line=$(grep -n '\.systemLibrary' "$tree/Package.swift" | head -1 | cut -d: -f1)
if grep -q "^Package.swift:$line:9: error: \[portability\] a system library with no Homebrew provider" <<<"$out"; then
  echo "ok: Package.swift without .brew fails"
else
  fail "Package.swift without .brew was not reported"
fi

if [ $failures -ne 0 ]; then
  echo "portability-check-test: $failures failure(s)" >&2
  exit 1
fi
echo "portability-check-test: the check passes on the sources and fails on every planted Linux-only use."
