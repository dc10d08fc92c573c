#!/usr/bin/env bash
# Runs navgraph through its SwiftPM command plugin, as an app's package would, and checks the
# exit status and output. Fast (seconds) once the package is built, so CI can run it.
#
#   scripts/plugin-check.sh                 # the plugin invoked in this package
#   scripts/plugin-check.sh --consumer      # also: a throwaway app package in a temp folder that
#                                           # depends on this checkout by path (slow: it builds
#                                           # navgraph and its dependencies from scratch)
# SCRATCH=.build-ci scripts/plugin-check.sh reuses another build folder.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SCRATCH=${SCRATCH:-.build}
OUT="$SCRATCH/plugin-check"
mkdir -p "$OUT"
fail() { echo "plugin-check: FAIL: $*" >&2; exit 1; }
plugin() { swift package --scratch-path "$SCRATCH" --allow-writing-to-package-directory navgraph "$@"; }

echo "== swift package navgraph check Examples/ShopApp.yml (clean: exit 0)"
plugin check Examples/ShopApp.yml >"$OUT/clean.out" 2>&1 || { cat "$OUT/clean.out"; fail "clean example failed"; }
grep -q "no findings" "$OUT/clean.out" || { cat "$OUT/clean.out"; fail "no summary"; }

echo "== swift package navgraph check Examples/Broken.yml --report sarif:… (findings: must fail)"
rm -f "$OUT/broken.sarif"
if plugin check Examples/Broken.yml --report "sarif:$OUT/broken.sarif" >"$OUT/broken.out" 2>&1; then
    cat "$OUT/broken.out"; fail "the broken example passed"
fi
grep -q "error: \[duplicate-route\]" "$OUT/broken.out" || { cat "$OUT/broken.out"; fail "no findings printed"; }
grep -q '"version": "2.1.0"' "$OUT/broken.sarif" || fail "no SARIF report written"

if [[ "${1:-}" == "--consumer" ]]; then
    DIR=$(mktemp -d /tmp/navgraph-consumer.XXXXXX)
    trap 'rm -rf "$DIR"' EXIT
    mkdir -p "$DIR/Sources/ShopApp" "$DIR/navigation"
    cat >"$DIR/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "ShopAppNavigation",
    dependencies: [.package(path: "$ROOT")],
    targets: [.target(name: "ShopApp")]
)
SWIFT
    echo 'public enum ShopApp {}' >"$DIR/Sources/ShopApp/ShopApp.swift"
    cp Examples/Broken.yml "$DIR/navigation/registry.yml"
    printf 'registries: [navigation/registry.yml]\nreports: {sarif: out/navgraph.sarif}\n' >"$DIR/.navgraph.yml"
    echo "== consumer package in $DIR: swift package --allow-writing-to-package-directory navgraph check"
    if (cd "$DIR" && swift package --allow-writing-to-package-directory navgraph check) >"$OUT/consumer.out" 2>&1; then
        cat "$OUT/consumer.out"; fail "the consumer's broken registry passed"
    fi
    grep -q "navigation/registry.yml:.*error: \[duplicate-route\]" "$OUT/consumer.out" || { cat "$OUT/consumer.out"; fail "consumer: no findings"; }
    grep -q '"version": "2.1.0"' "$DIR/out/navgraph.sarif" || fail "consumer: no SARIF written from .navgraph.yml"
fi
echo "plugin-check: OK"
